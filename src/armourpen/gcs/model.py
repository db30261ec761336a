"""The values a GCS character file gives a GURPS target: a character, its body type, its locations.

They are read from the file's computed (``calc``) fields as GCS wrote them, never recomputed; their
``to_dict()`` is the JSON of ``armourpen gcs show --json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armourpen.explain import Caution
from armourpen.gcs.weapons import GcsWeapon
from armourpen.gurps.choices import INJURY_TOLERANCES
from armourpen.gurps.damage import InjuryTolerance
from armourpen.gurps.pain import PainThreshold

# The kinds of Injury Tolerance, in the order (and with the keys) of the GURPS scenario keys.
INJURY_TOLERANCE_KINDS = tuple(k for k in INJURY_TOLERANCES if k != InjuryTolerance.NONE)
ALL = "all"  # the key of calc.dr that counts against every attack; other keys add to it


@dataclass(frozen=True, slots=True)
class Dice:
    """A body type's location roll, ``NdS+A`` (GCS writes ``3d`` for 3d6)."""

    count: int
    sides: int = 6
    add: int = 0

    @property
    def low(self) -> int:
        return self.count + self.add

    @property
    def high(self) -> int:
        return self.count * self.sides + self.add

    def weights(self) -> tuple[int, ...]:
        """The number of ways to roll each total from :attr:`low` to :attr:`high` (exact)."""
        counts = [1]
        for _ in range(self.count):
            # each total sums a window of the last counts: running sums, not a sum per total
            running = [0]
            for c in counts:
                running.append(running[-1] + c)
            counts = [
                running[min(k + 1, len(counts))] - running[max(0, k - self.sides + 1)]
                for k in range(len(counts) + self.sides - 1)
            ]
        return tuple(counts)

    def __str__(self) -> str:
        sides = "" if self.sides == 6 else str(self.sides)
        add = f"{self.add:+d}" if self.add else ""
        return f"{self.count}d{sides}{add}"


@dataclass(frozen=True, slots=True)
class GcsLocation:
    """One row of a body type's hit location table.

    ``rolls`` is the range of the table's roll that hits it (``None``: on no random table, as GCS
    writes ``-`` for the eye and the vitals); ``dr`` is the file's ``calc.dr``: ``all`` and any
    per-kind keys, each of which GCS adds to ``all`` against that kind of attack.
    """

    id: str
    table_name: str
    rolls: tuple[int, int] | None
    dr: tuple[tuple[str, int], ...] = ((ALL, 0),)
    sub_table: GcsBody | None = None
    natural_dr: int = 0  # the location's own DR (the skull's 2), which ``dr`` already holds

    @property
    def roll(self) -> str | None:
        """The roll range as the table prints it (``3-4``, ``5``), or None."""
        if self.rolls is None:
            return None
        low, high = self.rolls
        return str(low) if low == high else f"{low}-{high}"

    @property
    def dr_all(self) -> int:
        """The DR against every attack."""
        return dict(self.dr).get(ALL, 0)

    @property
    def dr_by_kind(self) -> dict[str, int]:
        """The per-kind keys of ``calc.dr`` and the whole DR each gives (``all`` + the key's)."""
        return {k: self.dr_all + v for k, v in self.dr if k != ALL}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "table_name": self.table_name,
            "roll": self.roll,
            "dr": dict(self.dr),
        }
        if self.sub_table is not None:  # only where the file has one
            out["sub_table"] = self.sub_table.to_dict()
        return out


@dataclass(frozen=True, slots=True)
class GcsBody:
    """A body type: its name, its location roll (``3d``) and its hit location table.

    ``table`` is the random table as armourpen reads it (see :mod:`armourpen.gcs.body`): for each
    run of totals ``(low, high, i)``, the index ``i`` of the location in ``locations`` that they hit;
    it covers every total of ``dice`` once, or is empty when the roll cannot be read.
    """

    name: str
    roll: str
    locations: tuple[GcsLocation, ...]
    dice: Dice | None = None
    table: tuple[tuple[int, int, int], ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        """The location ids of the table, each once, in table order."""
        return tuple(dict.fromkeys(loc.id for loc in self.locations))

    def all_locations(self) -> tuple[GcsLocation, ...]:
        """The locations, each followed by those of its sub-table, if any."""
        out: list[GcsLocation] = []
        for loc in self.locations:
            out.append(loc)
            if loc.sub_table is not None:
                out.extend(loc.sub_table.all_locations())
        return tuple(out)

    def location(self, location_id: str) -> GcsLocation | None:
        """The first location with that id (GCS gives each location's DR by its id)."""
        return next((loc for loc in self.locations if loc.id == location_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "roll": self.roll,
            "locations": [loc.to_dict() for loc in self.locations],
        }


@dataclass(frozen=True, slots=True)
class Vulnerability:
    """Vulnerability (Basic Set p. 161): the wounding multiplier and the attacks it is against.

    ``multiplier`` is None when the file does not say it (no ``Wounding xN`` modifier).
    """

    multiplier: int | None
    against: str

    def to_dict(self) -> dict[str, Any]:
        return {"multiplier": self.multiplier, "against": self.against}


@dataclass(frozen=True, slots=True)
class GcsCharacter:
    """What a GCS character file says about a GURPS target.

    ``source`` names the file (not part of ``to_dict()``). ``warnings`` list what the file holds that
    armourpen does not model or reads in a documented way, each with the ruling it concerns.
    ``tail_is_limb`` (not part of ``to_dict()`` either) says that an Extra Arm or Striker trait
    names the tail, which is then crippled as a limb. ``weapons`` are the file's weapons
    (:mod:`armourpen.gcs.weapons`), shown by ``armourpen gcs show --weapons``.
    """

    name: str
    hp: int
    st: int
    ht: int
    body: GcsBody
    injury_tolerance: tuple[str, ...] = ()
    hardened: int = 0
    perfect_balance: bool = False
    vulnerabilities: tuple[Vulnerability, ...] = ()
    warnings: tuple[Caution, ...] = field(default=())
    pain_threshold: PainThreshold = PainThreshold.NORMAL  # High or Low Pain Threshold (GU-11)
    tail_is_limb: bool = False  # an Extra Arm or Striker on the tail (Basic Set p. 552)
    hard_to_kill: int = 0  # GU-27: the sheet's traits that change the HT rolls (not in to_dict)
    hard_to_subdue: int = 0
    easy_to_kill: int = 0
    fitness: int = 0
    source: str = field(default="", compare=False)
    weapons: tuple[GcsWeapon, ...] = ()
    dodge: int | None = None  # GU-24: GCS's calc.dodge unencumbered (not in to_dict)

    def defenses(self) -> dict[str, int]:
        """GU-24: the sheet's Dodge, its best Parry and its best Block, as GCS computed them
        (the shield's DB included), by kind; a kind the sheet gives none of is left out."""
        out: dict[str, int] = {} if self.dodge is None else {"dodge": self.dodge}
        for kind in ("parry", "block"):
            levels = [getattr(w, kind) for w in self.weapons if getattr(w, kind) is not None]
            if levels:
                out[kind] = max(levels)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hp": self.hp,
            "st": self.st,
            "ht": self.ht,
            "body": self.body.to_dict(),
            "injury_tolerance": list(self.injury_tolerance),
            "hardened": self.hardened,
            "perfect_balance": self.perfect_balance,
            "pain_threshold": self.pain_threshold.value,
            "vulnerabilities": [v.to_dict() for v in self.vulnerabilities],
            "warnings": [w.to_dict() for w in self.warnings],
        }
