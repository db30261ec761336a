"""AP-2: a name or search holding a character that shows nothing is refused, saying which.

A zero-width space, a joiner, a byte-order mark, a text-direction control, a filler or a
variation selector makes a name look like another one (or like what the user meant) while it
matches nothing: every field that takes a name (a search, a catalog name, a weapon, armour or
cover flag, a scenario's names, a user catalog's names) refuses it with exit 2 or a 4xx, names
the field, shows the value with the character escaped, and says what is allowed.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from cli.cli_helpers import cli
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from web.web_helpers import TEST_HOSTS

from armourpen.catalog import Catalog
from armourpen.errors import SHOWS_NOTHING, CatalogError, printable
from armourpen.text import invisible

# (the character, its name as the message gives it, how the echoed value escapes it)
INVISIBLE = [
    ("\u200b", "U+200B ZERO WIDTH SPACE", "\\u200b"),
    ("\u200d", "U+200D ZERO WIDTH JOINER", "\\u200d"),
    ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE", "\\ufeff"),
    ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE", "\\u202e"),
    ("\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE", "\\u2066"),
    ("\u00ad", "U+00AD SOFT HYPHEN", "\\xad"),
    ("\u2060", "U+2060 WORD JOINER", "\\u2060"),
    # printable to Python, yet showing nothing
    ("\u3164", "U+3164 HANGUL FILLER", "\\u3164"),
    ("\ufe0f", "U+FE0F VARIATION SELECTOR-16", "\\ufe0f"),
    ("\u034f", "U+034F COMBINING GRAPHEME JOINER", "\\u034f"),
    ("\U000e0100", "U+E0100 VARIATION SELECTOR-17", "\\U000e0100"),
]
IDS = [name for _, name, _ in INVISIBLE]
RULE = ("in visible characters (no zero-width spaces or joiners, byte-order marks, text-direction "
        "controls or other characters that show nothing)")


@pytest.mark.parametrize(("char", "name", "escaped"), INVISIBLE, ids=IDS)
def test_ap2_each_character_is_found_named_and_escaped(char: str, name: str, escaped: str) -> None:
    assert invisible(f"NIJ{char} Type III") == name
    assert printable(f"NIJ{char}") == f"NIJ{escaped}"


def test_visible_text_passes() -> None:
    for text in ("NIJ Type III", "1/4\u2033 steel plate", "Stahlhelm M35 \u00e4\u00df",
                 "7.62\u00d751mm", "Ka\u0301lasnikov"):  # combining accents show on their letter
        assert invisible(text) is None
        assert printable(text) == text
    assert invisible("7.62x51mm\u00a0NATO") is None  # a space, if a no-break one (names ignore it)


def test_ap2_search_with_a_zero_width_space(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "catalog", "search", "NIJ\u200b")
    assert (code, out) == (2, "")
    assert err == ("armourpen: error: text: 'NIJ\\u200b' is not allowed; allowed: words to look for "
                   f"{RULE}; this one holds U+200B ZERO WIDTH SPACE, which shows nothing\n")


@pytest.mark.parametrize(("char", "name", "escaped"), INVISIBLE, ids=IDS)
@pytest.mark.parametrize(
    ("args", "field", "what"),
    [(["catalog", "search", "{}"], "text", "words to look for"),
     (["catalog", "search", "--kind", "armour", "{}"], "text", "words to look for"),
     (["catalog", "show", "{}"], "name", "a name"),
     (["catalog", "show", "--kind", "armour", "{}"], "name", "a name"),
     (["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour", "{}"], "--armour #1",
      "a name"),
     (["table", "--armour", "{}", "-a", "Sword"], "--armour #1", "a name")],
    ids=["search", "search-kind", "show", "show-kind", "resolve", "table"],
)
def test_ap2_every_name_flag_refuses_it(
    capsys: pytest.CaptureFixture[str], args: list[str], field: str, what: str,
    char: str, name: str, escaped: str,
) -> None:
    value = f"NIJ Type{char} III"
    code, out, err = cli(capsys, *(a.format(value) for a in args))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and char not in err
    assert f": {field}: 'NIJ Type{escaped} III' is not allowed; " in err
    assert f"allowed: {what} {RULE}; this one holds {name}, which shows nothing" in err


def test_ap2_weapon_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "--weapon", "7.62x51mm\ufe0f NATO", "--range", "150m")
    assert code == 2
    assert err == ("armourpen: error: --weapon: '7.62x51mm\\ufe0f NATO' is not allowed; allowed: "
                   f"a name {RULE}; this one holds U+FE0F VARIATION SELECTOR-16, which shows "
                   "nothing\n")


@pytest.mark.parametrize(("char", "name", "escaped"), INVISIBLE, ids=IDS)
def test_ap2_scenario_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], char: str, name: str, escaped: str,
) -> None:
    scenario = {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 20},
                "line": [{"target": "Agent Gray", "dr": 8, "hp": 12},
                         {"target": f"V{char}IP", "dr": 0, "hp": 10}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    code, out, err = cli(capsys, "resolve", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"armourpen: error: line[1].target: 'V{escaped}IP' is not allowed; ")
    assert name in err and char not in err


@pytest.mark.parametrize(("char", "name", "escaped"), INVISIBLE, ids=IDS)
def test_ap2_user_catalog_names(tmp_path: Path, char: str, name: str, escaped: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(f'[[armour]]\nname = "Dragon{char} Skin"\nav = 8\n', encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    shown, field = str(info.value), info.value.field
    assert field.startswith(f"{path}: armour[0]") and field.endswith(".name")
    assert f".name: 'Dragon{escaped} Skin' is not allowed; " in shown
    assert name in shown and char not in shown


@pytest.fixture(scope="module")
def client() -> TestClient:
    from armourpen.web.app import create_app

    return TestClient(create_app(allow_hosts=TEST_HOSTS))


@pytest.mark.parametrize(("char", "name", "escaped"), INVISIBLE, ids=IDS)
def test_ap2_http_search_and_names(client: TestClient, char: str, name: str, escaped: str) -> None:
    q = f"NIJ{char}"
    r = client.get("/api/catalog", params={"q": q})
    assert r.status_code == 422, r.text
    body = r.json()
    assert (body["field"], body["value"]) == ("q", q)
    assert body["allowed"] == (f"allowed: words to look for {RULE}; this one holds {name}, which "
                               "shows nothing")
    assert body["error"] == f"q: 'NIJ{escaped}' is not allowed; {body['allowed']}"
    r = client.get(f"/api/catalog/NIJ Type III{char}")
    assert r.status_code == 422 and r.json()["field"] == "name" and name in r.json()["allowed"]
    resolve = {"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
               "line": [{"target": "Gray", "armour": [f"NIJ Type III{char}"]}]}
    r = client.post("/api/resolve", json=resolve)
    assert r.status_code in (400, 422), r.text  # 400: refused as the body is read
    assert r.json()["field"] == "line[0].armour[0]" and name in r.json()["allowed"]
    assert char not in r.json()["error"]


def test_printable_ascii_shows_whole_and_names_nothing_invisible() -> None:
    # the readers pass printable ASCII at once (in C), without looking for what shows nothing
    assert not any(c.isascii() for c in SHOWS_NOTHING)
    assert all(unicodedata.category(chr(c)) != "Cf" for c in range(128))


@given(st.text(alphabet=st.sampled_from(
    [" ", "a", "Z", "~", "\t", "\n", "\r", "\x0b", "\x0c", "\x1b", "\x7f", "\u00a0", "\u3000",
     "\u00e9", "\u200b", "\u202e", "\u3164", "\ufe0f", "\U000e0100"]), max_size=6))
def test_a_name_on_one_line_is_exactly_text_not_blank_without_breaks_all_visible(
    text: str
) -> None:
    from armourpen.text import one_line

    # the rule, spelt out: not blank, no line break or tab, every character shows
    ok = bool(text.strip()) and not any(c in "\n\r\t\x0b\x0c" for c in text) and all(
        c not in SHOWS_NOTHING and (c.isprintable() or unicodedata.category(c) != "Cf")
        for c in text)
    try:
        assert one_line(text) is text and ok
    except ValueError:
        assert not ok
