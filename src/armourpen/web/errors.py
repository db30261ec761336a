"""Every refusal of the web app as one AP-2 body: ``{"error", "field", "value", "allowed"}``.

``error`` is the line the CLI prints after ``armourpen: error:``; the other keys are its parts. The
status says what kind of bad input it was, never a 5xx:

- 400: the body is not UTF-8 JSON, or holds what no scenario may (a key twice, NaN, nesting);
- 403: a file sent as a form (or as raw bytes) by a page of another site (:mod:`armourpen.web.guard`);
- 404: no such page, catalog item or rule set;
- 405: the method is not one the path takes;
- 413: the body is over the size cap;
- 415: a body not sent as JSON (``Content-Type``), where the route reads JSON;
- 421: a ``Host`` that is not this server's name (DNS rebinding);
- 422: everything else a user can get wrong: a value, a name, a missing or unknown key, a cap on
  the work asked for (FastAPI's own validation errors are turned into the same shape), work that
  needs more memory than a worker may take (a ``MemoryError``), numbers whose working leaves a
  float's range (an ``ArithmeticError``, such as an ``OverflowError``).

Any other exception of a route (:class:`Contained`) is a 500 of one AP-2 line naming its kind,
without a traceback (which goes to the server's log).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from armourpen.errors import (
    MAX_SHOWN,
    MISSING,
    InputError,
    UnknownNameError,
    is_missing,
    message,
    path_shown,
    shown,
)
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.web.inline import ToWorkers

if TYPE_CHECKING:
    from fastapi import FastAPI, Request
    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException
    from starlette.responses import Response


class MalformedBody(InputError):
    """A request body that is not UTF-8 JSON of the expected shape (400)."""


class NotFound(InputError):
    """A name on the path that names nothing (404)."""


class CrossOrigin(InputError):
    """A request a page of another origin sent, where only the server's own page may (403)."""


class UnsupportedMediaType(InputError):
    """A body sent in a form the route does not read (415): ``Content-Type`` names it."""


class MisdirectedHost(InputError):
    """A ``Host`` header that names no address of this server (421)."""


class BodyTooLarge(LimitError):
    """A request body over the size cap (413), refused before it is read whole."""


MEMORY_BOUND: int | None = None
"""Bytes of address space this process may take (set in a worker process as it starts)."""


def contained(exc: BaseException) -> tuple[InputError, int]:
    """An exception no route turned into an answer, as an AP-2 error and its status."""
    if isinstance(exc, MemoryError):
        bound = (f"the {MEMORY_BOUND >> 20} MiB a worker may take (armourpen serve "
                 "--worker-memory)" if MEMORY_BOUND else "the memory the server has")
        return LimitError("work", "more memory than the server gives one request", (
            f"work that fits in {bound}: ask for less, fewer dice, shots or targets, or for odds "
            "Monte Carlo (samples=N, the CLI's --samples) where it serves the scenario")), 422
    if isinstance(exc, ArithmeticError):
        return InputError("request", f"numbers out of range ({type(exc).__name__}: {exc})",
                          "values whose working stays within a float's range (about 1e-308 "
                          "to 1e308): a value far too small or too large for the rules"), 422
    return InputError("server", f"an internal error ({type(exc).__name__})",
                      "a request the server can answer: this is a bug of armourpen's (its "
                      "server log has the details; please report it)"), 500


class Contained:
    """ASGI middleware: an exception of a route is an AP-2 answer (never a traceback, never
    Starlette's plain-text 500); the traceback goes to the log (a worker's stderr)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except ToWorkers:  # not an error: the request is answered by a worker instead
            raise
        except Exception as exc:
            if started:  # part of an answer is sent: the connection ends it
                raise
            import logging

            error, status = contained(exc)
            if status == 500:
                logging.getLogger("armourpen.web").error("%s %s", scope.get("method"),
                                                         scope.get("path"), exc_info=exc)
            del exc
            await response(error, status)(scope, receive, send)


ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Error",
    "description": "AP-2: the message and its parts (the field, the value, what is allowed).",
    "properties": {
        "error": {"type": "string"},
        "field": {"type": "string"},
        "value": {"description": "The value refused, as given (JSON); null where nothing was "
                  "given (a required key, parameter or header left out)."},
        "allowed": {"type": "string"},
    },
    "required": ["error", "field", "value", "allowed"],
}


def plain_value(value: object) -> Any:
    """The offending value as JSON: itself when it is a short plain value, else as messages show it."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) < 2**53 else shown(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else shown(value)
    if isinstance(value, str):
        return value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN] + "..."
    return shown(value)


def served_advice(name: str) -> str:
    """How a cap is raised for a server (``armourpen serve`` reads its environment), where the
    library's words name the Python API too (:meth:`Limits.how_to_raise`)."""
    setting = Limits.setting(name)
    return (f"the server's cap: whoever runs it raises it with the environment variable {setting} "
            f"({setting}=N armourpen serve)")


def _advice() -> dict[str, str]:
    """Advice in the library's words (a Python call, a CLI flag) and what HTTP says instead."""
    import dataclasses

    out = {DEFAULT_LIMITS.how_to_raise(f.name): served_advice(f.name)
           for f in dataclasses.fields(Limits)}
    out["a Monte Carlo estimate: --samples N, samples=N"] = (
        "a Monte Carlo estimate: POST /api/odds?samples=N")
    return out


_ADVICE: dict[str, str] | None = None


def for_http(exc: InputError) -> InputError:
    """``exc`` (and each of its other problems) with HTTP advice where the library advises a
    Python call (``Limits(max_odds_work=...)``) or a CLI flag: a client of the server cannot
    make the call, and whoever runs the server sets its caps with the environment."""
    global _ADVICE
    text = exc.args[0] if exc.args and isinstance(exc.args[0], str) else ""
    if "Python" not in text and "--samples N" not in text:
        return exc
    if _ADVICE is None:
        _ADVICE = _advice()
    advice = _ADVICE

    def served(e: InputError) -> InputError:
        allowed = e.allowed
        for said, instead in advice.items():
            allowed = allowed.replace(said, instead)
        return e if allowed == e.allowed else e.at(e.field, allowed)

    return exc.each(served)


def body(exc: InputError) -> dict[str, Any]:
    exc = for_http(exc)
    # nothing given is null: a value never typed is not repeated as a string ("(missing)")
    value = None if is_missing(exc.value) else utf8(plain_value(exc.value))
    return {"error": str(exc), "field": utf8(exc.field), "value": value,
            "allowed": utf8(exc.allowed)}


def utf8(value: Any) -> Any:
    """``value``, where a string holding a lone surrogate (JSON's ``"\\ud800"``, which no UTF-8
    answer can carry) has it escaped as ``\\ud800``."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


STATUS: tuple[tuple[type[InputError], int], ...] = (
    (CrossOrigin, 403), (UnsupportedMediaType, 415), (MisdirectedHost, 421))


def status_of(exc: InputError) -> int:
    for kind, status in STATUS:
        if isinstance(exc, kind):
            return status
    if isinstance(exc, BodyTooLarge):
        return 413
    if isinstance(exc, MalformedBody):
        return 400
    if isinstance(exc, NotFound):
        return 404
    return 422


def response(exc: InputError, status: int | None = None) -> Response:
    from fastapi.responses import JSONResponse

    return JSONResponse(body(exc), status_code=status or status_of(exc))


def from_request_validation(exc: RequestValidationError) -> InputError:
    """FastAPI's validation error (a query parameter of the wrong type...) as one AP-2 error."""
    from armourpen.validation import field_path

    errors = list(exc.errors())
    if not errors:
        return MalformedBody("request", "(unknown)", "the request does not match its description")
    err = errors[0]
    loc = [p for p in err.get("loc", ()) if p not in ("body", "query", "path", "header")]
    kind = str(err.get("type", ""))
    msg = str(err.get("msg", "invalid"))
    value = err.get("input")
    field = field_path([p if isinstance(p, int | str) else str(p) for p in loc])
    if kind == "missing":
        value, allowed = MISSING, f"`{field or 'request'}` is required"
    elif kind.startswith("int"):
        allowed = "allowed: a whole number (integer)"
    elif kind == "extra_forbidden":
        allowed = "unknown key (check the spelling; unknown keys are errors, AP-2)"
    else:
        allowed = msg[:1].lower() + msg[1:]
    return InputError(field, value, allowed)


def install(app: FastAPI) -> None:
    """Route every kind of refusal to an AP-2 body."""
    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException

    async def on_input(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, InputError)
        return response(exc)

    async def on_validation(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return response(from_request_validation(exc), 422)

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return http_error(request, exc)

    app.add_exception_handler(InputError, on_input)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(HTTPException, on_http)


def http_error(request: Request, exc: HTTPException) -> Response:
    """Starlette's own refusals (no such path, wrong method) in the AP-2 shape."""
    from fastapi.responses import JSONResponse

    headers = exc.headers
    if exc.status_code == 405:
        allow = (headers or {}).get("Allow") or "another method"
        if "GET" in allow.split(", ") and "HEAD" not in allow:  # HEAD is answered as GET (guard)
            allow += ", HEAD"
            headers = {**(headers or {}), "Allow": allow}
        field, value, allowed = "method", request.method, "allowed: " + allow
    elif exc.status_code == 404:
        field, value = "path", request.url.path
        allowed = "see /api for the routes"
    else:
        field, value, allowed = "request", request.url.path, str(exc.detail)
    # as a missing file reads: what is not there, then where to look (not "'/x' is not allowed")
    error = (f"{field}: no such route: {path_shown(value)}; {allowed}" if exc.status_code == 404
             else message(field, value, allowed))
    data = {"error": error, "field": field,
            "value": utf8(plain_value(value)), "allowed": utf8(allowed)}
    return JSONResponse(data, status_code=exc.status_code, headers=headers)


def unknown_name(exc: UnknownNameError) -> NotFound:
    """A catalog name on the path that names nothing: 404, with the closest names."""
    return NotFound(exc.field, exc.value, exc.allowed)
