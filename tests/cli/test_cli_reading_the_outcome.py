"""Reading the outcome in the terminal (issue 34 items 7 to 9): each hit's location beside its
injury and the limb crippled (GU-10, GU-19, GU-22), who is hit said in full (GU-15 to GU-17), and
the odds' long tail folded into one row.

Every figure is worked by hand from the scenario and the rolls its seed drew (the steps print
those dice; a comment shows the work).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from cli.cli_helpers import cli

# A burst of 3 shots of 3d pi, Rcl 1, at skill 12 (3 shots: rapid-fire bonus +0, GU-19), the
# attack roll 9: margin 3, 1 + 3 // 1 = 4 shots, at most the 3 fired. The damage rolls are given
# (10, 8, 12); seed 7 rolls the hit locations 3+2+4 = 9 (torso), 6+1+1 = 8 (arm), 5+1+3 = 9
# (torso). Scout, HP 10, DR 0: torso 10 x1 = 10; arm 8 x1 = 8, over HP/2 = 5: crippled, capped
# at 6 (GU-10); torso 12 x1 = 12. 10 + 6 + 12 = 28.
BURST = """rules = "gurps"
attack = { damage = "3d pi", shots = 3, rcl = 1, skill = 12, aim = "Scout", attack_roll = 9, \
rolls = [10, 8, 12], location = "random", seed = 7 }
[[line]]
target = "Scout"
hp = 10
"""


def _file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _row(out: str, name: str) -> str:
    return next(line for line in out.splitlines() if re.match(rf"\s*\d+\s+{name}\b", line))


def test_gu10_gu19_a_burst_names_each_hits_location_and_the_limb_crippled(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(capsys, "resolve", _file(tmp_path, BURST))
    assert (code, err) == (0, "")
    row = _row(out, "Scout")
    assert "torso 10, arm 6, torso 12" in row
    assert "(9)" not in row  # not the first hit's location alone
    assert "Scout: shock -4 DX/IQ (GU-11); arm crippled (GU-10)" in out
    # the JSON keeps its fields: the locations per hit were already there
    code, out, _ = cli(capsys, "resolve", _file(tmp_path, BURST), "--json")
    scout = json.loads(out)["targets"][0]
    assert (scout["locations"], scout["injuries"], scout["crippled"]) == (
        ["torso", "arm", "torso"], [10, 6, 12], True)


def test_gu19_a_burst_at_one_location_keeps_its_location_column(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the same burst at the torso: 10, 8 and 12 x1, each torso, 30 in all; no limb
    code, out, _ = cli(capsys, "resolve", _file(tmp_path, BURST.replace('"random"', '"torso"')))
    assert code == 0
    row = _row(out, "Scout")
    assert "torso" in row and "10 + 8 + 12" in row and "torso 10" not in row


def test_gu22_fragments_name_each_ones_location_and_the_limb_crippled(
        capsys: pytest.CaptureFixture[str]) -> None:
    # the grenade in the courtyard (seed 4): Ann's four fragments land at 4+2+1 = 7 (leg),
    # 4+5+3 = 12 (arm), 5+5+3 = 13 (leg), 1+3+2 = 6 (leg); 2d cut rolling 10, 2, 3, 5 against
    # DR 0, HP 10: a leg is crippled past HP/2 = 5 and capped at 6: 10 x1.5 = 15 -> 6 (crippled),
    # arm 2 x1.5 = 3, leg 3 x1.5 = 4, leg 5 x1.5 = 7 -> 6 (crippled). Bob (DR 2): arm 5 - 2 = 3,
    # x1.5 = 4.
    code, out, _ = cli(capsys, "resolve", "example:grenade-courtyard")
    assert code == 0
    assert "leg 6, arm 3, leg 4, leg 6" in _row(out, "Ann")
    assert "arm 4" in _row(out, "Bob")
    assert "Ann: shock -4 DX/IQ (GU-11); leg crippled (GU-10)" in out


def test_gu16_the_head_line_shows_the_skill_as_typed_and_each_who_is_hit_row_what_hit_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    # the shot past the bodyguards: skill 14, -4 for each of the two bodyguards in the way:
    # 14 - 8 = 6; the roll 14 misses, and each bodyguard is tried as the wrong target on
    # min(9, 14) = 9: rolled 7 and 9, both hit (GU-16)
    code, out, _ = cli(capsys, "resolve", "example:shot-past-the-bodyguards")
    assert code == 0
    assert "aimed at Gunman, skill 14 -8 = 6: attack roll 14, miss" in out
    lines = out.splitlines()
    header = next(line for line in lines if "in the line" in line)
    assert "hit by" in header
    assert "wrong-target roll 7 (GU-16)" in _row(out, "Bodyguard 1")
    assert "wrong-target roll 9 (GU-16)" in _row(out, "Bodyguard 2")
    # rows numbered 1 to 4 in line order, as the calculator's cards are
    numbers = [line.split()[0] for line in lines[lines.index(header) + 2:][:4]]
    assert numbers == ["1", "2", "3", "4"]


def test_gu19_a_bursts_head_line_shows_the_rapid_fire_bonus_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    # the shotgun: 3x9 = 27 shots, rapid-fire bonus +5 (25-49), skill 11 + 5 = 16
    code, out, _ = cli(capsys, "resolve", "example:shotgun-close-range")
    assert code == 0
    assert "aimed at Raider, skill 11 +5 = 16: attack roll 10, hit" in out
    assert "aimed roll 10 (GU-15)" in _row(out, "Raider")


def test_gu17_no_step_says_not_hit_twice(capsys: pytest.CaptureFixture[str]) -> None:
    # the taxi: the occupant roll chose the fare, so the driver inside is not hit (GU-17)
    code, out, _ = cli(capsys, "resolve", "example:taxi")
    assert code == 0
    assert "Driver: inside Taxi, not the occupant chosen (GU-17): not hit" in out
    assert not re.search(r"not hit\W+not hit", out)
    assert "occupant roll 9 (GU-17)" in _row(out, "Fare")


def test_gu16_a_target_shot_past_says_not_hit_once(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # aimed at the gunman behind a guard who does not obscure him: the roll 8 against 12 hits
    # the aimed card, and the guard in front is shot past (GU-16), not hit
    text = """rules = "gurps"
attack = { damage = "2d pi", roll = 7, skill = 12, aim = "Gunman", attack_roll = 8 }
[[line]]
target = "Guard"
hp = 10
obscures = false
[[line]]
target = "Gunman"
hp = 10
"""
    code, out, err = cli(capsys, "resolve", _file(tmp_path, text))
    assert (code, err) == (0, ""), err
    assert "Guard: shot past (the aimed roll hit): not hit" in out
    assert not re.search(r"not hit\W+not hit", out)


def test_gu10_the_odds_fold_a_long_tail_into_one_row_and_the_json_keeps_every_row(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 4d cr at a random location: a skull hit x4 (GU-4) makes injuries up to 4 x (24 - 2) = 88,
    # rare: the readable output ends its bars with one row "over K" holding the less than 1%
    # past K, and the JSON lists every injury with its exact chance
    path = _file(tmp_path, 'rules = "gurps"\nattack = { damage = "4d cr", location = "random" }\n'
                 '[[line]]\ntarget = "Thug"\nhp = 12\n')
    code, out, _ = cli(capsys, "odds", path)
    assert code == 0
    folded = re.findall(r"^\s*over (\d+)\s.*?([\d.]+)%$", out, re.M)
    assert len(folded) == 1
    cut, shown = int(folded[0][0]), float(folded[0][1])
    code, out, _ = cli(capsys, "odds", path, "--json")
    pmf = {int(k): v for k, v in json.loads(out)["targets"][0]["injury_pmf"].items()}
    assert max(pmf) == 88  # every row kept
    past = sum(Fraction(v) for k, v in pmf.items() if k > cut)
    assert past < Fraction(1, 100) and abs(float(past) * 100 - shown) <= 0.005
    assert sum(Fraction(v) for k, v in pmf.items() if k >= cut) >= Fraction(1, 100)  # least K
