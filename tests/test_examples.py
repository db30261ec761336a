"""The shipped example scenarios load, resolve to their hand-worked answers, and run from the CLI."""

from __future__ import annotations

from typing import Any

import pytest

import armourpen
from armourpen.cli.app import main
from armourpen.errors import ScenarioError
from armourpen.scenario import example_names


def outcome(name: str) -> dict[str, Any]:
    return armourpen.resolve(armourpen.load_scenario(f"example:{name}")).to_dict()


def test_every_example_resolves() -> None:
    assert len(example_names()) >= 6
    for name in example_names():
        assert outcome(name)["targets"]


def test_gu7_agent_gray_example() -> None:
    gray, vip = outcome("agent-gray")["targets"]
    assert (gray["effective_dr"], gray["penetrating"], gray["injury"]) == (4, 16, 8)
    assert (gray["cover_dr"], gray["overpenetrates"]) == (14, True)
    assert (vip["penetrating"], vip["injury"]) == (6, 3)


def test_pa12_bodyguard_example() -> None:
    # PEN 7 - 1 (Very Long) = 6 vs NIJ III 6: -4; the VIP faces body 3 + vest twice: 6 + 2 = 8
    gray, vip = outcome("bodyguard")["targets"]
    assert (gray["av"], gray["outcome"]) == (6, "penetrated_reduced")
    assert (vip["av"], vip["outcome"]) == (8, "stopped")


def test_pa12_car_occupants_example() -> None:
    # from the left: car 3; passenger: car 3, driver side to side 4, own vest 4 -> 4 + 1 + 1 = 6
    driver, passenger = outcome("car-occupants")["targets"]
    assert (driver["av"], driver["outcome"]) == (3, "penetrated")
    assert (passenger["av"], passenger["outcome"]) == (6, "penetrated_reduced")


def test_pa9_sandbags_from_above_example() -> None:
    (rifleman,) = outcome("sandbags-from-above")["targets"]
    assert (rifleman["av"], rifleman["outcome"]) == (3, "penetrated")  # the helmet alone


def test_pa10_tank_ambush_example() -> None:
    # SPEN 14 = PEN 70; glacis 45 mm at 60 deg -> 90 mm -> AV 40
    tank, driver = outcome("tank-ambush")["targets"]
    assert (tank["av"], tank["outcome"]) == (40, "penetrated")
    assert (driver["av"], driver["outcome"]) == (40, "penetrated")


def test_unknown_example_lists_the_names() -> None:
    with pytest.raises(ScenarioError, match="agent-gray"):
        armourpen.load_scenario("example:nope")


def test_examples_command_lists_and_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["examples"])
    assert info.value.code == 0
    assert "tank-ambush" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        main(["examples", "agent-gray"])
    assert info.value.code == 0
    assert 'damage = "7d(2) pi-"' in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        main(["examples", "nope"])
    assert info.value.code == 2


def test_ap1_every_step_of_every_example_cites_a_ruling() -> None:
    import re

    for name in example_names():
        out = outcome(name)
        assert out["steps"], name
        for step in out["steps"]:
            assert re.fullmatch(r"(PA|GU|AP)-\d+", step["rule"]), (name, step)
            assert step["text"]
