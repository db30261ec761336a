"""The golden cases (tests/golden: penav.txt, lines.txt, gurps.txt, blasts.txt) hold through the
public API."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def _checker() -> ModuleType:
    path = Path(__file__).parent / "golden" / "check.py"
    spec = importlib.util.spec_from_file_location("golden_check", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_golden_cases_hold() -> None:
    mod = _checker()
    here = Path(__file__).parent / "golden"
    assert len(mod.cases(here / "penav.txt")) >= 20
    # lines of fire through several targets and vehicles (PA-12), and GURPS chains (GU-7)
    assert len(mod.line_cases(here / "lines.txt")) >= 7
    assert len(mod.gurps_cases(here / "gurps.txt")) >= 6
    # GURPS explosions (GU-21, GU-22): the blast's divisor, inside, fragments
    assert len(mod.blast_cases(here / "blasts.txt")) >= 13
    count, failures = mod.check_all()
    assert failures == [] and count >= 33
