"""A worker hands a large answer back in a file, not as pickled bytes, and the server sends it in
chunks: the answer is never held whole twice (the caps bound how large it may be)."""

from __future__ import annotations

import asyncio
import os
import pickle
from typing import Any

from armourpen.web import work


def test_a_large_body_is_handed_back_as_a_file_and_sent_in_chunks() -> None:
    body = bytes(range(256)) * ((work.SPOOL_FROM + 3 * work.CHUNK + 5) // 256)
    message = work.spooled({"type": "http.response.body", "body": body, "more_body": False})
    # what crosses between the processes is a name, not the answer
    assert "body" not in message and len(pickle.dumps(message)) < 500
    path = message["spooled"]
    assert os.path.getsize(path) == len(body)
    sent: list[dict[str, Any]] = []

    async def send(m: Any) -> None:
        sent.append(m)

    asyncio.run(work.send_file(path, False, send))
    assert all(len(m["body"]) <= work.CHUNK for m in sent)
    assert b"".join(m["body"] for m in sent) == body
    # every chunk but the last says more follows; the file is gone once sent
    assert [m["more_body"] for m in sent] == [True] * (len(sent) - 1) + [False]
    assert not os.path.exists(path)


def test_a_small_body_is_handed_back_as_it_is() -> None:
    message = {"type": "http.response.body", "body": b"{}", "more_body": False}
    assert work.spooled(message) is message
    start = {"type": "http.response.start", "status": 200, "headers": []}
    assert work.spooled(start) is start
