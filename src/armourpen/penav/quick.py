"""The quick form of a PEN/AV scenario: one attack, its cover, one target (the CLI's quick flags).

:func:`quick_scenario` builds the scenario mapping and parses it; every error names the parameter
the caller gave (``range``, ``armour[1]``, ``from_``), never the scenario key it became, so that the
CLI (``--range``, ``--armour #2``) and a web form name what their user typed from the same error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from armourpen.errors import InputError, ScenarioError

if TYPE_CHECKING:
    from armourpen.catalog import Catalog
    from armourpen.penav.model import PenavScenario

PARAMETERS: tuple[str, ...] = (
    "weapon", "range", "contact", "armour", "cover", "from_", "ammo", "optional_rules", "target",
    "vehicle", "face", "elevation", "azimuth",
)
"""The parameters of :func:`quick_scenario`, which its errors name."""

_ATTACK_KEYS = {"weapon": "weapon", "range": "range", "contact": "contact", "from": "from_",
                "ammo": "ammo", "elevation": "elevation", "azimuth": "azimuth"}


def quick_data(
    *,
    weapon: str,
    range: str | float | None = None,  # named as the option
    contact: bool = False,
    armour: Sequence[str] = (),
    cover: Sequence[str] = (),
    from_: str = "front",
    ammo: str | None = None,
    optional_rules: Sequence[str] = (),
    target: str = "target",
    vehicle: str | None = None,
    face: str | None = None,
    elevation: float | None = None,
    azimuth: float | None = None,
) -> dict[str, Any]:
    """The scenario mapping the quick parameters describe (covers first, then the target)."""
    attack: dict[str, Any] = {"weapon": weapon, "from": from_}
    for key, value in (("elevation", elevation), ("azimuth", azimuth), ("range", range),
                       ("ammo", ammo)):
        if value is not None:
            attack[key] = value
    if contact:
        attack["contact"] = True
    line: list[dict[str, Any]] = [{"cover": c} for c in cover]
    entry: dict[str, Any] = {"target": target}
    if vehicle is not None:
        entry["vehicle"] = vehicle
    if armour or vehicle is None:
        entry["armour"] = list(armour)  # with a vehicle, refused by the schema: it wears none
    if face is not None:
        entry["face"] = face  # without a vehicle, refused by the schema
    line.append(entry)
    return {"rules": "penav", "optional_rules": list(optional_rules), "attack": attack,
            "line": line}


def parameter_of(field: str, covers: int) -> str:
    """The quick parameter a scenario path came from: ``line[2].armour[1]`` -> ``armour[1]``."""
    if m := re.fullmatch(r"attack\.(\w+)(?:\..*)?", field):
        return _ATTACK_KEYS.get(m.group(1), field)
    if m := re.fullmatch(r"optional_rules(\[\d+\])?", field):
        return "optional_rules" + (m.group(1) or "")
    if m := re.fullmatch(r"line\[(\d+)\](?:\.(\w+))?(\[\d+\])?(?:\..*)?", field):
        index, key, sub = int(m.group(1)), m.group(2), m.group(3)
        if index < covers:
            return f"cover[{index}]"
        if key in ("armour", "vehicle", "face", "target"):
            return key + (sub or "") if key == "armour" else key
        return "target"
    return field


def quick_scenario(
    *,
    weapon: str | None,
    range: str | float | None = None,  # named as the option
    contact: bool = False,
    armour: Sequence[str] = (),
    cover: Sequence[str] = (),
    from_: str = "front",
    ammo: str | None = None,
    optional_rules: Sequence[str] = (),
    target: str = "target",
    vehicle: str | None = None,
    face: str | None = None,
    elevation: float | None = None,
    azimuth: float | None = None,
    catalog: Catalog | None = None,
) -> PenavScenario:
    """One attack (a catalog ``weapon`` at ``range`` or in ``contact``) through ``cover`` at one
    target wearing ``armour``, or at a catalog ``vehicle`` (its ``face``, or the one ``from_``
    faces); ``elevation`` and ``azimuth`` in degrees (PA-10).

    Names are looked up in ``catalog`` (the built-in one by default). An error names the
    parameter: ``range``, ``armour[1]`` (counted from 0), ``from_``.
    """
    from armourpen.penav.scenario import parse_penav

    if weapon is None:
        raise ScenarioError("weapon", "(missing)", "an attack profile from the catalog, with a "
                            "range or contact")
    data = quick_data(weapon=weapon, range=range, contact=contact, armour=armour, cover=cover,
                      from_=from_, ammo=ammo, optional_rules=optional_rules, target=target,
                      vehicle=vehicle, face=face, elevation=elevation, azimuth=azimuth)
    if catalog is None:
        from armourpen.catalog import Catalog

        catalog = Catalog.builtin()
    try:
        return parse_penav(data, catalog)
    except InputError as exc:
        raise exc.at(parameter_of(exc.field, len(cover))) from None
