"""``armourpen table``: the chart, its filters, the exports and AP-2 for bad input."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cli.cli_helpers import cli

NATO = "7.62x51mm NATO"
BANDS = ["contact", "point_blank", "close", "short", "medium", "long", "very_long", "far",
         "very_far", "distant", "very_distant"]
# 7.62x51mm NATO PEN 7 (Rifle/MG) vs NIJ Type III AV 6: +0 to Long -> 7 > 6; Very Long -1 -> 6 = 6;
# Far -2 and beyond -> below 6.
NATO_VS_III = ["penetrated"] * 6 + ["penetrated_reduced"] + ["stopped"] * 4


@pytest.mark.usefixtures("at_terminal")
def test_pa2_chart_has_legend_and_hand_checked_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "table", "--attack", NATO, "--armour", "NIJ Type III")
    assert code == 0, err
    assert "✓ penetrates" in out and "≈ penetrates, wound roll -4" in out and "· stopped" in out
    assert "NIJ Type III: AV 6, from front" in out
    row = next(line for line in out.splitlines() if line.startswith(NATO))
    cells = [c.strip() for c in row.split("│")]
    assert cells[1] == "7"  # base PEN
    assert cells[2:] == ["✓"] * 6 + ["≈"] + ["·"] * 4


@pytest.mark.usefixtures("at_terminal")
def test_pa9_chart_splits_directions_that_meet_different_av(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Sandbag wall AV 6 + NIJ Type III AV 6: 7 horizontally; from above only the vest, 6.
    code, out, _ = cli(capsys, "table", "-a", NATO, "--cover", "Sandbag wall, single layer",
                       "--armour", "NIJ Type III", "--from", "front", "--from", "left",
                       "--from", "above", "--band", "long")
    assert code == 0
    assert "Sandbag wall, single layer + NIJ Type III: AV 7, from front, left" in out
    assert "Sandbag wall, single layer + NIJ Type III: AV 6, from above" in out
    rows = [line for line in out.splitlines() if line.startswith(NATO)]
    # PEN 7 at Long: = AV 7 from the front (≈), > AV 6 from above (✓).
    assert [r.split("│")[-1].strip() for r in rows] == ["≈", "✓"]


def test_csv_export_parses_back_with_the_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "table", "-a", NATO, "--armour", "NIJ Type III", "-f", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["band"] for r in rows] == BANDS
    assert [r["outcome"] for r in rows] == NATO_VS_III
    assert [r["pen"] for r in rows] == ["7"] * 6 + ["6", "5", "4", "3", "2"]
    assert {r["av"] for r in rows} == {"6"}


def test_json_export_parses_back_with_the_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "table", "-a", NATO, "--armour", "NIJ Type III", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert [c["outcome"] for c in data["cells"]] == NATO_VS_III
    assert [c["symbol"] for c in data["cells"]] == ["✓"] * 6 + ["≈"] + ["·"] * 4
    assert data["defences"][0]["name"] == "NIJ Type III"


def test_markdown_export_is_a_table_per_defence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "table", "-a", NATO, "--armour", "NIJ Type III",
                       "--armour", "NIJ Type IV", "-f", "markdown", "--range", "150m")
    assert code == 0
    assert "### NIJ Type III: AV 6, from front" in out
    assert "### NIJ Type IV: AV 9, from front" in out
    # 150 m is Very Long: PEN 6 = AV 6 (≈), < AV 9 (·).
    rows = [line for line in out.splitlines() if line.startswith(f"| {NATO} |")]
    assert rows == [f"| {NATO} | 7 | ≈ |", f"| {NATO} | 7 | · |"]
    assert "Legend:" in out


def test_pa1_structural_values_show_both_scales(capsys: pytest.CaptureFixture[str]) -> None:
    # QF 6-pdr SPEN 10 = PEN 50; 120mm RHA SAV 12 = AV 60 -> stopped.
    code, out, _ = cli(capsys, "table", "-a", "57mm British QF 6-pdr", "--armour", "120mm RHA",
                       "--band", "long", "-f", "markdown")
    assert code == 0
    assert "AV 60 (SAV 12)" in out
    assert "| 57mm British QF 6-pdr | 50 (SPEN 10) | · |" in out


def test_filters_by_substring_and_defence_combination(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "table", "-a", "NATO AP", "--defence",
                       "Sandbag wall, single layer + US PASGT vest", "--band", "short", "-f", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["attack"] for r in rows} == {"7.62x51mm NATO AP"}
    # PEN 9 at Short against 6 + 1 = 7: penetrates.
    assert [(r["av"], r["outcome"]) for r in rows] == [("7", "penetrated")]


def test_pa6_optional_rule_reaches_the_export(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "table", "-a", "5.56mm NATO", "--armour", "Bare skin",
                       "--optional-rule", "rifle_ball_as_sp", "-f", "csv")
    assert code == 0
    ammo = [r["ammo"] for r in csv.DictReader(io.StringIO(out))]
    assert ammo == ["sp"] * 5 + ["ball"] * 6


def test_user_catalog_attack_appears(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    user = tmp_path / "mine.toml"
    user.write_text('[[attack]]\nname = "Test blaster"\npen = 6\nrange_column = "none"\n')
    code, out, _ = cli(capsys, "table", "--catalog", str(user), "-a", "Test blaster",
                       "--armour", "NIJ Type III", "--band", "far", "-f", "csv")
    assert code == 0
    # PEN 6, no range column (PA-4) = AV 6.
    assert [r["outcome"] for r in csv.DictReader(io.StringIO(out))] == ["penetrated_reduced"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--band", "nearish"], "--band #1"),
        (["--range", "5 km"], "--range #1"),
        (["--band", "long", "--range", "10m"], "--range"),
        (["--from", "sideways"], "--from #1"),
        (["--attack", "zzzz"], "--attack"),
        (["--armour", "zzzz"], "--armour"),
        (["--cover", "Brick wall"], "PA-13"),
        (["--defence", "NIJ Type III + nothing at all"], "--defence #1"),
        (["--format", "xml"], "--format"),
        (["--optional-rule", "everything_goes"], "--optional-rule #1"),
        (["--ammo", "plasma"], "--ammo"),
    ],
)
def test_ap2_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                             needle: str) -> None:
    code, out, err = cli(capsys, "table", "-a", NATO, "--armour", "NIJ Type III", *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err
