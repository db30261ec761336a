"""GU-9 to GU-14: what the injury does, worked out by hand from the Basic Set as the rulings read it.

Each case gives the basic damage straight to the chain; the comments show the arithmetic.
"""

from __future__ import annotations

from typing import Any

import pytest
from gurps.gurps_helpers import GRAY, VIP, gurps
from hypothesis import given, settings
from hypothesis import strategies as st

from armourpen.errors import ScenarioError
from armourpen.gurps.chain import TargetResult, resolve_chain
from armourpen.gurps.crippling import injury_cap
from armourpen.gurps.effects import Effects
from armourpen.gurps.locations import HUMANOID, Location, LocationRoll
from armourpen.gurps.shock import shock


def hit(damage: str, basic: int, **target: Any) -> TargetResult:
    """The first (only) target of a one-target line hit by ``basic`` points."""
    where = target.pop("at", None)
    spec = {"target": "T", "hp": 12, **target}
    sc = gurps(damage, spec, **({"location": where} if where else {}))
    return resolve_chain(sc, basic).targets[0]


def fx(t: TargetResult) -> Effects:
    assert t.effects is not None
    return t.effects


# --- GU-9 blunt trauma --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("basic", "injury", "trauma"),
    [
        (19, 1, 1),  # 19 stopped by DR 20: one full 10
        (20, 2, 2),  # 20 stopped: two full 10s
        (9, 0, 0),  # less than 10: nothing
        (21, 1, 0),  # one point through: x1 pi, injury 1, no blunt trauma
    ],
)
def test_gu9_flexible_dr_blunt_trauma_per_full_10_of_piercing(basic: int, injury: int, trauma: int) -> None:
    t = hit("4d pi", basic, dr=20, flexible=True)
    assert (t.penetrating, t.injury, fx(t).blunt_trauma) == (max(0, basic - 20), injury, trauma)
    assert ("blunt_trauma" in fx(t).names) == bool(trauma)


@pytest.mark.parametrize(
    ("basic", "trauma"),
    [(4, 0), (5, 1), (9, 1), (10, 2), (12, 2)],  # crushing: one HP per full 5
)
def test_gu9_crushing_blunt_trauma_per_full_5(basic: int, trauma: int) -> None:
    t = hit("3d cr", basic, dr=12, flexible=True)
    assert (t.penetrating, fx(t).blunt_trauma, t.injury) == (0, trauma, trauma)


def test_gu9_blunt_trauma_counts_in_injury_and_causes_shock() -> None:
    # 20 stopped by flexible DR 20: 2 HP of blunt trauma, shock -2 (GU-11)
    t = hit("4d pi", 20, dr=20, flexible=True)
    assert (t.injury, fx(t).blunt_trauma, fx(t).shock) == (2, 2, -2)
    assert fx(t).names == ("blunt_trauma", "shock")


def test_gu9_rigid_armour_no_blunt_trauma() -> None:
    t = hit("4d pi", 20, dr=20)
    assert (t.injury, fx(t).blunt_trauma, fx(t).shock) == (0, 0, 0)


@pytest.mark.parametrize("damage", ["4d burn", "4d cor", "4d tox", "4d fat"])
def test_gu9_only_cr_cut_imp_and_piercing_give_blunt_trauma(damage: str) -> None:
    assert fx(hit(damage, 20, dr=20, flexible=True)).blunt_trauma == 0


def test_gu9_divisor_does_not_shrink_blunt_trauma() -> None:
    # 4d(2) pi, 20 points against flexible DR 40: 40 / 2 = 20 stops all 20: 20 // 10 = 2
    t = hit("4d(2) pi", 20, dr=40, flexible=True)
    assert (t.own_dr, t.penetrating, fx(t).blunt_trauma) == (20, 0, 2)


def test_gu9_no_wounding_or_location_modifier_on_blunt_trauma() -> None:
    # imp to the vitals would be x3 and x2 at the torso; blunt trauma is 20 // 10 = 2 either way
    assert hit("4d imp", 20, dr=20, flexible=True, at="vitals").injury == 2
    assert hit("4d imp", 20, dr=20, flexible=True, vulnerability=2).injury == 2


def test_gu9_behind_cover_blunt_trauma_from_what_reaches_the_target() -> None:
    # 7d(2) pi- rolling 40: Gray's cover DR 28 / 2 = 14 in front of the VIP; the VIP's flexible DR
    # 52 / 2 = 26 faces 40 - 14 = 26 points and stops them all: 26 // 10 = 2 (not 40 // 10 = 4)
    sc = gurps("7d(2) pi-", GRAY, {**VIP, "dr": 52, "flexible": True})
    gray, vip = resolve_chain(sc, 40).targets
    assert (gray.penetrating, gray.injury) == (36, 18)
    assert (vip.effective_dr, vip.penetrating, fx(vip).blunt_trauma, vip.injury) == (40, 0, 2, 2)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 60), st.integers(0, 40), st.sampled_from(["pi-", "pi", "imp", "cut", "cr"]))
def test_gu9_no_blunt_trauma_whenever_anything_penetrates(basic: int, dr: int, kind: str) -> None:
    t = hit(f"10d {kind}", basic, dr=dr, flexible=True)
    if t.penetrating:
        assert fx(t).blunt_trauma == 0


# --- GU-10 hit locations ------------------------------------------------------------------------


def test_gu10_humanoid_random_table() -> None:
    expected = {3: "skull", 4: "skull", 5: "face", 6: "leg", 7: "leg", 8: "arm", 9: "torso",
                10: "torso", 11: "groin", 12: "arm", 13: "leg", 14: "leg", 15: "hand", 16: "foot",
                17: "neck", 18: "neck"}
    assert {r: HUMANOID.location(r).value for r in range(3, 19)} == expected
    # 3d6 ways: 3:1 4:3 5:6 6:10 7:15 8:21 9:25 10:27 11:27 12:25 13:21 14:15 15:10 16:6 17:3 18:1
    assert dict(HUMANOID.weights()) == {
        Location.SKULL: 4, Location.FACE: 6, Location.LEG: 10 + 15 + 21 + 15,
        Location.ARM: 21 + 25, Location.TORSO: 25 + 27, Location.GROIN: 27, Location.HAND: 10,
        Location.FOOT: 6, Location.NECK: 4,
    }


@pytest.mark.parametrize(
    ("hp", "penetrating", "injury", "crippled"),
    [
        (12, 6, 6, False),  # 6 is not over 12/2
        (12, 7, 7, True),  # 7 > 6: crippled
        (12, 9, 7, True),  # capped at floor(12/2) + 1 = 7
        (11, 5, 5, False),  # 5 is not over 5.5
        (11, 6, 6, True),  # 6 > 5.5; cap floor(5.5) + 1 = 6
        (11, 20, 6, True),
    ],
)
def test_gu10_arm_cripples_over_half_hp_and_the_rest_is_lost(
    hp: int, penetrating: int, injury: int, crippled: bool
) -> None:
    t = hit("3d pi", penetrating, hp=hp, at="arm")  # pi x1 on a limb, DR 0
    assert (t.penetrating, t.injury, fx(t).crippled) == (penetrating, injury, crippled)
    if penetrating > injury:
        assert any(f"({penetrating - injury} lost)" in s.text for s in resolve_chain(
            gurps("3d pi", {"target": "T", "hp": hp}, location="arm"), penetrating).steps)


@pytest.mark.parametrize(
    ("location", "hp", "penetrating", "injury", "crippled"),
    [
        ("hand", 12, 4, 4, False),  # 4 is not over 12/3
        ("hand", 12, 5, 5, True),  # 5 > 4; cap floor(4) + 1 = 5
        ("hand", 12, 8, 5, True),
        ("foot", 10, 3, 3, False),  # 3 is not over 3.33
        ("foot", 10, 4, 4, True),  # cap floor(3.33) + 1 = 4
        ("foot", 10, 9, 4, True),
        ("leg", 10, 9, 6, True),  # cap 10 // 2 + 1 = 6
    ],
)
def test_gu10_extremities_cripple_over_a_third_of_hp(
    location: str, hp: int, penetrating: int, injury: int, crippled: bool
) -> None:
    t = hit("3d pi", penetrating, hp=hp, at=location)
    assert (t.injury, fx(t).crippled) == (injury, crippled)


@pytest.mark.parametrize(
    ("penetrating", "injury", "blinded"),
    [(1, 4, False), (2, 8, True)],  # eye x4; HP 40: over 4 blinds
)
def test_gu10_eye_blinded_over_a_tenth_of_hp(penetrating: int, injury: int, blinded: bool) -> None:
    t = hit("3d pi-", penetrating, hp=40, at="eye")
    assert (t.injury, fx(t).crippled, fx(t).eyes_blinded) == (injury, blinded, int(blinded))
    assert ("blinded_eye" in fx(t).names) == blinded
    assert t.injury == injury  # no cap on the eye


@pytest.mark.parametrize(
    ("penetrating", "injury", "major", "eyes"),
    [
        (3, 4, False, 0),  # 3 x 1.5 = 4.5 -> 4: not over 10/2
        (4, 6, True, 1),  # 6 > 5: a major wound blinds one eye
        (7, 10, True, 1),  # 10 is not over HP 10
        (8, 12, True, 2),  # 12 > 10: both eyes
    ],
)
def test_gu10_face_corrosion_blinds(penetrating: int, injury: int, major: bool, eyes: int) -> None:
    t = hit("3d cor", penetrating, hp=10, at="face")
    assert (t.injury, fx(t).major_wound, fx(t).eyes_blinded, fx(t).crippled) == (
        injury, major, eyes, bool(eyes))
    if eyes == 2:
        assert "blinded_both" in fx(t).names and "blinded_eye" not in fx(t).names
    if major:
        assert fx(t).knockdown_ht_modifier == -5


def test_gu10_face_other_damage_does_not_blind() -> None:
    assert fx(hit("3d cr", 12, hp=10, at="face")).eyes_blinded == 0


def test_gu10_resolve_rolls_the_location_with_its_seed_and_shows_the_roll() -> None:
    from armourpen.gurps.resolve import resolve_gurps

    sc = gurps("7d(2) pi-", GRAY, VIP, location="random", seed=3)
    first = resolve_gurps(sc)
    again = resolve_gurps(sc)
    assert first.to_dict() == again.to_dict()  # the seed replays the dice and the locations
    for t in first.targets:
        assert t.location_roll is not None and t.location is not None
        assert HUMANOID.location(t.location_roll.total) is t.location
        assert 3 <= t.location_roll.total <= 18
        assert t.to_dict()["location_roll"] == t.location_roll.total
        shown = f"{t.name}: hit location {t.location_roll} on the humanoid table: {t.location.value}"
        assert any(s.rule == "GU-10" and s.text == shown for s in first.steps)


def test_gu10_fixed_roll_with_a_seed_for_random_locations_only() -> None:
    from armourpen.gurps.resolve import resolve_gurps

    out = resolve_gurps(gurps("7d(2) pi-", GRAY, roll=20, location="random", seed=5))
    assert out.roll == 20 and out.seed == 5 and out.dice is None
    with pytest.raises(ScenarioError, match=r"attack\.seed"):
        gurps("7d(2) pi-", GRAY, roll=20, seed=5)


@pytest.mark.parametrize(("total", "where"), [(3, "skull"), (5, "face"), (8, "arm"),
                                               (12, "arm"), (15, "hand"), (18, "neck")])
def test_gu10_the_gms_location_roll_replaces_the_random_one(total: int, where: str) -> None:
    """The humanoid table (Basic Set p. 552): 3-4 skull, 5 face, 8 and 12 arm, 15 hand, 17-18
    neck. The GM's roll draws nothing from the seed: every seed gives the same location, and
    the VIP behind rolls as it would with no fixed roll in front of it."""
    from armourpen.gurps.resolve import resolve_gurps

    fixed = {**GRAY, "location_roll": total}
    for seed in (1, 2, 3):
        # 100 basic passes Gray's cover DR 8 + 8 + HP 12 = 28 (GU-6) and reaches the VIP
        out = resolve_gurps(gurps("20d pi", fixed, VIP, roll=100, location="random", seed=seed))
        gray, vip = out.targets
        assert gray.location is Location(where) and gray.location_roll is not None
        assert gray.location_roll.total == total and gray.to_dict()["location_roll"] == total
        assert f"Agent Gray: hit location {total} (the GM's roll) on the humanoid table: " \
            f"{where}" in [s.text for s in out.steps]
        alone = resolve_gurps(gurps("20d pi", VIP, roll=100, location="random", seed=seed))
        assert vip.location_roll == alone.targets[0].location_roll


@pytest.mark.parametrize(("card", "attack", "allowed"), [
    ({"location_roll": 19}, {"location": "random"}, "3 to 18 (GU-10)"),
    ({"location_roll": 2}, {"location": "random"}, "3 to 18 (GU-10)"),
    ({"location_roll": 12}, {}, "only with a random hit location"),
    ({"location_roll": 12, "location": "skull"}, {"location": "random"},
     "only with a random hit location"),
])
def test_ap2_a_location_roll_is_a_roll_of_the_random_table(
    card: dict[str, Any], attack: dict[str, Any], allowed: str,
) -> None:
    with pytest.raises(ScenarioError) as info:
        gurps("3d pi", {**GRAY, **card}, roll=10, **attack)
    assert info.value.field == "line[0].location_roll" and allowed in info.value.allowed


def test_gu10_odds_ignore_the_gms_location_roll_as_a_fixed_roll() -> None:
    import armourpen

    with_roll = gurps("3d pi", {**GRAY, "location_roll": 12}, roll=10, location="random")
    without = gurps("3d pi", GRAY, roll=10, location="random")
    a, b = armourpen.odds(with_roll).to_dict(), armourpen.odds(without).to_dict()
    assert a["targets"] == b["targets"]
    assert "Agent Gray: the scenario's fixed location roll 12 is ignored: odds cover every roll" \
        in [s["text"] for s in a["steps"]]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.integers(1, 40), st.sampled_from(["arm", "leg", "hand", "foot"]),
       st.sampled_from(["pi", "imp", "cr", "cut", "pi++"]))
def test_gu10_limb_injury_never_exceeds_the_cap(basic: int, hp: int, where: str, kind: str) -> None:
    t = hit(f"40d {kind}", basic, hp=hp, at=where)
    cap = injury_cap(Location(where), hp)
    assert cap is not None and t.injury is not None
    assert t.injury <= cap == (hp // 2 + 1 if where in ("arm", "leg") else hp // 3 + 1)


# --- GU-11 shock --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("injury", "hp", "expected"),
    [
        (0, 12, 0),
        (3, 12, -3),
        (4, 12, -4),
        (8, 12, -4),  # never worse than -4
        (3, 19, -3),  # HP 19: minus the injury
        (3, 20, -1),  # HP 20: 3 // (20 // 10) = 1
        (1, 20, 0),  # 1 // 2 = 0: no shock
        (5, 25, -2),  # 5 // 2
        (5, 30, -1),  # 5 // 3
        (14, 30, -4),
        (15, 30, -4),  # 5, at most 4
    ],
)
def test_gu11_shock(injury: int, hp: int, expected: int) -> None:
    assert shock(injury, hp).value == expected


@pytest.mark.parametrize(
    ("basic", "marked", "expected"),
    [(3, True, -6), (4, True, -8), (5, True, -8), (3, False, -3)],
)
def test_gu11_groin_double_shock_for_crushing(basic: int, marked: bool, expected: int) -> None:
    # 3d cr, DR 0, HP 12: injury = basic (x1 at the groin); doubled for marked targets, max -8
    t = hit("3d cr", basic, at="groin", groin_double_shock=marked)
    assert fx(t).shock == expected


@pytest.mark.parametrize(
    ("damage", "extra"),
    [("3d pi", {}), ("3d cr", {"injury_tolerance": "no_vitals"}),
     ("3d cr", {"injury_tolerance": "homogenous"})],
)
def test_gu11_no_double_shock_unless_crushing_to_a_groin_that_counts(
    damage: str, extra: dict[str, Any]
) -> None:
    t = hit(damage, 3, at="groin", groin_double_shock=True, **extra)
    assert fx(t).shock == -(t.injury or 0) and fx(t).shock >= -4


def test_gu11_shock_on_the_agent_gray_example() -> None:
    gray, vip = resolve_chain(gurps("7d(2) pi-", GRAY, VIP), 20).targets
    assert (fx(gray).shock, fx(vip).shock) == (-4, -3)  # injury 8 (at most -4), injury 3


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 500), st.integers(1, 300), st.booleans())
def test_gu11_shock_never_below_4_or_8_doubled(injury: int, hp: int, double: bool) -> None:
    value = shock(injury, hp, double).value
    assert (-8 if double else -4) <= value <= 0
    assert (value == 0) == (injury < (hp // 10 if hp >= 20 else 1))


# --- GU-12 major wounds and knockdown -----------------------------------------------------------


@pytest.mark.parametrize(
    ("basic", "major", "roll"),
    [(7, True, 0), (6, False, None)],  # 7 of HP 12 is a major wound, 6 is not
)
def test_gu12_major_wound_over_half_hp(basic: int, major: bool, roll: int | None) -> None:
    t = hit("3d pi", basic)
    assert (t.injury, fx(t).major_wound, fx(t).knockdown_ht_modifier) == (basic, major, roll)
    assert ("knockdown_roll" in fx(t).names) == major


@pytest.mark.parametrize(
    ("where", "basic", "roll"),
    [
        ("face", 7, -5),  # major wound to the face
        ("face", 6, None),  # shock only: no roll for the face
        ("groin", 7, -5),
        ("groin", 6, None),
        ("neck", 7, 0),  # pi x1 at the neck: major wound, +0
        ("vitals", 1, -5),  # pi x3 = 3: shock at the vitals, -5
        ("vitals", 3, -5),  # 9 > 6: major, -5
        ("skull", 3, -10),  # (3 - 2) x 4 = 4: shock at the skull, -10
        ("skull", 2, None),  # 2 - skull DR 2: nothing penetrates
        ("eye", 1, -10),  # 1 x 4 = 4: shock at the eye, -10
    ],
)
def test_gu12_knockdown_modifier_by_location(where: str, basic: int, roll: int | None) -> None:
    assert fx(hit("3d pi", basic, at=where)).knockdown_ht_modifier == roll


def test_gu12_skull_hit_without_shock_calls_for_no_roll() -> None:
    # HP 50: 3d pi- at the skull, 3 - 2 = 1 x 4 = 4 injury; 4 // 5 = 0: no shock, not major
    t = hit("3d pi-", 3, hp=50, at="skull")
    assert (t.injury, fx(t).shock, fx(t).knockdown_ht_modifier) == (4, 0, None)


def test_gu12_toxic_gets_none_of_the_skulls_effects() -> None:
    # tox x1 at the skull, no natural DR 2: 3 -> shock -3, no roll; 9 -> major wound, +0 not -10
    skull = hit("3d tox", 3, at="skull")
    assert (skull.own_dr, skull.injury, fx(skull).shock) == (0, 3, -3)
    assert fx(skull).knockdown_ht_modifier is None
    assert fx(hit("3d tox", 9, at="skull")).knockdown_ht_modifier == 0
    eye = fx(hit("3d tox", 3, hp=10, at="eye"))  # injury 3 > 10/10, but no eye effects for tox
    assert (eye.crippled, eye.eyes_blinded, eye.knockdown_ht_modifier) == (False, 0, None)


@pytest.mark.parametrize("kind", ["homogenous", "diffuse"])
def test_gu12_homogenous_and_diffuse_ignore_location_modifiers(kind: str) -> None:
    # HP 2: Diffuse caps pi at 1, Homogenous pi x1/5 (5 -> 1): 1 of HP 2 is not a major wound,
    # so the skull's shock gives no roll; HP 1: 1 > 1/2 is a major wound, at +0 (not -10)
    assert fx(hit("3d pi", 7, hp=2, at="skull", injury_tolerance=kind)).knockdown_ht_modifier is None
    assert fx(hit("3d pi", 7, hp=1, at="skull", injury_tolerance=kind)).knockdown_ht_modifier == 0


def test_gu12_crippled_hand_is_a_major_wound_at_plus_0() -> None:
    # hand, HP 12: 5 > 12/3 cripples; 5 is not over 12/2, but crippling is a major wound
    t = hit("3d pi", 5, at="hand")
    assert (fx(t).crippled, fx(t).major_wound, fx(t).knockdown_ht_modifier) == (True, True, 0)


def test_gu12_blinded_eye_is_a_major_wound() -> None:
    t = hit("3d pi-", 2, hp=40, at="eye")  # 8 > 4 blinds; 8 is not over 20
    assert (fx(t).crippled, fx(t).major_wound, fx(t).knockdown_ht_modifier) == (True, True, -10)


# --- GU-13 knockback ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("basic", "yards", "dx"),
    [(9, 0, None), (10, 1, 0), (19, 1, 0), (20, 2, -1), (24, 2, -1)],
)
def test_gu13_knockback_st12_per_full_10(basic: int, yards: int, dx: int | None) -> None:
    t = hit("4d cr", basic, hp=10, st=12, dr=30)  # crushing pushes even when DR stops it
    assert (fx(t).knockback_yards, fx(t).knockback_dx_modifier) == (yards, dx)
    assert ("knockback" in fx(t).names) == bool(yards)


def test_gu13_perfect_balance_plus_4() -> None:
    assert fx(hit("4d cr", 20, st=12, perfect_balance=True)).knockback_dx_modifier == 3


def test_gu13_st_defaults_to_hp() -> None:
    assert fx(hit("4d cr", 20, hp=12)).knockback_yards == 2  # HP 12 - 2 = 10
    assert fx(hit("4d cr", 20, hp=12, st=7)).knockback_yards == 4  # 20 // 5


def test_gu13_st_2_or_less_one_yard_per_point() -> None:
    assert fx(hit("4d cr", 5, hp=12, st=2)).knockback_yards == 5


def test_gu13_cutting_knocks_back_only_when_stopped() -> None:
    assert fx(hit("4d cut", 20, st=12, dr=20)).knockback_yards == 2  # nothing penetrates
    assert fx(hit("4d cut", 20, st=12, dr=19)).knockback_yards == 0  # 1 penetrates


def test_gu13_kb_pushes_without_injury() -> None:
    t = hit("4d kb", 20, st=12, dr=2)
    assert (t.penetrating, t.injury, fx(t).shock, fx(t).knockback_yards) == (0, 0, 0, 2)
    assert fx(t).names == ("knockback",)


def test_gu13_piercing_never_knocks_back() -> None:
    assert fx(hit("4d pi", 24, st=3)).knockback_yards == 0


def test_gu13_knockback_stops_the_attack_in_the_first_target() -> None:
    # crushing cannot overpenetrate (GU-5): a man pushed back against the door behind him
    sc = gurps("4d cr", {"target": "thug", "hp": 12, "st": 12},
               {"cover": {"name": "door", "dr": 2, "slab": True}}, ranged=False)
    r = resolve_chain(sc, 20)
    (thug,) = r.targets
    assert (fx(thug).knockback_yards, thug.overpenetrates, r.covers[0].reached) == (2, False, False)


# --- GU-14 traits -------------------------------------------------------------------------------


def test_gu14_vulnerability_multiplies_penetrating_before_wounding() -> None:
    # pi-: 7 penetrating x 2 = 14 x 0.5 = 7 (not floor(3.5) x 2 = 6)
    assert hit("3d pi-", 7, vulnerability=2).injury == 7
    assert hit("3d pi", 10, dr=4, vulnerability=3).injury == 18  # 6 x 3 x 1


def test_gu14_vulnerability_does_not_lift_the_diffuse_cap() -> None:
    assert hit("3d pi", 10, vulnerability=4, injury_tolerance="diffuse").injury == 1


@pytest.mark.parametrize(
    ("damage", "hardened", "own_dr"),
    [
        ("3d(2) pi", 1, 8),  # (2) -> none
        ("3d(2) pi", 3, 8),
        ("3d(3) pi", 1, 4),  # (3) -> (2): 8 / 2
        ("3d(5) pi", 1, 2),  # (5) -> (3): 8 / 3 = 2
        ("3d(10) pi", 1, 1),  # (10) -> (5)
        ("3d(100) pi", 1, 0),  # (100) -> (10): 8 / 10 = 0
        ("3d(inf) pi", 1, 0),  # ignores DR -> (100): 8 / 100 = 0
        ("3d(inf) pi", 2, 0),  # -> (10)
        ("3d(inf) pi", 4, 2),  # -> (3): 8 / 3 = 2
        ("3d(0.5) pi", 1, 16),  # fractional: not on the ladder
        ("3d pi", 2, 8),
        ("3d(1.5) pi", 1, 8),  # between 2 and 1: one step down is none
        ("3d(4) pi", 1, 2),  # between 5 and 3: one step down is (3): 8 / 3 = 2
        ("3d(4) pi", 2, 4),  # -> (2): 8 / 2
        ("3d(50) pi", 1, 0),  # -> (10): 8 / 10 = 0
        ("3d(50) pi", 2, 1),  # -> (5): 8 / 5 = 1
    ],
)
def test_gu14_hardened_moves_the_divisor_down_the_ladder(damage: str, hardened: int, own_dr: int) -> None:
    assert hit(damage, 18, dr=8, hardened=hardened).own_dr == own_dr


def test_gu14_hardened_agent_gray_stops_the_bullet() -> None:
    # Hardened 1 against (2): DR 8 whole; 20 - 8 = 12 x 0.5 = 6; cover 8 + 8 + 12 = 28: 20 stops
    sc = gurps("7d(2) pi-", {**GRAY, "hardened": 1}, VIP)
    gray, vip = resolve_chain(sc, 20).targets
    assert (gray.own_dr, gray.injury, gray.cover_dr, gray.overpenetrates) == (8, 6, 28, False)
    assert not vip.reached


def test_gu14_no_vitals_treats_vitals_and_groin_as_torso() -> None:
    assert hit("3d pi", 4, at="vitals", injury_tolerance="no_vitals").injury == 4  # x1, not x3
    t = hit("3d pi", 4, at="vitals", injury_tolerance="no_vitals")
    assert fx(t).knockdown_ht_modifier is None  # torso: shock -4 only
    assert fx(hit("3d pi", 7, at="groin", injury_tolerance="no_vitals")).knockdown_ht_modifier == 0


def test_gu14_no_brain_skull_and_eye_as_face() -> None:
    # no skull DR, x1 for pi, and the face's rules: 3 -> shock, no roll; 7 -> major, -5
    t = hit("3d pi", 3, at="skull", injury_tolerance="no_brain")
    assert (t.own_dr, t.injury, fx(t).knockdown_ht_modifier) == (0, 3, None)
    assert fx(hit("3d pi", 7, at="skull", injury_tolerance="no_brain")).knockdown_ht_modifier == -5
    # the eye can still be blinded: 2 x 1 = 2 > 10/10; blinded is crippling, a major wound, face -5
    eye = hit("3d pi", 2, hp=10, at="eye", injury_tolerance="no_brain")
    assert (eye.injury, fx(eye).eyes_blinded, fx(eye).knockdown_ht_modifier) == (2, 1, -5)


def test_gu14_unliving_skull_keeps_x4_and_minus_10() -> None:
    t = hit("3d pi", 3, at="skull", injury_tolerance="unliving")
    assert (t.injury, fx(t).knockdown_ht_modifier) == (4, -10)  # (3 - 2) x 4


@pytest.mark.parametrize(
    ("kind", "penetrating", "injury"),
    [("homogenous", 30, 6), ("homogenous", 25, 5), ("diffuse", 20, 1)],
)
def test_gu14_homogenous_and_diffuse_limbs_still_cripple(kind: str, penetrating: int, injury: int) -> None:
    # Homogenous pi x1/5 on an arm of HP 10: 30 -> 6 > 5 crippled (the cap is 6 too); 25 -> 5 not
    t = hit("10d pi", penetrating, hp=10 if kind == "homogenous" else 1, at="arm", injury_tolerance=kind)
    assert t.injury == injury
    assert fx(t).crippled == (injury > 5 if kind == "homogenous" else True)


def test_gu14_diffuse_eye_still_blinded() -> None:
    # Diffuse: pi capped at 1; HP 9: 1 > 0.9 blinds, HP 10: 1 is not over 1
    assert fx(hit("3d pi", 5, hp=9, at="eye", injury_tolerance="diffuse")).eyes_blinded == 1
    assert fx(hit("3d pi", 5, hp=10, at="eye", injury_tolerance="diffuse")).eyes_blinded == 0


def test_gu14_no_head_and_no_neck_random_hits_land_on_the_torso() -> None:
    sc = gurps("3d pi", {"target": "T", "hp": 12, "injury_tolerance": ["no_head", "no_neck"]},
               location="random")
    for total, where in ((4, Location.SKULL), (5, Location.FACE), (17, Location.NECK)):
        roll = LocationRoll((1, 1, total - 2), where)
        t = resolve_chain(sc, 5, None, [roll]).targets[0]
        assert (t.location, t.injury, t.location_roll) == (Location.TORSO, 5, roll)


@pytest.mark.parametrize(
    ("kinds", "where"),
    [("no_head", "skull"), ("no_head", "face"), ("no_head", "eye"), ("no_eyes", "eye"),
     ("no_neck", "neck")],
)
def test_gu14_aiming_at_a_missing_part_is_an_input_error(kinds: str, where: str) -> None:
    with pytest.raises(ScenarioError, match=rf"location.*{where}"):
        gurps("3d pi", {"target": "T", "hp": 12, "injury_tolerance": kinds, "location": where})


def test_gu14_no_eyes_face_corrosion_blinds_nothing() -> None:
    t = hit("3d cor", 8, hp=10, at="face", injury_tolerance="no_eyes")
    assert (fx(t).major_wound, fx(t).eyes_blinded, fx(t).crippled) == (True, 0, False)


def test_gu14_every_kind_is_shown_with_what_it_changes() -> None:
    sc = gurps("3d pi", {"target": "T", "hp": 12,
                         "injury_tolerance": ["no_blood", "no_eyes", "no_head", "no_neck"]})
    texts = [s.text for s in resolve_chain(sc, 5).steps if s.rule == "GU-14"]
    for kind in ("no_blood", "no_eyes", "no_head", "no_neck"):
        assert any(t.startswith(f"T: {kind}:") for t in texts), kind


@pytest.mark.parametrize(
    ("kinds", "message"),
    [(["unliving", "diffuse"], "at most one"), (["no_brain", "no_brain"], "once"),
     (["none", "no_brain"], "none"), ("elastic", "no_neck")],
)
def test_gu14_injury_tolerance_lists_are_checked(kinds: Any, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        gurps("3d pi", {"target": "T", "hp": 12, "injury_tolerance": kinds})


def test_gu14_injury_tolerance_list_combines_kinds() -> None:
    sc = gurps("3d pi", {"target": "T", "hp": 12, "injury_tolerance": ["unliving", "no_vitals"]},
               location="vitals")
    # vitals as torso (No Vitals), then Unliving's pi x1/3: 9 -> 3
    assert resolve_chain(sc, 9).targets[0].injury == 3


def test_gu10_readable_output_shows_the_location_roll_and_one_line_of_effects_per_target() -> None:
    from armourpen.gurps.layout import layout
    from armourpen.gurps.resolve import resolve_gurps
    from armourpen.layout import Span

    out = resolve_gurps(gurps("7d(2) pi-", GRAY, VIP, roll=20, location="random", seed=5))
    shown = layout(out)
    assert "hit locations rolled with seed 5" in shown.head_text()
    assert any(s.rule == "GU-10" and "seed 5" in s.text for s in out.steps)
    rows = [[c.text for c in row.cells if isinstance(c, Span)] for row in shown.rows]
    for t, row in zip(out.targets, rows, strict=True):
        assert t.location is not None and t.location_roll is not None
        assert f"{t.location.value} ({t.location_roll.total})" in row
    lines = ["".join(span.text for span in line) for line in shown.notes]
    assert [line.split(":")[0] for line in lines] == ["Agent Gray", "VIP"]
    for t, line in zip(out.targets, lines, strict=True):
        # a limb crippled is named by the location hit (issue 34 item 7): "leg crippled (GU-10)"
        assert t.effects is not None and t.location is not None
        limb = (t.location.value,) if t.effects.crippled and not t.effects.eyes_blinded else ()
        assert line == f"{t.name}: {t.effects.summary(limb)}"
        if limb:
            assert f"{t.location.value} crippled (GU-10)" in line
