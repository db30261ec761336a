"""The vehicle catalog (PA-10): every vehicle loads, its faces are complete and sane, and renders."""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import armourpen.catalog.items
from armourpen.catalog import Catalog
from armourpen.catalog.items import Vehicle
from armourpen.penav.direction import Direction
from armourpen.penav.slope import actual_av, effective_av, notation
from armourpen.penav.vehicle import face_notations, hit_face, stated_warnings
from armourpen.values import HULL_FACES, TURRET_FACES, faces_problem

DATA = Path(armourpen.catalog.items.__file__).parent / "data" / "vehicles.toml"
NAMES = [v["name"] for v in tomllib.loads(DATA.read_text("utf-8"))["vehicle"]]


@pytest.fixture(scope="module")
def builtin() -> Catalog:
    return Catalog.builtin()


def vehicle(catalog: Catalog, name: str) -> Vehicle:
    return catalog.vehicle(name)


def test_catalog_ships_the_vehicles_asked_for() -> None:
    assert NAMES == ["T-34 (1941)", "M4A3 (75)W Sherman", "Tiger I", "Panther Ausf. G", "BMP-2",
                     "M4 Sherman (mid-production)", "Panzer IV Ausf. H", "T-34-85", "T-72B",
                     "M1 Abrams"]


COMPOSITE = {"T-72B", "M1 Abrams"}
"""The vehicles with composite faces (PA-10), whose figures are mm of RHA against kinetic rounds."""


@pytest.mark.parametrize("name", NAMES)
def test_vehicle_loads_with_every_hull_and_turret_face(builtin: Catalog, name: str) -> None:
    v = vehicle(builtin, name)
    assert faces_problem(v.faces) is None
    for face in HULL_FACES + TURRET_FACES:
        assert face in v.faces, face


UNSOURCED: dict[str, set[str]] = {}
"""The faces for which no checkable source was found, by name: each says so in its source and note.
None today: the 31 faces listed here (BMP-2 8, T-72B 7, M1 Abrams 7, Panther Ausf. G 3, Panzer IV
Ausf. H 3, T-34-85 3) name game data at a fixed commit, a secondary source each note names."""


def checkable(source: str) -> bool:
    """A source a reader can check: a URL, or a book with its page (p. 12, pp. 12-14)."""
    return (not source.startswith("none found")
            and bool(re.search(r"https?://\S", source) or re.search(r"\bpp?\. ?\d", source)))


@pytest.mark.parametrize("name", NAMES)
def test_every_face_names_a_checkable_source_but_the_listed_ones(builtin: Catalog, name: str) -> None:
    assert len(vehicle(builtin, name).note) > 80
    unsourced = UNSOURCED.get(name, set())
    assert unsourced <= set(vehicle(builtin, name).faces)
    for face, p in vehicle(builtin, name).faces.items():
        # a book whose page nobody checked is not a source a reader can check
        assert "page not checked" not in p.source, (face, p.source)
        assert checkable(p.source) == (face not in unsourced), (face, p.source)
        if face in unsourced:
            assert p.source.startswith("none found: approximate"), (face, p.source)
            assert "No checkable source was found" in p.note, (face, p.note)


def test_the_source_check_tells_a_page_from_a_book_without_one() -> None:
    assert checkable("https://example.org/t34 (45 mm)")
    assert checkable("A. Author, A Book (Publisher, 2000), p. 44")
    assert not checkable("A. Author, A Book (Publisher, 2000) (page not checked)")
    assert not checkable("none found: approximate, after a book (page unknown); see https://x.org")


def test_pa10_the_contradicted_faces_follow_the_published_figures(builtin: Catalog) -> None:
    t34 = vehicle(builtin, "T-34 (1941)").faces
    # Model 1941: armour 20-52 mm; nothing under the minimum, the cast turret's front at 52 mm
    assert min(p.thickness_mm or 0 for p in t34.values()) == 20
    assert t34["turret_front"].thickness_mm == 52
    assert vehicle(builtin, "M4A3 (75)W Sherman").faces["turret_rear"].thickness_mm == 64
    bmp = vehicle(builtin, "BMP-2").faces
    assert max(p.thickness_mm or 0 for p in bmp.values()) == 33  # the published maximum
    assert bmp["turret_front"].thickness_mm == 33


def test_pa10_faces_changed_to_their_sources_by_hand(builtin: Catalog) -> None:
    t34 = vehicle(builtin, "T-34 (1941)").faces
    # side 40 mm at 41 deg: x(1.2 + 0.3 x 11/15) = x1.42 = 56.8 mm, between 55 (AV 20) and 60 (AV 25):
    # 20 + 1.8 = 21.8 -> AV 21 (SAV 4.2), as at 40 deg
    assert (t34["side"].thickness_mm, t34["side"].slope) == (Fraction(40), Fraction(41))
    assert effective_av(t34["side"]).value == 21
    # turret side 52 mm at 30 deg: x1.2 = 62.4 mm -> AV 25 + 2.4/10 x 5 = 26.2 -> 26 (was 45 mm: 19)
    assert effective_av(t34["turret_side"]).value == 26
    # turret rear 30 mm at 30 deg: x1.2 = 36 mm -> AV 16 + 1/5 = 16.2 -> 16 (was 40 mm: 21)
    assert effective_av(t34["turret_rear"]).value == 16
    # 0.5 in = 12.7 mm of belly: between 12.5 (AV 9) and 15 (AV 10): 9.08 -> AV 9
    for name in ("M4A3 (75)W Sherman", "M4 Sherman (mid-production)"):
        assert vehicle(builtin, name).faces["bottom"].thickness_mm == Fraction(127, 10)
        assert actual_av(vehicle(builtin, name).faces["bottom"]).value == 9
    # the mid-production M4's roof, 0.75 in = 19 mm: 17.5 (AV 11) to 20 (AV 12): 11.6 -> AV 11
    assert actual_av(vehicle(builtin, "M4 Sherman (mid-production)").faces["top"]).value == 11
    # the Panther's belly, 17 mm: 15 (AV 10) to 17.5 (AV 11): 10.8 -> AV 10
    assert actual_av(vehicle(builtin, "Panther Ausf. G").faces["bottom"]).value == 10


def test_pa10_faces_that_game_data_contradicted_follow_it(builtin: Catalog) -> None:
    bmp = vehicle(builtin, "BMP-2").faces
    # the lower front plate, 15 mm at 57 deg: x(1.5 + 0.5 x 12/15) = x1.9 = 28.5 mm, between
    # 25 (AV 14) and 30 (AV 15): 14.7 -> AV 14 (it was 19 mm: 36.1 mm, AV 16)
    assert (bmp["front"].thickness_mm, bmp["front"].slope) == (Fraction(15), Fraction(57))
    assert effective_av(bmp["front"]).value == 14
    assert [bmp[f].thickness_mm for f in ("side", "top", "bottom", "turret_side")] == [13, 5, 8, 16]
    t72 = vehicle(builtin, "T-72B").faces
    # the cast turret's side, 157 mm, vertical: 150 (AV 80) to 175 (AV 90): 82.8 -> AV 82
    assert t72["turret_side"].thickness_mm == 157 and not t72["turret_side"].composite
    assert effective_av(t72["turret_side"]).value == 82
    assert (t72["top"].thickness_mm, t72["turret_rear"].thickness_mm) == (Fraction(30), Fraction(90))
    m1 = vehicle(builtin, "M1 Abrams").faces
    # the bustle's rear, 0.5 in = 12.7 mm: 12.5 (AV 9) to 15 (AV 10): 9.08 -> AV 9 (was 50 mm, AV 19)
    assert m1["turret_rear"].thickness_mm == Fraction(127, 10)
    assert effective_av(m1["turret_rear"]).value == 9
    assert [m1[f].thickness_mm for f in ("side", "rear", "top", "bottom", "turret_top")] == [
        35, Fraction(3175, 100), Fraction(3175, 100), Fraction(127, 10), Fraction(254, 10)]
    # the Panzer IV H's turret roof, 25 mm: AV 14 (was 16 mm: AV 10)
    assert actual_av(vehicle(builtin, "Panzer IV Ausf. H").faces["turret_top"]).value == 14
    # the M4A3's turret side as its source gives it, 50 mm (was 51)
    assert vehicle(builtin, "M4A3 (75)W Sherman").faces["turret_side"].thickness_mm == 50


def test_pa10_the_panther_g_glacis_cites_an_ausf_g_source(builtin: Catalog) -> None:
    front = vehicle(builtin, "Panther Ausf. G").faces["front"]
    assert "Panther_II" not in front.source and "ausf_g_panther" in front.source


def test_pa10_the_mid_production_m4_has_the_56_degree_glacis(builtin: Catalog) -> None:
    front = vehicle(builtin, "M4 Sherman (mid-production)").faces["front"]
    assert (front.thickness_mm, front.slope, front.composite) == (Fraction(51), Fraction(56), False)


@pytest.mark.parametrize("name", sorted(COMPOSITE))
def test_pa10_composite_faces_give_the_kinetic_figure_and_say_the_shaped_charge_one(
        builtin: Catalog, name: str) -> None:
    faces = vehicle(builtin, name).faces
    for face in ("front", "turret_front"):
        p = faces[face]
        assert p.composite, face
        assert "shaped charges" in p.note and "kinetic" in p.note, face
        # composite: the slope multiplies nothing, so effective and actual AV agree (PA-10)
        assert effective_av(p).value == actual_av(p).value


@pytest.mark.parametrize("name", NAMES)
def test_vehicle_faces_have_sane_numbers(builtin: Catalog, name: str) -> None:
    v = vehicle(builtin, name)
    for face, p in v.faces.items():
        assert p.thickness_mm is not None and p.sav is None, face
        # cast steel reaches 157 mm (the T-72B's turret side)
        assert 5 <= p.thickness_mm <= (600 if p.composite else 160), face
        assert 0 <= p.slope <= 90, face
        assert not p.composite or name in COMPOSITE, face
    # roofs and bellies are flat and thinner than the front
    for face in ("top", "bottom", "turret_top"):
        assert v.faces[face].slope == 90
        thickness = v.faces[face].thickness_mm
        assert thickness is not None
        assert thickness < (v.faces["front"].thickness_mm or 0)
    # the front is at least as strong against a level shot as the side and rear
    front = effective_av(v.faces["front"]).value
    assert front >= effective_av(v.faces["side"]).value
    assert front >= effective_av(v.faces["rear"]).value


@pytest.mark.parametrize("name", NAMES)
def test_vehicle_notation_renders_for_every_face(builtin: Catalog, name: str) -> None:
    pattern = re.compile(r"^SAV (\d+(\.\d+)?|—) \(\d+(\.\d+)?\) \d+(\.\d+)?°( composite)?$")
    rows = face_notations(vehicle(builtin, name))
    assert len(rows) == len(HULL_FACES + TURRET_FACES)
    for face, text in rows:
        assert pattern.match(text), (face, text)


@pytest.mark.parametrize("name", NAMES)
def test_pa10_no_stated_figure_disagrees(builtin: Catalog, name: str) -> None:
    assert stated_warnings(vehicle(builtin, name)) == ()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("direction", list(Direction))
def test_vehicle_every_direction_hits_a_face(builtin: Catalog, name: str, direction: Direction) -> None:
    # default elevations: level for the four sides, straight down/up from above/below
    hit = hit_face(vehicle(builtin, name), direction).value
    assert 3 <= hit.av <= (250 if name in COMPOSITE else 100)  # 560 mm of RHA is AV 230


@pytest.mark.parametrize(
    ("name", "text", "av"),
    [
        # 45 mm at 60: x2 = 90 mm -> AV 40 (SAV 8); 45 mm -> AV 18 (SAV 3.6)
        ("T-34 (1941)", "SAV 8 (3.6) 60°", 40),
        # 63.5 at 47: x(1.5 + 2/15 x 0.5) = x47/30 -> 99.48 mm -> AV 40 + 9.48/10 x 5 = 44.7 -> 44
        # 63.5 mm alone: AV 25 + 3.5/10 x 5 = 26.75 -> 26 (SAV 5.2)
        ("M4A3 (75)W Sherman", "SAV 8.8 (5.2) 47°", 44),
        # 100 at 9: x1 -> 100 mm = AV 45 (SAV 9)
        ("Tiger I", "SAV 9 (9) 9°", 45),
        # 80 at 55: x(1.5 + 10/15 x 0.5) = x11/6 -> 146.67 mm -> AV 70 + 16.67/20 x 10 = 78.3 -> 78
        # 80 mm alone: AV 35 (SAV 7)
        ("Panther Ausf. G", "SAV 15.6 (7) 55°", 78),
        # 15 at 57: x(1.5 + 12/15 x 0.5) = x1.9 -> 28.5 mm -> AV 14 + 3.5/5 = 14.7 -> 14 (SAV 2.8)
        # 15 mm alone: AV 10 (SAV 2)
        ("BMP-2", "SAV 2.8 (2) 57°", 14),
    ],
)
def test_pa10_front_faces_by_hand(builtin: Catalog, name: str, text: str, av: int) -> None:
    front = vehicle(builtin, name).faces["front"]
    assert notation(front) == text
    assert effective_av(front).value == av


def test_pa10_t34_stated_front_figure_is_checked_and_agrees(builtin: Catalog) -> None:
    front = vehicle(builtin, "T-34").faces["front"]
    assert front.stated_sav == Fraction(8)
    assert actual_av(front).value == 18


def test_vehicle_lookup_by_alias(builtin: Catalog) -> None:
    assert vehicle(builtin, "Sherman").name == "M4A3 (75)W Sherman"
    assert vehicle(builtin, "Panther").name == "Panther Ausf. G"
