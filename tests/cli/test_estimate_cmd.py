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


# --- issue 29 item 5: .308 is inches; a round outside the text's rows has no interval ------------


def test_ap2_calibre_308_is_read_as_inches_and_the_step_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    # .308 in = 0.308 x 25.4 = 7.8232 mm: the 7.62x51mm NATO's bore, PEN 7 in the text
    code, out, _ = cli(capsys, "estimate", "--calibre", ".308", "--mass", "147gr", "--velocity",
                       "2700fps")
    assert code == 0
    assert ("[AP-2] calibre .308 read as inches: 7.8232 mm (a bare calibre under 1 is inches, as "
            "designers write .308 and .50; give .308mm for millimetres)") in out
    assert "the text would give PEN" in out.splitlines()[0]
    code, out, _ = cli(capsys, "estimate", "--calibre", ".308", "--mass", "147gr", "--velocity",
                       "2700fps", "--json")
    shown = json.loads(out)
    assert shown["input"]["calibre_mm"] == 7.8232 and shown["interval"] is not None
    assert shown["steps"][0]["rule"] == "AP-2"


@pytest.mark.parametrize(("typed", "mm"), [(".50", 12.7), ("6.5", 6.5), ("0.5in", 12.7)])
def test_ap2_calibre_units_on_the_command_line(capsys: pytest.CaptureFixture[str], typed: str,
                                               mm: float) -> None:
    code, out, _ = cli(capsys, "estimate", "--calibre", typed, "--mass", "40g", "--velocity",
                       "880", "--json")
    assert code == 0 and json.loads(out)["input"]["calibre_mm"] == mm


def test_pa11_outside_the_texts_rows_the_cli_shows_no_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    # 0.308 mm (its unit written) is under the narrowest small-arms row, 5.62 mm
    code, out, _ = cli(capsys, "estimate", "--calibre", "0.308mm", "--mass", "147gr",
                       "--velocity", "2700fps")
    assert code == 0
    head = out.splitlines()[0]
    assert "(no interval: outside the text's rows)" in head and "would give" not in head
    assert ("Warning: [PA-11] outside the text's rows: beyond the small arms' rows, calibre "
            "0.308 mm (theirs: 5.62 to 18.5 mm)") in out
    code, out, _ = cli(capsys, "estimate", "--calibre", "0.308mm", "--mass", "147gr",
                       "--velocity", "2700fps", "--json")
    assert code == 0 and json.loads(out)["interval"] is None


@pytest.mark.parametrize("typed", [".0", ".308cal", "1001", "-.308"])
def test_ap2_a_bad_calibre_is_one_line_naming_the_flag_and_what_is_allowed(
        capsys: pytest.CaptureFixture[str], typed: str) -> None:
    code, out, err = cli(capsys, "estimate", f"--calibre={typed}", "--mass", "9g", "--velocity",
                         "820")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"--calibre: '{typed}' is not allowed; a calibre such as 6.5mm, .308in or 2cm (a bare " \
           "number is mm from 1 and inches under 1: .308 is .308in)" in err
