"""A GURPS target card's traits beside a GCS file: the file's, yes or no.

A key written beside ``gcs`` overrides the file, and ``false`` takes the file's trait away
(``docs/gcs.md``). On the card, the traits a file gives (Perfect Balance, High and Low Pain
Threshold) are then a choice of three, kept in the address as the key's absence, ``true`` or
``false``; on a card without a file they stay a box. The figures are worked from the rules:
Kabal (a sample file, HP 13, torso DR 0, High Pain Threshold) hit in the torso by 2d pi rolling
5 takes injury 5, whose shock is -4 (GU-11: minus the injury, never worse than -4), none for High
Pain Threshold, and -8 for Low (doubled, at worst -8). A 3d cr roll of 16 knocks an ST 10 target
back 16 // 8 = 2 yards, DX at -1 to stay standing, +4 more for Perfect Balance (GU-13).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from gcs.gcs_helpers import character, sample, trait

from armourpen.web.form import FILE_TRAITS, card_of, form_state

STATES: list[tuple[bool | None, str]] = [(None, ""), (True, "true"), (False, "false")]


def address(data: dict[str, Any]) -> str:
    return "/?s=" + quote(json.dumps(data))


def gcs_line(key: str, value: bool | None, gcs: object = "Kabal.gcs") -> dict[str, Any]:
    entry: dict[str, Any] = {"target": "Kabal", "gcs": gcs}
    if value is not None:
        entry[key] = value
    return {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 5, "location": "torso"},
            "line": [entry]}


class _Controls(HTMLParser):
    """The form's controls as the page shows them (those waiting in a <template> left out):
    data-key -> (tag, the value shown: a select's chosen option, a box's "on" or "")."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden = 0
        self.found: dict[str, tuple[str, str]] = {}
        self.select: str | None = None
        self.first: str | None = None
        self.options: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "template":
            self.hidden += 1
        elif self.hidden:
            return
        elif tag == "input" and a.get("data-key"):
            on = "on" if "checked" in a else ""
            self.found[str(a["data-key"])] = (str(a.get("type")), on)
        elif tag == "select" and a.get("data-key"):
            self.select, self.first = str(a["data-key"]), None
        elif tag == "option" and self.select is not None:
            value = a.get("value") or ""
            if self.first is None:
                self.first = value
            if "selected" in a:
                self.found[self.select] = ("select", value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self.hidden -= 1
        elif tag == "select" and self.select is not None and not self.hidden:
            self.found.setdefault(self.select, ("select", self.first or ""))
            self.select = None


def controls(html: str) -> dict[str, tuple[str, str]]:
    start = html.index('<ol id="cards"')
    parser = _Controls()
    parser.feed(html[start:html.index("</ol>", start)])
    return parser.found


@pytest.mark.parametrize("key", FILE_TRAITS)
@pytest.mark.parametrize(("value", "shown"), STATES)
def test_gu11_gu13_a_file_trait_opens_in_its_three_states(
    client: TestClient, key: str, value: bool | None, shown: str,
) -> None:
    data = gcs_line(key, value)
    card = form_state(data).cards[0]
    assert card.values[key] == shown
    assert key not in json.loads(card.extra)  # the card edits it: written back by the control
    assert controls(client.get(address(data)).text)[key] == ("select", shown)
    assert card.traits_set is (value is not None)  # the traits box opens


@pytest.mark.parametrize("key", FILE_TRAITS)
def test_gu11_gu13_without_a_file_the_trait_is_a_box(client: TestClient, key: str) -> None:
    entry: dict[str, Any] = {"target": "a", "hp": 10, key: True}
    found = controls(client.get(address({"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
                                         "line": [entry]})).text)
    assert found[key] == ("checkbox", "on")
    # false on a target written by hand is the default: an empty box, nothing kept beside it
    card = card_of({**entry, key: False}, "gurps")
    assert (card.values[key], json.loads(card.extra), card.traits_set) == ("false", {}, False)


def test_traits_set_only_the_scenario_gives_stay_boxes_beside_a_file(client: TestClient) -> None:
    data = gcs_line("flexible", True)
    data["line"][0]["groin_double_shock"] = True
    found = controls(client.get(address(data)).text)
    assert found["flexible"] == found["groin_double_shock"] == ("checkbox", "on")
    assert found["injury_tolerance"] == ("select", "")  # the file's, unless a kind is chosen
    html = client.get(address(data)).text
    assert '<option value="" selected>from the file</option>' in html


def kabal() -> Any:
    return json.loads(sample("Kabal.gcs").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("key", "value", "shock", "said"), [
    ("high_pain_threshold", None, 0, "Kabal: High Pain Threshold (Basic Set p. 59) from line[0].gcs"),
    ("high_pain_threshold", False, -4, "Kabal: high_pain_threshold false from the scenario overrides "
                                       "the file's High Pain Threshold (Basic Set p. 59) (line[0].gcs)"),
    ("low_pain_threshold", True, -8, "Kabal: low_pain_threshold true from the scenario overrides "
                                     "the file's High Pain Threshold (Basic Set p. 59) (line[0].gcs)"),
])
def test_gu11_a_files_pain_threshold_overridden_from_the_card_reaches_the_outcome(
    client: TestClient, key: str, value: bool | None, shock: int, said: str,
) -> None:
    data = gcs_line(key, value, kabal())
    r = client.post("/api/resolve", json=data)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["targets"][0]["injury"], body["targets"][0]["shock"]) == (5, shock)
    assert said in [s["text"] for s in body["steps"]]
    # the page's own channel answers the same
    page = client.post("/ui/outcome", json=data).json()
    assert page["errors"] == []
    text = " ".join(re.sub(r"<[^>]+>", " ", page["html"]).split())
    assert ('data-outcome="shock"' in page["html"]) is bool(shock)  # the badge
    if shock:
        assert f"shock {shock} DX/IQ (GU-11)" in text
    else:
        assert "injury 5: no shock penalty, for High Pain Threshold" in text


@pytest.mark.parametrize(("value", "dx"), [(None, 3), (True, 3), (False, -1)])
def test_gu13_perfect_balance_taken_away_from_the_card(
    client: TestClient, value: bool | None, dx: int,
) -> None:
    acrobat = character(name="Acrobat", hp=12, st=10, traits=[trait("Perfect Balance")])
    data = gcs_line("perfect_balance", value, acrobat)
    data["attack"] = {"damage": "3d cr", "roll": 16, "location": "torso"}
    target = client.post("/api/resolve", json=data).json()["targets"][0]
    assert (target["knockback_yards"], target["knockback_dx_modifier"]) == (2, dx)


def test_a_card_beside_a_file_says_file_in_its_narrow_boxes_and_why_below(client: TestClient) -> None:
    # "from the file" is cut to "from the" in a phone's narrow box: the box says "file", and a
    # note below the boxes says what that means
    html = client.get(address(gcs_line("perfect_balance", None))).text
    main = html.split('<template id="tpl-', 1)[0]  # the page's cards, not the new-card templates
    for key in ("hp", "dr", "st", "hardened"):
        assert re.search(rf'data-key="{key}"[^>]*placeholder="file"', main), key
    note = re.search(r'<p class="note filed" data-gcs-note( hidden)?>([^<]*)</p>', main)
    assert note is not None and note.group(1) is None
    assert "A box that says &#34;file&#34; takes the GCS file&#39;s figure" in note.group(2)
    by_hand = client.get(address({"rules": "gurps", "attack": {"damage": "2d pi", "roll": 5},
                                  "line": [{"target": "a", "hp": 10}]})).text
    main = by_hand.split('<template id="tpl-', 1)[0]
    assert 'placeholder="file"' not in main and "data-gcs-note hidden" in main
