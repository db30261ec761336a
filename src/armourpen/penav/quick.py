"""The quick form of a PEN/AV scenario: one attack, its cover, one target (the CLI's quick flags).

:func:`quick_scenario` checks its typed parameters, fills the input model of a scenario file
(:mod:`armourpen.penav.scenario`, without validating it again) and builds it as a scenario file is
built (:func:`armourpen.penav.spec.build`), so both follow the same rules with the same errors.
Every error names the parameter the caller gave (``range``, ``armour[1]``, ``from_``), never the
scenario key it became, so that the CLI (``--range``, ``--armour #2``) and a web form name what
their user typed from the same error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from armourpen import arguments
from armourpen.catalog.items import MAX_NAME_CHARS
from armourpen.errors import MISSING, InputError, ScenarioError
from armourpen.penav.scenario import (
    RANGE_NOT_BOOL,
    AttackSpec,
    CoverEntry,
    ScenarioSpec,
    TargetEntry,
)
from armourpen.penav.spec import build
from armourpen.text import EmptyName, one_line
from armourpen.trees import check_tree

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

# What each parameter takes, in the words a scenario file's errors use (armourpen.validation).
_TEXT = "a string"
_NUMBER = "a number"
_NAMED = ("weapon", "ammo", "target", "vehicle")  # names, as a scenario file's Name fields
_LISTS = {"armour": True, "cover": True, "optional_rules": False}  # of names, or of text
_OPTIONAL = ("weapon", "range", "ammo", "vehicle", "face", "elevation", "azimuth")  # None: unset


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


def _name(field: str, value: object) -> str:
    """A name as a scenario file takes it: text, at most 200 characters, on one line, visible."""
    name = arguments.text(field, value, _TEXT)
    if len(name) > MAX_NAME_CHARS:
        raise ScenarioError(field, name, f"allowed: at most {MAX_NAME_CHARS} characters")
    try:
        one_line(name)
    except EmptyName as exc:
        raise ScenarioError(field, MISSING, str(exc)) from None
    except ValueError as exc:
        raise ScenarioError(field, name, f"allowed: {exc}") from None
    return name


def _checked(values: dict[str, Any]) -> dict[str, Any]:
    """Each parameter of the type it takes (:mod:`armourpen.arguments`: a wrong type is an
    ArgumentTypeError), as a plain value; names checked as a scenario file's are (the same
    errors)."""
    out: dict[str, Any] = {}
    for name, value in values.items():
        if value is None and name in _OPTIONAL:
            out[name] = None
        elif name in _NAMED:
            out[name] = _name(name, value)
        elif name in _LISTS:
            entry = _name if _LISTS[name] else partial(arguments.text, allowed=_TEXT)
            out[name] = arguments.entries(name, value, "names" if _LISTS[name] else "text", entry)
        elif name == "contact":
            out[name] = arguments.flag(name, value)
        elif name in ("elevation", "azimuth"):
            out[name] = arguments.number(name, value, _NUMBER)
        elif name == "range":
            out[name] = arguments.text(name, value) if isinstance(value, str) else \
                arguments.number(name, value, RANGE_NOT_BOOL)
        else:  # from_, face
            out[name] = arguments.text(name, value, _TEXT)
    return out


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
    v = _checked({
        "weapon": weapon, "range": range, "contact": contact, "armour": armour, "cover": cover,
        "from_": from_, "ammo": ammo, "optional_rules": optional_rules, "target": target,
        "vehicle": vehicle, "face": face, "elevation": elevation, "azimuth": azimuth,
    })
    catalog = arguments.catalog(catalog)
    if v["weapon"] is None:
        raise ScenarioError("weapon", MISSING, "required: an attack profile from the catalog, with a "
                            "range or contact")
    check_tree(v, limits=None)  # numbers and text, as in a scenario file
    cover = v["cover"]
    # checked above as the model's validation checks a file (the same errors), so only built
    spec = ScenarioSpec.model_construct(
        attack=AttackSpec.model_construct(
            weapon=v["weapon"], range=v["range"], contact=v["contact"], from_=v["from_"],
            ammo=v["ammo"], elevation=v["elevation"],
            azimuth=0 if v["azimuth"] is None else v["azimuth"]),
        line=[*(CoverEntry.model_construct(cover=c) for c in cover),
              TargetEntry.model_construct(target=v["target"], armour=list(v["armour"]),
                                          vehicle=v["vehicle"], face=v["face"])],
        optional_rules=list(v["optional_rules"]),
    )
    if catalog is None:
        from armourpen.catalog import Catalog

        catalog = Catalog.builtin()
    try:
        return build(spec, catalog)
    except InputError as exc:
        raise exc.each(lambda e: e.at(parameter_of(e.field, len(cover)))) from None
