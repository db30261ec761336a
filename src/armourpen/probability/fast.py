"""A fast twin of the chain for odds: thresholds instead of one chain call per basic damage value.

Nothing in GU-7 depends on the basic damage except the comparisons: for a given pattern, the cover
DR in front of each object is fixed, so a target is reached when the basic damage exceeds the last
threshold in front of it, goes on when it exceeds its own, and takes the wound that its penetrating
damage gives. :class:`LineModel` reads the fixed numbers (own DR and cover DR of every entry, for
every placement) from the rules that the chain uses, and asks the rules for the wound (injury and
its effects, GU-4, GU-9 to GU-14) once per distinct penetrating damage, remembering the answers.
Tests prove it equal to :class:`~armourpen.probability.model.ChainModel` on every value, pattern
and location; attacks that cannot overpenetrate (GU-5) use the chain itself.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, NamedTuple

from armourpen.probability.model import (
    NO_WOUND,
    ChainModel,
    Column,
    HitPatterns,
    Model,
    Placement,
    State,
    Sums,
    Wound,
    Wounds,
    hit_patterns,
    placements,
    wound_of,
)

_UNHURT: Mapping[int, Wound] = {0: NO_WOUND}

if TYPE_CHECKING:
    from armourpen.gurps.damage import Dr0Reading
    from armourpen.gurps.locations import Location
    from armourpen.gurps.model import GurpsScenario, Target
    from armourpen.gurps.notation import Damage
    from armourpen.limits import Limits


class WoundTable:
    """What a target hit at one location takes, as codes: the injury before the limb cap.

    The injury is GU-4's arithmetic (floor(penetrating x Vulnerability x wounding modifier), at
    least 1, Diffuse capped: the same numbers as :func:`~armourpen.gurps.damage.injury`), or when
    nothing penetrates the blunt trauma (GU-9). What an injury does is asked of the rules
    (:func:`~armourpen.gurps.effects.injury_effects`, without its steps) once per distinct
    injury and remembered in ``table``: a pure function of these arguments. Only for attacks that
    can overpenetrate: they never knock back (GU-13), so the wound depends on the injury alone.
    """

    __slots__ = ("_bt", "_cap", "_counts_as", "_den", "_faced", "_hit", "_kind", "_num",
                 "_target", "table")

    def __init__(self, damage: Damage, reading: Dr0Reading, target: Target, hit: Location) -> None:
        from armourpen.gurps.chain import target_prep
        from armourpen.gurps.damage import InjuryTolerance, diffuse_cap

        prep = target_prep(damage, reading, target, hit)
        self._kind = damage.type
        self._target = target
        self._hit = hit
        self._counts_as = prep.counts_as.value
        self._faced = prep.layers  # GU-28: layered DR decides blunt trauma blow by blow
        modifier = prep.wounding.modifier * target.vulnerability
        self._num, self._den = modifier.numerator, modifier.denominator
        diffuse = target.injury_tolerance is InjuryTolerance.DIFFUSE
        self._cap = diffuse_cap(damage.type) if diffuse else None
        self._bt: dict[int, int] = {}  # damage stopped -> blunt trauma (Diffuse capped)
        self.table: dict[int, Wound] = {}
        self._fill({0})

    def _fill(self, injuries: Set[int] | Mapping[int, int]) -> None:
        from armourpen.gurps.effects import injury_effects

        table = self.table
        if table.keys() >= (injuries.keys() if isinstance(injuries, Mapping) else injuries):
            return
        for i in injuries:
            if i not in table:
                # injury i > 0 with something penetrating (how much is moot), or none at all
                fx = injury_effects(self._kind, self._target, self._hit, self._counts_as,
                                    1 if i else 0, i, 0, explain=False)
                table[i] = wound_of(fx.value)

    def wounds(self, injuries: Sequence[int]) -> list[Wound]:
        """The wound of each injury (after GU-4, before the limb cap), as the rules give it."""
        self._fill(set(injuries))
        return [self.table[i] for i in injuries]

    def penetrating(self, values: Sequence[int]) -> list[int]:
        """The injuries for these penetrating damages (each 1 or more)."""
        num, den = self._num, self._den
        injuries = [p * num // den or 1 for p in values]
        if self._cap is not None:
            injuries = [min(self._cap, i) for i in injuries]
        self._fill(set(injuries))
        return injuries

    def add_penetrating(self, values: Sequence[int], weights: Sequence[int],
                        into: dict[int, int]) -> None:
        """Add each weight to the injury its penetrating damage gives (what :meth:`penetrating`
        lists, summed)."""
        num, den, cap = self._num, self._den, self._cap
        get = into.get
        if cap is None:
            for p, w in zip(values, weights, strict=True):
                i = p * num // den or 1
                into[i] = get(i, 0) + w
        else:
            for p, w in zip(values, weights, strict=True):
                i = min(cap, p * num // den or 1)
                into[i] = get(i, 0) + w
        self._fill(into)

    def stopped(self, values: Sequence[int]) -> list[int]:
        """The blunt trauma when nothing penetrates, for these damages reaching the target."""
        t, faced = self._target, self._faced
        if (faced is None and not t.flexible) or not values:
            return [0] * len(values)
        from armourpen.gurps.blunt_trauma import blunt_trauma
        from armourpen.gurps.damage import diffuse_cap

        memo = self._bt
        for a in values:
            if a not in memo:
                flexible = True if faced is None else faced.flexible_stop(a)
                bt = blunt_trauma(self._kind, flexible, t.dr_for(self._hit)[0], 0, a,
                                  explain=False).value
                memo[a] = bt if self._cap is None else min(bt, diffuse_cap(self._kind))
        out = [memo[a] for a in values]
        self._fill(set(out))
        return out


@lru_cache(maxsize=4096)
def wound_table(damage: Damage, reading: Dr0Reading, target: Target, hit: Location) -> WoundTable:
    """The (remembered) wound table of ``target`` hit at ``hit`` by ``damage``."""
    return WoundTable(damage, reading, target, hit)


@dataclass(frozen=True, slots=True)
class _Spot:
    """A target hit somewhere in one placement: its DRs and the wounds at each location."""

    own_dr: int  # effective own DR (GU-3, skull and Hardened included)
    cover_dr: int  # effective cover DR (GU-6 after GU-3)
    wounds: tuple[tuple[Location, int, WoundTable], ...]


@dataclass(frozen=True, slots=True)
class _Entry:
    """One object of the line as the twin sees it."""

    target: int  # index among targets, -1 for cover
    cover_dr: int = 0  # a cover's effective cover DR
    spots: Mapping[Placement, _Spot] | None = None  # a target's, by placement


@dataclass(frozen=True, slots=True)
class LineModel:
    """The chain as thresholds, for an attack that can overpenetrate (GU-5)."""

    names: tuple[str, ...]
    entries: tuple[_Entry, ...]

    def _walk(self, values: Sequence[int], pattern: tuple[State, ...]) -> Iterator[_Step]:
        """Each target's thresholds under ``pattern``, as indices into ``values`` (ascending, so
        each comparison splits them at one index: bisect)."""
        in_front = 0
        # The shot reaches an entry when basic > every threshold before it; thresholds only grow.
        reach_from = 0
        for e in self.entries:
            if e.spots is None:
                in_front += e.cover_dr
                reach_from = bisect_right(values, in_front)
                continue
            state = pattern[e.target]
            if state is None:
                yield _Step(reach_from, None, in_front)
                continue
            spot = e.spots[state]
            before = in_front
            faced = before + spot.own_dr
            in_front += spot.cover_dr
            over_from = bisect_right(values, in_front)
            yield _Step(reach_from, spot, before, faced, over_from,
                        max(reach_from, bisect_right(values, faced)))
            reach_from = over_from

    def columns(self, values: Sequence[int], pattern: tuple[State, ...]) -> tuple[Column, ...]:
        n = len(values)
        out: list[Column] = []
        for s in self._walk(values, pattern):
            reached = (False,) * s.reach_from + (True,) * (n - s.reach_from)
            if s.spot is None:
                out.append(Column.missed(reached))
                continue
            over = (False,) * s.over_from + (True,) * (n - s.over_from)
            stopped = [v - s.before for v in values[s.reach_from:s.hurt_from]]
            pens = [v - s.faced for v in values[s.hurt_from:]]
            head = (0,) * s.reach_from
            out.append(Column(reached, over, tuple(
                Wounds(where, weight, (*head, *table.stopped(stopped), *table.penetrating(pens)),
                       table.table)
                for where, weight, table in s.spot.wounds
            )))
        return tuple(out)

    def tally(
        self, values: Sequence[int], weights: Sequence[int], pattern: tuple[State, ...]
    ) -> tuple[Sums, ...]:
        """:func:`~armourpen.probability.model.tally` of :meth:`columns`, without the columns:
        prefix sums for the thresholds, one pass over the values that hurt."""
        prefix = [0, *accumulate(weights)]
        return tuple(_step_sums(s, values, weights, prefix) for s in self._walk(values, pattern))

    def sums_at(self, entry: int, front: int, state: State, values: Sequence[int],
                weights: Sequence[int], prefix: Sequence[int], stops: bool = False) -> Sums:
        """The sums of the target at line entry ``entry`` under ``state`` when the cover DR in
        front of it is ``front`` (what :meth:`tally` gives it on its walk); ``stops``: the shot
        stops in it when it is hit (an occupant no card lists, GU-17)."""
        reach_from = bisect_right(values, front)
        if state is None:
            return _step_sums(_Step(reach_from, None, front), values, weights, prefix)
        spot = self.entries[entry].spots[state]  # type: ignore[index]
        faced = front + spot.own_dr
        over_from = len(values) if stops else bisect_right(values, front + spot.cover_dr)
        return _step_sums(_Step(reach_from, spot, front, faced, over_from,
                                max(reach_from, bisect_right(values, faced))),
                          values, weights, prefix)

    def cover_at(self, entry: int, state: State) -> int:
        """The cover DR the entry adds when hit in ``state`` (a cover's own, for a cover)."""
        e = self.entries[entry]
        if e.spots is None or state is None:
            return e.cover_dr
        return e.spots[state].cover_dr


def _step_sums(s: _Step, values: Sequence[int], weights: Sequence[int], prefix: Sequence[int]
               ) -> Sums:
    """One target's :class:`Sums` on the walk: prefix sums for the thresholds, one pass over the
    values that hurt."""
    total = prefix[-1]
    reached = total - prefix[s.reach_from]
    if s.spot is None:
        return Sums(reached, 0, ((None, 1, {0: total}, _UNHURT),))
    low, high = s.reach_from, s.hurt_from
    hits = []
    for where, weight, table in s.spot.wounds:
        codes = {0: prefix[low]} if low else {}  # not reached: no wound
        if high > low:
            for c, w in zip(table.stopped([v - s.before for v in values[low:high]]),
                            weights[low:high], strict=True):
                codes[c] = codes.get(c, 0) + w
        table.add_penetrating([v - s.faced for v in values[high:]], weights[high:], codes)
        hits.append((where, weight, codes, table.table))
    return Sums(reached, total - prefix[s.over_from], tuple(hits))


class _Step(NamedTuple):
    """One target on the walk down the line: from which value on the shot reaches it, and, when
    it is hit, what is in front of it (``before``), what it faces, from which value the shot goes
    on past it and from which value something penetrates."""

    reach_from: int
    spot: _Spot | None
    before: int
    faced: int = 0
    over_from: int = 0
    hurt_from: int = 0


def line_model(
    scenario: GurpsScenario, places: Sequence[tuple[Placement, ...]] | None = None
) -> LineModel | None:
    """The threshold twin of ``scenario``'s chain, or None when the attack cannot overpenetrate."""
    from armourpen.gurps.chain import line_prep, target_prep
    from armourpen.gurps.model import Target

    prep = line_prep(scenario)
    if not prep.eligible.value:
        return None
    if places is None:
        places = placements(scenario)
    damage = scenario.attack.damage
    reading = scenario.settings.fractional_dr0
    entries: list[_Entry] = []
    k = 0
    for i, e in enumerate(scenario.line):
        if not isinstance(e, Target):
            cover = prep.cover[i]
            assert cover is not None
            entries.append(_Entry(-1, cover.value))
            continue
        spots: dict[Placement, _Spot] = {}
        for p in places[k]:
            first = target_prep(damage, reading, e, p.locations[0][0])
            spots[p] = _Spot(
                first.own.value,
                first.cover.value,
                tuple((where, w, wound_table(damage, reading, e, where)) for where, w in p.locations),
            )
        entries.append(_Entry(k, spots=spots))
        k += 1
    return LineModel(tuple(t.name for t in scenario.targets), tuple(entries))


def model_for(scenario: GurpsScenario, places: Sequence[tuple[Placement, ...]] | None = None) -> Model:
    """The fastest model that is exact for ``scenario``."""
    model = line_model(scenario, places)
    if model is None:
        return ChainModel.of(scenario)
    return model


@dataclass(frozen=True, slots=True)
class Plan:
    """What the odds of a scenario enumerate (its patterns of hits and hit locations), the
    fastest exact model of its chain, and the work they take (estimated, not yet done)."""

    patterns: HitPatterns
    model: Model
    work: int


@lru_cache(maxsize=256)
def plan(scenario: GurpsScenario, limits: Limits | None = None) -> Plan:
    """The :class:`Plan` of ``scenario``: a pure function of the frozen scenario, kept (like the
    chain's own preparation) so that asking again costs only the lookup.

    The work is estimated from the placements before any pattern is enumerated; with ``limits``,
    work beyond ``limits.max_odds_work`` is refused then (the patterns of a dozen random-location
    targets would take longer to list than to refuse).
    """
    places = placements(scenario)
    targets = scenario.targets
    model = model_for(scenario, places)
    from armourpen.probability.tabulation import shot_work

    work = shot_work(scenario, model, places)
    if limits is not None:
        limits.check("max_odds_work", work, "units of odds work", "scenario")
    patterns = hit_patterns([t.hit_chance for t in targets], places, targets)
    return Plan(patterns, model, work)
