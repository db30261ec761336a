"""GU-5, GU-7, GU-8: the shot through a line of targets and cover."""

from __future__ import annotations

import pytest
from gurps.gurps_helpers import GRAY, VIP, gurps
from hypothesis import given
from hypothesis import strategies as st

from armourpen.errors import InputError
from armourpen.gurps.chain import ChainResult, CoverResult, TargetResult, resolve_chain


def test_gu7_agent_gray_book_example_step_by_step() -> None:
    # 7d(2) pi- rolling 20; Gray: DR 8 vest, HP 12; the VIP behind him has DR 0.
    sc = gurps("7d(2) pi-", GRAY, VIP, roll=20)
    r = resolve_chain(sc, 20)
    gray, vip = r.targets
    # Gray: 8 / 2 = 4 effective DR; 20 - 4 = 16 penetrating; 16 x 0.5 = 8 injury
    assert (gray.effective_dr, gray.penetrating, gray.injury) == (4, 16, 8)
    # cover DR 8 + 8 + 12 = 28, / 2 = 14; 20 > 14: overpenetrates
    assert (gray.cover_dr, gray.overpenetrates) == (14, True)
    # VIP: 14 + 0 = 14 faced; 20 - 14 = 6 penetrating; 6 x 0.5 = 3 injury
    assert (vip.reached, vip.hit) == (True, True)
    assert (vip.effective_dr, vip.penetrating, vip.injury) == (14, 6, 3)
    assert (vip.dr_in_front, vip.own_dr) == (14, 0)
    expected = [
        ("GU-5", "can overpenetrate"),
        ("GU-8", "Agent Gray"),
        ("GU-3", "Agent Gray: DR 8 / armour divisor 2 = 4"),
        ("GU-4", "Agent Gray: penetrating = max(0, 20 - 4) = 16"),
        ("GU-4", "pi- x0.5"),
        ("GU-4", "Agent Gray: injury 16 x 0.5 = 8"),
        ("GU-12", "Agent Gray: injury 8 > HP/2 (HP 12): a major wound"),
        ("GU-11", "Agent Gray: injury 8: shock -4 (at most -4)"),
        ("GU-12", "Agent Gray: torso, major wound: HT roll at +0"),
        ("GU-6", "Agent Gray: cover DR = DR 8 in + DR 8 out + HP 12 = 28"),
        ("GU-3", "Agent Gray: cover DR 28 / armour divisor 2 = 14"),
        ("GU-7", "Agent Gray: basic damage 20 > cover DR 14: the shot overpenetrates"),
        ("GU-8", "VIP: hit"),
        ("GU-3", "VIP: DR 0 / armour divisor 2 = 0"),
        ("GU-7", "VIP: DR faced = cover DR 14 in front + own DR 0 = 14"),
        ("GU-4", "VIP: penetrating = max(0, 20 - 14) = 6"),
        ("GU-4", "pi- x0.5"),
        ("GU-4", "VIP: injury 6 x 0.5 = 3"),
        ("GU-12", "VIP: injury 3 is not over HP/2 (HP 10): not a major wound"),
        ("GU-11", "VIP: injury 3: shock -3"),
    ]
    steps = list(r.steps)
    assert len(steps) == len(expected) + 3  # and the VIP's cover DR, its divisor, and the shot on
    for (rule, text), step in zip(expected, steps, strict=False):
        assert step.rule == rule
        assert text in step.text


def test_gu7_basic_damage_equal_to_cover_dr_stops() -> None:
    # roll 14: Gray 14 - 4 = 10 penetrating, injury 5; 14 does not exceed 14
    r = resolve_chain(gurps("7d(2) pi-", GRAY, VIP, roll=14), 14)
    gray, vip = r.targets
    assert (gray.penetrating, gray.injury, gray.overpenetrates) == (10, 5, False)
    assert (vip.reached, vip.hit, vip.injury) == (False, False, None)  # no figures: not reached
    assert r.stopped_in == "Agent Gray"


def test_gu7_three_targets_with_cover_between_and_a_divisor() -> None:
    # 7d(2) pi- rolling 40: Gray, a door (slab DR 2), VIP, a bystander (DR 2, HP 10)
    sc = gurps(
        "7d(2) pi-",
        GRAY,
        {"cover": {"name": "door", "dr": 2, "slab": True}},
        VIP,
        {"target": "bystander", "dr": 2, "hp": 10},
        roll=40,
    )
    r = resolve_chain(sc, 40)
    gray, vip, by = r.targets
    (door,) = r.covers
    # Gray: 40 - 4 = 36, x0.5 = 18; cover 28 / 2 = 14; 40 > 14
    assert (gray.penetrating, gray.injury, gray.cover_dr, gray.overpenetrates) == (36, 18, 14, True)
    # door: 2 / 2 = 1; 40 > 14 + 1 = 15
    assert (door.cover_dr, door.overpenetrates) == (1, True)
    # VIP: faces 15; 40 - 15 = 25, x0.5 = 12.5 -> 12; cover 10 / 2 = 5; 40 > 20
    assert (vip.effective_dr, vip.penetrating, vip.injury, vip.cover_dr) == (15, 25, 12, 5)
    # bystander: own 2 / 2 = 1; faces 20 + 1 = 21; 40 - 21 = 19, x0.5 = 9.5 -> 9
    assert (by.effective_dr, by.penetrating, by.injury) == (21, 19, 9)
    # its cover (2 + 2 + 10) / 2 = 7; 40 > 27
    assert (by.cover_dr, by.overpenetrates) == (7, True)
    assert r.stopped_in is None


def _three(hits: tuple[bool, ...] | None = None) -> tuple[
        TargetResult, TargetResult, TargetResult, CoverResult, CoverResult, ChainResult]:
    # 10d pi rolling 60: A (DR 4, HP 10), door (slab DR 5), B (HP 10, 1/2), car (Unliving,
    # DR 6, HP 30), C (DR 2, HP 12)
    sc = gurps(
        "10d pi",
        {"target": "A", "dr": 4, "hp": 10},
        {"cover": {"name": "door", "dr": 5, "slab": True}},
        {"target": "B", "hp": 10, "hit_chance": 0.5},
        {"cover": {"name": "car", "dr": 6, "hp": 30, "injury_tolerance": "unliving"}},
        {"target": "C", "dr": 2, "hp": 12, "hit_chance": "1/3"},
        roll=60,
    )
    r = resolve_chain(sc, 60, hits)
    (a, b, c), (door, car) = r.targets, r.covers
    return a, b, c, door, car, r


def test_gu7_chain_of_three_stops_in_the_car() -> None:
    a, b, c, door, car, r = _three()
    # A: 60 - 4 = 56, pi x1; cover 4 + 4 + 10 = 18; 60 > 18
    assert (a.penetrating, a.injury, a.cover_dr) == (56, 56, 18)
    # door 5: 60 > 23
    assert door.overpenetrates
    # B: faces 23; 60 - 23 = 37; cover 10; 60 > 33
    assert (b.effective_dr, b.injury, b.cover_dr, b.overpenetrates) == (23, 37, 10, True)
    # car: 6 + 6 + 30 / 2 = 27; 33 + 27 = 60, not exceeded: stops in the car
    assert (car.cover_dr, car.overpenetrates) == (27, False)
    assert (c.reached, c.hit, c.injury) == (False, False, None)
    assert r.stopped_in == "car"


def test_gu8_missed_target_adds_no_cover_and_the_shot_goes_on() -> None:
    _a, b, c, _door, car, r = _three((True, False, True))
    # B missed: no figures at all (nothing hit it), and it adds no cover DR for those behind
    assert (b.reached, b.hit, b.injury, b.cover_dr) == (True, False, None, None)
    # car: 18 + 5 + 27 = 50 < 60, passes; C: 50 + 2 = 52 faced, 60 - 52 = 8 injury
    assert car.overpenetrates
    assert (c.reached, c.hit, c.effective_dr, c.injury) == (True, True, 52, 8)
    # C's cover 2 + 2 + 12 = 16; 50 + 16 = 66 >= 60: stops in C
    assert (c.cover_dr, c.overpenetrates) == (16, False)
    assert any(s.rule == "GU-8" and "missed" in s.text for s in r.steps)


def test_gu8_hits_must_match_the_targets() -> None:
    sc = gurps("7d(2) pi-", GRAY, VIP, roll=20)
    with pytest.raises(InputError):
        resolve_chain(sc, 20, (True,))


def test_gu8_hit_chances_are_exact_fractions() -> None:
    from fractions import Fraction

    sc = gurps("1d pi", GRAY, {**VIP, "hit_chance": 0.3}, {"target": "x", "hp": 1,
               "hit_chance": "1/3"}, roll=3)
    assert sc.hit_chances == (Fraction(1), Fraction(3, 10), Fraction(1, 3))


@pytest.mark.parametrize(
    "damage", ["7d pi-", "7d pi", "7d pi+", "7d pi++", "7d imp", "7d burn tbb"]
)
def test_gu5_ranged_piercing_impaling_and_tight_beam_overpenetrate(damage: str) -> None:
    # roll 40 at a target with DR 0, HP 10: cover 10 < 40
    r = resolve_chain(gurps(damage, {"target": "a", "hp": 10}, VIP, roll=40), 40)
    assert r.can_overpenetrate
    assert r.targets[0].overpenetrates
    assert r.targets[1].reached


@pytest.mark.parametrize("damage", ["7d burn", "7d cut", "7d cr", "7d cor", "7d tox", "7d fat"])
def test_gu5_other_types_stop_in_the_first_target(damage: str) -> None:
    r = resolve_chain(gurps(damage, {"target": "a", "hp": 10}, VIP, roll=40), 40)
    first, second = r.targets
    assert not r.can_overpenetrate
    # 40 - 0 penetrating, but no cover DR and no overpenetration
    # nothing goes on (GU-5): no cover DR applies, null rather than 0
    assert (first.penetrating, first.cover_dr, first.overpenetrates) == (40, None, False)
    assert (second.reached, second.injury) == (False, None)
    assert r.steps[0].rule == "GU-5"


def test_gu5_melee_does_not_overpenetrate() -> None:
    r = resolve_chain(gurps("7d imp", {"target": "a", "hp": 10}, VIP, roll=40, ranged=False), 40)
    assert not r.can_overpenetrate
    assert not r.targets[1].reached
    assert "melee" in r.steps[0].text


def test_gu5_tight_beam_burning_overpenetrates_gray() -> None:
    # 6d burn tbb rolling 30: Gray 30 - 8 = 22, burn x1; cover 28; 30 > 28
    # VIP: 30 - 28 = 2 penetrating, injury 2
    r = resolve_chain(gurps("6d burn tbb", GRAY, VIP, roll=30), 30)
    gray, vip = r.targets
    assert (gray.injury, gray.cover_dr, gray.overpenetrates) == (22, 28, True)
    assert (vip.penetrating, vip.injury) == (2, 2)


def test_gu5_non_eligible_attack_stops_in_cover_first() -> None:
    # a thrown axe (cut) through a door: it stops in the door
    r = resolve_chain(
        gurps("3d cut", {"cover": {"name": "door", "dr": 2, "slab": True}}, VIP, roll=12), 12
    )
    assert not r.covers[0].overpenetrates
    assert not r.targets[0].reached
    assert r.stopped_in == "door"


def test_gu7_cover_first_stops_a_weak_shot() -> None:
    # 1d pi rolling 3 against a slab of DR 5: 3 does not exceed 5
    r = resolve_chain(
        gurps("1d pi", {"cover": {"name": "wall", "dr": 5, "slab": True}}, VIP, roll=3), 3
    )
    assert r.stopped_in == "wall"
    assert not r.targets[0].reached


def test_gu4_skull_adds_natural_dr_2_in_the_chain() -> None:
    # 3d pi rolling 10 at the skull, DR 0: 0 + 2 = 2; 10 - 2 = 8; x4 = 32
    r = resolve_chain(gurps("3d pi", {"target": "a", "hp": 10}, roll=10, location="skull"), 10)
    t = r.targets[0]
    assert (t.own_dr, t.penetrating, t.injury) == (2, 8, 32)


def test_gu6_skull_natural_dr_counts_where_the_shot_leaves_too() -> None:
    # 4d pi at the skull of A (DR 3, HP 10), the VIP (HP 10, torso) behind. A's own DR 3 + 2 = 5;
    # A's cover DR (3 + 2) in + (3 + 2) out + HP 10 = 20. Roll 20: 20 - 5 = 15 x4 = 60, and 20
    # does not exceed 20: the shot stops in A (counting the skull in only, 18, it would go on).
    line = ({"target": "A", "dr": 3, "hp": 10, "location": "skull"}, VIP)
    a, vip = resolve_chain(gurps("4d pi", *line, roll=20), 20).targets
    assert (a.own_dr, a.penetrating, a.injury, a.cover_dr, a.overpenetrates) == (5, 15, 60, 20,
                                                                                 False)
    assert not vip.reached
    # Roll 21 goes on: the VIP faces 20, 1 penetrating, x1 = 1.
    a, vip = resolve_chain(gurps("4d pi", *line, roll=21), 21).targets
    assert a.overpenetrates
    assert (vip.effective_dr, vip.penetrating, vip.injury) == (20, 1, 1)


def test_gu6_skull_natural_dr_on_both_sides_with_dr_back_and_a_divisor() -> None:
    # 3d(2) pi rolling 15 at the skull of A (DR 3 in, 1 out, HP 10): own (3 + 2) / 2 = 2;
    # 15 - 2 = 13, x4 = 52. Cover (3 + 2) + (1 + 2) + 10 = 18, / 2 = 9 < 15: the VIP faces 9,
    # 6 penetrating, x1 = 6.
    sc = gurps("3d(2) pi", {"target": "A", "dr": 3, "dr_back": 1, "hp": 10, "location": "skull"},
               VIP, roll=15)
    r = resolve_chain(sc, 15)
    a, vip = r.targets
    assert (a.own_dr, a.penetrating, a.injury, a.cover_dr) == (2, 13, 52, 9)
    assert (vip.effective_dr, vip.penetrating, vip.injury) == (9, 6, 6)
    texts = [s.text for s in r.steps]
    assert "A: skull: the shot leaves through the skull too: DR 1 + natural DR 2 = 3 where it " \
        "leaves" in texts
    assert "A: cover DR = DR 5 in + DR 3 out + HP 10 = 18" in texts


@pytest.mark.parametrize(("tolerance", "where", "hp", "cover"), [
    ("none", "eye", 10, 16),          # the eye has no natural DR: 3 + 3 + 10
    ("no_brain", "skull", 10, 16),    # the skull counts as the face (GU-14): 3 + 3 + 10
    ("homogenous", "skull", 20, 11),  # no skull DR for Homogenous: 3 + 3 + 20/4
    ("diffuse", "skull", 20, 15),     # (3 + 2) + (3 + 2) + 20/4
    ("unliving", "skull", 20, 20),    # (3 + 2) + (3 + 2) + 20/2
])
def test_gu6_skull_natural_dr_out_only_where_it_counts_in(
    tolerance: str, where: str, hp: int, cover: int,
) -> None:
    sc = gurps("3d pi", {"target": "A", "dr": 3, "hp": hp, "injury_tolerance": tolerance,
                         "location": where}, roll=3)
    assert resolve_chain(sc, 3).targets[0].cover_dr == cover


@pytest.mark.parametrize(("where", "own", "penetrating", "injury", "cover"), [
    ("torso", 8, 4, 4, 8 + 8 + 10),            # the vest: 12 - 8 = 4, pi x1
    ("vitals", 8, 4, 12, 8 + 8 + 10),          # 4 x3
    ("arm", 0, 12, 6, 0 + 0 + 10),             # no DR: 12 x1 = 12, capped at 10 // 2 + 1 = 6
    ("skull", 2, 10, 40, (0 + 2) + (0 + 2) + 10),  # not listed: DR 0, and the skull's own 2
])
def test_gu3_a_vest_guards_only_the_locations_its_table_lists(
    where: str, own: int, penetrating: int, injury: int, cover: int,
) -> None:
    vest = {"target": "a", "hp": 10, "dr": {"torso": 8, "vitals": 8, "groin": 8}}
    r = resolve_chain(gurps("3d pi", vest, roll=12, location=where), 12)
    t = r.targets[0]
    assert (t.own_dr, t.penetrating, t.injury, t.cover_dr) == (own, penetrating, injury, cover)
    listed = where in ("torso", "vitals")
    said = (f"a: DR at the {where}: {own if listed else 0} in, {own if listed else 0} out "
            + ("from the table of DR by location" if listed else
               "(the table of DR by location does not list it)"))
    assert said in [s.text for s in r.steps]


def test_gu3_dr_back_table_with_a_whole_dr() -> None:
    # DR 2 in everywhere; out, the back plate's 6 at the torso and 0 elsewhere (HP 10):
    # torso cover 2 + 6 + 10 = 18, leg 2 + 0 + 10 = 12
    t = {"target": "a", "hp": 10, "dr": 2, "dr_back": {"torso": 6}}
    assert resolve_chain(gurps("3d pi", t, roll=3), 3).targets[0].cover_dr == 18
    assert resolve_chain(gurps("3d pi", t, roll=3, location="leg"), 3).targets[0].cover_dr == 12


def test_gu9_blunt_trauma_only_where_the_flexible_table_lists_dr() -> None:
    # 3d pi rolling 12 at a flexible vest of DR 12 on the torso: nothing penetrates, 12 // 10 = 1
    # blunt trauma; at the leg (DR 0) all 12 penetrate, x1, capped at 10 // 2 + 1 = 6
    t = {"target": "a", "hp": 10, "dr": {"torso": 12}, "flexible": True}
    torso = resolve_chain(gurps("3d pi", t, roll=12), 12).targets[0]
    assert (torso.penetrating, torso.injury, torso.effects and torso.effects.blunt_trauma) == (
        0, 1, 1)
    leg = resolve_chain(gurps("3d pi", t, roll=12, location="leg"), 12).targets[0]
    assert (leg.penetrating, leg.injury) == (12, 6)


def test_gu4_per_target_location_overrides_the_attack() -> None:
    # 3d pi rolling 10, torso; the target says vitals: 10 x 3 = 30
    sc = gurps("3d pi", {"target": "a", "hp": 10, "location": "vitals"}, roll=10)
    assert resolve_chain(sc, 10).targets[0].injury == 30


@pytest.mark.parametrize(("reading", "own", "injury"), [("becomes_1", 1, 18), ("multiplied", 2, 16)])
def test_gu3_fractional_dr0_setting_reaches_the_chain(reading: str, own: int, injury: int) -> None:
    # 4d(0.5) pi++ rolling 10 at DR 0: own DR 1 (or 1 x 2 = 2); 10 - 1 = 9, x2 = 18 (or 8 x 2)
    sc = gurps("4d(0.5) pi++", {"target": "a", "hp": 10}, roll=10,
               settings={"fractional_dr0": reading})
    t = resolve_chain(sc, 10).targets[0]
    assert (t.own_dr, t.injury) == (own, injury)


def test_gu6_unliving_target_and_homogenous_target_cover() -> None:
    # 10d pi rolling 40: robot (Unliving, DR 5, HP 20): 40 - 5 = 35, x1/3 -> 11
    # cover 5 + 5 + 10 = 20; 40 > 20 -> statue (Homogenous, DR 4, HP 40): faces 24, 16 x 1/5 = 3
    # statue cover 4 + 4 + 10 = 18; 20 + 18 = 38 < 40 -> passes
    sc = gurps(
        "10d pi",
        {"target": "robot", "dr": 5, "hp": 20, "injury_tolerance": "unliving"},
        {"target": "statue", "dr": 4, "hp": 40, "injury_tolerance": "homogenous"},
        roll=40,
    )
    robot, statue = resolve_chain(sc, 40).targets
    assert (robot.injury, robot.cover_dr) == (11, 20)
    assert (statue.effective_dr, statue.injury, statue.cover_dr, statue.overpenetrates) == (
        24, 3, 18, True,
    )


_ENTRY = st.one_of(
    st.builds(
        lambda n, dr, hp, it: {"target": f"t{n}", "dr": dr, "hp": hp, "injury_tolerance": it},
        st.integers(0, 99), st.integers(0, 20), st.integers(1, 30),
        st.sampled_from(["none", "unliving", "homogenous", "diffuse"]),
    ),
    st.builds(
        lambda dr, hp, slab: {"cover": {"name": "c", "dr": dr, "hp": hp, "slab": slab}},
        st.integers(0, 20), st.integers(0, 30), st.booleans(),
    ),
)


@given(
    st.lists(_ENTRY, min_size=1, max_size=5),
    st.sampled_from(["3d pi-", "3d(2) pi", "3d(0.5) imp", "3d burn tbb", "3d cut", "3d(inf) pi+"]),
    st.integers(1, 120),
)
def test_gu7_properties_of_any_line(line: list[dict[str, object]], damage: str, basic: int) -> None:
    # each target its own name (a name given twice is refused, AP-2)
    line = [{"target": "first", "hp": 10},
            *({**e, "target": f"t{i}"} if "target" in e else e for i, e in enumerate(line))]
    sc = gurps(damage, *line)
    r = resolve_chain(sc, basic)
    assert r == resolve_chain(sc, basic, (True,) * len(sc.targets))
    seen_stop = False
    for t in r.targets:
        # once the shot stops, nobody behind is reached
        assert not (seen_stop and t.reached)
        if not t.hit:  # not reached or missed: no figures (null in JSON), never 0
            assert (t.effective_dr, t.penetrating, t.injury, t.cover_dr) == (None,) * 4
        if t.reached and t.hit:
            assert t.effective_dr is not None and t.penetrating is not None
            assert t.injury is not None and t.dr_in_front is not None and t.own_dr is not None
            assert t.penetrating == max(0, basic - t.effective_dr)
            assert (t.injury >= 1) == (t.penetrating >= 1)
            assert t.effective_dr == t.dr_in_front + t.own_dr
            if not t.overpenetrates:
                seen_stop = True
    # more damage never hurts anyone less
    more = resolve_chain(sc, basic + 1)
    for a, b in zip(r.targets, more.targets, strict=True):
        assert (b.injury or 0) >= (a.injury or 0)
        assert b.reached or not a.reached
