"""``armourpen thickness``: the PA-11 curve both ways, neighbours, JSON, and AP-2 on bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from cli.cli_helpers import cli

from armourpen.penav.thickness import parse_thickness


def test_pa11_120mm_is_av60_sav12_with_neighbours(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "thickness", "120mm")
    assert code == 0
    assert "120 mm of RHA -> AV 60 (SAV 12)" in out
    assert "AV 60 (SAV 12) -> 120 mm" in out
    # neighbouring table points: AV 50 = 110 mm, AV 70 = 130 mm
    assert "110" in out and "130" in out
    assert "[PA-11]" in out


def test_pa11_av_to_mm_and_back(capsys: pytest.CaptureFixture[str]) -> None:
    # AV 34 = 70 + 4/5 x 10 = 78 mm; 78 mm -> AV 34 again
    code, out, _ = cli(capsys, "thickness", "--av", "34")
    assert code == 0
    assert "AV 34 (SAV 6.8) -> 78 mm of RHA" in out
    assert "78 mm of RHA -> AV 34 (SAV 6.8)" in out


def test_pa11_json_for_a_thickness_between_points(capsys: pytest.CaptureFixture[str]) -> None:
    # 78.75 mm -> AV 34 (floor of 34.375); AV 34 needs 78 mm, AV 35 needs 80 mm
    code, out, _ = cli(capsys, "thickness", "78.75mm", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["input"] == {"mm": 78.75}
    assert data["mm_to_av"]["av"] == 34
    assert data["mm_to_av"]["sav"] == 6.8
    assert data["av_to_mm"]["mm"] == 78
    assert data["av_to_mm"]["next"]["av"] == 35
    assert data["av_to_mm"]["next"]["mm"] == 80
    assert [(p["av"], p["mm"]) for p in data["neighbours"]] == [(30, 70), (35, 80)]
    assert all(s["rule"] == "PA-11" for s in data["steps"])


def test_pa11_json_for_an_sav(capsys: pytest.CaptureFixture[str]) -> None:
    # SAV 12 = AV 60 = 120 mm, a table point between AV 50 and AV 70
    code, out, _ = cli(capsys, "thickness", "--sav", "12", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["av_to_mm"]["mm"] == 120
    assert [(p["av"], p["at"]) for p in data["neighbours"]] == [(50, False), (60, True), (70, False)]


@pytest.mark.parametrize(
    ("text", "mm"),
    [("120mm", Fraction(120)), ("120", Fraction(120)), ("12.5 mm", Fraction("12.5")),
     ("4cm", Fraction(40)), ("2in", Fraction("50.8")), ('1"', Fraction("25.4"))],
)
def test_thickness_units(text: str, mm: Fraction) -> None:
    assert parse_thickness(text) == mm


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["0.5mm"], "thickness"),
        (["abc"], "thickness"),
        (["--", "-3mm"], "thickness"),  # a negative thickness
        (["--av", "2000"], "--av"),
        (["--av", "2"], "--av"),
        (["--sav", "5.1"], "--sav"),
        ([], "thickness"),
        (["120mm", "--av", "60"], "thickness"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], field: str
) -> None:
    code, out, err = cli(capsys, "thickness", *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"armourpen: error: {field}")


@pytest.mark.parametrize("typed", ["1/5", "6.7", "nan", "inf", "1e999999999", "-1", "abc", "9" * 5000])
def test_ap2_sav_echoes_what_was_typed(capsys: pytest.CaptureFixture[str], typed: str) -> None:
    # SAV 1/5 is AV 1, below the curve's AV 3; 6.7 is no multiple of 0.2 (PA-1)
    code, out, err = cli(capsys, "thickness", "--sav", typed)
    assert code == 2 and out == ""
    line = err.strip()
    assert "\n" not in line and line.startswith("armourpen: error: --sav: ")
    assert repr(typed[:20]).strip("'") in line and "SAV 0.6 to 200" in line


@pytest.mark.parametrize("typed", ["0", "0.5mm", " 9000 mm", "400in", "0cm"])
def test_ap2_thickness_off_the_curve_echoes_what_was_typed(
    capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    # the curve runs from 1 mm (AV 3) to 8200 mm (AV 1000); 400in is 10160 mm (PA-11)
    code, out, err = cli(capsys, "thickness", typed)
    assert (code, out) == (2, "")
    assert err == f"armourpen: error: thickness: {typed!r} is not allowed; allowed: 1 mm to 8200 mm" \
        " of RHA (AV 3 to 1000 on the thickness curve) (PA-11)\n"
