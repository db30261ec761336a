"""Reading what users hand us: files, JSON and TOML text, and the trees they parse into (AP-2).

Everything here refuses up front, with the place named: a path that is not a regular file (a
FIFO, a device, a folder) or is over the size cap; nesting deeper than :class:`Limits` allows
(nesting deeper than a recursive parser can take is refused on the text, before parsing, as a
whole); a key given twice in a JSON object;
a number that is not finite (NaN, inf, ``1e309``) or has too many digits; a control character or
a terminal escape in a key or a string. Nothing a user typed may reach a terminal raw. A GCS
character file's text is the exception (``any_text``): GCS writes carriage returns in notes, and
its reader keeps every text escaped, so the file is not refused for what is never shown raw.
"""

from __future__ import annotations

import functools
import math
import os
import re
import stat
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from armourpen.errors import SHOWS_NOTHING, FileName, InputError, MissingFile, ScenarioError
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits

if TYPE_CHECKING:
    import json

MAX_DIGITS = 19  # a whole number beyond 2**63 has no meaning in any scenario or catalog
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class BadNumber:
    """A number a parser met that cannot be a value: not finite, or too many digits.

    It stands in the parsed tree where the number was, so that the error can name its field.
    """

    __slots__ = ("allowed", "text")

    def __init__(self, text: str, allowed: str) -> None:
        self.text = text
        self.allowed = allowed

    def __repr__(self) -> str:
        if len(self.text) <= 40:
            return self.text
        return f"{self.text[:20]}...{self.text[-10:]} ({len(self.text)} characters)"


_REWRITTEN = ".0"
_NOT_FINITE = "allowed: a finite number (no NaN or infinity)"
_TOO_LONG = "allowed: a number below 2**63 (at most 19 digits)"
_UNDERFLOW = "allowed: 0 or a number of size 1e-300 or more (this one reads as 0)"


def _whole_digits(text: str) -> int:
    whole = re.split(r"[.eE]", text, maxsplit=1)[0]
    return sum(c.isdigit() for c in whole)


def _parse_float(text: str) -> float | BadNumber:
    if len(text) <= MAX_DIGITS:  # the common case: a short text holds at most 19 digits, and
        value = float(text)  # read as neither 0 nor infinity it needs none of the checks below
        if value and math.isfinite(value):
            return value
    if _whole_digits(text) > MAX_DIGITS:
        # an integer that parse_toml rewrote as a float is shown as the user wrote it
        return BadNumber(text.removesuffix(_REWRITTEN), _TOO_LONG)
    value = float(text)
    if value == 0 and any(c in "123456789" for c in re.split(r"[eE]", text, maxsplit=1)[0]):
        return BadNumber(text, _UNDERFLOW)  # 1e-400 would be read as 0 without a word
    return value if math.isfinite(value) else BadNumber(text, _NOT_FINITE)


def _parse_int(text: str) -> int | BadNumber:
    if len(text) <= MAX_DIGITS:  # the common case: at most 19 characters, so 19 digits
        return int(text)
    if _whole_digits(text) > MAX_DIGITS:
        return BadNumber(text, _TOO_LONG)
    return int(text)


# --- numbers typed as text --------------------------------------------------------------------

MAX_NUMBER_CHARS = 40  # a number typed as text: no exact quantity in the rules needs more
# re.ASCII: \d would also match the digits of other scripts, which Fraction() reads too. Patterns
# are compiled on first use (re caches them), not at import: a one-shot command may never need them.
_DECIMAL = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE](?P<exp>[+-]?\d{1,3}))?"
_RATIO = r"[+-]?\d+\s*/\s*\d+"


def exact_number(
    value: object,
    field: str,
    *,
    allowed: str = "a number",
    ratio: bool = False,
    error: type[InputError] = InputError,
) -> Fraction:
    """A number given as an int, a finite float or text (``12``, ``-0.5``, ``2.5e-3``, and with
    ``ratio`` ``1/3``), exactly; anything else, a non-finite value, more than 40 characters or
    an exponent beyond 30 is refused naming ``field`` and ``allowed`` (never converted at a
    cost that grows with what the user typed)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise error(field, value, f"allowed: {allowed}")
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise error(field, value, f"allowed: {allowed}")
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(field, value, f"allowed: {allowed} (finite)")
        return Fraction(repr(value))  # 0.3 is 3/10, as written
    text = value.strip()
    if len(text) > MAX_NUMBER_CHARS:
        raise error(field, value, f"allowed: {allowed}, in at most {MAX_NUMBER_CHARS} characters")
    m = re.fullmatch(_DECIMAL, text, re.ASCII)
    if m is not None:
        if m.group("exp") is not None and abs(int(m.group("exp"))) > 30:
            raise error(field, value, f"allowed: {allowed}, with an exponent from -30 to 30")
        return Fraction(text)
    if ratio and re.fullmatch(_RATIO, text, re.ASCII):
        numerator, denominator = (int(part) for part in text.split("/"))
        if denominator == 0:
            raise error(field, value, f"allowed: {allowed} (no division by 0)")
        return Fraction(numerator, denominator)
    raise error(field, value, f"allowed: {allowed}")


# --- files -----------------------------------------------------------------------------------


def read_text(
    path: str | Path,
    *,
    field: str,
    error: type[InputError] = ScenarioError,
    limits: Limits = DEFAULT_LIMITS,
    cap: str = "max_file_bytes",
) -> str:
    """The UTF-8 text of a regular file of at most ``limits.max_file_bytes`` (or the cap named
    ``cap``: ``max_gcs_bytes`` for GCS files)."""
    p = Path(path)
    shown = FileName(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise error(field, MissingFile(path), "no such file") from None
    except OSError as exc:
        raise error(field, shown, f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL character: no file has such a name
        raise error(field, shown, "a file name without NUL characters") from None
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise error(field, shown, f"{what}: give a regular file")
    limits.check(cap, st.st_size, "bytes", field)
    try:
        # O_NONBLOCK: should the path have become a FIFO since stat(), open() must not wait
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise error(field, shown, "not a regular file: give a regular file")
            raw = _read_capped(f, getattr(limits, cap))
    except OSError as exc:
        raise error(field, shown, f"cannot be read ({exc.strerror or exc})") from None
    limits.check(cap, len(raw), "bytes", field)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(field, shown, f"is not UTF-8 text (byte {exc.start})") from None


def _read_capped(f: Any, cap: int) -> bytes:
    """At most ``cap + 1`` bytes of ``f``, a chunk at a time: one read of the cap's size would
    allocate all of it first, whatever the file's size (a cap raised to 10**17 is a MemoryError)."""
    chunks: list[bytes] = []
    got = 0
    while got <= cap:
        chunk = f.read(min(cap + 1 - got, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


# --- text ------------------------------------------------------------------------------------

# The scanners' patterns, compiled on first use (re keeps them): a one-shot command given quick
# flags reads no file and need not pay for them (bench/startup.py). Each runs in time linear in the
# text: a string's content is matched possessively (never given back), and a string left open ends
# where the parser would stop reading it (the end of the text; for a one-line TOML string, the end
# of its line), so the scan never starts again inside it. Where the text is valid, the tokens are
# those a parser reads; a text with an open string is refused by the parser.
_JSON_TOKENS = r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)|[\[\]{}]'
_TOML_TOKENS = (
    # multi-line strings end at the first closing delimiter, which takes up to two more quotes
    # (TOML: '''a''''' is a'')
    r'"""(?:[^"\\]++|\\.|"(?!""))*+(?:"""(?:""?)?+|\\?\Z)'
    r"|'''(?:[^']++|'(?!''))*+(?:'''(?:''?)?+|\Z)"
    r'|"(?:[^"\\\n]++|\\[^\n])*+(?:"|\\?(?=\n)|\\?\Z)'
    r"|'[^'\n]*+(?:'|(?=\n)|\Z)"
    r"|#[^\n]*+"
    # an integer of many digits in a value's place: rewritten so that the TOML parser hands it to
    # parse_float (it would otherwise fail past Python's 4300-digit limit, naming no key)
    r"|(?<![\w.+-])(?P<big>[+-]?\d[\d_]{" + str(MAX_DIGITS) + r",}+)(?![\w.:-])(?!\s*[=.])"
    r"|(?P<bracket>[\[\]{}])"
    # what ends or splits a key outside strings and comments: its parts are counted (parse_toml)
    r"|(?P<key>[.=,\n])"
)


# Nesting up to this many brackets parses safely; beyond it (or beyond the cap, if that was raised
# further) the text is refused before parsing, as a whole. Below it, nesting beyond the cap is
# refused after parsing, with the place named (check_tree).
PARSER_DEPTH = 256
# A TOML key of more parts than this (with those of its table's header) is refused before parsing,
# as a whole: the parser's work on a dotted key grows with the square of its parts (1 MB of keys of
# 256 parts under a header of 256 took a minute). Below it, beyond the cap, check_tree names it.
KEY_PARTS = 64


def _nesting_error(depth: int, limits: Limits, field: str) -> InputError:
    return LimitError(field, f"arrays or tables nested {depth} deep",
                 f"at most {limits.max_depth} deep (max_depth); " + limits.how_to_raise("max_depth"))


def _objects_error(cap: str | None, limits: Limits, field: str) -> InputError:
    most = getattr(limits, str(cap))
    return LimitError(field, f"more than {most:,} objects and arrays",
                      f"at most {most:,} ({cap}); " + limits.how_to_raise(str(cap)))


def count_objects(data: Any, cap: str, field: str, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse parsed ``data`` holding more objects and arrays (mappings, lists) than the cap
    ``cap`` of :class:`Limits`, counting no further than it."""
    most = getattr(limits, cap)
    stack = [data]
    seen = 0
    while stack:
        value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
        else:
            continue
        seen += 1
        if seen > most:
            raise _objects_error(cap, limits, field)


def parse_json(
    text: str, *, field: str, source: str = "(text)", prefix: str = "",
    error: type[InputError] = ScenarioError, limits: Limits = DEFAULT_LIMITS,
    objects: str | None = None, any_text: bool = False,
) -> Any:
    """JSON text -> plain values (an object as a :class:`CheckedTree`); nesting, duplicate keys
    and numbers are checked (see module).
    ``objects`` names a cap of :class:`Limits` on the objects and arrays the text holds, checked
    before parsing (a parsed empty object takes 30 times its two bytes). ``any_text``: text of
    any characters is kept (see :func:`check_tree`)."""
    import json

    bound = max(limits.max_depth, PARSER_DEPTH)
    most = getattr(limits, objects) if objects is not None else None
    brackets = text.count("[") + text.count("{")
    # Text can nest no deeper, nor hold more objects and arrays, than it has opening brackets:
    # only a text with more is scanned (brackets within strings are not counted).
    if brackets > bound or (most is not None and brackets > most):
        depth = opened = 0
        for m in re.finditer(_JSON_TOKENS, text, re.DOTALL):
            c = m.group()
            if c in "[{":
                depth += 1
                opened += 1
                if depth > bound:
                    raise _nesting_error(depth, limits, field)
                if most is not None and opened > most:
                    raise _objects_error(objects, limits, field)
            elif c in "]}":
                depth -= 1
    try:
        if brackets <= limits.max_depth and _printable_ascii(text):
            # No string of this text can hold a character the walk refuses, nor can it nest past
            # the cap: what is left to refuse, the parser meets (a key given twice, a number out
            # of bounds), and then the text is read again below and walked, to name the place.
            try:
                return _table_of(_plain_decoder().decode(text), limits)
            except _Doubtful:
                pass
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=lambda s: BadNumber(s, _NOT_FINITE),
        )
    except ValueError as exc:
        raise error(field, FileName(source),
                    f"allowed: valid JSON; this is not valid JSON: {exc}") from None
    except RecursionError:  # only when the cap was raised past what the parser can nest
        raise _nesting_error(PARSER_DEPTH, limits, field) from None
    check_tree(data, prefix=prefix, error=error, limits=limits, any_text=any_text)
    return _table_of(data, limits)


def _table_of(data: Any, limits: Limits) -> Any:
    """Checked ``data``: a table as a :class:`CheckedTree`, any other value as it is."""
    return CheckedTree(data, limits, _READER) if type(data) is dict else data


def _printable_ascii(text: str) -> bool:
    """Whether every string in the JSON ``text`` is printable ASCII: a string holds no raw control
    character (the parser refuses one), so only an escape or DEL could put one there."""
    return text.isascii() and "\\" not in text and "\x7f" not in text


class _Doubtful(Exception):
    """Raised by the hooks of :func:`_plain_decoder` where ``parse_json``'s own would leave a value
    that :func:`check_tree` refuses."""


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Doubtful
    return out


def _plain_int(text: str) -> int:
    if len(text) < MAX_DIGITS:  # at most 18 digits: within 2**63 either way
        return int(text)
    raise _Doubtful


def _plain_float(text: str) -> float:
    value = _parse_float(text)
    if type(value) is not float:
        raise _Doubtful
    return value


def _refuse_constant(_text: str) -> Any:
    raise _Doubtful


@functools.cache
def _plain_decoder() -> json.JSONDecoder:
    """The parser of a text whose strings are printable ASCII: its hooks raise :class:`_Doubtful`
    where ``parse_json``'s would leave a value for the walk to refuse; made once."""
    import json

    return json.JSONDecoder(object_pairs_hook=_unique_object, parse_int=_plain_int,
                            parse_float=_plain_float, parse_constant=_refuse_constant)


def parse_toml(
    text: str, *, field: str, source: str = "(text)", prefix: str = "",
    error: type[InputError] = ScenarioError, limits: Limits = DEFAULT_LIMITS,
) -> CheckedTree:
    """TOML text -> its table of plain values; nesting and numbers are checked (see module)."""
    import tomllib

    text = _scan_toml(text, field, limits)
    try:
        data = tomllib.loads(text, parse_float=_parse_float)
    except ValueError as exc:  # TOMLDecodeError is one
        raise error(field, FileName(source),
                    f"allowed: valid TOML; this is not valid TOML: {exc}") from None
    except RecursionError:  # only when the cap was raised past what the parser can nest
        raise _nesting_error(PARSER_DEPTH, limits, field) from None
    return checked_tree(data, prefix=prefix, error=error, limits=limits)


def _scan_toml(text: str, field: str, limits: Limits) -> str:
    """``text`` checked for nesting before parsing, and with every integer of many digits rewritten
    (see ``_TOML_TOKENS``): brackets deeper than the parser takes, and keys of more parts (with
    their table's) than :data:`KEY_PARTS`, are refused here as a whole. One pass, linear in the
    text."""
    deepest = max(limits.max_depth, PARSER_DEPTH)
    longest = max(limits.max_depth + 1, KEY_PARTS)
    depth = 0
    dots = 0  # since the last bracket, =, comma or line break: a key's parts, less one
    table = 0  # the parts of the key of the last table header
    header = False  # within a table header's brackets
    fresh = True  # no token yet on this line but its break
    last_end = 0
    parts: list[str] = []
    last = 0
    for m in re.finditer(_TOML_TOKENS, text, re.DOTALL | re.ASCII):
        kind, c = m.lastgroup, m.group()
        if kind == "bracket":
            if c in "[{":
                # a header's [ is the first thing on its line (an array's may be too, within one)
                header = header or (c == "[" and depth == 0 and fresh
                                    and not text[last_end : m.start()].strip())
                depth += 1
                if depth > deepest:
                    raise _nesting_error(depth, limits, field)
            else:
                depth -= 1
                if header:
                    header, table = False, dots + 1
                    if table > longest:
                        raise _nesting_error(table, limits, field)
            dots = 0
        elif kind == "key":
            if c == ".":
                dots += 1
            elif c == "=" and table + dots + 1 > longest:
                raise _nesting_error(table + dots + 1, limits, field)
            else:
                dots = 0
        elif kind == "big":
            parts.append(text[last : m.end()] + _REWRITTEN)
            last = m.end()
        fresh = c == "\n"
        last_end = m.end()
    return "".join(parts) + text[last:] if parts else text


class _Duplicated(dict[str, Any]):
    """A JSON object in which ``key`` was given twice (reported with its path by check_tree)."""

    key: str = ""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    dup = _Duplicated(out)
    dup.key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    return dup


# --- trees -----------------------------------------------------------------------------------


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def _bad_text(text: str, *, key: bool) -> str | None:
    if text.isprintable():  # the common case, in C: text-direction controls are not printable
        return None
    for c in text:
        if c in _BIDI:
            return f"a text-direction control character ({character_name(c)})"
        if not c.isprintable() and (key or c not in "\n\t"):
            if _is_format(c):
                return f"an invisible character ({character_name(c)})"
            if "\ud800" <= c <= "\udfff":  # half of a UTF-16 pair, which no UTF-8 text can hold
                return f"a lone surrogate (U+{ord(c):04X}), which is no character"
            return "a control character or terminal escape"
    return None


VISIBLE_RULE = ("in visible characters (no zero-width spaces or joiners, byte-order marks, "
                "text-direction controls or other characters that show nothing)")


def _is_format(c: str) -> bool:
    import unicodedata  # only for text that is not plainly printable

    return unicodedata.category(c) == "Cf"


def character_name(c: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: a character named so that a message shows what it is."""
    import unicodedata

    return f"U+{ord(c):04X} {unicodedata.name(c, '(unnamed)')}"


def invisible(text: str) -> str | None:
    """The first character of ``text`` that shows nothing (named by :func:`character_name`), or
    None: a name holding one looks like another name, or like what the user meant, yet is not."""
    if text.isprintable() and (text.isascii() or SHOWS_NOTHING.isdisjoint(text)):
        return None  # the common case, in C (no ASCII character is in SHOWS_NOTHING)
    for c in text:  # the format characters (Cf: zero-width spaces, joiners, the byte-order mark,
        # the soft hyphen, text-direction controls) and those Python counts as printable
        if c in SHOWS_NOTHING or _is_format(c):
            return character_name(c)
    return None


def refuse_invisible(field: str, text: str, what: str, error: type[InputError] = InputError) -> None:
    """Refuse ``text`` (``what`` the field takes, as the message says) if any character of it
    shows nothing: names, flags and searches all say so alike (AP-2)."""
    shown = invisible(text)
    if shown is not None:
        raise error(field, text, f"allowed: {what} {VISIBLE_RULE}; this one holds {shown}, "
                    "which shows nothing")


NAME_RULE = "a name: text on one line, with at least one visible character"
_LINE_BREAKS = frozenset("\n\r\t\v\f")


class EmptyName(ValueError):
    """A name left empty (``""``, a new card's box): nothing was given, so it reads as required,
    not as a value refused."""


def one_line(text: str) -> str:
    """``text`` if it names something: not blank, on one line, every character visible (else a
    ValueError; :class:`EmptyName` for ``""``)."""
    if text.isascii() and text.isprintable() and text.strip():
        return text  # the common case, in C: printable ASCII is on one line, and all of it shows
    if not text:
        raise EmptyName("a name is required")
    if not text.strip() or not _LINE_BREAKS.isdisjoint(text):
        raise ValueError(NAME_RULE)
    shown = invisible(text)
    if shown is not None:
        raise ValueError(f"a name {VISIBLE_RULE}; this one holds {shown}, which shows nothing")
    return text


class CheckedTree(dict[str, Any]):
    """A top-level table that this module has parsed or walked and found to hold nothing that
    :func:`check_tree` refuses within its ``limits`` (``None``: values only, no nesting cap):
    what :func:`armourpen.scenario.load_checked` takes, so that a tree is walked once, by the
    reader, and never trusted on a caller's word. Only this module makes one
    (:func:`parse_json`, :func:`parse_toml`, :func:`read_data`, :func:`checked_tree`).
    """

    __slots__ = ("limits",)
    limits: Limits | None

    def __init__(self, data: Mapping[str, Any], limits: Limits | None,
                 made_by: object = None) -> None:
        if made_by is not _READER:
            raise TypeError("a CheckedTree is made by armourpen.reading only (parse_json, "
                            "parse_toml, read_data, checked_tree)")
        super().__init__(data)
        self.limits = limits


_READER = object()  # what only this module passes to CheckedTree


def checked_tree(
    data: Mapping[str, Any],
    *,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    limits: Limits | None = DEFAULT_LIMITS,
) -> CheckedTree:
    """``data`` as a :class:`CheckedTree`, once :func:`check_tree` has passed it."""
    check_tree(data, prefix=prefix, error=error, limits=limits)
    return CheckedTree(data, limits, _READER)


# A node waiting to be checked: the value, its depth, and the node and key or index it sits under
# (the path is spelled out from these only when the value is refused).
_Node: TypeAlias = tuple[Any, int, "_Node | None", "str | int"]


def _path_of(node: _Node) -> str:
    parts: list[str | int] = []
    at: _Node | None = node
    while at is not None and at[2] is not None:
        parts.append(at[3])
        at = at[2]
    path = ""
    for part in reversed(parts):
        path = _join(path, part)
    return path


def check_tree(  # noqa: C901, PLR0912 (one branch per kind of value a file may hold)
    data: Any,
    *,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    limits: Limits | None = DEFAULT_LIMITS,
    any_text: bool = False,
) -> None:
    """Refuse, naming the place, what no scenario or catalog may hold anywhere: nesting beyond
    the cap (none with ``limits=None``: the rule sets' parsers check values only, the readers
    nesting too), a duplicated key, a number that is not finite or has more than 19 digits, and
    control characters or terminal escapes in keys and strings. Fields are named by their path
    (``line[1].hp``) after ``prefix``. The walk is iterative: any depth is safe to check.

    ``any_text``: keys and strings may hold any character (a GCS file's notes hold the carriage
    returns GCS writes). Only a reader that escapes every text it keeps
    (:func:`armourpen.errors.printable`) passes it: nothing is refused for what is never shown
    raw. The object of a ``gcs`` key is a GCS file's JSON held in a scenario (a target's or an
    attack's, as the calculator sends it): it is walked so too, after the rest, as the GCS reader
    reads the file."""
    max_depth = limits.max_depth if limits is not None else float("inf")

    def fail(node: _Node, value: object, allowed: str, key: str | None = None) -> InputError:
        path = _path_of(node) if key is None else _join(_path_of(node), key)
        return error(prefix + (path or "(top level)"), value, allowed)

    def too_deep(node: _Node) -> InputError:
        assert limits is not None
        return _nesting_error(node[1] + 1, limits, prefix + (_path_of(node) or "(top level)"))

    stack: list[_Node] = [(data, 0, None, "")]
    # a `gcs` key's object is a GCS character file's JSON (a scenario's target or attack, the
    # calculator's): its text is kept as the file's is, for the GCS reader, which escapes it
    gcs_files: list[_Node] = []
    while True:
        while stack:
            entry = stack.pop()
            value, depth = entry[0], entry[1]
            kind = type(value)  # the built-in types a parser returns first, without ABC checks
            if kind is str:
                if not (any_text or value.isprintable()):
                    bad = _bad_text(value, key=False)
                    if bad is not None:
                        raise fail(entry, value, f"the text holds {bad}; give plain text")
            elif kind is int:
                if not -(2**63) <= value < 2**63:
                    raise fail(entry, value, _TOO_LONG)
            elif kind is bool or value is None:
                continue
            elif kind is float:
                if not math.isfinite(value):
                    raise fail(entry, value, _NOT_FINITE)
            elif kind is dict or isinstance(value, Mapping):
                if depth >= max_depth:
                    raise too_deep(entry)
                if isinstance(value, _Duplicated):
                    raise fail(entry, value.key,
                               "a key given twice in one object; give each key once", value.key)
                children: list[_Node] = []
                for k, v in value.items():
                    if type(k) is not str:
                        if not isinstance(k, str):
                            raise fail(entry, k, "keys are text")
                        k = str.__str__(k)  # the characters it holds, not what its class says
                    bad = None if any_text or k.isprintable() else _bad_text(k, key=True)
                    if bad is not None:
                        raise fail(entry, k, f"a key holds {bad}; keys are plain text", k)
                    t = type(v)  # the bulk: plain text, numbers, flags, passed here at once
                    if not ((t is str and (any_text or v.isprintable())) or t is bool or v is None
                            or (t is int and -(2**63) <= v < 2**63)
                            or (t is float and v - v == 0)):  # finite: inf - inf and NaN are NaN
                        if k == "gcs" and not any_text and isinstance(v, Mapping):
                            gcs_files.append((v, depth + 1, entry, k))
                        else:
                            children.append((v, depth + 1, entry, k))
                stack.extend(reversed(children))  # so that problems are found in reading order
            elif kind is list or isinstance(value, list | tuple):
                if depth >= max_depth:
                    raise too_deep(entry)
                for i in range(len(value) - 1, -1, -1):  # last first: found in reading order
                    v = value[i]
                    t = type(v)  # as for a mapping's values
                    if not ((t is str and (any_text or v.isprintable())) or t is bool or v is None
                            or (t is int and -(2**63) <= v < 2**63)
                            or (t is float and v - v == 0)):
                        stack.append((v, depth + 1, entry, i))
            else:
                _check_other(entry, fail, any_text)

        if any_text or not gcs_files:
            return
        any_text, stack = True, gcs_files[::-1]


def _check_other(
    entry: _Node, fail: Callable[[_Node, object, str], InputError], any_text: bool,
) -> None:
    """A value of a type other than the built-in ones a parser returns (subclasses included).

    A subclass of ``str``, ``int`` or ``float`` is checked as the plain value it holds (read
    through the built-in type's own method), so that none of its methods can answer the check
    for it (an ``isprintable`` that says True of an escape, comparisons that say any number is
    in range); the value the rule sets then read is the plain one too (pydantic copies it).
    A set is refused: it has no order, and a list in a scenario (a line of fire, worn armour) has
    one that the answer follows."""
    from collections.abc import Set

    value = entry[0]
    if isinstance(value, BadNumber):
        raise fail(entry, value, value.allowed)
    if isinstance(value, bool):
        return
    if isinstance(value, float):
        if not math.isfinite(float.__float__(value)):
            raise fail(entry, value, _NOT_FINITE)
    elif isinstance(value, int):
        if not -(2**63) <= int.__int__(value) < 2**63:
            raise fail(entry, int.__int__(value), _TOO_LONG)
    elif isinstance(value, str):
        plain = str.__str__(value)
        bad = None if any_text else _bad_text(plain, key=False)
        if bad is not None:
            raise fail(entry, plain, f"the text holds {bad}; give plain text")
    elif isinstance(value, Set):
        raise fail(entry, value, "a list (a set has no order; the lists of a scenario have one, "
                   "which the answer follows: a line of fire from the shooter out, armour from "
                   "the outside in)")


def read_data(
    path: str | Path,
    *,
    field: str,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    limits: Limits = DEFAULT_LIMITS,
) -> CheckedTree:
    """A ``.toml`` or ``.json`` file's top-level table, read and checked as above."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".toml", ".json"):
        raise error(field, str(path), "allowed: a .toml or .json file")
    text = read_text(path, field=field, error=error, limits=limits)
    parse = parse_toml if suffix == ".toml" else parse_json
    data = parse(text, field=field, source=str(path), prefix=prefix, error=error, limits=limits)
    if not isinstance(data, CheckedTree):
        raise error(field, str(path), "the top level must be an object")
    return data
