"""The GURPS rule set as the registry (:mod:`armourpen.rulesets`) sees it: what it is called,
what its scenarios need, and its calls, typed, each loading its heavy parts (the pydantic models)
when first used, so that importing this module costs a one-shot command nothing.

GURPS reads its own scenarios. A card or an attack that names a GCS character file is read by the
readers the caller passes (:class:`FileReaders`): the registry passes GCS's, so that this rule set
imports nothing of :mod:`armourpen.gcs`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from armourpen.errors import ArgumentTypeError, InputError

if TYPE_CHECKING:
    import random

    from armourpen.catalog import Catalog
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.gurps.scenario import CharacterReader, WeaponReader
    from armourpen.layout import Layout
    from armourpen.limits import Limits

KEY = "gurps"
TITLE = "GURPS overpenetration"
USES_CATALOG = False
ROLLS_DICE = True
READS_FILES = True  # GCS character files, by the readers the caller passes


class FileReaders:
    """The readers of what a scenario takes from GCS character files: a target card's character
    (``gcs`` beside ``target``) and an attack's weapon (``attack.gcs``).

    A plain slotted class, not a frozen dataclass: every one-shot command imports this module,
    and building a dataclass costs it a millisecond (bench/startup.py)."""

    __slots__ = ("characters", "weapons")

    def __init__(self, characters: CharacterReader, weapons: WeaponReader) -> None:
        self.characters = characters
        self.weapons = weapons


def owns(value: object) -> bool:
    """Whether ``value`` is a GURPS scenario; none exists before its module is imported, so
    nothing is imported here."""
    model = sys.modules.get("armourpen.gurps.model")
    return model is not None and isinstance(value, model.GurpsScenario)


def parse(data: Mapping[str, Any], catalog: Catalog | None,  # noqa: ARG001 (the Protocol)
          files: FileReaders | None,
          limits: Limits) -> GurpsScenario:  # noqa: ARG001
    """A validated scenario (GU-1 to GU-22); GCS files are read by ``files`` (without them a
    scenario names none). GURPS names no catalog item (``catalog`` is not used); its caps are
    checked as it is read and by the files' readers."""
    from armourpen.gurps.scenario import parse_gurps

    if files is None:
        return parse_gurps(data)
    return parse_gurps(data, characters=files.characters, weapons=files.weapons)


def _scenario(value: object) -> GurpsScenario:
    from armourpen.gurps.model import GurpsScenario

    if not isinstance(value, GurpsScenario):
        raise ArgumentTypeError("scenario", value, "allowed: a GURPS scenario")
    return value


def resolve(scenario: object, seed: int | random.Random | None = None) -> GurpsOutcome:
    """The explained outcome, its dice rolled with ``seed`` where the scenario gives no roll."""
    from armourpen.gurps.resolve import resolve_gurps

    return resolve_gurps(_scenario(scenario), seed)


ENTRY_UNITS = 40
"""Units of :func:`work` per line entry met by a shot or a fragment (its attack and location
rolls, its wound chain, GU-5 to GU-17, and their steps: 100 to 200 microseconds on a 2-core
machine): the unit is PEN/AV's, a layer faced (about 5 microseconds), so that one bound weighs
both rule sets (``bench/web_inline.py`` times the heaviest scenarios each lets through)."""
DICE_PER_UNIT = 6
"""Dice rolled per unit of :func:`work` (about a microsecond each)."""


def work(scenario: object) -> int:
    """The work of resolving ``scenario``, estimated before any is done, in PEN/AV's unit (a layer
    faced): each shot (a burst's every shot, as its cap of shots x line entries counts them) rolls
    its dice and meets every entry of the line (GU-2, GU-5 to GU-8, GU-19); an explosion rolls its
    dice once, then at each entry meets it, and its fragments as many times as the best margin
    lands them (GU-22: skill 15 plus the largest SM, against a roll of 3), each rolling its own
    dice. The web server answers a scenario this light on its event loop
    (:mod:`armourpen.web.inline`)."""
    checked = _scenario(scenario)
    attack = checked.attack
    entries = len(checked.line)
    dice = attack.damage.dice
    if attack.explosive:
        from armourpen.gurps.fragments import FRAGMENT_SKILL, fragments_landed
        from armourpen.gurps.occupants import MAX_SM

        most = 0 if attack.fragments is None else fragments_landed(FRAGMENT_SKILL + MAX_SM - 3)
        fragment_dice = 0 if attack.fragments is None else attack.fragments.dice
        per_entry = (1 + most) * ENTRY_UNITS + most * fragment_dice // DICE_PER_UNIT
        return 1 + dice // DICE_PER_UNIT + entries * per_entry
    shots = 1 if attack.shots is None else attack.shots.total
    return shots * (1 + dice // DICE_PER_UNIT + entries * ENTRY_UNITS)


def schema() -> dict[str, Any]:
    """The JSON Schema of GURPS scenario files."""
    from armourpen.gurps.schema import json_schema

    return json_schema()


def layout(outcome: object) -> Layout:
    """The outcome as the neutral layout (:mod:`armourpen.gurps.layout`)."""
    from armourpen.gurps.layout import layout as gurps_layout
    from armourpen.gurps.outcome import GurpsOutcome

    if not isinstance(outcome, GurpsOutcome):
        raise ArgumentTypeError("outcome", outcome, "allowed: a GURPS outcome")
    return gurps_layout(outcome)


def hints(attack: Mapping[str, Any], catalog: Callable[[], Catalog]  # noqa: ARG001
          ) -> tuple[dict[str, str], list[InputError]]:
    """What a form shows beside the attack's damage as it is typed: its canonical form and the
    range it rolls (GU-1), or its error. GURPS names no catalog item (``catalog`` is not asked)."""
    hints: dict[str, str] = {}
    errors: list[InputError] = []
    damage = attack.get("damage")
    if isinstance(damage, str) and damage.strip():
        from armourpen.gurps.notation import Damage

        try:
            parsed = Damage.parse(damage)
            hints["attack.damage"] = f"{parsed}: rolls {parsed.min_roll} to {parsed.max_roll}"
        except InputError as exc:
            errors.append(exc.at("attack.damage"))
    return hints, errors
