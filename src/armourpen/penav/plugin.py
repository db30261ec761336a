"""The PEN/AV rule set as the registry (:mod:`armourpen.rulesets`) sees it: what it is called,
what its scenarios need, and its calls, typed, each loading its heavy parts (the pydantic models,
the catalog) when first used, so that importing this module costs a one-shot command nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from armourpen.errors import ArgumentTypeError, InputError

if TYPE_CHECKING:
    from armourpen.catalog import Catalog
    from armourpen.catalog.items import RangeColumn
    from armourpen.layout import Layout
    from armourpen.limits import Limits
    from armourpen.penav.model import PenavScenario
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.penav.ranges import Band

KEY = "penav"
TITLE = "PEN/AV (armour and penetration)"
USES_CATALOG = True  # its scenarios name catalog items (a front end loads user catalogs then)
ROLLS_DICE = False
READS_FILES = False


def owns(value: object) -> bool:
    """Whether ``value`` is a PEN/AV scenario; none exists before its module is imported, so
    nothing is imported here."""
    model = sys.modules.get("armourpen.penav.model")
    return model is not None and isinstance(value, model.PenavScenario)


def parse(data: Mapping[str, Any], catalog: Catalog | None, files: object,  # noqa: ARG001
          limits: Limits
          ) -> PenavScenario:
    """A validated scenario, its names looked up in ``catalog`` (the built-in one without it);
    a line whose work passes ``limits.max_line_work`` is refused before it is resolved. PEN/AV
    reads no file (``files`` is not used)."""
    from armourpen.penav.line import line_work
    from armourpen.penav.spec import parse_penav

    if catalog is None:
        from armourpen.catalog import Catalog

        catalog = Catalog.builtin()
    scenario = parse_penav(data, catalog)
    limits.check("max_line_work", line_work(scenario), "layers faced", "line")
    return scenario


def _scenario(value: object) -> PenavScenario:
    from armourpen.penav.model import PenavScenario

    if not isinstance(value, PenavScenario):
        raise ArgumentTypeError("scenario", value, "allowed: a PEN/AV scenario")
    return value


def resolve(scenario: object, seed: object = None) -> PenavOutcome:  # noqa: ARG001
    """The explained outcome (PA-1 to PA-13); PEN/AV rolls no dice (``seed`` is not used)."""
    from armourpen.penav.resolve import resolve_penav

    return resolve_penav(_scenario(scenario))


def work(scenario: object) -> int:
    """The work of resolving ``scenario``, estimated before any is done: the layers its targets
    face (:func:`~armourpen.penav.line.line_work`, what ``max_line_work`` caps) and its entries.
    The web server answers a scenario this small on its event loop (:mod:`armourpen.web.inline`)."""
    from armourpen.penav.line import line_work

    checked = _scenario(scenario)
    return line_work(checked) + len(checked.line)


def schema() -> dict[str, Any]:
    """The JSON Schema of PEN/AV scenario files."""
    from armourpen.penav.scenario import json_schema

    return json_schema()


def layout(outcome: object) -> Layout:
    """The outcome as the neutral layout (:mod:`armourpen.penav.layout`)."""
    from armourpen.penav.layout import layout as penav_layout
    from armourpen.penav.outcome import PenavOutcome

    if not isinstance(outcome, PenavOutcome):
        raise ArgumentTypeError("outcome", outcome, "allowed: a PEN/AV outcome")
    return penav_layout(outcome)


def hints(attack: Mapping[str, Any], catalog: Callable[[], Catalog]
          ) -> tuple[dict[str, str], list[InputError]]:
    """What a form shows beside the attack's fields as they are typed, and their errors: the
    chosen attack's PEN and column, the distance's band and modifiers (PA-3 to PA-5).
    ``catalog`` is asked for only when a weapon is named."""
    from armourpen.catalog.items import RangeColumn
    from armourpen.penav.ranges import Band, Distance, band_for
    from armourpen.penav.scale import fmt

    hints: dict[str, str] = {}
    errors: list[InputError] = []
    column: RangeColumn | None = None
    weapon = attack.get("weapon")
    if isinstance(weapon, str) and weapon.strip():
        try:
            profile = catalog().attack(weapon)
            column = profile.range_column
            pen = fmt(profile.pen, "PEN", profile.structural)
            hints["attack.weapon"] = f"{pen}, {column.value} column, {profile.ammo}"
        except InputError as exc:
            errors.append(exc)
    elif isinstance(attack.get("range_column"), str):
        try:
            column = RangeColumn(attack["range_column"])
        except ValueError:
            column = None
    if attack.get("contact") is True:
        hints["attack.range"] = _band_hint("Contact", Band.CONTACT, column)
    elif attack.get("range") not in (None, ""):
        try:
            distance = Distance.parse(attack["range"])
            hints["attack.range"] = _band_hint(str(distance), band_for(distance), column)
        except InputError as exc:
            errors.append(exc)
    return hints, errors


def _band_hint(where: str, band: Band, column: RangeColumn | None) -> str:
    """``150 m, Very Long: PEN -1, DC -1`` (the modifiers need the attack's column, PA-4)."""
    from armourpen.penav.ranges import Band, range_modifier

    hint = where if band is Band.CONTACT else f"{where}, {band.label}"
    if column is None:
        return hint
    m = range_modifier(band, column)
    return hint + f": PEN {m.pen:+d}, DC {m.dc:+d}"
