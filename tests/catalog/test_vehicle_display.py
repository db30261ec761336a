"""Vehicles in the catalog show each face in the text's notation, and disagreeing figures (PA-10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armourpen.catalog import Catalog
from armourpen.cli.app import main
from armourpen.penav.catalog_view import item_dict

USER_TANK = """
[[vehicle]]
name = "Test tank"
note = "made up"
[vehicle.faces.front]
thickness_mm = 60
slope = 60
stated_sav = 14
[vehicle.faces.side]
thickness_mm = 40
[vehicle.faces.rear]
thickness_mm = 30
[vehicle.faces.top]
thickness_mm = 15
slope = 90
[vehicle.faces.bottom]
thickness_mm = 10
slope = 90
"""


def test_pa10_t34_front_in_the_texts_notation(catalog: Catalog) -> None:
    # 45 mm = AV 18 (SAV 3.6); at 60 deg x2 = 90 mm = AV 40 (SAV 8)
    faces = item_dict(catalog.vehicle("T-34 (1941)"))["faces"]
    assert faces["front"]["notation"] == "SAV 8 (3.6) 60°"


def test_pa10_disagreeing_stated_sav_is_reported(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tank.toml"
    path.write_text(USER_TANK)
    data = item_dict(Catalog.load([path], user_dir=False).vehicle("Test tank"))
    (warning,) = data["warnings"]
    assert warning["rule"] == "PA-10"
    assert "SAV 14" in warning["text"] and "SAV 12" in warning["text"]  # 60 mm at 60 deg: SAV 12
    with pytest.raises(SystemExit) as info:
        main(["catalog", "show", "Test tank", "--catalog", str(path), "--json"])
    assert info.value.code == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["faces"]["front"]["notation"] == "SAV 12 (5) 60°"
    assert shown["warnings"] == [warning]
