"""The slow tests, told by what they are rather than marked in each file, so that a new browser
or property test is marked too (tests/conftest.py adds the markers): ``python -m pytest -m "not
slow"`` is the README's quick run, and the README's test command (CI's) runs them all."""

from __future__ import annotations

from pathlib import Path

_SCHEMATHESIS = "test_web_schemathesis.py"
_BENCH = "test_bench_smoke.py"


def slow_reason(path: Path, is_property_test: bool) -> str | None:
    """Why a test is slow (``browser``, ``schemathesis``, ``bench``, ``property``), or None."""
    if path.name.endswith("_browser.py"):
        return "browser"
    if path.name == _SCHEMATHESIS:
        return "schemathesis"
    if path.name == _BENCH:
        return "bench"
    return "property" if is_property_test else None
