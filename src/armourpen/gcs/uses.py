"""What each weapon of a GCS sheet becomes: an attack, an attack once a key is written beside
``gcs``, or a refusal with why (issue 23).

:func:`weapon_uses` reads every weapon as an attack naming only it (``attack = { gcs = ...,
weapon = ... }``), through the very reading a scenario's attack takes, so that what ``gcs show
--weapons`` and ``/api/gcs?weapons=true`` say of a weapon is what resolve does with it. A figure
the roll needs and the sheet gives in no rule's terms (no ``calc.level``, a RoF of ``1/3``, a
burst without a Rcl) is a :class:`Need`: the key beside ``gcs`` that supplies it; the reading goes
on with a stand-in for it, to find every key the weapon needs. What a line of fire must hold for
the attack (an explosion's distances) is the line's: not judged here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armourpen.errors import InputError
from armourpen.gcs.model import GcsCharacter
from armourpen.gcs.scenario import SheetRefusal, read_weapon, source_of
from armourpen.gcs.weapons import GcsWeapon
from armourpen.gurps.scenario import ReadWeapon, read_attack
from armourpen.gurps.schema import GcsAttackEntry

# what stands in for a key beside gcs while the reading looks for the next one the weapon needs:
# any value the key allows leads the reading the same way
_STAND_INS: dict[str, Any] = {"skill": 10, "shots": 1, "rcl": 1}


@dataclass(frozen=True, slots=True)
class Need:
    """A key to write beside ``gcs`` (``skill``, ``shots``, ``rcl``), and why the sheet's figure
    will not do: ``note`` is the sentence a listing shows after the weapon's label."""

    key: str
    note: str


@dataclass(frozen=True, slots=True)
class WeaponUse:
    """What resolve makes of one weapon from nothing but the sheet: an attack (``usable``, no
    ``needs``), an attack once each of ``needs`` is given beside gcs, or none (``problem``: why,
    whatever skill, shots or rcl are given)."""

    weapon: GcsWeapon
    needs: tuple[Need, ...] = ()
    problem: str | None = None

    @property
    def usable(self) -> bool:
        return self.problem is None

    @property
    def verdict(self) -> str:
        """``yes``, ``with skill`` (``with shots, rcl``...) or ``no``: the listing's column."""
        if not self.usable:
            return "no"
        return "with " + ", ".join(n.key for n in self.needs) if self.needs else "yes"

    def to_dict(self) -> dict[str, Any]:
        return {**self.weapon.to_dict(), "usable": self.usable,
                "needs": [n.key for n in self.needs], "notes": [n.note for n in self.needs],
                "problem": self.problem}


def weapon_uses(character: GcsCharacter) -> tuple[WeaponUse, ...]:
    """What each weapon of ``character`` becomes (see the module), in the sheet's order."""
    source = source_of(character)
    return tuple(_use(character, w, source) for w in character.weapons)


def _use(character: GcsCharacter, w: GcsWeapon, source: str) -> WeaponUse:
    given: dict[str, Any] = {}
    needs: list[Need] = []

    def this_weapon(entry: GcsAttackEntry) -> ReadWeapon:  # a scenario's reading, w found
        return read_weapon(entry, w, source)

    # one more key each time round, of three: the loop ends
    while True:
        try:
            # the name is not looked up (this_weapon is the weapon): any the entry allows
            read_attack({"gcs": character, "weapon": "this weapon", **given}, this_weapon)
        except SheetRefusal as exc:
            if exc.key is None or exc.key in given:
                return WeaponUse(w, tuple(needs), exc.why)
            needs.append(Need(exc.key, f"{w.label} {exc.why}; give {exc.key} beside gcs"))
            given[exc.key] = _STAND_INS[exc.key]
        except InputError as exc:  # what the rules refuse in the attack the sheet gives
            return WeaponUse(w, tuple(needs), str(exc))
        else:
            return WeaponUse(w, tuple(needs))
