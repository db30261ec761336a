"""GU-1: damage notation, canonical form, caps, and precise rejections."""

from __future__ import annotations

from fractions import Fraction

import pytest
from gurps.gurps_helpers import divisors
from hypothesis import given
from hypothesis import strategies as st

from armourpen.errors import InputError, NotationError
from armourpen.gurps.notation import (
    MAX_ADDS,
    MAX_DICE,
    MAX_MULTIPLIER,
    Damage,
    DamageType,
    Divisor,
)

# --- examples from the ruling -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7d(2) pi-", Damage(dice=7, divisor=Divisor.TWO, type=DamageType.PI_MINUS)),
        ("3d-1 pi+", Damage(dice=3, adds=-1, type=DamageType.PI_PLUS)),
        (
            "2dx3(5) pi",
            Damage(dice=2, multiplier=3, divisor=Divisor.FIVE, type=DamageType.PI),
        ),
        ("4d(0.5) pi++", Damage(dice=4, divisor=Divisor.HALF, type=DamageType.PI_PLUS_PLUS)),
        ("6d burn tbb", Damage(dice=6, type=DamageType.BURN, tbb=True)),
    ],
)
def test_gu1_ruling_examples_parse(text: str, expected: Damage) -> None:
    d = Damage.parse(text)
    assert d == expected
    assert str(d) == text  # the ruling's examples are already canonical


@pytest.mark.parametrize("word", ["inf", "∞", "-1", "INF"])
def test_gu1_ignores_dr_spellings(word: str) -> None:
    d = Damage.parse(f"1d({word}) cr")
    assert d.divisor is Divisor.INFINITE
    assert str(d) == "1d(inf) cr"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  7D (2)  PI-  ", "7d(2) pi-"),
        ("3d+0 cr", "3d cr"),
        ("2d×3 cut", "2dx3 cut"),
        ("2d*3 cut", "2dx3 cut"),
        ("2d x1 cut", "2d cut"),
        ("6d+2x3(10)imp", "6d+2x3(10) imp"),
        ("1d-1 cor", "1d-1 cor"),
        ("2d burn   TBB", "2d burn tbb"),
    ],
)
def test_gu1_canonical_form(text: str, canonical: str) -> None:
    assert str(Damage.parse(text)) == canonical


def test_gu1_repr_evaluates_back() -> None:
    d = Damage.parse("2dx3(5) pi")
    assert eval(repr(d), {"Damage": Damage}) == d


# --- rejections: position (from 1) and what was expected --------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "expected_part"),
    [
        ("", 1, "number of dice"),
        ("d6 cr", 1, "number of dice"),
        ("7", 2, "'d'"),
        ("7d", 3, "damage type"),
        ("7d(150) pi", 4, "armour divisor"),
        ("7d(0.05) pi", 4, "armour divisor"),
        ("7d(1.23456) pi", 4, "armour divisor"),
        ("7d(1,5) pi", 4, "armour divisor"),
        ("7d(2 pi", 6, "')'"),
        ("7d+ cr", 5, "number to add"),
        ("7d pi tbb", 7, "burn damage only"),
        ("7d cr x", 7, "the end"),
        ("7d pix", 4, "damage type"),
        ("7d(2)x3 pi", 6, "order"),
        ("7d burn tbbx", 9, "'tbb', 'ex', '[fragments]' or the end"),
        ("7d burn burn", 9, "'tbb', 'ex', '[fragments]' or the end"),
        ("6d cr ex ex", 10, "'ex', '[fragments]' or the end"),
        ("6d cr [2d cut", 14, "']'"),
        ("6d cr [2d cut] ex", 16, "the end after the fragments"),
        ("6d cr [2d", 10, "damage type"),  # [2d] is cutting (GU-22), but unclosed
        ("6d cr [2d cut ex]", 15, "']'"),
    ],
)
def test_gu1_rejection_names_position_and_expected(
    text: str, position: int, expected_part: str
) -> None:
    with pytest.raises(NotationError) as info:
        Damage.parse(text)
    assert info.value.position == position
    assert expected_part in info.value.expected
    assert info.value.text == text
    assert f"at position {position}" in str(info.value)


@pytest.mark.parametrize(("text", "word"), [
    ("1d burn/point", "burn/point"),  # GCS's per-unit damage: no GU-1 rule for it
    ("2d cut/imp", "cut/imp"),
    ("1d-1 cr/sec", "cr/sec"),
    ("7d pix", "pix"),
    ("3d burnx[2d cut]", "burnx"),
])
def test_gu1_a_type_running_on_is_refused_as_the_whole_word(text: str, word: str) -> None:
    # the type's first letter is not what is wrong (burn is a type): the word it runs on into is
    with pytest.raises(NotationError) as info:
        Damage.parse(text)
    assert info.value.position == text.index(word) + 1
    assert info.value.expected.endswith(f"as a word of its own, found {word!r}")


@pytest.mark.parametrize(
    ("text", "what"),
    [
        (f"{MAX_DICE + 1}d cr", "1 to 1000"),
        ("0d cr", "1 to 1000"),
        ("9" * 5000 + "d cr", "1 to 1000"),  # never handed to int()
        (f"1d+{MAX_ADDS + 1} cr", "0 to 1000"),
        (f"1dx{MAX_MULTIPLIER + 1} cr", "1 to 100"),
        ("1dx0 cr", "1 to 100"),
    ],
)
def test_gu1_caps_are_errors_not_clamps(text: str, what: str) -> None:
    with pytest.raises(NotationError) as info:
        Damage.parse(text)
    assert what in info.value.expected
    assert "cap" in info.value.expected


def test_gu1_thousand_dice_is_the_cap() -> None:
    assert Damage.parse("1000d cr").dice == 1000


def test_gu1_direct_construction_is_checked() -> None:
    with pytest.raises(InputError):
        Damage(dice=1001, type=DamageType.CR)
    with pytest.raises(InputError):
        Damage(dice=1, type=DamageType.CUT, tbb=True)


# --- hypothesis: strategies that follow the grammar -------------------------------------------

_DIVISOR_TEXT = ["2", "3", "5", "10", "100", "0.5", "0.2", "0.1", "inf", "∞", "-1", "1.5", "4",
                 "0.25", "99.9999", ".5", "7.125"]
_SPACE = st.sampled_from(["", " ", "  ", "\t"])


@st.composite
def notation(draw: st.DrawFn) -> str:
    """A valid damage string drawn from the GU-1 grammar, with optional spacing and case."""
    out = f"{draw(st.integers(1, MAX_DICE))}" + draw(st.sampled_from(["d", "D"]))
    if draw(st.booleans()):
        out += draw(_SPACE) + draw(st.sampled_from("+-")) + str(draw(st.integers(0, MAX_ADDS)))
    if draw(st.booleans()):
        out += draw(_SPACE) + draw(st.sampled_from(["x", "X", "×", "*"]))
        out += str(draw(st.integers(1, MAX_MULTIPLIER)))
    if draw(st.booleans()):
        out += draw(_SPACE) + "(" + draw(_SPACE) + draw(st.sampled_from(_DIVISOR_TEXT))
        out += draw(_SPACE) + ")"
    kind = draw(st.sampled_from([t.value for t in DamageType]))
    if draw(st.booleans()):
        kind = kind.upper()
    out += draw(_SPACE) + kind
    if kind.lower() == "burn" and draw(st.booleans()):
        out += draw(st.sampled_from([" ", "  "])) + "tbb"
    if draw(st.booleans()):
        out += draw(st.sampled_from([" ", "  "])) + draw(st.sampled_from(["ex", "EX"]))
    if draw(st.booleans()):  # fragments, as GCS writes them (GU-22)
        out += draw(_SPACE) + "[" + draw(_SPACE) + f"{draw(st.integers(1, MAX_DICE))}d"
        if draw(st.booleans()):
            out += draw(st.sampled_from("+-")) + str(draw(st.integers(0, MAX_ADDS)))
        if draw(st.booleans()):
            out += "(" + draw(st.sampled_from(_DIVISOR_TEXT)) + ")"
        if draw(st.booleans()):  # no type: cutting, as the Basic Set writes [2d]
            out += " " + draw(st.sampled_from([t.value for t in DamageType]))
        out += draw(_SPACE) + "]"
    return draw(_SPACE) + out + draw(_SPACE)


@st.composite
def damages(draw: st.DrawFn) -> Damage:
    kind = draw(st.sampled_from(list(DamageType)))
    return Damage(
        dice=draw(st.integers(1, MAX_DICE)),
        adds=draw(st.integers(-MAX_ADDS, MAX_ADDS)),
        multiplier=draw(st.integers(1, MAX_MULTIPLIER)),
        divisor=draw(divisors()),
        type=kind,
        tbb=kind is DamageType.BURN and draw(st.booleans()),
        explosive=draw(st.booleans()),
        fragments=draw(st.none() | st.builds(
            Damage, dice=st.integers(1, MAX_DICE), adds=st.integers(-MAX_ADDS, MAX_ADDS),
            multiplier=st.integers(1, MAX_MULTIPLIER), divisor=divisors(),
            type=st.sampled_from([t for t in DamageType if t is not DamageType.BURN]))),
    )


@given(notation())
def test_gu1_grammar_strings_parse_and_round_trip(text: str) -> None:
    d = Damage.parse(text)
    assert Damage.parse(str(d)) == d
    assert str(Damage.parse(str(d))) == str(d)


@given(damages())
def test_gu1_canonical_str_parses_back(d: Damage) -> None:
    assert Damage.parse(str(d)) == d


@st.composite
def near_miss(draw: st.DrawFn) -> str:
    """A valid string with one character deleted, replaced or inserted (may stay valid)."""
    text = draw(notation())
    i = draw(st.integers(0, len(text)))
    junk = draw(st.sampled_from([*list("d()+-x.0123456789 tbbpicr∞İ\x00"), "", "pi", "(2)"]))
    how = draw(st.sampled_from(["delete", "replace", "insert"]))
    if how == "delete":
        return text[:i] + text[i + 1 :]
    if how == "replace":
        return text[:i] + junk + text[i + 1 :]
    return text[:i] + junk + text[i:]


@given(near_miss())
def test_gu1_near_misses_parse_or_raise_notation_error(text: str) -> None:
    try:
        d = Damage.parse(text)
    except NotationError as exc:
        assert 1 <= exc.position <= len(text) + 1
        assert exc.expected
    else:
        assert Damage.parse(str(d)) == d


@given(st.text(max_size=40))
def test_gu1_any_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        Damage.parse(text)
    except NotationError as exc:
        assert 1 <= exc.position <= len(text) + 1


# --- the forms GCS writes (its calc.damage) -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3d(1.5) pi", Damage(dice=3, divisor=Divisor(Fraction(3, 2)), type=DamageType.PI)),
        ("2d+1(0.5) pi+", Damage(dice=2, adds=1, divisor=Divisor.HALF, type=DamageType.PI_PLUS)),
        ("4d(4) cut", Damage(dice=4, divisor=Divisor(Fraction(4)), type=DamageType.CUT)),
        ("6dx2 cr ex", Damage(dice=6, multiplier=2, type=DamageType.CR, explosive=True)),
        ("6dx2 cr ex [2d cut]", Damage(dice=6, multiplier=2, type=DamageType.CR, explosive=True,
                                       fragments=Damage(dice=2, type=DamageType.CUT))),
        ("4d cr [1d+1(2) cut]", Damage(dice=4, type=DamageType.CR, fragments=Damage(
            dice=1, adds=1, divisor=Divisor.TWO, type=DamageType.CUT))),
        ("3d burn tbb ex", Damage(dice=3, type=DamageType.BURN, tbb=True, explosive=True)),
    ],
)
def test_gu1_reads_what_gcs_writes(text: str, expected: Damage) -> None:
    d = Damage.parse(text)
    assert d == expected
    assert str(d) == text  # GCS spaces them as the canonical form does


def test_gu22_fragments_written_without_a_type_are_cutting() -> None:
    # the Basic Set's fragmentation grenade is 6dx2 cr ex [2d]: fragments are cutting (GU-22)
    d = Damage.parse("6dx2 cr ex [2d]")
    assert d.fragments == Damage(dice=2, type=DamageType.CUT)
    assert str(d) == "6dx2 cr ex [2d cut]"
    assert Damage.parse("6d cr ex [ 3d+1 ]").fragments == Damage(dice=3, adds=1,
                                                                  type=DamageType.CUT)
    # a type outside a bracket is still required
    with pytest.raises(NotationError):
        Damage.parse("6dx2 ex [2d]")


def test_gu1_divisors_off_the_usual_list_are_exact() -> None:
    assert Damage.parse("1d(1.5) pi").divisor.value_fraction == Fraction(3, 2)
    assert Damage.parse("1d(0.25) pi").divisor.dr_factor == 4
    assert Damage.parse("1d(.5) pi").divisor == Divisor.HALF
    assert str(Damage.parse("1d(2.50) pi")) == "1d(2.5) pi"
    assert Damage.parse("1d(1) pi").divisor == Divisor.NONE


def test_gu21_gu22_explosions_and_fragments_are_read_and_only_stray_fragments_unresolved() -> None:
    assert Damage.parse("6dx2 cr ex").unresolved() is None
    assert Damage.parse("6dx2 cr ex [2d cut]").unresolved() is None
    assert Damage.parse("4d cr [2d cut]").unresolved() == (
        "fragments ([2d cut]) without an explosion (ex, GU-22)")
    assert Damage.parse("3d pi").unresolved() is None


def test_gu1_fragments_are_plain_damage() -> None:
    with pytest.raises(InputError):
        Damage(dice=1, type=DamageType.CR,
               fragments=Damage(dice=1, type=DamageType.CUT, explosive=True))
