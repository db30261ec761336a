"""Every name the text's tables print resolves to its row, as printed (typography included).

Transcribed by hand from the seed text, cell by cell: the small-arms table's AV and PEN columns
(slashed and combined forms too), the autocannon and artillery table, the cover table, and the
names the text's examples use. Each name is checked against the row's value in the text.
"""

from __future__ import annotations

import pytest
from catalog.test_builtin_rows import COVER_ROWS

from armourpen.catalog import ArmourItem, AttackProfile, Catalog, CoverItem

# (name as printed, the row's name, AV on the personal scale)
ARMOUR = [
    ("Bare skin", "Bare skin", 0), ("light clothing", "Light clothing", 0),
    ("Human skull", "Human skull", 1), ("heavy clothing", "Heavy clothing", 1),
    ("leather", "Leather", 1),
    ("stab/slash/spike-proof clothing", "Stab/slash/spike-proof clothing", 1),
    ("padded jack/gambeson", "Padded jack/gambeson", 1), ("horse or cow hide", "Horse or cow hide", 1),
    ("NIJ Type I", "NIJ Type I", 2), ("ultralight ballistic cloth", "Ultralight ballistic cloth", 2),
    ("chain mail", "Chain mail", 2), ("riot shield", "Riot shield", 2),
    ("NIJ Type IIA/Russian Class 1", "NIJ Type IIA", 3), ("NIJ Type IIA", "NIJ Type IIA", 3),
    ("Russian Class 1", "Russian Class 1", 3), ("light ballistic cloth", "Light ballistic cloth", 3),
    ("steel helmet", "Steel helmet", 3), ("medieval plate armour", "Medieval plate armour", 3),
    ("ZSh-1 aramid fibre helmet", "ZSh-1 aramid fibre helmet", 3),
    ("1mm steel plate", "1mm steel plate", 3),
    ("NIJ Type II/HOSBD HG1", "NIJ Type II", 4), ("HOSBD HG1", "HOSBD HG1", 4),
    ("US PASGT ballistic nylon helmet (tested)", "US PASGT ballistic nylon helmet (tested)", 4),
    ("light covert ballistic vest", "Light covert ballistic vest", 4),
    ("disguised ballistic waistcoat", "Disguised ballistic waistcoat", 4),
    ("NIJ Type IIIA/Russian Class 2/HOSBD HG2 and SG1", "NIJ Type IIIA", 5),
    ("Russian Class 2", "Russian Class 2", 5), ("HOSBD HG2 and SG1", "HOSBD HG2 and SG1", 5),
    ("HOSBD HG2", "HOSBD HG2 and SG1", 5), ("HOSBD SG1", "HOSBD HG2 and SG1", 5),
    ("Russian Kazak-5 vest", "Russian Kazak-5 vest", 5), ("US PASGT vest", "US PASGT vest", 5),
    ("ballistic nylon/kevlar helmet (claimed)", "Ballistic nylon/kevlar helmet (claimed)", 5),
    ("Russian SPHERA-S titanium helmet", "Russian SPHERA-S titanium helmet", 5),
    ("Russian MASKA-1Sch steel helmet", "Russian MASKA-1Sch steel helmet", 5),
    ("disguised ballistic jacket", "Disguised ballistic jacket", 5),
    ("standard ballistic shield", "Standard ballistic shield", 5),
    ("NIJ Type III/ Russian Class 3", "NIJ Type III", 6), ("Russian Class 3", "Russian Class 3", 6),
    ("Russian Kazak-4 vest", "Russian Kazak-4 vest", 6),
    ("6mm/¼” steel plate", "6mm steel plate", 6), ("6mm steel plate", "6mm steel plate", 6),
    ("Russian Class 5/HOSBD RF1", "Russian Class 5", 7), ("HOSBD RF1", "HOSBD RF1", 7),
    ("US Interceptor Body Armour", "US Interceptor Body Armour with SAPI insert", 7),
    ("Improved Outer Tactical Vest (IOTV)", "Improved Outer Tactical Vest (IOTV) with SAPI insert",
     7),
    ("Modular Tactical Vest (MTV) with SAPI insert",
     "Modular Tactical Vest (MTV) with SAPI insert", 7),
    ("Russian Kazak-6 vest", "Russian Kazak-6 vest", 7), ("OMON vest", "OMON vest", 7),
    ("8mm steel plate", "8mm steel plate", 7),
    ("10mm/⅜” steel plate", "10mm steel plate", 8),
    ("NIJ Type IV/HOSBD RF2", "NIJ Type IV", 9), ("HOSBD RF2", "HOSBD RF2", 9),
    ("US Interceptor armour", "US Interceptor armour with E-SAPI insert", 9),
    ("12.5mm/½” steel plate", "12.5mm steel plate", 9),
    ("heavy (wheeled) ballistic shield", "Heavy (wheeled) ballistic shield", 9),
    ("15mm steel rolled homogeneous armour (RHA) or equivalent", "15mm RHA", 10),
    ("17.5mm RHA", "17.5mm RHA", 11), ("20mm RHA", "20mm RHA", 12),
    ("20mm steel plate", "20mm RHA", 12),  # the text's .50 BMG example: 20mm (3/4") of plate
    ("¾” steel plate", "20mm RHA", 12),
    ("22.5mm RHA", "22.5mm RHA", 13), ("25mm RHA", "25mm RHA", 14), ("30mm RHA", "30mm RHA", 15),
    ("35mm RHA", "35mm RHA", 16), ("40mm RHA", "40mm RHA", 17), ("45mm RHA", "45mm RHA", 18),
    ("50mm RHA", "50mm RHA", 19), ("55mm sRHA", "55mm RHA", 20),
    # the autocannon table's SAV rows: SAV x 5 (PA-1)
    ("60mm steel plate", "60mm RHA", 25), ("120mm steel plate", "120mm RHA", 60),
    ("1700mm steel plate", "1700mm RHA", 350),
]

# (name as printed, the row's name, PEN on the personal scale)
ATTACKS = [
    ("Punch", "Punch", 0), ("kick", "Kick", 0), ("club", "Club", 0),
    ("Small knife/switch blade", "Small knife/switch blade", 1),
    ("#4 to #12 birdshot", "#4 to #12 birdshot", 1), ("rock salt", "Rock salt", 1),
    ("Fighting knife/bayonet", "Fighting knife/bayonet", 2), ("machete", "Machete", 2),
    ("sword", "Sword", 2), (".22LR", ".22LR", 2), (".32 ACP", ".32 ACP", 2),
    (".380 ACP", ".380 ACP", 2), ("#3 to #FF birdshot", "#3 to #FF birdshot", 2),
    (".38 Special", ".38 Special", 3), (".40 S&W", ".40 S&W", 3), (".45 ACP", ".45 ACP", 3),
    ("9mm Makarov", "9mm Makarov", 3), ("#4 to #0 buckshot", "#4 to #0 buckshot", 3),
    ("shrapnel", "Shrapnel", 3), ("grenade splinters", "Grenade splinters", 3),
    ("7.63mm Mauser/7.62mm Tokarev pistol", "7.63mm Mauser/7.62mm Tokarev pistol", 4),
    ("7.63mm Mauser", "7.63mm Mauser/7.62mm Tokarev pistol", 4),
    ("7.62mm Tokarev pistol", "7.63mm Mauser/7.62mm Tokarev pistol", 4),
    ("9mm Makarov AP", "9mm Makarov AP", 4), ("9mm Parabellum pistol", "9mm Parabellum pistol", 4),
    ("10mm Auto", "10mm Auto", 4), (".357 Magnum", ".357 Magnum", 4), (".45 Colt", ".45 Colt", 4),
    ("#00 to #0000 buckshot", "#00 to #0000 buckshot", 4),
    ("7.62mm Tokarev SMG", "7.62mm Tokarev SMG", 5), ("9mm parabellum SMG", "9mm parabellum SMG", 5),
    (".357 Sig", ".357 Sig", 5), (".44-40 Winchester", ".44-40 Winchester", 5),
    (".44 Magnum", ".44 Magnum", 5), ("5.45mm Soviet", "5.45mm Soviet", 5),
    ("5.56mm NATO", "5.56mm NATO", 5), ("12ga rifled slug", "12ga rifled slug", 5),
    ("7.62x39mm Soviet", "7.62x39mm Soviet", 6), (".454 Casull", ".454 Casull", 6),
    ("9mm Parabellum 7N21 AP", "9mm Parabellum 7N21 AP", 6),
    ("7.62mmS", "7.62x39mm Soviet", 6),  # the text's AK-47 round
    ("7.62x51mm NATO", "7.62x51mm NATO", 7), ("7.62mm NATO", "7.62x51mm NATO", 7),
    ("7.62x54mmR Soviet", "7.62x54mmR Soviet", 7), (".30-06 Springfield", ".30-06 Springfield", 7),
    ("7.62mm Soviet AP", "7.62mm Soviet AP", 7), ("5.45mm Soviet AP", "5.45mm Soviet AP", 7),
    ("9mm Parabellum 7N31 AP", "9mm Parabellum 7N31 AP", 7),
    (".30-06 Springfield AP", ".30-06 Springfield AP", 9),
    ("7.62x51mm NATO AP", "7.62x51mm NATO AP", 9),
    ("7.62x54mmR Soviet AP", "7.62x54mmR Soviet AP", 9),
    (".50 BMG M8 API-T at 500m", ".50 BMG M8 API-T at 500m", 10),
    (".50 BMG ball", ".50 BMG ball", 12), (".50 BMG", ".50 BMG ball", 12),
    (".50 BMG M2 AP", ".50 BMG M2 AP", 14), ("M20 API-T", ".50 BMG M20 API-T", 14),
    ("14.5x114mm", "14.5x114mm", 16), (".50 BMG SLAP", ".50 BMG SLAP", 16),
    ("14.5x114mm AP", "14.5x114mm AP", 18), ("14.5x114mm HEI-AP", "14.5x114mm HEI-AP", 20),
    # the autocannon table's SPEN column: x 5 (PA-1)
    ("40mm British Class S", "40mm British Class S", 25),
    ("37 x 263mm German BK 37 APCR", "37 x 263mm German BK 37 APCR", 30),
    ("30x173mm US", "30x173mm US", 35), ("37x195mm Soviet", "37x195mm Soviet", 35),
    ("47mm British Class P", "47mm British Class P", 40),
    ("57mm British QF 6-pdr", "57mm British QF 6-pdr", 50),
    ("76.2mm Soviet F-34", "76.2mm Soviet F-34", 50),
    ("8.8 cm KwK 36 L/56 APCBC", "8.8 cm KwK 36 L/56 APCBC", 70),
    ("100mm Soviet D-10 APHE", "100mm Soviet D-10 APHE", 80),
    ("122mm Soviet D-25 APHE", "122mm Soviet D-25 APHE", 80),
    ("100mm Soviet T-12 APFSDS at 500m", "100mm Soviet T-12 APFSDS at 500m", 110),
    ("100mm Soviet T-12 APFSDS", "100mm Soviet T-12 APFSDS", 130),
]

# The cover table prints its rows' names as the rows are named (test_builtin_rows).
COVER = COVER_ROWS


@pytest.mark.parametrize(("printed", "row", "av"), ARMOUR)
def test_armour_names_as_printed(catalog: Catalog, printed: str, row: str, av: int) -> None:
    item = catalog.get(printed, "armour")
    assert isinstance(item, ArmourItem)
    assert (item.name, item.av) == (row, av)


@pytest.mark.parametrize(("printed", "row", "pen"), ATTACKS)
def test_attack_names_as_printed(catalog: Catalog, printed: str, row: str, pen: int) -> None:
    item = catalog.get(printed, "attack")
    assert isinstance(item, AttackProfile)
    assert (item.name, item.pen) == (row, pen)


@pytest.mark.parametrize(("printed", "av"), COVER)
def test_cover_names_as_printed(catalog: Catalog, printed: str, av: int | None) -> None:
    item = catalog.get(printed, "cover")
    assert isinstance(item, CoverItem)
    assert (item.name, item.av) == (printed, av)
