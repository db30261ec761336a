"""POST /api/estimate (issue 29 item 5): a bare calibre under 1 is inches, as on the command line
and in Python; a round outside the text's rows answers ``"interval": null`` with a warning; a bad
calibre is a 422 AP-2 body."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

ROUND = {"mass": "147gr", "velocity": "2700fps"}

INCHES = ("calibre {typed} read as inches: {mm} mm (a bare calibre under 1 is inches, as "
          "designers write .308 and .50; give {typed}mm for millimetres)")


def _estimate(client: TestClient, calibre: object) -> dict[str, Any]:
    r = client.post("/api/estimate", json={"calibre": calibre, **ROUND})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.parametrize(("calibre", "typed", "mm"), [
    (".308", ".308", 7.8232),  # 0.308 x 25.4
    (0.308, "0.308", 7.8232),  # a JSON number reads as the same text does
    (".50", ".50", 12.7),  # 0.5 x 25.4
])
def test_ap2_a_bare_calibre_under_1_is_inches_over_http(client: TestClient, calibre: object,
                                                        typed: str, mm: float) -> None:
    body = _estimate(client, calibre)
    assert body["input"]["calibre_mm"] == mm
    assert body["steps"][0] == {"rule": "AP-2", "text": INCHES.format(typed=typed, mm=mm)}


@pytest.mark.parametrize(("calibre", "mm"), [("6.5", 6.5), (6.5, 6.5), (".308in", 7.8232),
                                             ("0.308mm", 0.308), (1, 1)])
def test_ap2_a_calibre_of_1_or_more_or_with_a_unit_is_as_written_over_http(
        client: TestClient, calibre: object, mm: float) -> None:
    body = _estimate(client, calibre)
    assert body["input"]["calibre_mm"] == mm and body["steps"][0]["rule"] == "PA-11"


def test_pa11_outside_the_texts_rows_the_interval_is_null(client: TestClient) -> None:
    # 0.308 mm is under the narrowest small-arms row's 5.62 mm (5.45mm Soviet); 147 gr at 2700 fps
    # is E/d = 3,225.6 J / 0.308 mm = 10,472.8 J/mm, over the rows' highest, 2,275.6 (.50 SLAP)
    body = _estimate(client, "0.308mm")
    assert body["interval"] is None
    assert body["warnings"][0] == {"rule": "PA-11", "text": (
        "outside the text's rows: beyond the small arms' rows, calibre 0.308 mm (theirs: 5.62 to "
        "18.5 mm) and E/d 10,472.8 J/mm (theirs: 28.74 to 2,275.6 J/mm): the estimate is "
        "extrapolated, and has no interval")}
    # the same round as inches lies among the rows: the interval of its construction group
    inside = _estimate(client, ".308")
    assert inside["interval"]["from_rows"] == ["soft"]
    assert inside["interval"]["low"] <= inside["pen"] <= inside["interval"]["high"]


@pytest.mark.parametrize("calibre", [".0", ".308cal", "1001", 0, -0.308, True])
def test_ap2_a_bad_calibre_is_a_422_naming_it(client: TestClient, calibre: object) -> None:
    r = client.post("/api/estimate", json={"calibre": calibre, **ROUND})
    assert r.status_code == 422, r.text
    body = r.json()
    assert set(body) == {"error", "field", "value", "allowed"} and body["field"] == "calibre"
    assert body["value"] == calibre
    assert "a bare number is mm from 1 and inches under 1: .308 is .308in" in body["allowed"]
