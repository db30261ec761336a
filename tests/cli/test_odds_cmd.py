"""``armourpen odds``: exact odds and Monte Carlo from the command line (GU-7, GU-8, AP-2)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli.cli_helpers import cli

GRAY_TOML = """\
rules = "gurps"
[attack]
damage = "7d(2) pi-"
[[line]]
target = "Gray"
hp = 12
dr = 8
[[line]]
target = "VIP"
hp = 10
hit_chance = "1/3"
"""


@pytest.fixture
def gray(tmp_path: Path) -> Path:
    path = tmp_path / "gray.toml"
    path.write_text(GRAY_TOML, encoding="utf-8")
    return path


def test_gu7_json_gives_reduced_fractions(capsys: pytest.CaptureFixture[str], gray: Path) -> None:
    code, out, _ = cli(capsys, "odds", str(gray), "--json")
    assert code == 0
    data = json.loads(out)
    gray_t, vip = data["targets"]
    assert gray_t["name"] == "Gray" and gray_t["p_reached"] == "1/1"
    # Gray's mean injury is exactly 10 (floor((b-4)/2) pairs up to 20 across 7d6's symmetry).
    assert gray_t["expected_injury"] == 10.0
    # The VIP is reached when basic damage > 14 and is hit one time in three.
    assert vip["p_reached"] == gray_t["p_overpenetrates"]
    assert sum(Fraction(v) for v in vip["injury_pmf"].values()) == 1
    assert vip["injury_pmf"]["14"] == "1/839808"  # b = 42 only (1 in 6**7), hit (1 in 3)


def test_gu7_readable_output_has_a_chart_per_target(
    capsys: pytest.CaptureFixture[str], gray: Path
) -> None:
    code, out, _ = cli(capsys, "odds", str(gray))
    assert code == 0
    assert "Gray" in out and "VIP" in out
    assert "reached 100%" in out and "expected injury 10.000" in out
    assert "█" in out  # the bar chart, not only numbers
    assert "GU-8" in out


def test_gu8_samples_json_is_reproducible(capsys: pytest.CaptureFixture[str], gray: Path) -> None:
    args = ("odds", str(gray), "--samples", "20000", "--seed", "5", "--json")
    code, first, _ = cli(capsys, *args)
    assert code == 0
    _, second, _ = cli(capsys, *args)
    assert first == second
    data = json.loads(first)
    assert data["samples"] == 20000 and data["seed"] == 5
    gray_t = data["targets"][0]
    assert abs(gray_t["expected_injury"] - 10) <= 4 * gray_t["expected_injury_se"]


def test_gu8_samples_readable_shows_standard_errors(
    capsys: pytest.CaptureFixture[str], gray: Path
) -> None:
    code, out, _ = cli(capsys, "odds", str(gray), "--samples", "5000", "--seed", "1")
    assert code == 0
    assert "Monte Carlo" in out and "±" in out and "seed 1" in out


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("--samples", "0", "--seed", "1"), "--samples"),
        (("--samples", "10", "--seed", "-1"), "--seed"),
        (("--seed", "3"), "--seed"),
    ],
)
def test_ap2_bad_flags_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], gray: Path, args: tuple[str, ...], field: str
) -> None:
    code, _, err = cli(capsys, "odds", str(gray), *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"armourpen: error: {field}:")


def test_ap2_missing_file_and_penav_scenario(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = cli(capsys, "odds", str(tmp_path / "none.toml"))
    assert code == 2 and "no such file" in err
    penav = tmp_path / "p.toml"
    penav.write_text('rules = "penav"\n', encoding="utf-8")
    code, _, err = cli(capsys, "odds", str(penav))
    assert code == 2 and err.count("\n") == 1


def test_ap2_unknown_key_in_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text(GRAY_TOML.replace("dr = 8", "dr = 8\nhit_chanse = 1"), encoding="utf-8")
    code, _, err = cli(capsys, "odds", str(path))
    assert code == 2 and "hit_chanse" in err


def test_gu11_gu12_json_gives_the_effects_of_the_injury(
    capsys: pytest.CaptureFixture[str], gray: Path
) -> None:
    # Gray (DR 8 / 2 = 4, HP 12): injury (b - 4) // 2 for b from 7 to 42; a major wound (and the
    # knockdown roll, torso +0) from injury 7, b >= 18; shock -min(4, injury)
    code, out, _ = cli(capsys, "odds", str(gray), "--json")
    assert code == 0
    gray_t = json.loads(out)["targets"][0]
    ways = [1]
    for _ in range(7):  # the number of ways to roll each total of 7d6, from 7
        ways = [sum(ways[max(0, k - 5): k + 1]) for k in range(len(ways) + 5)]
    total = {7 + k: w for k, w in enumerate(ways)}
    major = Fraction(sum(w for b, w in total.items() if b >= 18), 6**7)
    shock: dict[str, Fraction] = {}
    for b, w in total.items():
        key = str(-min(4, (b - 4) // 2))
        shock[key] = shock.get(key, Fraction(0)) + Fraction(w, 6**7)
    assert Fraction(gray_t["p_major_wound"]) == major == Fraction(gray_t["p_knockdown_roll"])
    assert gray_t["p_crippled"] == "0/1"
    assert {k: Fraction(v) for k, v in gray_t["shock_pmf"].items()} == shock
    assert gray_t["location_pmf"] == {"torso": "1/1"}


def test_gu10_readable_odds_show_the_effects_and_the_locations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "odds", "example:random-location-burst")
    assert code == 0
    out = " ".join(out.split())  # as wrapped to the terminal's width
    assert "major wound" in out and "knockdown roll" in out and "crippled" in out
    assert "shock (GU-11)" in out
    assert "hit location (GU-10)" in out and "torso 24.07%" in out  # 52 of 216


def test_gu8_the_header_counts_the_hit_patterns_of_the_given_chances(
    capsys: pytest.CaptureFixture[str], gray: Path
) -> None:
    # the VIP's hit chance of 1/3: hit or not, 2 patterns (GU-8)
    code, out, _ = cli(capsys, "odds", str(gray))
    assert code == 0
    assert out.splitlines()[0] == "7d(2) pi-: exact odds over every roll and 2 hit patterns (GU-8)"


def test_gu16_the_header_of_who_is_hit_counts_the_situations_of_the_shot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the brick wall: the gunman behind it meets the shot in 2 situations, the aimed roll hit
    # (he is hit) or missed (nobody else to try: he is not hit); no hit patterns of GU-8
    code, out, _ = cli(capsys, "odds", "example:brick-wall")
    assert code == 0
    assert out.splitlines()[0] == ("7d pi: exact odds over every roll and 2 situations of the "
                                   "shot (GU-16)")
    assert "hit patterns" not in out


def test_gu19_gu21_odds_text_counts_shots_landed_and_the_blast_for_everyone(
        capsys: pytest.CaptureFixture[str]) -> None:
    # smg-burst-car-door, skill 12 + 2 = 14: no shot lands on rolls 15-18 (20 of 216 = 9.26%);
    # six land on rolls 3-4 (4 of 216 = 1.85%)
    code, out, _ = cli(capsys, "odds", "example:smg-burst-car-door")
    assert code == 0
    head = out.splitlines()[0]
    assert "hit patterns" not in head and "situations of the shot" not in head and "GU-19" in head
    assert "shots landed on it (GU-19): 0 9.26%, 1 16.67%, 2 24.07%, 3 24.07%, 4 16.67%, " \
           "5 7.41%, 6 1.85%; expected 2.519" in out
    # grenade-courtyard: Bob's fragments at skill 10 miss on half the rolls
    code, out, _ = cli(capsys, "odds", "example:grenade-courtyard")
    assert code == 0 and "hit patterns" not in out.splitlines()[0]
    assert "fragments hitting it (GU-22): 0 50.00%, 1 33.80%" in out
    assert "everyone, one blast (GU-21): nobody hurt " in out
