"""What the odds engines need from the rules: each target's fate for every basic damage value.

The chain's outcome depends only on the basic damage and on which targets are hit (GU-7, GU-8).
A model gives, for one hit pattern and a list of basic damage values, a column per target: whether
the shot reached it, whether it went on past it, and its injury. :class:`ChainModel` asks
:func:`armourpen.gurps.chain.resolve_chain` once per value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from armourpen.errors import ScenarioError

if TYPE_CHECKING:
    from armourpen.gurps.scenario import GurpsScenario

# 2**12 hit patterns at most: beyond that exact enumeration is slow; sampling has no such cap.
MAX_UNCERTAIN_TARGETS = 12


def odds_work(scenario: GurpsScenario, model: Model) -> int:
    """The work of tabulating ``scenario``'s chain, estimated before any is done.

    Basic damage values (at most 5 per die, plus 1) x line entries x hit patterns, weighted by
    the width of the dice's integer weights (1 + dice/200) and by 25 for the chain model, which
    follows the shot roll by roll (attacks that cannot overpenetrate). Measured to cost about
    0.2 microseconds per unit; :attr:`armourpen.limits.Limits.max_odds_work` caps it.
    """
    dice = scenario.attack.damage.dice
    uncertain = sum(1 for t in scenario.targets if 0 < t.hit_chance < 1)
    work = (5 * dice + 1) * len(scenario.line) * (1 << uncertain) * (200 + dice) // 200
    return work * 25 if isinstance(model, ChainModel) else work


@dataclass(frozen=True, slots=True)
class Column:
    """One target's fate at each basic damage value of a list (same order)."""

    reached: tuple[bool, ...]
    overpenetrates: tuple[bool, ...]
    injury: tuple[int, ...]


class Model(Protocol):
    @property
    def names(self) -> tuple[str, ...]: ...

    def columns(self, values: Sequence[int], hits: tuple[bool, ...]) -> tuple[Column, ...]: ...


@dataclass(frozen=True, slots=True)
class ChainModel:
    """The reference model: one :func:`resolve_chain` call per basic damage value."""

    scenario: GurpsScenario
    names: tuple[str, ...]

    @classmethod
    def of(cls, scenario: GurpsScenario) -> ChainModel:
        return cls(scenario, tuple(t.name for t in scenario.targets))

    def columns(self, values: Sequence[int], hits: tuple[bool, ...]) -> tuple[Column, ...]:
        from armourpen.gurps.chain import resolve_chain

        results = [resolve_chain(self.scenario, v, hits).targets for v in values]
        return tuple(
            Column(
                tuple(r[i].reached for r in results),
                tuple(r[i].overpenetrates for r in results),
                tuple(r[i].injury or 0 for r in results),  # 0: not hit, no injury
            )
            for i in range(len(self.names))
        )


@dataclass(frozen=True, slots=True)
class HitPatterns:
    """Every combination of hits (GU-8) with integer weights out of ``denominator``.

    Targets with hit chance 1 are always hit and those with 0 never; only the others are
    enumerated (``uncertain`` holds their indices), so a line with k of them has 2**k patterns.
    """

    patterns: tuple[tuple[int, tuple[bool, ...]], ...]
    denominator: int
    uncertain: tuple[int, ...]
    chances: tuple[Fraction, ...]


def hit_patterns(chances: Sequence[Fraction]) -> HitPatterns:
    """Enumerate the hit patterns of targets with the given hit chances."""
    chances = tuple(Fraction(c) for c in chances)
    uncertain = tuple(i for i, c in enumerate(chances) if 0 < c < 1)
    if len(uncertain) > MAX_UNCERTAIN_TARGETS:
        raise ScenarioError(
            "targets",
            f"{len(uncertain)} targets with a hit chance below 1",
            f"odds (exact and sampled alike) tabulate at most {MAX_UNCERTAIN_TARGETS} such targets "
            f"(2**{MAX_UNCERTAIN_TARGETS} hit patterns); give the others a hit chance of 0 or 1",
        )
    denominator = 1
    for i in uncertain:
        denominator *= chances[i].denominator
    base = [c >= 1 for c in chances]
    patterns: list[tuple[int, tuple[bool, ...]]] = []
    for bits in range(1 << len(uncertain)):
        hits = list(base)
        weight = 1
        for j, i in enumerate(uncertain):
            c = chances[i]
            if bits >> j & 1:
                hits[i] = True
                weight *= c.numerator
            else:
                weight *= c.denominator - c.numerator
        patterns.append((weight, tuple(hits)))
    return HitPatterns(tuple(patterns), denominator, uncertain, chances)
