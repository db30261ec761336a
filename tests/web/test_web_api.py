"""The HTTP API through FastAPI's TestClient: every endpoint, and every kind of bad input.

Expected figures are worked out from the rule texts: 7.62x51mm NATO is PEN 7 on the rifle column,
-1 at Very Long (100-200 m), so PEN 6 against NIJ Type III's AV 6 penetrates with -4 (PA-2, PA-4);
the Basic Set's Agent Gray takes 8 injury and the VIP 3 (GU-7); 120 mm of RHA is AV 60 (PA-11).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from gcs.gcs_helpers import character
from web.web_helpers import JSON_TYPE, TEST_HOSTS

from armourpen.catalog import Catalog
from armourpen.limits import Limits
from armourpen.scenario import read_scenario_file
from armourpen.web import create_app

QUICK = {
    "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
    "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}],
}
AGENT_GRAY = read_scenario_file("example:agent-gray")


def ap2(response: Any, status: int, field: str) -> dict[str, Any]:
    """The response is an AP-2 body naming ``field`` with the given status."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"error", "field", "value", "allowed"}
    assert body["field"] == field
    assert body["error"].startswith(f"{field}: ")
    assert body["allowed"] in body["error"]
    return body


# --- answers ------------------------------------------------------------------------------------


def test_pa2_resolve_the_texts_example(client: TestClient) -> None:
    r = client.post("/api/resolve", json=QUICK)
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    out = r.json()
    assert out["attack"]["pen"] == 6
    assert out["attack"]["range_band"] == "very_long"
    gray, vip = out["targets"]
    assert (gray["av"], gray["outcome"], gray["wound_modifier"]) == (6, "penetrated_reduced", -4)
    assert vip["outcome"] in ("stopped", "penetrated", "penetrated_reduced")
    assert all({"rule", "text"} == set(s) for s in out["steps"])


def test_gu7_resolve_agent_gray(client: TestClient) -> None:
    out = client.post("/api/resolve", json=AGENT_GRAY).json()
    assert [(t["name"], t["injury"]) for t in out["targets"]] == [("Agent Gray", 8), ("VIP", 3)]


def test_gu1_an_unrolled_gurps_scenario_reports_its_fresh_seed(client: TestClient) -> None:
    data = {"rules": "gurps", "attack": {"damage": "2d pi"}, "line": [{"target": "A", "hp": 10}]}
    out = client.post("/api/resolve", json=data).json()
    seed = out["attack"]["seed"]
    assert isinstance(seed, int)
    replay = {**data, "attack": {"damage": "2d pi", "seed": seed}}
    assert client.post("/api/resolve", json=replay).json()["attack"]["dice"] == out["attack"]["dice"]


def test_gu8_exact_odds_add_up(client: TestClient) -> None:
    out = client.post("/api/odds", json=AGENT_GRAY).json()
    assert out["method"] == "exact"
    from fractions import Fraction

    for t in out["targets"]:
        assert sum(Fraction(p) for p in t["injury_pmf"].values()) == 1
    # 7d(2) pi- against Gray's DR 8 / 2 = 4: at least 7 - 4 = 3 penetrating, so always injured
    assert out["targets"][0]["p_reached"] == "1/1"
    assert "0" not in out["targets"][0]["injury_pmf"]


def test_gu8_monte_carlo_with_samples_and_seed(client: TestClient) -> None:
    r = client.post("/api/odds", params={"samples": 500, "seed": 4}, json=AGENT_GRAY)
    out = r.json()
    assert (out["samples"], out["seed"]) == (500, 4)
    again = client.post("/api/odds", params={"samples": 500, "seed": 4}, json=AGENT_GRAY).json()
    assert again == out


def test_monte_carlo_without_a_seed_draws_and_shows_one(client: TestClient) -> None:
    out = client.post("/api/odds", params={"samples": 100}, json=AGENT_GRAY).json()
    assert isinstance(out["seed"], int)


def test_pa4_table_one_cell(client: TestClient) -> None:
    r = client.post("/api/table", json={"attacks": ["7.62x51mm NATO"], "armour": ["NIJ Type III"],
                                        "bands": ["long", "very_long", "far"]})
    cells = r.json()["cells"]
    # PEN 7 at Long (0), 6 at Very Long (-1), 5 at Far (-2) against AV 6
    assert [(c["band"], c["pen"], c["outcome"]) for c in cells] == [
        ("long", 7, "penetrated"), ("very_long", 6, "penetrated_reduced"), ("far", 5, "stopped")]


def test_pa3_table_cell_past_the_reach_is_out_of_reach(client: TestClient) -> None:
    """The Sword (melee) reaches Contact only: stopped by AV 6 there, out of reach at Long."""
    r = client.post("/api/table", json={"attacks": ["Sword"], "armour": ["NIJ Type III"],
                                        "bands": ["contact", "long"]})
    cells = r.json()["cells"]
    assert [(c["band"], c["pen"], c["outcome"], c["symbol"]) for c in cells] == [
        ("contact", 2, "stopped", "·"), ("long", None, "out_of_reach", "–")]
    page = client.get("/table", params={"attack": "Sword", "armour": "NIJ Type III"}).text
    assert page.count('<td class="out_of_reach" title="out of reach">') == 10
    assert "</span> out of reach</li>" in page  # the legend says what – means


def test_catalog_list_search_and_show(client: TestClient, catalog: Catalog) -> None:
    covers = client.get("/api/catalog", params={"kind": "cover"}).json()
    assert [c["name"] for c in covers] == [c.name for c in catalog.items("cover")]
    found = client.get("/api/catalog", params={"q": "7.62x51", "kind": "attack"}).json()
    assert found[0]["name"] == "7.62x51mm NATO" and found[0]["pen"] == 7
    item = client.get("/api/catalog/Car door/body").json()  # a name with a slash
    assert (item["kind"], item["av"]) == ("cover", 3)
    assert client.get("/api/catalog/nij type iii", params={"kind": "armour"}).json()["av"] == 6


def test_catalog_search_says_why_each_hit_matched(client: TestClient) -> None:
    hits = client.get("/api/catalog", params={"q": "AK"}).json()
    assert hits[0]["matched_by"] == {"by": "alias", "text": "AK-47"}
    assert "matched_by" not in client.get("/api/catalog", params={"kind": "ammo"}).json()[0]
    described = client.get("/openapi.json").json()
    items = described["paths"]["/api/catalog"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]["items"]
    schemas = described["components"]["schemas"]
    assert items == {"$ref": "#/components/schemas/CatalogHit"}
    assert schemas["CatalogHit"]["properties"]["matched_by"] == {
        "$ref": "#/components/schemas/MatchedBy"}
    assert schemas["MatchedBy"]["required"] == ["by", "text"]


def test_pa11_thickness_three_ways(client: TestClient) -> None:
    assert client.get("/api/thickness", params={"mm": "120mm"}).json()["mm_to_av"]["av"] == 60
    assert client.get("/api/thickness", params={"av": 12}).json()["av_to_mm"]["mm"] == 20
    assert client.get("/api/thickness", params={"sav": "12"}).json()["av_to_mm"]["av"] == 60


def test_gu2_roll_with_and_without_seed(client: TestClient) -> None:
    out = client.post("/api/roll", json={"damage": "3d+1x2 cut", "seed": 7}).json()
    assert out["damage"] == "3d+1x2 cut"
    assert out["roll"] == sum(out["dice"]) + 1 and out["basic_damage"] == out["roll"] * 2
    fresh = client.post("/api/roll", json={"damage": "1d cr"}).json()
    assert isinstance(fresh["seed"], int) and 1 <= fresh["roll"] <= 6


def test_schema_of_each_rule_set(client: TestClient) -> None:
    for rules in ("penav", "gurps"):
        schema = client.get(f"/api/schema/{rules}").json()
        assert "attack" in schema["properties"]


def test_charts_as_data_and_as_svg(client: TestClient) -> None:
    data = client.get("/api/chart/slope", params={"thickness": "60mm"}).json()
    assert data["kind"] == "slope"
    svg = client.get("/api/chart/pen-range", params={"attack": "7.62x51mm NATO",
                                                     "armour": "NIJ Type III", "format": "svg"})
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "7.62x51mm NATO" in svg.text and "<script" not in svg.text
    matrix = client.get("/api/chart/matrix", params={"attack": "7.62x51mm NATO",
                                                     "armour": "NIJ Type III", "band": "long"})
    assert matrix.json()["cells"][0]["outcome"] == "penetrated"
    odds = client.post("/api/chart/odds", json=AGENT_GRAY).json()
    assert [t["name"] for t in odds["targets"]] == ["Agent Gray", "VIP"]


def test_gcs_file_as_the_body_and_in_a_scenario(client: TestClient) -> None:
    ogre = character(name="Ogre", hp=20, st=20, ht=13)
    shown = client.post("/api/gcs", params={"name": "Ogre.gcs"}, json=ogre).json()
    assert (shown["name"], shown["hp"], shown["st"], shown["ht"]) == ("Ogre", 20, 20, 13)
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
            "line": [{"target": "Ogre", "gcs": ogre}]}
    # 7 basic against the file's torso DR 0: 7 penetrating, x1 for pi to the torso (GU-4)
    target = client.post("/api/resolve", json=data).json()["targets"][0]
    assert (target["injury"], target["penetrating"]) == (7, 7)
    bad = ap2(client.post("/api/gcs", params={"name": "x.gcs"}, content=b"{", headers=JSON_TYPE), 422, "gcs")
    assert "not valid JSON" in bad["allowed"]
    ap2(client.post("/api/gcs", json={"version": 4}), 422, "(uploaded file): version")


def test_gcs_file_with_a_carriage_return_and_an_escape_is_read_and_shown_escaped(
        client: TestClient) -> None:
    # GCS writes "\r" in notes: the file is read, through /api/gcs and held in a scenario, and
    # what it says comes back escaped (AP-2); the scenario's own text is still plain text
    ogre = character(name="Ogre\x1b[2J", notes=[{"id": "n1", "markdown": "Big\r\nand red"}])
    shown = client.post("/api/gcs", params={"name": "Ogre.gcs"}, json=ogre)
    assert shown.status_code == 200 and shown.json()["name"] == "Ogre\\x1b[2J"
    assert "\x1b" not in shown.text and "\\u001b" not in shown.text
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
            "line": [{"target": "Ogre", "gcs": ogre}]}
    # 7 basic against the file's torso DR 0: 7 penetrating, x1 for pi to the torso (GU-4)
    assert client.post("/api/resolve", json=data).json()["targets"][0]["injury"] == 7
    data["line"][0]["target"] = "Og\rre"  # type: ignore[index]
    ap2(client.post("/api/resolve", json=data), 400, "line[0].target")  # a malformed body


def test_gcs_paths_are_never_read_from_the_server(client: TestClient, tmp_path: Path) -> None:
    real = tmp_path / "Ogre.gcs"
    real.write_text(json.dumps(character(name="Ogre")), encoding="utf-8")
    for path in (str(real), "Ogre.gcs", "/etc/passwd"):
        data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
                "line": [{"target": "Ogre", "gcs": path}]}
        body = ap2(client.post("/api/resolve", json=data), 422, "line[0].gcs")
        assert "the GCS file's JSON" in body["allowed"]


def test_openapi_describes_every_route_and_the_scenario(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = set(schema["paths"])
    assert {"/api/resolve", "/api/odds", "/api/table", "/api/catalog", "/api/catalog/{name}",
            "/api/thickness", "/api/roll", "/api/schema/{rules}", "/api/gcs"} <= paths
    components = schema["components"]["schemas"]
    assert {"Scenario", "PenavScenario", "GurpsScenario", "Error"} <= set(components)
    body = schema["paths"]["/api/resolve"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Scenario"}

    def refs(node: object) -> Iterator[str]:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "$ref":
                    yield v
                else:
                    yield from refs(v)
        elif isinstance(node, list):
            for v in node:
                yield from refs(v)

    for ref in refs(schema):  # every reference resolves inside the document
        assert ref.removeprefix("#/components/schemas/") in components, ref


def test_openapi_routes_that_read_their_own_body_describe_it(client: TestClient) -> None:
    # resolve, table and roll read their body themselves (read_json, which refuses a key given
    # twice); their description still names the body and every AP-2 refusal
    paths = client.get("/openapi.json").json()["paths"]
    for path, ref in (("/api/resolve", "Scenario"), ("/api/table", "TableRequest"),
                      ("/api/roll", "RollRequest")):
        post = paths[path]["post"]
        schema = post["requestBody"]["content"]["application/json"]["schema"]
        assert schema == {"$ref": f"#/components/schemas/{ref}"}, path
        assert {"200", "400", "404", "413", "422"} <= set(post["responses"]), path


def test_openapi_every_200_answer_names_its_schema(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            content = op["responses"]["200"]["content"]
            if path == "/api/resolve/text":  # the CLI's plain text, for "copy as text"
                assert list(content) == ["text/plain"], content
                continue
            schema = content["application/json"]["schema"]
            named = schema.get("$ref") or schema.get("items", {}).get("$ref")
            assert named, (method, path, schema)  # not FastAPI's empty {} for a Response
            assert named.removeprefix("#/components/schemas/") in spec["components"]["schemas"]
            if path.startswith("/api/chart/"):  # format=svg draws the chart
                assert "image/svg+xml" in content, path


def test_no_page_loads_anything_from_other_hosts(client: TestClient) -> None:
    for page in ("/", "/table", "/api", "/docs"):
        html = client.get(page).text
        assert "http://" not in html and "https://" not in html, page


def test_the_docs_page_takes_swagger_ui_from_this_server(client: TestClient) -> None:
    # FastAPI's own /docs would load Swagger UI from a CDN: here every asset it names is served
    html = client.get("/docs").text
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert {"/static/docs/swagger-ui-bundle.js", "/static/docs/swagger-ui.css"} <= set(assets)
    for asset in assets:
        if not asset.startswith("data:"):
            got = client.get(asset)
            assert got.status_code == 200 and len(got.content) > 1000, asset
    assert "url: '/openapi.json'" in html


# --- bad input: one AP-2 body, a 4xx, never a 5xx -------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (b"{", "body"),
        (b"", "body"),
        (b"[1, 2]", "body"),
        (b"\xff\xfe", "body"),
        (b'{"attack": {"weapon": "x", "weapon": "y"}}', "attack.weapon"),
        (b'{"attack": {"pen": NaN}}', "attack.pen"),
        (b'{"attack": {"weapon": "a\\u001b[31m"}}', "attack.weapon"),
    ],
    ids=["truncated", "empty", "array", "not-utf8", "duplicate-key", "nan", "escape"],
)
def test_ap2_a_malformed_body_is_400(client: TestClient, raw: bytes, field: str) -> None:
    ap2(client.post("/api/resolve", content=raw, headers=JSON_TYPE), 400, field)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**QUICK, "colour": "red"}, "colour"),
        ({"attack": {"weapon": "7.62x51mm NATOO", "range": "150 m"}, "line": [{"target": "A"}]},
         "attack.weapon"),
        ({"attack": {"weapon": "7.62x51mm NATO", "range": "3300 m"}, "line": [{"target": "A"}]},
         "attack.range"),
        ({"attack": {"weapon": "7.62x51mm NATO", "range": 150}, "line": [{"target": "A", "armour":
                                                                          "NIJ Type III"}]},
         "line[0].armour"),
        ({"rules": "hero", "attack": {}, "line": []}, "rules"),
        ({"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 50},
          "line": [{"target": "A", "hp": 10}]}, "attack.roll"),
        ({"rules": "gurps", "attack": {"damage": "7x pi", "roll": 5},
          "line": [{"target": "A", "hp": 10}]}, "attack.damage"),
        ({"rules": "gurps", "attack": {"damage": "3d pi", "roll": 5},
          "line": [{"target": "A", "hp": 10, "dr": [{"dr": 5, "ablation": "ablatve"}]}]},
         "line[0].dr[0].ablation"),
    ],
    ids=["unknown-key", "unknown-name", "beyond-very-distant", "wrong-type", "unknown-rules",
         "roll-out-of-range", "bad-notation", "gu28-unknown-ablation"],
)
def test_ap2_bad_scenarios_are_422(client: TestClient, data: dict[str, Any], field: str) -> None:
    body = ap2(client.post("/api/resolve", json=data), 422, field)
    if field == "attack.weapon":
        assert "7.62x51mm NATO" in body["allowed"]  # the closest names


def test_ap2_a_gurps_body_with_several_problems_lists_them_all(client: TestClient) -> None:
    """The same line as the CLI's: every problem of the attack and of each entry, ``|`` between."""
    data = {"rules": "gurps", "attack": {"damage": "3d pi"},
            "line": [{"target": "A", "hp": 10}, {"target": 3, "hp": 10},
                     {"target": "C", "hp": 10, "zzz": 1}]}
    body = ap2(client.post("/api/resolve", json=data), 422, "line[1].target")
    assert [p.split(":", 1)[0] for p in body["error"].split(" | ")] == ["line[1].target",
                                                                         "line[2].zzz"]
    assert (body["value"], body["allowed"]) == (3, "allowed: a string")


def test_ap2_unknown_routes_items_and_methods(client: TestClient) -> None:
    nothing = ap2(client.get("/api/nothing"), 404, "path")
    assert nothing["error"] == "path: no such route: /api/nothing; see /api for the routes"
    assert nothing["value"] == "/api/nothing"
    assert client.get("/api").status_code == 200  # where the message sends the reader
    body = ap2(client.get("/api/catalog/NIJ Type 3"), 404, "name")
    assert "NIJ Type III" in body["allowed"]
    ap2(client.get("/api/schema/hero"), 404, "rules")
    assert "POST" in ap2(client.get("/api/resolve"), 405, "method")["allowed"]


def test_ap2_query_parameters(client: TestClient) -> None:
    ap2(client.get("/api/thickness", params={"av": "abc"}), 422, "av")
    ap2(client.get("/api/thickness", params={"mm": "120mm", "av": 60}), 422, "mm")
    ap2(client.get("/api/thickness", params={"mm": "0.5mm"}), 422, "mm")
    ap2(client.get("/api/catalog", params={"kind": "spaceship"}), 422, "kind")
    ap2(client.post("/api/odds", params={"seed": 3}, json=AGENT_GRAY), 422, "seed")
    ap2(client.post("/api/odds", params={"samples": "many"}, json=AGENT_GRAY), 422, "samples")
    ap2(client.get("/api/chart/slope", params={"thickness": "60mm", "format": "gif"}), 422, "format")
    ap2(client.get("/api/chart/matrix", params={"band": "long", "range": "150m"}), 422, "band")
    ap2(client.get("/api/chart/pen-range"), 422, "attack")


def test_ap2_request_bodies_of_table_and_roll(client: TestClient) -> None:
    ap2(client.post("/api/table", json={"attacks": "AK"}), 422, "attacks")
    ap2(client.post("/api/table", json={"armour": ["Unobtainium"]}), 422, "armour[0]")
    # armourpen.table's refusals are blamed on the body's key, named as the body names it
    ap2(client.post("/api/table", json={"band": ["forever"]}), 422, "band[0]")
    ap2(client.post("/api/table", json={"from": ["sideways"]}), 422, "from[0]")
    ap2(client.post("/api/table", json={"optional_rule": ["nope"]}), 422, "optional_rule[0]")
    body = ap2(client.post("/api/table", json={"attack": ["AK"], "attackz": []}), 422, "attackz")
    assert "attack, armour, cover, defence, band, range, from, ammo, optional_rule" in body["allowed"]


def test_pa4_table_and_pen_range_chart_name_their_parameters_alike(client: TestClient) -> None:
    # the table's body keys are the chart's query parameters (and the CLI's options)
    chart = client.get("/api/chart/pen-range", params={
        "attack": "7.62x51mm NATO", "armour": "NIJ Type III", "from": "left"}).json()
    new = client.post("/api/table", json={"attack": ["7.62x51mm NATO"], "armour": ["NIJ Type III"],
                                          "band": ["very_long"], "from": ["left"]})
    assert new.status_code == 200 and chart["from"] == "left"
    # PEN 7 - 1 at Very Long = AV 6 of the vest (PA-2, PA-4)
    assert [(c["band"], c["from"], c["pen"], c["outcome"]) for c in new.json()["cells"]] == [
        ("very_long", "left", 6, "penetrated_reduced")]
    # the names the body took before are read alike
    old = client.post("/api/table", json={"attacks": ["7.62x51mm NATO"], "armour": ["NIJ Type III"],
                                          "bands": ["very_long"], "directions": ["left"]})
    assert old.json() == new.json()
    spec = client.get("/openapi.json").json()["components"]["schemas"]["TableRequest"]
    chart_params = {p["name"] for p in client.get("/openapi.json").json()["paths"][
        "/api/chart/pen-range"]["get"]["parameters"]} - {"format"}
    assert chart_params <= set(spec["properties"])
    ap2(client.post("/api/roll", json={"damage": "3d cr", "seed": -1}), 422, "seed")
    ap2(client.post("/api/roll", json={"damage": 3}), 422, "damage")
    ap2(client.post("/api/roll", json={}), 422, "damage")
    ap2(client.post("/api/odds", json=QUICK), 422, "rules")  # PEN/AV has no odds


def test_ap2_caps_are_refused_up_front_naming_the_cap() -> None:
    small = TestClient(create_app(limits=Limits(max_sweep_cells=10, max_sample_work=1000,
                                                max_text_chars=20, max_line_entries=3,
                                                max_odds_work=1000), allow_hosts=TEST_HOSTS))
    body = ap2(small.post("/api/table", json={"attacks": ["7.62"]}), 422, "sweep")
    assert "max_sweep_cells" in body["allowed"]
    body = ap2(small.post("/api/odds", params={"samples": 10_000}, json=AGENT_GRAY), 422, "samples")
    assert "max_sample_work" in body["allowed"]
    ap2(small.get("/api/catalog", params={"q": "x" * 21}), 422, "q")
    ap2(small.get("/api/catalog/" + "x" * 21), 422, "name")
    line = [{"target": f"T{i}"} for i in range(4)]
    ap2(small.post("/api/resolve", json={"attack": QUICK["attack"], "line": line}), 422, "line")
    huge = {"rules": "gurps", "attack": {"damage": "900d pi", "roll": 900},
            "line": [{"target": "T0", "hp": 10},
                     *({"target": f"T{i}", "hp": 10, "hit_chance": 0.5} for i in range(1, 3))]}
    body = ap2(small.post("/api/odds", json=huge), 422, "scenario")
    assert "max_odds_work" in body["allowed"]


def test_ap2_a_chart_too_big_to_draw_is_refused_but_its_data_is_not(client: TestClient) -> None:
    # every attack x every armour item at one band: thousands of cells, beyond max_chart_cells
    params = {"band": "long", "format": "svg"}
    body = ap2(client.get("/api/chart/matrix", params=params), 422, "attack")
    assert "max_chart_cells" in body["allowed"]
    data = client.get("/api/chart/matrix", params={"band": "long"})
    assert data.status_code == 200 and len(data.json()["cells"]) > 1000


def test_ap2_a_body_over_the_cap_is_413() -> None:
    small = TestClient(create_app(limits=Limits(max_file_bytes=1000), allow_hosts=TEST_HOSTS))
    body = ap2(small.post("/api/resolve", content=b" " * 1001, headers=JSON_TYPE), 413, "body")
    assert "max_file_bytes" in body["allowed"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b" " * 100

    ap2(small.post("/api/resolve", content=chunks(), headers=JSON_TYPE), 413, "body")
    assert small.post("/api/resolve", content=b" " * 999, headers=JSON_TYPE).status_code == 400  # under: read


def test_a_body_sent_in_chunks_is_read_whole(client: TestClient) -> None:
    # no Content-Length: the body arrives in pieces, split inside a name, and reads as one text
    text = json.dumps(QUICK).encode()

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(text), 7):
            yield text[i:i + 7]

    body = client.post("/api/resolve", content=chunks(), headers=JSON_TYPE).json()
    assert [t["wound_modifier"] for t in body["targets"]] == [-4, None]  # PA-2: PEN 6 = AV 6


def test_a_client_gone_before_the_end_of_its_body_is_a_disconnect() -> None:
    import asyncio

    from starlette.requests import ClientDisconnect, Request

    from armourpen.web.body import whole_body

    messages: Iterator[dict[str, Any]] = iter([{"type": "http.request", "body": b'{"a":', "more_body": True},
                     {"type": "http.disconnect"}])

    async def receive() -> dict[str, Any]:
        return next(messages)

    request = Request({"type": "http", "method": "POST", "headers": []}, receive)
    with pytest.raises(ClientDisconnect):
        asyncio.run(whole_body(request))


@pytest.mark.parametrize("declared", [b"\xb2", b"1\xb2", b"\xbd", b"-1", b""])
def test_ap2_a_content_length_of_other_digits_is_400(declared: bytes) -> None:
    # Latin-1 '\xb2' is a superscript two: str.isdigit() holds for it, int() refuses it. A
    # server in front may refuse such a header itself; the app must not count on it.
    import asyncio

    from armourpen.web.body import BodyLimit

    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:  # noqa: ARG001 (ASGI's signature)
        raise AssertionError("the body was passed on")

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"{}"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {"type": "http", "headers": [(b"content-length", declared)]}
    asyncio.run(BodyLimit(app, Limits())(scope, receive, send))
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"])["field"] == "Content-Length"


def test_ap2_a_gcs_file_has_its_own_cap_413() -> None:
    # a GCS file with a portrait is over the scenario's cap, within the GCS file's
    data = character()
    data["profile"] = {**data.get("profile", {}), "portrait": "A" * 3000}
    raw = json.dumps(data).encode()
    roomy = TestClient(create_app(limits=Limits(max_file_bytes=1000, max_gcs_bytes=len(raw)),
                                  allow_hosts=TEST_HOSTS))
    assert roomy.post("/api/gcs", content=raw, headers=JSON_TYPE).status_code == 200
    tight = TestClient(create_app(limits=Limits(max_gcs_bytes=len(raw) - 1), allow_hosts=TEST_HOSTS))
    body = ap2(tight.post("/api/gcs", content=raw, headers=JSON_TYPE), 413, "body")
    assert "max_gcs_bytes" in body["allowed"] and "ARMOURPEN_MAX_GCS_BYTES" in body["allowed"]


def test_cors_only_when_asked() -> None:
    headers = {"Origin": "https://vtt.example", "Access-Control-Request-Method": "POST"}
    plain = TestClient(create_app(allow_hosts=TEST_HOSTS))
    assert "access-control-allow-origin" not in plain.options("/api/resolve", headers=headers).headers
    open_ = TestClient(create_app(cors=True, allow_hosts=TEST_HOSTS))
    r = open_.options("/api/resolve", headers=headers)
    assert r.headers["access-control-allow-origin"] == "*"
    got = open_.get("/api/catalog", params={"kind": "ammo"}, headers={"Origin": "https://x.example"})
    assert got.headers["access-control-allow-origin"] == "*"


def test_ap2_a_body_is_checked_once_as_it_is_read(walks: list[object]) -> None:
    from armourpen.web.server import ServerSettings

    client = TestClient(create_app(server=ServerSettings(workers=0), allow_hosts=TEST_HOSTS))  # work here
    for path, body in (("/api/resolve", QUICK), ("/api/odds", AGENT_GRAY),
                       ("/api/chart/odds", AGENT_GRAY), ("/ui/outcome", QUICK)):
        walks.clear()
        text = json.dumps(body)  # printable ASCII without escapes: checked on the text alone
        assert client.post(path, content=text, headers=JSON_TYPE).status_code == 200
        assert walks == [], path
        escaped = text.replace('"line"', '"\\u006cine"')  # an escape could hide a control character
        assert client.post(path, content=escaped, headers=JSON_TYPE).status_code == 200
        assert walks == [body], path
    bad = {**QUICK, "line": [{"target": "Gray\x1b[2J"}]}
    r = client.post("/api/resolve", json=bad)
    assert r.status_code == 400 and r.json()["field"] == "line[0].target"


def test_ap2_catalog_search_refuses_control_characters(client: TestClient, catalog: Catalog) -> None:
    for q in ("hel\tmet", "\x1b[31m", "nato\n"):
        r = client.get("/api/catalog", params={"q": q})
        assert r.status_code == 422 and r.json()["field"] == "q" and r.json()["value"] == q, r.text
    everything = client.get("/api/catalog", params={"q": "", "kind": "ammo"}).json()
    assert [a["name"] for a in everything] == [a.name for a in catalog.items("ammo")]


@pytest.mark.parametrize(("url", "field", "value"), [
    ("/api/catalog/%ff", "name", "%ff"),
    ("/api/catalog/%C3%28?kind=attack", "name", "%C3%28"),
    ("/api/catalog?q=%ff", "q", "q=%ff"),
])
def test_ap2_a_name_or_query_that_is_not_utf8_is_refused_as_sent(
    client: TestClient, url: str, field: str, value: str,
) -> None:
    # Starlette reads a byte that is no UTF-8 as U+FFFD: before, the answer named a character
    # nobody sent (404 "no catalog item" for the name, 200 [] for the search)
    r = client.get(url)
    assert r.status_code == 422 and r.headers["content-type"] == "application/json"
    assert r.json()["field"] == field and r.json()["value"] == value
    assert "percent-encoded as UTF-8" in r.json()["error"] and "\ufffd" not in r.text
    # a real U+FFFD, sent as UTF-8, is merely a name no item has
    assert client.get("/api/catalog/%EF%BF%BD").status_code == 404


def test_ap2_what_is_not_given_reads_as_required(client: TestClient) -> None:
    """Issue 24 item 8: nothing given reads "... is required", never "'(missing)' is not allowed"
    (nor "'(nothing)'" or "'(empty)'")."""
    body = ap2(client.get("/api/thickness"), 422, "mm")
    assert body["error"] == ("mm: `mm`, `av` or `sav` is required: give exactly one of a thickness "
                             "(mm, e.g. 120mm), av or sav")
    body = ap2(client.post("/api/table", content=b" ", headers={"Content-Type": "application/json"}),
               400, "body")
    assert body["error"] == "body: a JSON object is required; the body is empty"


def test_ap2_a_value_nobody_typed_is_null_in_the_error_body(client: TestClient) -> None:
    """The JSON error's value is null where nothing was given, never the string "(missing)"; the
    OpenAPI description of the error body says so."""
    assert ap2(client.get("/api/thickness"), 422, "mm")["value"] is None
    gurps = {"rules": "gurps", "attack": {"damage": "3d pi"}, "line": [{"target": "a"}]}
    assert ap2(client.post("/api/resolve", json=gurps), 422, "line[0].hp")["value"] is None
    untyped = client.post("/api/resolve", content=b"{}")  # no Content-Type
    assert ap2(untyped, 415, "Content-Type")["value"] is None
    schema = client.get("/openapi.json").json()["components"]["schemas"]["Error"]
    assert "null where nothing was given" in schema["properties"]["value"]["description"]


def test_ap2_thickness_given_two_ways_names_each_as_typed(client: TestClient) -> None:
    body = ap2(client.get("/api/thickness", params={"mm": "10mm", "av": 3}), 422, "mm")
    assert body["error"] == ("mm: '10mm' is not allowed; not with av 3: give exactly one of a "
                             "thickness (mm, e.g. 120mm), av or sav")
    assert body["value"] == "10mm"


def test_ap2_a_missing_request_parameter_reads_as_required() -> None:
    from fastapi.exceptions import RequestValidationError

    from armourpen.web.errors import from_request_validation

    exc = RequestValidationError([{"type": "missing", "loc": ("query", "samples"),
                                   "msg": "Field required", "input": None}])
    assert str(from_request_validation(exc)) == "samples: `samples` is required"
