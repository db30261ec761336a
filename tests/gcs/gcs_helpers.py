"""The GCS sample files (kept unmodified in ``tests/gcs/samples``) and small hand-made GCS files."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest

SAMPLES = Path(__file__).parent / "samples"


def samples_dir() -> Path | None:
    """The public GCS samples kept with the tests (MPL-2.0, see ``samples/README.md``), so they
    run wherever the repository is cloned; None where the folder is absent. Tests that read a
    sample by name expect its values, worked by hand from these copies: they read no other."""
    return SAMPLES if (SAMPLES / "Giant Rat.gcs").is_file() else None


def other_samples() -> Path | None:
    """The folder ``ARMOURPEN_GCS_SAMPLES`` names, of other GCS files to try (the public library's,
    at any depth), or None where it is not set. A folder named is the one used: one that is not a
    folder, or holds no ``.gcs`` file, fails the test saying so (never the bundled samples in its
    stead)."""
    raw = os.environ.get("ARMOURPEN_GCS_SAMPLES", "")
    if not raw:
        return None
    folder = Path(raw)
    if not folder.is_dir():
        pytest.fail(f"ARMOURPEN_GCS_SAMPLES={raw!r} names no folder")
    if next(folder.rglob("*.gcs"), None) is None:
        pytest.fail(f"ARMOURPEN_GCS_SAMPLES={raw!r} holds no .gcs file, at any depth")
    return folder


def sample(name: str) -> Path:
    """A sample file's path; the test is skipped when the samples folder is absent."""
    folder = samples_dir()
    if folder is None:
        pytest.skip("the GCS samples folder tests/gcs/samples is absent")
    return folder / name


def location(
    loc_id: str, roll: str, dr: int | dict[str, int] = 0, table_name: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A hit location as GCS writes it in a character file."""
    return {
        "id": loc_id,
        "choice_name": (table_name or loc_id).title(),
        "table_name": table_name or loc_id.title(),
        "calc": {"roll_range": roll, "dr": dr if isinstance(dr, dict) else {"all": dr}},
        **extra,
    }


HUMANOID = [
    location("eye", "-"),
    location("skull", "3-4", 2, dr_bonus=2),
    location("face", "5"),
    location("leg", "6-7", table_name="Right Leg"),
    location("arm", "8", table_name="Right Arm"),
    location("torso", "9-10"),
    location("groin", "11"),
    location("arm", "12", table_name="Left Arm"),
    location("leg", "13-14", table_name="Left Leg"),
    location("hand", "15"),
    location("foot", "16"),
    location("neck", "17-18"),
    location("vitals", "-"),
]


def trait(name: str, *modifiers: dict[str, Any], **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": "t" + name.replace(" ", ""), "name": name, **extra}
    if modifiers:
        out["modifiers"] = list(modifiers)
    return out


def modifier(name: str, disabled: bool = False, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": "m" + name.replace(" ", ""), "name": name, **extra}
    if disabled:
        out["disabled"] = True
    return out


DR_ALL = {"type": "dr_bonus", "locations": ["all"], "amount": 1, "per_level": True}


def character(
    *, name: str = "Tester", hp: int = 12, st: int = 11, ht: int = 10,
    locations: list[dict[str, Any]] | None = None, traits: list[dict[str, Any]] | None = None,
    body_name: str = "Humanoid", roll: str = "3d", **extra: Any,
) -> dict[str, Any]:
    """A minimal GCS 5 character file (the keys armourpen reads, and a few it ignores)."""
    return {
        "version": 5,
        "id": "c-test",
        "total_points": 100,
        "profile": {"name": name},
        "settings": {
            "damage_progression": "basic_set",
            "body_type": {
                "name": body_name,
                "roll": roll,
                "locations": copy.deepcopy(HUMANOID if locations is None else locations),
            },
        },
        "attributes": [
            {"attr_id": "st", "adj": st - 10, "calc": {"value": st, "points": 0}},
            {"attr_id": "dx", "adj": 0, "calc": {"value": 10, "points": 0}},
            {"attr_id": "ht", "adj": ht - 10, "calc": {"value": ht, "points": 0}},
            {"attr_id": "basic_speed", "adj": 0, "calc": {"value": 5.25, "points": 0}},
            {"attr_id": "hp", "adj": 0, "calc": {"value": hp, "current": hp, "points": 0}},
        ],
        "traits": traits or [],
        **extra,
    }
