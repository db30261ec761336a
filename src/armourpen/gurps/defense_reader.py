"""Reading a target card's ``defense`` and ``shield`` (GU-24, GU-25): the keys checked and turned
into :class:`~armourpen.gurps.defense.Defense` and :class:`~armourpen.gurps.shields.Shield`. Each
wrong value is one line naming the key, the value and what is allowed (AP-2)."""

from __future__ import annotations

from difflib import get_close_matches
from typing import Protocol

from armourpen.errors import MISSING, ScenarioError
from armourpen.gurps.defense import MAX_LEVEL, MIN_LEVEL, Defense, DefenseKind
from armourpen.gurps.shields import MAX_DB, MAX_SHIELD_FIGURE, SHIELDS, Shield

KINDS = tuple(k.value for k in DefenseKind)


class _DefenseKeys(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def level(self) -> int | None: ...
    @property
    def roll(self) -> int | None: ...


class _ShieldKeys(Protocol):
    @property
    def name(self) -> str | None: ...
    @property
    def db(self) -> int | None: ...
    @property
    def dr(self) -> int | None: ...
    @property
    def hp(self) -> int | None: ...
    @property
    def location_roll(self) -> int | None: ...


def _suggest(text: str, names: tuple[str, ...]) -> str:
    near = get_close_matches(text.strip().lower(), names, n=3, cutoff=0.5)
    return f" (did you mean {', '.join(near)}?)" if near else ""


def read_defense(spec: _DefenseKeys | None, here: str, *, who: bool, explosive: bool,
                 sheet: dict[DefenseKind, int] | None = None) -> Defense | None:
    """A card's ``defense`` (GU-24): only where the attack roll decides who is hit (GU-8's given
    hit chances leave no defense roll) and not in an explosion (a blast has none). ``sheet`` is a
    GCS character's own levels (their shield's DB included), used where ``level`` is left out."""
    if spec is None:
        return None
    field = f"{here}.defense"
    if explosive:
        raise ScenarioError(field, spec.kind, "no defense in an explosion: a target caught by a "
                            "blast has no defense roll (GU-24); leave it out")
    if not who:
        raise ScenarioError(field, spec.kind, "a defense only with attack.skill: with given hit "
                            "chances (GU-8) no card defends (GU-24)")
    kind_text = spec.kind.strip().lower()
    if kind_text not in KINDS:
        raise ScenarioError(f"{field}.kind", spec.kind, "one of " + ", ".join(KINDS)
                            + _suggest(kind_text, KINDS))
    kind = DefenseKind(kind_text)
    if spec.roll is not None and not 3 <= spec.roll <= 18:
        raise ScenarioError(f"{field}.roll", spec.roll, "a roll of 3d: 3 to 18")
    level, from_sheet = spec.level, False
    if level is None and sheet is not None:
        if kind not in sheet:
            raise ScenarioError(f"{field}.level", MISSING, f"the sheet gives no {kind.value}: "
                                "give level")
        level, from_sheet = sheet[kind], True
    if level is None:
        raise ScenarioError(f"{field}.level", MISSING, "the defense's level is required: every "
                            "modifier but the shield's DB (GU-24)")
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ScenarioError(f"{field}.level", level, f"{MIN_LEVEL} to {MAX_LEVEL}")
    return Defense(kind, level, spec.roll, db_included=from_sheet)


def read_shield(spec: str | _ShieldKeys | None, here: str, defended: bool) -> Shield | None:
    """A card's ``shield`` (GU-25): a name of the Basic Set's table, or its figures; only beside
    a ``defense`` (its DB adds to a defense, and only a defense can strike it)."""
    if spec is None:
        return None
    field = f"{here}.shield"
    shown = spec if isinstance(spec, str) else spec.name or "{...}"
    if not defended:
        raise ScenarioError(field, shown, "a shield only beside defense: only a defense that "
                            "succeeds by its DB or less strikes it (GU-24, GU-25)")
    names = tuple(SHIELDS)
    name = spec if isinstance(spec, str) else spec.name
    base: Shield | None = None
    if name is not None:
        key = name.strip().lower()
        if key not in SHIELDS:
            where = field if isinstance(spec, str) else f"{field}.name"
            raise ScenarioError(where, name, "a shield of the Basic Set's table: one of "
                                + ", ".join(names) + _suggest(key, names))
        base = SHIELDS[key]
    if isinstance(spec, str):
        assert base is not None
        return base
    figures: dict[str, int] = {}
    for key, high in (("db", MAX_DB), ("dr", MAX_SHIELD_FIGURE), ("hp", MAX_SHIELD_FIGURE)):
        value = getattr(spec, key)
        if value is None:
            if base is None:
                raise ScenarioError(f"{field}.{key}", MISSING, "a shield's db, dr and hp, or "
                                    "its name: one of " + ", ".join(names))
            value = getattr(base, key)
        elif not 0 <= value <= high:
            raise ScenarioError(f"{field}.{key}", value, f"0 to {high}")
        figures[key] = value
    roll = spec.location_roll
    if roll is not None and not 1 <= roll <= 6:
        raise ScenarioError(f"{field}.location_roll", roll, "a roll of 1d: 1 to 6 (GU-25: 1-2 "
                            "the shield arm, 3-6 the location aimed at)")
    return Shield(figures["db"], figures["dr"], figures["hp"],
                  "" if base is None else base.name, "" if base is None else base.page, roll)
