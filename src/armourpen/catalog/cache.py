"""A per-user cache of the parsed built-in catalog, so a one-shot command starts fast.

The shipped TOML is parsed and validated once and pickled under the user cache folder; the file name
carries a digest of the data and loader files (name, size, modification time) and the package
version, so any change to them builds a fresh copy. ``ARMOURPEN_NO_CACHE=1`` turns the cache off and
``ARMOURPEN_CACHE_DIR`` moves it. Any failure to read or write falls back to building in memory.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import os
import pickle
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
_HERE = Path(__file__).resolve().parent


def cache_dir() -> Path:
    override = os.environ.get("ARMOURPEN_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_path("armourpen"))


def _digest() -> str:
    from armourpen import __version__

    h = hashlib.sha256(__version__.encode())
    for p in sorted([*_HERE.glob("*.py"), *(_HERE / "data").glob("*.toml")]):
        st = p.stat()
        h.update(f"{p.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()[:20]


def _proxy(d: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(d)


def _reduce_proxy(m: types.MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return _proxy, (dict(m),)


def _dumps(obj: object) -> bytes:
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    # mapping proxies (read-only vehicle faces) pickle as their dict; per pickler, not global
    table = copyreg.dispatch_table.copy()
    table[types.MappingProxyType] = _reduce_proxy
    pickler.dispatch_table = table
    pickler.dump(obj)
    return buf.getvalue()


def cached(kind: type[T], build: Callable[[], T], name: str = "builtin") -> T:
    """``build()``, or its pickled copy from an earlier run with the same data files."""
    if os.environ.get("ARMOURPEN_NO_CACHE", "") not in ("", "0"):
        return build()
    try:
        path = cache_dir() / f"{name}-{_digest()}.pickle"
    except OSError:
        return build()
    try:
        obj = pickle.loads(path.read_bytes())
        if isinstance(obj, kind):
            return obj
    except Exception:  # a missing, stale or damaged cache is rebuilt, never an error
        pass
    value = build()
    try:
        data = _dumps(value)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except (OSError, pickle.PicklingError):
        pass  # no cache this time; the value itself is fine
    return value
