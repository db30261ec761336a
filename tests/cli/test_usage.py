"""Usage errors of the command line (AP-2) and its help and shell completion."""

from __future__ import annotations

import pytest
from cli.cli_helpers import cli

QUICK = ["resolve", "--weapon", "7.62x51mm NATO", "--range", "50m"]


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    ("args", "flag", "typed", "allowed"),
    [
        (["roll", "1d cr", "--seed", "abc"], "--seed", "'abc'", "a whole number"),
        (["odds", "example:agent-gray", "--samples", "1.5"], "--samples", "'1.5'",
         "a whole number"),
        (["odds", "example:agent-gray", "--samples", "10", "--seed", "x1"], "--seed", "'x1'",
         "a whole number"),
        (["thickness", "--av", "6.5"], "--av", "'6.5'", "a whole number"),
        (["chart", "slope", "--av", "sixty", "--json"], "--av", "'sixty'", "a whole number"),
        ([*QUICK, "--elevation", "up"], "--elevation", "'up'", "a number"),
        ([*QUICK, "--elevation", "nan"], "--elevation", "'nan'", "a finite number"),
        ([*QUICK, "--azimuth", "-inf"], "--azimuth", "'-inf'", "a finite number"),
        ([*QUICK, "--azimuth", "1e309"], "--azimuth", "'1e309'", "a finite number"),
        (["roll", "1d cr", "--seed", "9" * 5000], "--seed", "'" + "9" * 100 + "'... (5000 characters)",
         "a whole number"),
    ],
)
def test_ap2_bad_option_values_name_the_flag_and_echo_the_value(
    capsys: pytest.CaptureFixture[str], args: list[str], flag: str, typed: str, allowed: str
) -> None:
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == ""
    line = one_line(err)
    assert line.startswith(f"armourpen: error: {flag}: {typed}")
    assert line.endswith(f"allowed: {allowed}")


def test_ap2_unknown_option_suggests_the_close_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "--wepon", "x")
    assert code == 2
    line = one_line(err)
    assert "'--wepon'" in line and "`armourpen resolve` has no such option" in line
    assert "--weapon" in line


def test_ap2_missing_argument_names_it_and_says_what_it_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = cli(capsys, "roll")
    assert code == 2
    line = one_line(err)
    assert "DAMAGE: required: GURPS damage" in line and "7d(2) pi-" in line  # issue 24, item 8


def test_ap2_missing_required_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "screen")
    assert code == 2
    assert "--out: required: The PDF file to write" in one_line(err)  # issue 24, item 8


def test_ap2_option_without_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "--weapon")
    assert code == 2
    line = one_line(err)
    assert "--weapon: a value is required after it: Attack profile from the catalog" in line


def test_ap2_flag_given_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, *QUICK, "--json=yes")
    assert code == 2
    assert "--json: 'yes' is not allowed; a flag that takes no value" in one_line(err)


def test_ap2_extra_argument(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "a.toml", "b.toml")
    assert code == 2
    line = one_line(err)
    assert "'b.toml'" in line and "takes SCENARIO only" in line


@pytest.mark.parametrize(
    ("args", "field", "typed", "listed"),
    [
        (["shoot"], "COMMAND", "'shoot'", "resolve, roll, thickness"),
        (["catalog", "lst"], "COMMAND", "'lst'", "list, show, search"),
        (["gcs", "open"], "COMMAND", "'open'", "show"),
    ],
)
def test_ap2_unknown_command_lists_the_commands(capsys: pytest.CaptureFixture[str],
                                                args: list[str], field: str, typed: str,
                                                listed: str) -> None:
    code, _, err = cli(capsys, *args)
    assert code == 2
    line = one_line(err)
    assert f"{field}: {typed} is not allowed" in line and listed in line


def test_ap2_escape_codes_typed_never_reach_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["\x1b[2J"], ["resolve", "--\x1b[31mx"], ["roll", "1d", "--seed", "\x1b[31m"]):
        code, _, err = cli(capsys, *args)
        assert code == 2
        assert "\x1b" not in err and "\\x1b" in one_line(err)


def test_help_keeps_the_option_texts_and_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "resolve", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "A scenario file (.toml or .json)." in text
    assert "--from TEXT front|rear|left|right|above|below (PA-9). [default: front]" in text
    assert "--contact / --no-contact The weapon touches the target (PA-3)." in text


def test_group_alone_prints_its_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys)
    assert code == 2 and err == ""
    assert "resolve" in out and "Resolve one attack against its line of fire" in out
    code, out, _ = cli(capsys, "catalog")
    assert code == 2 and "search" in out


def complete(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             words: str) -> list[str]:
    """What bash completion offers for ``words`` (the last one being typed)."""
    monkeypatch.setenv("_ARMOURPEN_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", words)
    monkeypatch.setenv("COMP_CWORD", str(len(words.split()) - 1))
    code, out, _ = cli(capsys)
    assert code == 0
    return [line.split(",", 1)[1] for line in out.splitlines()]


def test_completion_of_commands_options_and_values(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    assert complete(capsys, monkeypatch, "armourpen ca") == ["catalog"]
    assert complete(capsys, monkeypatch, "armourpen resolve --wea") == ["--weapon"]
    assert complete(capsys, monkeypatch, "armourpen resolve --from a") == ["above"]
    assert "7.62x51mm NATO" in complete(capsys, monkeypatch, "armourpen resolve --weapon 7.62x5")
    assert complete(capsys, monkeypatch, "armourpen catalog list veh") == ["vehicle"]
