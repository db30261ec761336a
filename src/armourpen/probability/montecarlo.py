"""Monte Carlo for GURPS scenarios: sampled rolls and hits, with standard errors.

Per sample the work is numpy indexing only: a basic damage value is drawn from its exact
distribution (an alias table built with integers), each target whose hit chance is below 1 or
whose random location changes its cover DR gets a uniform draw (GU-8, GU-10), and the (pattern,
basic damage) cell is counted. Every estimate is read off the cell counts through what the rules
give once per cell (GU-7); within a cell, where exactly a target is hit on its table is not drawn
but averaged over exactly (a conditional expectation: the same mean, a smaller error). Memory stays
flat: samples are drawn in chunks.

Reproducibility: the rolls and the hits come from two streams spawned from ``seed``, and each
sample takes one number from the roll stream and one per uncertain target from the hit stream, so
the same seed gives the same answer whatever the chunk size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armourpen.errors import InputError
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.probability.model import (
    Column,
    HitPatterns,
    Model,
    State,
    hit_patterns,
    pattern_shape,
    placements,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.notation import Damage

DEFAULT_CHUNK = 1 << 18  # arrays of a few MB stay in cache: faster than larger chunks
MAX_SAMPLES = 10**12

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sampled mean and its standard error."""

    value: float
    se: float

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "se": self.se}


_NONE = Estimate(0.0, 0.0)


@dataclass(frozen=True, slots=True)
class TargetEstimate:
    """One target's sampled odds (GU-7 to GU-12)."""

    name: str
    p_reached: Estimate
    p_overpenetrates: Estimate
    expected_injury: Estimate
    injury_pmf: tuple[tuple[int, Estimate], ...]  # injuries seen, ascending
    p_hit: Estimate = Estimate(1.0, 0.0)  # reached, then hit (GU-8)
    shock_pmf: tuple[tuple[int, Estimate], ...] = ()  # shocks seen, worst first (GU-11)
    p_major_wound: Estimate = _NONE
    p_knockdown_roll: Estimate = _NONE
    p_crippled: Estimate = _NONE
    location_pmf: tuple[tuple[str, Estimate], ...] = ()  # hit there (GU-10)
    knockdown_pmf: tuple[tuple[int, Estimate], ...] = ()  # HT modifiers seen, worst first (GU-12)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "p_reached": self.p_reached.value,
            "p_reached_se": self.p_reached.se,
            "p_hit": self.p_hit.value,
            "p_hit_se": self.p_hit.se,
            "p_overpenetrates": self.p_overpenetrates.value,
            "p_overpenetrates_se": self.p_overpenetrates.se,
            "injury_pmf": {str(k): e.value for k, e in self.injury_pmf},
            "injury_pmf_se": {str(k): e.se for k, e in self.injury_pmf},
            "shock_pmf": {str(k): e.value for k, e in self.shock_pmf},
            "shock_pmf_se": {str(k): e.se for k, e in self.shock_pmf},
            "p_major_wound": self.p_major_wound.value,
            "p_major_wound_se": self.p_major_wound.se,
            "p_knockdown_roll": self.p_knockdown_roll.value,
            "p_knockdown_roll_se": self.p_knockdown_roll.se,
            "knockdown_pmf": {f"{k:+d}": e.value for k, e in self.knockdown_pmf},
            "knockdown_pmf_se": {f"{k:+d}": e.se for k, e in self.knockdown_pmf},
            "p_crippled": self.p_crippled.value,
            "p_crippled_se": self.p_crippled.se,
            "location_pmf": {k: e.value for k, e in self.location_pmf},
            "location_pmf_se": {k: e.se for k, e in self.location_pmf},
            "expected_injury": self.expected_injury.value,
            "expected_injury_se": self.expected_injury.se,
        }


@dataclass(frozen=True, slots=True)
class MonteCarloResult:
    """Sampled odds for every target, from ``samples`` draws with ``seed``."""

    damage: str
    samples: int
    seed: int
    targets: tuple[TargetEstimate, ...]

    def target(self, name: str) -> TargetEstimate:
        for t in self.targets:
            if t.name == name:
                return t
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": "gurps",
            "method": "monte_carlo",
            "damage": self.damage,
            "samples": self.samples,
            "seed": self.seed,
            "targets": [t.to_dict() for t in self.targets],
        }


def alias_table(weights: Sequence[int]) -> tuple[list[float], list[int]]:
    """Vose's alias table for integer weights, built exactly with integers.

    Slot j keeps itself with probability ``keep[j]`` and gives ``alias[j]`` otherwise; only the
    final thresholds are rounded to floats.
    """
    n = len(weights)
    total = sum(weights)
    scaled = [w * n for w in weights]  # compare against total: exact
    keep_num = [total] * n
    alias = list(range(n))
    small = [j for j, s in enumerate(scaled) if s < total]
    large = [j for j, s in enumerate(scaled) if s >= total]
    while small and large:
        s = small.pop()
        g = large.pop()
        keep_num[s] = scaled[s]
        alias[s] = g
        scaled[g] -= total - scaled[s]
        (small if scaled[g] < total else large).append(g)
    return [Fraction(k, total).__float__() for k in keep_num], alias


def _check(samples: int, seed: int, chunk: int) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise InputError("samples", samples, f"a whole number from 1 to {MAX_SAMPLES}")
    from armourpen.gurps.dice import MAX_SEED

    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        # the same seeds as a roll's (GU-1), so that any seed shown can be typed back
        raise InputError("seed", seed, f"a whole number from 0 to {MAX_SEED}")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise InputError("chunk", chunk, "a whole number, 1 or more")


def sample(
    scenario: GurpsScenario,
    samples: int,
    seed: int,
    *,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> MonteCarloResult:
    """Estimate each target's odds from ``samples`` sampled shots (numpy, in chunks).

    Refused up front beyond ``limits``: the table of the chain is the exact odds' work
    (``max_odds_work``), and the draws are samples x (1 + targets whose hit chance is below 1 or
    whose random location changes the cover DR) (``max_sample_work``).
    """
    from armourpen.probability.fast import plan

    _check(samples, seed, chunk)
    if scenario.attack.explosive:
        raise InputError("samples", samples, "no sampling for an explosion (damage marked ex, "
                         "GU-21, GU-22): the exact odds weigh every roll")
    if scenario.who_is_hit:
        # the rolls of GU-16 are weighed exactly (armourpen.probability.who), fast enough not
        # to need sampling; the sampler draws hit chances target by target (GU-8)
        raise InputError("samples", samples, "no sampling when the rolls decide who is hit "
                         "(attack.skill, GU-16): the exact odds weigh every roll")
    _, _, uncertain = pattern_shape([t.hit_chance for t in scenario.targets],
                                    placements(scenario))
    limits.check("max_sample_work", samples * (1 + uncertain), "draws", "samples")
    planned = plan(scenario, limits)  # the table's work is refused there, before enumerating
    patterns = planned.patterns
    return sample_model(
        scenario.attack.damage, planned.model, patterns, samples, seed, chunk=chunk,
        progress=progress, halved=scenario.half_damage.value,
    )


def sample_model(
    damage: Damage,
    model: Model,
    patterns: HitPatterns | Sequence[Fraction],
    samples: int,
    seed: int,
    *,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
    halved: bool = False,
) -> MonteCarloResult:
    """The engine behind :func:`sample`, for any model (``patterns`` may be plain hit chances;
    ``halved``: the basic damage is halved beyond 1/2D, GU-23)."""
    from armourpen.probability.totals import basic_damage_distribution

    _check(samples, seed, chunk)
    values, weights = basic_damage_distribution(damage, halved)
    if not isinstance(patterns, HitPatterns):
        patterns = hit_patterns(patterns)
    nval = len(values)
    ncell = nval * len(patterns.patterns)
    counts = _count_cells(weights, patterns, samples, seed, chunk, ncell, progress).tolist()
    tallies = [_Tally() for _ in model.names]
    for p, (_, states) in enumerate(patterns.patterns):
        here = counts[p * nval : (p + 1) * nval]
        if not any(here):
            continue
        for tally, state, col in zip(tallies, states, model.columns(values, states), strict=True):
            tally.add(here, state, col)
    targets = tuple(t.estimate(name, samples) for name, t in zip(model.names, tallies, strict=True))
    return MonteCarloResult(str(damage), samples, seed, targets)


class _Tally:
    """One target's sums over the counted cells: for every event, the sum of count x q and of
    count x q^2, where q is the event's exact chance within the cell (0 or 1 unless the target's
    location within its placement decides it); exact integers over the placement's weight."""

    def __init__(self) -> None:
        self.flags = [0, 0, 0]  # reached, hit, overpenetrates: 0 or 1 in a cell
        self.events: dict[tuple[str, object], list[Fraction]] = {}
        self.mean = [Fraction(0), Fraction(0)]  # sum of count x E[injury], of count x E[injury]^2

    def _event(self, key: tuple[str, object], total: int, square: int, scale: int) -> None:
        acc = self.events.setdefault(key, [Fraction(0), Fraction(0)])
        acc[0] += Fraction(total, scale)
        acc[1] += Fraction(square, scale * scale)

    def add(self, counts: list[int], state: State, col: Column) -> None:
        from itertools import compress

        self.flags[0] += sum(compress(counts, col.reached))
        if state is not None:
            self.flags[1] += sum(compress(counts, col.reached))
        self.flags[2] += sum(compress(counts, col.overpenetrates))
        scale = 1 if state is None else state.weight
        # Per event key, per value: the weight (out of ``scale``) of the locations that give it.
        per: dict[tuple[str, object], list[int]] = {}
        expect = [0] * len(counts)
        for hurt in col.wounds:
            where, lweight = hurt.location, hurt.weight
            for v, (injury, shock, major, knockdown, crippled) in enumerate(hurt.wounds):
                if not counts[v]:
                    continue
                keys: list[tuple[str, object]] = [("injury", injury), ("shock", shock)]
                if major:
                    keys.append(("major", True))
                if knockdown is not None:
                    keys.append(("knockdown", True))
                    keys.append(("knockdown_ht", knockdown))
                if crippled:
                    keys.append(("crippled", True))
                if where is not None and col.reached[v]:
                    keys.append(("location", where.value))
                for key in keys:
                    per.setdefault(key, [0] * len(counts))[v] += lweight
                expect[v] += lweight * injury
        for key, q in per.items():
            total = sum(c * x for c, x in zip(counts, q, strict=True))
            square = sum(c * x * x for c, x in zip(counts, q, strict=True))
            self._event(key, total, square, scale)
        self.mean[0] += Fraction(sum(c * e for c, e in zip(counts, expect, strict=True)), scale)
        self.mean[1] += Fraction(sum(c * e * e for c, e in zip(counts, expect, strict=True)),
                                 scale * scale)

    def estimate(self, name: str, n: int) -> TargetEstimate:
        def proportion(total: Fraction | int, square: Fraction | int | None = None) -> Estimate:
            p = Fraction(total, n)
            second = p if square is None else Fraction(square, n)
            return Estimate(float(p), math.sqrt(max(float(second - p * p), 0.0) / n))

        def pmf(kind: str) -> tuple[tuple[Any, Estimate], ...]:
            found = sorted((k[1], acc) for k, acc in self.events.items() if k[0] == kind)
            return tuple((key, proportion(*acc)) for key, acc in found)

        def chance(kind: str) -> Estimate:
            acc = self.events.get((kind, True))
            return _NONE if acc is None else proportion(*acc)

        total, square = self.mean
        # Sample variance from exact sums (no cancellation in floats).
        var = float((square * n - total * total) / (n * (n - 1))) if n > 1 else 0.0
        return TargetEstimate(
            name,
            proportion(self.flags[0]),
            proportion(self.flags[2]),
            Estimate(float(total / n), math.sqrt(max(var, 0.0) / n)),
            pmf("injury"),
            proportion(self.flags[1]),
            pmf("shock"),
            chance("major"),
            chance("knockdown"),
            chance("crippled"),
            tuple((str(k), e) for k, e in pmf("location")),
            pmf("knockdown_ht"),
        )


def _count_cells(
    weights: Sequence[int],
    patterns: HitPatterns,
    samples: int,
    seed: int,
    chunk: int,
    ncell: int,
    progress: Progress | None,
) -> npt.NDArray[np.int64]:
    import numpy as np

    keep_list, alias_list = alias_table(weights)
    nval = len(weights)
    # Slot j keeps itself when u*nval < j + keep[j], i.e. when its fractional part is below keep[j]:
    # one gather and one comparison per sample, no floor or subtraction.
    threshold = np.arange(nval, dtype=np.float64) + np.asarray(keep_list, dtype=np.float64)
    alias = np.asarray(alias_list, dtype=np.intp)
    # Each uncertain target's draw picks its state: its placements first, then a miss (so that a
    # draw below the hit chance is a hit); ``offset`` turns the pick into its pattern's cells.
    bounds, offsets = [], []
    stride = nval
    for i in patterns.uncertain:
        opts = patterns.options[i]
        order = [k for k, (_, st) in enumerate(opts) if st is not None]
        order += [k for k, (_, st) in enumerate(opts) if st is None]
        total = sum(w for w, _ in opts)
        cum, acc = [], 0
        for k in order[:-1]:
            acc += opts[k][0]
            cum.append(float(Fraction(acc, total)))
        bounds.append(np.asarray(cum, dtype=np.float64))
        offsets.append(np.asarray(order, dtype=np.intp) * stride)
        stride *= len(opts)
    roll_seq, hit_seq = np.random.SeedSequence(seed).spawn(2)
    roll_rng = np.random.Generator(np.random.PCG64(roll_seq))
    hit_rng = np.random.Generator(np.random.PCG64(hit_seq))
    counts = np.zeros(ncell, dtype=np.int64)
    size = min(chunk, samples)
    u = np.empty(size, dtype=np.float64)
    bound = np.empty(size, dtype=np.float64)
    slot = np.empty(size, dtype=np.intp)
    cell_buf = np.empty(size, dtype=np.intp)
    done = 0
    while done < samples:
        m = min(size, samples - done)
        uu, bb, ss, cell = u[:m], bound[:m], slot[:m], cell_buf[:m]
        roll_rng.random(m, out=uu)
        np.multiply(uu, nval, out=uu)
        ss[...] = uu  # truncation is the floor: uu >= 0
        np.take(threshold, ss, out=bb)
        np.take(alias, ss, out=cell)
        np.copyto(cell, ss, where=uu < bb)
        if bounds:
            draws = hit_rng.random((m, len(bounds)))
            for j, (cum_j, off_j) in enumerate(zip(bounds, offsets, strict=True)):
                cell += off_j[np.searchsorted(cum_j, draws[:, j], side="right")]
        counts += np.bincount(cell, minlength=ncell)
        done += m
        if progress is not None:
            progress(done, samples)
    return counts
