"""The exact odds' value types: integer weights over one denominator, Fractions on demand."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armourpen.explain import Step
from armourpen.gurps.condition import Vitality, chances
from armourpen.serialize import exact, number

if TYPE_CHECKING:
    from armourpen.probability.model import Wound


@dataclass(frozen=True, slots=True)
class TargetOdds:
    """One target's exact odds (GU-7 to GU-12): every weight counts outcomes out of ``denominator``.

    ``wound_weights`` counts each :data:`~armourpen.probability.model.Wound` (injury, shock, major
    wound, knockdown roll's HT modifier, crippled), not reached and missed included as no wound;
    ``location_weights`` where the target is hit (GU-10), summing to ``p_hit``.
    """

    name: str
    denominator: int
    reached_weight: int
    overpenetrates_weight: int
    wound_weights: tuple[tuple[Wound, int], ...]
    hit_chance: Fraction = Fraction(1)
    location_weights: tuple[tuple[str, int], ...] = ()
    hit_weight: int | None = None  # when the rolls decide who is hit (GU-15 to GU-17)
    guard_weights: tuple[int, int, int] | None = None
    """GU-24, GU-25, for the aimed card that defends: the weights of a successful defense, of
    the shield struck, and the shield's injury summed (its mean times ``denominator``)."""

    @property
    def p_defended(self) -> Fraction | None:
        """The chance of a successful defense (the shield struck included), GU-24."""
        return None if self.guard_weights is None else Fraction(self.guard_weights[0],
                                                                self.denominator)

    @property
    def p_struck_shield(self) -> Fraction | None:
        """The chance that the shield was struck (GU-25)."""
        return None if self.guard_weights is None else Fraction(self.guard_weights[1],
                                                                self.denominator)

    @property
    def expected_shield_injury(self) -> Fraction | None:
        """The shield's mean injury (GU-25), exactly."""
        return None if self.guard_weights is None else Fraction(self.guard_weights[2],
                                                                self.denominator)
    vitality: tuple[int, Vitality] | None = None  # GU-27: HP and what the card gives, if it does

    def _condition(self, part: int) -> Fraction:
        """GU-27 over every roll: each injury's weight times the chance its HT rolls give."""
        assert self.vitality is not None
        hp, v = self.vitality
        before = hp if v.hp_left is None else v.hp_left
        return sum((Fraction(w) * chances(hp, before, inj, v)[part]
                    for inj, w in self.injury_weights), Fraction(0)) / self.denominator

    @property
    def p_unconscious(self) -> Fraction:
        """GU-27: alive, and failing the consciousness roll."""
        return self._condition(0)

    @property
    def p_mortal(self) -> Fraction:
        """GU-27: mortally wounded (a death check failed by 1 or 2), not dead."""
        return self._condition(1)

    @property
    def p_dead(self) -> Fraction:
        """GU-27: dead (-5 x HP, or a death check failed by 3 or more), body destroyed included."""
        return self._condition(2)

    @property
    def p_reached(self) -> Fraction:
        """The chance that the shot gets as far as this target."""
        return Fraction(self.reached_weight, self.denominator)

    @property
    def p_hit(self) -> Fraction:
        """The chance that the shot reaches this target and then hits it (GU-8).

        Whether the shot gets here depends on the dice and on the targets in front; whether it
        then hits is the target's own hit chance, drawn apart: so ``p_reached x hit_chance``.
        When the rolls decide who is hit (GU-15 to GU-17), hitting is not drawn apart from
        reaching: the hit weights are counted over the whole process.
        """
        if self.hit_weight is not None:
            return Fraction(self.hit_weight, self.denominator)
        return self.p_reached * self.hit_chance

    @property
    def p_overpenetrates(self) -> Fraction:
        """The chance that the shot goes on past this target."""
        return Fraction(self.overpenetrates_weight, self.denominator)

    def _marginal(self, part: int) -> dict[Any, int]:
        out: dict[Any, int] = {}
        for wound, w in self.wound_weights:
            key = wound[part]
            out[key] = out.get(key, 0) + w
        return out

    @property
    def injury_weights(self) -> tuple[tuple[int, int], ...]:
        """(injury, weight), injury ascending (GU-4, blunt trauma and limb caps included)."""
        return tuple(sorted(self._marginal(0).items()))

    @property
    def injury_pmf(self) -> dict[int, Fraction]:
        """Injury -> exact probability, ascending; 0 includes not reached and not hit."""
        return {inj: Fraction(w, self.denominator) for inj, w in self.injury_weights}

    @property
    def expected_injury(self) -> Fraction:
        """The mean injury, exactly."""
        return Fraction(sum(inj * w for inj, w in self.injury_weights), self.denominator)

    @property
    def shock_pmf(self) -> dict[int, Fraction]:
        """Shock (GU-11) -> exact probability, from the worst; 0 includes not hit."""
        return {k: Fraction(w, self.denominator) for k, w in sorted(self._marginal(1).items())}

    def _chance(self, part: int) -> Fraction:
        return Fraction(self._marginal(part).get(True, 0), self.denominator)

    @property
    def p_major_wound(self) -> Fraction:
        """The chance of a major wound (GU-12)."""
        return self._chance(2)

    @property
    def p_knockdown_roll(self) -> Fraction:
        """The chance that an HT roll against knockdown and stunning is called for (GU-12)."""
        return sum(self.knockdown_pmf.values(), Fraction(0))

    @property
    def knockdown_pmf(self) -> dict[int, Fraction]:
        """The HT modifier of the roll against knockdown and stunning (GU-12, with High or Low
        Pain Threshold) -> exact probability, from the worst; only where a roll is called for."""
        return {k: Fraction(w, self.denominator)
                for k, w in sorted(self._marginal(3).items(), key=lambda kw: kw[0] or 0)
                if k is not None and w}

    @property
    def p_crippled(self) -> Fraction:
        """The chance of a crippled limb or extremity, or a blinded eye (GU-10)."""
        return self._chance(4)

    @property
    def location_pmf(self) -> dict[str, Fraction]:
        """Location -> the chance that the shot hits this target there (GU-10); sums to ``p_hit``."""
        return {k: Fraction(w, self.denominator) for k, w in self.location_weights if w}

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "p_reached": exact(self.p_reached),
            "p_hit": exact(self.p_hit),
            "p_overpenetrates": exact(self.p_overpenetrates),
            "injury_pmf": {str(k): exact(v) for k, v in self.injury_pmf.items()},
            "shock_pmf": {str(k): exact(v) for k, v in self.shock_pmf.items()},
            "p_major_wound": exact(self.p_major_wound),
            "p_knockdown_roll": exact(self.p_knockdown_roll),
            "knockdown_pmf": {f"{k:+d}": exact(v) for k, v in self.knockdown_pmf.items()},
            "p_crippled": exact(self.p_crippled),
            "location_pmf": {k: exact(v) for k, v in self.location_pmf.items()},
            "expected_injury": number(self.expected_injury),
            "expected_injury_exact": exact(self.expected_injury),
            **self._guard(),
            **({} if self.vitality is None else {
                "p_unconscious": exact(self.p_unconscious), "p_mortal": exact(self.p_mortal),
                "p_dead": exact(self.p_dead)}),
        }

    def _guard(self) -> dict[str, Any]:
        """GU-24, GU-25: only for the aimed card that defends, so no other answer changes."""
        if self.guard_weights is None:
            return {}
        defended, struck, hurt = (Fraction(w, self.denominator) for w in self.guard_weights)
        return {"p_defended": exact(defended), "p_struck_shield": exact(struck),
                "expected_shield_injury": number(hurt), "expected_shield_injury_exact": exact(hurt)}


@dataclass(frozen=True, slots=True)
class CoverOdds:
    """One cover card's exact odds (GU-26): reached, its injury and its state, each weight out
    of ``denominator``; not reached counts as injury 0 and no state."""

    name: str
    denominator: int
    reached_weight: int
    injury_weights: tuple[tuple[int, int], ...]
    state_weights: tuple[tuple[str, int], ...]

    @property
    def p_reached(self) -> Fraction:
        return Fraction(self.reached_weight, self.denominator)

    @property
    def injury_pmf(self) -> dict[int, Fraction]:
        return {k: Fraction(w, self.denominator) for k, w in self.injury_weights if w}

    @property
    def state_pmf(self) -> dict[str, Fraction]:
        """The ruling's state words -> their chance, where the card has HP."""
        return {k: Fraction(w, self.denominator) for k, w in self.state_weights if w}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "p_reached": exact(self.p_reached),
                "injury_pmf": {str(k): exact(v) for k, v in self.injury_pmf.items()},
                "state_pmf": {k: exact(v) for k, v in self.state_pmf.items()}}


@dataclass(frozen=True, slots=True)
class OddsResult:
    """Exact odds for every target in the line, with the basic damage distribution they came from.

    ``basic_damage`` holds ``(value, weight)`` pairs out of ``dice_denominator`` (6 ** dice);
    ``patterns`` is how many hit patterns were enumerated (GU-8), or, when the rolls decide who
    is hit (:attr:`who_is_hit`), how many situations of the shot the targets met (GU-16).
    """

    damage: str
    targets: tuple[TargetOdds, ...]
    basic_damage: tuple[tuple[int, int], ...]
    dice_denominator: int
    patterns: int
    steps: tuple[Step, ...] = ()
    joint: tuple[Fraction, Fraction] | None = None
    """An explosion's shared roll (GU-21): the chance that nobody is hurt, and the expected number
    hurt (injury 1 or more); None for a shot."""
    covers: tuple[CoverOdds, ...] = ()
    """GU-26: each cover card's injury and state over every roll (a single shot's)."""

    @property
    def basic_damage_pmf(self) -> dict[int, Fraction]:
        return {v: Fraction(w, self.dice_denominator) for v, w in self.basic_damage}

    @property
    def who_is_hit(self) -> bool:
        """Whether the rolls decided who is hit (GU-15 to GU-17), not the given hit chances."""
        return any(t.hit_weight is not None for t in self.targets)

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
            **({} if self.joint is None else {"joint": {
                "p_nobody_hurt": exact(self.joint[0]),
                "expected_hurt": number(self.joint[1]),
                "expected_hurt_exact": exact(self.joint[1])}}),
            **({"covers": [c.to_dict() for c in self.covers]} if self.covers else {}),
            "steps": [s.to_dict() for s in self.steps],
        }
