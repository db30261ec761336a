"""What exact odds cost, estimated before the work: time (units of ``max_odds_work``) and the
answer's size (``max_answer_bytes``).

The engines' costs are of three kinds, and each is counted from what the scenario fixes before any
distribution exists:

- the basic damage table (GU-2): a sliding window over ``5 x dice + 1`` big integers, once per die
  beyond :data:`~armourpen.probability.dice._KRONECKER_MAX_DICE`;
- the big-integer polynomials of bursts and explosions (GU-19 to GU-22): the injury of k landed
  shots or fragments is the k-th power of one's polynomial, each power one Kronecker product of
  Python integers (schoolbook and Karatsuba: ``n x m ** 0.585`` word operations for an n-word by
  m-word product), and each of its coefficients scaled to the common denominator;
- the answer: every row of every distribution (injury, shock, knockdown, location, hits) as an
  exact fraction over the odds' denominator, reduced by a gcd (quadratic in its words) and written
  as two numbers of that many digits.

One unit of work is about 0.2 microseconds on the machine the caps were calibrated on (2 cores,
``bench/odds_caps.py`` prints the estimate beside the measured time for each kind of scenario).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import log2
from typing import TYPE_CHECKING

from armourpen.probability.tabulation import (
    UNITS_PER_WORD_OP,
    dice_table,
    words,
)

if TYPE_CHECKING:
    from armourpen.gurps.model import GurpsScenario, Target
    from armourpen.limits import Limits
    from armourpen.probability.fast import LineModel
    from armourpen.probability.model import Model, Placement
    from armourpen.probability.result import TargetOdds

UNITS_PER_ROW = 100
"""Units per row of the answer: a Fraction made and written as JSON (about 20 microseconds)."""
UNITS_PER_CALL = 500
"""Units per call of the rules for one wound (GU-4, GU-9 to GU-14: the injury's effects, its shock)
that the engines make once per distinct injury at each hit location (about 100 microseconds)."""
ROW_BYTES = 24
"""The JSON of a row besides its two numbers: the key, quotes, ``/``, separators."""
FRAME_BYTES = 4096
"""The JSON of an answer besides its rows: its steps and fields, and as much again per target."""
WOUNDING_CLASSES = 6
"""Distinct wounding modifiers a damage type has over all hit locations (GU-4, GU-10: x0.5 to
x4): a target hit at random locations takes at most this many injuries per basic damage value."""
KARATSUBA_WORDS = 70
"""CPython multiplies by schoolbook below this many words, by Karatsuba above."""
_THREE_D = 216


def digits(bits: float) -> int:
    """The decimal digits of an integer of ``bits`` bits."""
    return int(bits * 0.30103) + 1


def multiply(bits_a: float, bits_b: float) -> float:
    """Word operations of one product of integers of these sizes (Karatsuba on the smaller,
    repeated along the larger, as CPython does)."""
    a, b = sorted((words(bits_a), words(bits_b)))
    if a < KARATSUBA_WORDS:
        return a * b + a + b
    # each halving below the cutoff triples the products: 3 ** log2(a / cutoff) x cutoff ** 2
    return float(b / a * (a / KARATSUBA_WORDS) ** 1.585) * KARATSUBA_WORDS**2 + a + b


def convolve(len_a: int, bits_a: float, len_b: int, bits_b: float) -> float:
    """Word operations of :func:`armourpen.probability.burst.convolve` of polynomials of these
    lengths and largest coefficients: packed in whole bytes per coefficient, one product, unpacked."""
    step = 8 * ((bits_a + bits_b + log2(min(len_a, len_b) + 1) + 9) // 8)
    n = len_a + len_b - 1
    return multiply(len_a * step, len_b * step) + (len_a + len_b + 2 * n) * words(step)


def power_mix(length: int, bits: float, top: int, den_bits: float) -> float:
    """Word operations of :func:`armourpen.probability.burst.mixed`: a polynomial of ``length``
    coefficients of ``bits`` bits raised to each power up to ``top``, each power's coefficients
    scaled to the common denominator (``den_bits``) and added up."""
    total = 0.0
    for k in range(1, top + 1):
        total += convolve(max(1, (k - 1) * (length - 1) + 1), (k - 1) * bits, length, bits)
        total += (k * (length - 1) + 1) * (multiply(k * bits, den_bits) + words(den_bits))
    return total


@dataclass(frozen=True, slots=True)
class Cost:
    """The estimated work (units) and answer (bytes) of some odds."""

    work: int
    answer: int

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.work + other.work, self.answer + other.answer)


def frame(targets: int) -> Cost:
    """An answer's steps and fields, for ``targets`` targets."""
    return Cost(0, FRAME_BYTES * (1 + targets))


def rows(count: int, den_bits: float) -> Cost:
    """``count`` rows of exact fractions over a denominator of ``den_bits`` bits: each reduced by
    a gcd and written as two numbers."""
    w = words(den_bits)
    work = count * (UNITS_PER_ROW + UNITS_PER_WORD_OP * 4 * w * w)
    return Cost(int(work), count * (2 * digits(den_bits) + ROW_BYTES))


def _values(dice: int) -> int:
    """Distinct basic damage values of ``dice`` dice, at most (GU-2)."""
    return 5 * dice + 1


def _table_rows(values: int, places: Sequence[Placement], reaching: int) -> tuple[int, int]:
    """A target's injury distribution: its rows at most (the values that can reach it under each
    wounding modifier it may meet, and the few rows of shock, knockdown and location), and the
    calls of the rules for a wound (once per reaching value at each location)."""
    locations = sum(len(p.locations) for p in places)
    reaching = min(values, reaching)
    return reaching * min(locations, WOUNDING_CLASSES) + 1 + locations + 20, reaching * locations


def reaching(scenario: GurpsScenario, lm: LineModel | None, targets_cover: bool) -> list[int]:
    """How many basic damage values can reach each target, at most: those above the least cover
    DR in front of it (GU-6, GU-7; ``targets_cover``: a target in front always covers with its
    least DR when hit for sure). All of them when the attack cannot overpenetrate (``lm`` None):
    the chain's own calls are counted by the work of its tabulation."""
    from armourpen.gurps.chain import line_prep
    from armourpen.gurps.model import Target

    damage = scenario.attack.damage
    low, high, step = damage.min_roll, damage.max_roll, max(1, damage.multiplier)
    if lm is None:
        return [0] * len(scenario.targets)
    prep = line_prep(scenario)
    front, out = 0, []
    for i, e in enumerate(scenario.line):
        if isinstance(e, Target):
            out.append(max(0, high - max(low - 1, front // step)))
            spots = lm.entries[i].spots
            if targets_cover and spots and Fraction(e.hit_chance) == 1:
                front += min(lm.cover_at(i, p) for p in spots)
        else:
            c = prep.cover[i]
            front += 0 if c is None else c.value
    return out


def _shots_rows(values: Sequence[int], places: Sequence[tuple[Placement, ...]],
                den_bits: float, reach: Sequence[int]) -> Cost:
    """Every target's rows and calls of the rules (:func:`_table_rows`) over ``den_bits``."""
    count = calls = 0
    for v, p, r in zip(values, places, reach, strict=True):
        rr, c = _table_rows(v, p, r)
        count, calls = count + rr, calls + c
    return Cost(calls * UNITS_PER_CALL, 0) + rows(count, den_bits)


def refuse(limits: Limits, cost: Cost, smaller: str) -> None:
    """Refuse ``cost`` beyond ``max_odds_work`` or ``max_answer_bytes``, saying what would fit."""
    from armourpen.limits import LimitError

    for name, amount, unit in (("max_odds_work", cost.work, "units of odds work"),
                               ("max_answer_bytes", cost.answer, "bytes of answer")):
        cap: int = getattr(limits, name)
        if amount > cap:
            raise LimitError(
                "scenario", f"{amount:,} {unit} (estimated)",
                f"at most {cap:,} {unit} ({name}): ask for less ({smaller}), or "
                + limits.how_to_raise(name))


def _log_den(chances: Sequence[Fraction], places: Sequence[tuple[Placement, ...]]) -> float:
    bits = 0.0
    for c, spots in zip(chances, places, strict=True):
        table = sum(p.weight for p in spots)
        bits += log2(max(1, Fraction(c).denominator * table))
    return bits


def shot_rows(scenario: GurpsScenario, places: Sequence[tuple[Placement, ...]],
              model: Model) -> Cost:
    """The answer of one shot's exact odds (GU-7, GU-8, GU-10): each target's rows over the dice's
    and the hit patterns' denominator, and the calls of the rules for their wounds. (The
    tabulation is :func:`shot_work`.)"""
    from armourpen.probability.fast import LineModel

    dice = scenario.attack.damage.dice
    den_bits = dice * log2(6) + _log_den([t.hit_chance for t in scenario.targets], places)
    reach = reaching(scenario, model if isinstance(model, LineModel) else None, True)
    return frame(len(places)) + _shots_rows([_values(dice)] * len(places), places, den_bits, reach)


def who_den_bits(scenario: GurpsScenario, places: Sequence[tuple[Placement, ...]]) -> float:
    """Bits of the denominator of :func:`~armourpen.probability.who.who_odds`, at most: the dice,
    the aimed roll, each target card's roll and table, each vehicle's occupant roll (GU-15 to
    GU-17)."""
    from armourpen.gurps.model import Cover

    bits = scenario.attack.damage.dice * log2(6) + log2(_THREE_D)
    for spots in places:
        bits += log2(_THREE_D * sum(p.weight for p in spots))
    for e in scenario.line:
        if isinstance(e, Cover) and e.occupants:
            bits += log2(_THREE_D * e.occupants)
    return bits


def who_cost(scenario: GurpsScenario, work: int, places: Sequence[tuple[Placement, ...]],
             lm: LineModel | None) -> Cost:
    """The odds when the rolls decide who is hit: the walk's ``work``, the table and the rows."""
    dice = scenario.attack.damage.dice
    reach = reaching(scenario, lm, False)
    return (Cost(work + dice_table(dice), 0) + frame(len(places))
            + _shots_rows([_values(dice)] * len(places), places,
                          who_den_bits(scenario, places), reach))


def burst_cost(targets: Sequence[Target], one: tuple[int, Sequence[TargetOdds]] | None,
               past: tuple[int, Sequence[TargetOdds]] | None, top: int) -> Cost:
    """A burst's convolutions and answer (GU-19, GU-20), from the odds of one landed shot
    (``one``: its denominator and targets) and of the shot of a burst that missed (``past``),
    before any is raised to a power."""
    da = one[0] if one is not None else 1
    ds = past[0] if past is not None else 1
    den_bits = log2(_THREE_D) + top * log2(da) + log2(ds)
    ops = 0.0
    count = 0
    for i in range(len(targets)):
        length_a = 1 + (max((k for k, _ in one[1][i].injury_weights), default=0) if one else 0)
        length_s = 1 + (max((k for k, _ in past[1][i].injury_weights), default=0) if past else 0)
        bits = log2(da) + 1
        mods = 1 + len({w[3] for w, _ in (one[1][i].wound_weights if one else ())})
        # the injury and the hits raised to each power; each "none of" (reached, overpenetrates,
        # major, crippled, the knockdown rolls) a power of one number per landed count
        ops += power_mix(length_a, bits, top, den_bits) + power_mix(2, bits, top, den_bits)
        ops += (4 + 2 * mods) * top * multiply(den_bits, den_bits)
        length = top * (length_a - 1) + length_s
        count += length + top + 30
        ops += length * words(den_bits)
    return Cost(int(UNITS_PER_WORD_OP * ops), 0) + rows(count, den_bits) + frame(len(targets))


def blast_cost(scenario: GurpsScenario) -> Cost:
    """An explosion's work and answer (GU-21, GU-22), from the scenario alone: per target, the
    blast's injury over its values, the fragments' injury raised to each number that can land
    (the largest injury one fragment can do, from the wound tables at each location), their
    convolution and the rows of the answer."""
    from armourpen.gurps.attack_roll import THREE_D_WAYS, succeeds
    from armourpen.gurps.blast import blast_at, cover_in_front, fragment_reached, sure_fragment
    from armourpen.gurps.chain import target_prep
    from armourpen.gurps.damage import basic_damage
    from armourpen.gurps.fragments import fragments_landed
    from armourpen.gurps.locations import lands_on
    from armourpen.probability.fast import wound_table

    attack = scenario.attack
    damage = attack.damage
    fragments = attack.fragments
    values = _values(damage.dice)
    top_basic = basic_damage(damage, damage.max_roll).value
    total = Cost(dice_table(damage.dice), 0) + frame(len(scenario.targets))
    reading = scenario.settings.fractional_dr0
    for t in scenario.targets:
        assert t.blast is not None
        cover = cover_in_front(scenario, t).value
        blast_max = blast_at(scenario, t, top_basic, cover, explain=False).value.effects.injury
        total = Cost(total.work + values * UNITS_PER_CALL, total.answer)
        den_bits = damage.dice * log2(6)
        landed, frag_max = 0, 0
        skill = None if fragments is None else fragment_reached(scenario, t)
        if fragments is not None and (skill is not None or sure_fragment(t)):
            if skill is None:
                landed = 1
            else:
                landed = max((fragments_landed(skill.value - roll) for roll, _ in THREE_D_WAYS
                              if succeeds(roll, skill.value)), default=0)
            from dataclasses import replace

            plain = replace(fragments, adds=0, multiplier=1)
            fmax = basic_damage(fragments, fragments.max_roll).value
            body = t.body
            spots = {lands_on(body.location(r), t.lacking).value
                     for r in range(body.dice, 6 * body.dice + 1)}
            for where in spots:
                own = target_prep(plain, reading, t, where).own.value
                table = wound_table(plain, reading, t, where)
                frag_max = max(frag_max, table.penetrating([max(1, fmax - cover - own)])[0])
            da_bits = (fragments.dice + body.dice) * log2(6)
            den_bits += log2(_THREE_D) + landed * da_bits
            table_values = _values(fragments.dice)
            ops = power_mix(frag_max + 1, da_bits, landed, den_bits)
            ops += convolve(blast_max + 1, damage.dice * log2(6), landed * frag_max + 1,
                            den_bits - damage.dice * log2(6))
            total = Cost(total.work + dice_table(fragments.dice) + int(
                UNITS_PER_WORD_OP * ops) + len(spots) * table_values * UNITS_PER_CALL, total.answer)
        length = blast_max + landed * frag_max + 1
        total = total + rows(length + landed + 30, den_bits)
    return total
