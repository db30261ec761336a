"""A fast twin of the chain for odds: thresholds instead of one chain call per basic damage value.

Nothing in GU-7 depends on the basic damage except the comparisons: for a given hit pattern, the
cover DR in front of each object is fixed, so a target is reached when the basic damage exceeds the
last threshold in front of it, goes on when it exceeds its own, and takes
``injury(max(0, basic - DR faced))``. :class:`LineModel` reads the fixed numbers (own DR, wounding
modifier, cover DR of every entry) from one :func:`resolve_chain` call in which the shot passes
everything, then evaluates whole columns with integer arithmetic. Tests prove it equal to
:class:`~armourpen.probability.model.ChainModel` on every value and hit pattern; attacks that cannot
overpenetrate (GU-5) use the chain itself.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from armourpen.probability.model import ChainModel, Column, Model

if TYPE_CHECKING:
    from armourpen.gurps.scenario import GurpsScenario


@dataclass(frozen=True, slots=True)
class _Entry:
    """One object of the line as the twin sees it."""

    target: int  # index among targets, -1 for cover
    cover_dr: int  # effective cover DR (GU-6 after GU-3)
    own_dr: int = 0  # effective own DR (GU-3, skull included)
    mod_num: int = 1  # wounding modifier (GU-4) as a fraction
    mod_den: int = 1
    cap: int | None = None  # Diffuse injury cap (GU-4)


@dataclass(frozen=True, slots=True)
class LineModel:
    """The chain as thresholds, for an attack that can overpenetrate (GU-5)."""

    names: tuple[str, ...]
    entries: tuple[_Entry, ...]

    def columns(self, values: Sequence[int], hits: tuple[bool, ...]) -> tuple[Column, ...]:
        # ``values`` ascend, so each comparison splits them at one index (bisect).
        n = len(values)
        out: list[Column] = []
        in_front = 0
        # The shot reaches an entry when basic > every threshold before it; thresholds only grow.
        reach_from = 0
        for e in self.entries:
            if e.target < 0:
                in_front += e.cover_dr
                reach_from = bisect_right(values, in_front)
                continue
            reached = (False,) * reach_from + (True,) * (n - reach_from)
            if not hits[e.target]:
                out.append(Column(reached, (False,) * n, (0,) * n))
                continue
            faced = in_front + e.own_dr
            in_front += e.cover_dr
            over_from = bisect_right(values, in_front)
            over = (False,) * over_from + (True,) * (n - over_from)
            hurt_from = max(reach_from, bisect_right(values, faced))
            num, den, cap = e.mod_num, e.mod_den, e.cap
            # GU-4: floor(penetrating x modifier), at least 1, Diffuse capped.
            hurt = [(v - faced) * num // den or 1 for v in values[hurt_from:]]
            if cap is not None:
                hurt = [min(cap, q) for q in hurt]
            out.append(Column(reached, over, (0,) * hurt_from + tuple(hurt)))
            reach_from = over_from
        return tuple(out)


def _beyond_everything(scenario: GurpsScenario) -> int:
    # A basic damage above every cover DR of the line, so that one chain call reaches and hits all:
    # an effective DR is at most 10 x (DR in + DR out + HP + skull 2) + 10 (GU-3 fractional (0.1)).
    total = 0
    for e in scenario.line:
        total += e.dr + e.dr_back + (e.hp or 0) + 2
    return 10 * total + 11


def line_model(scenario: GurpsScenario) -> LineModel | None:
    """The threshold twin of ``scenario``'s chain, or None when the attack cannot overpenetrate."""
    from armourpen.gurps.chain import resolve_chain
    from armourpen.gurps.damage import InjuryTolerance, diffuse_cap
    from armourpen.gurps.scenario import Target

    probe = resolve_chain(scenario, _beyond_everything(scenario), None)
    if not probe.can_overpenetrate:
        return None
    damage_type = scenario.attack.damage.type
    targets = iter(probe.targets)
    covers = iter(probe.covers)
    entries: list[_Entry] = []
    k = 0
    for e in scenario.line:
        if isinstance(e, Target):
            t = next(targets)
            # the probe hits everything, so every figure is there
            assert t.cover_dr is not None and t.own_dr is not None and t.wounding is not None
            cap = diffuse_cap(damage_type) if e.injury_tolerance is InjuryTolerance.DIFFUSE else None
            entries.append(
                _Entry(k, t.cover_dr, t.own_dr, t.wounding.numerator, t.wounding.denominator, cap)
            )
            k += 1
        else:
            cover_dr = next(covers).cover_dr
            assert cover_dr is not None
            entries.append(_Entry(-1, cover_dr))
    return LineModel(tuple(t.name for t in probe.targets), tuple(entries))


def model_for(scenario: GurpsScenario) -> Model:
    """The fastest model that is exact for ``scenario``."""
    model = line_model(scenario)
    if model is None:
        return ChainModel.of(scenario)
    return model
