"""Monte Carlo for GURPS scenarios: sampled rolls and hits, with standard errors.

Per sample the work is numpy indexing only: a basic damage value is drawn from its exact
distribution (an alias table built with integers), each target whose hit chance is below 1 gets a
uniform draw (GU-8), and the (hit pattern, basic damage) cell is counted. Every estimate is read off
the cell counts through a table that the rules filled in once per cell (GU-7). Memory stays flat:
samples are drawn in chunks.

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
from armourpen.probability.model import Model, hit_patterns, odds_work

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from armourpen.gurps.notation import Damage
    from armourpen.gurps.scenario import GurpsScenario

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


@dataclass(frozen=True, slots=True)
class TargetEstimate:
    """One target's sampled odds (GU-7, GU-8)."""

    name: str
    p_reached: Estimate
    p_overpenetrates: Estimate
    expected_injury: Estimate
    injury_pmf: tuple[tuple[int, Estimate], ...]  # injuries seen, ascending
    p_hit: Estimate = Estimate(1.0, 0.0)  # reached, then hit (GU-8)

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
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError("seed", seed, "a whole number, 0 or more")
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
    (``max_odds_work``), and the draws are samples x (1 + targets whose hit chance is below 1)
    (``max_sample_work``).
    """
    from armourpen.probability.fast import model_for

    _check(samples, seed, chunk)
    chances = [Fraction(t.hit_chance) for t in scenario.targets]
    model = model_for(scenario)
    uncertain = sum(1 for c in chances if 0 < c < 1)
    limits.check("max_sample_work", samples * (1 + uncertain), "draws", "samples")
    limits.check("max_odds_work", odds_work(scenario, model), "units of odds work", "scenario")
    return sample_model(
        scenario.attack.damage, model, chances, samples, seed, chunk=chunk, progress=progress,
    )


def sample_model(
    damage: Damage,
    model: Model,
    chances: Sequence[Fraction],
    samples: int,
    seed: int,
    *,
    chunk: int = DEFAULT_CHUNK,
    progress: Progress | None = None,
) -> MonteCarloResult:
    """The engine behind :func:`sample`, for any model."""
    import numpy as np

    from armourpen.probability.exact import basic_damage_distribution

    _check(samples, seed, chunk)
    values, weights = basic_damage_distribution(damage)
    patterns = hit_patterns(chances)
    nval = len(values)
    ncell = nval * len(patterns.patterns)
    counts = _count_cells(weights, patterns.uncertain, patterns.chances, samples, seed, chunk,
                          ncell, progress)
    # The rules' table: one row per target, one column per (pattern, value) cell.
    ntarget = len(model.names)
    reached = np.zeros((ntarget, ncell), dtype=bool)
    hit = np.zeros((ntarget, ncell), dtype=bool)
    over = np.zeros((ntarget, ncell), dtype=bool)
    injury = np.zeros((ntarget, ncell), dtype=np.int64)
    for p, (_, hits) in enumerate(patterns.patterns):
        cells = slice(p * nval, (p + 1) * nval)
        for i, col in enumerate(model.columns(values, hits)):
            reached[i, cells] = col.reached
            hit[i, cells] = np.asarray(col.reached, dtype=bool) & hits[i]
            over[i, cells] = col.overpenetrates
            injury[i, cells] = col.injury
    targets = tuple(
        _estimate(name, counts, reached[i], hit[i], over[i], injury[i], samples)
        for i, name in enumerate(model.names)
    )
    return MonteCarloResult(str(damage), samples, seed, targets)


def _count_cells(
    weights: Sequence[int],
    uncertain: Sequence[int],
    chances: Sequence[Fraction],
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
    hit_p = np.asarray([float(chances[i]) for i in uncertain], dtype=np.float64)
    bit_values = (1 << np.arange(len(uncertain), dtype=np.intp)) * nval
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
        if len(uncertain):
            draws = hit_rng.random((m, len(uncertain)))
            cell += (draws < hit_p).astype(np.int64) @ bit_values
        counts += np.bincount(cell, minlength=ncell)
        done += m
        if progress is not None:
            progress(done, samples)
    return counts


def _estimate(
    name: str,
    counts: npt.NDArray[np.int64],
    reached: npt.NDArray[np.bool_],
    hit: npt.NDArray[np.bool_],
    over: npt.NDArray[np.bool_],
    injury: npt.NDArray[np.int64],
    n: int,
) -> TargetEstimate:
    def proportion(hits: int) -> Estimate:
        p = hits / n
        return Estimate(p, math.sqrt(p * (1 - p) / n))

    per_injury: dict[int, int] = {}
    for inj, c in zip(injury.tolist(), counts.tolist(), strict=True):
        if c:
            per_injury[inj] = per_injury.get(inj, 0) + c
    total = sum(inj * c for inj, c in per_injury.items())
    square = sum(inj * inj * c for inj, c in per_injury.items())
    mean = total / n
    # Sample variance from exact integer sums (no cancellation in floats).
    var = float(Fraction(square * n - total * total, n * (n - 1))) if n > 1 else 0.0
    return TargetEstimate(
        name,
        proportion(int(counts[reached].sum())),
        proportion(int(counts[over].sum())),
        Estimate(mean, math.sqrt(max(var, 0.0) / n)),
        tuple((inj, proportion(c)) for inj, c in sorted(per_injury.items())),
        proportion(int(counts[hit].sum())),
    )
