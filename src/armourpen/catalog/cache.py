"""A per-user cache of the parsed built-in catalog, so that a one-shot command starts fast.

Front ends that start often ask for it (the CLI: ``Catalog.builtin(cache=True)``); the Python API
reads the package's own files only. The shipped TOML is parsed and validated once and its items are
written as plain JSON data (never pickle: reading the cache can run no code) under the user cache
folder. The file is one line of stamp, then the items: the stamp holds the hash of what they were
built from (the package version, the catalog's code and its data files) and a BLAKE2b digest of
that hash and the exact bytes of the items, keyed with a random secret of the user's own (the file
``cache-key`` beside it, made once). Whoever cannot read that secret cannot stamp a file that
passes, and files that others could have written are not even read, as ssh treats its own files:
the folder must be the user's and writable by no one else (it is made 0700), the key a regular file
of the user's that no one else can read or write (0600), and the cache a regular file of the
user's that no one else can write (written 0600, whole or not at all). A cache file is used only
when all of that holds, its stamp matches, its items have that digest, and every value in them has
the type its field requires; anything else (a stale, damaged, edited, planted or foreign file) is
ignored and the catalog rebuilt in memory, never an error. ``ARMOURPEN_NO_CACHE=1`` turns the cache
off and ``ARMOURPEN_CACHE_DIR`` moves it. Any failure to read or write falls back to building in
memory.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import stat
import types
import typing
import zlib
from _operator import _compare_digest  # hmac's compare_digest, without importing hashlib
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from armourpen.catalog.items import (
    AmmoType,
    ArmourItem,
    AttackProfile,
    CatalogItem,
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


class Listed(typing.Protocol):
    """What the cache reads of a catalog: its sources, and its items of each kind."""

    @property
    def sources(self) -> tuple[str, ...]: ...

    def items(self, kind: str | None = None) -> list[CatalogItem]: ...


C = typing.TypeVar("C", bound=Listed)

Restore: typing.TypeAlias = Callable[[dict[str, list[CatalogItem]], list[str]], C]
"""What makes a catalog of these items (by kind, in order) from these sources: ``Catalog.restore``.
The cache is given it rather than importing the catalog, which reads the cache."""

FORMAT = 3  # bump when the layout of the file changes
CACHE_NAME = "builtin-catalog.json"
KEY_NAME = "cache-key"
KEY_BYTES = 32  # BLAKE2b's longest key
# Whose files are trusted: this user's (None where the system has no POSIX owners).
_UID: int | None = os.getuid() if hasattr(os, "getuid") else None
_OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH
_OTHERS_ANY = stat.S_IRWXG | stat.S_IRWXO
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
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
    names = _field_names(type(value))
    if names is not None:
        return {name: _encode(getattr(value, name)) for name in names}
    if isinstance(value, tuple | frozenset):
        items = [_encode(v) for v in value]
        return sorted(items) if isinstance(value, frozenset) else items
    if isinstance(value, Mapping):
        return {str(k): _encode(v) for k, v in value.items()}
    raise TypeError(f"no plain form for {type(value).__name__}")


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The fields of an item type (a dataclass); None for any other type."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return None


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
    if isinstance(hint, type) and _field_names(hint) is not None:
        fields = {name: _decoder(h) for name, h in typing.get_type_hints(hint).items()}

        def build(v: Any) -> Any:
            given = _expect(v, dict)
            if given.keys() != fields.keys():
                raise _Mismatch(f"{hint.__name__} fields {sorted(given)}")
            return hint(**{name: decode(given[name]) for name, decode in fields.items()})

        return build
    raise _Mismatch(f"no plain form for {hint!r}")


def encode_catalog(catalog: Listed) -> dict[str, Any]:
    """The catalog's items by kind, in order, as plain JSON values."""
    return {
        "sources": list(catalog.sources),
        "items": {kind: [_encode(item) for item in catalog.items(kind)] for kind in _CLASSES},
    }


def decode_catalog(data: Any, restore: Restore[C]) -> C:
    """The catalog :func:`encode_catalog` wrote, made by ``restore``; any value of the wrong type
    is a ValueError."""
    fields = _expect(data, dict)
    items = _expect(fields.get("items"), dict)
    if set(items) != set(_CLASSES):
        raise _Mismatch(f"kinds {sorted(items)}")
    sources = [_expect(s, str) for s in _expect(fields.get("sources"), list)]
    return restore(
        {kind: [_decoder(cls)(v) for v in _expect(items[kind], list)]
         for kind, cls in _CLASSES.items()},
        sources,
    )


# --- the file ----------------------------------------------------------------------------------


def _ours(st: os.stat_result, *, open_to: int) -> bool:
    """Whether this user owns the file and no one else has the ``open_to`` mode bits on it.

    Where there are no POSIX owners (Windows: the per-user folders are guarded by ACLs) only the
    keyed digest guards the file.
    """
    return _UID is None or (st.st_uid == _UID and not st.st_mode & open_to)


def _trusted_dir(folder: Path) -> bool:
    """The cache folder is a folder of this user's that no one else can write to."""
    try:
        st = os.stat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and _ours(st, open_to=_OTHERS_WRITE)


def _read(path: Path, *, open_to: int, limit: int) -> bytes | None:
    """A file's bytes: a regular file of this user's (never a link, nor one others could write
    or, for the key, read) of at most ``limit`` bytes only (a planted FIFO must not block)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit or not _ours(st, open_to=open_to):
            return None
        return f.read(limit + 1)


def _key(folder: Path) -> bytes | None:
    """The user's secret that keys the digest, if a sound one is there."""
    key = _read(folder / KEY_NAME, open_to=_OTHERS_ANY, limit=KEY_BYTES)
    return key if key is not None and len(key) == KEY_BYTES else None


def digest(key: bytes, catalog: str, payload: bytes) -> str:
    """The digest the stamp gives of the catalog hash and the items' exact bytes, keyed with the
    user's secret (BLAKE2b's own keyed mode, a MAC)."""
    mac = blake2b(catalog.encode(), key=key, digest_size=32)
    mac.update(b"\n")
    mac.update(payload)
    return mac.hexdigest()


def _payload(raw: bytes, catalog: str, key: bytes) -> bytes | None:
    """The items' bytes, if the stamp line before them is this version's and their digest holds
    (checked before any of them is parsed)."""
    line, _, payload = raw.partition(b"\n")
    try:
        stamp = json.loads(line)
    except (ValueError, RecursionError):  # not this layout (bad UTF-8 is a ValueError too)
        return None
    if not (isinstance(stamp, dict) and stamp.get("format") == FORMAT
            and stamp.get("hash") == catalog and isinstance(stamp.get("digest"), str)):
        return None
    # in constant time, so that the check tells nothing of the right digest (the stamp is ASCII)
    if stamp["digest"].isascii() and _compare_digest(stamp["digest"], digest(key, catalog, payload)):
        return payload
    return None


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all, readable and writable by the user only."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _write(folder: Path, catalog: str, built: Listed) -> None:
    """Store ``built`` for the next run, in a folder of the user's only (made 0700)."""
    items = json.dumps(encode_catalog(built), ensure_ascii=False, separators=(",", ":")).encode()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if not _trusted_dir(folder):
        return  # a folder others can write to is left alone: its files would never be read
    key = _key(folder)
    if key is None:  # the first run, or a key others could read or have made: a new secret
        key = os.urandom(KEY_BYTES)
        _write_private(folder / KEY_NAME, key)
    stamp = json.dumps({"format": FORMAT, "hash": catalog, "digest": digest(key, catalog, items)})
    _write_private(folder / CACHE_NAME, stamp.encode() + b"\n" + items)


def cached_catalog(build: Callable[[], C], restore: Restore[C]) -> C:
    """``build()``, or the plain copy an earlier run of this user wrote from the same catalog,
    made by ``restore`` (``Catalog.restore``)."""
    if os.environ.get("ARMOURPEN_NO_CACHE", "") not in ("", "0"):
        return build()
    try:
        folder = cache_dir()
        catalog = catalog_hash()
        key = _key(folder) if _trusted_dir(folder) else None
        raw = None if key is None else _read(folder / CACHE_NAME, open_to=_OTHERS_WRITE,
                                             limit=MAX_CACHE_BYTES)
    except OSError:
        return build()
    payload = None if raw is None or key is None else _payload(raw, catalog, key)
    if payload is not None:
        try:
            return decode_catalog(json.loads(payload), restore)
        except (ValueError, TypeError, RecursionError):
            pass  # a well-stamped file of wrong values: rebuilt below
    built = build()
    with contextlib.suppress(OSError, TypeError):  # no cache this time; the catalog is fine
        _write(folder, catalog, built)
    return built
