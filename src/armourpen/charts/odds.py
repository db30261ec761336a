"""The ``odds`` chart: the injury distribution of every target of a GURPS scenario, exactly.

One row per target in the line: the chance of each injury (0 includes not reached and not hit),
with the chances that the shot reaches the target, hits it and goes on past it, and the mean
injury; beside it the chances of a major wound, of a roll against knockdown and of a crippled limb
(GU-10, GU-12), and, where the location is rolled, the chance of each location (GU-10). The chart
is the exact odds of :func:`armourpen.odds` (GU-7, GU-8) and nothing else: its data is their
``to_dict()``, so it says what ``armourpen odds --json`` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armourpen.explain import Caution, Ruling
from armourpen.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from armourpen.probability.result import OddsResult, TargetOdds
    from armourpen.scenario import Scenario


SHOT_RULINGS: tuple[str, ...] = (Ruling.GU_1, Ruling.GU_3, Ruling.GU_4, Ruling.GU_6, Ruling.GU_7,
                                 Ruling.GU_8, Ruling.GU_10, Ruling.GU_12)
"""The rulings behind the odds of a shot down the line with given hit chances."""

CHANCE_TICKS = 6
"""An axis of chances has at most this many steps between its ticks (0 included, 7 ticks)."""
INJURY_SPAN = 4
"""An injury axis spans at least this many HP: a panel whose injuries are all one value (all 0:
never reached, always missed or stopped by DR) shows that value on a whole-number axis, not a
sliver around it with ticks at fractions of an HP."""

PANEL_CELLS = 50
"""What a target's row of panels in an odds chart counts as, in cells: its axes, titles and ticks
take as long to draw as about 50 cells of a matrix."""


@dataclass(frozen=True, slots=True)
class OddsChart:
    """The exact injury distributions of a scenario's targets, one panel each."""

    result: OddsResult
    warnings: tuple[Caution, ...] = ()
    rulings: tuple[str, ...] = SHOT_RULINGS
    """The rulings that decided the figures, for the footnote (:func:`chart_rulings`)."""
    where: tuple[str, ...] = ()
    """Per target of an explosion, where it is (``3 yd``, ``struck directly``, GU-21); empty
    otherwise."""

    kind = "odds"

    def panel_title(self, k: int) -> str:
        """The title of the ``k``-th target's injury panel: what reached and hit it, then for a
        shot the chance it goes on past it (GU-7); a burst's shots landed on it (GU-19), or an
        explosion's distance and fragments hitting it (GU-21, GU-22), where nothing goes on."""
        from armourpen.layout import percent
        from armourpen.view.odds import hits_chances, odds_kind

        t = self.targets[k]
        kind = odds_kind(self.result)
        mean = f"mean injury {float(t.expected_injury):.2f} HP"
        hit = "" if t.p_hit == t.p_reached else f", hit {percent(t.p_hit)}"
        hits = hits_chances(self.result, t)
        if kind == "explosion":
            where = f" at {self.where[k]}" if k < len(self.where) and self.where[k] else ""
            if hits is not None:
                frags = f"fragments hitting it {float(hits.expected):.2f} expected ({hits.rule})"
            elif any(hits_chances(self.result, o) for o in self.targets):
                frags = "no fragment hits it (GU-22)"
            else:
                frags = ""
            return f"{t.name}{where}: " + ", ".join(x for x in (frags, mean) if x)
        reached = f"{t.name}: reached {percent(t.p_reached)}{hit}"
        if kind == "burst" and hits is not None:
            return (f"{reached}, shots landed on it {float(hits.expected):.2f} expected "
                    f"({hits.rule}), {mean}")
        return f"{reached}, goes on past it {percent(t.p_overpenetrates)}, {mean}"

    @property
    def targets(self) -> tuple[TargetOdds, ...]:
        return self.result.targets

    @staticmethod
    def effects(target: TargetOdds) -> tuple[tuple[str, str, Fraction], ...]:
        """(key of the odds' JSON, label, chance) of each effect drawn beside the injury."""
        return (
            ("p_major_wound", "major wound (GU-12)", target.p_major_wound),
            ("p_knockdown_roll", "knockdown roll (GU-12)", target.p_knockdown_roll),
            ("p_crippled", "crippled limb (GU-10)", target.p_crippled),
        )

    def locations(self, target: TargetOdds) -> dict[str, Fraction]:
        """The chance of each location where the shot hits the target, when it is rolled (GU-10):
        more than one location; empty for a target always hit at one. Every target lists its
        locations in one order: as the first target that has them lists them."""
        pmf = target.location_pmf
        if len(pmf) <= 1:
            return {}
        order = {k: i for i, k in enumerate(dict.fromkeys(
            k for t in self.targets for k in t.location_pmf))}
        return {k: pmf[k] for k in sorted(pmf, key=order.__getitem__)}

    @staticmethod
    def drawn_injury(target: TargetOdds) -> tuple[dict[int, Fraction], int | None, Fraction]:
        """The injuries the picture draws, the last one drawn when a long thin tail is left out
        (else None), and the chance of the injuries left out.

        A tail is left out when 98% of the chance lies at or below an injury k and the largest
        injury is over twice k (and over k + 10): a skull hit's x4 would otherwise squeeze every
        bar into a corner. The panel says how much was left out."""
        pmf = target.injury_pmf
        total, cut = Fraction(0), None
        for k, p in pmf.items():
            total += p
            if total >= Fraction(98, 100):
                cut = k
                break
        top = max(pmf, default=0)
        if cut is None or top <= max(2 * cut, cut + 10):
            return dict(pmf), None, Fraction(0)
        return {k: p for k, p in pmf.items() if k <= cut}, cut, 1 - total

    @staticmethod
    def injury_axis(drawn: dict[int, Fraction], cut: int | None = None) -> tuple[int, ...]:
        """The whole numbers of HP an injury panel's axis shows: from the least injury drawn to
        the greatest, and at least :data:`INJURY_SPAN` HP; where a tail is left out (``cut``,
        :meth:`drawn_injury`), up to the cut only, for the injuries past it are not 0."""
        low, high = min(drawn, default=0), max(drawn, default=0)
        if cut is not None:
            return tuple(range(low, cut + 1))
        return tuple(range(low, max(high, low + INJURY_SPAN) + 1))

    @property
    def title(self) -> str:
        return f"{self.result.damage}: injury to each target, exact odds"

    def to_dict(self) -> dict[str, Any]:
        odds = self.result.to_dict()
        return {
            "kind": self.kind,
            "title": self.title,
            "damage": odds["damage"],
            "patterns": odds["patterns"],
            "targets": odds["targets"],
            "rulings": list(self.rulings),
            "warnings": [w.to_dict() for w in self.warnings],
        }


def chance_ticks(top: Fraction, most: int = CHANCE_TICKS) -> tuple[Fraction, ...]:
    """The ticks of an axis of chances from 0 to ``top``: round percentages (a step of 1, 2 or
    5 times a power of ten, in percent: 0.1%, 0.2%, 0.5%, 1%, 2%, 5%, 10%, 20%, 50%), the smallest
    such step that needs no more than ``most`` steps, every tick at or below ``top``."""
    if top <= 0:
        return (Fraction(0),)
    step = Fraction(1, 100_000)  # 0.001%: below any chance a panel is drawn for
    while True:
        for m in (1, 2, 5):
            if top / (step * m) <= most:
                return tuple(step * m * k for k in range(int(top / (step * m)) + 1))
        step *= 10


def tick_label(p: Fraction) -> str:
    """A tick's chance in percent, with the decimals it needs and no more (``2.5%``, ``10%``)."""
    x = p * 100
    for decimals in range(6):
        if x * 10**decimals == int(x * 10**decimals):
            return f"{float(x):.{decimals}f}%"
    return f"{float(x):g}%"


def odds_chart(scenario: Scenario, *, limits: Limits = DEFAULT_LIMITS,
               to_draw: bool = False) -> OddsChart:
    """The exact odds of a scenario whose rule set weighs chances (:func:`armourpen.odds`, within
    ``limits``), charted. ``to_draw``: the chart is to be drawn, so a line of more targets than
    ``max_chart_cells`` can draw is refused before the odds are computed (the drawing checks
    the whole count, bars included)."""
    from armourpen import arguments, odds
    limits = arguments.limits(limits)
    if arguments.flag("to_draw", to_draw):
        targets = getattr(scenario, "targets", ())
        limits.check("max_chart_cells", len(targets) * PANEL_CELLS, "cells to draw", "line")
    result = odds(scenario, limits=limits)
    return OddsChart(result, rulings=chart_rulings(scenario, result),
                     where=_where(scenario, result))


def chart_rulings(scenario: Scenario, result: OddsResult) -> tuple[str, ...]:
    """The rulings that decided the figures of ``result``, in ruling order: a shot's with given
    hit chances (GU-8); the attack roll and firing past people (GU-15, GU-16) and occupants
    (GU-17) where the rolls decide who is hit; rapid fire (GU-19) and projectiles (GU-20) for a
    burst; an explosion's (GU-21) and its fragments' (GU-22), with no chain (GU-7, GU-8); the
    half damage range (GU-23) where the attack has one."""
    from armourpen.view.odds import hits_chances, odds_kind

    kind = odds_kind(result)
    attack = getattr(scenario, "attack", None)
    targets = getattr(scenario, "targets", ())
    if kind == "shot":
        found: set[str] = set(SHOT_RULINGS)
    elif kind == "explosion":
        found = {Ruling.GU_1, Ruling.GU_2, Ruling.GU_3, Ruling.GU_4, Ruling.GU_12, Ruling.GU_21}
        if any(hits_chances(result, t) for t in result.targets):
            found |= {Ruling.GU_10, Ruling.GU_22}
        if any(getattr(getattr(t, "blast", None), "cover", ()) for t in targets):
            found.add(Ruling.GU_6)  # cover between the blast and a target
    else:
        found = {Ruling.GU_1, Ruling.GU_3, Ruling.GU_4, Ruling.GU_6, Ruling.GU_7, Ruling.GU_8,
                 Ruling.GU_10, Ruling.GU_12, Ruling.GU_15, Ruling.GU_16}  # GU-8: right behind
        if any(getattr(t, "inside", None) for t in targets):
            found.add(Ruling.GU_17)
        if kind == "burst":
            found.add(Ruling.GU_19)
            shots = getattr(attack, "shots", None)
            if shots is not None and shots.projectiles > 1:
                found.add(Ruling.GU_20)
    if getattr(attack, "half_damage_range", None) is not None:
        found.add(Ruling.GU_23)
    order: list[str] = list(Ruling)
    return tuple(sorted(found, key=order.index))


def _where(scenario: Scenario, result: OddsResult) -> tuple[str, ...]:
    """Each target's place around an explosion (GU-21), in the odds' order (the scenario's)."""
    from armourpen.view.odds import odds_kind

    if odds_kind(result) != "explosion":
        return ()
    from armourpen.gurps.damage import fmt
    from armourpen.gurps.layout import SITUATION

    return tuple("" if t.blast is None else
                 SITUATION.get(t.blast.situation, f"{fmt(t.blast.distance)} yd")
                 for t in getattr(scenario, "targets", ()))
