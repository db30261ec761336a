"""PA-3, PA-4, PA-5: distances, bands and every cell of the PEN and DC range table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from armourpen.catalog.items import RangeColumn
from armourpen.errors import InputError, RangeError
from armourpen.penav.ranges import Band, Distance, band_for, range_modifier

# Transcribed by hand from the text's "PEN and DC Range Modifiers" table:
# band: (handgun PEN, handgun DC, rifle PEN, rifle DC)
TEXT_TABLE = {
    "contact": (0, +1, 0, +1),
    "point_blank": (0, 0, 0, 0),
    "close": (0, 0, 0, 0),
    "short": (0, 0, 0, 0),
    "medium": (0, 0, 0, 0),
    "long": (-1, 0, 0, 0),
    "very_long": (-2, -1, -1, -1),
    "far": (-3, -1, -2, -1),
    "very_far": (-4, -1, -3, -1),
    "distant": (-5, -1, -4, -1),
    "very_distant": (-6, -2, -5, -2),
}


@pytest.mark.parametrize("band", list(TEXT_TABLE))
def test_pa4_every_cell_of_the_range_table(band: str) -> None:
    hp, hd, rp, rd = TEXT_TABLE[band]
    h = range_modifier(Band(band), RangeColumn.HANDGUN)
    r = range_modifier(Band(band), RangeColumn.RIFLE)
    assert (h.pen, h.dc, r.pen, r.dc) == (hp, hd, rp, rd)


@pytest.mark.parametrize("band", list(TEXT_TABLE))
def test_pa4_column_none_has_no_modifier(band: str) -> None:
    m = range_modifier(Band(band), RangeColumn.NONE)
    assert (m.pen, m.dc) == (0, 0)


@pytest.mark.parametrize(
    ("text", "band"),
    [
        ("0 m", "point_blank"),
        ("1 m", "point_blank"),
        ("1.001 m", "close"),
        ("12 m", "close"),
        ("12.5 m", "short"),
        ("25 m", "short"),
        ("50 m", "medium"),
        ("51 m", "long"),
        ("100 m", "long"),
        ("100.5 m", "very_long"),
        ("200 m", "very_long"),
        ("400 m", "far"),
        ("800 m", "very_far"),
        ("1600 m", "distant"),
        ("1601 m", "very_distant"),
        ("3200 m", "very_distant"),
    ],
)
def test_pa3_band_boundaries_upper_bound_inclusive(text: str, band: str) -> None:
    assert band_for(Distance.parse(text)) is Band(band)


@pytest.mark.parametrize("text", ["3201 m", "3200.1", "3.3 km", "9601 ft"])
def test_pa3_beyond_very_distant_is_an_input_error(text: str) -> None:
    with pytest.raises(RangeError, match="beyond Very Distant"):
        Distance.parse(text)


@pytest.mark.parametrize(
    ("text", "metres"),
    [
        ("150 m", 150),
        ("150m", 150),
        ("150", 150),
        ("150 yd", 150),  # yards use the table's numbers as they are
        ("150 yards", 150),
        ("300 ft", 100),  # feet / 3
        ("301 ft", Fraction(301, 3)),
        ("0.15 km", 150),
        ("1.2km", 1200),
    ],
)
def test_pa3_units(text: str, metres: Fraction) -> None:
    assert Distance.parse(text).metres == metres


@pytest.mark.parametrize(
    ("text", "value", "unit", "metres"),
    [
        ("150 m", 150, "m", 150),
        ("0150", 150, "m", 150),  # a bare number is metres; a leading zero changes nothing
        ("2 KM", 2, "km", 2000),
        ("+12.5 yards", Fraction(25, 2), "yd", Fraction(25, 2)),
        ("7 feet", 7, "ft", Fraction(7, 3)),
        ("-0 m", 0, "m", 0),
        (80, 80, "m", 80),
        (2.5, Fraction(5, 2), "m", Fraction(5, 2)),
    ],
)
def test_pa3_a_distance_keeps_its_value_and_unit_as_given(
    text: str | int | float, value: Fraction, unit: str, metres: Fraction
) -> None:
    distance = Distance.parse(text)
    assert (distance.value, distance.unit, distance.metres) == (value, unit, metres)
    assert all(type(x) is Fraction for x in (distance.value, distance.metres))


def test_pa3_feet_divided_by_three_cross_a_boundary() -> None:
    assert band_for(Distance.parse("300 ft")) is Band.LONG  # 100 m
    assert band_for(Distance.parse("301 ft")) is Band.VERY_LONG  # 100.33 m


@pytest.mark.parametrize("text", ["-1 m", "-0.5", "abc", "150 furlongs", "", "1e3", "m"])
def test_pa3_bad_distances_name_the_field(text: str) -> None:
    with pytest.raises(InputError) as info:
        Distance.parse(text, field="attack.range")
    assert info.value.field == "attack.range"
    assert "attack.range" in str(info.value)


# Property: more distance never raises PEN, in either column (PA-3, PA-4).
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import armourpen  # noqa: E402

_distances = st.fractions(min_value=0, max_value=3200, max_denominator=100)


@given(
    pen=st.integers(0, 40),
    column=st.sampled_from(["handgun", "rifle", "none"]),
    d1=_distances,
    d2=_distances,
)
def test_pa3_more_distance_never_raises_pen(pen: int, column: str, d1: Fraction,
                                            d2: Fraction) -> None:
    near, far = sorted((d1, d2))

    def effective(d: Fraction) -> int:
        data = {"attack": {"pen": pen, "range_column": column, "range": f"{float(d)!r} m"},
                "line": [{"target": "T"}]}
        return int(armourpen.resolve(armourpen.load_scenario(data)).to_dict()["attack"]["pen"])

    assert effective(far) <= effective(near)
