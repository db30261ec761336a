"""GU-10 and GU-3 from a GCS file's body type: roll ranges, the random table, sub-tables and the
per-kind DR keys of calc.dr."""

from __future__ import annotations

from typing import Any

import pytest
from gcs.gcs_helpers import character, location

import armourpen
from armourpen.gcs import Dice, GcsCharacter
from armourpen.gcs.body import parse_dice


def load(locations: list[dict[str, Any]], **extra: Any) -> GcsCharacter:
    return armourpen.load_gcs(character(locations=locations, **extra))


def by_roll(c: GcsCharacter) -> dict[int, str]:
    return {t: c.body.locations[i].table_name
            for low, high, i in c.body.table for t in range(low, high + 1)}


def test_gu10_humanoid_table_as_the_file_writes_it() -> None:
    c = armourpen.load_gcs(character())
    assert c.warnings == ()
    table = by_roll(c)
    assert [table[t] for t in range(3, 19)] == [
        "Skull", "Skull", "Face", "Right Leg", "Right Leg", "Right Arm", "Torso", "Torso",
        "Groin", "Left Arm", "Left Leg", "Left Leg", "Hand", "Foot", "Neck", "Neck",
    ]
    eye = c.body.locations[0]
    assert (eye.id, eye.roll, eye.rolls) == ("eye", None, None)  # "-": only when aimed at


def test_gu10_rolls_no_location_covers_hit_the_torso_with_a_warning() -> None:
    c = load([location("head", "3-5"), location("torso", "6-10"), location("tail", "12")])
    table = by_roll(c)
    assert [table[t] for t in (11, 13, 18)] == ["Torso", "Torso", "Torso"]
    assert table[12] == "Tail"
    assert [w.rule for w in c.warnings] == ["GU-10"]
    assert "rolls 11, 13-18 of 3d" in c.warnings[0].text


def test_gu10_without_a_torso_the_widest_location_takes_uncovered_rolls() -> None:
    c = load([location("head", "3-4"), location("body", "5-15", table_name="Mass")])
    assert by_roll(c)[17] == "Mass"
    assert "Mass, which covers the most rolls" in c.warnings[0].text


def test_gu10_overlapping_ranges_go_to_the_first_listed() -> None:
    c = load([location("skull", "3-5"), location("face", "5"), location("torso", "6-18")])
    assert by_roll(c)[5] == "Skull"
    assert "roll 5 is listed for both Skull and Face" in c.warnings[0].text


def test_gu10_ranges_beyond_the_dice_are_cut() -> None:
    c = load([location("torso", "3-16"), location("tail", "17-20")])
    assert max(by_roll(c)) == 18
    assert "rolls 19-20 cannot happen" in c.warnings[0].text


def test_gu10_a_table_with_no_roll_on_it_cannot_be_rolled() -> None:
    c = load([location("core", "-"), location("eye", "-")])
    assert c.body.table == ()
    assert "cannot be rolled" in c.warnings[0].text


def test_gu10_a_body_of_one_location_off_the_table_takes_every_roll() -> None:
    # the Dungeon Fantasy Ooze: one location, "Ooze", written "-"; a hit anywhere hits it
    c = load([location("ooze", "-", 0, table_name="Ooze")], body_name="Ooze")
    assert c.body.table == ((3, 18, 0),)
    assert "rolls 3-18 of 3d" in c.warnings[0].text
    assert "the body's only location" in c.warnings[0].text


def test_gu10_a_torso_off_the_table_still_takes_the_rolls_nothing_covers() -> None:
    c = load([location("torso", "-"), location("vitals", "-")])
    assert c.body.table == ((3, 18, 0),)
    assert "rolls 3-18 of 3d" in c.warnings[0].text


def test_gu10_a_roll_that_is_not_dice_loads_with_a_warning() -> None:
    c = load([location("torso", "3-18")], roll="d%")
    assert (c.body.dice, c.body.table) == (None, ())
    assert "'d%'" in c.warnings[0].text


def test_gu10_a_swarm_of_one_location_whose_roll_is_0_loads_and_is_hit_there() -> None:
    # as the library's Nest Scorpion (a swarm) writes its body: roll "0", one location "0-1"
    c = load([location("torso", "0-1", table_name="Swarm Body")], roll="0")
    assert (c.body.dice, c.body.table) == (None, ())
    assert [loc.rolls for loc in c.body.locations] == [(0, 1)]
    assert [w.text for w in c.warnings] == [
        "Humanoid: the roll '0' is not dice armourpen reads (such as 3d); a random hit lands on "
        "its only location, Swarm Body"]


@pytest.mark.parametrize(("text", "dice"), [
    ("3d", Dice(3)), ("1d", Dice(1)), ("2d6", Dice(2)), ("1d+1", Dice(1, 6, 1)),
    ("1d12", Dice(1, 12)), (" 2D - 1 ", Dice(2, 6, -1)), ("d", Dice(1)),
])
def test_gu10_body_roll_dice(text: str, dice: Dice) -> None:
    assert parse_dice(text) == dice


@pytest.mark.parametrize("text", ["", "3", "3x", "11d", "0d", "1d0", "2d6+1d4"])
def test_gu10_body_roll_that_is_not_dice(text: str) -> None:
    assert parse_dice(text) is None


def test_gu10_dice_weights_are_the_3d6_counts() -> None:
    weights = Dice(3).weights()
    assert sum(weights) == 216
    assert weights[:4] == (1, 3, 6, 10)  # 3, 4, 5, 6
    assert weights[7] == weights[8] == 27  # 10 and 11


def test_gu10_sub_table_has_its_own_roll_and_ranges() -> None:
    hand = location("hand", "15", 1, sub_table={"roll": "1d", "locations": [
        location("hand", "1-4", 1, table_name="Palm"),
        location("finger", "5-6", 1, table_name="Fingers"),
    ]})
    c = load([location("torso", "3-14"), hand, location("foot", "16-18")])
    sub = c.body.locations[1].sub_table
    assert sub is not None and sub.dice == Dice(1)
    assert sub.table == ((1, 4, 0), (5, 6, 1))
    d = c.to_dict()["body"]["locations"][1]
    assert d["sub_table"]["roll"] == "1d"
    assert [x["roll"] for x in d["sub_table"]["locations"]] == ["1-4", "5-6"]
    assert "sub_table" not in c.to_dict()["body"]["locations"][0]
    assert c.warnings == ()


def test_gu3_per_kind_dr_keys_are_kept_as_the_file_writes_them() -> None:
    c = load([location("torso", "3-18", {"all": 4, "burning": 2, "crushing": -1})])
    torso = c.body.locations[0]
    assert c.to_dict()["body"]["locations"][0]["dr"] == {"all": 4, "burning": 2, "crushing": -1}
    # GCS adds a kind's key to "all" against that kind
    assert torso.dr_by_kind == {"burning": 6, "crushing": 3}
    assert c.warnings == ()


def test_gu3_kinds_that_name_no_damage_type_and_broadened_kinds_are_warned() -> None:
    c = load([location("torso", "3-10", {"all": 2, "electricity": 3, "fire": 5}),
              location("tail", "11-18", {"all": 2, "electricity": 3})])
    texts = [w.text for w in c.warnings]
    assert [w.rule for w in c.warnings] == ["GU-3", "GU-3"]
    assert "'electricity' (Torso, Tail) names no damage type" in texts[0]
    assert "'fire' (Torso): armourpen applies it against every burning attack" in texts[1]


def test_gu3_dr_without_all_counts_zero_against_all() -> None:
    c = load([location("torso", "3-18", {"cutting": 3})])
    assert dict(c.body.locations[0].dr) == {"all": 0, "cutting": 3}


def test_gcs_layout_shows_every_location_and_sub_table_row() -> None:
    from armourpen.gcs.layout import layout
    from armourpen.layout import Span

    hand = location("hand", "15", {"all": 1, "burning": 2}, sub_table={"roll": "1d", "locations": [
        location("hand", "1-4", 1, table_name="Palm"),
        location("finger", "5-6", 1, table_name="Fingers"),
    ]})
    c = load([location("torso", "3-14"), hand, location("foot", "16-18"), location("eye", "-")])
    rows = [tuple(cell.text if isinstance(cell, Span) else cell.word for cell in row.cells)
            for row in layout(c).rows]
    assert rows == [
        ("3-14", "Torso", "torso", "0"),
        ("15", "Hand", "hand", "1, burning 3"),
        ("1-4 (1d)", "Hand > Palm", "hand", "1"),
        ("5-6 (1d)", "Hand > Fingers", "finger", "1"),
        ("16-18", "Foot", "foot", "0"),
        ("-", "Eye", "eye", "0"),
    ]


def test_gu3_a_location_whose_calc_leaves_dr_out_has_none() -> None:
    # GCS omits an empty DR map, as its body type files show: {"roll_range": "9-11"} alone
    bare = {"id": "torso", "table_name": "Torso", "calc": {"roll_range": "3-18"}}
    c = load([bare])
    assert c.body.locations[0].dr == (("all", 0),)
    assert c.warnings == ()
