"""A GURPS damage notation read for a form's hint (its text and the range it rolls), and a roll's
dice as the outcome's head line shows them."""

from __future__ import annotations

from armourpen.gurps.layout import dice_text
from armourpen.gurps.notation import Damage

__all__ = ["Damage", "dice_text"]
