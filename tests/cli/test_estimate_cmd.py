"""``armourpen estimate``: the suggested PEN with its steps, --json, and AP-2 on bad input."""

from __future__ import annotations

import json

import pytest
from cli.cli_helpers import cli

import armourpen
from armourpen.serialize import plain


def test_pa11_estimate_prints_pen_bands_nearest_rows_and_steps(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "estimate", "--calibre", "7.82mm", "--mass", "9.6g",
                       "--velocity", "847")
    assert code == 0
    assert out.startswith("PEN ")
    assert "Very Distant" in out and "7.62x51mm NATO" in out
    for rule in ("[PA-11]", "[PA-4]", "[PA-5]"):
        assert rule in out


def test_estimate_json_is_the_apis(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "estimate", "--calibre", "9mm", "--mass", "124gr", "--velocity",
                       "1150fps", "--handgun", "--json")
    assert code == 0
    want = armourpen.estimate(calibre="9mm", mass="124gr", velocity="1150fps", column="handgun")
    assert json.loads(out) == plain(want)
    assert json.loads(out)["range_column"] == "handgun"


@pytest.mark.parametrize(("flag", "value"), [
    ("--mass", "-9g"), ("--calibre", "0"), ("--velocity", "11km/s"), ("--bullet", "steel"),
])
def test_ap2_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], flag: str,
                                              value: str) -> None:
    args = {"--calibre": "6.5mm", "--mass": "9g", "--velocity": "820", "--bullet": "ball"}
    args[flag] = value
    code, out, err = cli(capsys, "estimate", *[x for kv in args.items() for x in kv])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and flag in err


def test_ap2_a_round_past_the_scale_is_one_line_naming_the_flag_and_the_value_typed(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "estimate", "--calibre", "1mm", "--mass", "1000kg",
                         "--velocity", "10km/s")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--mass: '1000kg' is not allowed; with calibre 1mm and velocity 10km/s" in err


@pytest.mark.parametrize("flag", ["--rifle", "--handgun"])
def test_pa4_a_range_column_on_a_gun_is_one_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], flag: str) -> None:
    code, out, err = cli(capsys, "estimate", "--calibre", "100mm", "--mass", "15.9kg",
                         "--velocity", "895", "--bullet", "ap", flag)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert f"--handgun/--rifle: '{flag[2:]}' is not allowed; none: a round of 20 mm" in err
