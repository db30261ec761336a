"""Files that commands write (``--out``): the format by extension, checked before any work is
done, and written whole or not at all (a temporary file beside it, then renamed).

A file written over keeps its permission bits (a private 0600 file stays private; a set-uid,
set-gid or sticky bit is dropped, as the system drops it when a file is written) and, where this
user may, its owner; a new file gets the usual 0666 less the umask. A symbolic link is refused rather
than written through or replaced: writing through it would put the chart wherever the link points
(a link planted in a shared folder could aim at any file this user can write), and replacing it
would silently turn the link into a file. Only regular files are written over (never a device or
a FIFO, which a rename would replace).
"""

from __future__ import annotations

import contextlib
import os
import stat
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
        if path.is_symlink():
            raise InputError(field, str(path), _LINK)
        if path.is_dir():
            raise InputError(field, str(path), "a file to write, not a directory")
        if not parent.is_dir():
            raise InputError(field, str(path), f"a file in an existing folder; {parent} is no folder")
        existing = _existing(path, field)
    except OSError as exc:  # is_dir() and exists() raise for a name too long, say
        raise InputError(field, str(path), f"a file that can be written ({exc.strerror or exc})") \
            from None
    if not os.access(parent, os.W_OK | os.X_OK) or (
            existing is not None and not os.access(path, os.W_OK)):
        raise InputError(field, str(path), "a file that this user may write")


_LINK = ("a path that is not a symbolic link (it would be replaced by a file, or its target "
         "written over): give the file's own path")


def _existing(path: Path, field: str) -> os.stat_result | None:
    """The file already at ``path`` (None: a new name), which must be a regular file, not a link."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise InputError(field, str(path), _LINK)
    if not stat.S_ISREG(st.st_mode):
        raise InputError(field, str(path), "a regular file or a new name (not a device, FIFO or "
                                           "socket, which would be replaced)")
    return st


def write_whole(path: Path, data: bytes, field: str = "--out") -> None:
    """Write ``data`` to ``path`` so that it is either complete or untouched."""
    parent = path.parent if str(path.parent) else Path(".")
    try:
        existing = _existing(path, field)  # again: the work took a while
        fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise InputError(field, str(path), f"a file that can be written ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())  # whole on disk before it takes the name
        if existing is None:  # mkstemp makes it private; a new file normally is not
            os.chmod(tmp, 0o666 & ~_umask())
        else:
            _keep_owner(tmp, existing)
            # its permission bits only: a set-uid, set-gid or sticky bit kept on a file whose
            # contents are now a chart would make a program of whatever we wrote (0o777 only)
            os.chmod(tmp, stat.S_IMODE(existing.st_mode) & 0o777)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(field, str(path), f"a file that can be written ({exc.strerror})") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _keep_owner(tmp: str, existing: os.stat_result) -> None:
    """The owner and group of the file written over, where this user may give them (root may)."""
    if not hasattr(os, "chown") or (existing.st_uid, existing.st_gid) == (os.getuid(),
                                                                          os.getgid()):
        return
    with contextlib.suppress(OSError):  # not allowed: the file becomes this user's, as any new one
        os.chown(tmp, existing.st_uid, existing.st_gid)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
