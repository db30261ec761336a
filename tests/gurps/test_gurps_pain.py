"""High and Low Pain Threshold (Basic Set pp. 59, 142) on shock (GU-11) and on the HT roll against
knockdown and stunning (GU-12), worked out by hand from the traits' texts.

High Pain Threshold: no shock penalty ever, +3 on HT rolls to avoid knockdown and stunning. Low Pain
Threshold: shock penalties doubled, at most -8 instead of -4, and -4 on those rolls.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from gurps.gurps_helpers import gurps

import armourpen
from armourpen.errors import ScenarioError
from armourpen.gurps.chain import TargetResult, resolve_chain
from armourpen.gurps.effects import Effects
from armourpen.gurps.model import GurpsScenario
from armourpen.gurps.pain import PainThreshold
from armourpen.gurps.shock import shock
from armourpen.probability import odds, sample


def hit(damage: str, basic: int, **target: Any) -> tuple[Effects, list[str]]:
    """The effects on the only target (HP 12, DR 0 unless said) hit by ``basic``, and the steps."""
    where = target.pop("at", None)
    sc = gurps(damage, {"target": "T", "hp": 12, **target}, **({"location": where} if where else {}))
    r = resolve_chain(sc, basic)
    t: TargetResult = r.targets[0]
    assert t.effects is not None
    return t.effects, [str(s) for s in r.steps]


@pytest.mark.parametrize(("injury", "hp", "expected"), [
    (1, 12, -2), (2, 12, -4), (3, 12, -6), (4, 12, -8), (5, 12, -8),  # doubled, at most -8
    (9, 30, -6),  # HP 30: 9 // 3 = 3, doubled
    (2, 30, 0),  # 2 // 3 = 0: no shock to double
    (40, 30, -8),
])
def test_gu11_low_pain_threshold_doubles_shock_at_most_8(injury: int, hp: int, expected: int) -> None:
    assert shock(injury, hp, pain=PainThreshold.LOW).value == expected


@pytest.mark.parametrize(("injury", "hp"), [(1, 12), (4, 12), (30, 12), (9, 30)])
def test_gu11_high_pain_threshold_never_a_shock_penalty(injury: int, hp: int) -> None:
    assert shock(injury, hp, pain=PainThreshold.HIGH).value == 0


@pytest.mark.parametrize(("basic", "expected"), [(1, -4), (2, -8), (3, -8)])
def test_gu11_low_pain_threshold_and_groin_double_shock_both_double_at_most_8(
    basic: int, expected: int,
) -> None:
    # 3d cr at the groin, DR 0: injury = basic; x2 for the groin, x2 for the trait, at most -8
    fx, _ = hit("3d cr", basic, at="groin", groin_double_shock=True, low_pain_threshold=True)
    assert fx.shock == expected


def test_gu12_high_pain_threshold_major_wound_torso_ht_plus_3() -> None:
    # 3d pi, 7 at the torso of HP 12: injury 7 > 6, a major wound: HT +0, +3 for the trait
    fx, steps = hit("3d pi", 7, high_pain_threshold=True)
    assert (fx.injury, fx.shock, fx.major_wound, fx.knockdown_ht_modifier) == (7, 0, True, 3)
    assert ("[GU-11] T: injury 7: no shock penalty, for High Pain Threshold (Basic Set p. 59)"
            in steps)
    assert ("[GU-12] T: torso, major wound; +3 for High Pain Threshold (Basic Set p. 59): +0 +3: "
            "HT roll at +3 against knockdown and stunning") in steps


def test_gu12_high_pain_threshold_skull_hit_still_calls_for_the_roll_at_minus_7() -> None:
    # 3d pi, 3 at the skull (natural DR 2): 1 penetrating x4 = 4, not a major wound (HP 12), but
    # enough injury to cause shock: HT -10, +3 = -7, though the target feels no shock
    fx, _ = hit("3d pi", 3, at="skull", high_pain_threshold=True)
    assert (fx.injury, fx.shock, fx.major_wound, fx.knockdown_ht_modifier) == (4, 0, False, -7)


def test_gu12_low_pain_threshold_skull_hit_minus_14_and_shock_minus_8() -> None:
    # as above: HT -10, -4 = -14; shock 4 doubled = -8
    fx, _ = hit("3d pi", 3, at="skull", low_pain_threshold=True)
    assert (fx.injury, fx.shock, fx.knockdown_ht_modifier) == (4, -8, -14)


def test_gu12_low_pain_threshold_vitals_major_wound_minus_9() -> None:
    # 3d pi, 5 at the vitals: 5 x3 = 15 > 6, a major wound at the vitals: HT -5, -4 = -9
    fx, _ = hit("3d pi", 5, at="vitals", low_pain_threshold=True)
    assert (fx.injury, fx.shock, fx.knockdown_ht_modifier) == (15, -8, -9)


def test_gu12_pain_threshold_calls_for_no_roll_where_none_is_called_for() -> None:
    # 3 at the torso of HP 12: no major wound, no head or vitals: no roll, whatever the trait
    for trait in ("high_pain_threshold", "low_pain_threshold"):
        fx, _ = hit("3d pi", 3, **{trait: True})
        assert fx.knockdown_ht_modifier is None


def test_ap2_gu11_high_and_low_pain_threshold_together_are_refused() -> None:
    with pytest.raises(ScenarioError) as info:
        hit("3d pi", 3, high_pain_threshold=True, low_pain_threshold=True)
    e = info.value
    assert (e.field, e.value) == ("line[0].low_pain_threshold", True)
    assert "not both" in e.allowed


def test_gu11_exact_odds_low_pain_threshold_shock() -> None:
    # 1d pi at the torso of HP 12, DR 0: injury 1..6, each 1/6; doubled: -2, -4, -6, -8, -8, -8
    sc = gurps("1d pi", {"target": "T", "hp": 12, "low_pain_threshold": True})
    assert odds(sc).targets[0].shock_pmf == {
        -8: Fraction(1, 2), -6: Fraction(1, 6), -4: Fraction(1, 6), -2: Fraction(1, 6)}


def test_gu12_exact_odds_and_monte_carlo_high_pain_threshold_keeps_the_skull_roll() -> None:
    # 1d pi at the skull (DR 2): 1 and 2 do not penetrate; 3..6 give 1..4 x4 = 4..16 injury,
    # enough to cause shock: the knockdown roll is called for 4 times in 6, no shock ever
    sc = gurps("1d pi", {"target": "T", "hp": 12, "high_pain_threshold": True}, location="skull")
    exact = odds(sc).targets[0]
    assert (exact.p_knockdown_roll, exact.shock_pmf) == (Fraction(2, 3), {0: Fraction(1)})
    assert exact.knockdown_pmf == {-7: Fraction(2, 3)}  # -10 for the skull, +3 for the trait
    assert odds(sc).to_dict()["targets"][0]["knockdown_pmf"] == {"-7": "2/3"}
    mc = sample(sc, 20_000, 3).targets[0]
    assert [k for k, _ in mc.shock_pmf] == [0]
    assert abs(mc.p_knockdown_roll.value - 2 / 3) <= 4 * mc.p_knockdown_roll.se
    assert [k for k, _ in mc.knockdown_pmf] == [-7]
    assert mc.knockdown_pmf[0][1].value == mc.p_knockdown_roll.value


@pytest.mark.parametrize(("trait", "at", "want"), [
    ({}, "vitals", {-5: Fraction(1)}),  # 1d pi x3 at the vitals: 3..18, always shock: -5
    ({"low_pain_threshold": True}, "vitals", {-9: Fraction(1)}),  # -5, -4
    # the torso of HP 12: a major wound from injury 7, which 1d never reaches: no roll
    ({"high_pain_threshold": True}, "torso", {}),
])
def test_gu12_exact_odds_knockdown_modifier_by_hand(
    trait: dict[str, Any], at: str, want: dict[int, Fraction],
) -> None:
    sc = gurps("1d pi", {"target": "T", "hp": 12, **trait}, location=at)
    assert odds(sc).targets[0].knockdown_pmf == want


def _gurps(data: dict[str, Any]) -> GurpsScenario:
    from gcs.gcs_helpers import sample as gcs_sample

    scenario = armourpen.load_scenario(data, base=gcs_sample("Kabal.gcs").parent)
    assert isinstance(scenario, GurpsScenario)
    return scenario


def test_gu11_gcs_high_pain_threshold_from_the_sample_file() -> None:
    # Kabal (HP 13, DR 0 at the torso) has High Pain Threshold: 3d pi rolling 8, injury 8 > 6.5,
    # a major wound: no shock, HT +3 against knockdown
    from gcs.gcs_helpers import sample as gcs_sample

    data: dict[str, Any] = {"rules": "gurps", "attack": {"damage": "3d pi", "roll": 8},
                            "line": [{"target": "Kabal", "gcs": str(gcs_sample("Kabal.gcs"))}]}
    out = armourpen.resolve(_gurps(data))
    t = out.targets[0]
    assert (t.injury, t.effects and t.effects.shock, t.effects and t.effects.knockdown_ht_modifier) \
        == (8, 0, 3)
    assert not any("Pain Threshold" in w.text for w in out.warnings)
    assert any("High Pain Threshold (Basic Set p. 59) from" in s.text for s in out.steps)
    # a key beside gcs overrides the file's trait
    data["line"][0]["high_pain_threshold"] = False
    t = armourpen.resolve(_gurps(data)).targets[0]
    assert (t.effects and t.effects.shock, t.effects and t.effects.knockdown_ht_modifier) == (-4, 0)
    del data["line"][0]["high_pain_threshold"]
    data["line"][0]["low_pain_threshold"] = True
    t = armourpen.resolve(_gurps(data)).targets[0]
    assert (t.effects and t.effects.shock, t.effects and t.effects.knockdown_ht_modifier) == (-8, -4)
