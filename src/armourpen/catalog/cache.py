"""A per-user cache of the parsed built-in catalog, so that a one-shot command starts fast.

Front ends that start often ask for it (the CLI: ``Catalog.builtin(cache=True)``); the Python API
reads the package's own files only. The shipped TOML is parsed and validated once and its items are
written as plain JSON data (never pickle: reading the cache can run no code) under the user cache
folder. The file is one line of stamp, then the items: the stamp holds the hash of what they were
built from (the package version, the catalog's code and its data files) and a BLAKE2b digest of the
exact bytes of the items. A cache file is used only when its stamp matches, its items have that
digest, and every value in them has the type its field requires; anything else (a stale, damaged,
edited, planted or foreign file) is ignored and rebuilt. ``ARMOURPEN_NO_CACHE=1`` turns the cache off
and ``ARMOURPEN_CACHE_DIR`` moves it. Any failure to read or write falls back to building in memory.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import stat
import types
import typing
import zlib
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armourpen.catalog.items import (
    AmmoType,
    ArmourItem,
    AttackProfile,
    CoverItem,
    RangeColumn,
    Vehicle,
)
from armourpen.values import Direction

try:
    # hashlib.blake2b is this built-in module's; importing hashlib also loads OpenSSL, which
    # costs a one-shot command about 10 ms (bench/startup.py) for nothing used here.
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

if TYPE_CHECKING:
    from armourpen.catalog.catalog import Catalog

FORMAT = 2  # bump when the layout of the file changes
CACHE_NAME = "builtin-catalog.json"
MAX_CACHE_BYTES = 16 << 20  # far above the built-in catalog; a larger file is not ours
_HERE = Path(__file__).resolve().parent
_CLASSES: dict[str, type] = {
    "attack": AttackProfile, "armour": ArmourItem, "cover": CoverItem, "vehicle": Vehicle,
    "ammo": AmmoType,
}


def cache_dir() -> Path:
    override = os.environ.get("ARMOURPEN_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_path("armourpen"))


def catalog_hash() -> str:
    """The hash of everything the built-in catalog is built from (contents, not dates).

    A CRC-32 per file (zlib, which is loaded anyway) rather than SHA-256: it only tells a stale
    cache from a current one, and no secret is involved (anyone can hash the package's files;
    what keeps a planted file harmless is that it is data, checked value by value). Loading
    OpenSSL for hashlib would cost every one-shot command more than the whole check.
    """
    from armourpen import values
    from armourpen.version import __version__

    parts = [f"{__version__}:{FORMAT}"]
    # the values module too: directions and face names are part of the built items
    shared = [Path(values.__file__)]
    for p in [*sorted([*_HERE.glob("*.py"), *(_HERE / "data").glob("*.toml")]), *shared]:
        data = p.read_bytes()
        parts.append(f"{p.name}:{len(data)}:{zlib.crc32(data):08x}")
    return ";".join(parts)


# --- plain values ------------------------------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, str | int | bool) or value is None:  # enums are str
        return value if not isinstance(value, str) else str(value)
    if isinstance(value, tuple | frozenset):
        items = [_encode(v) for v in value]
        return sorted(items) if isinstance(value, frozenset) else items
    if isinstance(value, Mapping):
        return {str(k): _encode(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"no plain form for {type(value).__name__}")


class _Mismatch(ValueError):
    """The cache holds something its fields do not allow."""


def _expect(value: Any, kind: type) -> Any:
    if type(value) is not kind:  # exactly: a bool is no int here
        raise _Mismatch(f"{value!r:.40} is no {kind.__name__}")
    return value


def _fraction(value: Any) -> Fraction:
    text = _expect(value, str)
    numerator, _, denominator = text.partition("/")
    if not (numerator.lstrip("-").isdigit() and denominator.isdigit()) or len(text) > 40:
        raise _Mismatch(f"{text!r:.40} is no fraction")
    return Fraction(int(numerator), int(denominator))


Decoder = Callable[[Any], Any]


@functools.cache
def _decoder(hint: Any) -> Decoder:
    """A function that checks a plain value against ``hint`` and builds it (made once per type)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in args if a is not type(None)]
        decode_inner = _decoder(inner)
        return lambda v: None if v is None else decode_inner(v)
    if hint is Fraction:
        return _fraction
    if hint in (str, int, bool):
        return lambda v: _expect(v, hint)
    if hint in (RangeColumn, Direction):
        return lambda v: hint(_expect(v, str))
    if origin in (tuple, frozenset):
        element = _decoder(args[0])
        return lambda v: origin(element(x) for x in _expect(v, list))
    if origin in (Mapping, dict):
        entry = _decoder(args[1])
        return lambda v: types.MappingProxyType(
            {_expect(k, str): entry(x) for k, x in _expect(v, dict).items()}
        )
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        fields = {name: _decoder(h) for name, h in typing.get_type_hints(hint).items()}

        def build(v: Any) -> Any:
            given = _expect(v, dict)
            if given.keys() != fields.keys():
                raise _Mismatch(f"{hint.__name__} fields {sorted(given)}")
            return hint(**{name: decode(given[name]) for name, decode in fields.items()})

        return build
    raise _Mismatch(f"no plain form for {hint!r}")


def encode_catalog(catalog: Catalog) -> dict[str, Any]:
    """The catalog's items by kind, in order, as plain JSON values."""
    return {
        "sources": list(catalog.sources),
        "items": {kind: [_encode(item) for item in catalog.items(kind)] for kind in _CLASSES},
    }


def decode_catalog(data: Any) -> Catalog:
    """The catalog :func:`encode_catalog` wrote; any value of the wrong type is a ValueError."""
    from armourpen.catalog.catalog import Catalog

    fields = _expect(data, dict)
    items = _expect(fields.get("items"), dict)
    if set(items) != set(_CLASSES):
        raise _Mismatch(f"kinds {sorted(items)}")
    sources = [_expect(s, str) for s in _expect(fields.get("sources"), list)]
    return Catalog.restore(
        {kind: [_decoder(cls)(v) for v in _expect(items[kind], list)]
         for kind, cls in _CLASSES.items()},
        sources,
    )


# --- the file ----------------------------------------------------------------------------------


def _read(path: Path) -> bytes | None:
    """The cache file's bytes: a regular file of sane size only (a planted FIFO must not block)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_CACHE_BYTES:
            return None
        return f.read(MAX_CACHE_BYTES + 1)


def digest(payload: bytes) -> str:
    """The digest the stamp gives of the items' exact bytes."""
    return blake2b(payload, digest_size=32).hexdigest()


def _payload(raw: bytes, key: str) -> bytes | None:
    """The items' bytes, if the stamp line before them is this version's and their digest holds
    (checked before any of them is parsed)."""
    line, _, payload = raw.partition(b"\n")
    try:
        stamp = json.loads(line)
    except (ValueError, RecursionError):  # not this layout (bad UTF-8 is a ValueError too)
        return None
    if (isinstance(stamp, dict) and stamp.get("format") == FORMAT and stamp.get("hash") == key
            and stamp.get("digest") == digest(payload)):
        return payload
    return None


def cached_catalog(build: Callable[[], Catalog]) -> Catalog:
    """``build()``, or the plain copy an earlier run wrote from the same catalog hash."""
    if os.environ.get("ARMOURPEN_NO_CACHE", "") not in ("", "0"):
        return build()
    try:
        path = cache_dir() / CACHE_NAME
        key = catalog_hash()
        raw = _read(path)
    except OSError:
        return build()
    payload = None if raw is None else _payload(raw, key)
    if payload is not None:
        try:
            return decode_catalog(json.loads(payload))
        except (ValueError, TypeError, RecursionError):
            pass  # a stamp forged over wrong values: rebuilt below
    catalog = build()
    try:
        items = json.dumps(encode_catalog(catalog), ensure_ascii=False,
                           separators=(",", ":")).encode()
        stamp = json.dumps({"format": FORMAT, "hash": key, "digest": digest(items)}).encode()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{CACHE_NAME}.{os.getpid()}.tmp")
        tmp.write_bytes(stamp + b"\n" + items)
        os.replace(tmp, path)
    except (OSError, TypeError):
        pass  # no cache this time; the catalog itself is fine
    return catalog
