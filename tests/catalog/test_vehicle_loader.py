"""The vehicle format (PA-10): faces with actual thickness or SAV, slope, composite, stated SAV."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from armourpen.catalog import Catalog
from armourpen.errors import CatalogError
from armourpen.penav.catalog_view import item_dict

FIXTURE = Path(__file__).parent / "fixtures" / "vehicles_fixture.toml"


def test_pa10_vehicle_fixture_loads_exactly() -> None:
    cat = Catalog.load([FIXTURE], user_dir=False)
    tank = cat.vehicle("tt")
    assert tank.name == "Test tank" and tank.note == "fixture"
    front = tank.faces["front"]
    # 52.5 must stay exact: 105/2, and 6.8 = 34/5 (PA-11's example, 45 mm at 52.5 deg).
    assert (front.thickness_mm, front.slope, front.stated_sav) == (Fraction(45),
                                                                    Fraction(105, 2),
                                                                    Fraction(34, 5))
    assert front.composite is False and front.sav is None
    side = tank.faces["side"]
    assert (side.sav, side.thickness_mm, side.slope) == (Fraction(26, 5), None, Fraction(0))
    assert tank.faces["turret_front"].composite is True
    assert tank.faces["top"].slope == 90


def test_vehicle_faces_are_read_only() -> None:
    tank = Catalog.load([FIXTURE], user_dir=False).vehicle("Test tank")
    with pytest.raises(TypeError):
        tank.faces["rear"] = tank.faces["front"]  # type: ignore[index]


def test_vehicle_as_json_data() -> None:
    d = item_dict(Catalog.load([FIXTURE], user_dir=False).vehicle("Test tank"))
    # 45 mm = AV 18 (SAV 3.6); at 52.5 deg x1.75 = 78.75 mm = AV 34 (SAV 6.8), PA-11's example
    assert d["faces"]["front"] == {"thickness_mm": 45, "slope": 52.5, "composite": False,
                                   "stated_sav": 6.8, "notation": "SAV 6.8 (3.6) 52.5°"}
    assert d["faces"]["side"]["sav"] == 5.2


@pytest.mark.parametrize(
    ("face", "field", "allowed"),
    [
        ("[vehicle.faces.nose]\nsav = 3\n", "faces.nose", "turret_front, turret_side"),
        ("[vehicle.faces.front]\nsav = 3\nthickness_mm = 40\n", "faces.front", "not"),
        ("[vehicle.faces.front]\nslope = 10\n", "faces.front", "give `thickness_mm` or `sav`"),
        ("[vehicle.faces.front]\nthickness_mm = 40\nslope = 91\n", "faces.front.slope", "0 to 90"),
        ("[vehicle.faces.front]\nthickness_mm = -4\n", "faces.front.thickness_mm",
         "mm of RHA, 1 to 8200"),
        ("[vehicle.faces.front]\nthickness_mm = 40\nangle = 3\n", "faces.front.angle",
         "the keys allowed here: thickness_mm, sav, slope, composite, stated_sav"),
    ],
)
def test_ap2_malformed_vehicle(tmp_path: Path, face: str, field: str, allowed: str) -> None:
    path = tmp_path / "v.toml"
    path.write_text('[[vehicle]]\nname = "Bad"\n' + face, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    assert field in info.value.field and str(path) in info.value.field
    assert allowed in str(info.value)


def test_vehicle_needs_a_face(tmp_path: Path) -> None:
    path = tmp_path / "v.toml"
    path.write_text('[[vehicle]]\nname = "Empty"\nfaces = {}\n', encoding="utf-8")
    with pytest.raises(CatalogError, match="faces"):
        Catalog.load([path], user_dir=False)
