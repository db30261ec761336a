"""GU-2 to GU-12: the exact odds against icepool, through ``bench/odds.py``'s own formulations.

icepool (an independent dice engine) maps every roll of the Agent Gray chain's 7d through the rules,
figure by figure; the engine's exact odds must give the same distributions. Running the bench's
code here also keeps the bench working: it is not run in CI otherwise.
"""

from __future__ import annotations

import importlib.util
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import armourpen
from armourpen.gurps.scenario import parse_gurps

BENCH = Path(__file__).resolve().parents[2] / "bench" / "odds.py"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> Any:
    """bench/odds.py, loaded as a module."""
    # the bench pins numpy's threads in os.environ when imported: set here, undone after the test
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        monkeypatch.setenv(var, "1")
    spec = importlib.util.spec_from_file_location("bench_odds", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gu8_gu12_exact_odds_equal_icepool_mapping_every_roll_through_the_rules(bench: Any) -> None:
    gray = parse_gurps(bench.GRAY)
    mapped, given_table = bench.icepool_odds(gray), bench.icepool_lookup(gray)
    assert [m.probabilities() for m in mapped] == [m.probabilities() for m in given_table]
    exact = armourpen.odds(gray)
    for i, target in enumerate(exact.targets):
        # the figures per target: reached, overpenetrates, injury, shock, major, knockdown, crippled
        reached, over, injury, shock, major = mapped[bench.FIGURES * i: bench.FIGURES * i + 5]
        assert Fraction(reached.probability(True)) == target.p_reached
        assert Fraction(over.probability(True)) == target.p_overpenetrates
        assert {k: Fraction(v) for k, v in zip(injury.outcomes(), injury.probabilities(),
                                               strict=True)} == {
            k: v for k, v in target.injury_pmf.items() if v}
        assert {k: Fraction(v) for k, v in zip(shock.outcomes(), shock.probabilities(),
                                               strict=True)} == {
            k: v for k, v in target.shock_pmf.items() if v}
        assert Fraction(major.probability(True)) == target.p_major_wound


def test_gu4_the_bench_baseline_of_injury_alone_equals_the_engine(bench: Any) -> None:
    gray = parse_gurps(bench.GRAY)
    exact, alone = armourpen.odds(gray), bench.injury_only(gray)
    assert [(t.p_reached, t.p_overpenetrates, t.injury_pmf) for t in exact.targets] == [
        (t.p_reached, t.p_overpenetrates, t.injury_pmf) for t in alone.targets]
