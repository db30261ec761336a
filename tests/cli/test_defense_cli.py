"""Issue 32 on the CLI: ``catalog list shields`` (GU-25), the quick flags ``--defense`` and
``--shield`` (GU-24, GU-25). Every figure is worked by hand from the rulings named."""

from __future__ import annotations

import json

import pytest
from cli.cli_helpers import cli


def test_gu25_catalog_list_shields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "shields", "--json")
    assert code == 0
    rows = {r["shield"]: (r["db"], r["dr"], r["hp"], r["cover_dr"], r["page"])
            for r in json.loads(out)}
    # cover DR = DR + HP/4 (GU-25 with GU-6), floored: buckler 5 + 5 = 10, small 6 + 7.5 = 13,
    # medium 7 + 10 = 17 (GU-25's own figure), large 9 + 15 = 24
    assert rows == {"buckler": (1, 5, 20, 10, "B287"), "small": (1, 6, 30, 13, "B287"),
                    "medium": (2, 7, 40, 17, "B287"), "large": (3, 9, 60, 24, "B287")}
    code, out, _ = cli(capsys, "catalog", "list", "shields")
    assert code == 0 and "medium   2   7   40  17        B287" in out


def test_gu25_quick_flags_defense_and_shield(capsys: pytest.CaptureFixture[str]) -> None:
    # --defense block:10:11 with --shield medium: 11 against 10 + DB 2 = 12, success by 1 <= 2:
    # the shield struck by 20: 13 through its DR 7, x1/2 = 6, HP 34; 20 > cover DR 17: 3 through
    code, out, err = cli(capsys, "resolve", "--damage", "3d+6 imp", "--hp", "12", "--skill", "14",
                         "--attack-roll", "10", "--roll", "20", "--defense", "block:10:11",
                         "--shield", "medium", "--seed", "4", "--json")
    assert (code, err) == (0, "")
    t = json.loads(out)["targets"][0]
    assert (t["struck_shield"], t["shield_injury"], t["shield_hp_left"], t["penetrating"]) == (
        True, 6, 34, 3)


@pytest.mark.parametrize(("flags", "line"), [
    (("--defense", "dodge"), "--defense: 'dodge' is not allowed; KIND:LEVEL"),
    (("--defense", "duck:9"), "--defense: 'duck' is not allowed; one of dodge, block, parry"),
    (("--defense", "dodge:9", "--shield", "meduim"), "(did you mean medium?)"),
])
def test_ap2_quick_defense_flags_name_the_flag(capsys: pytest.CaptureFixture[str],
                                                flags: tuple[str, ...], line: str) -> None:
    code, _, err = cli(capsys, "resolve", "--damage", "3d+6 imp", "--hp", "12", "--skill", "14",
                       *flags, "--seed", "1")
    assert code == 2 and line in err and err.count("\n") == 1


def test_gu24_seed_rerolls_an_examples_defense_and_shield_rolls(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = cli(capsys, "resolve", "example:knight-blocks-arrow", "--seed", "5")
    assert code == 0
    assert "line[0].defense.roll = 11, line[0].shield.location_roll = 4" in err


def test_gu24_odds_readable_line(capsys: pytest.CaptureFixture[str]) -> None:
    # 196/216 (attack 14) x 160/216 (block 12: 81 by more than DB 2 + 79 by 0..2) = 67.22%;
    # struck 196/216 x 79/216 = 33.19%
    code, out, _ = cli(capsys, "odds", "example:knight-blocks-arrow")
    assert code == 0 and "defended 67.22%, shield struck 33.19%" in out
