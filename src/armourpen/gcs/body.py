"""GU-10 for GCS files: a body type's hit location table and the random table it makes.

GCS gives each location a number of slots on the body's roll (``3d``) and writes the range they
make in ``calc.roll_range`` (``3-4``, ``5``, or ``-`` for a location on no random table, such as the
eye and the vitals). armourpen reads those ranges as written. Real files are not always whole:

- rolls that no location covers (the library's Ooze gives its torso only ``3-4``, its Vermiform
  stops at 16) hit the torso, the Basic Set's default for a hit that lands nowhere else; a body
  without a torso gives them to the location that covers the most rolls, and a body of one
  location (the Dungeon Fantasy Ooze's, written ``-``) to that location. A warning names them.
- a roll that two locations claim goes to the first in the file's order, with a warning;
- a range beyond the dice is cut to them, with a warning;
- a roll that is not dice (the library's Nest Scorpion, a swarm, writes ``0``) gives no table, with
  a warning; on a body of one location every hit lands there anyway (:mod:`armourpen.gcs.target`).

A location with a ``sub_table`` is rolled again on that table's own dice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import ValidationError

from armourpen.errors import GcsError, printable
from armourpen.explain import Caution, Ruling
from armourpen.gcs.model import ALL, Dice, GcsBody, GcsLocation
from armourpen.gcs.schema import BodyData
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits

# spaces taken possessively: runs side by side (the digits may be absent) would otherwise be split
# every way on text that does not match
_DICE = re.compile(r"\s*+(\d{0,3})\s*+d\s*+(\d{0,3})\s*+(?:([+-])\s*+(\d{1,3}))?\s*+",
                   re.IGNORECASE | re.ASCII)
_RANGE = re.compile(r"\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?", re.ASCII)
MAX_SUB_TABLES = 4  # GCS nests one (a hand's fingers); a deeper chain is no body GCS makes
MAX_LOCATION_DICE = 10  # GCS bodies roll 3d (sub-tables 1d or 2d); more has no table behind it


def parse_dice(text: str) -> Dice | None:
    """``3d`` -> 3d6; ``1d`` ; ``2d+1``; ``1d12``. None when it is not such dice."""
    m = _DICE.fullmatch(text)
    if m is None:
        return None
    count = int(m.group(1) or 1)
    sides = int(m.group(2) or 6)
    add = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if not 1 <= count <= MAX_LOCATION_DICE or sides < 1:
        return None
    return Dice(count, sides, add)


def parse_range(text: str, field: str) -> tuple[int, int] | None:
    """``"3-4"`` -> (3, 4); ``"5"`` -> (5, 5); ``"-"`` -> None (on no random table)."""
    if text.strip() == "-":
        return None
    m = _RANGE.fullmatch(text)
    if m is None:
        raise GcsError(field, text, 'allowed: a roll range as GCS writes it: "3-4", "5" or "-"')
    low = int(m.group(1))
    high = int(m.group(2) or low)
    if high < low:
        raise GcsError(field, text, "allowed: a roll range from low to high, e.g. \"3-4\"")
    return low, high


def _runs(totals: Sequence[int]) -> str:
    """``[5, 6, 7, 9]`` -> ``5-7, 9``."""
    parts: list[str] = []
    start = prev = totals[0]
    for t in (*totals[1:], None):
        if t is not None and t == prev + 1:
            prev = t
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if t is not None:
            start = prev = t
    return ", ".join(parts)


class _Count:
    """The locations read so far, of the body and its sub-tables, against ``max_gcs_locations``."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.seen = 0

    def add(self, n: int, where: str) -> None:
        self.seen += n
        self.limits.check("max_gcs_locations", self.seen, "hit locations", where)


def _text(value: str, field: str, limits: Limits) -> str:
    """A name the file gives (of the body, a location, a kind of DR), within max_text_chars as a
    scenario's names are."""
    limits.check("max_text_chars", len(value), "characters", field)
    return value


def read_body(
    data: BodyData, where: str, warnings: list[Caution], owner: str = "", depth: int = 0,
    *, limits: Limits = DEFAULT_LIMITS, count: _Count | None = None,
) -> GcsBody:
    """A body type (or a location's sub-table) with its random table read as the module says;
    beyond ``limits.max_gcs_locations`` locations in all, or names beyond ``max_text_chars``,
    the file is refused."""
    count = count or _Count(limits)
    count.add(len(data.locations), f"{where}.locations")
    _text(data.name, f"{where}.name", limits)
    _text(data.roll, f"{where}.roll", limits)
    title = data.name or owner or "body type"
    locations: list[GcsLocation] = []
    for i, loc in enumerate(data.locations):
        here = f"{where}.locations[{i}]"
        _text(loc.id, f"{here}.id", limits)
        rolls = parse_range(_text(loc.calc.roll_range, f"{here}.calc.roll_range", limits),
                            f"{here}.calc.roll_range")
        for kind in loc.calc.dr:
            _text(kind, f"{here}.calc.dr", limits)
        # the table's name is only shown: another shape gives the id in its place
        table_name = loc.table_name if isinstance(loc.table_name, str) and loc.table_name \
            else loc.id
        _text(table_name, f"{here}.table_name", limits)
        natural = _natural_dr(loc.dr_bonus, f"{title}, {table_name}", here, warnings)
        sub = _sub_table(loc.sub_table, f"{here}.sub_table", f"{title}, {table_name} sub-table",
                         warnings, depth + 1, count)
        dr = dict(loc.calc.dr)
        dr.setdefault(ALL, 0)  # GCS writes "all" always; a file without it has no DR against all
        ordered = ((ALL, dr.pop(ALL)), *sorted(dr.items()))
        ordered = tuple((printable(k), v) for k, v in ordered)
        locations.append(GcsLocation(
            printable(loc.id), printable(table_name), rolls, ordered, sub, natural))
    dice = parse_dice(data.roll)
    if dice is None:
        random = (f"a random hit lands on its only location, {locations[0].table_name}"
                  if len(locations) == 1 else "location = \"random\" cannot be rolled on this table")
        warnings.append(Caution(
            Ruling.GU_10, f"{title}: the roll {data.roll!r} is not dice armourpen reads (such as 3d); "
            f"{random}",
        ))
        return GcsBody(printable(data.name), printable(data.roll), tuple(locations))
    return GcsBody(printable(data.name), printable(data.roll), tuple(locations), dice,
                   _table(title, dice, locations, warnings))


def _natural_dr(value: object, name: str, where: str, warnings: list[Caution]) -> int:
    """A location's ``dr_bonus``: a whole number, else none, with a warning (a ``dr_back``
    written beside the file adds it)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    warnings.append(Caution(
        Ruling.GU_4,
        f"{name}: {where.rpartition(': ')[2]}.dr_bonus {_shown(value)} is not a whole number of "
        "DR; read as no natural DR (the file's calc.dr, which holds it, is used as written)",
    ))
    return 0


def _sub_table(
    value: object, where: str, owner: str, warnings: list[Caution], depth: int, count: _Count
) -> GcsBody | None:
    """A location's ``sub_table``, or None with a warning when it is not a body type armourpen
    reads: the location stays, hit as itself."""
    if value is None:
        return None
    try:
        if depth > MAX_SUB_TABLES:
            raise GcsError(where, "(nested)", f"at most {MAX_SUB_TABLES} sub-tables one within another")
        return read_body(BodyData.model_validate(value), where, warnings, owner, depth,
                         limits=count.limits, count=count)
    except LimitError:
        raise  # a cap: the file is refused, not read without the sub-table
    except (ValidationError, GcsError) as exc:
        why = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else exc.allowed
        warnings.append(Caution(
            Ruling.GU_10,
            f"{owner}: {where.rpartition(': ')[2]} is not a body type armourpen reads ({why}); "
            "left out, so its locations cannot be aimed at",
        ))
        return None


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fallback(
    locations: Sequence[GcsLocation], owner: dict[int, int]
) -> tuple[int, str] | None:
    """The location that takes the rolls no location covers, and how the warning reads it."""
    torso = next((i for i, loc in enumerate(locations) if loc.id == "torso"), None)
    if torso is not None:
        return torso, "torso hits, where a hit that names no location lands"
    if owner:
        counts = [sum(1 for o in owner.values() if o == i) for i in range(len(locations))]
        most = counts.index(max(counts))
        return most, (f"hits on {locations[most].table_name}, which covers the most rolls "
                      "(the body has no torso)")
    if len(locations) == 1:  # the whole body is one location (an ooze): every hit lands on it
        return 0, f"hits on {locations[0].table_name}, the body's only location"
    return None


def _table(
    title: str, dice: Dice, locations: Sequence[GcsLocation], warnings: list[Caution]
) -> tuple[tuple[int, int, int], ...]:
    owner: dict[int, int] = {}
    for i, loc in enumerate(locations):
        if loc.rolls is None:
            continue
        low, high = loc.rolls
        beyond = [t for t in range(low, high + 1) if not dice.low <= t <= dice.high]
        if beyond:
            warnings.append(Caution(
                Ruling.GU_10,
                f"{title}: {loc.table_name} {loc.roll} reaches beyond {dice} "
                f"({dice.low}-{dice.high}); rolls {_runs(beyond)} cannot happen and are ignored",
            ))
        taken: dict[int, list[int]] = {}  # the rolls of this range that an earlier one claims
        for t in range(max(low, dice.low), min(high, dice.high) + 1):
            if t in owner:
                taken.setdefault(owner[t], []).append(t)
            else:
                owner[t] = i
        for j, rolls in taken.items():  # one warning for each location it overlaps
            first = locations[j]
            said = f"roll {rolls[0]} is" if len(rolls) == 1 else f"rolls {_runs(rolls)} are"
            them = "it" if len(rolls) == 1 else "them"
            warnings.append(Caution(
                Ruling.GU_10,
                f"{title}: {said} listed for both {first.table_name} and "
                f"{loc.table_name}; the first listed, {first.table_name}, takes {them}",
            ))
    missing = [t for t in range(dice.low, dice.high + 1) if t not in owner]
    if missing:
        found = _fallback(locations, owner)
        if found is None:
            warnings.append(Caution(
                Ruling.GU_10,
                f"{title}: no location is on the random table (every roll range is \"-\"); "
                "location = \"random\" cannot be rolled on it",
            ))
            return ()
        fallback, reading = found
        warnings.append(Caution(
            Ruling.GU_10,
            f"{title}: rolls {_runs(missing)} of {dice} hit no location of the table; "
            f"armourpen reads them as {reading}",
        ))
        for t in missing:
            owner[t] = fallback
    table: list[tuple[int, int, int]] = []
    for t in range(dice.low, dice.high + 1):
        if table and table[-1][2] == owner[t] and table[-1][1] == t - 1:
            table[-1] = (table[-1][0], t, owner[t])
        else:
            table.append((t, t, owner[t]))
    return tuple(table)
