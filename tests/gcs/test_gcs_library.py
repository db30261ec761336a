"""The public GCS master library: 591 character files (MPL-2.0, its licence inside the archive),
kept beside the repository as ``../shared/gcs-library.tar.xz`` and extracted to a temporary folder
(never into the repository).

Every file loads as a GURPS target (as ``armourpen gcs show`` reads it); every weapon whose damage
is plain Basic Set notation (GU-1) becomes an attack with the sheet's damage and skill (as
``gcs show --weapons`` lists it and a scenario takes it); every other weapon that cannot be used
says why in one AP-2 line, and resolve refuses it with that line. The counts by reason are printed
(``pytest -s``) and recorded in docs/gcs.md.
"""

from __future__ import annotations

import os
import re
import tarfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import armourpen
from armourpen.errors import InputError
from armourpen.gcs import GcsCharacter, weapon_uses
from armourpen.gcs.uses import WeaponUse
from armourpen.gurps.model import GurpsAttack

LIBRARY = Path(__file__).resolve().parents[2].parent / "shared" / "gcs-library.tar.xz"
"""The archive, in the project's shared folder beside the repository (../shared), as
tests/test_rulings.py finds ../shared/RULINGS.md."""

FILES = 591  # the .gcs files the archive holds (its listing: tar tJf ... | grep -c '\.gcs$')

# GU-1's notation, written from the ruling: Nd[+A|-A][xM][(D)] type [tbb], D one of the divisors it
# lists, the type one of its eleven
_GU1 = re.compile(
    r"(?P<dice>[0-9]+)d(?P<adds>[+-][0-9]+)?(?:x(?P<mult>[0-9]+))?"
    r"(?:\((?P<div>2|3|5|10|100|0\.5|0\.2|0\.1|∞|inf|-1)\))?"
    r" (?P<type>pi-|pi\+\+|pi\+|pi|imp|cut|cr|burn|cor|tox|fat)(?P<tbb> tbb)?"
)
# a value for each key beside gcs that a weapon may need (any the key allows would do)
_GIVEN: dict[str, Any] = {"skill": 12, "shots": 3, "rcl": 2}


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not LIBRARY.is_file():
        # CI lays shared/ beside its clone and sets CI=true: there a missing archive is a failure
        if os.environ.get("CI") == "true":
            pytest.fail(f"{LIBRARY} is absent under CI=true: CI must lay ../shared beside the clone")
        pytest.skip(f"{LIBRARY} is absent: the GCS library lives beside the repository, in ../shared")
    folder = tmp_path_factory.mktemp("gcs-library")
    with tarfile.open(LIBRARY, "r:xz") as tar:
        members = [m for m in tar.getmembers() if m.isfile() and m.name.endswith(".gcs")]
        tar.extractall(folder, members=members, filter="data")
    return folder


def _scenario(sheet: GcsCharacter, use: WeaponUse) -> dict[str, Any]:
    """A scenario whose attack is the weapon (found by its id, with what it needs beside gcs)."""
    w = use.weapon
    explosive = w.parsed is not None and w.parsed.explosive
    return {
        "rules": "gurps",
        "attack": {"gcs": sheet, "weapon": w.id, **({"usage": w.usage} if w.usage else {}),
                   **{n.key: _GIVEN[n.key] for n in use.needs}},
        "line": [{"target": "T", "hp": 10, **({"distance": 2} if explosive else {})}],
    }


def _reason(use: WeaponUse) -> str:
    if use.usable:
        return "an attack" if not use.needs else \
            f"an attack with {', '.join(n.key for n in use.needs)} beside gcs"
    problem = use.problem or ""
    for words, reason in (("no rule behind it", "damage with no rule behind it (GU-1)"),
                          ("disabled", "of a disabled trait"),
                          ("fragments", "fragments without an explosion (GU-22)")):
        if words in problem:
            return reason
    return problem


def test_gu1_every_library_file_loads_and_every_plain_weapon_is_an_attack(library: Path) -> None:
    paths = sorted(library.rglob("*.gcs"))
    assert len(paths) == FILES
    counts: Counter[str] = Counter()
    for path in paths:
        sheet = armourpen.load_gcs(path)  # none is refused: a refusal fails the test, naming it
        counts["files loaded"] += 1
        if sheet.hp == 0:
            counts["files with HP 0"] += 1
        for use in weapon_uses(sheet):
            counts[_reason(use)] += 1
            _check(sheet, use, path)
    print(f"\n{LIBRARY.name}: " + ", ".join(f"{k}: {n}" for k, n in sorted(counts.items())))
    assert counts["files loaded"] == FILES


def _check(sheet: GcsCharacter, use: WeaponUse, path: Path) -> None:
    w = use.weapon
    where = f"{path.name}: {w.label} [{w.id}] {w.damage!r}"
    plain = _GU1.fullmatch(w.damage)
    if plain is not None and not w.disabled:
        # plain notation: an attack, asking beside gcs only for what the sheet gives in no rule's
        # terms (a skill where GCS wrote no calc.level)
        assert use.usable, f"{where}: {use.problem}"
        assert ("skill" in [n.key for n in use.needs]) == (w.skill is None), where
        scenario = armourpen.load_scenario(_scenario(sheet, use))
        armourpen.resolve(scenario, seed=1)  # a burst rolls its shots: by seed
        attack = scenario.attack
        assert isinstance(attack, GurpsAttack)
        d = attack.damage
        assert d.dice == int(plain["dice"]) and d.adds == int(plain["adds"] or 0), where
        assert d.multiplier == int(plain["mult"] or 1) and d.type.value == plain["type"], where
        assert d.tbb == bool(plain["tbb"]), where
        assert attack.skill == (w.skill if w.skill is not None else _GIVEN["skill"]), where
        return
    if use.usable:
        armourpen.resolve(armourpen.load_scenario(_scenario(sheet, use)), seed=1)
        return
    # not an attack: one AP-2 line says why, and resolve refuses the weapon with it
    assert use.problem and "\n" not in use.problem and use.problem.isprintable(), where
    with pytest.raises(InputError) as info:
        armourpen.load_scenario(_scenario(sheet, use))
    text = str(info.value)
    assert use.problem in text and "\n" not in text and text.isprintable(), where
