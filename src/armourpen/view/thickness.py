"""How a front end writes a thickness in millimetres."""

from __future__ import annotations

from armourpen.penav.thickness import fmt_mm

__all__ = ["fmt_mm"]
