"""AP-2 on the command line: every kind of bad flag value names the flag typed and echoes the
value typed (escaped), on one line with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli.cli_helpers import cli
from hostile import Case, hostile, to_json, to_toml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

RESOLVE = ["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m"]
HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("args", "flag", "shown"),
    [
        ([*RESOLVE, "--ammo", ""], "--ammo", "a name is required"),  # nothing typed
        ([*RESOLVE, "--target", " "], "--target", "' '"),
        ([*RESOLVE, "--optional-rule", "rifle_ball_as_sp"] * 1
         + ["--optional-rule", "rifle_ball_as_sp"], "--optional-rule #2", "'rifle_ball_as_sp'"),
        ([*RESOLVE, "--elevation", "nan"], "--elevation", "'nan'"),
        ([*RESOLVE, "--azimuth", "-inf"], "--azimuth", "'-inf'"),
        ([*RESOLVE, "--azimuth", "1e309"], "--azimuth", "'1e309'"),
        ([*RESOLVE, "--elevation", HUGE], "--elevation", "(5000 characters)"),
        ([*RESOLVE, "--elevation", "95"], "--elevation", ": 95 is not allowed"),  # not 95.0
        ([*RESOLVE, "--azimuth", "-200"], "--azimuth", ": -200 is not allowed"),
        (["resolve", "--weapon", "7.62x51mm NATO", "--range", HUGE], "--range",
         "(5000 characters)"),
        (["resolve", "--weapon", "7.62x51mm NATO", "--range", "1e309"], "--range", "'1e309'"),
        (["thickness", "--sav", "1/5"], "--sav", "'1/5'"),
        (["thickness", "--sav", "1e999999999"], "--sav", "'1e999999999'"),
        (["thickness", "--av", "nan"], "--av", "'nan'"),
        (["thickness", f"{HUGE}mm"], "thickness", "(5002 characters)"),
        (["roll", "3d pi", "--seed", "abc"], "--seed", "'abc'"),
        (["odds", "example:agent-gray", "--samples", "1.5"], "--samples", "'1.5'"),
        (["odds", "example:agent-gray", "--samples", "10", "--seed", "abc"], "--seed", "'abc'"),
        (["odds", "example:agent-gray", "--samples", "10", "--seed", "9" * 40], "--seed",
         "9" * 40),
        (["odds", "example:agent-gray", "--samples", "1000000000000", "--seed", "1"],
         "--samples", "draws"),
        (["table", "--from", "front", "--from", "Front"], "--from #2", "'Front'"),
        (["table", "--band", "long", "--band", "long"], "--band #2", "'long'"),
        (["catalog", "search", "x" * 300], "text", "300 characters"),
    ],
)
def test_ap2_flags_name_the_flag_and_echo_the_value(
    capsys: pytest.CaptureFixture[str], args: list[str], flag: str, shown: str
) -> None:
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"armourpen: error: {flag}: ")
    assert shown in err and len(err) < 600


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(hostile(), st.sampled_from(["json", "toml"]))
def test_ap2_hostile_file_on_the_command_line_is_exit_2_and_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: Case, suffix: str
) -> None:
    data, where, _ = case
    path = tmp_path / f"hostile.{suffix}"
    path.write_text(to_json(data) if suffix == "json" else to_toml(data), encoding="utf-8")
    code, out, err = cli(capsys, "resolve", str(path), "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("armourpen: error: ")
    assert not any(c in err[:-1] for c in "\x00\x07\x1b\x7f\x9b\u202e\r\n")
    if where.isascii():  # the field, escaped as printable() escapes it
        assert where.encode("unicode_escape").decode("ascii") in err


# Decimal digits of other scripts (Arabic-Indic, Devanagari, fullwidth, ...): int(), float() and
# Fraction() read them as numbers and a regex's \d matches them, so each parser of numbers typed
# as text must say ASCII. Typed where a number belongs, they are refused naming the flag.
other_digits = st.text(
    st.characters(categories=["Nd"], exclude_characters="0123456789"), min_size=1, max_size=3)
NUMBER_FLAGS = [
    (["resolve", "--weapon", "7.62x51mm NATO", "--range", "{}m"], "--range"),
    (["resolve", "--weapon", "Sword", "--contact", "--elevation", "{}"], "--elevation"),
    (["resolve", "--weapon", "Sword", "--contact", "--azimuth", "1{}"], "--azimuth"),
    (["thickness", "{}mm"], "thickness"),
    (["thickness", "--sav", "{}"], "--sav"),
    (["thickness", "--av", "{}"], "--av"),
    (["table", "-a", "Sword", "--armour", "NIJ Type III", "--range", "{}"], "--range #1"),
    (["chart", "slope", "--thickness", "{}", "--json"], "--thickness"),
    (["roll", "3d pi", "--seed", "{}"], "--seed"),
]


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(NUMBER_FLAGS), other_digits)
def test_ap2_digits_of_other_scripts_are_no_number(
    capsys: pytest.CaptureFixture[str], where: tuple[list[str], str], digits: str
) -> None:
    args, flag = where
    capsys.readouterr()
    code, out, err = cli(capsys, *(a.format(digits) for a in args))
    assert code == 2 and out == "", (out, err)
    assert err.startswith(f"armourpen: error: {flag}: ") and err.count("\n") == 1, err
