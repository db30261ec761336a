"""Exact odds when the rolls decide who is hit (GU-15 to GU-17): every roll weighed, none sampled.

The rolls (the aimed roll, each wrong-target roll, each occupant roll and choice) never depend on
the damage; the damage decides only how far the shot gets. So the line is walked once, from the
shooter outward, carrying *situations*: where the shot stands in GU-16's process (its
:class:`~armourpen.gurps.wrong_target.Mode`, whether the nearest card in front was hit, which
occupant a vehicle's roll chose) and the cover DR in front of it, each with an integer weight.
Situations that agree merge, so the walk stays small however many rolls there are. At each target
its figures are read off once per (cover DR in front, hit or where) with the threshold twin of the
chain (:mod:`armourpen.probability.fast`), or the chain itself for attacks that cannot
overpenetrate (GU-5). Every roll slot counts all its ways, whether or not the shot gets there, so
that all weights share one denominator.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from armourpen.explain import Ruling, Step
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.guard import Guarding, guardings
from armourpen.probability.model import ChainModel, Placement, State, Sums, placements

if TYPE_CHECKING:
    from armourpen.gurps.model import Cover, GurpsScenario
    from armourpen.gurps.wrong_target import Mode
    from armourpen.probability.fast import LineModel
    from armourpen.probability.result import OddsResult
    from armourpen.probability.totals import Totals

STOPPED = -1  # the cover DR "in front" of a shot that has stopped: nothing behind is reached
Situation = tuple["Mode | None", bool, "int | None", int]  # mode, previous hit, chosen, in front
DEAD: Situation = (None, False, None, STOPPED)  # the shot has stopped: one situation for all


def who_odds(scenario: GurpsScenario, *, limits: Limits = DEFAULT_LIMITS,
             start: Mode | None = None) -> OddsResult:
    """Each target's exact odds, ``p_hit`` from the whole process (GU-15 to GU-17).

    ``start`` gives the aimed roll's result instead of weighing it: ``Mode.AIMED`` (it hit) or
    ``Mode.SEEKING`` (it missed), for one shot of a burst (GU-19)."""
    from armourpen.gurps.attack_roll import THREE_D, success_ways
    from armourpen.gurps.model import Target
    from armourpen.gurps.wrong_target import Mode, effective_skill
    from armourpen.probability.result import OddsResult
    from armourpen.probability.totals import basic_damage_distribution, odds_steps

    damage = scenario.attack.damage
    check(scenario, limits)  # before the basic damage table and the walk exist
    walk = _Walk(scenario, *basic_damage_distribution(damage, scenario.half_damage.value))
    skill = effective_skill(scenario)
    if start is None:
        aimed = success_ways(skill.value)
        walk.add((Mode.AIMED, False, None, 0), aimed)
        walk.add((Mode.SEEKING, False, None, 0), THREE_D - aimed)
        walk.slots.append(THREE_D)
    else:
        walk.add((start, False, None, 0), 1)
    for i, e in enumerate(scenario.line):
        walk.now, walk.situations = walk.situations, {}
        if isinstance(e, Target):
            walk.target(i)
        else:
            walk.cover(i, e)
    totals, count = walk.totals()
    steps = [*odds_steps(scenario), *skill.steps, Step(
        Ruling.GU_16, "who is hit weighed over every roll: the attack roll, each wrong-target roll "
        f"and each occupant roll and choice ({count} situations of the shot)")]
    dice = 6**damage.dice
    return OddsResult(str(damage), totals.odds(tuple(c.name for c in walk.deck),
                                               dice * walk.denominator, None),
                      tuple(zip(walk.values, walk.weights, strict=True)), dice, count,
                      tuple(steps))


class _Walk:
    """The situations of the shot as it goes down the line, and what each target meets."""

    def __init__(self, scenario: GurpsScenario, values: Sequence[int],
                 weights: Sequence[int]) -> None:
        from armourpen.gurps.chain import line_prep
        from armourpen.gurps.wrong_target import cards
        from armourpen.probability.fast import line_model

        self.scenario = scenario
        self.values, self.weights = values, weights
        self.prefix = [0, *accumulate(weights)]
        self.places = placements(scenario)
        self.prep = line_prep(scenario)
        self.eligible = self.prep.eligible.value
        self.guards = guardings(scenario, self.places)
        # the shield arm's placement is the line model's too (GU-25): a blow punched through
        extended = [(*ps, g.arm) if g is not None and g.arm not in ps else ps
                    for ps, g in zip(self.places, self.guards, strict=True)]
        self.lm = line_model(scenario, extended) if self.eligible else None
        self._guard_seen: list[dict[tuple[int, str], int]] = [{} for _ in self.places]
        self.deck = cards(scenario)
        self.situations: dict[Situation, int] = {}
        self.now: dict[Situation, int] = {}
        # what each target meets: (cover DR in front, its state) -> weight
        self.seen: list[dict[tuple[int, State], int]] = [{} for _ in self.deck]
        self.slots: list[int] = []  # each roll slot's ways, in line order
        self.at_slot = [0] * len(self.deck)  # the slots counted when each target was met
        self.k = 0

    def add(self, key: Situation, w: int) -> None:
        if w:
            self.situations[key] = self.situations.get(key, 0) + w

    def cover(self, i: int, e: Cover) -> None:
        """A cover: passed when the damage beats the cover DR so far (GU-7); a vehicle's occupant
        roll and choice when it holds people (GU-17)."""
        from armourpen.gurps.attack_roll import THREE_D, success_ways
        from armourpen.gurps.wrong_target import occupant_roll, occupants_of, unnamed_of

        number = occupant_roll(self.scenario, e) if self.eligible else None
        c = self.prep.cover[i]
        assert c is not None
        listed = occupants_of(self.scenario, e)
        unnamed = unnamed_of(self.scenario, e)
        occupants = e.occupants or 0
        slot = THREE_D * occupants if number is not None else 1
        success = 0 if number is None else success_ways(number.value)
        for (mode, prev, chosen, front), w in self.now.items():
            if front == STOPPED or not self.eligible:
                self.add(DEAD, w * slot)
                continue
            ahead = front + c.value
            if number is None:
                self.add((mode, prev, chosen, ahead), w)
                continue
            self.add((mode, prev, chosen, ahead), w * (THREE_D - success) * occupants)
            for j in listed:
                self.add((mode, prev, j, ahead), w * success)
            if unnamed is not None:
                self.add((mode, prev, unnamed, ahead), w * success * (occupants - len(listed)))
        self.slots.append(slot)

    def target(self, i: int) -> None:
        """A target card: hit or not as GU-16 says in each situation, at each placement."""
        from armourpen.gurps.attack_roll import THREE_D, success_ways
        from armourpen.gurps.wrong_target import HitBy, card_try, front_hit, next_mode

        k = self.k
        card, spots = self.deck[k], self.places[k]
        table = sum(p.weight for p in spots)
        roll_ways = 1 if card.by_occupant_roll else THREE_D
        guard = self.guards[k]
        extra = 1 if guard is None else guard.ways  # GU-24, GU-25: the defense's 3d and the 1d
        slot = roll_ways * table * extra
        meet = self.seen[k]
        for (mode, prev, chosen, front), w in self.now.items():
            if mode is None or front == STOPPED:
                meet[(STOPPED, None)] = meet.get((STOPPED, None), 0) + w * slot
                self.add(DEAD, w * slot)
                continue
            t = card_try(mode, card, prev, chosen == k)
            left = None if chosen == k else chosen
            if t.number is None:
                branches: tuple[tuple[int, bool], ...] = ((roll_ways, t.sure),)
            else:
                ways = success_ways(t.number)
                branches = ((ways, True), (THREE_D - ways, False))
            for bw, hit in branches:
                after = next_mode(mode, card, hit)
                if hit and guard is not None and t.hit_by is HitBy.AIMED:
                    self._defends(i, k, guard, (mode, prev, left, front), w * bw)
                    continue
                bw *= extra
                if not hit:
                    ww = w * bw * table
                    meet[(front, None)] = meet.get((front, None), 0) + ww
                    self.add((after, front_hit(card, hit, prev), left, front), ww)
                    continue
                for p in spots:
                    ww = w * bw * p.weight
                    meet[(front, p)] = meet.get((front, p), 0) + ww
                    if self.lm is None or card.unnamed:
                        self.add(DEAD, ww)
                    else:
                        self.add((after, front_hit(card, hit, prev), left,
                                  front + self.lm.cover_at(i, p)), ww)
        self.slots.append(slot)
        self.at_slot[k] = len(self.slots)
        self.k += 1

    def _defends(self, i: int, k: int, guard: Guarding, where: Situation, w: int) -> None:
        """The aimed card hit by the attack roll defends (GU-24): failed, it is hit; by more than
        its DB, a dodged shot flies on as a missed one and a blocked or parried one stops; by
        the DB or less its shield was struck (GU-25): the bearer meets the shot behind the
        shield's cover DR, at the shield arm on 1-2 of 1d, else where he is hit."""
        from armourpen.gurps.defense import DefenseKind, Result
        from armourpen.gurps.wrong_target import Mode, front_hit

        _, prev, left, front = where
        card, spots, meet = self.deck[k], self.places[k], self.seen[k]
        table = sum(p.weight for p in spots)
        ways = guard.result_ways
        hit_after = (Mode.BEHIND, front_hit(card, True, prev), left)
        self._guard_seen[k][(front, "struck")] = (
            self._guard_seen[k].get((front, "struck"), 0) + w * table * ways[Result.STRUCK_SHIELD] * 6)
        self._guard_seen[k][(front, "defended")] = (
            self._guard_seen[k].get((front, "defended"), 0) + w * table * ways[Result.DEFENDED] * 6)
        for p in spots:  # failed: hit where he is hit
            ww = w * p.weight * ways[Result.HIT] * 6
            meet[(front, p)] = meet.get((front, p), 0) + ww
            self._on(i, p, (*hit_after, front), ww)
        ww = w * table * ways[Result.DEFENDED] * 6
        meet[(front, None)] = meet.get((front, None), 0) + ww
        if guard.kind is DefenseKind.DODGE:
            self.add((Mode.SEEKING, front_hit(card, False, prev), left, front), ww)
        else:
            self.add(DEAD, ww)
        behind = front + guard.cover
        struck = ways[Result.STRUCK_SHIELD]
        punched = [(guard.arm, w * table * struck * 2)]
        punched += [(p, w * p.weight * struck * 4) for p in spots]
        for p, ww in punched:
            meet[(behind, p)] = meet.get((behind, p), 0) + ww
            self._on(i, p, (*hit_after, behind), ww)

    def _on(self, i: int, p: Placement, where: Situation, ww: int) -> None:
        """The shot goes on past a card hit at ``p``, or stops there (GU-5)."""
        mode, prev, left, front = where
        if self.lm is None:
            self.add(DEAD, ww)
        else:
            self.add((mode, prev, left, front + self.lm.cover_at(i, p)), ww)

    @property
    def denominator(self) -> int:
        out = 1
        for s in self.slots:
            out *= s
        return out

    def totals(self) -> tuple[Totals, int]:
        """Each target's sums, each situation it met weighed by the slots after it too."""
        from armourpen.gurps.model import Target
        from armourpen.probability.totals import Totals

        after = [1] * (len(self.slots) + 1)  # the product of the slots from index j on
        for j in range(len(self.slots) - 1, -1, -1):
            after[j] = after[j + 1] * self.slots[j]
        n = len(self.deck)
        out = Totals(n)
        chain = None if self.eligible else ChainModel.of(self.scenario)
        entry_of = [i for i, e in enumerate(self.scenario.line) if isinstance(e, Target)]
        count = 0
        for k in range(n):
            rest = after[self.at_slot[k]]
            g = self.guards[k]
            if g is not None:
                out.guard(k, g.weights(self._guard_seen[k], rest, self.values, self.weights))
            for (front, state), w in self.seen[k].items():
                count += 1
                sums = _sums(k, entry_of[k], front, state, self.lm, chain, self.deck[k].unnamed,
                             self.values, self.weights, self.prefix, n)
                out.add(k, w * rest, state, sums)
        return out, count


def _sums(k: int, entry: int, front: int, state: State, lm: LineModel | None,
          chain: ChainModel | None, stops: bool, values: Sequence[int], weights: Sequence[int],
          prefix: Sequence[int], n: int) -> Sums:
    """Target ``k``'s sums when the shot meets it with ``front`` cover DR in front (or stopped),
    hit in ``state`` or not (None)."""
    from armourpen.probability.model import _UNHURT

    total = prefix[-1]
    if front == STOPPED:
        return Sums(0, 0, ((None, 1, {0: total}, _UNHURT),))
    if lm is not None:
        return lm.sums_at(entry, front, state, values, weights, prefix, stops)
    assert chain is not None
    if state is None:
        return Sums(total, 0, ((None, 1, {0: total}, _UNHURT),))
    pattern: tuple[State, ...] = tuple(state if j == k else None for j in range(n))
    if front:  # behind a shield (GU-25): the damage beyond its cover DR, the rest stops in it
        from armourpen.probability.guard import behind_shield

        return behind_shield(chain, values, weights, pattern, k, front)
    return chain.tally(values, weights, pattern)[k]


def check(scenario: GurpsScenario, limits: Limits) -> None:
    """Refuse the odds of ``scenario`` beyond ``limits`` before any work: the walk
    (:func:`work`, over every basic damage value the dice can give), the basic damage table and
    the answer's rows (:func:`armourpen.probability.cost.who_cost`)."""
    from armourpen.gurps.chain import line_prep
    from armourpen.probability.cost import refuse, who_cost
    from armourpen.probability.fast import line_model

    places = placements(scenario)
    lm = line_model(scenario, places) if line_prep(scenario).eligible.value else None
    values = 5 * scenario.attack.damage.dice + 1  # at most (GU-2)
    refuse(limits, who_cost(scenario, work(scenario, values, places, lm), places, lm),
           "fewer targets or dice")


def work(scenario: GurpsScenario, nvalues: int, places: Sequence[tuple[Placement, ...]],
         lm: LineModel | None) -> int:
    """The work of :func:`who_odds`, bounded before it starts: at each target, the situations
    (3 modes x previous hit x occupant chosen x distinct cover DR in front: at most 2 ** the
    targets before it, and at most the cover DR that could pile up, plus 1) x its placements x
    the basic damage values."""
    from armourpen.gurps.chain import line_prep
    from armourpen.gurps.model import Target
    prep = line_prep(scenario)
    chosen = 2 + sum(1 for t in scenario.targets if t.inside is not None)
    fronts, most, total, k = 1, 0, 0, 0
    for i, e in enumerate(scenario.line):
        if isinstance(e, Target):
            total += 6 * chosen * fronts * len(places[k]) * (nvalues + 1)
            if lm is not None:
                most += max(lm.cover_at(i, p) for p in places[k])
                fronts = min(2 * fronts, most + 1)
            k += 1
        else:
            c = prep.cover[i]
            most += 0 if c is None else c.value
    return total
