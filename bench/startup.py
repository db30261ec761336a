"""Start-up: a GM's one-shot `armourpen resolve` against a bare `python -c pass`.

Alternates the two commands in one process (the machine is shared and noisy, so only the ratio
means anything) and prints `name: value` lines. The target is a ratio of at most 8.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time

ROUNDS = 15
RESOLVE = [
    "resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour", "NIJ Type III",
]


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    exe = shutil.which("armourpen")
    resolve_cmd = [exe, *RESOLVE] if exe else [sys.executable, "-m", "armourpen", *RESOLVE]
    bare_cmd = [sys.executable, "-c", "pass"]
    timed(bare_cmd), timed(resolve_cmd)  # warm the file cache
    bare, resolve = [], []
    for _ in range(ROUNDS):
        bare.append(timed(bare_cmd))
        resolve.append(timed(resolve_cmd))
    b, r = statistics.median(bare), statistics.median(resolve)
    print(f"python_c_pass_median_ms: {b * 1000:.1f}")
    print(f"armourpen_resolve_median_ms: {r * 1000:.1f}")
    print(f"startup_ratio: {r / b:.2f} (target <= 8)")


if __name__ == "__main__":
    main()
