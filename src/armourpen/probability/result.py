"""The exact odds' value types: integer weights over one denominator, Fractions on demand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from armourpen.explain import Step
from armourpen.serialize import exact, number


@dataclass(frozen=True, slots=True)
class TargetOdds:
    """One target's exact odds (GU-7, GU-8): every weight counts outcomes out of ``denominator``."""

    name: str
    denominator: int
    reached_weight: int
    overpenetrates_weight: int
    injury_weights: tuple[tuple[int, int], ...]  # (injury, weight), injury ascending
    hit_chance: Fraction = Fraction(1)

    @property
    def p_reached(self) -> Fraction:
        """The chance that the shot gets as far as this target."""
        return Fraction(self.reached_weight, self.denominator)

    @property
    def p_hit(self) -> Fraction:
        """The chance that the shot reaches this target and then hits it (GU-8).

        Whether the shot gets here depends on the dice and on the targets in front; whether it
        then hits is the target's own hit chance, drawn apart: so ``p_reached x hit_chance``.
        """
        return self.p_reached * self.hit_chance

    @property
    def p_overpenetrates(self) -> Fraction:
        """The chance that the shot goes on past this target."""
        return Fraction(self.overpenetrates_weight, self.denominator)

    @property
    def injury_pmf(self) -> dict[int, Fraction]:
        """Injury -> exact probability, ascending; 0 includes not reached and not hit."""
        return {inj: Fraction(w, self.denominator) for inj, w in self.injury_weights}

    @property
    def expected_injury(self) -> Fraction:
        """The mean injury, exactly."""
        return Fraction(sum(inj * w for inj, w in self.injury_weights), self.denominator)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "p_reached": exact(self.p_reached),
            "p_hit": exact(self.p_hit),
            "p_overpenetrates": exact(self.p_overpenetrates),
            "injury_pmf": {str(k): exact(v) for k, v in self.injury_pmf.items()},
            "expected_injury": number(self.expected_injury),
            "expected_injury_exact": exact(self.expected_injury),
        }


@dataclass(frozen=True, slots=True)
class OddsResult:
    """Exact odds for every target in the line, with the basic damage distribution they came from.

    ``basic_damage`` holds ``(value, weight)`` pairs out of ``dice_denominator`` (6 ** dice);
    ``patterns`` is how many hit patterns were enumerated (GU-8).
    """

    damage: str
    targets: tuple[TargetOdds, ...]
    basic_damage: tuple[tuple[int, int], ...]
    dice_denominator: int
    patterns: int
    steps: tuple[Step, ...] = ()

    @property
    def basic_damage_pmf(self) -> dict[int, Fraction]:
        return {v: Fraction(w, self.dice_denominator) for v, w in self.basic_damage}

    def target(self, name: str) -> TargetOdds:
        """The odds of the target called ``name``."""
        for t in self.targets:
            if t.name == name:
                return t
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The machine form: probabilities as reduced ``"n/d"`` strings, the mean as a number."""
        return {
            "rules": "gurps",
            "method": "exact",
            "damage": self.damage,
            "patterns": self.patterns,
            "targets": [t.to_dict() for t in self.targets],
            "steps": [s.to_dict() for s in self.steps],
        }


def merge_weights(into: dict[int, int], part: Mapping[int, int], factor: int) -> None:
    """Add ``factor`` times each weight of ``part`` into ``into``."""
    if factor == 1:
        for k, w in part.items():
            into[k] = into.get(k, 0) + w
    else:
        for k, w in part.items():
            into[k] = into.get(k, 0) + w * factor
