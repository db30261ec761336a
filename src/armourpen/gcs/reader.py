"""Reading a GCS character file (``.gcs``: JSON, format version 5) into a :class:`GcsCharacter`.

Values come from the file's computed (``calc``) fields as GCS wrote them, never recomputed. A
file that is not JSON, is of another format version or lacks a field that armourpen reads gives one
:class:`~armourpen.errors.GcsError` naming the file and the field (AP-2); what the file holds that
armourpen does not model gives a warning instead (see :mod:`armourpen.gcs.traits` and
:mod:`armourpen.gcs.body`).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import ValidationError

from armourpen.errors import GcsError
from armourpen.explain import Caution
from armourpen.gcs.body import read_body
from armourpen.gcs.dr import BROADENED, damage_types, kind_key
from armourpen.gcs.model import ALL, GcsBody, GcsCharacter
from armourpen.gcs.schema import AttributeData, GcsFileData
from armourpen.gcs.traits import read_traits
from armourpen.validation import from_validation_error

FORMAT_VERSION = 5
MAX_GCS_BYTES = 16 << 20  # GCS files carry a portrait image; the largest real ones are a few MB
_VERSION_ALLOWED = (
    f"allowed: {FORMAT_VERSION}, the character files of GCS 5 (open an older file in GCS 5 and "
    "save it to convert it)"
)


def read_path(path: str | os.PathLike[str], field: str = "gcs") -> GcsCharacter:
    """Read a ``.gcs`` file: a regular file of at most :data:`MAX_GCS_BYTES`."""
    shown = str(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise GcsError(field, shown, "no such file") from None
    except OSError as exc:
        raise GcsError(field, shown, f"cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise GcsError(field, shown, f"a .gcs file; this is {what}")
    _check_size(st.st_size, shown, field)
    try:
        # O_NONBLOCK: should the path have become a FIFO since stat(), open() must not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise GcsError(field, shown, "a .gcs file; this is not a regular file")
            raw = f.read(MAX_GCS_BYTES + 1)
    except OSError as exc:
        raise GcsError(field, shown, f"cannot be read ({exc.strerror or exc})") from None
    return parse_bytes(raw, shown, field)


def _check_size(size: int, shown: str, field: str) -> None:
    if size > MAX_GCS_BYTES:
        raise GcsError(field, shown, f"a .gcs file of at most {MAX_GCS_BYTES:,} bytes; this one "
                                     f"has {size:,}")


def parse_bytes(data: bytes, source: str = "(uploaded file)", field: str = "gcs") -> GcsCharacter:
    """Read the bytes of a ``.gcs`` file (an upload); ``source`` names it in errors."""
    _check_size(len(data), source, field)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GcsError(field, source, f"a GCS character file (UTF-8 JSON); byte {exc.start} is "
                                      "not UTF-8") from None
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise GcsError(field, source, "a GCS character file; this one is nested too deeply") \
            from None
    except ValueError as exc:
        raise GcsError(field, source, f"a GCS character file, which is JSON; this is not valid "
                                      f"JSON ({exc})") from None
    return parse_mapping(parsed, source, field)


def parse_mapping(data: object, source: str = "(GCS data)", field: str = "gcs") -> GcsCharacter:
    """Read an already parsed ``.gcs`` file (its JSON as Python values)."""
    if not isinstance(data, Mapping):
        raise GcsError(field, source, "a GCS character file, whose top level is a JSON object")
    version = data.get("version", "(missing)")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise GcsError(f"{source}: version", version, _VERSION_ALLOWED)
    try:
        f = GcsFileData.model_validate(dict(data))
    except ValidationError as exc:
        e = from_validation_error(exc, error=GcsError)
        raise GcsError(f"{source}: {e.field}", e.value, e.allowed) from None
    except RecursionError:
        raise GcsError(field, source, "a GCS character file; this one is nested too deeply") \
            from None
    hp, st, ht = (_attribute(f.attributes, a, source) for a in ("hp", "st", "ht"))
    warnings: list[Caution] = []
    body = read_body(f.settings.body_type, f"{source}: settings.body_type", warnings)
    warnings.extend(_dr_kind_warnings(body))
    traits = read_traits(f.traits, f.equipment)
    warnings.extend(traits.warnings)
    return GcsCharacter(
        name=f.profile.name.strip() or _stem(source),
        hp=hp,
        st=st,
        ht=ht,
        body=body,
        injury_tolerance=traits.injury_tolerance,
        hardened=traits.hardened,
        perfect_balance=traits.perfect_balance,
        vulnerabilities=traits.vulnerabilities,
        warnings=tuple(dict.fromkeys(warnings)),
        source=source,
    )


def _stem(source: str) -> str:
    stem = Path(source).stem if source and not source.startswith("(") else ""
    return stem or "(unnamed)"


def _attribute(attributes: Sequence[AttributeData], attr_id: str, source: str) -> int:
    for i, a in enumerate(attributes):
        if a.attr_id != attr_id:
            continue
        if a.calc is None:
            raise GcsError(f"{source}: attributes[{i}].calc", "(missing)",
                           f"the {attr_id} attribute needs its computed value (calc.value)")
        value = a.calc.value
        if value != int(value):
            raise GcsError(f"{source}: attributes[{i}].calc.value", value,
                           f"allowed: a whole number ({attr_id})")
        return int(value)
    raise GcsError(f"{source}: attributes", f"(no {attr_id})",
                   f"the file must give the {attr_id} attribute (attr_id \"{attr_id}\")")


def _dr_kind_warnings(body: GcsBody) -> list[Caution]:
    """One warning per ``calc.dr`` kind that names no damage type or is broadened to one."""
    where: dict[str, list[str]] = {}
    for loc in body.all_locations():
        for kind, _ in loc.dr:
            if kind != ALL:
                names = where.setdefault(kind, [])
                if loc.table_name not in names:
                    names.append(loc.table_name)
    out: list[Caution] = []
    for kind, names in where.items():
        at = ", ".join(names)
        if not damage_types(kind):
            out.append(Caution(
                "GU-3", f"DR against {kind!r} ({at}) names no damage type of the notation; "
                "armourpen never applies it",
            ))
        elif kind_key(kind) in BROADENED:
            out.append(Caution(
                "GU-3", f"DR against {kind!r} ({at}): armourpen applies it against "
                f"{BROADENED[kind_key(kind)]} (it cannot tell what the attack is made of)",
            ))
    return out
