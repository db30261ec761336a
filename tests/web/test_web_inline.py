"""Which requests the server answers on its event loop, and which it hands to the workers
(armourpen.web.inline): by route, by body size and by the work the scenario asks for, estimated
before any is done. What cannot drift with load is checked here; the time the inline path holds
the event loop is measured by bench/web_inline.py, never asserted in a unit test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web.web_helpers import JSON_TYPE, TEST_HOSTS

import armourpen
from armourpen.catalog import Catalog
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.web import create_app, work
from armourpen.web.body import Message, Receive, Scope, Send
from armourpen.web.inline import INLINE_BODY_BYTES, INLINE_WORK, sent_inline
from armourpen.web.routes import plain_app
from armourpen.web.server import ServerSettings
from armourpen.web.work import WorkPool

# the bench's scenario: Gray in NIJ Type III, then the VIP
PENAV: dict[str, Any] = {"rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
                         "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}]}


def burst(shots: int) -> dict[str, Any]:
    return {"rules": "gurps", "attack": {"damage": "7d pi", "skill": 12, "shots": shots, "rcl": 2,
                                         "seed": 1},
            "line": [{"target": "A", "hp": 11}, {"cover": {"name": "door", "dr": 2, "slab": True}},
                     {"target": "B", "hp": 11}]}


def armoured_line(targets: int) -> dict[str, Any]:
    return {"rules": "penav", "attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
            "line": [{"target": f"T{i}", "armour": ["NIJ Type III"]} for i in range(targets)]}


def blast(targets: int, fragments: str = " [2d]") -> dict[str, Any]:
    return {"rules": "gurps", "attack": {"damage": "3d cr ex" + fragments, "seed": 1},
            "line": [{"target": f"T{i}", "hp": 10, "distance": "3 yd"} for i in range(targets)]}


class Recorded(WorkPool):
    """A pool that runs nothing: it records the bodies handed to it and answers 299."""

    def __init__(self, catalog: Catalog, limits: Limits, settings: ServerSettings) -> None:
        super().__init__(catalog, limits, settings)
        self.bodies: list[bytes] = []

    async def answer(self, scope: Scope, body: bytes, receive: Receive,  # noqa: ARG002
                     send: Send) -> None:
        self.bodies.append(body)
        message: Message = {"type": "http.response.start", "status": 299, "headers": []}
        await send(message)
        await send({"type": "http.response.body", "body": b""})


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[TestClient, Recorded]]:
    """The app as ``armourpen serve`` builds it (the guard, the size cap, the hand-off), its
    workers' pool replaced by a :class:`Recorded` one."""
    made: list[Recorded] = []

    def recorded(catalog: Catalog, limits: Limits, settings: ServerSettings) -> Recorded:
        made.append(Recorded(catalog, limits, settings))
        return made[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(work, "WorkPool", recorded)
        app = create_app(allow_hosts=TEST_HOSTS, server=ServerSettings(workers=1))
    yield TestClient(app), made[0]


def sent(served: tuple[TestClient, Recorded], body: bytes, path: str = "/api/resolve"
         ) -> tuple[bool, int]:
    """Whether the body was answered inline (the pool not asked), and the status."""
    client, pool = served
    before = len(pool.bodies)
    got = client.post(path, content=body, headers=JSON_TYPE)
    return len(pool.bodies) == before, got.status_code


def test_only_resolve_is_inline_and_only_up_to_the_body_bound() -> None:
    assert sent_inline("POST", "/api/resolve", 0)
    assert sent_inline("POST", "/api/resolve", INLINE_BODY_BYTES)
    assert not sent_inline("POST", "/api/resolve", INLINE_BODY_BYTES + 1)
    for method, path in (("POST", "/api/odds"), ("POST", "/api/table"), ("POST", "/ui/outcome"),
                         ("POST", "/api/chart/odds"), ("GET", "/api/resolve"), ("GET", "/")):
        assert not sent_inline(method, path, 10)


def test_pa12_the_work_of_a_line_is_the_layers_faced_and_the_entries() -> None:
    # Gray faces his vest (0 in front + 1 own); he passes vest in and out and his body (2 + 1 = 3)
    # to the VIP, who has nothing of his own: 1 + 3 layers, plus 2 entries = 6
    assert armourpen.resolve_work(armourpen.load_scenario(PENAV)) == 6
    # n targets each in one vest: target i faces 3i passed layers and its own vest:
    # sum(3i + 1, i < n) + n entries; 12 targets: 3 x 66 + 12 + 12 = 222; 20: 3 x 190 + 20 + 20 = 610
    assert armourpen.resolve_work(armourpen.load_scenario(armoured_line(12))) == 222
    assert armourpen.resolve_work(armourpen.load_scenario(armoured_line(20))) == 610


def test_gu19_the_work_of_a_burst_is_its_shots_times_dice_and_entries() -> None:
    # per shot: 1, plus 7 dice at 6 to a unit (1), plus 3 entries met at 40 units each (120) =
    # 122; 4 shots 488, 5 shots 610
    assert armourpen.resolve_work(armourpen.load_scenario(burst(4))) == 488
    assert armourpen.resolve_work(armourpen.load_scenario(burst(5))) == 610


def test_gu22_the_work_of_a_blast_counts_the_most_fragments_each_entry_can_take() -> None:
    # the most fragments: skill 15 + SM 30 - a roll of 3 = margin 42, 1 + 42 // 3 = 15. At each
    # entry the blast and 15 fragments met, 16 x 40 = 640 units, and 15 x 2 fragment dice at 6
    # to a unit, 5: 645 per entry; plus 1 and 3 dice // 6 = 0. 1 target: 646
    assert armourpen.resolve_work(armourpen.load_scenario(blast(1))) == 646
    # without fragments, 40 per entry: 2 targets 81, 13 targets 521
    assert armourpen.resolve_work(armourpen.load_scenario(blast(2, ""))) == 81
    assert armourpen.resolve_work(armourpen.load_scenario(blast(13, ""))) == 521


def test_a_light_scenario_in_a_small_body_is_answered_inline(
        served: tuple[TestClient, Recorded]) -> None:
    for data in (PENAV, burst(4), armoured_line(12), blast(2, "")):
        body = json.dumps(data).encode()
        assert len(body) <= INLINE_BODY_BYTES
        assert armourpen.resolve_work(armourpen.load_scenario(data)) <= INLINE_WORK
        assert sent(served, body) == (True, 200)


def test_the_body_bound_is_counted_in_bytes_as_sent(served: tuple[TestClient, Recorded]) -> None:
    body = json.dumps(PENAV).encode()
    exact = body + b" " * (INLINE_BODY_BYTES - len(body))  # spaces after the JSON: still JSON
    assert sent(served, exact) == (True, 200)
    assert sent(served, exact + b" ") == (False, 299)


def test_heavy_work_in_a_small_body_goes_to_the_workers(
        served: tuple[TestClient, Recorded]) -> None:
    _, pool = served
    for data in (burst(5), armoured_line(20), blast(1), blast(13, "")):
        body = json.dumps(data).encode()
        assert len(body) <= INLINE_BODY_BYTES
        assert sent(served, body) == (False, 299)
        assert pool.bodies[-1] == body  # handed on whole, to be read again there


def test_a_refusal_of_a_small_body_is_answered_inline(served: tuple[TestClient, Recorded]) -> None:
    bad = json.dumps({**PENAV, "attack": {"weapon": "7.62x51mm NATO", "range": "far"}}).encode()
    assert sent(served, bad) == (True, 422)
    assert sent(served, b'{"rules": "penav", "rules": "gurps"}') == (True, 400)  # a key twice
    assert sent(served, b"[" * 200) == (True, 400)  # nesting past the cap, not JSON either


def test_other_routes_go_to_the_workers_whatever_their_size(
        served: tuple[TestClient, Recorded]) -> None:
    body = json.dumps(PENAV).encode()
    assert sent(served, body, "/api/odds") == (False, 299)
    assert sent(served, body, "/ui/outcome") == (False, 299)


def test_an_inline_answer_is_the_workers_answer(served: tuple[TestClient, Recorded]) -> None:
    # byte for byte: the same routes answer, here or in a worker (PEN/AV rolls no dice)
    client, _ = served
    inline = client.post("/api/resolve", content=json.dumps(PENAV).encode(), headers=JSON_TYPE)
    worked = TestClient(plain_app(Catalog.builtin(), DEFAULT_LIMITS)).post(
        "/api/resolve", content=json.dumps(PENAV).encode(), headers=JSON_TYPE)
    assert inline.status_code == worked.status_code == 200
    assert inline.content == worked.content
