"""Reading the outcome in the view model (issue 34 items 7 to 9): the cards of a burst name each
hit's location and the limb crippled (GU-10, GU-19), a who-is-hit card says what hit it (GU-15),
the odds fold a long tail into one row, and an explosion's odds chart says each target's place
and fragments, with the rulings that decided it (GU-21, GU-22).

Figures are worked by hand; the comments show the work.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import armourpen
from armourpen.charts.model import footnote
from armourpen.charts.odds import odds_chart
from armourpen.view.odds import fold_tail, folded_rows, injury_bars
from armourpen.view.outcome import Card, outcome_view

# as in tests/cli/test_cli_reading_the_outcome.py: 3 shots land (margin 3, Rcl 1, at most 3);
# seed 7 rolls torso, arm, torso; 10, 8 and 12 pi against DR 0, HP 10: torso 10, arm 8 over
# HP/2 crippled and capped at 6 (GU-10), torso 12
BURST: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "3d pi", "shots": 3, "rcl": 1, "skill": 12, "aim": "Scout",
               "attack_roll": 9, "rolls": [10, 8, 12], "location": "random", "seed": 7},
    "line": [{"target": "Scout", "hp": 10}],
}


def _card(data: dict[str, Any] | str, name: str) -> Card:
    scenario = armourpen.load_scenario(data)
    view = outcome_view(armourpen.resolve(scenario), scenario)
    return next(c for c in view.cards if c.name == name)


def test_gu10_gu19_a_burst_card_names_each_hits_location_and_the_limb_crippled() -> None:
    scout = _card(BURST, "Scout")
    figures = {f.label: f.value for f in scout.figures}
    assert figures["injuries"] == "torso 10, arm 6, torso 12"
    assert "location" not in figures  # the first hit's location alone would mislead
    assert figures["hit by"] == "aimed roll 9 (GU-15)"
    assert "arm crippled (GU-10)" in [b.word for b in scout.badges]


def test_gu22_a_fragment_card_names_each_fragments_location() -> None:
    # the grenade's Ann (seed 4): 2d cut fragments at leg, arm, leg, leg: 6, 3, 4, 6 (worked in
    # tests/cli/test_cli_reading_the_outcome.py); two legs crippled, said once
    ann = _card("example:grenade-courtyard", "Ann")
    figures = {f.label: f.value for f in ann.figures}
    assert figures["fragment injuries"] == "leg 6, arm 3, leg 4, leg 6"
    assert "leg crippled (GU-10)" in [b.word for b in ann.badges]


def test_gu16_a_who_is_hit_card_says_what_hit_it_once() -> None:
    # the bodyguards: each tried as the wrong target on 9, rolling 7 and 9 (GU-16)
    guard = _card("example:shot-past-the-bodyguards", "Bodyguard 1")
    hit_by = [f for f in guard.figures if f.label == "hit by"]
    assert [f.value for f in hit_by] == ["wrong-target roll 7 (GU-16)"]


def test_a_long_tail_folds_into_one_row_past_the_last_percent() -> None:
    # 0 at 1/2, 1..5 at 99/1000 each (495/1000 in all), 40 at 5/1000: past 5 lies 0.5% < 1%,
    # past 4 lies 10.4%; 40 is more than 10 past 5: the tail folds at 5 into "over 5"
    pmf = [(0, Fraction(1, 2)), *((k, Fraction(99, 1000)) for k in range(1, 6)),
           (40, Fraction(5, 1000))]
    kept, cut, rest = fold_tail(pmf)
    assert (cut, rest) == (5, Fraction(5, 1000)) and kept == pmf[:-1]
    bars = injury_bars(pmf)
    assert [b.label for b in bars] == ["0", "1", "2", "3", "4", "5", "over 5"]
    assert bars[-1].chance == Fraction(5, 1000) and bars[-1].harm and bars[-1].value is None
    assert folded_rows(pmf)[-1] == ("over 5", Fraction(5, 1000))


def test_a_short_tail_is_not_folded() -> None:
    # the same but the rare value is 15, only 10 past 5: every row stays
    pmf = [(0, Fraction(1, 2)), *((k, Fraction(99, 1000)) for k in range(1, 6)),
           (15, Fraction(5, 1000))]
    assert fold_tail(pmf) == (pmf, None, 0)
    assert [b.label for b in injury_bars(pmf)][-1] == "15"


def test_gu21_gu22_a_blasts_odds_chart_says_distance_and_fragments_not_goes_on() -> None:
    chart = odds_chart(armourpen.load_scenario("example:grenade-courtyard"))
    titles = [chart.panel_title(k) for k in range(len(chart.targets))]
    # the example's distances (1, 3, 6 and 12 yd); fragments reach 5 x 2 dice = 10 yd (GU-22):
    # Dan at 12 yd is beyond them
    assert [t.split(":")[0] for t in titles] == ["Ann at 1 yd", "Bob at 3 yd", "Cid at 6 yd",
                                                 "Dan at 12 yd"]
    assert all("goes on past it" not in t for t in titles)
    assert "fragments hitting it" in titles[0] and "(GU-22)" in titles[0]
    assert "no fragment hits it" in titles[3]
    note = footnote(chart)
    assert "GU-21 explosions" in note and "GU-22 fragments" in note
    assert "GU-7" not in note and "GU-8" not in note  # no chain, no hit chances in a blast


def test_gu19_a_bursts_odds_chart_says_shots_landed_and_its_rulings() -> None:
    chart = odds_chart(armourpen.load_scenario("example:shotgun-close-range"))
    title = chart.panel_title(0)
    assert "goes on past it" not in title and "shots landed on it" in title
    # 3x9: a burst of shots of several projectiles (GU-19, GU-20), the attack roll (GU-15)
    assert {"GU-15", "GU-19", "GU-20"} <= set(chart.rulings)


def test_gu8_a_shots_odds_chart_keeps_its_rulings_and_goes_on() -> None:
    chart = odds_chart(armourpen.load_scenario("example:office-shootout"))
    assert chart.rulings == ("GU-1", "GU-3", "GU-4", "GU-6", "GU-7", "GU-8", "GU-10", "GU-12")
    assert "goes on past it" in chart.panel_title(0)
