"""What the odds engines need from the rules: each target's fate for every basic damage value.

The chain's outcome depends only on the basic damage, on which targets are hit (GU-7, GU-8) and on
where (GU-10). A *pattern* gives each target a state: missed (None), or hit somewhere in a
:class:`Placement`, a group of locations that give the target the same own DR and cover DR, so that
those behind it fare the same whichever of them is hit. A model gives, for one pattern and a list
of basic damage values, a :class:`Column` per target: whether the shot reached it, whether it went
on past it, and for each location of its placement the :data:`Wound` it takes at each value.
:class:`ChainModel` asks :func:`armourpen.gurps.chain.resolve_chain` for every value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import compress, product
from typing import TYPE_CHECKING, Protocol

from armourpen.errors import ScenarioError

if TYPE_CHECKING:
    from armourpen.gurps.damage import Dr0Reading
    from armourpen.gurps.effects import Effects
    from armourpen.gurps.locations import Location
    from armourpen.gurps.model import GurpsScenario, Target
    from armourpen.gurps.notation import Damage

# 2**12 patterns at most: beyond that exact enumeration is slow; sampling has the same cap.
MAX_UNCERTAIN_TARGETS = 12
MAX_PATTERNS = 2**MAX_UNCERTAIN_TARGETS

# What the odds count of a target's injury: (injury, shock, major wound, the HT modifier of the
# knockdown roll or None when none is called for, crippled).
Wound = tuple[int, int, bool, int | None, bool]
NO_WOUND: Wound = (0, 0, False, None, False)


def wound_of(effects: Effects | None) -> Wound:
    """The odds' view of a hit's effects (GU-9 to GU-12); ``None`` (not hit) is no wound."""
    if effects is None:
        return NO_WOUND
    return (
        effects.injury,
        effects.shock,
        effects.major_wound,
        effects.knockdown_ht_modifier,
        effects.crippled,
    )


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a target is hit in one pattern: locations with their weights (rolls of its table).

    An aimed hit is one location of weight 1. Every location of a placement gives the target the
    same own DR and cover DR (GU-3, GU-6).
    """

    locations: tuple[tuple[Location, int], ...]
    weight: int = field(init=False, compare=False, repr=False)  # the weights' sum

    def __post_init__(self) -> None:
        object.__setattr__(self, "weight", sum(w for _, w in self.locations))


State = Placement | None  # None: the target is missed (GU-8)


def _torso() -> Placement:
    from armourpen.gurps.locations import Location

    return Placement(((Location.TORSO, 1),))


@dataclass(frozen=True, slots=True)
class Wounds:
    """The wound a target takes at each basic damage value when hit at ``location``.

    ``codes[k]`` names the wound at the k-th value and ``table`` says what each code means: the
    engines sum the values' weights per code (whole numbers are quick to count) and read the
    table once per distinct code. The threshold twin's codes are the injuries before the limb cap.
    """

    location: Location | None  # None: the target is missed
    weight: int
    codes: tuple[int, ...]
    table: Mapping[int, Wound]

    @property
    def wounds(self) -> tuple[Wound, ...]:
        """The wound at each value."""
        return tuple(self.table[c] for c in self.codes)

    def same(self, other: Wounds) -> bool:
        """The same location, weight and wound at every value (whatever the codes)."""
        return (self.location, self.weight, self.wounds) == (other.location, other.weight,
                                                             other.wounds)


_UNHURT: Mapping[int, Wound] = {0: NO_WOUND}


def pattern_shape(
    chances: Sequence[Fraction], places: Sequence[tuple[Placement, ...]]
) -> tuple[int, int, int]:
    """``(patterns, spread, uncertain)`` that :func:`hit_patterns` would enumerate, counted
    without enumerating them: the patterns, the further locations a target may be hit at within
    one pattern, and the targets with more than one state."""
    count, spread, uncertain = 1, 0, 0
    for chance, spots in zip(chances, places, strict=True):
        c = Fraction(chance)
        if c.numerator == 0:
            continue
        spread += max(len(p.locations) for p in spots) - 1
        states = len(spots) + (1 if c.numerator < c.denominator else 0)
        if states > 1:
            count *= states
            uncertain += 1
    return count, spread, uncertain


def odds_work(
    scenario: GurpsScenario, model: Model, places: Sequence[tuple[Placement, ...]] | None = None
) -> int:
    """The work of tabulating ``scenario``'s chain, estimated before any is done.

    Basic damage values (at most 5 per die, plus 1) x line entries (and each further location a
    target may be hit at within one pattern) x patterns (of hits, and of hit locations that change
    the cover DR), weighted by the width of the dice's integer weights (1 + dice/200) and by 25
    for the chain model, which follows the shot roll by roll (attacks that cannot overpenetrate).
    The patterns are counted from ``places`` (each target's placements, all at the torso when
    None), never enumerated. Measured to cost about 0.2 microseconds per unit (up to about 1.5
    with random hit locations); :attr:`armourpen.limits.Limits.max_odds_work` caps it.
    """
    dice = scenario.attack.damage.dice
    chances = [t.hit_chance for t in scenario.targets]
    if places is None:
        places = [(_torso(),)] * len(chances)
    count, spread, _ = pattern_shape(chances, places)
    work = (5 * dice + 1) * (len(scenario.line) + spread) * count * (200 + dice) // 200
    return work * 25 if isinstance(model, ChainModel) else work


@dataclass(frozen=True, slots=True)
class Column:
    """One target's fate at each basic damage value of a list (same order), under one pattern.

    ``wounds`` holds, per location of the target's placement, its weight and the wound at each
    value; a missed target has one entry, location None, weight 1, no wound at every value.
    """

    reached: tuple[bool, ...]
    overpenetrates: tuple[bool, ...]
    wounds: tuple[Wounds, ...]

    @classmethod
    def missed(cls, reached: tuple[bool, ...]) -> Column:
        n = len(reached)
        return cls(reached, (False,) * n, (Wounds(None, 1, (0,) * n, _UNHURT),))

    def same(self, other: Column) -> bool:
        """The same fate at every value (whatever the wound codes)."""
        return (
            (self.reached, self.overpenetrates) == (other.reached, other.overpenetrates)
            and len(self.wounds) == len(other.wounds)
            and all(a.same(b) for a, b in zip(self.wounds, other.wounds, strict=True))
        )


@dataclass(frozen=True, slots=True)
class Sums:
    """One target's weights under one pattern, summed over the basic damage values.

    ``hits`` holds per location of its placement (None: missed) the location's weight, the summed
    weight of each wound code and the table of what the codes mean.
    """

    reached: int
    overpenetrates: int
    hits: tuple[tuple[Location | None, int, dict[int, int], Mapping[int, Wound]], ...]


def tally(columns: Sequence[Column], weights: Sequence[int]) -> tuple[Sums, ...]:
    """Sum each column's fate over the values, each value counted ``weights[k]`` times."""
    out = []
    for col in columns:
        hits = []
        for hurt in col.wounds:
            part: dict[int, int] = {}
            for code, w in zip(hurt.codes, weights, strict=True):
                part[code] = part.get(code, 0) + w
            hits.append((hurt.location, hurt.weight, part, hurt.table))
        out.append(Sums(sum(compress(weights, col.reached)),
                        sum(compress(weights, col.overpenetrates)), tuple(hits)))
    return tuple(out)


class Model(Protocol):
    @property
    def names(self) -> tuple[str, ...]: ...

    def columns(self, values: Sequence[int], pattern: tuple[State, ...]) -> tuple[Column, ...]: ...

    def tally(
        self, values: Sequence[int], weights: Sequence[int], pattern: tuple[State, ...]
    ) -> tuple[Sums, ...]:
        """:func:`tally` of :meth:`columns` (a model may sum faster)."""
        ...


@dataclass(frozen=True, slots=True)
class ChainModel:
    """The reference model: :func:`resolve_chain` called for every value and location."""

    scenario: GurpsScenario
    names: tuple[str, ...]

    @classmethod
    def of(cls, scenario: GurpsScenario) -> ChainModel:
        return cls(scenario, tuple(t.name for t in scenario.targets))

    def tally(
        self, values: Sequence[int], weights: Sequence[int], pattern: tuple[State, ...]
    ) -> tuple[Sums, ...]:
        return tally(self.columns(values, pattern), weights)

    def columns(self, values: Sequence[int], pattern: tuple[State, ...]) -> tuple[Column, ...]:
        from armourpen.gurps.chain import resolve_chain
        from armourpen.gurps.locations import Location

        hits = tuple(s is not None for s in pattern)
        deepest = max((len(s.locations) for s in pattern if s is not None), default=1)
        # Run k gives each hit target the k-th location of its placement (or its last).
        runs = []
        for k in range(deepest):
            locations = [
                Location.TORSO if s is None else s.locations[min(k, len(s.locations) - 1)][0]
                for s in pattern
            ]
            runs.append([resolve_chain(self.scenario, v, hits, locations).targets for v in values])
        out = []
        for i, state in enumerate(pattern):
            first = runs[0]
            reached = tuple(r[i].reached for r in first)
            if state is None:
                out.append(Column.missed(reached))
                continue
            over = tuple(r[i].overpenetrates for r in first)
            wounds = []
            for k, (where, weight) in enumerate(state.locations):
                seen = [wound_of(r[i].effects) for r in runs[k]]
                table = dict(enumerate(dict.fromkeys(seen)))
                code = {w: c for c, w in table.items()}
                wounds.append(Wounds(where, weight, tuple(code[w] for w in seen), table))
            out.append(Column(reached, over, tuple(wounds)))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class HitPatterns:
    """Every pattern of hits (GU-8) and placements (GU-10) with integer weights out of ``denominator``.

    Each target contributes its hit chance's denominator, and a target hit at a random location
    its table's (216 for 3d6). ``uncertain`` holds the indices of the targets with more than one
    state; only those are enumerated, the first one varying fastest.
    """

    patterns: tuple[tuple[int, tuple[State, ...]], ...]
    denominator: int
    uncertain: tuple[int, ...]
    chances: tuple[Fraction, ...]
    options: tuple[tuple[tuple[int, State], ...], ...] = ()  # each target's states and weights


def placements(scenario: GurpsScenario) -> tuple[tuple[Placement, ...], ...]:
    """Each target's placements: its aimed location, or its table's locations grouped by DR."""
    from armourpen.gurps.locations import Location

    damage = scenario.attack.damage
    reading = scenario.settings.fractional_dr0
    out = []
    for t in scenario.targets:
        if t.random_location:
            out.append(_table_placements(damage, reading, t))
        else:
            assert isinstance(t.location, Location)
            out.append((Placement(((_landed(t.location, t), 1),)),))
    return tuple(out)


def _landed(where: Location, target: Target) -> Location:
    if not target.lacking:
        return where
    from armourpen.gurps.locations import lands_on

    return lands_on(where, target.lacking).value


@lru_cache(maxsize=1024)
def _table_placements(damage: Damage, reading: Dr0Reading, target: Target) -> tuple[Placement, ...]:
    """A random-location target's table, each location where it lands, grouped by own and cover DR."""
    from armourpen.gurps.chain import target_prep

    landed: dict[Location, int] = {}
    for where, weight in target.body.weights():
        spot = _landed(where, target)
        landed[spot] = landed.get(spot, 0) + weight
    groups: dict[tuple[int, int], list[tuple[Location, int]]] = {}
    for spot, weight in landed.items():
        tp = target_prep(damage, reading, target, spot)
        groups.setdefault((tp.own.value, tp.cover.value), []).append((spot, weight))
    return tuple(Placement(tuple(g)) for g in groups.values())


def hit_patterns(
    chances: Sequence[Fraction],
    places: Sequence[tuple[Placement, ...]] | None = None,
    targets: Sequence[Target] | None = None,
) -> HitPatterns:
    """Enumerate the patterns of targets with these hit chances and placements.

    Without ``places`` every target is hit at one location of weight 1 (what the hit flags need).
    ``targets`` names the targets in the error when there are too many patterns.
    """
    chances = tuple(Fraction(c) for c in chances)
    if places is None:
        places = [(_torso(),)] * len(chances)
    uncertain_hits = [i for i, c in enumerate(chances) if c.numerator and c.numerator != c.denominator]
    if len(uncertain_hits) > MAX_UNCERTAIN_TARGETS:
        names = "" if targets is None else " (" + ", ".join(targets[i].name
                                                             for i in uncertain_hits) + ")"
        raise ScenarioError(
            "targets",
            f"{len(uncertain_hits)} targets with a hit chance below 1{names}",
            f"odds (exact and sampled alike) tabulate at most {MAX_UNCERTAIN_TARGETS} such targets "
            f"(2**{MAX_UNCERTAIN_TARGETS} hit patterns); give the others a hit chance of 0 or 1",
        )
    options: list[tuple[tuple[int, State], ...]] = []
    denominator = 1
    count = 1
    for c, spots in zip(chances, places, strict=True):
        num, den = c.numerator, c.denominator
        if num == 0:
            options.append(((1, None),))
            continue
        if num == den and len(spots) == 1:  # hit for sure, at one placement
            only = spots[0]
            options.append(((only.weight, only),))
            denominator *= only.weight
            continue
        table = sum(p.weight for p in spots)
        choices: list[tuple[int, State]] = []
        if num < den:
            choices.append(((den - num) * table, None))
        choices.extend((num * p.weight, p) for p in spots)
        options.append(tuple(choices))
        denominator *= den * table
        count *= len(choices)
    uncertain = tuple(i for i, opts in enumerate(options) if len(opts) > 1)
    if not uncertain:  # one pattern
        weight = 1
        for (w, _), in options:
            weight *= w
        single = ((weight, tuple(opts[0][1] for opts in options)),)
        return HitPatterns(single, denominator, (), chances, tuple(options))
    patterns: list[tuple[int, tuple[State, ...]]] = []
    fixed = [opts[0] for opts in options]
    # product() varies its last argument fastest: reverse, so that the first target does.
    for combo in product(*(options[i] for i in reversed(uncertain))):
        states: list[tuple[int, State]] = list(fixed)
        for i, choice in zip(reversed(uncertain), combo, strict=True):
            states[i] = choice
        weight = 1
        for w, _ in states:
            weight *= w
        patterns.append((weight, tuple(s for _, s in states)))
    return HitPatterns(tuple(patterns), denominator, uncertain, chances, tuple(options))


def scenario_patterns(scenario: GurpsScenario) -> HitPatterns:
    """The patterns of ``scenario``: its hit chances and its targets' placements."""
    targets = scenario.targets
    return hit_patterns([t.hit_chance for t in targets], placements(scenario), targets)
