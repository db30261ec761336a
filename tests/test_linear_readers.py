"""Every reader of user text works in time linear in the text, up to the size its cap allows:
a hostile text costs at most a bounded multiple of a benign text of the same size (AP-2). Where a
parser's work grows faster (tomllib on keys of many parts), a cap is checked before it runs."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

import pytest
from linear import assert_linear, baseline

from armourpen.errors import InputError
from armourpen.limits import DEFAULT_LIMITS, LimitError
from armourpen.reading import KEY_PARTS, parse_json, parse_toml

SIZE = DEFAULT_LIMITS.max_file_bytes  # a scenario or catalog file, a request body


def _fill(unit: str, size: int = SIZE) -> str:
    return unit * (size // len(unit))


@functools.cache
def _json_base() -> float:
    entry = '{"target": "Gray", "dr": 8, "hp": 12, "note": "a benign entry"},'
    text = '{"rules": "gurps", "line": [' + _fill(entry, SIZE - 40)[:-1] + "]}"
    return baseline(_read(parse_json, text))


@functools.cache
def _toml_base() -> float:
    text = _fill('[[line]]\ntarget = "Gray"\ndr = 8\nhp = 12\nnote = "a benign entry"\n')
    return baseline(_read(parse_toml, text))


# Texts that made a scan start again at every quote (a string left open, escaped quotes), with
# brackets that make the JSON scan run at all.
HOSTILE_JSON = {
    "escaped quotes then brackets": '"' + _fill('\\"', SIZE // 2) + _fill("[", SIZE // 2),
    "escaped quotes and brackets": _fill('"\\"[['),
    "a lone backslash at the end": _fill('"\\"[') + "\\",
    "backslashes and brackets": '["' + _fill("\\\\[", SIZE - 2),
}
HOSTILE_TOML = {
    "escaped quotes on one line": 'a = "' + _fill('\\"', SIZE - 5),
    "escaped quotes and brackets": _fill('"\\"[['),
    "open multi-line strings": _fill('"""\\"'),
    "open literal strings": _fill("'''x'"),
    "a lone backslash at the end": '"""' + _fill('\\"', SIZE - 4) + "\\",
    "long runs of digits": _fill("1" * 40 + " "),
    "signs and digits": _fill("+-" + "1" * 30 + " =\n"),
    f"dotted keys of {KEY_PARTS} parts": _fill("a." * (KEY_PARTS - 1) + "b = 1\n"),
    "keys of half as many parts in a table as deep": (
        "[" + "t." * (KEY_PARTS // 2 - 1) + "t]\n" + _fill("a." * (KEY_PARTS // 2 - 1) + "b = 1\n")
    ),
}


def _read(parse: Callable[..., object], text: str) -> Callable[[], object]:
    return lambda: parse(text, field="scenario")


@pytest.mark.parametrize("kind", HOSTILE_JSON)
def test_ap2_the_json_reader_is_linear_on_hostile_text(kind: str) -> None:
    assert_linear(_json_base(), _read(parse_json, HOSTILE_JSON[kind]))


@pytest.mark.parametrize("kind", HOSTILE_TOML)
def test_ap2_the_toml_reader_is_linear_on_hostile_text(kind: str) -> None:
    assert_linear(_toml_base(), _read(parse_toml, HOSTILE_TOML[kind]))


@pytest.mark.parametrize("text", [
    "a" + ".a" * KEY_PARTS + " = 1\n",
    "[" + "t." * (KEY_PARTS // 2) + "t]\n" + "a." * (KEY_PARTS // 2) + "b = 1\n",
    "[" + "t." * KEY_PARTS + "t]\n",
    "[[" + "t." * KEY_PARTS + "t]]\n",
], ids=["key", "table and key", "table", "array of tables"])
def test_ap2_a_toml_key_of_too_many_parts_is_refused_before_parsing(text: str) -> None:
    # far past the cap (which check_tree names the place of), before tomllib spends the square
    with pytest.raises(LimitError) as info:
        parse_toml(text, field="scenario")
    assert info.value.field == "scenario" and "max_depth" in info.value.allowed


def test_ap2_a_toml_key_within_the_parts_the_scan_allows_is_refused_naming_it() -> None:
    with pytest.raises(LimitError) as info:
        parse_toml("[t]\n" + "a." * 40 + "b = 1\n", field="scenario")
    assert info.value.field == "t" + ".a" * 31


@pytest.mark.parametrize("text", [
    'a = ["""x"""", "1234567890123456789012"]\n',
    "a = ['''x'''', '1234567890123456789012']\n",
    'a = """x"""""\nb = [1.5, 2.5]\nc = "12345678901234567890123"\n',
    'a = "x\\"[" # "\nb = [[1]]\n',
    "[a . 'b.c' . \"d\"]\ne.f = 1\n",
])
def test_ap2_strings_read_as_toml_reads_them(text: str) -> None:
    import tomllib

    # a multi-line string may end in one or two quotes before its closing ones: the scan must not
    # read the next string's content as a number to rewrite
    assert parse_toml(text, field="s") == tomllib.loads(text)


def test_ap2_an_open_string_is_refused_as_not_json_or_toml() -> None:
    for parse, text in ((parse_json, '["' + "\\\"[" * 400), (parse_toml, 'a = "' + '\\"[' * 400)):
        with pytest.raises(InputError, match="not valid"):
            parse(text, field="s")
    assert json.loads('"\\\\"') == "\\"  # the escapes the scan skips are JSON's


def test_ap2_a_thickness_typed_as_text_is_read_in_linear_time() -> None:
    from armourpen.penav.thickness import parse_thickness

    # spaces on both sides of an empty unit: a text that does not match must not be split every way
    spaces = " " * SIZE
    base = baseline(lambda: parse_thickness("12" + spaces + "mm"))
    assert_linear(base, lambda: parse_thickness("12" + spaces + "x"))
    assert parse_thickness(" 12 " + " mm ") == 12
