"""Sweeps: cells per second of the vectorized engine against ``resolve`` called cell by cell.

The grid is every catalog attack x 80 defences (40 armour items alone, 40 cover + armour pairs) x
all 11 bands x all 6 directions. The baselines resolve a fixed sample of the same cells one at a
time, in this process, rounds interleaved (the machine is shared and noisy, so the ratios are what
counts). Prints `name: value` lines. Targets: at least 20 million cells/s, and at least 100x
``resolve`` cell by cell.

    python bench/sweep.py [--rounds 5] [--min-time 0.3] [--sample 400]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

# One core: no threaded numpy kernels (numpy is imported with armourpen.penav.grid, below).
os.environ["OMP_NUM_THREADS"] = os.environ.get("OMP_NUM_THREADS", "1")
os.environ["OPENBLAS_NUM_THREADS"] = os.environ.get("OPENBLAS_NUM_THREADS", "1")
os.environ["MKL_NUM_THREADS"] = os.environ.get("MKL_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleaved, line

import armourpen
from armourpen.catalog import AttackProfile, Catalog, CoverItem
from armourpen.penav.defences import Defence
from armourpen.penav.direction import Direction
from armourpen.penav.grid import sweep
from armourpen.penav.ranges import Band
from armourpen.penav.sweep_result import SweepResult

SAMPLE = 400
DISTANCE_IN = {
    Band.POINT_BLANK: "1 m", Band.CLOSE: "10 m", Band.SHORT: "20 m", Band.MEDIUM: "40 m",
    Band.LONG: "80 m", Band.VERY_LONG: "150 m", Band.FAR: "300 m", Band.VERY_FAR: "600 m",
    Band.DISTANT: "1200 m", Band.VERY_DISTANT: "3000 m",
}


def defences(catalog: Catalog) -> list[Defence]:
    armour = [a.name for a in catalog.items("armour")]
    cover = [c.name for c in catalog.items("cover") if isinstance(c, CoverItem) and c.av is not None]
    alone = [Defence.from_names([a], catalog) for a in armour[:40]]
    pairs = [Defence.from_names([cover[n % len(cover)], armour[(7 * n) % len(armour)]], catalog)
             for n in range(40)]
    return alone + pairs


def mapping(res: SweepResult, i: int, j: int, k: int, l: int) -> dict[str, Any]:  # noqa: E741
    band = res.bands[k]
    attack: dict[str, Any] = {"weapon": res.attacks[i].name, "from": res.directions[l].value}
    if band is Band.CONTACT:
        attack["contact"] = True
    else:
        attack["range"] = DISTANCE_IN[band]
    d = res.defences[j]
    line_: list[dict[str, Any]] = [{"cover": x.name} for x in d.layers if x.kind == "cover"]
    line_.append({"target": "t", "armour": [x.name for x in d.layers if x.kind == "armour"]})
    return {"rules": "penav", "attack": attack, "line": line_}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--min-time", type=float, default=0.3, help="seconds per round and call")
    parser.add_argument("--sample", type=int, default=SAMPLE, help="cells the baselines resolve")
    args = parser.parse_args()
    catalog = Catalog.builtin()
    attacks = [x for x in catalog.items("attack") if isinstance(x, AttackProfile)]
    defs = defences(catalog)
    directions = list(Direction)

    def run_sweep() -> SweepResult:
        return sweep(attacks, defs, directions=directions, catalog=catalog)

    res = run_sweep()
    a, d, b, r = res.shape
    rng = random.Random(7)
    cells: list[tuple[int, int, int, int]] = []
    while len(cells) < args.sample:  # cells the attack reaches (the others are out of reach, PA-3)
        cell = (rng.randrange(a), rng.randrange(d), rng.randrange(b), rng.randrange(r))
        if res.reached[cell[0], cell[2]]:
            cells.append(cell)
    mappings = [mapping(res, *c) for c in cells]
    scenarios = [armourpen.load_scenario(m, catalog) for m in mappings]
    # The baselines must agree with the sweep, or the comparison means nothing.
    for (i, j, k, l), sc in zip(cells, scenarios, strict=True):  # noqa: E741
        targets: Any = armourpen.resolve(sc).to_dict()["targets"]
        got = targets[0]["outcome"]
        want = res.result(i, j, k, l)
        assert want is not None and got == want.value

    def resolve_only() -> None:
        for sc in scenarios:
            armourpen.resolve(sc)

    def load_and_resolve() -> None:
        for m in mappings:
            armourpen.resolve(armourpen.load_scenario(m, catalog))

    t = interleaved({"sweep": run_sweep, "resolve": resolve_only, "load": load_and_resolve},
                    rounds=args.rounds, min_time=args.min_time)
    sweep_rate = res.size / t["sweep"]
    resolve_rate = args.sample / t["resolve"]
    load_rate = args.sample / t["load"]
    line("sweep_grid", f"{a} attacks x {d} defences x {b} bands x {r} directions = {res.size} cells")
    line("sweep_ms_per_grid", f"{t['sweep'] * 1000:.2f}")
    line("sweep_cells_per_second", f"{sweep_rate / 1e6:.1f} million (target >= 20 million)")
    line("resolve_cells_per_second", f"{resolve_rate:,.0f} (scenarios loaded beforehand)")
    line("load_and_resolve_cells_per_second", f"{load_rate:,.0f}")
    line("sweep_vs_resolve_ratio", f"{sweep_rate / resolve_rate:,.0f}x (target >= 100x)")
    line("sweep_vs_load_and_resolve_ratio", f"{sweep_rate / load_rate:,.0f}x")


if __name__ == "__main__":
    main()
