"""The Python API's charts write nothing under the user's home (issue 30 item 10): matplotlib's
font cache and config folder are armourpen's own, and the environment is left as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

DRAW = """
import json, os, sys
before = dict(os.environ)
from armourpen.charts import render, slope_chart
png = render(slope_chart(av=12), "png")
import matplotlib
print(json.dumps({"png": png[:4].decode("latin-1"), "same_env": dict(os.environ) == before,
                  "cachedir": matplotlib.get_cachedir()}))
"""


def _draw(tmp_path: Path, **extra: str) -> tuple[Path, Path, dict[str, object]]:
    home, cache = tmp_path / "home", tmp_path / "armourpen-cache"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("MPLCONFIGDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")}
    env.update(HOME=str(home), ARMOURPEN_CACHE_DIR=str(cache), **extra)
    done = subprocess.run([sys.executable, "-c", DRAW], capture_output=True, text=True, env=env,
                          check=True, timeout=300)
    return home, cache, json.loads(done.stdout.strip().splitlines()[-1])


def test_a_chart_drawn_from_the_python_api_writes_nothing_in_the_home(tmp_path: Path) -> None:
    # before, matplotlib made ~/.cache/matplotlib (its font list) and ~/.config/matplotlib
    home, cache, out = _draw(tmp_path)
    assert out["png"] == "\x89PNG"
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == []
    assert out["cachedir"] == str(cache / "matplotlib")
    assert any((cache / "matplotlib").glob("fontlist*.json"))
    assert out["same_env"] is True  # MPLCONFIGDIR was set for the import only


def test_an_mplconfigdir_the_caller_set_is_kept(tmp_path: Path) -> None:
    chosen = tmp_path / "mine"
    chosen.mkdir()
    _, cache, out = _draw(tmp_path, MPLCONFIGDIR=str(chosen))
    assert out["cachedir"] == str(chosen) and not (cache / "matplotlib").exists()
