"""One wording per effect (issue 31 item 3): the terminal's notes, the calculator's badges and the
charts say what an injury does in the same words, written once by the rule set."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli.cli_helpers import cli

import armourpen
from armourpen.gurps.effects import Effects
from armourpen.view.outcome import effect_badges, outcome_view

# 2d cr rolling 12 on the torso of a man of HP 10 behind no DR: injury 12 x 1 = 12 (GU-4), more
# than HP/2 = 5, so a major wound and a knockdown roll at HT+0 (GU-12)
KNOCKED = {"rules": "gurps", "attack": {"damage": "2d cr", "roll": 12, "location": "torso"},
           "line": [{"target": "Thug", "hp": 10}]}


def test_gu9_to_gu13_every_effect_has_one_wording_in_notes_and_badges() -> None:
    # the figures are chosen, not computed: what each effect says is fixed by its key
    effects = Effects(injury=8, blunt_trauma=2, shock=-4, major_wound=True,
                      knockdown_ht_modifier=-5, crippled=True, eyes_blinded=1,
                      knockback_yards=1, knockback_dx_modifier=0)
    expected = {
        "blunt_trauma": "blunt trauma 2 HP (GU-9)",
        "shock": "shock -4 DX/IQ (GU-11)",
        "crippled": "one eye blinded (GU-10)",
        "major_wound": "major wound (GU-12)",
        "knockdown": "HT-5 or knocked down and stunned (GU-12)",
        "knockback": "knocked back 1 yard, DX+0 or falls (GU-13)",
    }
    assert effects.summary() == "; ".join(expected.values())
    badges = effect_badges(effects)
    assert {b.key: b.word for b in badges} == expected
    # the calculator shows the worst first
    assert [b.key for b in badges] == ["major_wound", "crippled", "knockdown", "shock",
                                       "blunt_trauma", "knockback"]


def test_gu12_the_terminal_and_the_calculator_say_knockdown_alike(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    said = "HT+0 or knocked down and stunned (GU-12)"
    scenario = armourpen.load_scenario(KNOCKED)
    card = outcome_view(armourpen.resolve(scenario), scenario).cards[0]
    assert said in [b.word for b in card.badges]
    path = tmp_path / "thug.json"
    path.write_text(json.dumps(KNOCKED))
    code, out, err = cli(capsys, "resolve", str(path))
    assert code == 0, err
    assert said in out
