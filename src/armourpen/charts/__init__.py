"""Charts of what the engines compute, and the printable GM screen.

Each chart kind has a pure function that returns the plotted data as a small frozen value with
``to_dict()`` (what ``armourpen chart --json`` prints): :func:`pen_range_chart` (PA-3 to PA-5,
PA-7, PA-9), :func:`matrix_chart` (a sweep at one band), :func:`odds_chart` (exact GURPS odds) and
:func:`slope_chart` (PA-10, PA-11). :func:`render` draws any of them with matplotlib (Agg) as PNG,
SVG or PDF bytes and :func:`svg` returns SVG text (text kept as text) for web pages;
:func:`screen_pdf` builds the GM screen with reportlab. Drawing needs the ``charts`` extra
(``pip install 'armourpen[charts]'``); the data functions do not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armourpen.charts.draw import FORMATS as FORMATS
    from armourpen.charts.draw import render as render
    from armourpen.charts.draw import svg as svg
    from armourpen.charts.matrix import MatrixChart as MatrixChart
    from armourpen.charts.matrix import matrix_chart as matrix_chart
    from armourpen.charts.odds import OddsChart as OddsChart
    from armourpen.charts.odds import odds_chart as odds_chart
    from armourpen.charts.pen_range import PenRangeChart as PenRangeChart
    from armourpen.charts.pen_range import pen_range_chart as pen_range_chart
    from armourpen.charts.screen import screen_pages as screen_pages
    from armourpen.charts.screen import screen_pdf as screen_pdf
    from armourpen.charts.slope import SlopeChart as SlopeChart
    from armourpen.charts.slope import slope_chart as slope_chart

__all__ = [
    "FORMATS",
    "KINDS",
    "MatrixChart",
    "OddsChart",
    "PenRangeChart",
    "SlopeChart",
    "matrix_chart",
    "odds_chart",
    "pen_range_chart",
    "render",
    "screen_pages",
    "screen_pdf",
    "slope_chart",
    "svg",
]

KINDS: tuple[str, ...] = ("pen-range", "matrix", "odds", "slope")
"""The chart kinds, as ``armourpen chart KIND`` names them."""

# Each name is imported from its module on first use: the drawing modules import matplotlib.
_LAZY: dict[str, str] = {
    "FORMATS": "armourpen.charts.draw",
    "render": "armourpen.charts.draw",
    "svg": "armourpen.charts.draw",
    "MatrixChart": "armourpen.charts.matrix",
    "matrix_chart": "armourpen.charts.matrix",
    "OddsChart": "armourpen.charts.odds",
    "odds_chart": "armourpen.charts.odds",
    "PenRangeChart": "armourpen.charts.pen_range",
    "pen_range_chart": "armourpen.charts.pen_range",
    "screen_pages": "armourpen.charts.screen",
    "screen_pdf": "armourpen.charts.screen",
    "SlopeChart": "armourpen.charts.slope",
    "slope_chart": "armourpen.charts.slope",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'armourpen.charts' has no attribute {name!r}")
