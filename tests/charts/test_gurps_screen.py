"""The GM screen's GURPS page (``screen --rules gurps``): typical weapons against typical DR."""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

import pytest
from cli.cli_helpers import cli
from pypdf import PdfReader

from armourpen.charts.gurps_screen import gurps_cells, gurps_screen_pdf


def test_gu4_gu12_cells_worked_by_hand() -> None:
    # 2d pi at HP 10: a major wound is injury over 5, pi x1 (GU-4, GU-12).
    # DR 0: injury = the roll, mean 7; 6 or more on 2d: 26 of 36 = 13/18.
    # DR 4: injury max(0, r - 4) (at least 1 through): r = 5..12 give 1..8, weights 4 5 6 5 4 3 2 1
    # of 36: (4 + 10 + 18 + 20 + 20 + 18 + 14 + 8) / 36 = 112/36 = 28/9; over 5: r >= 10, 6/36.
    (dr0, dr4), = gurps_cells((("2d pi", "service handgun"),), ((0, "clothes"), (4, "mail")))
    assert (dr0.expected_injury, dr0.p_major_wound) == (Fraction(7), Fraction(13, 18))
    assert (dr4.expected_injury, dr4.p_major_wound) == (Fraction(28, 9), Fraction(1, 6))
    assert (dr0.text(), dr4.text()) == ("7.0 · 72%", "3.1 · 17%")


def test_gurps_page_reads_back() -> None:
    reader = PdfReader(io.BytesIO(gurps_screen_pdf("a4")))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "typical weapons against typical DR" in text
    assert "7.0 · 72%" in text and "3.1 · 17%" in text and "DR 35" in text


def test_screen_rules_gurps_writes_the_page(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    out = tmp_path / "gm.pdf"
    code, _, err = cli(capsys, "screen", "--rules", "gurps", "--paper", "letter", "--out", str(out))
    assert code == 0, err
    reader = PdfReader(out)
    assert round(float(reader.pages[0].mediabox.width)) == 792
    assert "2d pi" in reader.pages[0].extract_text()


@pytest.mark.parametrize(("args", "field"), [
    (["--rules", "gurps", "-a", "7.62x51mm NATO"], "--attack"),
    (["--rules", "gurp"], "--rules"),
])
def test_screen_rules_gurps_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                      args: list[str], field: str) -> None:
    out = tmp_path / "gm.pdf"
    code, _, err = cli(capsys, "screen", *args, "--out", str(out))
    assert code == 2
    assert err.startswith(f"armourpen: error: {field}:") and err.count("\n") == 1
    assert not out.exists()
