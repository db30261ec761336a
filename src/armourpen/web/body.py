"""Request bodies: the size cap (413 before the body is read whole) and JSON read as files are.

A body is read like a scenario file (:mod:`armourpen.reading`): UTF-8, nesting bounded before the
parser recurses, a key given twice, NaN and over-long numbers and control characters refused with
their place named. The size cap is the scenario file's (``Limits.max_file_bytes``), or for a GCS
file sent to ``/api/gcs`` the GCS file's (``Limits.max_gcs_bytes``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

from starlette.requests import ClientDisconnect

from armourpen.errors import MISSING
from armourpen.limits import Limits
from armourpen.reading import parse_json
from armourpen.web.errors import BodyTooLarge, MalformedBody, UnsupportedMediaType, body

if TYPE_CHECKING:
    from starlette.requests import Request

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def too_large(limits: Limits, size: int | str, name: str = "max_file_bytes") -> BodyTooLarge:
    cap: int = getattr(limits, name)
    return BodyTooLarge("body", f"{size:,} bytes" if isinstance(size, int) else size,
                        f"at most {cap:,} bytes ({name}); " + limits.how_to_raise(name))


def cap_of(path: str) -> str:
    """The cap on a body sent to ``path``: a GCS file's for the GCS upload, else a scenario's."""
    return "max_gcs_bytes" if path.rstrip("/").endswith("/api/gcs") else "max_file_bytes"


class BodyLimit:
    """ASGI middleware: a body over the cap is refused with 413.

    A declared ``Content-Length`` over the cap is refused before anything is read; a body sent in
    chunks is counted as it arrives and refused (through the app's error handler) once over.
    """

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        name = cap_of(scope.get("path", ""))
        cap: int = getattr(self.limits, name)
        declared = coded = None
        for key, value in scope.get("headers") or ():
            if key == b"content-length":
                declared = value
            elif key == b"content-encoding":
                coded = value
        if coded is not None and coded.strip().lower() != b"identity":
            # the API reads plain JSON: a gzip body would fail as "not UTF-8", or worse a coding
            # whose bytes happen to read would be taken for what was meant
            await _refuse(send, 415, UnsupportedMediaType(
                "Content-Encoding", coded.decode("latin-1").strip(),
                "no coding (or identity): the API reads a plain, uncompressed body"))
            return
        if declared is not None:
            text = declared.decode("latin-1").strip()
            # ASCII digits only: str.isdigit() also takes '²', which int() refuses
            if not (text.isascii() and text.isdigit()):
                await _refuse(send, 400, MalformedBody("Content-Length", text, "a whole number"))
                return
            # RFC 9110 8.6: Content-Length = 1*DIGIT, so leading zeros are valid and read as
            # decimal (0005 is 5); past 18 digits without them it is beyond any cap
            digits = text.lstrip("0") or "0"
            if len(digits) > 18 or int(digits) > cap:
                await _refuse(send, 413, too_large(
                    self.limits, int(digits) if len(digits) <= 18 else f"{text} bytes", name))
                return
            # The server delivers no more than the declared length (ASGI: it frames the body),
            # so a body declared within the cap needs no counting.
            await self.app(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message.get("type") == "http.request":
                received += len(message.get("body", b""))
                if received > cap:
                    raise too_large(self.limits, f"more than {cap:,} bytes", name)
            return message

        await self.app(scope, counted, send)


async def _refuse(send: Send, status: int,
                  exc: MalformedBody | BodyTooLarge | UnsupportedMediaType) -> None:
    import json

    payload = json.dumps(body(exc), ensure_ascii=False).encode("utf-8")
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": payload})


async def whole_body(request: Request) -> bytes:
    """The body's bytes, read from the ASGI channel as ``Request.body`` reads them, without its
    async generator (a cost on every request); a client gone before the end is ClientDisconnect."""
    return await received_body(request.receive)


async def received_body(receive: Receive) -> bytes:
    """The body's bytes from an ASGI ``receive`` (:func:`whole_body`, and the hand-off to the
    workers, which reads it before any request object is made)."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        kind = message["type"]
        if kind == "http.request":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                return b"".join(chunks)
        elif kind == "http.disconnect":
            raise ClientDisconnect


async def read_json(request: Request, limits: Limits, *, what: str = "body") -> dict[str, Any]:
    """The body as a JSON object, checked as a scenario file is (see the module); a body not
    sent as ``application/json`` is refused unread (:func:`require_json`)."""
    require_json(request)
    raw = await whole_body(request)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedBody(what, f"(byte {exc.start})", "UTF-8 JSON text") from None
    if not text.strip():
        raise MalformedBody(what, MISSING, f"a JSON object is required; the {what} is empty")
    data = parse_json(text, field=what, source=f"the request {what}", error=MalformedBody,
                      limits=limits)
    if not isinstance(data, dict):
        raise MalformedBody(what, data, "a JSON object")
    return data


# --- content types (web.guard says which a route takes) -----------------------------------------

JSON = "application/json"


def media_type(request: Request) -> tuple[str, Mapping[str, str]]:
    """The body's media type (lower case) and its parameters; ``("", {})`` when none is given."""
    raw = next((v for k, v in request.scope["headers"] if k == b"content-type"), b"")
    if raw == b"application/json":  # what the page and most clients send, read without parsing
        return JSON, {}
    value = raw.decode("latin-1")
    from python_multipart.multipart import parse_options_header

    kind, options = parse_options_header(value)
    return kind.decode("latin-1"), {k.decode("latin-1").lower(): v.decode("latin-1")
                                    for k, v in options.items()}


def unsupported(request: Request, allowed: str) -> UnsupportedMediaType:
    value = request.headers.get("content-type")
    # a missing header reads "Content-Type: application/json ..." (errors.message), not "'(missing)'
    # is not allowed"
    return UnsupportedMediaType("Content-Type", MISSING if value is None else value, allowed)


JSON_ONLY = ("application/json (a JSON body; a charset, if given, is utf-8): a web page of "
             "another site cannot send that without the server's leave (--cors)")


def require_json(request: Request) -> None:
    """Refuse a body that is not sent as ``application/json`` (415; see the module)."""
    kind, options = media_type(request)
    if kind != JSON or not utf8(options):
        raise unsupported(request, JSON_ONLY)


def utf8(options: Mapping[str, str]) -> bool:
    charset = options.get("charset")
    return charset is None or charset.lower() in ("utf-8", "utf8")
