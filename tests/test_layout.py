"""One way to show a chance, for every front end: 0% and 100% only for what is certain."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from armourpen.layout import percent

TINY = Fraction(1, 6**50)  # as a float, 1 - TINY is 1.0


@pytest.mark.parametrize(
    ("chance", "shown"),
    [(0, "0%"), (1, "100%"), (Fraction(0), "0%"), (Fraction(1), "100%"), (TINY, "<0.01%"),
     (1 - TINY, ">99.99%"), (Fraction(1, 3), "33.33%"), (Fraction(1, 2), "50.00%"),
     (Fraction(9999, 10000), "99.99%"), (Fraction(1, 10000), "0.01%"), (0.25, "25.00%")],
)
def test_a_chance_is_0_or_100_percent_only_when_certain(chance: Fraction | float, shown: str) -> None:
    assert percent(chance) == shown


def test_trimmed_for_the_web() -> None:
    assert percent(Fraction(1, 2), trim=True) == "50%"
    assert percent(Fraction(1, 3), trim=True) == "33.33%"
    assert percent(1 - TINY, trim=True) == ">99.99%"


def test_gu7_odds_print_no_certainty_that_is_not_one(tmp_path: Path) -> None:
    # 50d pi against DR 100: the VIP behind (cover DR 2 x 100 + HP 99 = 299) is reached only on
    # 50 sixes (basic 300 > 299), a chance of 6**-50; it is not reached with 1 - 6**-50.
    scenario = tmp_path / "near.toml"
    scenario.write_text(
        'rules = "gurps"\n[attack]\ndamage = "50d pi"\n'
        '[[line]]\ntarget = "Wall"\nhp = 99\ndr = 100\n[[line]]\ntarget = "VIP"\nhp = 10\n',
        encoding="utf-8",
    )
    done = subprocess.run([sys.executable, "-m", "armourpen", "odds", str(scenario)],
                          capture_output=True, text=True, check=True)
    vip = done.stdout[done.stdout.index("VIP"):]
    assert "reached <0.01%" in vip
    assert ">99.99%" in vip.splitlines()[2]  # injury 0: not reached, almost surely
    assert "100%" not in vip.replace(">99.99%", "")


def test_an_estimate_of_0_or_1_is_no_certainty() -> None:
    assert percent(1.0, estimate=True) == "100.00%" and percent(0.0, estimate=True) == "0.00%"
    assert percent(0.5, estimate=True) == "50.00%" and percent(0.99999, estimate=True) == ">99.99%"


def test_gu8_monte_carlo_prints_no_certainty() -> None:
    # Agent Gray is hit for sure; the sample says so as 100.00% +- 0.00, not as a certain 100%
    done = subprocess.run([sys.executable, "-m", "armourpen", "odds", "example:agent-gray",
                           "--samples", "2000", "--seed", "3"], capture_output=True, text=True,
                          check=True)
    assert "reached 100.00% ± 0.00" in done.stdout
    assert " 100%" not in done.stdout and " 0%" not in done.stdout
