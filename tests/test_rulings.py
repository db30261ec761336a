"""One list of ruling ids (armourpen.explain.Ruling), held to RULINGS.md, and cited by every step."""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import armourpen
from armourpen.explain import Ruling

RULINGS_MD = Path(__file__).resolve().parents[1].parent / "shared" / "RULINGS.md"
"""The rulings, in the project's shared folder beside the repository (../shared/RULINGS.md)."""

EXAMPLES = sorted((Path(armourpen.__file__).parent / "examples").glob("*.toml"))


def test_the_ruling_ids_are_those_of_rulings_md_in_its_order() -> None:
    if not RULINGS_MD.is_file():
        # CI lays shared/ beside its clone and sets CI=true: there a missing file is a failure
        if os.environ.get("CI") == "true":
            pytest.fail(f"{RULINGS_MD} is absent under CI=true: CI must lay ../shared beside the clone")
        pytest.skip(f"{RULINGS_MD} is absent: the rulings live beside the repository, in ../shared")
    # each ruling is a list item that opens with its id in bold: "- **PA-7 layering.** ..."
    ids = re.findall(r"^- \*\*([A-Z]{2}-[0-9]+)\b", RULINGS_MD.read_text(encoding="utf-8"), re.M)
    assert ids, "no ruling found in RULINGS.md: its format changed"
    assert [r.value for r in Ruling] == ids


def test_the_ruling_list_has_the_three_families_numbered_from_one() -> None:
    # PA (the PEN/AV text), GU (GURPS) and AP (the program), each numbered 1, 2, 3 ... without a gap
    families: dict[str, list[int]] = {}
    for r in Ruling:
        family, number = r.value.split("-")
        families.setdefault(family, []).append(int(number))
    assert set(families) == {"PA", "GU", "AP"}
    for numbers in families.values():
        assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_step_and_warning_of_an_example_cites_a_ruling(path: Path) -> None:
    outcome = armourpen.resolve(armourpen.load_scenario(path), seed=1)
    cited = [s["rule"] for s in _records(outcome.to_dict())]
    assert cited, f"{path.name}: no step"
    known = {r.value for r in Ruling}
    # a step may cite several rulings ("PA-3, PA-5") or a ruling with a note after it
    for rule in cited:
        assert re.findall(r"[A-Z]{2}-[0-9]+", rule), rule
        assert set(re.findall(r"[A-Z]{2}-[0-9]+", rule)) <= known, rule


def _records(value: object) -> list[dict[str, str]]:
    """Every {"rule": ..., "text": ...} in an outcome's JSON."""
    if isinstance(value, dict):
        if set(value) == {"rule", "text"}:
            return [value]
        return [r for v in value.values() for r in _records(v)]
    if isinstance(value, list):
        return [r for v in value for r in _records(v)]
    return []


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_step_and_warning_of_an_example_holds_a_ruling_member(path: Path) -> None:
    # a ruling is cited by its member, not by a string that could be misspelt ("GU-4 ")
    from armourpen.explain import Caution, Step

    outcome = armourpen.resolve(armourpen.load_scenario(path), seed=1)
    found = list(_values(outcome, (Step, Caution)))
    assert found
    for value in found:
        assert type(value.rule) is Ruling, value


def _values(value: object, kinds: tuple[type, ...], depth: int = 0) -> Iterator[Any]:
    """Every value of ``kinds`` inside an outcome's dataclasses, tuples and lists."""
    if isinstance(value, kinds):
        yield value
        return
    if depth > 12 or isinstance(value, str | bytes | int | float):
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _values(getattr(value, f.name), kinds, depth + 1)
    elif isinstance(value, tuple | list):
        for v in value:
            yield from _values(v, kinds, depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _values(v, kinds, depth + 1)
