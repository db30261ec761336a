"""The golden PEN/AV cases (tests/golden/penav.txt) hold through the public API."""

from __future__ import annotations

import importlib.util
from pathlib import Path


def test_golden_penav_cases() -> None:
    path = Path(__file__).parent / "golden" / "check.py"
    spec = importlib.util.spec_from_file_location("golden_check", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert len(mod.cases(path.parent / "penav.txt")) >= 20
    assert mod.check() == []
