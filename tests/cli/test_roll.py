"""``armourpen roll`` (GU-1, GU-2) and the readable rendering of GURPS outcomes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cli.cli_helpers import cli


def test_gu1_roll_json_is_seeded_and_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "roll", "7D (2)  PI-", "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["damage"] == "7d(2) pi-"
    assert data["seed"] == 7
    # the dice are d6 from a generator seeded with 7, as documented
    rng = random.Random(7)
    assert data["dice"] == [rng.randint(1, 6) for _ in range(7)]
    assert data["basic_damage"] == sum(data["dice"])


def test_gu1_roll_is_replayable(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = cli(capsys, "roll", "3d+1x2 cut", "--json")
    seed = json.loads(first)["seed"]
    _, again, _ = cli(capsys, "roll", "3d+1x2 cut", "--seed", str(seed), "--json")
    a, b = json.loads(first), json.loads(again)
    assert a["dice"] == b["dice"]
    # GU-2: (dice + 1) x 2
    assert a["basic_damage"] == (sum(a["dice"]) + 1) * 2


def test_gu2_roll_text_shows_dice_basic_damage_and_notation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "roll", "1d-3 cr", "--seed", "1")
    assert code == 0
    assert "1d-3 cr" in out and "dice:" in out and "basic damage:" in out
    # 1d-3: at most 3, at least -2 -> crushing basic damage 0..3
    basic = int(out.split("basic damage:")[1].split()[0])
    assert 0 <= basic <= 3


@pytest.mark.parametrize(
    ("damage", "where"),
    [("7d(400) pi", "position 4"), ("1001d cr", "1 to 1000"), ("", "position 1")],
)
def test_gu1_bad_damage_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], damage: str, where: str
) -> None:
    code, out, err = cli(capsys, "roll", damage)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert where in err and "expected" in err


def test_gu1_negative_seed_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "roll", "1d cr", "--seed", "-1")
    assert code == 2
    assert "--seed" in err


def test_gu7_readable_gurps_outcome_table_then_steps(tmp_path: Path) -> None:
    from rich.console import Console

    from armourpen.cli.render import render_layout
    from armourpen.gurps.layout import layout
    from armourpen.gurps.resolve import resolve_gurps
    from armourpen.gurps.scenario import parse_gurps

    sc = parse_gurps({
        "rules": "gurps",
        "attack": {"damage": "7d(2) pi-", "roll": 20},
        "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}, {"target": "VIP", "hp": 10}],
    })
    console = Console(width=160, record=True, file=open(tmp_path / "out.txt", "w"))  # noqa: SIM115
    console.print(render_layout(layout(resolve_gurps(sc))))
    text = console.export_text()
    assert "basic damage 20" in text
    assert text.index("VIP") < text.index("GU-7")  # the table comes before the explanation
    assert "goes through" in text
    assert "GU-6" in text and "28" in text


def test_gu7_agent_gray_scenario_file_end_to_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "gray.toml"
    path.write_text(
        'rules = "gurps"\n'
        "[attack]\n"
        'damage = "7d(2) pi-"\n'
        "roll = 20\n"
        "[[line]]\n"
        'target = "Agent Gray"\n'
        "dr = 8\n"
        "hp = 12\n"
        "[[line]]\n"
        'target = "VIP"\n'
        "hp = 10\n",
        encoding="utf-8",
    )
    code, out, _ = cli(capsys, "resolve", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    gray, vip = data["targets"]
    # GU-7: Gray 4 / 16 / 8, cover 14; VIP 6 penetrating, injury 3
    assert (gray["effective_dr"], gray["penetrating"], gray["injury"], gray["cover_dr"]) == (
        4, 16, 8, 14,
    )
    assert (vip["penetrating"], vip["injury"]) == (6, 3)
    code, out, _ = cli(capsys, "resolve", str(path))
    assert code == 0 and "GU-7" in out
