"""Odds: exact engine against icepool, 40d6 exactness, Monte Carlo rate and memory.

Every comparison runs in this one process, rounds interleaved (the machine is shared and noisy, so
the ratios are what counts). Prints `name: value` lines. Targets: exact Agent Gray (injury and its
effects) >= 10x icepool mapping each roll of the dice through the rules to the outcome tuple, and
no more than 2x the same odds of injury alone (GU-4, no effects); 40d6 through three targets
< 20 ms; a 20-shot burst at a random location < 20 ms; a 6dx4 grenade with [3d]
fragments among 10 targets < 50 ms;
Monte Carlo >= 10 million samples/s on one core and >= 50x a plain-Python loop; peak
memory for 100 million samples < 300 MB (ru_maxrss of a child process).
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleaved, line, per_call

from armourpen.gurps.chain import resolve_chain
from armourpen.gurps.damage import basic_damage
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.scenario import parse_gurps
from armourpen.probability import odds, sample
from armourpen.probability.exact import basic_damage_distribution, basic_damage_pairs
from armourpen.probability.fast import model_for
from armourpen.probability.model import Placement, placements, wound_of
from armourpen.probability.montecarlo import alias_table
from armourpen.probability.result import OddsResult, TargetOdds

# One core: no threaded numpy kernels (numpy is imported lazily, after this).
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

GRAY: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-"},
    "line": [{"target": "Gray", "hp": 12, "dr": 8}, {"target": "VIP", "hp": 10}],
}
FORTY: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "40d pi"},
    "line": [
        {"target": "a", "hp": 12, "dr": 20},
        {"target": "b", "hp": 12, "dr": 10},
        {"target": "c", "hp": 10},
    ],
}
# Who is hit (GU-15 to GU-17): a line of 6 target cards with a taxi of 4 occupants (2 listed)
TAXI_LINE: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d pi", "skill": 14, "aim": "Gunman"},
    "line": [
        {"target": "Guard 1", "hp": 12, "dr": 8}, {"target": "Guard 2", "hp": 12, "dr": 8},
        {"cover": {"name": "Taxi", "dr": 3, "hp": 30, "injury_tolerance": "unliving",
                   "occupants": 4, "sm": 3}},
        {"target": "Driver", "hp": 10, "inside": "Taxi"},
        {"target": "Fare", "hp": 10, "inside": "Taxi"},
        {"target": "Gunman", "hp": 11, "dr": 4},
        {"target": "Hostage", "hp": 10, "immediately_behind": True},
    ],
}
# A burst (GU-19): 20 shots of 3d pi at one target with a random hit location, exact; against the
# same line's one-shot odds with the rolls deciding who is hit
BURST: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "3d pi", "skill": 14, "shots": 20, "rcl": 2},
    "line": [{"target": "Bob", "hp": 12, "dr": 4, "location": "random"}],
}
# An explosion (GU-21, GU-22): a 6dx4 grenade with [3d] fragments among 10 targets, exact; against
# the same blast without fragments
GRENADE: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "6dx4 cr ex [3d cut]"},
    "line": [{"target": f"T{k}", "hp": 10 + k % 3, "dr": k % 4, "distance": 1 + 2 * k,
              "posture": ["standing", "prone", "crouching"][k % 3]} for k in range(10)],
}
FIGURES = 7  # reached, overpenetrates, and the wound's five: injury, shock, major, knockdown, crippled
COLD_ROUNDS = 300
MC_SAMPLES = 20_000_000
PY_SAMPLES = 200_000
MEMORY_SAMPLES = 100_000_000


# icepool sorts a die's outcomes, and no knockdown roll is None beside the rolls' modifiers: it is
# written as a number below every modifier instead, the same in both icepool formulations.
NO_ROLL = -99


def _sortable(wound: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(NO_ROLL if x is None else x for x in wound)


def _outcome(sc: GurpsScenario, basic: int) -> tuple[Any, ...]:
    """Every figure the odds give of one basic damage value, for every target (hit at its own
    location): reached, overpenetrates, injury, shock, major wound, knockdown roll, crippled."""
    out: list[Any] = []
    for t in resolve_chain(sc, basic).targets:
        w = wound_of(t.effects)
        out += [t.reached, t.overpenetrates, *_sortable(w)]
    return tuple(out)


def icepool_odds(sc: GurpsScenario) -> list[Any]:
    """icepool mapping each roll of the dice to the outcome tuple through the rules:
    ``(7 @ Die(range(1, 7))).map(chain)``, then each figure's distribution."""
    from icepool import Die

    damage = sc.attack.damage

    def chain(roll: int) -> tuple[Any, ...]:
        return _outcome(sc, basic_damage(damage, roll + damage.adds).value)

    joint = (damage.dice @ Die(range(1, 7))).map(chain)
    return [joint.marginals[i] for i in range(FIGURES * len(sc.targets))]


def icepool_lookup(sc: GurpsScenario) -> list[Any]:
    """icepool again, but handed the engine's own per-value table (it pays nothing for rules)."""
    from icepool import Die

    damage = sc.attack.damage
    values, _ = basic_damage_distribution(damage)
    cols = model_for(sc).columns(values, placed(sc))
    table = {v: tuple(x for c in cols for x in (c.reached[k], c.overpenetrates[k],
                                                   *_sortable(c.wounds[0].wounds[k])))
             for k, v in enumerate(values)}
    basic = (damage.dice @ Die(range(1, 7)) + damage.adds).map(
        lambda r: basic_damage(damage, r).value)
    joint = basic.map(table)
    return [joint.marginals[i] for i in range(FIGURES * len(sc.targets))]


def placed(sc: GurpsScenario) -> tuple[Placement, ...]:
    """The one pattern of a line whose targets are all hit at one aimed location."""
    return tuple(p[0] for p in placements(sc))


def injury_only(sc: GurpsScenario) -> OddsResult:
    """The baseline: the same exact odds of injury alone, without its effects (GU-2 to GU-8, as
    the engine gave them before GU-9 to GU-14), for a line of certain, aimed hits: per target the
    weights of reached, of going on and of each injury, from thresholds and floor(penetrating x
    modifier), at least 1, for every basic damage value; returned as the engine's result."""
    from bisect import bisect_right
    from itertools import accumulate

    from armourpen.gurps.chain import line_prep, target_prep
    from armourpen.gurps.locations import Location
    from armourpen.gurps.model import Target

    damage = sc.attack.damage
    reading = sc.settings.fractional_dr0
    values, weights = basic_damage_distribution(damage)
    prefix = [0, *accumulate(weights)]
    total = prefix[-1]
    prep = line_prep(sc)
    out: list[TargetOdds] = []
    in_front = 0
    reach_from = 0
    for i, e in enumerate(sc.line):
        if not isinstance(e, Target):
            cover = prep.cover[i]
            assert cover is not None
            in_front += cover.value
            reach_from = bisect_right(values, in_front)
            continue
        assert isinstance(e.location, Location)
        tp = target_prep(damage, reading, e, e.location)
        num, den = tp.wounding.modifier.numerator, tp.wounding.modifier.denominator
        faced = in_front + tp.own.value
        in_front += tp.cover.value
        over_from = bisect_right(values, in_front)
        hurt_from = max(reach_from, bisect_right(values, faced))
        pmf: dict[int, int] = {0: prefix[hurt_from]} if hurt_from else {}
        for v, w in zip(values[hurt_from:], weights[hurt_from:], strict=True):
            inj = (v - faced) * num // den or 1
            pmf[inj] = pmf.get(inj, 0) + w
        out.append(TargetOdds(e.name, total, total - prefix[reach_from], total - prefix[over_from],
                              tuple(((k, 0, False, False, False), w) for k, w in pmf.items()),
                              e.hit_chance))
        reach_from = over_from
    return OddsResult(str(damage), tuple(out), basic_damage_pairs(damage), total, 1)


def _table(sc: GurpsScenario) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    values, _ = basic_damage_distribution(sc.attack.damage)
    cols = model_for(sc).columns(values, placed(sc))
    return values, [tuple(w[0] for w in c.wounds[0].wounds) for c in cols]


def python_dice_loop(sc: GurpsScenario, n: int, seed: int) -> list[int]:
    """Plain Python doing the same job: roll the dice, look the outcome up, add it up."""
    damage = sc.attack.damage
    values, injuries = _table(sc)
    low = values[0]
    rng = random.Random(seed)
    rand = rng.random
    dice = range(damage.dice)
    counts = [0] * len(values)
    for _ in range(n):
        total = damage.adds
        for _ in dice:
            total += int(rand() * 6) + 1
        counts[max(1, total * damage.multiplier) - low] += 1
    return [sum(c * inj[k] for k, c in enumerate(counts)) for inj in injuries]


def python_alias_loop(sc: GurpsScenario, n: int, seed: int) -> list[int]:
    """Plain Python with the sampler's own algorithm: one alias draw per sample, then count."""
    values, injuries = _table(sc)
    _, weights = basic_damage_distribution(sc.attack.damage)
    keep, alias = alias_table(weights)
    nval = len(values)
    rng = random.Random(seed)
    rand = rng.random
    counts = [0] * nval
    for _ in range(n):
        u = rand() * nval
        j = int(u)
        counts[j if u - j < keep[j] else alias[j]] += 1
    return [sum(c * inj[k] for k, c in enumerate(counts)) for inj in injuries]


def peak_memory_mb(samples: int) -> tuple[float, float]:
    """ru_maxrss of a child that imports everything, then of one that also samples."""
    code = (
        "import resource, sys\n"
        "sys.path.insert(0, {bench!r})\n"
        "import numpy\n"
        "from armourpen.gurps.scenario import parse_gurps\n"
        "from armourpen.probability import sample\n"
        "import odds as b\n"
        "sc = parse_gurps(b.GRAY)\n"
        "n = {n}\n"
        "if n: sample(sc, n, 1)\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    bench = str(Path(__file__).resolve().parent)
    out = []
    for n in (0, samples):
        res = subprocess.run([sys.executable, "-c", code.format(bench=bench, n=n)],
                             check=True, capture_output=True, text=True)
        out.append(int(res.stdout.split()[-1]) / 1024)  # Linux: kilobytes
    return out[0], out[1]



def who_is_hit_figures() -> None:
    """Who is hit (GU-15 to GU-17): a line of 6 and a taxi of 4, cached and cold."""
    # who is hit: every roll weighed, against the same line with GU-8's given chances (all hit)
    taxi = parse_gurps(TAXI_LINE)
    # the keys of who is hit are errors without attack.skill: the plain line leaves them out
    plain_line = [{k: v for k, v in e.items() if k not in ("inside", "immediately_behind")}
                  if "target" in e else
                  {"cover": {k: v for k, v in e["cover"].items() if k not in ("occupants", "sm")}}
                  for e in TAXI_LINE["line"]]
    plain = parse_gurps({**TAXI_LINE, "attack": {"damage": "7d pi"}, "line": plain_line})
    tw = interleaved({"who": lambda: odds(taxi), "plain": lambda: odds(plain)}, min_time=0.3)
    line("exact_who_is_hit_6_targets_taxi_ms", f"{tw['who'] * 1e3:.2f} (target < 5 ms)")
    line("exact_who_is_hit_vs_given_chances", f"{tw['who'] / tw['plain']:.1f}x the same line "
         "with every card hit (GU-8)")
    # cold, as the web page asks after each edit: new names each call, nothing remembered
    named = ({**TAXI_LINE, "attack": {**TAXI_LINE["attack"], "aim": f"Gunman {k}"},
              "line": [{**e, "target": f"{e['target']} {k}"} if "target" in e else e
                       for e in TAXI_LINE["line"]]} for k in itertools.count())
    cold_who = 0.0
    for _ in range(COLD_ROUNDS):
        sc = parse_gurps(next(named))
        start = time.perf_counter()
        odds(sc)
        cold_who += time.perf_counter() - start
    line("exact_who_is_hit_cold_ms", f"{cold_who / COLD_ROUNDS * 1e3:.2f} (first call for "
         "targets never seen; target < 5 ms)")


def burst_and_blast_figures() -> None:
    """A 20-shot burst (GU-19) and a grenade with fragments among 10 targets (GU-21, GU-22)."""
    burst = parse_gurps(BURST)
    single = parse_gurps({**BURST, "attack": {"damage": "3d pi", "skill": 14}})
    tb = interleaved({"burst": lambda: odds(burst), "one": lambda: odds(single)}, min_time=0.3)
    line("exact_burst_20_shots_random_location_ms", f"{tb['burst'] * 1e3:.2f} (target < 20 ms)")
    line("exact_burst_vs_one_shot", f"{tb['burst'] / tb['one']:.1f}x the same target's one-shot "
         "odds")

    grenade = parse_gurps(GRENADE)
    bare = parse_gurps({**GRENADE, "attack": {"damage": "6dx4 cr ex"}})
    tg = interleaved({"grenade": lambda: odds(grenade), "bare": lambda: odds(bare)},
                     min_time=0.3)
    line("exact_grenade_10_targets_fragments_ms", f"{tg['grenade'] * 1e3:.2f} (target < 50 ms)")
    line("exact_grenade_vs_blast_alone", f"{tg['grenade'] / tg['bare']:.1f}x the same blast "
         "without fragments")
    # cold, as the web page asks after each edit: new names each call, nothing remembered
    for name, data, rounds in (("burst", BURST, 100), ("grenade", GRENADE, 30)):
        spent = 0.0
        for k in range(rounds):
            sc = parse_gurps({**data, "line": [{**e, "target": f"{e['target']} {k}"}
                                               for e in data["line"]]})
            start = time.perf_counter()
            odds(sc)
            spent += time.perf_counter() - start
        goal = 20 if name == "burst" else 50
        line(f"exact_{name}_cold_ms", f"{spent / rounds * 1e3:.2f} (first call for targets never "
             f"seen; target < {goal} ms)")


def main() -> None:
    gray = parse_gurps(GRAY)
    forty = parse_gurps(FORTY)
    assert odds(gray).target("VIP").p_reached == Fraction(
        sum(w for v, w in zip(*basic_damage_distribution(gray.attack.damage), strict=True)
            if v > 14), 6**7)

    exact, alone = odds(gray), injury_only(gray)
    assert [(t.p_reached, t.p_overpenetrates, t.injury_pmf) for t in exact.targets] == [
        (t.p_reached, t.p_overpenetrates, t.injury_pmf) for t in alone.targets]
    assert [m.probabilities() for m in icepool_odds(gray)] == [
        m.probabilities() for m in icepool_lookup(gray)]

    t = interleaved({
        "engine": lambda: odds(gray),
        "injury_only": lambda: injury_only(gray),
        "icepool": lambda: icepool_odds(gray),
        "icepool_lookup": lambda: icepool_lookup(gray),
    })
    line("exact_gray_engine_us", f"{t['engine'] * 1e6:.1f} (injury, shock, major wound, "
         "knockdown, crippled)")
    line("exact_gray_icepool_us", f"{t['icepool'] * 1e6:.1f}")
    line("exact_gray_speedup_vs_icepool",
         f"{t['icepool'] / t['engine']:.1f}x (target >= 10x; icepool maps each roll of the dice to "
         "the outcome tuple through the rules: (7 @ Die(range(1, 7))).map(chain))")
    line("exact_gray_icepool_given_table_us", f"{t['icepool_lookup'] * 1e6:.1f}")
    line("exact_gray_speedup_vs_icepool_given_table",
         f"{t['icepool_lookup'] / t['engine']:.1f}x (informative: icepool handed the engine's "
         "per-roll table)")
    line("exact_gray_injury_only_us", f"{t['injury_only'] * 1e6:.1f}")
    line("exact_gray_effects_cost",
         f"{t['engine'] / t['injury_only']:.2f}x the odds of injury alone (target <= 2x)")

    # Cold: each call a Gray and a VIP never seen before (new names), so nothing is remembered;
    # the scenario is parsed outside the timing.
    fresh = (parse_gurps({**GRAY, "line": [{"target": f"Gray {k}", "hp": 12, "dr": 8},
                                            {"target": f"VIP {k}", "hp": 10}]})
             for k in itertools.count())
    cold = {"engine": 0.0, "injury_only": 0.0}
    for _ in range(COLD_ROUNDS):
        for name, fn in (("engine", odds), ("injury_only", injury_only)):
            sc = next(fresh)
            start = time.perf_counter()
            fn(sc)
            cold[name] += time.perf_counter() - start
    line("exact_gray_cold_engine_us", f"{cold['engine'] / COLD_ROUNDS * 1e6:.1f} (first call for "
         "targets never seen: the rules' steps and effects worked out once)")
    line("exact_gray_cold_effects_cost",
         f"{cold['engine'] / cold['injury_only']:.2f}x the odds of injury alone, first call "
         "(informative)")

    t40 = per_call(lambda: odds(forty), rounds=7, min_time=0.3)
    line("exact_40d6_three_targets_ms", f"{t40 * 1e3:.2f} (target < 20 ms)")

    who_is_hit_figures()
    burst_and_blast_figures()

    sample(gray, 1000, 0)  # warm up
    start = time.perf_counter()
    sample(gray, MC_SAMPLES, 1)
    mc = MC_SAMPLES / (time.perf_counter() - start)
    rates = {}
    for name, loop in (("dice", python_dice_loop), ("alias", python_alias_loop)):
        start = time.perf_counter()
        loop(gray, PY_SAMPLES, 1)
        rates[name] = PY_SAMPLES / (time.perf_counter() - start)
    line("montecarlo_gray_samples_per_s", f"{mc / 1e6:.1f} million (target >= 10 million)")
    line("python_dice_loop_samples_per_s", f"{rates['dice'] / 1e6:.3f} million")
    line("montecarlo_speedup_vs_python_dice_loop", f"{mc / rates['dice']:.0f}x (target >= 50x)")
    line("python_alias_loop_samples_per_s", f"{rates['alias'] / 1e6:.3f} million")
    line("montecarlo_speedup_vs_python_alias_loop",
         f"{mc / rates['alias']:.0f}x (informative: plain Python given the sampler's algorithm)")

    base, peak = peak_memory_mb(MEMORY_SAMPLES)
    line("montecarlo_imports_only_max_rss_mb", f"{base:.0f}")
    line("montecarlo_100M_samples_max_rss_mb", f"{peak:.0f} (target < 300 MB, ru_maxrss)")


if __name__ == "__main__":
    main()
