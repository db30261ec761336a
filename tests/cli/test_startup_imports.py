"""What a one-shot command imports (start-up is timed by bench/startup.py, never here).

The quick-flag ``armourpen resolve`` into a pipe needs neither numpy, Typer nor Rich (plain text
away from a terminal); it imports pydantic only for the scenario's one input model, which the quick
parameters fill without validating it; the built-in catalog comes from its JSON cache (no
tomllib), whose digest needs no hashlib (which loads OpenSSL).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("pydantic", "numpy", "typer", "rich", "tomllib", "hashlib")
QUICK = ["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour", "NIJ Type III"]


def imported_by(args: list[str], cache: Path) -> tuple[int, str, list[str]]:
    """Run ``armourpen ARGS`` in a fresh interpreter, its stdout a pipe; return the exit code,
    the output and which of :data:`HEAVY` it imported."""
    code = (
        "import json, sys\n"
        "from armourpen.cli.app import _run\n"
        f"rc = _run({args!r})\n"
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "print(json.dumps([rc, heavy]), file=sys.stderr)\n"
    )
    env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(cache)}
    env.pop("NO_COLOR", None)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=True, timeout=120)
    rc, heavy = json.loads(done.stderr.strip().splitlines()[-1])
    return rc, done.stdout, heavy


def test_quick_resolve_into_a_pipe_imports_nothing_heavy_beyond_its_input_model(
    tmp_path: Path,
) -> None:
    imported_by(QUICK, tmp_path)  # the first run of a version builds the catalog cache
    rc, out, heavy = imported_by(QUICK, tmp_path)
    assert rc == 0 and "penetrates, wound roll -4" in out
    # what the pydantic names an input model is declared with bring by themselves
    code = ("import sys\nfrom pydantic import BaseModel, Field, StrictInt\n"
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    alone = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, timeout=120).stdout
    assert "pydantic" in heavy and heavy == json.loads(alone.replace("'", '"'))


def test_catalog_from_its_cache_imports_nothing_heavy(tmp_path: Path) -> None:
    imported_by(["catalog", "show", "NIJ Type III", "--json"], tmp_path)
    rc, out, heavy = imported_by(["catalog", "show", "NIJ Type III", "--json"], tmp_path)
    assert rc == 0 and json.loads(out)["av"] == 6
    assert heavy == []


@pytest.mark.parametrize(
    "args",
    [["catalog", "list", "cover"], ["examples"], ["thickness", "120mm"],
     ["odds", "example:agent-gray"], ["table", "--armour", "NIJ Type III", "-a", "Sword"]],
    ids=" ".join,
)
def test_readable_output_into_a_pipe_never_loads_rich(tmp_path: Path, args: list[str]) -> None:
    imported_by(args, tmp_path)
    rc, out, heavy = imported_by(args, tmp_path)
    assert rc == 0 and out.strip()
    assert "rich" not in heavy
