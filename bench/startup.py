"""Start-up: a GM's one-shot `armourpen` commands (output to a pipe) against a bare `python -c pass`
of the same virtual environment. The gate is a ratio of at most 8 on each path: `resolve` with
the PEN/AV quick flags, with the GURPS quick flags, of a scenario file, and `--version`.

It measures a non-editable install, as users get it. By default the bench builds a temporary
virtual environment and runs `pip install .` of this checkout into it (about a minute, and the
packages come from the index or pip's cache); `--python PATH` measures an existing environment's
interpreter instead, and refuses one whose armourpen is an editable install (`pip install -e`),
which imports from the source tree and would not measure what users run.

The commands alternate in one process (the machine is shared and noisy, so only the ratios mean
anything); each path's median, its ratio and whether it meets the gate are printed as `name: value`
lines, with the floor the quick flags stand on (importing pydantic's `BaseModel` and click, which
they need, and nothing of armourpen), then how long the built-in catalog takes to import and to
load from its cache, and what heavy modules the PEN/AV quick path imports.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

from _common import line

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 21
RESOLVE = [
    "resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour", "NIJ Type III",
]
HEAVY = ("pydantic", "numpy", "typer", "rich")
GATE = 8.0
# Each path a GM starts from: its name in the printed lines, and the arguments of `armourpen`.
PATHS: dict[str, list[str]] = {
    "penav_quick": RESOLVE,
    "gurps_quick": ["resolve", "--damage", "3d pi", "--hp", "10", "--roll", "10"],
    "scenario_file": ["resolve", str(ROOT / "src" / "armourpen" / "examples" / "bodyguard.toml")],
    "version": ["--version"],
}
# What the quick flags cannot do without: the input model is pydantic's, the CLI click's.
FLOOR = "from pydantic import BaseModel; import click"

_EDITABLE = """
import json, importlib.metadata as md
dist = md.distribution("armourpen")
url = json.loads(dist.read_text("direct_url.json") or "{}")
print(json.dumps(bool(url.get("dir_info", {}).get("editable"))))
"""

# The built-in catalog from its cache: importing it and loading it (milliseconds each), and the
# heavy modules imported.
_CATALOG = """
import json, sys, time
start = time.perf_counter()
from armourpen.catalog import Catalog
imported = time.perf_counter()
Catalog.builtin(cache=True)
loaded = time.perf_counter()
print(json.dumps([(imported - start) * 1000, (loaded - imported) * 1000,
                  [m for m in {heavy!r} if m in sys.modules]]))
"""

_RESOLVE_IMPORTS = """
import json, sys
from armourpen.cli.app import _run
_run({args!r})
print(json.dumps([m for m in {heavy!r} if m in sys.modules]), file=sys.stderr)
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.PIPE, env=env)
    return time.perf_counter() - start


def build_venv(where: Path) -> Path:
    """A fresh virtual environment with this checkout installed the way users install it."""
    line("venv", f"temporary, `pip install .` of {ROOT} (non-editable) in {where}")
    venv.create(where, with_pip=True)
    python = where / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(ROOT)], check=True)
    return python


def refuse_editable(python: Path) -> None:
    done = subprocess.run([str(python), "-c", _EDITABLE], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"error: {python} has no armourpen installed: {done.stderr.strip()[-200:]}")
    if json.loads(done.stdout):
        sys.exit(f"error: armourpen in {python.parent.parent} is an editable install "
                 "(pip install -e), which imports from the source tree: start-up is measured on "
                 "a non-editable install. Use a venv with `pip install .`, or leave out --python "
                 "and the bench builds one.")
    line("venv", f"{python.parent.parent} (non-editable install)")


def measure(python: Path, rounds: int, env: dict[str, str]) -> None:
    exe = python.parent / "armourpen"
    commands = {"python_c_pass": [str(python), "-c", "pass"],
                "floor_pydantic_click": [str(python), "-c", FLOOR],
                **{name: [str(exe), *args] for name, args in PATHS.items()}}
    for _ in range(2):  # warm the file cache, and build the catalog cache once
        for cmd in commands.values():
            timed(cmd, env)
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, cmd in commands.items():
            samples[name].append(timed(cmd, env))
    medians = {name: statistics.median(ts) for name, ts in samples.items()}
    bare = medians.pop("python_c_pass")
    line("python_c_pass_median_ms", f"{bare * 1000:.1f}")
    for name, median in medians.items():
        ratio = median / bare
        line(f"{name}_median_ms", f"{median * 1000:.1f}")
        if name.startswith("floor_"):  # not a path: what the quick paths cannot go below
            line(f"{name}_ratio", f"{ratio:.2f} (imports only, no gate)")
        else:
            met = "met" if ratio <= GATE else "NOT met"
            line(f"{name}_ratio", f"{ratio:.2f} (gate <= {GATE:g}: {met})")

    imports, loads = [], []
    heavy_catalog: list[str] = []
    for _ in range(7):
        done = subprocess.run([str(python), "-c", _CATALOG.format(heavy=HEAVY)], check=True,
                              capture_output=True, text=True, env=env)
        imported_ms, loaded_ms, heavy_catalog = json.loads(done.stdout)
        imports.append(imported_ms)
        loads.append(loaded_ms)
    line("catalog_import_median_ms", f"{statistics.median(imports):.1f}")
    line("catalog_load_from_cache_median_ms", f"{statistics.median(loads):.1f}")
    line("catalog_heavy_imports", ", ".join(heavy_catalog) or "none")
    done = subprocess.run([str(python), "-c", _RESOLVE_IMPORTS.format(args=RESOLVE, heavy=HEAVY)],
                          check=True, capture_output=True, text=True, env=env)
    line("resolve_heavy_imports", ", ".join(json.loads(done.stderr.splitlines()[-1])) or "none")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", type=Path,
                        help="the interpreter of a venv with a non-editable armourpen install")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="armourpen-startup-") as tmp:
        folder = Path(tmp)
        # The user's folders stay out of it: a cache and a config folder of the bench's own.
        env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(folder / "cache"),
               "XDG_CONFIG_HOME": str(folder / "config")}
        env.pop("NO_COLOR", None)
        if options.python is None:
            python = build_venv(folder / "venv")
        else:
            python = Path(shutil.which(str(options.python)) or options.python).absolute()
            refuse_editable(python)
        measure(python, options.rounds, env)


if __name__ == "__main__":
    main()
