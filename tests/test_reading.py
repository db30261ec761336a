"""AP-2 for files and parsed text: only regular files within the cap, bounded nesting, no duplicate
keys, finite numbers of sane size and no control characters, each refused with its place named."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.catalog import Catalog
from armourpen.errors import (
    MAX_PATH_SHOWN,
    MAX_SHOWN,
    CatalogError,
    FileName,
    InputError,
    ScenarioError,
    shown,
)
from armourpen.gurps.model import GurpsScenario
from armourpen.limits import LimitError, Limits
from armourpen.reading import parse_json, parse_toml, read_text
from armourpen.trees import check_tree

GURPS_JSON = '{"rules": "gurps", "attack": {"damage": "1d pi"}, "line": [{"target": "a", "hp": %s}]}'
GURPS_TOML = 'rules = "gurps"\n[attack]\ndamage = "1d pi"\n[[line]]\ntarget = "a"\nhp = %s\n'


def load(tmp_path: Path, name: str, text: str) -> object:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return armourpen.load_scenario(path)


def refused(tmp_path: Path, name: str, text: str) -> InputError:
    with pytest.raises(InputError) as info:
        load(tmp_path, name, text)
    return info.value


# --- files -----------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_ap2_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(fifo)
    assert info.value.field == "scenario" and "not a regular file" in info.value.allowed
    with pytest.raises(CatalogError) as cat_info:
        Catalog.load([fifo], user_dir=False)
    assert "not a regular file" in cat_info.value.allowed


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_ap2_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(ScenarioError, match="not a regular file"):
        armourpen.load_scenario(link)
    with pytest.raises(CatalogError, match="not a regular file"):
        Catalog.load([Path("/dev/zero")], user_dir=False)


def test_ap2_a_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "scenario.toml"
    folder.mkdir()
    with pytest.raises(ScenarioError, match="a folder"):
        armourpen.load_scenario(folder)
    with pytest.raises(CatalogError, match="a folder"):
        Catalog.load([folder], user_dir=False)


def test_ap2_a_file_over_the_size_cap_is_refused_naming_the_setting(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(GURPS_TOML % 10 + "#" + "x" * 200 + "\n", encoding="utf-8")
    with pytest.raises(LimitError) as info:
        armourpen.load_scenario(path, limits=Limits(max_file_bytes=200))
    assert "max_file_bytes" in info.value.allowed
    assert "ARMOURPEN_MAX_FILE_BYTES" in info.value.allowed
    armourpen.load_scenario(path)  # the default cap reads it


def test_ap2_a_file_name_with_a_nul_is_refused_naming_it() -> None:
    # os.stat raises ValueError, not OSError, for such a name
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario("a\x00.toml")
    assert (info.value.field, info.value.value) == ("scenario", "a\x00.toml")
    with pytest.raises(InputError) as gcs:
        armourpen.load_gcs("a\x00.gcs")
    assert gcs.value.value == "a\x00.gcs" and "\\x00" in str(gcs.value)


@pytest.mark.parametrize("name", ["mine.json", "mine.yaml", "mine"])
def test_ap2_a_catalog_file_that_is_not_toml_says_so(tmp_path: Path, name: str) -> None:
    # parsed as TOML regardless, a JSON catalog was "not valid TOML: Invalid statement"
    path = tmp_path / name
    path.write_text('{"armour": [{"name": "Tin foil", "av": 1}]}', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    assert (info.value.field, info.value.value) == ("catalog", str(path))
    assert "a .toml file" in info.value.allowed


def test_ap2_a_raised_file_cap_reads_only_the_file(tmp_path: Path) -> None:
    # the cap is a bound, not a buffer: a cap of 10**17 bytes must not be allocated up front
    path = tmp_path / "s.toml"
    path.write_text(GURPS_TOML % 10, encoding="utf-8")
    scenario = armourpen.load_scenario(path, limits=Limits(max_file_bytes=10**17))
    assert isinstance(scenario, GurpsScenario)
    assert scenario.targets[0].hp == 10


def test_ap2_user_catalog_file_over_the_cap_and_too_many_files(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[armour]]\nname = "Tin foil"\nav = 1\n' + "# padding\n" * 30, encoding="utf-8")
    with pytest.raises(LimitError, match="max_file_bytes"):
        Catalog.load([path], user_dir=False, limits=Limits(max_file_bytes=100))
    with pytest.raises(LimitError, match="max_catalog_files"):
        Catalog.load([path, path], user_dir=False, limits=Limits(max_catalog_files=1))
    size = path.stat().st_size
    with pytest.raises(LimitError, match="max_catalog_bytes"):
        Catalog.load([path, path], user_dir=False, limits=Limits(max_catalog_bytes=2 * size - 1))


def test_ap2_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(b'{"rules": "\xff"}')
    with pytest.raises(ScenarioError, match="not UTF-8"):
        armourpen.load_scenario(path)


# --- nesting ---------------------------------------------------------------------------------


# Nesting past the cap names the place; past what a parser can take, the file as a whole.
DEPTHS = [(33, "line" + "[0]" * 31), (200, "line" + "[0]" * 31), (100_000, "scenario")]


@pytest.mark.parametrize(("depth", "field"), DEPTHS)
def test_ap2_json_nested_too_deep_is_refused_before_parsing(depth: int, field: str) -> None:
    text = '{"line": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(LimitError) as info:
        parse_json(text, field="scenario")
    assert info.value.field == field and "max_depth" in info.value.allowed


@pytest.mark.parametrize(("depth", "field"), DEPTHS)
def test_ap2_toml_nested_too_deep_is_refused_before_parsing(depth: int, field: str) -> None:
    text = "line = " + "[" * depth + "]" * depth + "\n"
    with pytest.raises(LimitError) as info:
        parse_toml(text, field="scenario")
    assert info.value.field == field
    inline = "a = " + "{ b = " * depth + "1" + " }" * depth + "\n"
    with pytest.raises(LimitError) as info:
        parse_toml(inline, field="scenario")
    assert info.value.field == ("scenario" if depth > 256 else "a" + ".b" * 31)


def test_ap2_a_raised_depth_cap_is_honoured_or_refused_without_a_crash() -> None:
    deep = "[" * 300 + "]" * 300
    parse_json(deep, field="s", limits=Limits(max_depth=400))
    with pytest.raises(LimitError):
        parse_json("[" * 100_000 + "]" * 100_000, field="s", limits=Limits(max_depth=200_000))


def test_ap2_brackets_inside_strings_and_comments_are_not_nesting() -> None:
    many = "[" * 40
    text = f'a = "{many}" # {many}\nb = [[1]]\nc = \'{many}\'\nd = """\n{many}"""\n'
    assert parse_toml(text, field="s") == {"a": many, "b": [[1]], "c": many, "d": many}
    assert parse_json('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"["}', field="s") == {
        "a": "[" * 35 + '"['
    }


def test_ap2_many_brackets_inside_strings_are_scanned_and_are_not_nesting() -> None:
    many = "[" * 300  # more brackets than any nesting the parser takes: the text is scanned
    assert parse_json(f'{{"a": "{many}", "b": [[1]]}}', field="s") == {"a": many, "b": [[1]]}


def test_ap2_dotted_toml_keys_nested_too_deep_are_refused() -> None:
    text = ".".join(f"k{i}" for i in range(40)) + " = 1\n"
    with pytest.raises(LimitError, match="max_depth"):
        parse_toml(text, field="scenario")


def test_ap2_a_mapping_nested_too_deep_is_refused() -> None:
    deep: list[object] = []
    node = deep
    for _ in range(10_000):
        node.append([])
        node = node[0]  # type: ignore[assignment]
    with pytest.raises(LimitError) as info:
        armourpen.load_scenario({"rules": "gurps", "attack": {"damage": "1d pi"}, "line": deep})
    assert info.value.field.startswith("line[0]")


# --- keys --------------------------------------------------------------------------------------


def test_ap2_duplicate_json_keys_are_refused_naming_the_place(tmp_path: Path) -> None:
    text = '{"attack": {"weapon": "7.62x51mm NATO", "range": "150 m", "range": "10 m"}, "line": []}'
    err = refused(tmp_path, "s.json", text)
    assert err.field == "attack.range" and err.value == "range"
    nested = '{"rules": "gurps", "attack": {"damage": "1d pi"}, "line": [{"target": "a", "hp": 1, "hp": 2}]}'
    assert refused(tmp_path, "g.json", nested).field == "line[0].hp"


def test_ap2_keys_with_newlines_or_escapes_are_shown_escaped(tmp_path: Path) -> None:
    text = '{"rules": "gurps", "attack": {"damage": "1d pi", "\\u001b[2Jx\\ny": 1}, "line": []}'
    err = refused(tmp_path, "s.json", text)
    message = str(err)
    assert "\x1b" not in message and "\n" not in message
    assert "\\x1b[2Jx\\ny" in message and message.startswith("attack.")


@pytest.mark.parametrize("text", ["a\x1b[31mred", "bell\x07", "csi\x9b31m", "rtl\u202eevil"])
def test_ap2_control_characters_in_names_are_refused(text: str) -> None:
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(
            {"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"}, "line": [{"target": text}]}
        )
    assert info.value.field == "line[0].target"
    assert not any(c in str(info.value) for c in "\x1b\x07\x9b\u202e\n")


# --- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["json", "toml"])
@pytest.mark.parametrize("literal", ["1e-400", "-2.5e-999", "0.1e-330"])
def test_ap2_a_number_too_small_to_hold_is_refused_not_read_as_0(
    tmp_path: Path, suffix: str, literal: str
) -> None:
    err = refused(tmp_path, f"s.{suffix}", (GURPS_JSON if suffix == "json" else GURPS_TOML) % literal)
    assert err.field == "line[0].hp" and repr(err.value) == literal
    assert "reads as 0" in err.allowed


@pytest.mark.parametrize("literal", ["0.0", "-0.0", "0e-400", "5e-324"])
def test_ap2_zero_and_the_smallest_floats_still_read(literal: str) -> None:
    text = '{"attack": {"weapon": "Sword", "contact": true, "elevation": %s}, "line": [{"target": "a"}]}'
    assert parse_json(text % literal, field="scenario")["attack"]["elevation"] == float(literal)


@pytest.mark.parametrize(("literal", "typed"), [("NaN", "NaN"), ("Infinity", "Infinity"),
                                                 ("-Infinity", "-Infinity"), ("1e309", "1e309"),
                                                 ("-1e309", "-1e309")])
def test_ap2_json_non_finite_numbers_name_their_field(tmp_path: Path, literal: str, typed: str) -> None:
    err = refused(tmp_path, "s.json", GURPS_JSON % literal)
    assert err.field == "line[0].hp" and repr(err.value) == typed
    assert "finite" in err.allowed


@pytest.mark.parametrize("literal", ["nan", "+nan", "-nan", "inf", "+inf", "-inf", "1e309"])
def test_ap2_toml_non_finite_numbers_name_their_field(tmp_path: Path, literal: str) -> None:
    err = refused(tmp_path, "s.toml", GURPS_TOML % literal)
    assert err.field == "line[0].hp" and "finite" in err.allowed


@pytest.mark.parametrize("digits", [20, 400, 4301, 100_000])
def test_ap2_huge_integers_name_their_field(tmp_path: Path, digits: int) -> None:
    number = "9" * digits
    for name, template in (("s.json", GURPS_JSON), ("s.toml", GURPS_TOML)):
        err = refused(tmp_path, name, template % number)
        assert err.field == "line[0].hp", name
        assert "19 digits" in err.allowed
        assert len(str(err)) < 300  # the number is described, not repeated
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(json.loads(GURPS_JSON % 1) | {"line": [{"target": "a",
                                                                         "hp": 10**digits}]})
    assert info.value.field == "line[0].hp" and len(str(info.value)) < 300


def test_ap2_huge_integers_in_strings_keys_and_comments_are_left_alone() -> None:
    big = "9" * 5000
    text = f'"{big}" = "{big}" # {big}\nx = 1_000\n'
    assert parse_toml(text, field="s") == {big: big, "x": 1000}


def test_ap2_check_tree_names_the_field_of_every_bad_number() -> None:
    for bad in (float("nan"), float("inf"), -float("inf"), 2**63, -(2**63) - 1, 10**5000):
        with pytest.raises(InputError) as info:
            check_tree({"a": [{"b": 1}, {"c": bad}]})
        assert info.value.field == "a[1].c"
    check_tree({"a": [2**63 - 1, -(2**63), 1.5, True, None, "plain\ttext\nlines"]})


# --- one walk per tree ---------------------------------------------------------------------------

PENAV = {"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
         "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}]}
GURPS = json.loads(GURPS_JSON % 10)


@pytest.mark.parametrize("data", [PENAV, GURPS])
def test_a_scenario_is_checked_once_however_it_comes(
    walks: list[object], tmp_path: Path, data: dict[str, Any]
) -> None:
    from armourpen.rulesets import rules_of

    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    armourpen.load_scenario(path)
    assert walks == []  # printable ASCII without escapes: checked on the text as it is read
    path.write_text(json.dumps(data).replace('"line"', '"\\u006cine"'), encoding="utf-8")
    armourpen.load_scenario(path)
    assert walks == [data]  # an escape could hide a control character: walked as it is read
    armourpen.load_scenario(data)
    assert len(walks) == 2 and walks[1] == data  # walked once: the frozen copy it is read from
    rules_of(data).parse(data)  # a rule set's parser, called on its own, checks too
    assert len(walks) == 3 and walks[2] is data


def test_only_the_reader_makes_a_checked_tree_and_load_checked_takes_nothing_else() -> None:
    from armourpen.reading import CheckedTree
    from armourpen.scenario import load_checked

    with pytest.raises(TypeError, match=r"armourpen\.reading only"):
        CheckedTree(PENAV, Limits())
    with pytest.raises(TypeError, match="load_scenario"):
        load_checked(PENAV)  # type: ignore[arg-type]  # a plain mapping is not trusted
    tree = parse_json(json.dumps(PENAV), field="s")
    assert isinstance(tree, CheckedTree) and tree == PENAV
    assert load_checked(tree) == armourpen.load_scenario(PENAV)
    assert not isinstance(parse_json("[1, 2]", field="s"), CheckedTree)  # a table only


def test_a_tree_checked_within_other_limits_is_walked_again(walks: list[object]) -> None:
    from armourpen.scenario import load_checked

    nested = {**PENAV, "extra": [[[["deep"]]]]}  # five deep, the line's armour four
    tree = parse_json(json.dumps(nested), field="s")  # within the default caps
    assert walks == []
    with pytest.raises(LimitError) as info:
        load_checked(tree, limits=Limits(max_depth=4))
    assert len(walks) == 1 and info.value.field.startswith("extra")
    tree = parse_json(json.dumps(PENAV), field="s", limits=Limits(max_depth=4))
    walked = len(walks)
    load_checked(tree, limits=Limits(max_depth=4))  # the same caps: not walked again
    assert len(walks) == walked


def test_ap2_a_mapping_is_checked_though_its_parser_is_told_it_was(tmp_path: Path) -> None:
    bad = {**PENAV, "line": [{"target": "Gray\x1b[2J"}]}
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(bad)
    assert info.value.field == "line[0].target"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(path)
    assert info.value.field == "line[0].target"


@pytest.mark.parametrize("text", ["\u0661\u0662", "\u0967", "\uff11\uff12", "1\u0662.5", "\u0661/\u0662"])
def test_ap2_a_number_typed_as_text_takes_ascii_digits_only(text: str) -> None:
    # Fraction() and a regex's \d take the digits of every script; a file's number does not
    from armourpen.numeric import exact_number

    with pytest.raises(InputError) as info:
        exact_number(text, "x.av", ratio=True)
    assert (info.value.field, info.value.value) == ("x.av", text)
    with pytest.raises(InputError) as in_file:
        armourpen.load_scenario({"attack": {"weapon": "Sword", "range": text + " m"},
                                 "line": [{"target": "a"}]})
    assert in_file.value.field == "attack.range"


def test_ap2_a_file_is_named_whole_however_long_its_path() -> None:
    # the end of a path names the file: a long folder must not cut it off (a plain value is cut)
    deep = "/" + "/".join(["folder"] * 30) + "/settings.json"
    assert len(deep) > MAX_SHOWN
    assert shown(FileName(deep)) == repr(deep)
    assert shown(deep).endswith(f"... ({len(deep)} characters)")
    huge = "x" * MAX_PATH_SHOWN + "/settings.json"  # longer than any system takes: the end shown
    assert shown(FileName(huge)) == f"({len(huge)} characters) ...'{huge[-MAX_SHOWN:]}'"
    with pytest.raises(ScenarioError) as info:
        read_text(deep, field="scenario")
    assert str(info.value) == f"scenario: no such file: {deep}"  # issue 24, item 8


# --- plain text: checked on the text, the walk skipped -------------------------------------------

_KEYS = st.text(alphabet=st.sampled_from("ab\x7f\x1b\u202e\u00e9\\\""), max_size=3)
_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.integers(), st.floats(),
    st.text(alphabet=st.sampled_from('a ["{\x07\x7f\t\u00e9\u200b\u202e\\'), max_size=4),
    # numbers as typed: what each parser reads as 0, as infinity, or refuses as too long
    st.sampled_from(["1e-400", "0.0", "-0e-400", "1e309", "5e-324", "NaN", "-Infinity",
                     "9" * 18, "-" + "9" * 18, "9" * 19, "0." + "1" * 30, "1" * 20 + ".5"]).map(
        lambda typed: _Typed(typed)),
)


class _Typed(str):
    """A number written into the text exactly as typed."""


def _render(value: object, ascii_only: bool) -> str:
    """JSON text of ``value``; a list of pairs is an object, written with its keys as given
    (twice, if given twice)."""
    if isinstance(value, _Typed):
        return str(value)
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=ascii_only)}: {_render(v, ascii_only)}"
                               for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_render(v, ascii_only) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


_TREES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.lists(st.tuples(_KEYS, inner), max_size=3).map(tuple)),
    max_leaves=8,
)


def _outcome(text: str, limits: Limits) -> tuple[object, ...]:
    try:
        return ("read", repr(parse_json(text, field="body", limits=limits)))
    except InputError as exc:
        return (type(exc), exc.field, repr(exc.value), exc.allowed, str(exc))


@settings(max_examples=300)
@given(tree=_TREES, ascii_only=st.booleans(), depth=st.integers(1, 4),
       damage=st.sampled_from(["", "x", "]", ",", '"\x01"', "\\"]))
def test_ap2_plain_text_skips_the_walk_yet_reads_and_refuses_as_the_walk_does(
    tree: object, ascii_only: bool, depth: int, damage: str
) -> None:
    # Oracle: the same text read with the walk forced. Bad JSON, duplicate keys, numbers out of
    # bounds, control characters (raw, escaped, DEL), nesting past a small cap: the same answer.
    text = _render(tree, ascii_only)
    text = text[: len(text) // 2] + damage + text[len(text) // 2 :]
    limits = Limits(max_depth=depth)
    fast = _outcome(text, limits)
    with mock.patch("armourpen.reading._printable_ascii", lambda _text: False):
        walked = _outcome(text, limits)
    assert fast == walked


@pytest.mark.parametrize(("text", "field"), [
    ('{"a": 1, "a": 2}', "a"),
    ('{"a": [{"b": NaN}]}', "a[0].b"),
    ('{"a": [{"b": -Infinity}]}', "a[0].b"),
    ('{"a": [1, 9223372036854775808]}', "a[1]"),
    ('{"a": [1, -9223372036854775809]}', "a[1]"),
    ('{"a": {"b": 1e-400}}', "a.b"),
    ('{"a": {"b": "x\x7fy"}}', "a.b"),
    ('{"a": {"b": "x\\u0007y"}}', "a.b"),
    ('{"a": {"x\\u001by": 1}}', "a.x\x1by"),
    ('{"a": ' + "[" * 32 + "]" * 32 + "}", "a" + "[0]" * 31),
])
def test_ap2_printable_ascii_text_is_still_refused_naming_the_place(text: str, field: str) -> None:
    with pytest.raises(InputError) as info:
        parse_json(text, field="body")
    assert info.value.field == field


def test_ap2_the_largest_numbers_in_bounds_read_on_plain_text() -> None:
    text = '{"a": [9223372036854775807, -9223372036854775808, 999999999999999999, 5e-324, 0.0]}'
    assert parse_json(text, field="body") == {"a": [2**63 - 1, -(2**63), 10**18 - 1, 5e-324, 0.0]}


# --- a checked tree is read-only ------------------------------------------------------------------

ESCAPE = "\x1b]0;owned\x07"  # a terminal escape: no name may hold one (AP-2)


def _trees() -> list[Any]:
    from armourpen.reading import checked_tree, parse_toml

    return [parse_json(json.dumps(PENAV), field="s"),
            parse_json(json.dumps(PENAV).replace('"line"', '"\\u006cine"'), field="s"),  # walked
            parse_toml('[attack]\nweapon = "7.62x51mm NATO"\n[[line]]\ntarget = "Gray"\n'
                       'armour = ["NIJ Type III"]\n', field="s"),
            checked_tree(json.loads(json.dumps(PENAV)))]


@pytest.mark.parametrize("tree", _trees())
def test_ap2_a_checked_tree_refuses_every_change_top_level_and_nested(tree: Any) -> None:
    entry, armour = tree["line"][0], tree["line"][0]["armour"]
    changes: list[Callable[[], object]] = [
        lambda: tree.__setitem__("attack", {"weapon": ESCAPE}),
        lambda: tree.update(line=[]), lambda: tree.pop("line"), lambda: tree.clear(),
        lambda: tree.setdefault("x", ESCAPE), lambda: tree.popitem(),
        lambda: tree.__delitem__("line"), lambda: tree.__ior__({"x": 1}),
        lambda: entry.__setitem__("target", ESCAPE), lambda: entry.update(target=ESCAPE),
        lambda: tree["attack"].__setitem__("weapon", ESCAPE),
        lambda: tree["line"].append({"target": ESCAPE}), lambda: tree["line"].insert(0, {}),
        lambda: tree["line"].__setitem__(0, {"target": ESCAPE}), lambda: tree["line"].clear(),
        lambda: tree["line"].extend([{}]), lambda: tree["line"].__iadd__([{}]),
        lambda: armour.__setitem__(0, ESCAPE), lambda: armour.pop(), lambda: armour.sort(),
    ]
    before = json.dumps(tree)
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert json.dumps(tree) == before
    assert isinstance(entry, dict) and isinstance(tree["line"], list)  # read as dicts and lists


def test_ap2_a_name_changed_after_the_check_cannot_slip_an_escape_past_it() -> None:
    from armourpen.reading import checked_tree
    from armourpen.scenario import load_checked

    given = json.loads(json.dumps(PENAV))
    tree = checked_tree(given)
    given["line"][0]["target"] = ESCAPE  # the caller's own mapping, changed after the check
    given["line"].append({"target": ESCAPE})
    assert tree["line"][0]["target"] == "Gray" and len(tree["line"]) == 2  # a copy was checked
    names = [t.name for t in load_checked(tree).line]
    assert names == ["Gray", "VIP"]
    with pytest.raises(InputError) as info:
        checked_tree(given)  # checked again, it is refused
    assert info.value.field == "line[0].target"


def test_ap2_a_checked_tree_copied_or_pickled_is_checked_again() -> None:
    import copy
    import pickle

    from armourpen.reading import CheckedTree

    tree = parse_json(json.dumps(PENAV), field="s")
    for again in (pickle.loads(pickle.dumps(tree)), copy.deepcopy(tree), copy.copy(tree)):
        assert isinstance(again, CheckedTree) and again == tree and again.limits == tree.limits
        with pytest.raises(TypeError, match="read-only"):
            again["line"][0]["target"] = ESCAPE
