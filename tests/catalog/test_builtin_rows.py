"""Every shipped item loads, and its numbers match the row of the text's table it comes from.

The expected rows below are transcribed by hand from the rule text's tables (not from the data
files): small-arms AV and PEN columns, the autocannon and artillery table (SAV/SPEN, PA-1: x5 on
the personal scale), and the cover table (PA-13 rows have no value).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from armourpen.catalog import (
    AmmoType,
    ArmourItem,
    AttackProfile,
    Catalog,
    CoverItem,
    RangeColumn,
)
from armourpen.catalog.catalog import DATA_DIR
from armourpen.catalog.loader import read_file
from armourpen.penav.direction import HORIZONTAL, Direction

# Small-arms table, AV column: (name, AV).
ARMOUR_ROWS = [
    ("Bare skin", 0), ("Light clothing", 0),
    ("Human skull", 1), ("Heavy clothing", 1), ("Leather", 1),
    ("Stab/slash/spike-proof clothing", 1), ("Padded jack/gambeson", 1), ("Horse or cow hide", 1),
    ("NIJ Type I", 2), ("Ultralight ballistic cloth", 2), ("Chain mail", 2), ("Riot shield", 2),
    ("NIJ Type IIA", 3), ("Russian Class 1", 3), ("Light ballistic cloth", 3), ("Steel helmet", 3),
    ("Medieval plate armour", 3), ("ZSh-1 aramid fibre helmet", 3), ("1mm steel plate", 3),
    ("NIJ Type II", 4), ("HOSBD HG1", 4), ("US PASGT ballistic nylon helmet (tested)", 4),
    ("Light covert ballistic vest", 4), ("Disguised ballistic waistcoat", 4),
    ("NIJ Type IIIA", 5), ("Russian Class 2", 5), ("HOSBD HG2 and SG1", 5),
    ("Russian Kazak-5 vest", 5), ("US PASGT vest", 5), ("Ballistic nylon/kevlar helmet (claimed)", 5),
    ("Russian SPHERA-S titanium helmet", 5), ("Russian MASKA-1Sch steel helmet", 5),
    ("Disguised ballistic jacket", 5), ("Standard ballistic shield", 5),
    ("NIJ Type III", 6), ("Russian Class 3", 6), ("Russian Kazak-4 vest", 6), ("6mm steel plate", 6),
    ("Russian Class 5", 7), ("HOSBD RF1", 7), ("Interceptor with SAPI", 7), ("IOTV with SAPI", 7),
    ("MTV with SAPI", 7), ("Russian Kazak-6 vest", 7), ("OMON vest", 7), ("8mm steel plate", 7),
    ("10mm steel plate", 8),
    ("NIJ Type IV", 9), ("HOSBD RF2", 9), ("Interceptor with E-SAPI", 9), ("IOTV with E-SAPI", 9),
    ("MTV with E-SAPI", 9), ("12.5mm steel plate", 9), ("Heavy (wheeled) ballistic shield", 9),
]
# Small-arms table, AV 10..20: mm of RHA.
RHA_ROWS = [
    (10, "15"), (11, "17.5"), (12, "20"), (13, "22.5"), (14, "25"), (15, "30"), (16, "35"),
    (17, "40"), (18, "45"), (19, "50"), (20, "55"),
]
# Autocannon and artillery table, SAV column: (SAV, mm of RHA).
SAV_ROWS = [
    (5, 60), (6, 70), (7, 80), (8, 90), (9, 100), (10, 110), (12, 120), (14, 130), (16, 150),
    (18, 175), (20, 200), (22, 225), (24, 250), (26, 275), (28, 300), (30, 325), (32, 350),
    (34, 375), (36, 400), (38, 450), (40, 500), (42, 550), (44, 600), (46, 650), (48, 700),
    (50, 750), (52, 800), (54, 900), (56, 1000), (58, 1100), (60, 1200), (62, 1300), (64, 1400),
    (66, 1500), (68, 1600), (70, 1700),
]
# Small-arms table, PEN column: (name, PEN, column). Column per PA-4.
H, R, N = RangeColumn.HANDGUN, RangeColumn.RIFLE, RangeColumn.NONE
ATTACK_ROWS = [
    ("Punch", 0, N), ("Kick", 0, N), ("Club", 0, N),
    ("Small knife/switch blade", 1, N), ("#4 to #12 birdshot", 1, N), ("Rock salt", 1, N),
    ("Fighting knife/bayonet", 2, N), ("Machete", 2, N), ("Sword", 2, N), (".22LR", 2, H),
    (".32 ACP", 2, H), (".380 ACP", 2, H), ("#3 to #FF birdshot", 2, N),
    (".38 Special", 3, H), (".40 S&W", 3, H), (".45 ACP", 3, H), ("9mm Makarov", 3, H),
    ("#4 to #0 buckshot", 3, N), ("Shrapnel", 3, N), ("Grenade splinters", 3, N),
    ("7.63mm Mauser/7.62mm Tokarev pistol", 4, H), ("9mm Makarov AP", 4, H),
    ("9mm Parabellum pistol", 4, H), ("10mm Auto", 4, H), (".357 Magnum", 4, H),
    (".45 Colt", 4, H), ("#00 to #0000 buckshot", 4, N),
    ("7.62mm Tokarev SMG", 5, H), ("9mm parabellum SMG", 5, H), (".357 Sig", 5, H),
    (".44-40 Winchester", 5, H), (".44 Magnum", 5, H), ("5.45mm Soviet", 5, R),
    ("5.56mm NATO", 5, R), ("12ga rifled slug", 5, H),
    ("7.62x39mm Soviet", 6, R), (".454 Casull", 6, H), ("9mm Parabellum 7N21 AP", 6, H),
    ("7.62x51mm NATO", 7, R), ("7.62x54mmR Soviet", 7, R), (".30-06 Springfield", 7, R),
    ("7.62mm Soviet AP", 7, R), ("5.45mm Soviet AP", 7, R), ("9mm Parabellum 7N31 AP", 7, H),
    (".30-06 Springfield AP", 9, R), ("7.62x51mm NATO AP", 9, R), ("7.62x54mmR Soviet AP", 9, R),
    (".50 BMG M8 API-T at 500m", 10, N), (".50 BMG ball", 12, R), (".50 BMG M2 AP", 14, R),
    (".50 BMG M20 API-T", 14, R), ("14.5x114mm", 16, R), (".50 BMG SLAP", 16, R),
    ("14.5x114mm AP", 18, R), ("14.5x114mm HEI-AP", 20, R),
]
# Autocannon and artillery table, SPEN column.
SPEN_ROWS = [
    ("40mm British Class S", 5), ("37 x 263mm German BK 37 APCR", 6), ("30x173mm US", 7),
    ("37x195mm Soviet", 7), ("47mm British Class P", 8), ("57mm British QF 6-pdr", 10),
    ("76.2mm Soviet F-34", 10), ("8.8 cm KwK 36 L/56 APCBC", 14), ("100mm Soviet D-10 APHE", 16),
    ("122mm Soviet D-25 APHE", 16), ("100mm Soviet T-12 APFSDS at 500m", 22),
    ("100mm Soviet T-12 APFSDS", 26),
]
# The cover table; None where the text prints no value (PA-13).
COVER_ROWS = [
    ("Hollow wooden door", 1), ("Solid wooden door", 2), ("Steel door", 5),
    ("Interior partition wall", None), ("Thin wooden wall", 2), ("Log wall", 4),
    ("Brick wall", None), ("Breeze/cinder block wall, single", 6),
    ("Breeze/cinder block wall, double", 9), ("Stone wall", None),
    ("Light concrete wall (15cm)", 12), ("Medium concrete wall (30cm)", 18),
    ("Heavy concrete wall (50cm)", 30), ("Sandbag wall, single layer", 6),
    ("Sandbag wall, double layer", 9), ("Tree trunk (15cm)", 4), ("Car door/body", 3),
    ("Car windscreen", 3), ("Car wheel", 5), ("Car engine block", None),
    ("Oil drum, empty, one side (1-2mm)", 4), ("Oil drum, empty, both sides", 5),
    ("Oil drum, full of water", 25), ("Oil drum, full of sand", 9),
    ("Oil drum, full of (set) concrete", 25), ("Human body, front to back", 3),
    ("Human body, side to side", 4), ("Human body, top to bottom", 5),
]


def test_every_shipped_file_loads_through_the_strict_loader() -> None:
    files = sorted(DATA_DIR.glob("*.toml"))
    names = {p.name for p in files}
    assert {"ammo.toml", "armour.toml", "attacks.toml", "cover.toml", "structural.toml"} <= names
    for path in files:
        read_file(path)  # raises CatalogError on any problem


def test_builtin_is_loaded_once() -> None:
    assert Catalog.builtin() is Catalog.builtin()


@pytest.mark.parametrize(("name", "av"), ARMOUR_ROWS)
def test_small_arms_av_row(catalog: Catalog, name: str, av: int) -> None:
    item = catalog.armour(name)
    assert item.av == av
    assert not item.structural


@pytest.mark.parametrize(("av", "mm"), RHA_ROWS)
def test_small_arms_rha_row(catalog: Catalog, av: int, mm: str) -> None:
    item = catalog.armour(f"{mm}mm RHA")
    assert (item.av, item.thickness_mm, item.kind, item.rigid) == (av, Fraction(mm), "plate", True)


def test_rha_parenthetical_facts_kept_in_notes(catalog: Catalog) -> None:
    assert "15mm RHA at 100m/yd" in catalog.armour("20mm RHA").note
    assert "20mm RHA at 1,500m/yd" in catalog.armour("30mm RHA").note
    assert catalog.armour("55mm sRHA").name == "55mm RHA"


@pytest.mark.parametrize(("mm", "thick"), [("1mm", 1), ("6mm", 6), ("8mm", 8), ("10mm", 10),
                                            ("12.5mm", Fraction(25, 2))])
def test_steel_plates_carry_thickness(catalog: Catalog, mm: str, thick: Fraction) -> None:
    item = catalog.armour(f"{mm} steel plate")
    assert item.thickness_mm == thick and item.rigid and item.kind == "plate"


@pytest.mark.parametrize(("sav", "mm"), SAV_ROWS)
def test_pa1_sav_row_stored_on_personal_scale(catalog: Catalog, sav: int, mm: int) -> None:
    item = catalog.armour(f"{mm}mm RHA")
    # PA-1: SAV x 5 = AV, e.g. SAV 5 -> AV 25.
    assert (item.av, item.structural, item.thickness_mm) == (sav * 5, True, Fraction(mm))


@pytest.mark.parametrize(("name", "pen", "column"), ATTACK_ROWS)
def test_small_arms_pen_row(catalog: Catalog, name: str, pen: int, column: RangeColumn) -> None:
    item = catalog.attack(name)
    assert (item.pen, item.range_column, item.structural) == (pen, column, False)


@pytest.mark.parametrize(("name", "spen"), SPEN_ROWS)
def test_pa1_spen_row_stored_on_personal_scale(catalog: Catalog, name: str, spen: int) -> None:
    item = catalog.attack(name)
    # PA-1: SPEN x 5 = PEN; PA-4: cannon have no range column.
    assert (item.pen, item.structural, item.range_column) == (spen * 5, True, RangeColumn.NONE)


@pytest.mark.parametrize(("name", "av"), COVER_ROWS)
def test_cover_row(catalog: Catalog, name: str, av: int | None) -> None:
    item = next(c for c in catalog.items("cover") if c.name == name)
    assert isinstance(item, CoverItem)
    assert item.av == av


def test_every_table_row_is_an_item_and_nothing_else(catalog: Catalog) -> None:
    # Counts from the text: 54 AV items + 11 RHA rows + 36 SAV rows; 55 + 12 attacks; 28 covers.
    assert len(catalog.items("armour")) == len(ARMOUR_ROWS) + len(RHA_ROWS) + len(SAV_ROWS)
    assert len(catalog.items("attack")) == len(ATTACK_ROWS) + len(SPEN_ROWS)
    assert len(catalog.items("cover")) == len(COVER_ROWS)


def test_pa9_covers_default_horizontal_and_body_by_axis(catalog: Catalog) -> None:
    assert catalog.cover("Steel door").covers == HORIZONTAL
    assert catalog.cover("Human body, front to back").covers == {Direction.FRONT, Direction.REAR}
    assert catalog.cover("Human body, side to side").covers == {Direction.LEFT, Direction.RIGHT}
    assert catalog.cover("Human body, top to bottom").covers == {Direction.ABOVE, Direction.BELOW}


def test_pa13_tied_range_profiles(catalog: Catalog) -> None:
    m8 = catalog.attack(".50 BMG M8 API-T at 500m")
    assert (m8.tied_range_m, m8.range_column, m8.ammo) == (500, RangeColumn.NONE, "api-t")
    assert m8.note
    t12 = catalog.attack("100mm Soviet T-12 APFSDS at 500m")
    assert (t12.tied_range_m, t12.pen) == (500, 22 * 5)
    assert catalog.attack("100mm Soviet T-12 APFSDS").tied_range_m is None


@pytest.mark.parametrize(
    "name",
    ["5.56mm NATO", "5.45mm Soviet", "7.62x39mm Soviet", "7.62x51mm NATO", "7.62x54mmR Soviet"],
)
def test_pa6_modern_rifle_ball_is_high_velocity(catalog: Catalog, name: str) -> None:
    item = catalog.attack(name)
    assert item.high_velocity and item.ammo == "ball" and item.range_column is RangeColumn.RIFLE


@pytest.mark.parametrize("name", ["9mm Parabellum pistol", ".50 BMG ball", "Punch", ".44 Magnum"])
def test_pa6_others_are_not_high_velocity(catalog: Catalog, name: str) -> None:
    assert not catalog.attack(name).high_velocity


@pytest.mark.parametrize(
    ("name", "ammo"),
    [("9mm Makarov AP", "ap"), (".50 BMG M2 AP", "ap"), (".50 BMG M20 API-T", "api-t"),
     ("14.5x114mm HEI-AP", "hei-ap"), (".50 BMG SLAP", "slap"), ("7.62x51mm NATO", "ball")],
)
def test_pa6_ammo_named_and_known(catalog: Catalog, name: str, ammo: str) -> None:
    item = catalog.attack(name)
    assert item.ammo == ammo
    assert catalog.ammo(item.ammo).name == ammo


def test_pa4_notes_where_the_text_does_not_say_the_column(catalog: Catalog) -> None:
    for name in ["12ga rifled slug", "9mm Parabellum 7N21 AP", "9mm Parabellum 7N31 AP", ".22LR",
                 ".44-40 Winchester"]:
        assert "column" in catalog.attack(name).note, name


def test_pa6_ammo_types_have_zero_modifiers_and_say_why(catalog: Catalog) -> None:
    ammo = catalog.items("ammo")
    assert {"ball", "sp", "hp", "ap", "api", "api-t"} <= {a.name for a in ammo}
    for a in ammo:
        assert isinstance(a, AmmoType)
        assert (a.pen_mod, a.dc_mod) == (0, 0)
    assert "not part of the text" in catalog.ammo("sp").note


def test_pa8_rigid_marks(catalog: Catalog) -> None:
    rigid = ["6mm steel plate", "Steel helmet", "Medieval plate armour", "Riot shield",
             "Interceptor with SAPI", "IOTV with E-SAPI", "US PASGT vest", "60mm RHA"]
    soft = ["NIJ Type IIIA", "Light ballistic cloth", "Heavy clothing", "Bare skin"]
    assert all(catalog.armour(n).rigid for n in rigid)
    assert not any(catalog.armour(n).rigid for n in soft)


def test_classes_are_kind_class(catalog: Catalog) -> None:
    for name in ["NIJ Type III", "Russian Class 3", "HOSBD RF1"]:
        assert catalog.armour(name).kind == "class"


def test_builtin_items_say_where_they_come_from(catalog: Catalog) -> None:
    for item in catalog.items():
        assert item.source == "built-in"
        assert isinstance(item, (AmmoType, ArmourItem, AttackProfile, CoverItem)) or item.faces

