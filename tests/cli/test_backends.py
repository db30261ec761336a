"""Readable output: plain text (no Rich) when the output is not a terminal, Rich at a terminal.

Both show the same content in the same order (AP-1): the head line, the table with each target's
outcome, the warnings, then the steps with their ruling ids. Plain text is never cut or wrapped.
"""

from __future__ import annotations

import pytest
from cli.cli_helpers import cli

from armourpen.cli import options
from armourpen.cli.plain import table, width
from armourpen.layout import Align, Column

# 7.62x51mm NATO at 150 m is Very Long: PEN 7 - 1 = 6 (PA-3, PA-4) against the NIJ Type III vest
# (AV 6), a riot shield (AV 2) and a steel helmet (AV 3): base 6, +1 for each further layer of
# AV 1 or more (PA-7) -> AV 8: stopped (PA-2); the shield and the helmet are two rigid layers,
# more than is reasonable to wear (PA-8).
QUICK = ["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour", "NIJ Type III",
         "--armour", "Riot shield", "--armour", "Steel helmet", "--target", "Gray"]
BOX = set("─━│┃┏┓┗┛┡┩╇╋┼")


def lines_of(out: str) -> list[str]:
    return [" ".join(line.split()) for line in out.splitlines()]


def test_ap1_plain_text_shows_outcome_warnings_then_every_step_with_its_ruling(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "1")  # nothing is cut to the terminal's width
    code, out, _ = cli(capsys, *QUICK)
    assert code == 0
    assert not BOX & set(out)
    lines = lines_of(out)
    assert lines[0] == ("7.62x51mm NATO at 150 m (very long), from front: PEN 6, ammo ball, "
                        "DC modifier -1")
    header = lines.index("target AV outcome wound")
    assert lines[header + 2] == "Gray 8 stopped"
    warning = next(i for i, line in enumerate(lines) if line.startswith("warning: [PA-8]"))
    how = lines.index("How")
    assert header < warning < how
    steps = lines[how + 1:]
    assert steps[0] == "PA-1 7.62x51mm NATO: PEN 7"
    rules = [s.split()[0] for s in steps]
    assert {"PA-2", "PA-3", "PA-4", "PA-7"} <= set(rules)
    assert steps[-1].startswith("PA-2 PEN 6 < AV 8: stopped")


def test_ap1_plain_text_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = cli(capsys, *QUICK)
    lines = out.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("target")))
    title, rule, row = lines[header:header + 3]
    assert [len(part) for part in rule.split("  ")] == [6, 2, 7, 5]  # "target" is the widest
    assert row.index("stopped") == title.index("outcome")
    assert row.index("8") + 1 == title.index("AV") + 2  # right-aligned under "AV"
    how = lines.index("How")
    steps = lines[how + 1:]
    starts = {line.index(line.split()[1]) for line in steps}
    assert len(starts) == 1  # every step's text starts in the same column


def test_ap1_rich_at_a_terminal_shows_the_same_content(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, plain, _ = cli(capsys, *QUICK)
    monkeypatch.setattr(options, "terminal", lambda: True)  # as the at_terminal fixture does
    monkeypatch.setenv("COLUMNS", "200")
    code, rich, _ = cli(capsys, *QUICK)
    assert code == 0
    assert BOX & set(rich)  # drawn by Rich
    words = " ".join(rich.split())
    for line in lines_of(plain):
        if line and set(line) != {"-", " "}:
            assert all(word in words for word in line.split()), line
    assert words.index("stopped") < words.index("warning: [PA-8]") < words.index("PA-1 7.62x51mm")


@pytest.mark.parametrize(
    ("env", "tty", "expected"),
    [({}, True, True), ({}, False, False), ({"NO_COLOR": "1"}, True, False),
     ({"TERM": "dumb"}, True, False)],
)
def test_terminal_means_a_tty_that_allows_colour(monkeypatch: pytest.MonkeyPatch,
                                                 env: dict[str, str], tty: bool,
                                                 expected: bool) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for key, value in env.items():
        monkeypatch.setenv(key, value)

    class Stream:
        def isatty(self) -> bool:
            return tty

    monkeypatch.setattr("sys.stdout", Stream())
    assert options.terminal() is expected


def test_plain_table_aligns_by_display_width_and_keeps_every_line() -> None:
    columns = (Column("name"), Column("AV", Align.RIGHT), Column("mark", Align.CENTER))
    rows = [["vest", "6", "✓"], ["盾", "12", "·"], ["two\nlines", "3", ""]]
    assert table(columns, rows) == [
        "name   AV  mark",
        "-----  --  ----",
        "vest    6   ✓",
        "盾     12   ·",
        "two     3",
        "lines",
    ]
    assert width("盾") == 2 and width("e\u0301") == 1


def test_gcs_character_prints_as_plain_text_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", "example:agent-gray")
    assert code == 0 and not BOX & set(out)
    lines = lines_of(out)
    assert lines[0] == "7d(2) pi-, ranged, torso: roll 20, basic damage 20"
    how = lines.index("How")
    assert lines[how + 1] == "GU-1 7d(2) pi-: fixed roll 20"


READABLE = [
    ["catalog", "list", "cover"],
    ["catalog", "show", "T-34"],
    ["catalog", "search", "helmet"],
    ["examples"],
    ["thickness", "78.75mm"],
    ["odds", "example:agent-gray"],
    ["table", "--armour", "NIJ Type III", "--attack", "7.62x51mm NATO", "--from", "front",
     "--from", "above"],
]


@pytest.mark.parametrize("args", READABLE, ids=" ".join)
def test_every_readable_command_prints_plain_text_into_a_pipe_and_rich_at_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
) -> None:
    monkeypatch.setenv("COLUMNS", "1")
    code, plain, _ = cli(capsys, *args)
    assert code == 0 and plain.strip()
    assert not BOX & set(plain)
    assert max(map(len, plain.splitlines())) > 40  # not wrapped to the tiny width
    monkeypatch.setattr(options, "terminal", lambda: True)
    monkeypatch.setenv("COLUMNS", "400")
    code, rich, _ = cli(capsys, *args)
    assert code == 0
    words = set(rich.split())
    missing = {w for w in plain.split() if set(w) != {"-"} and w not in words}
    assert not missing


def test_pa11_thickness_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    # 78.75 mm lies between AV 30 = 70 mm and AV 35 = 80 mm: 30 + 8.75 / 10 x 5 = 34.375 -> AV 34
    # (floor); back, AV 34 is 70 + 4 / 5 x 10 = 78 mm (PA-11).
    _, out, _ = cli(capsys, "thickness", "78.75mm")
    lines = out.splitlines()
    assert lines[0] == "78.75 mm of RHA -> AV 34 (SAV 6.8)  (floor: the highest AV it reaches)"
    assert lines[1] == "AV 34 (SAV 6.8) -> 78 mm of RHA"
    assert [" ".join(line.split()) for line in lines[6:9]] == [
        "30 6 70", "34 6.8 78.75 <- this value (between points)", "35 7 80"]


def test_pa2_table_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    # 7.62x51mm NATO PEN 7 (Rifle/MG) against NIJ Type III AV 6: +0 to Long -> 7 > 6; Very Long
    # -1 -> 6 = 6; Far -2 and beyond -> below 6 (PA-2, PA-4).
    _, out, _ = cli(capsys, "table", "--armour", "NIJ Type III", "--attack", "7.62x51mm NATO")
    row = next(line for line in out.splitlines() if line.startswith("7.62x51mm NATO"))
    assert row.split()[2:] == ["7"] + ["✓"] * 6 + ["≈"] + ["·"] * 4
