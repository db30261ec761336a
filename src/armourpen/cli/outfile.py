"""Files that commands write (``--out``): the format by extension, checked before any work is
done, and written whole or not at all (a temporary file beside it, then renamed)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from armourpen.errors import InputError


def out_format(path: Path, allowed: Sequence[str], field: str = "--out") -> str:
    """The format named by the file's extension (``chart.svg`` -> ``svg``), which must be allowed."""
    ext = path.suffix.lower().lstrip(".")
    if ext not in allowed:
        raise InputError(field, str(path), "a file name ending in " + ", ".join(f".{x}" for x in allowed))
    return ext


def check_writable(path: Path, field: str = "--out") -> None:
    """Refuse, before anything is computed, a path that cannot be written."""
    parent = path.parent if str(path.parent) else Path(".")
    try:
        if path.is_dir():
            raise InputError(field, str(path), "a file to write, not a directory")
        if not parent.is_dir():
            raise InputError(field, str(path), f"a file in an existing folder; {parent} is no folder")
        exists = path.exists()
    except OSError as exc:  # is_dir() and exists() raise for a name too long, say
        raise InputError(field, str(path), f"a file that can be written ({exc.strerror or exc})") \
            from None
    if not os.access(parent, os.W_OK | os.X_OK) or (exists and not os.access(path, os.W_OK)):
        raise InputError(field, str(path), "a file that this user may write")


def write_whole(path: Path, data: bytes, field: str = "--out") -> None:
    """Write ``data`` to ``path`` so that it is either complete or untouched."""
    parent = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise InputError(field, str(path), f"a file that can be written ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes it private; a new file normally is not
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(field, str(path), f"a file that can be written ({exc.strerror})") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
