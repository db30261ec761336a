"""The odds as every front end shows them: injury bars under one grouping rule, effects by name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.explain import Ruling
from armourpen.layout import percent

if TYPE_CHECKING:
    from armourpen.probability.result import OddsResult, TargetOdds

MAX_BARS = 16
"""An injury chart has at most this many bars, the bar of no injury counted; more values than
that are grouped into equal ranges of injury."""

Chance = Fraction | float  # exact odds stay Fractions up to the text; estimates are floats


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of an injury chart: the injury (or a range of it), its chance, and whether it harms.

    ``value`` is the injury when the bar is one value (None for a range): an estimate's standard
    error is given per value.
    """

    label: str
    chance: Chance
    harm: bool
    value: int | None


TAIL = Fraction(1, 100)
TAIL_SPAN = 10
"""A long tail is folded into one row (``over 65: 0.03%``) past the least value beyond which
less than :data:`TAIL` of the chance lies, when more than :data:`TAIL_SPAN` values lie past it:
a skull hit's x4 or a burst's hundred hits would otherwise spread a few hundredths of a percent
over most of the rows. The JSON keeps every row, exact."""


def fold_tail(pmf: Sequence[tuple[int, Chance]]
              ) -> tuple[list[tuple[int, Chance]], int | None, Chance]:
    """``pmf`` (sorted by value) with its long tail left out (:data:`TAIL`): the rows kept, the
    last value kept (None: nothing folded) and the chance of the values past it together."""
    pmf = sorted(pmf)
    if not pmf:
        return pmf, None, 0
    total: Chance = sum((p for _, p in pmf), Fraction(0))
    seen: Chance = Fraction(0)
    cut = None
    for k, p in pmf:
        seen += p
        if total - seen < TAIL * total:
            cut = k
            break
    top = pmf[-1][0]
    if cut is None or top <= cut + TAIL_SPAN:
        return pmf, None, 0
    rest = sum((p for k, p in pmf if k > cut), Fraction(0))
    return [(k, p) for k, p in pmf if k <= cut], cut, rest


def folded_rows(pmf: Sequence[tuple[int, Chance]]) -> tuple[tuple[str, Chance], ...]:
    """A short distribution (a burst's shots landed, the fragments hitting a target) as labelled
    rows, its long tail in one (``over 12``)."""
    kept, cut, rest = fold_tail(pmf)
    rows = tuple((str(k), p) for k, p in kept)
    return rows if cut is None else (*rows, (f"over {cut}", rest))


def injury_bars(pmf: Sequence[tuple[int, Chance]], max_bars: int = MAX_BARS) -> tuple[Bar, ...]:
    """An injury distribution as bars: one per value, or, past ``max_bars``, the bar of 0 and the
    other values in equal ranges so that there are ``max_bars`` bars at most; a long tail
    (:func:`fold_tail`) in one bar of its own, last (``over 65``)."""
    kept, cut, rest = fold_tail(pmf)
    if cut is not None:
        return (*_grouped(kept, max_bars - 1), Bar(f"over {cut}", rest, True, None))
    return _grouped(kept, max_bars)


def _grouped(pmf: Sequence[tuple[int, Chance]], max_bars: int) -> tuple[Bar, ...]:
    if len(pmf) <= max_bars:
        return tuple(Bar(str(k), p, k != 0, k) for k, p in pmf)
    bars: list[Bar] = []
    zero = [p for k, p in pmf if k == 0]
    rest = [(k, p) for k, p in pmf if k != 0]
    if zero:
        bars.append(Bar("0", zero[0], False, 0))
    lo, hi = rest[0][0], rest[-1][0]
    width = -(-(hi - lo + 1) // (max_bars - len(bars)))
    for start in range(lo, hi + 1, width):
        end = min(start + width - 1, hi)
        p = sum((q for k, q in rest if start <= k <= end), Fraction(0))
        if start == end:
            bars.append(Bar(str(start), p, True, start))
        else:
            bars.append(Bar(f"{start}-{end}", p, True, None))
    return tuple(bars)


@dataclass(frozen=True, slots=True)
class EffectChance:
    """The chance of one thing the injury does, under its one name and ruling."""

    name: str
    rule: Ruling
    chance: Chance

    @property
    def label(self) -> str:
        return f"{self.name} ({self.rule})"


def effect_chances(major: Chance, knockdown: Chance, crippled: Chance
                   ) -> tuple[EffectChance, ...]:
    """The chances of what the injury does (GU-10, GU-12), in the order shown.

    ``crippled`` is named "crippled or blinded": the odds count a blinded eye with a crippled limb
    or extremity (GU-10).
    """
    return (EffectChance("major wound", Ruling.GU_12, major),
            EffectChance("knockdown roll", Ruling.GU_12, knockdown),
            EffectChance("crippled or blinded", Ruling.GU_10, crippled))


def odds_kind(result: OddsResult) -> str:
    """What the exact odds are of: ``"explosion"`` (one roll for everyone, GU-21), ``"burst"``
    (shots landed, GU-19), ``"rolls"`` (who is hit decided by the rolls, GU-16) or ``"shot"``."""
    from armourpen.probability.burst import BurstTargetOdds

    if result.joint is not None:
        return "explosion"
    if any(isinstance(t, BurstTargetOdds) for t in result.targets):
        return "burst"
    return "rolls" if result.who_is_hit else "shot"


def counted(result: OddsResult) -> str:
    """What the exact odds went through besides the dice, said for the kind of attack: the hit
    patterns of the given chances (GU-8), the situations of the shot (GU-16), a burst's attack
    roll and shots landed (GU-19), or an explosion's one roll and each target's fragments."""
    kind = odds_kind(result)
    if kind == "explosion":
        return (" of the blast, one roll for everyone, and each target's fragment rolls "
                "(GU-21, GU-22)")
    if kind == "burst":
        most = result.patterns
        return (f": the attack roll, up to {most} shot{'' if most == 1 else 's'} landed and each "
                "one's damage (GU-19)")
    if kind == "rolls":
        return f" and {result.patterns} situations of the shot (GU-16)"
    return f" and {result.patterns} hit patterns (GU-8)" if result.patterns > 1 else ""


@dataclass(frozen=True, slots=True)
class HitsChances:
    """How many of a burst's shots (GU-19) or an explosion's fragments (GU-22) hit one target:
    the chance of each number, and the expected number."""

    label: str
    rule: Ruling
    chances: tuple[tuple[int, Fraction], ...]
    expected: Fraction


def hits_chances(result: OddsResult, t: TargetOdds) -> HitsChances | None:
    """The hits on ``t`` (``hits_pmf``) under a burst or an explosion's fragments; None for a
    single shot, or when no fragment can reach ``t``."""
    from armourpen.probability.burst import BurstTargetOdds

    if not isinstance(t, BurstTargetOdds):
        return None
    pmf = tuple(t.hits_pmf.items())
    if odds_kind(result) == "explosion":
        if pmf == ((0, Fraction(1)),):
            return None
        return HitsChances("fragments hitting it", Ruling.GU_22, pmf, t.expected_hits)
    return HitsChances("shots landed on it", Ruling.GU_19, pmf, t.expected_hits)


def joint_text(result: OddsResult) -> str | None:
    """An explosion's figures for everyone at once (GU-21): the chance nobody is hurt and the
    expected number hurt; None for a shot or a burst."""
    if result.joint is None:
        return None
    nobody, hurt = result.joint
    return (f"everyone, one blast (GU-21): nobody hurt {percent(nobody)}, expected number hurt "
            f"{float(hurt):.3f} of {len(result.targets)}")
