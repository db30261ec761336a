"""Start-up: a GM's one-shot `armourpen resolve` (quick flags, output to a pipe) against a bare
`python -c pass` of the same virtual environment. The target is a ratio of at most 8.

It measures a non-editable install, as users get it. By default the bench builds a temporary
virtual environment and runs `pip install .` of this checkout into it (about a minute, and the
packages come from the index or pip's cache); `--python PATH` measures an existing environment's
interpreter instead, and refuses one whose armourpen is an editable install (`pip install -e`),
which imports from the source tree and would not measure what users run.

The two commands alternate in one process (the machine is shared and noisy, so only the ratio
means anything); both medians and the ratio are printed as `name: value` lines, then how long the
built-in catalog takes to import and to load from its cache, and what heavy modules each path
imports.
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
    resolve_cmd = [str(exe), *RESOLVE]
    bare_cmd = [str(python), "-c", "pass"]
    for _ in range(2):  # warm the file cache, and build the catalog cache once
        timed(bare_cmd, env), timed(resolve_cmd, env)
    bare, resolve = [], []
    for _ in range(rounds):
        bare.append(timed(bare_cmd, env))
        resolve.append(timed(resolve_cmd, env))
    b, r = statistics.median(bare), statistics.median(resolve)
    line("python_c_pass_median_ms", f"{b * 1000:.1f}")
    line("armourpen_resolve_median_ms", f"{r * 1000:.1f}")
    line("startup_ratio", f"{r / b:.2f} (target <= 8)")

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
