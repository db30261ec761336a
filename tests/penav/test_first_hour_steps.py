"""What the steps tell a new user about ammunition (PA-6) and worn layers (PA-7, PA-8)."""

from __future__ import annotations

from typing import Any

import armourpen


def _resolved(**flags: Any) -> dict[str, Any]:
    out: dict[str, Any] = armourpen.resolve(armourpen.quick_scenario(**flags)).to_dict()
    return out


def _steps(data: dict[str, Any], rule: str) -> list[str]:
    steps = data["steps"]
    assert isinstance(steps, list)
    return [s["text"] for s in steps if s["rule"] == rule]


def test_pa6_ap_ammunition_says_it_changes_nothing_and_why() -> None:
    """5.56mm NATO (PEN 5) with AP at 30 m (Medium, Rifle/MG 0): PEN 5 as with Ball, and the
    step says so: the text's Ammunition chapter is not part of it."""
    ap = _resolved(weapon="5.56mm NATO", range="30m", ammo="ap")
    ball = _resolved(weapon="5.56mm NATO", range="30m")
    assert ap["attack"]["pen"] == ball["attack"]["pen"] == 5
    said = [t for t in _steps(ap, "PA-6") if t.startswith("ap ammunition:")]
    assert len(said) == 1
    assert said[0].startswith("ap ammunition: PEN +0, DC +0 (the text sets none: its Ammunition "
                              "chapter, which would, is not part of it")
    assert "7.62x51mm NATO AP: PEN 9" in said[0]


def test_pa6_no_ammunition_is_no_reason_to_explain() -> None:
    said = _steps(_resolved(weapon="Sword", contact=True), "PA-6")
    assert "none ammunition: PEN +0, DC +0 (no ammunition)" in said


def test_pa7_pa8_worn_items_are_layered_as_covering_the_spot_hit() -> None:
    """A vest (AV 5) and a helmet (AV 4): AV 5 + 1 = 6, and the step says why that is so."""
    data = _resolved(weapon="Sword", contact=True,
                     armour=["US PASGT vest", "US PASGT ballistic nylon helmet (tested)"])
    assert data["targets"][0]["av"] == 6
    said = _steps(data, "PA-7")
    assert any("layered as if each covers the spot the shot meets" in t
               and "list only what covers that spot" in t for t in said)
    warning = next(w["text"] for w in data["warnings"] if w["rule"] == "PA-8")
    assert "list only what covers it" in warning
    one = _resolved(weapon="Sword", contact=True, armour=["US PASGT vest"])
    assert not any("covers the spot" in t for t in _steps(one, "PA-7"))
