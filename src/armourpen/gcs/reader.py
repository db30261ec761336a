"""Reading a GCS character file (``.gcs``: JSON, format version 5) into a :class:`GcsCharacter`.

Values come from the file's computed (``calc``) fields as GCS wrote them, never recomputed. A
file that is not JSON, is of another format version or lacks a field that armourpen reads gives one
:class:`~armourpen.errors.GcsError` naming the file and the field (AP-2); what the file holds that
armourpen does not model gives a warning instead (see :mod:`armourpen.gcs.traits` and
:mod:`armourpen.gcs.body`). A file is refused only for what makes it unreadable or unsafe to use
(the caps on size and nesting included), never for its text: text of any character is kept, and
escaped wherever it is shown. HP 0 is read as GCS writes it (see :mod:`armourpen.gcs.target`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from armourpen.errors import MISSING, FileName, GcsError, printable
from armourpen.explain import Caution, Ruling
from armourpen.gcs.body import read_body
from armourpen.gcs.dr import BROADENED, damage_types, kind_key
from armourpen.gcs.lenient import read_leniently
from armourpen.gcs.model import ALL, GcsBody, GcsCharacter, Vulnerability
from armourpen.gcs.schema import AttributeData, GcsFileData, SheetData
from armourpen.gcs.traits import check_texts, read_traits, unread_warnings
from armourpen.gcs.weapons import read_weapons
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.reading import count_objects, parse_json, read_text
from armourpen.trees import check_tree
from armourpen.validation import from_validation_error

FORMAT_VERSION = 5
_VERSION_ALLOWED = (
    f"allowed: {FORMAT_VERSION}, the character files of GCS 5 (open an older file in GCS 5 and "
    "save it to convert it)"
)
_VERSION_NEWER = (
    f"allowed: {FORMAT_VERSION}, the character files of GCS 5; this format is newer than "
    "armourpen reads"
)


_XML = ("allowed: a GCS 5 character file (JSON); this one is XML, as earlier GCS releases wrote "
        "them: open it in GCS 5 and save it to convert it")


def read_path(
    path: str | os.PathLike[str], field: str = "gcs", limits: Limits = DEFAULT_LIMITS
) -> GcsCharacter:
    """Read a ``.gcs`` file: a regular file within ``limits.max_gcs_bytes``."""
    text = read_text(Path(path), field=field, error=GcsError, limits=limits, cap="max_gcs_bytes")
    return _parse_text(text, str(path), field, limits)


def parse_bytes(
    data: bytes, source: str = "(uploaded file)", field: str = "gcs",
    limits: Limits = DEFAULT_LIMITS,
) -> GcsCharacter:
    """Read the bytes of a ``.gcs`` file (an upload); ``source`` names it in errors."""
    limits.check("max_gcs_bytes", len(data), "bytes", field)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GcsError(field, source, f"is not UTF-8 text (byte {exc.start})") from None
    return _parse_text(text, source, field, limits)


def _parse_text(text: str, source: str, field: str, limits: Limits) -> GcsCharacter:
    if text.lstrip("\ufeff \t\r\n").startswith("<"):  # earlier GCS releases wrote XML
        raise GcsError(field, FileName(source), _XML)
    # read as a scenario file is (AP-2): a key given twice, a number not finite or of more than
    # 19 digits, nesting past max_depth, and more objects than max_gcs_objects (counted first:
    # each takes memory) are refused, naming the place. Text is kept whatever it holds (GCS
    # writes a carriage return in notes): every text read from the file is escaped (printable)
    parsed = parse_json(text.removeprefix("\ufeff"), field=field, source=source,
                        prefix=f"{source}: ", error=GcsError, limits=limits,
                        objects="max_gcs_objects", any_text=True)
    return _read(parsed, source, field, limits)


def parse_mapping(
    data: object, source: str = "(GCS data)", field: str = "gcs", limits: Limits = DEFAULT_LIMITS,
) -> GcsCharacter:
    """Read an already parsed ``.gcs`` file (its JSON as Python values), checked as a file is."""
    count_objects(data, "max_gcs_objects", field, limits)
    check_tree(data, prefix=f"{source}: ", error=GcsError, limits=limits, any_text=True)
    return _read(data, source, field, limits)


def _read(data: object, source: str, field: str, limits: Limits) -> GcsCharacter:
    if not isinstance(data, Mapping):
        raise GcsError(field, source, "a GCS character file, whose top level is a JSON object")
    version = data.get("version", MISSING)
    if version != FORMAT_VERSION or isinstance(version, bool):
        newer = isinstance(version, int) and not isinstance(version, bool) and version > 5
        raise GcsError(f"{source}: version", version, _VERSION_NEWER if newer else _VERSION_ALLOWED)
    try:
        f = GcsFileData.model_validate(dict(data))
    except ValidationError as exc:
        e = from_validation_error(exc, error=GcsError, model=GcsFileData)
        raise GcsError(f"{source}: {e.field}", e.value, e.allowed) from None
    hp, st, ht = (_attribute(f.attributes, a, source) for a in ("hp", "st", "ht"))
    warnings: list[Caution] = []
    if hp == 0:  # GCS writes it (a Specter): read as it is, and said (the target's step says more)
        warnings.append(Caution(Ruling.GU_27, HP_ZERO))
    body = read_body(f.settings.body_type, f"{source}: settings.body_type", warnings,
                     limits=limits)
    warnings.extend(_dr_kind_warnings(body))
    # what a shot does not need never refuses the file: a value of another shape is left out,
    # at a cost per value, so every value is counted first (5 million numbers fit in 16 MB)
    _count_values(data, field, limits)
    sheet, unread = read_leniently(SheetData, data)
    check_texts(sheet, source, limits)
    traits = read_traits(sheet.traits, sheet.equipment)
    warnings.extend(traits.warnings)
    warnings.extend(unread_warnings(sheet, unread, traits))
    return GcsCharacter(
        name=printable(sheet.profile.name.strip()) or _stem(source),
        hp=hp,
        st=st,
        ht=ht,
        body=body,
        injury_tolerance=traits.injury_tolerance,
        hardened=traits.hardened,
        perfect_balance=traits.perfect_balance,
        pain_threshold=traits.pain_threshold,
        vulnerabilities=tuple(
            Vulnerability(v.multiplier, printable(v.against)) for v in traits.vulnerabilities),
        warnings=bounded(warnings),
        tail_is_limb=traits.tail_is_limb,
        hard_to_kill=traits.hard_to_kill,
        hard_to_subdue=traits.hard_to_subdue,
        easy_to_kill=traits.easy_to_kill,
        fitness=traits.fitness,
        source=source,
        weapons=read_weapons(data, limits),
        dodge=_dodge(data),
    )


class _DodgeCalc(BaseModel):
    model_config = ConfigDict(extra="ignore")
    dodge: list[StrictInt] = Field(default_factory=list)


class _DodgeData(BaseModel):
    model_config = ConfigDict(extra="ignore")
    calc: _DodgeCalc = Field(default_factory=_DodgeCalc)


def _dodge(data: Mapping[str, object]) -> int | None:
    """GCS's Dodge with no encumbrance (``calc.dodge[0]``, GU-24), read leniently: None when the
    file gives none of that shape."""
    read, _ = read_leniently(_DodgeData, data)
    return read.calc.dodge[0] if read.calc.dodge else None


def _count_values(data: object, field: str, limits: Limits) -> None:
    """Refuse a file of more values of any kind than ``max_gcs_values``, counting no further."""
    most = limits.max_gcs_values
    stack = [data]
    seen = 0
    while stack:
        value = stack.pop()
        seen += 1
        if seen > most:
            raise LimitError(field, f"more than {most:,} values",
                             f"at most {most:,} values (max_gcs_values); "
                             + limits.how_to_raise("max_gcs_values"))
        if isinstance(value, Mapping):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


MAX_WARNINGS = 50  # a file's warnings shown; the rest are counted in one more
MAX_WARNING_CHARS = 600  # a warning quotes names of at most max_text_chars: it is cut beyond this


def bounded(warnings: Sequence[Caution]) -> tuple[Caution, ...]:
    """The warnings as shown: each once, escaped (what a file says may reach a terminal), cut to
    :data:`MAX_WARNING_CHARS`, at most :data:`MAX_WARNINGS` of them and one that counts the rest,
    so that what a file can make armourpen say is bounded whatever it holds."""
    shown: dict[Caution, None] = {}
    more: set[Caution] = set()
    for w in warnings:
        text = printable(w.text)
        if len(text) > MAX_WARNING_CHARS:
            text = text[: MAX_WARNING_CHARS - 30] + f"... ({len(text):,} characters)"
        c = Caution(w.rule, text)
        if c not in shown and len(shown) < MAX_WARNINGS:
            shown[c] = None
        elif c not in shown:
            more.add(c)
    if more:
        shown[Caution(Ruling.GU_14, f"and {len(more):,} more warnings about this file, not shown")] = None
    return tuple(shown)


HP_ZERO = ("HP 0 in the file: every multiple of HP is 0 (GU-26, GU-27), so any injury of 1 or "
           "more is a major wound and cripples the limb, extremity or eye it hits (GU-10, GU-12), "
           "its body adds no HP to its cover DR (GU-6), and by GU-27 it kills")


def _stem(source: str) -> str:
    stem = Path(source).stem if source and not source.startswith("(") else ""
    return printable(stem) or "(unnamed)"


_LOWEST = {"hp": 0, "st": 0, "ht": 0}  # GCS writes HP 0 (a Specter); see gcs.target


def _attribute(attributes: Sequence[object], attr_id: str, source: str) -> int:
    """The whole ``calc.value`` of the first attribute ``attr_id``; no other entry is looked at."""
    for i, raw in enumerate(attributes):
        if not isinstance(raw, Mapping) or raw.get("attr_id") != attr_id:
            continue
        try:
            a = AttributeData.model_validate(dict(raw))
        except ValidationError as exc:
            e = from_validation_error(exc, error=GcsError, model=AttributeData)
            raise GcsError(f"{source}: attributes[{i}].{e.field}", e.value, e.allowed) from None
        if a.calc is None:
            raise GcsError(f"{source}: attributes[{i}].calc", MISSING,
                           f"the {attr_id} attribute needs its computed value (calc.value)")
        value = a.calc.value
        low = _LOWEST[attr_id]
        if value != int(value) or not low <= value < 2**63:
            # as a scenario's hp and st are (a float may be whole yet of 301 digits: 1e300)
            raise GcsError(f"{source}: attributes[{i}].calc.value", value,
                           f"allowed: a whole number from {low} to 2**63 - 1 ({attr_id})")
        return int(value)
    raise GcsError(f"{source}: attributes", f"(no {attr_id})",
                   f"the file must give the {attr_id} attribute (attr_id \"{attr_id}\")")


def _dr_kind_warnings(body: GcsBody) -> list[Caution]:
    """One warning per location whose DR is below 0, and per ``calc.dr`` kind that names no
    damage type or is broadened to one."""
    where: dict[str, list[str]] = {}
    for loc in body.all_locations():
        for kind, _ in loc.dr:
            if kind != ALL:
                names = where.setdefault(kind, [])
                if loc.table_name not in names:
                    names.append(loc.table_name)
    out: list[Caution] = []
    for loc in body.all_locations():
        below = [f"{total} against {kind}" for kind, total in
                 ((ALL, loc.dr_all), *loc.dr_by_kind.items()) if total < 0]
        if below:
            out.append(Caution(
                Ruling.GU_3, f"{loc.table_name}: DR {', '.join(below)} in the file is below 0 (a "
                "negative DR bonus); armourpen reads it as 0",
            ))
    for kind, names in where.items():
        at = ", ".join(names)
        if not damage_types(kind):
            out.append(Caution(
                Ruling.GU_3, f"DR against {kind!r} ({at}) names no damage type of the notation; "
                "armourpen never applies it",
            ))
        elif kind_key(kind) in BROADENED:
            out.append(Caution(
                Ruling.GU_3, f"DR against {kind!r} ({at}): armourpen applies it against "
                f"{BROADENED[kind_key(kind)]} (it cannot tell what the attack is made of)",
            ))
    return out
