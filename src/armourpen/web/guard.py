"""What a web page can make a browser send, and the request's shape the routes do not check.

A page of another site can make its visitor's browser send a "simple" request to this server
without asking first (no CORS preflight): a GET, or a POST whose body is ``text/plain``, a form
or ``multipart/form-data``. So:

- a JSON body is read only when it is sent as ``application/json`` (415 otherwise), which a
  browser sends to another origin only after a preflight the server answers only with ``--cors``;
- a GCS file sent to ``/api/gcs`` in another form (multipart, as a form's file field, or the raw
  bytes as ``application/octet-stream``) is taken only from the server's own origin, or from a
  client that names no origin (``curl``), never from another site's page (403);
- the ``Host`` header names this server (an IP address, ``localhost``, or a name the server was
  told to answer to): a page whose name was made to point at this machine (DNS rebinding) is
  refused (421);
- any other request a browser says another site's page sent (``Sec-Fetch-Site``) is refused
  (403), but a link followed to a page, with ``--cors`` a CORS request of an origin it allows
  (its preflight, Chrome's private-network one too, is answered by :func:`cors_middleware`), and with
  ``--frame-ancestor`` a page opened in a frame (the page's policy names who may frame it);
- a request with two ``Host`` headers is refused (400), for the check would see one and a proxy
  the other.

Every answer says ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin`` (the
address holds the whole scenario: no other site is told it), and every page its
``Content-Security-Policy`` (:func:`page_policy`): scripts and styles of this server alone, and
framed only by its own pages and the origins the server was given (``--frame-ancestor``).

:class:`RequestGuard` (ASGI middleware) also answers ``HEAD`` wherever ``GET`` is answered, and
refuses a query parameter given twice where the route takes one value (422).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING

from armourpen.errors import MISSING, InputError, shown
from armourpen.web.body import (
    JSON,
    ASGIApp,
    Message,
    Receive,
    Scope,
    Send,
    media_type,
    unsupported,
    utf8,
    whole_body,
)
from armourpen.web.errors import (
    CrossOrigin,
    MalformedBody,
    MisdirectedHost,
    response,
)

if TYPE_CHECKING:
    from starlette.datastructures import Headers
    from starlette.middleware.cors import CORSMiddleware
    from starlette.requests import Request
    from starlette.routing import BaseRoute, Router

    from armourpen.limits import Limits

POLICY = ("default-src 'self'; script-src 'self'{scripts}; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
          "frame-ancestors 'self'{frames}")
"""A page's Content-Security-Policy. Scripts: the package's files alone (the calculator's data is
a JSON block, which is no script). Styles may be inline: the charts are matplotlib's SVG placed in
the page, drawn with ``style`` attributes, and a style runs no code."""
ALWAYS = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin"))


def page_policy(frame_ancestors: Iterable[str] = (), scripts: Iterable[str] = ()) -> str:
    """The Content-Security-Policy of a page: ``scripts``, sources allowed besides the server's own
    files (a hash such as ``'sha256-...'``); ``frame_ancestors``, the origins that may frame it
    besides the server's own pages (each checked by :func:`frame_origins`)."""
    return POLICY.format(scripts="".join(" " + s for s in scripts),
                         frames="".join(" " + o for o in frame_ancestors))


def frame_origins(origins: Iterable[str], field: str = "frame_ancestors") -> tuple[str, ...]:
    """Origins that may frame the pages (a virtual tabletop's), each ``scheme://host[:port]``."""
    if isinstance(origins, str | bytes):
        raise InputError(field, origins, "a list of origins, e.g. [\"https://vtt.example\"]")
    out: list[str] = []
    for origin in origins:
        text = origin if isinstance(origin, str) else ""
        scheme, sep, rest = text.partition("://")
        parts = split_host(rest) if sep and rest and "/" not in rest else None
        if (scheme.lower() not in ("http", "https") or parts is None or not parts[0]
                or not all(c.isalnum() or c in "-._:[]*" for c in rest)):
            raise InputError(field, origin, "an origin: http:// or https://, a host and an "
                             "optional port, nothing after it (e.g. https://foundry.example:30000)")
        out.append(f"{scheme.lower()}://{rest.lower()}")
    return tuple(out)


def cors_origins(origins: bool | Iterable[str], field: str = "cors") -> tuple[str, ...]:
    """The origins whose pages may call the API (``--cors``): ``("*",)`` for any (``True``),
    ``()`` for none (``False``), else each ``scheme://host[:port]`` exactly (no wildcard: a
    private-network preflight is answered for these alone)."""
    if isinstance(origins, bool):
        return ("*",) if origins else ()
    listed = tuple(origins) if not isinstance(origins, str | bytes) else origins
    if isinstance(listed, tuple) and "*" in listed:
        return ("*",)
    out = frame_origins(listed, field)
    for origin, given in zip(out, listed, strict=True):
        if "*" in origin:
            raise InputError(field, given, "an origin without a wildcard (each page's origin "
                             "named: https://foundry.example:30000), or * for any origin")
    return out


LOCAL_NAMES = frozenset({"localhost"})
"""Names every server answers to besides IP addresses (a loopback name no other host can take)."""


def host_name(name: str) -> str:
    """A host name as it is compared: lower case, without a final dot, in its ASCII (IDNA) form."""
    name = name.strip().rstrip(".").lower()
    try:
        return name.encode("idna").decode("ascii")
    except UnicodeError:
        return name


def allowed_host_names(names: Iterable[str], field: str = "allow_hosts") -> frozenset[str]:
    """The names a server answers to: ``localhost`` and ``names`` (each a host name, no port)."""
    if isinstance(names, str | bytes):  # one name, whose letters would each pass as a name
        raise InputError(field, names, "a list of host names, e.g. [\"gm-laptop.local\"]")
    out = set(LOCAL_NAMES)
    for name in names:
        plain = host_name(name) if isinstance(name, str) else ""
        if not plain or not all(c.isalnum() or c in "-._" for c in plain):
            raise InputError(field, name, "a host name, e.g. gm-laptop.local (no port, "
                             "no scheme: the name the players' browsers use)")
        out.add(plain)
    return frozenset(out)


def is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def split_host(value: str) -> tuple[str, str] | None:
    """``Host``'s name and port (``""`` when none), or None when it is no host[:port]."""
    if value.startswith("["):  # an IPv6 literal, [::1] or [::1]:8000
        end = value.find("]")
        name, rest = value[1:end], value[end + 1:]
        if end < 0 or not is_ip(name) or (rest and not rest.startswith(":")):
            return None
        port = rest[1:]
    else:
        name, _, port = value.partition(":")
    if port and not (port.isascii() and port.isdigit() and len(port) <= 5):
        return None
    return name, port


def host_allowed(value: str, names: frozenset[str]) -> bool:
    """Whether a ``Host`` header names this server: an IP address, or one of ``names``."""
    parts = split_host(value)
    if parts is None:
        return False
    name = parts[0]
    return is_ip(name) or host_name(name) in names


FOREIGN = ("same-origin: a page of another site may open a page here (a link), and call the API "
           "only when the server lets it (--cors); its images, frames and scripts may not")


class RequestGuard:
    """ASGI middleware: the ``Host`` check, what other sites' pages may ask, ``HEAD`` as ``GET``,
    a query parameter given twice.

    A request a page of another site sent (``Sec-Fetch-Site`` other than ``same-origin`` or
    ``none``) is refused (403) unless it opens a page in the browser's window (a link followed:
    ``GET``, mode ``navigate``, destination ``document``) or, with ``cors``, it is a CORS request
    the user let in: an ``<img>``, a frame or a script of another site makes the server do no work.

    ``router`` is the app's: its routes say which paths answer ``GET`` and which query parameters
    take one value (a list, like the charts' ``attack``, may repeat; a name the route does not
    read is left alone); both are looked up only for a ``HEAD`` request or a query string that
    repeats a name, so other requests pay for the header checks alone.
    """

    def __init__(self, app: ASGIApp, router: Router, hosts: frozenset[str],
                 cors: bool | tuple[str, ...] = False,
                 frame_ancestors: tuple[str, ...] = ()) -> None:
        self.app = app
        self.router = router
        self.hosts = hosts
        origins = cors_origins(cors)
        self.cors = bool(origins)
        # the origins a CORS request may come from (None: any, --cors alone)
        self.cors_from = None if "*" in origins else frozenset(o.encode() for o in origins)
        self.frames = bool(frame_ancestors)
        self.policy = (b"content-security-policy", page_policy(frame_ancestors).encode())
        self._single: dict[int, frozenset[str]] = {}
        self._hosts_seen: dict[bytes, bool] = {}  # Host values checked (a bounded few)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = self._secured(send)
        refused = self._refused(scope)
        if refused is None:
            query = scope.get("query_string") or b""
            refused = self._repeated(scope, query) if query else None
        if refused is not None:
            await response(refused)(scope, receive, send)
            return
        if scope["method"] == "HEAD":
            scope, send = self._head(scope, send)
        await self.app(scope, receive, send)

    def _secured(self, send: Send) -> Send:
        """``send`` adding the headers every answer carries, and a page's policy (unless the page
        set its own)."""
        policy = self.policy

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or ())
                names = {bytes(k).lower() for k, _ in headers}
                headers.extend(h for h in ALWAYS if h[0] not in names)
                kind = next((bytes(v) for k, v in headers if bytes(k).lower() == b"content-type"),
                            b"")
                if kind.startswith(b"text/html") and policy[0] not in names:
                    headers.append(policy)
                message = {**message, "headers": headers}
            await send(message)

        return secured

    def _refused(self, scope: Scope) -> InputError | None:
        """A ``Host`` that is not this server's, or a request of another site's page."""
        host = None
        said: dict[bytes, bytes] = {}  # Sec-Fetch-* and Origin, as the browser says them
        for key, value in scope.get("headers") or ():
            if key == b"host":
                if host is not None:
                    return MalformedBody("Host", f"{host.decode('latin-1')}, "
                                         f"{value.decode('latin-1')}", "one Host header")
                host = value
            elif key.startswith(b"sec-fetch-") or key == b"origin":
                said[key] = value
        site, mode = said.get(b"sec-fetch-site"), said.get(b"sec-fetch-mode")
        dest, origin = said.get(b"sec-fetch-dest"), said.get(b"origin")
        # A request without Host (HTTP/1.0) comes from no browser: there is no name to rebind.
        if host is not None and not self._host_allowed(host):
            return MisdirectedHost("Host", host.decode("latin-1"), "this server's address: an IP "
                                   "address or " + ", ".join(sorted(self.hosts))
                                   + " (armourpen serve --allow-host NAME answers to another name)")
        if site is None or site in (b"same-origin", b"none"):
            return None
        navigates = scope["method"] in ("GET", "HEAD") and mode == b"navigate"
        if self.cors and mode == b"cors":
            return self._origin_refused(origin)
        if (navigates and dest == b"document") or (
                # a frame: the page's policy names who may frame it (--frame-ancestor)
                self.frames and navigates and dest in (b"iframe", b"frame")):
            return None
        return CrossOrigin("Sec-Fetch-Site", site.decode("latin-1"), FOREIGN)

    def _origin_refused(self, origin: bytes | None) -> InputError | None:
        """A CORS request of an origin ``--cors ORIGIN`` does not name (None: it names it, or
        ``--cors`` alone lets every origin in)."""
        if self.cors_from is None or (origin is not None and origin.lower() in self.cors_from):
            return None
        return CrossOrigin("Origin", "(none)" if origin is None else origin.decode("latin-1"),
                           "a page of an origin the server names (armourpen serve --cors "
                           "ORIGIN): " + ", ".join(sorted(o.decode() for o in self.cors_from)))

    def _host_allowed(self, host: bytes) -> bool:
        known = self._hosts_seen.get(host)
        if known is None:
            known = host_allowed(host.decode("latin-1"), self.hosts)
            if len(self._hosts_seen) < 64:  # a client sending many names is checked each time
                self._hosts_seen[host] = known
        return known

    def _route(self, scope: Scope) -> BaseRoute | None:
        from starlette.routing import Match

        for route in self.router.routes:
            match, _ = route.matches(scope)
            if match is Match.FULL:
                return route
        return None

    def _repeated(self, scope: Scope, query: bytes) -> InputError | None:
        """A parameter given twice that its route takes once, as the error (None when none is)."""
        from urllib.parse import parse_qsl

        pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
        names = [k for k, _ in pairs]
        if len(set(names)) == len(names):
            return None
        route = self._route(dict(scope, method="GET") if scope["method"] == "HEAD" else scope)
        if route is None:
            return None
        single = self._single.get(id(route))
        if single is None:
            single = self._single[id(route)] = single_parameters(route)
        for name in dict.fromkeys(names):
            if name in single and names.count(name) > 1:
                from starlette.datastructures import QueryParams

                values = QueryParams(query).getlist(name)
                # the second value as typed, the first as the query gave it (not a Python list)
                return InputError(name, values[1], f"one value (the parameter {name} is given "
                                  f"{len(values)} times, first as {shown(values[0])}; it takes one)")
        return None

    def _head(self, scope: Scope, send: Send) -> tuple[Scope, Send]:
        """``HEAD`` where the path answers ``GET`` and not ``HEAD`` itself: the ``GET`` answer's
        status and headers, without its body."""
        from starlette.routing import Match

        for route in self.router.routes:
            match, _ = route.matches(scope)
            if match is Match.FULL:
                return scope, send  # HEAD is answered there already (a static file, /openapi.json)
        as_get = dict(scope, method="GET")  # a copy: the server keeps its own scope, HEAD
        if self._route(as_get) is None:
            return scope, send

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {"type": "http.response.body", "body": b"",
                           "more_body": message.get("more_body", False)}
            await send(message)

        return as_get, headers_only


def single_parameters(route: BaseRoute) -> frozenset[str]:
    """The query parameters of ``route`` that take one value (not a list, as FastAPI reads them)."""
    from fastapi._compat import field_annotation_is_sequence
    from fastapi.routing import APIRoute

    if not isinstance(route, APIRoute):
        return frozenset()
    out: set[str] = set()
    stack = [route.dependant]
    while stack:
        dependant = stack.pop()
        out.update(p.alias for p in dependant.query_params
                   if not field_annotation_is_sequence(p.field_info.annotation))
        stack.extend(dependant.dependencies)
    return frozenset(out)


# --- bodies -------------------------------------------------------------------------------------


GCS_BODY = ("application/json (the file's JSON), or from this server's own page or a client "
            "that names no origin: multipart/form-data with the file in a field named file, or "
            "application/octet-stream (the file's bytes)")


async def gcs_bytes(request: Request, limits: Limits) -> bytes:
    """The bytes of a GCS file sent to ``/api/gcs`` in one of the forms the module allows."""
    kind, options = media_type(request)
    if kind == JSON and utf8(options):
        return await whole_body(request)
    if kind not in ("multipart/form-data", "application/octet-stream"):
        raise unsupported(request, GCS_BODY)
    same_origin(request)
    if kind == "application/octet-stream":
        return await whole_body(request)
    from starlette.exceptions import HTTPException

    # The body is within the GCS file's cap already (BodyLimit): one file, a few small fields.
    try:
        form = await request.form(max_files=1, max_fields=8, max_part_size=limits.max_gcs_bytes)
    except HTTPException as exc:  # the multipart reader's own 400 (no boundary, a part too large)
        raise MalformedBody("body", kind, f"a multipart/form-data body ({exc.detail})") from None
    try:
        upload = form.get("file")
        if upload is None or isinstance(upload, str):
            raise InputError("file", MISSING if upload is None else "(a text field)",
                             ("`file` is required: " if upload is None else "")
                             + "the GCS file in a file field named file")
        return await upload.read()
    finally:
        await form.close()


def same_origin(request: Request) -> None:
    """Refuse a request a page of another origin sent (403): an ``Origin`` that is not this
    server's, or ``Sec-Fetch-Site`` other than same-origin (or none: typed by the user)."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise CrossOrigin("Sec-Fetch-Site", site, "same-origin: only this server's own page "
                          "may send a file in this form; send application/json instead")
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin.lower() != own.lower():
        raise CrossOrigin("Origin", origin, f"{own}: only this server's own page may send a "
                          "file in this form; send application/json instead")


# --- --cors -------------------------------------------------------------------------------------

_PREFLIGHT_FIELDS = (("origin", "Origin"), ("method", "Access-Control-Request-Method"),
                     ("headers", "Access-Control-Request-Headers"),
                     ("private-network", "Access-Control-Request-Private-Network"))


def cors_middleware() -> type[CORSMiddleware]:
    """Starlette's CORS middleware (``--cors``), whose refused preflight is an AP-2 body (400)
    rather than its plain text.

    Add it with ``allow_private_network=True``: a page of a public origin (a hosted Foundry on
    HTTPS) that calls this server on the GM's own machine or network is, in Chrome's Private
    Network Access, preflighted with ``Access-Control-Request-Private-Network: true``, and is let
    through only by ``Access-Control-Allow-Private-Network: true`` in the answer. That answer is
    given only where the preflight passes (an origin ``--cors`` allows); a refused one carries
    none. (Chromium's Local Network Access, which replaces it, asks the user instead and sends
    no such header; docs/vtt.md.)"""
    from starlette.middleware.cors import CORSMiddleware
    from starlette.responses import Response

    class Cors(CORSMiddleware):
        def preflight_response(self, request_headers: Headers) -> Response:
            answer = super().preflight_response(request_headers)
            if answer.status_code != 400:
                return answer
            said = bytes(answer.body).decode("latin-1")
            field = next((f for word, f in _PREFLIGHT_FIELDS if f" {word}" in said),
                         "Access-Control-Request-Method")
            refused = response(MalformedBody(
                field, request_headers.get(field, MISSING),
                "a cross-origin request the server takes (--cors): from an origin it names, GET "
                "or POST, with no header but Content-Type"), 400)
            for key, value in answer.headers.items():
                if key.lower() == "access-control-allow-private-network":
                    continue  # refused: no leave to reach the private network either
                if key.lower().startswith("access-control-") or key.lower() == "vary":
                    refused.headers[key] = value
            return refused

    return Cors
