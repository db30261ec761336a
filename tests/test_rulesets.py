"""The rule-set registry: every front end finds parse, resolve, schema and layout in one place."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli.cli_helpers import cli

import armourpen
from armourpen.errors import ScenarioError
from armourpen.layout import Badge
from armourpen.penav.model import PenavScenario
from armourpen.rulesets import RULE_SETS, rule_set, rule_set_of

GRAY = {
    "rules": "gurps",
    "attack": {"damage": "7d(2) pi-", "roll": 20},
    "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}, {"target": "VIP", "hp": 10}],
}
PENAV = {"attack": {"weapon": "7.62x51mm NATO", "range": "150 m"},
         "line": [{"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}]}


def test_ap2_unknown_rule_set_names_the_ones_allowed() -> None:
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario({**PENAV, "rules": "d20"})
    assert (info.value.field, info.value.value) == ("rules", "d20")
    assert "penav" in info.value.allowed and "gurps" in info.value.allowed
    with pytest.raises(ScenarioError):
        rule_set(["penav"])  # not a key at all


def test_every_rule_set_parses_resolves_and_lays_out_its_outcome() -> None:
    assert set(RULE_SETS) == {"penav", "gurps"}
    for data in (PENAV, GRAY):
        scenario = armourpen.load_scenario(data)
        outcome = armourpen.resolve(scenario)
        rules = rule_set_of(scenario)
        assert rule_set_of(outcome) is rules and outcome.to_dict()["rules"] == rules.key
        shown = rules.layout(outcome)
        assert shown.steps == outcome.steps and shown.warnings == outcome.warnings
        assert all(len(r.cells) == len(shown.columns) for r in shown.rows)
        assert all(isinstance(r.badge, Badge) for r in shown.rows)
        assert rules.schema()["type"] == "object"


def test_pa2_pa12_penav_layout_badges() -> None:
    # PEN 6 vs Gray's AV 6: penetrates with -4; the VIP behind faces 3 + 6 + 6 layered to 8: stopped
    outcome = armourpen.resolve(armourpen.load_scenario(PENAV))
    shown = rule_set("penav").layout(outcome)
    badges = [r.badge for r in shown.rows]
    assert [(b.key, b.symbol) for b in badges if b] == [("penetrated_reduced", "≈"), ("stopped", "·")]
    assert "PEN 6" in shown.head_text()


def test_gu7_gurps_layout_follows_the_line() -> None:
    outcome = armourpen.resolve(armourpen.load_scenario(GRAY))
    shown = rule_set("gurps").layout(outcome)
    assert "basic damage 20" in shown.head_text()
    assert [r.badge.word for r in shown.rows if r.badge] == ["goes through", "goes through"]


def test_gu7_odds_only_for_rule_sets_that_weigh_chances() -> None:
    with pytest.raises(ScenarioError) as info:
        armourpen.odds(armourpen.load_scenario(PENAV))
    assert info.value.field == "rules" and 'rules = "gurps"' in info.value.allowed
    with pytest.raises(ScenarioError):
        armourpen.sample(armourpen.load_scenario(PENAV), 10, 1)
    # 7d(2) pi- against DR 8: Gray is always reached and hit
    assert armourpen.odds(armourpen.load_scenario(GRAY)).target("Agent Gray").p_hit == 1


def test_a_broken_user_catalog_does_not_block_gurps(
    user_catalogs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (user_catalogs / "broken.toml").write_text("[[armour]]\nname = 'x'\nav = 'high'\n")
    gurps = tmp_path / "gray.toml"
    gurps.write_text('rules = "gurps"\n[attack]\ndamage = "7d(2) pi-"\nroll = 20\n'
                     '[[line]]\ntarget = "Gray"\ndr = 8\nhp = 12\n')
    for command in ("resolve", "odds"):
        code, _, err = cli(capsys, command, str(gurps), "--json")
        assert code == 0, err
    # a PEN/AV scenario names catalog items, so the broken file is reported (AP-2)
    penav = tmp_path / "p.toml"
    penav.write_text('[attack]\nweapon = "7.62x51mm NATO"\nrange = "150 m"\n[[line]]\ntarget = "T"\n')
    code, _, err = cli(capsys, "resolve", str(penav))
    assert code == 2 and "broken.toml" in err


def test_load_scenario_without_a_catalog_reads_no_user_folder(user_catalogs: Path) -> None:
    (user_catalogs / "mine.toml").write_text(
        '[[armour]]\nname = "Dragon Skin vest"\nav = 8\n')
    data = {"attack": {"weapon": "7.62x51mm NATO", "range": "50 m"},
            "line": [{"target": "T", "armour": ["Dragon Skin vest"]}]}
    with pytest.raises(armourpen.InputError, match="Dragon Skin"):
        armourpen.load_scenario(data)  # the built-in catalog only
    cat = armourpen.Catalog.load()  # the caller decides to read the user folder
    scenario = armourpen.load_scenario(data, cat)
    assert isinstance(scenario, PenavScenario)
    assert armourpen.resolve(scenario).targets[0].av == 8
