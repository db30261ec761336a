"""The pages as the server renders them, and the calculator's update channel (``/ui/outcome``).

The page shows the outcome of the scenario in its address without any script, so what a GM
bookmarks or shares opens with its answer; names from any catalog are escaped.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from web.web_helpers import JSON_TYPE, SCRIPT_NAME, TEST_HOSTS

from armourpen.catalog import Catalog
from armourpen.scenario import read_scenario_file
from armourpen.web import create_app


def address(data: dict[str, Any]) -> str:
    return "/?s=" + quote(json.dumps(data))


def results(html: str) -> list[str]:
    """The text of each result row of the outcome band (tags dropped, spaces collapsed)."""
    rows = re.findall(r'<li class="result[^"]*"[^>]*>(.*?)</li>\s*(?=<li class="result|</ol>)',
                      html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows]


def test_pa2_the_first_page_is_the_texts_example(client: TestClient) -> None:
    html = client.get("/").text
    gray, vip = results(html)
    # 7.62x51mm NATO PEN 7, -1 at Very Long: PEN 6 = NIJ Type III AV 6 -> penetrates with -4
    assert gray.startswith("1 Gray") and "penetrates, wound roll -4" in gray and "-4" in gray
    # behind Gray: the vest in (6), his body front to back (3), the vest out (6): 6 + 2 = AV 8
    assert vip.startswith("2 VIP") and "stopped" in vip and "AV 8" in vip
    assert "150 m, Very Long: PEN -1, DC -1" in html


def test_gu7_agent_gray_from_its_address(client: TestClient) -> None:
    html = client.get(address(read_scenario_file("example:agent-gray"))).text
    gray, vip = results(html)
    assert "injury 8" in gray and "injury 3" in vip
    assert "<svg" in html and "Exact odds" in html  # the odds as bars (GU-8)


def test_examples_open_by_name(client: TestClient) -> None:
    for name in ("tank-ambush", "office-shootout", "sandbags-from-above"):
        r = client.get("/", params={"example": name})
        assert r.status_code == 200 and results(r.text)
    bad = client.get("/", params={"example": "nope"})
    assert bad.status_code == 200 and "allowed examples" in bad.text


def test_gu3_a_table_of_dr_by_location_opens_in_its_fields(client: TestClient) -> None:
    html = client.get("/", params={"example": "random-location-burst"}).text
    assert '<details class="dr-table" open>' in html
    for where, value in (("torso", "4"), ("groin", "4"), ("vitals", "4"), ("leg", "")):
        assert f'data-key="dr.{where}"    value="{value}"' in html
    # a DR out by location has no fields: kept beside the card, written back as it was
    data = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
            "line": [{"target": "a", "hp": 10, "dr": 2, "dr_back": {"torso": 6}}]}
    html = client.get(address(data)).text
    assert '<details class="dr-table">' in html
    assert "&#34;dr_back&#34;: {&#34;torso&#34;: 6}" in html


def test_a_broken_address_still_opens_the_page(client: TestClient) -> None:
    r = client.get("/", params={"s": "{not json"})
    assert r.status_code == 200 and "is not valid JSON" in r.text


def test_pa12_cards_in_line_order_with_cover(client: TestClient) -> None:
    data = {"attack": {"weapon": "7.62x39mm Soviet", "range": "30 m", "from": "left"},
            "line": [{"cover": "Car door/body"}, {"target": "Driver"}, {"target": "Passenger"}]}
    rows = results(client.get(address(data)).text)
    assert [r.split()[:2] for r in rows] == [["1", "Car"], ["2", "Driver"], ["3", "Passenger"]]
    assert "in the way" in rows[0]


def test_names_are_escaped_everywhere(hostile_catalog: Catalog) -> None:
    client = TestClient(create_app(hostile_catalog, allow_hosts=TEST_HOSTS))
    data = {"attack": {"weapon": SCRIPT_NAME, "range": "10 m"},
            "line": [{"target": "<img src=x onerror=alert(1)>",
                      "armour": ["<b>bold</b> & plate"]}]}
    html = client.get(address(data)).text
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>bold" not in html
    assert "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; rifle" in html
    found = client.get("/api/catalog", params={"q": "script", "kind": "attack"}).json()
    assert found[0]["name"] == SCRIPT_NAME  # JSON carries the name as it is
    fragment = client.post("/ui/outcome", json=data).json()["html"]
    assert "<script>" not in fragment and "&lt;img src=x" in fragment
    table = client.get("/table", params={"attack": "script", "armour": "bold"}).text
    assert "<script>alert" not in table and "&lt;b&gt;bold&lt;/b&gt; &amp; plate" in table


def test_ui_outcome_hints_and_errors_by_field(client: TestClient) -> None:
    ok = client.post("/ui/outcome", json={"attack": {"weapon": "9mm Parabellum pistol",
                                                     "range": "300 ft"},
                                          "line": [{"target": "A"}]}).json()
    # 300 ft is 100 m/yd (PA-3): Long; the handgun column gives PEN -1 there (PA-4)
    assert ok["hints"]["attack.range"] == "300 ft, Long: PEN -1, DC +0"
    assert ok["hints"]["attack.weapon"].startswith("PEN 4, handgun column")
    assert ok["errors"] == [] and "not resolved" not in ok["html"]
    bad = client.post("/ui/outcome", json={"attack": {"weapon": "9mm Parabellum pistol",
                                                      "range": "5 km"},
                                           "line": [{"target": "A", "armour": ["Kevlar?"]}]}).json()
    fields = [e["field"] for e in bad["errors"]]
    assert fields[0] == "attack.range" and "beyond Very Distant" in bad["errors"][0]["error"]
    assert "not resolved" in bad["html"]
    gurps = client.post("/ui/outcome", json={"rules": "gurps", "attack": {"damage": "7d(2)pi-",
                                                                         "roll": 20},
                                             "line": [{"target": "A", "hp": 10}]}).json()
    assert gurps["hints"]["attack.damage"] == "7d(2) pi-: rolls 7 to 42"
    typo = client.post("/ui/outcome", json={"rules": "gurps", "attack": {"damage": "7d(2) px"},
                                            "line": [{"target": "A", "hp": 10}]}).json()
    assert [e["field"] for e in typo["errors"]] == ["attack.damage"]
    assert "expected a damage type" in typo["errors"][0]["allowed"]


def test_ap2_ui_outcome_gives_each_problem_its_own_field(client: TestClient) -> None:
    """Several problems of one input are placed apart, each beside its field on the form."""
    data = {"attack": {"weapon": "Sword", "contact": True},
            "line": [{"target": "A", "armour": ["zzz"]}, {"target": "B", "armour": ["yyy"]}]}
    errors = client.post("/ui/outcome", json=data).json()["errors"]
    assert [(e["field"], e["value"]) for e in errors] == [("line[0].armour[0]", "zzz"),
                                                          ("line[1].armour[0]", "yyy")]
    assert all(" | " not in e["error"] for e in errors)


@pytest.mark.parametrize(("line", "field"), [
    ([{"cover": ""}, {"target": "A"}], "line[0].cover"),
    ([{"target": ""}], "line[0].target"),
])
def test_ap2_a_name_left_empty_reads_as_required(client: TestClient, line: list[Any],
                                                  field: str) -> None:
    """A new card's empty name box is nothing given (issue 24 item 12): "a name is required",
    never "'' is not allowed"."""
    data = {"attack": {"weapon": "9mm Parabellum pistol", "range": "10m"}, "line": line}
    errors = client.post("/ui/outcome", json=data).json()["errors"]
    assert [(e["field"], e["error"], e["value"]) for e in errors] == [
        (field, f"{field}: a name is required", None)]


def test_gcs_an_address_keeps_the_files_name_and_asks_for_the_file(client: TestClient) -> None:
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
            "line": [{"target": "Ogre", "gcs": "Ogre.gcs", "hp": 12}]}
    html = client.get(address(data)).text
    assert 'data-gcs-name="Ogre.gcs"' in html
    assert "line[0].gcs: &#39;Ogre.gcs&#39; is not allowed; here, the GCS file&#39;s JSON: on the " \
        "page, choose the file again on the card" in html


def test_gu10_an_address_keeps_a_location_of_the_gcs_files_body(client: TestClient) -> None:
    # an avian's wing is no humanoid location: the card offers it until the file is chosen again
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 5},
            "line": [{"target": "Harpy", "gcs": "Harpy.gcs", "location": "wing"}]}
    html = client.get(address(data)).text
    assert '<option value="wing" selected>wing</option>' in html
    assert 'data-key="location"' in html and html.count('<option value="wing"') == 1


def test_ui_outcome_refuses_a_malformed_body(client: TestClient) -> None:
    r = client.post("/ui/outcome", content=b"{", headers=JSON_TYPE)
    assert r.status_code == 400 and r.json()["field"] == "body"


def test_the_gm_chart(client: TestClient) -> None:
    html = client.get("/table", params={"attack": "7.62x51mm NATO", "armour": "NIJ Type III",
                                        "band": "long; very_long; far"}).text
    row = re.search(r"<tr data-attack=\"7.62x51mm nato\">(.*?)</tr>", html, re.S)
    assert row is not None
    cells = re.findall(r'<td class="(\w+)"', row.group(1))
    assert cells == ["penetrated", "penetrated_reduced", "stopped"]  # PEN 7, 6, 5 against AV 6
    assert "NIJ Type III: AV 6, from front" in html
    first = client.get("/table").text  # with no filter: the NIJ classes
    assert "NIJ Type IV" in first
    bad = client.get("/table", params={"armour": "Unobtainium"}).text
    assert "armour[0]: &#39;Unobtainium&#39; is not allowed" in bad


def test_the_charts_page_draws_each_kind(client: TestClient) -> None:
    for kind, words in (("pen-range", "7.62x51mm NATO"), ("matrix", "NIJ Type III"),
                        ("slope", "60"), ("odds", "Agent Gray")):
        html = client.get("/charts", params={"kind": kind}).text
        assert html.count("<svg") == 1 and words in html, kind
        assert "<?xml" not in html and "<!DOCTYPE svg" not in html  # inlined as an element
    drawn = client.get("/charts", params={"kind": "pen-range", "attack": "AK-47",
                                          "armour": "PASGT"}).text
    assert "AK" in drawn and "PASGT" in drawn
    refused = client.get("/charts", params={"kind": "slope", "thickness": "60mm", "av": "3"}).text
    assert "thickness: &#39;60mm&#39; is not allowed; give the plate&#39;s thickness" in refused


def test_the_api_page_lists_the_routes(client: TestClient) -> None:
    html = client.get("/api").text
    assert "POST /api/resolve" in html and "/openapi.json" in html


def test_gu11_pain_threshold_opens_in_its_box(client: TestClient) -> None:
    data: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
                            "line": [{"target": "a", "hp": 10, "high_pain_threshold": True}]}
    html = client.get(address(data)).text
    assert re.search(r'data-key="high_pain_threshold"[^>]* checked', html)
    assert not re.search(r'data-key="low_pain_threshold"[^>]* checked', html)


def test_ap2_gu11_both_pain_thresholds_are_a_422_naming_the_field(client: TestClient) -> None:
    data: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
                            "line": [{"target": "a", "hp": 10, "high_pain_threshold": True,
                                      "low_pain_threshold": True}]}
    r = client.post("/api/resolve", json=data)
    assert (r.status_code, r.json()["field"], r.json()["value"]) == (
        422, "line[0].low_pain_threshold", True)
    # one shot: no shock for High Pain Threshold (3d pi rolling 10 at HP 10: injury 10)
    data["line"][0].pop("low_pain_threshold")
    assert client.post("/api/resolve", json=data).json()["targets"][0]["shock"] == 0


def test_the_api_page_renders_its_markdown(client: TestClient) -> None:
    # the descriptions are Markdown: `samples` is code, a paragraph a paragraph, no backtick left
    html = client.get("/api").text
    assert "with <code>samples</code> a Monte Carlo estimate" in html
    assert "<p>Resolve shots against armour" in html
    dl = html[html.index('<dl class="routes">'):]
    assert "`" not in dl
    assert '<a href="/docs">/docs</a>' in html


def test_gu18_the_calculator_names_each_materials_dr_per_inch_where_it_is_chosen(
        client: TestClient) -> None:
    # GU-18's table: brick 5-8, sandbags 3 (one figure), wood 0.5-1 DR per inch
    data = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 10},
            "line": [{"cover": {"name": "Wall", "material": "brick", "inches": 6}},
                     {"target": "A", "hp": 10}]}
    html = client.get(address(data)).text
    options = dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', html))
    assert options["brick"] == "brick: DR 5 to 8 per inch"
    assert options["sandbags"] == "sandbags: DR 3 per inch"
    assert options["wood"] == "wood: DR 0.5 to 1 per inch"
