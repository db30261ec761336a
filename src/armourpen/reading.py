"""Reading what users hand us: files, JSON and TOML text, and the trees they parse into (AP-2).

Everything here refuses up front, with the place named: a path that is not a regular file (a
FIFO, a device, a folder) or is over the size cap; nesting deeper than :class:`Limits` allows
(nesting deeper than a recursive parser can take is refused on the text, before parsing, as a
whole); a key given twice in a JSON object;
a number that is not finite (NaN, inf, ``1e309``) or has too many digits; a control character or
a terminal escape in a key or a string. Nothing a user typed may reach a terminal raw. A GCS
character file's text is the exception (``any_text``): GCS writes carriage returns in notes, and
its reader keeps every text escaped, so the file is not refused for what is never shown raw.

The parts it stands on: :mod:`armourpen.trees` walks a parsed tree, :mod:`armourpen.numeric`
reads numbers, :mod:`armourpen.text` says what text may hold. Only this module makes a
:class:`CheckedTree`.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from armourpen.errors import FileName, InputError, MissingFile, ScenarioError
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.numeric import MAX_DIGITS, NOT_FINITE, REWRITTEN, BadNumber, parse_float, parse_int
from armourpen.trees import check_tree, nesting_error, object_of_pairs

if TYPE_CHECKING:
    import json


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
                    raise nesting_error(depth, limits, field)
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
            object_pairs_hook=object_of_pairs,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=lambda s: BadNumber(s, NOT_FINITE),
        )
    except ValueError as exc:
        raise error(field, FileName(source),
                    f"allowed: valid JSON; this is not valid JSON: {exc}") from None
    except RecursionError:  # only when the cap was raised past what the parser can nest
        raise nesting_error(PARSER_DEPTH, limits, field) from None
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
    value = parse_float(text)
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
        data = tomllib.loads(text, parse_float=parse_float)
    except ValueError as exc:  # TOMLDecodeError is one
        raise error(field, FileName(source),
                    f"allowed: valid TOML; this is not valid TOML: {exc}") from None
    except RecursionError:  # only when the cap was raised past what the parser can nest
        raise nesting_error(PARSER_DEPTH, limits, field) from None
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
                    raise nesting_error(depth, limits, field)
            else:
                depth -= 1
                if header:
                    header, table = False, dots + 1
                    if table > longest:
                        raise nesting_error(table, limits, field)
            dots = 0
        elif kind == "key":
            if c == ".":
                dots += 1
            elif c == "=" and table + dots + 1 > longest:
                raise nesting_error(table + dots + 1, limits, field)
            else:
                dots = 0
        elif kind == "big":
            parts.append(text[last : m.end()] + REWRITTEN)
            last = m.end()
        fresh = c == "\n"
        last_end = m.end()
    return "".join(parts) + text[last:] if parts else text



_READ_ONLY = ("a checked tree is read-only: what was checked is what is read; build a new "
              "mapping and check it (armourpen.reading.checked_tree) to change it")


def _refuse(_self: object, *_args: object, **_kwargs: object) -> NoReturn:
    raise TypeError(_READ_ONLY)


class FrozenTable(dict[str, Any]):
    """A table of a checked tree: a dict (``isinstance``, ``json.dumps`` and pydantic read it as
    one) that refuses every change, so that nothing is put into it after the check (a name
    holding a terminal escape, say). Its tables and lists are frozen too."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # pickled and copied as a dict, then frozen again
        return (type(self), (dict(self),))


class FrozenList(list[Any]):
    """A list of a checked tree: a list that refuses every change (see :class:`FrozenTable`)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (list(self),))


def _branches(node: Any) -> list[tuple[str | int, Any]]:
    return list(node.items()) if isinstance(node, Mapping) else list(enumerate(node))


def _is_branch(value: object) -> bool:
    """A table or list to copy frozen; one frozen already is kept as it is (nothing is in it
    but what was frozen with it)."""
    return (isinstance(value, Mapping | list | tuple)
            and not isinstance(value, FrozenTable | FrozenList))


_LEAVES = frozenset({str, int, float, bool, type(None)})
_RECURSION = 200  # deeper than this, the copy goes on by the iterative walk below


def _frozen(root: Any, depth: int = 0) -> Any:
    """``root`` copied with every table a :class:`FrozenTable` and every list a
    :class:`FrozenList` (a tuple stays a tuple, of frozen values). The copy is the caller's no
    more: changing what was given after the check changes nothing checked. Any depth is safe:
    past a few hundred levels the copy is made by an iterative walk."""
    kind = type(root)  # the built-in types a parser returns first, without ABC checks
    if kind is not dict and kind is not list and (kind in _LEAVES or not _is_branch(root)):
        return root
    if depth >= _RECURSION:
        return _frozen_deep(root)
    if kind is dict or isinstance(root, Mapping):
        return FrozenTable({k: v if type(v) in _LEAVES else _frozen(v, depth + 1)
                            for k, v in root.items()})
    items = [v if type(v) in _LEAVES else _frozen(v, depth + 1) for v in root]
    return FrozenList(items) if kind is list or isinstance(root, list) else tuple(items)


def _frozen_deep(root: Any) -> Any:
    """:func:`_frozen` without recursion, for a tree nested deeper than the stack may go."""
    # a frame: the node, its branches, the next one to copy, what is copied, its key in its parent
    frames: list[list[Any]] = [[root, _branches(root), 0, [], ""]]
    while True:
        frame = frames[-1]
        node, branches, i, done = frame[0], frame[1], frame[2], frame[3]
        if i < len(branches):
            frame[2] = i + 1
            key, child = branches[i]
            if _is_branch(child):
                frames.append([child, _branches(child), 0, [], key])
            else:
                done.append((key, child))
            continue
        frames.pop()
        made: Any
        if isinstance(node, Mapping):
            made = FrozenTable(done)
        elif isinstance(node, list):
            made = FrozenList(v for _, v in done)
        else:
            made = tuple(v for _, v in done)
        if not frames:
            return made
        frames[-1][3].append((frame[4], made))


class CheckedTree(FrozenTable):
    """A top-level table that this module has parsed or walked and found to hold nothing that
    :func:`check_tree` refuses within its ``limits`` (``None``: values only, no nesting cap):
    what :func:`armourpen.scenario.load_checked` takes, so that a tree is walked once, by the
    reader, and never trusted on a caller's word. Only this module makes one
    (:func:`parse_json`, :func:`parse_toml`, :func:`read_data`, :func:`checked_tree`).

    It is read-only all the way down (:class:`FrozenTable`, :class:`FrozenList`), and a copy of
    what was checked: nothing can be changed in it, or in what it was made from, after the check.
    """

    __slots__ = ("limits",)
    limits: Limits | None

    def __init__(self, data: Mapping[str, Any], limits: Limits | None,
                 made_by: object = None) -> None:
        if made_by is not _READER:
            raise TypeError("a CheckedTree is made by armourpen.reading only (parse_json, "
                            "parse_toml, read_data, checked_tree)")
        super().__init__({k: v if type(v) in _LEAVES else _frozen(v, 1) for k, v in data.items()})
        self.limits = limits

    def __reduce__(self) -> tuple[Any, ...]:  # checked again as it is rebuilt
        return (_checked_again, (dict(self), self.limits))


_READER = object()  # what only this module passes to CheckedTree


def _checked_again(data: Mapping[str, Any], limits: Limits | None) -> CheckedTree:
    return checked_tree(data, limits=limits)


def checked_tree(
    data: Mapping[str, Any],
    *,
    prefix: str = "",
    error: type[InputError] = ScenarioError,
    limits: Limits | None = DEFAULT_LIMITS,
) -> CheckedTree:
    """``data`` as a :class:`CheckedTree`, once :func:`check_tree` has passed it: a frozen copy,
    made before the check so that what is checked is what the tree holds."""
    tree = CheckedTree(data, limits, _READER)
    check_tree(tree, prefix=prefix, error=error, limits=limits)
    return tree




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
