"""The plain-text backend of the neutral layout: it lives in :mod:`armourpen.view.plain`, where the
web app's "copy as text" renders the same words (the web app imports no CLI)."""

from armourpen.view.plain import GAP, render_layout, render_report, table, width

__all__ = ["GAP", "render_layout", "render_report", "table", "width"]
