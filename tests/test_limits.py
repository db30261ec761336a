"""The caps live in one place; each names the setting that raises it."""

from __future__ import annotations

import dataclasses

import pytest

from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits


def test_every_cap_has_a_setting_and_a_positive_default() -> None:
    for f in dataclasses.fields(Limits):
        assert f.name.startswith("max_")
        assert getattr(DEFAULT_LIMITS, f.name) > 0
        assert Limits.setting(f.name) == "ARMOURPEN_" + f.name.upper()


def test_settings_are_read_from_the_environment() -> None:
    limits = Limits.from_env({"ARMOURPEN_MAX_ODDS_WORK": "1_000", "ARMOURPEN_MAX_DEPTH": " 7 ",
                              "OTHER": "x"})
    assert limits.max_odds_work == 1000 and limits.max_depth == 7
    assert limits.max_file_bytes == DEFAULT_LIMITS.max_file_bytes


@pytest.mark.parametrize("text", ["", "  "])
def test_ap2_an_empty_setting_is_refused_not_read_as_the_default(text: str) -> None:
    # `ARMOURPEN_MAX_FILE_BYTES=` is as likely a slip as a typo: a cap the user meant to change
    # must not stay where it was without a word
    with pytest.raises(LimitError) as info:
        Limits.from_env({"ARMOURPEN_MAX_FILE_BYTES": text})
    assert (info.value.field, info.value.value) == ("ARMOURPEN_MAX_FILE_BYTES", text)
    assert "a whole number from 1" in info.value.allowed


@pytest.mark.parametrize("text", ["0", "-5", "abc", "1e9", "nan", "9" * 5000])
def test_a_bad_setting_is_an_input_error_naming_it(text: str) -> None:
    with pytest.raises(LimitError) as info:
        Limits.from_env({"ARMOURPEN_MAX_SAMPLE_WORK": text})
    assert info.value.field == "ARMOURPEN_MAX_SAMPLE_WORK"
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("text", ["\u00b2", "\u0661\u0662", "\u0663", "\uff11", "1\u00b2"])
def test_ap2_a_setting_takes_ascii_digits_only(text: str) -> None:
    # str.isdigit() holds for a superscript two (which int() refuses) and for the digits of other
    # scripts (which int() reads): neither is a whole number as the setting is documented
    with pytest.raises(LimitError) as info:
        Limits.from_env({"ARMOURPEN_MAX_DEPTH": text})
    assert (info.value.field, info.value.value) == ("ARMOURPEN_MAX_DEPTH", text)


@pytest.mark.parametrize(("name", "hint"), [
    ("ARMOURPEN_MAX_ODDS_WROK", "did you mean ARMOURPEN_MAX_ODDS_WORK?"),
    ("ARMOURPEN_MAX_depth", "did you mean ARMOURPEN_MAX_DEPTH?"),
    ("ARMOURPEN_MAX_XYZZY", "ARMOURPEN_MAX_SAMPLE_WORK"),
    ("ARMOURPEN_MAX_", "ARMOURPEN_MAX_FILE_BYTES"),
])
def test_ap2_a_misspelt_setting_is_refused_not_ignored(name: str, hint: str) -> None:
    # ignored, it would leave the cap the user meant to raise where it was, without a word
    with pytest.raises(LimitError) as info:
        Limits.from_env({name: "5", "ARMOURPEN_MAX_DEPTH": "7"})
    assert (info.value.field, info.value.value) == (name, name)
    assert "unknown setting" in info.value.allowed and hint in info.value.allowed


def test_beyond_a_cap_the_error_names_the_cap_and_its_settings() -> None:
    limits = Limits(max_line_entries=3)
    limits.check("max_line_entries", 3, "entries", "line")
    with pytest.raises(LimitError) as info:
        limits.check("max_line_entries", 4, "entries", "line")
    err = info.value
    assert err.field == "line" and err.value == "4 entries"
    assert "at most 3 entries (max_line_entries)" in err.allowed
    assert "ARMOURPEN_MAX_LINE_ENTRIES" in err.allowed and "Limits(max_line_entries=...)" in err.allowed
