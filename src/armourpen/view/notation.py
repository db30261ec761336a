"""A GURPS damage notation read for a form's hint (its text and the range it rolls)."""

from __future__ import annotations

from armourpen.gurps.notation import Damage

__all__ = ["Damage"]
