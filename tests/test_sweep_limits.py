"""Sweeps estimate their grid first and refuse it beyond the cap; any number of ammunition types."""

from __future__ import annotations

from pathlib import Path

import pytest

import armourpen
from armourpen.catalog import Catalog
from armourpen.limits import LimitError, Limits


def test_a_sweep_beyond_the_cell_cap_is_refused_up_front() -> None:
    attacks = ["9mm Parabellum pistol", "7.62x51mm NATO"]
    defences = ["NIJ Type III", "NIJ Type IIIA", "PASGT vest"]
    # 2 attacks x 3 defences x 11 bands x 2 directions = 132 cells
    armourpen.sweep(attacks, defences, directions=["front", "above"],
                    limits=Limits(max_sweep_cells=132))
    with pytest.raises(LimitError) as info:
        armourpen.sweep(attacks, defences, directions=["front", "above"],
                        limits=Limits(max_sweep_cells=131))
    assert info.value.field == "sweep" and "ARMOURPEN_MAX_SWEEP_CELLS" in info.value.allowed


def test_pa6_a_sweep_of_more_ammunition_types_than_a_byte_holds(tmp_path: Path) -> None:
    lines = []
    for i in range(140):
        lines += [f'[[ammo]]\nname = "load {i}"\npen_mod = {i % 3}\n',
                  f'[[attack]]\nname = "gun {i}"\npen = 5\nrange_column = "none"\n'
                  f'ammo = "load {i}"\n']
    path = tmp_path / "many.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    catalog = Catalog.load([path], user_dir=False)
    res = armourpen.sweep([f"gun {i}" for i in range(140)], ["NIJ Type III"], bands=["short"],
                          catalog=catalog)
    rows = res.rows()
    # gun 139 fires load 139: PEN 5 + 139 % 3 = 6 against NIJ Type III's AV 6 (PA-2: PEN = AV)
    last = [r for r in rows if r["attack"] == "gun 139"]
    assert last[0]["ammo"] == "load 139" and last[0]["pen"] == 6


def test_pa7_a_defence_of_thousands_of_layers_is_read_part_by_part() -> None:
    from armourpen.penav.defences import Defence
    from armourpen.penav.direction import Direction

    catalog = Catalog.builtin()
    defence = Defence.parse(" + ".join(["NIJ Type III"] * 3000), catalog)
    assert len(defence.layers) == 3000
    # PA-7: the highest AV (6) + 1 for each of the 2999 further layers of AV 1 or more
    assert defence.av(Direction.FRONT) == 6 + 2999


def test_catalog_find_is_a_plain_lookup() -> None:
    catalog = Catalog.builtin()
    found = catalog.find("nij type iii")
    assert found is not None and found.name == "NIJ Type III"
    assert catalog.find("NIJ Type III", "cover") is None
    assert catalog.find("no such thing") is None and catalog.find("x" * 100_000) is None
