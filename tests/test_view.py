"""The view model (armourpen.view): built from an outcome's data, never from its display text.

Names with ``": "``, ``"cover: "`` and digits in them are what reading structure back from text
broke: a card took every step whose text began with ``"<name>: "`` (so ``Bob`` took the steps of
``Bob: 2``), a cover's name lost a leading ``"cover: "``, a row's index was read from its cell.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import armourpen
from armourpen.penav.outcome import PenavOutcome
from armourpen.penav.scale import figure, fmt
from armourpen.view.odds import MAX_BARS, effect_chances, injury_bars
from armourpen.view.outcome import COVER, COVER_KIND, TARGET, outcome_view

GURPS: dict[str, Any] = {
    "rules": "gurps",
    "attack": {"damage": "7d pi", "roll": 21},
    "line": [
        {"target": "Bob", "hp": 10, "dr": 4},
        {"cover": {"name": "cover: 1", "dr": 2, "slab": True}},
        {"target": "Bob: 2", "hp": 10, "dr": {"torso": 3}},
    ],
}

PENAV: dict[str, Any] = {
    "attack": {"weapon": "7.62x51mm NATO", "range": "50 m"},
    "line": [
        {"cover": {"name": "cover: 1", "av": 3}},
        {"target": "A: 1", "armour": [{"name": "plate", "av": 4}]},
        {"target": "A", "armour": [{"name": "cover: 2", "av": 2}]},
    ],
}


def test_gurps_cards_are_the_line_entries_with_their_index_kind_and_name() -> None:
    sc = armourpen.load_scenario(GURPS)
    view = outcome_view(armourpen.resolve(sc), sc)
    assert [(c.index, c.kind, c.name) for c in view.cards] == [
        (0, TARGET, "Bob"), (1, COVER_KIND, "cover: 1"), (2, TARGET, "Bob: 2")]


def test_gurps_steps_go_to_the_entry_they_are_about_even_when_one_name_prefixes_another() -> None:
    sc = armourpen.load_scenario(GURPS)
    outcome = armourpen.resolve(sc)
    bob, cover, bob2 = outcome_view(outcome, sc).cards
    # 7d pi, roll 21 (GU-2): Bob (DR 4) is hit and the shot goes on through the cover into Bob: 2
    assert bob.steps and cover.steps and bob2.steps
    assert all(s.text.startswith("Bob: ") for s in bob.steps)
    assert not any(s.text.startswith("Bob: 2: ") for s in bob.steps)
    assert all(s.text.startswith("Bob: 2: ") for s in bob2.steps)
    assert all(s.text.startswith("cover: 1: ") for s in cover.steps)
    # the step of reading Bob: 2's DR table (GU-3) is his, though it was made by the reader
    assert any(s.rule == "GU-3" and "DR by location" in s.text for s in bob2.steps)


def test_gurps_every_step_is_shown_once_attack_first() -> None:
    sc = armourpen.load_scenario(GURPS)
    outcome = armourpen.resolve(sc)
    view = outcome_view(outcome, sc)
    shown = [*view.attack_steps, *(s for c in view.cards for s in c.steps)]
    assert Counter(shown) == Counter(outcome.steps)
    assert [s.rule for s in view.attack_steps][:1] == ["GU-1"]  # the roll
    assert not any(s.text.startswith(("Bob", "cover: 1")) for s in view.attack_steps)


def test_gurps_badges_and_odds_are_the_targets_own() -> None:
    sc = armourpen.load_scenario(GURPS)
    outcome = armourpen.resolve(sc)
    view = outcome_view(outcome, sc, armourpen.odds(sc))
    bob, cover, bob2 = view.cards
    assert cover.odds is None and bob.odds is not None and bob2.odds is not None
    # a fixed roll of 21 against DR 4: Bob is reached and hit whatever the odds
    assert bob.odds.reached == 1
    # 21 - DR 4 = 17 penetrating; piercing at the torso is x1 (GU-4): injury 17
    assert any(b.key == "injury" and b.word == "injury 17" for b in bob.badges)
    assert "cover" not in {b.key for b in bob2.badges}


def test_penav_cards_follow_the_line_with_covers_in_place() -> None:
    sc = armourpen.load_scenario(PENAV)
    outcome = armourpen.resolve(sc)
    assert isinstance(outcome, PenavOutcome)
    view = outcome_view(outcome, sc)
    assert [(c.index, c.kind, c.name) for c in view.cards] == [
        (0, COVER_KIND, "cover: 1"), (1, TARGET, "A: 1"), (2, TARGET, "A")]
    assert view.cards[0].badges == (COVER,)
    assert [c.steps for c in view.cards[1:]] == [t.steps for t in outcome.targets]
    shown = [*view.attack_steps, *(s for c in view.cards for s in c.steps)]
    assert shown == list(outcome.steps)
    assert view.attack_steps and not any(s in view.attack_steps for t in outcome.targets
                                         for s in t.steps)


def test_an_injury_chart_of_few_values_has_a_bar_each() -> None:
    pmf = [(k, Fraction(1, 16)) for k in range(16)]
    bars = injury_bars(pmf)
    assert [b.label for b in bars] == [str(k) for k in range(16)]
    assert [b.harm for b in bars] == [False] + [True] * 15


def test_an_injury_chart_keeps_no_injury_apart_and_groups_the_rest_within_the_cap() -> None:
    # 0 and 1..16: 17 values, one too many. 0 keeps its bar; 1..16 share the other 15 bars in
    # equal ranges of ceil(16 / 15) = 2 values: 1-2, 3-4, ..., 15-16
    pmf = [(k, Fraction(1, 17)) for k in range(17)]
    bars = injury_bars(pmf)
    assert len(bars) <= MAX_BARS
    assert [b.label for b in bars] == ["0", *(f"{k}-{k + 1}" for k in range(1, 17, 2))]
    assert bars[1].chance == Fraction(2, 17)
    assert sum(b.chance for b in bars) == 1


def test_an_injury_chart_without_zero_gives_a_lone_value_its_own_label() -> None:
    # 1..20 in 16 bars: ranges of ceil(20 / 16) = 2, the last one 19-20
    pmf = [(k, 0.05) for k in range(1, 21)]
    bars = injury_bars(pmf)
    assert [b.label for b in bars] == [f"{k}-{k + 1}" for k in range(1, 21, 2)]
    assert all(b.value is None for b in bars)
    pmf = [(k, 0.05) for k in range(1, 18)]  # 17 values in ranges of 2: the last is 17 alone
    assert injury_bars(pmf)[-1].label == "17" and injury_bars(pmf)[-1].value == 17


def test_the_chance_of_crippling_has_one_name_on_the_page_and_at_the_terminal() -> None:
    from armourpen.cli.plain import render_report
    from armourpen.view.odds_report import odds_report

    sc = armourpen.load_scenario(GURPS)
    result = armourpen.odds(sc)
    text = render_report(odds_report(result))
    view = outcome_view(armourpen.resolve(sc), sc, result)
    names = [e.name for e in effect_chances(0, 0, 1)]
    assert names == ["major wound", "knockdown roll", "crippled or blinded"]
    assert "  crippled or blinded " in text
    assert not re.search(r"crippled [0-9<>]", text)  # no second name for the same chance
    labels = [label for c in view.cards if c.odds for label, _ in c.odds.effects]
    assert labels
    assert all(label.split(" (")[0] in names for label in labels)


@pytest.mark.parametrize(("personal", "prefix", "structural", "shown"), [
    (26, "AV", True, "26 (SAV 5.2)"), (60, "PEN", True, "60 (SPEN 12)"), (6, "AV", False, "6"),
])
def test_the_structural_figure_is_a_fifth_of_the_personal(personal: int, prefix: str,
                                                          structural: bool, shown: str) -> None:
    assert figure(personal, prefix, structural) == shown
    assert fmt(personal, prefix, structural) == f"{prefix} {shown}"


def test_the_sweep_chart_is_one_model_for_the_terminal_and_the_page() -> None:
    from armourpen.cli.table_cmd import render_plain
    from armourpen.view.sweep import sweep_view
    from armourpen.web.table import charts

    res = armourpen.table(attacks=["7.62x51mm NATO"], armour=["NIJ Type III"],
                          directions=["front", "rear"])
    view = sweep_view(res)
    assert charts(res) == view
    # worn armour meets the shot alike from the front and the rear (PA-9): one chart for both
    titles = [c.title for c in view.charts]
    assert any(t.endswith("from front, rear") for t in titles)
    text = render_plain(res)
    assert all(t in text for t in titles)
    assert view.band_key is not None and view.band_key.startswith("bands: C Contact, PB ")
    assert [b.symbol for b, _ in view.legend] == ["✓", "≈", "·"]


def test_the_table_the_charts_and_the_page_pick_the_same_attacks() -> None:
    from armourpen.catalog import AttackProfile, Catalog
    from armourpen.cli.chart_cmd import sweep_inputs
    from armourpen.limits import DEFAULT_LIMITS
    from armourpen.web.state import WebState

    cat = Catalog.builtin()
    table = [a.name for a in armourpen.table(attacks=["7.62"], armour=["NIJ"]).attacks]
    _, charted, _ = sweep_inputs((), True, ["7.62"], [], [], [], every_armour=False)
    paged, _ = WebState(cat, DEFAULT_LIMITS).picked(["7.62"], [], [], [], every_armour=False)
    contains = [a.name for a in cat.items("attack")
                if isinstance(a, AttackProfile) and any("7.62" in x for x in (a.name, *a.aliases))]
    assert contains and table == [a.name for a in charted] == [a.name for a in paged] == contains


def _head_of(damage: str) -> str:
    sc = armourpen.load_scenario({"rules": "gurps", "attack": {"damage": damage, "seed": 3},
                                  "line": [{"target": "A", "hp": 10}]})
    return "".join(s.text for s in outcome_view(armourpen.resolve(sc), sc).head)


def test_gu1_a_roll_of_a_thousand_dice_does_not_list_them_in_the_head_line() -> None:
    head = _head_of("1000d cr")
    # the first eight dice, then how many there were; never a thousand numbers
    listed = re.search(r"dice ((?:[1-6] )+)\.\.\. \(1000 dice\) -> roll (\d+) \(seed 3\)", head)
    assert listed is not None, head
    assert len(listed[1].split()) == 8
    assert 1000 <= int(listed[2]) <= 6000  # 1000d: 1000 to 6000 (GU-1)
    assert len(head) < 150


def test_gu1_a_roll_of_twelve_dice_lists_each_die() -> None:
    listed = re.search(r"dice ((?:[1-6] )+)-> roll (\d+)", _head_of("12d cr"))
    assert listed is not None
    dice = [int(d) for d in listed[1].split()]
    assert len(dice) == 12 and sum(dice) == int(listed[2])


def test_gu8_a_target_assumed_hit_says_so_on_its_own_card() -> None:
    # 7d pi rolling 42: through the Guard (DR 0) to the Bystander, whose hit chance is 0.3; one
    # resolution takes every target as hit (GU-8), and his card says so with his chance
    sc = armourpen.load_scenario({
        "rules": "gurps", "attack": {"damage": "7d pi", "roll": 42},
        "line": [{"target": "Guard", "hp": 10}, {"target": "Bystander", "hp": 10,
                                                 "hit_chance": 0.3}]})
    guard, bystander = outcome_view(armourpen.resolve(sc), sc).cards
    assert [b.word for b in bystander.badges if b.key == "assumed_hit"] == [
        "assumed hit: hit chance 30% (GU-8)"]
    assert "assumed_hit" not in {b.key for b in guard.badges}  # hit chance 1


def test_gu8_a_target_not_reached_is_not_said_to_be_assumed_hit() -> None:
    # 7d pi rolling 7 against DR 10: the Guard stops it; the Bystander is never reached (GU-7)
    sc = armourpen.load_scenario({
        "rules": "gurps", "attack": {"damage": "7d pi", "roll": 7},
        "line": [{"target": "Guard", "hp": 10, "dr": 10},
                 {"target": "Bystander", "hp": 10, "hit_chance": 0.3}]})
    bystander = outcome_view(armourpen.resolve(sc), sc).cards[1]
    assert [b.key for b in bystander.badges] == ["not_reached"]


def test_gu17_an_unnamed_occupant_not_hit_keeps_its_card_for_its_odds() -> None:
    # the taxi example (seed 8): the occupant roll chose the fare, so the outcome has no entry
    # for the occupants no card lists; the odds do, and the view gives it a card after the taxi,
    # with no number of the line, "not hit", and its chance of being hit
    sc = armourpen.load_scenario("example:taxi")
    outcome = armourpen.resolve(sc)
    result = armourpen.odds(sc)
    view = outcome_view(outcome, sc, result)
    assert [(c.name, c.in_line) for c in view.cards] == [
        ("Taxi", True), ("unnamed occupant of Taxi", False), ("Driver", True), ("Fare", True),
        ("Gunman", True)]
    unnamed = view.cards[1]
    assert [b.key for b in unnamed.badges] == ["missed"] and unnamed.steps == ()
    assert unnamed.odds is not None and unnamed.odds.rolled
    assert unnamed.odds.hit == result.target("unnamed occupant of Taxi").p_hit


def test_gu17_a_card_says_how_it_was_hit_and_by_which_roll() -> None:
    # the taxi example: the fare was hit by the taxi's occupant roll, the number the JSON gives
    sc = armourpen.load_scenario("example:taxi")
    outcome = armourpen.resolve(sc)
    fare = next(c for c in outcome_view(outcome, sc).cards if c.name == "Fare")
    roll = outcome.to_dict()["targets"][1]["hit_roll"]
    assert ("hit by", f"occupant roll {roll} (GU-17)") in [
        (f.label, f.value) for f in fare.figures]
    driver = next(c for c in outcome_view(outcome, sc).cards if c.name == "Driver")
    assert "hit by" not in [f.label for f in driver.figures]
