"""The caps hold for every path of the exact odds (a shot, who is hit, a burst, an explosion): the
work and the answer are estimated from the scenario and refused before anything expensive starts
(each test makes the expensive functions fail if they are called), with one line that says what
would fit; below the caps the estimate of the answer bounds the real one."""

from __future__ import annotations

from typing import Any, NoReturn

import pytest
from cli.cli_helpers import cli
from fastapi.testclient import TestClient
from web.web_helpers import TEST_HOSTS

import armourpen
from armourpen.limits import LimitError, Limits
from armourpen.probability import blast, burst, dice, exact, totals, who
from armourpen.serialize import compact, dumps
from armourpen.web import create_app
from armourpen.web.server import ServerSettings

NO_WORK_CAP = Limits(max_odds_work=10**18)


def _never(*_: object, **__: object) -> NoReturn:
    raise AssertionError("the work started before the cap was checked")


@pytest.fixture
def no_powers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A burst's powers (GU-19) fail the test if they start (its one shot's odds, bounded by
    their own estimate, come first: the burst's is made from them)."""
    monkeypatch.setattr(burst, "mixed", _never)
    monkeypatch.setattr(burst, "convolve", _never)


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every expensive step of the exact odds fails the test if it starts: the basic damage table
    (GU-2), the chain's tabulation, the walk of who is hit, a burst's powers, an explosion's
    fragments."""
    monkeypatch.setattr(dice, "_window", _never)
    monkeypatch.setattr(dice, "_kronecker", _never)
    dice.basic_damage_weights.cache_clear()
    monkeypatch.setattr(totals, "basic_damage_distribution", _never)
    monkeypatch.setattr(exact, "basic_damage_distribution", _never)
    monkeypatch.setattr(exact, "exact_odds", _never)
    monkeypatch.setattr(who, "_Walk", _never)
    monkeypatch.setattr(burst, "mixed", _never)
    monkeypatch.setattr(burst, "convolve", _never)
    monkeypatch.setattr(blast, "_fragments", _never)


def gurps(damage: str, line: list[dict[str, Any]], **attack: Any) -> Any:
    return armourpen.load_scenario({"rules": "gurps", "attack": {"damage": damage, **attack},
                                    "line": line})


def _refused(sc: Any, cap: str, limits: Limits | None = None) -> LimitError:
    with pytest.raises(LimitError) as info:
        armourpen.odds(sc, limits=limits or Limits())
    err = info.value
    assert err.field == "scenario" and cap in err.allowed
    assert "\n" not in str(err)
    return err


# GU-21, GU-22: 1000dx100 fragments do up to 6000 x 100 basic damage each, a polynomial of some
# 900,000 coefficients of 800 digits raised to each number that lands: gigabytes.
FRAGMENT_BOMB = [{"target": "A", "hp": 10, "distance": 1}]


@pytest.mark.usefixtures("no_work")
def test_gu22_huge_fragments_are_refused_before_any_table_or_power() -> None:
    err = _refused(gurps("6dx2 cr ex [1000dx100 cut]", FRAGMENT_BOMB), "max_odds_work")
    assert "smaller fragments" in err.allowed
    # Monte Carlo does not serve explosions: it is not suggested
    assert "--samples" not in err.allowed


@pytest.mark.usefixtures("no_work")
def test_gu22_fragments_at_sm_30_point_blank_are_refused_before_their_powers() -> None:
    # SM +30 at 0.5 yards: skill 45 or so, 1 + 42 // 3 = 15 fragments land of [100d cut], each up
    # to 600 x 1.5 injury: 15 powers of a 900-term polynomial of 80-digit weights
    sc = gurps("6d cr ex [100d cut]", [{"target": "A", "hp": 10, "sm": 30, "distance": "0.5 yd"}])
    _refused(sc, "max_odds_work")


@pytest.mark.usefixtures("no_powers")
def test_gu19_a_199_die_burst_is_refused_before_its_powers() -> None:
    sc = gurps("199d pi", [{"target": "A", "hp": 10}], skill=12, shots=10, rcl=1)
    err = _refused(sc, "max_odds_work")
    assert "fewer shots" in err.allowed and "--samples" not in err.allowed


@pytest.mark.usefixtures("no_powers")
def test_gu19_ten_thousand_shots_on_20_targets_are_refused_before_their_powers() -> None:
    line = [{"target": f"t{i}", "hp": 10} for i in range(20)]
    _refused(gurps("10d pi", line, skill=12, shots=10000, rcl=1), "max_odds_work")


@pytest.mark.usefixtures("no_work")
def test_gu16_who_is_hit_with_1000_dice_is_refused_before_its_table() -> None:
    # the 1000-die table (5001 integers of 2,600 bits, 1000 windows) used to be built first
    line = [{"target": f"t{i}", "hp": 10} for i in range(3)]
    err = _refused(gurps("1000d pi", line, skill=12, aim="t1"), "max_odds_work")
    assert "fewer targets or dice" in err.allowed and "--samples" not in err.allowed


@pytest.mark.usefixtures("no_work")
def test_gu2_a_shot_of_1000_dice_is_refused_before_its_table() -> None:
    err = _refused(gurps("1000d pi", [{"target": "A", "hp": 10}] * 1), "max_odds_work")
    # one shot is what Monte Carlo serves: it is suggested
    assert "--samples" in err.allowed


@pytest.mark.usefixtures("no_work")
def test_gu21_an_answer_of_10_targets_of_100dx100_is_refused_up_front() -> None:
    # 100dx100 at 0 yards: blast injury up to 60,000 at each of 10 targets, each row a fraction
    # of some 90 digits over each other: some 100 MB of JSON
    line = [{"target": f"t{i}", "hp": 10, "distance": 0} for i in range(10)]
    err = _refused(gurps("100dx100 cr ex [2d cut]", line), "max_answer_bytes", NO_WORK_CAP)
    assert "fewer targets" in err.allowed and "ARMOURPEN_MAX_ANSWER_BYTES" in err.allowed


@pytest.mark.usefixtures("no_work")
def test_gu10_an_answer_of_1000_dice_at_a_random_location_is_refused_up_front() -> None:
    sc = gurps("1000d pi", [{"target": "A", "hp": 10, "location": "random"}])
    _refused(sc, "max_answer_bytes", NO_WORK_CAP)


@pytest.mark.parametrize("data", [
    ("7d pi", [{"target": "a", "hp": 10, "dr": 3}, {"target": "b", "hp": 12}], {}),
    ("40d pi", [{"target": "a", "hp": 10}, {"target": "b", "hp": 10, "location": "random",
                                             "hit_chance": "1/2"}], {}),
    ("3d cr", [{"target": "a", "hp": 10}, {"target": "b", "hp": 10, "hit_chance": "1/3"}], {}),
    ("5d pi", [{"target": f"t{i}", "hp": 10} for i in range(4)], {"skill": 12, "aim": "t2"}),
    ("4d pi", [{"target": "a", "hp": 10, "location": "random"}],
     {"skill": 14, "shots": 12, "rcl": 2}),
    ("6dx4 cr ex [3d cut]", [{"target": f"t{i}", "hp": 10, "distance": 1 + 2 * i}
                             for i in range(3)], {}),
    ("20dx10 cr ex [4d cut]", [{"target": "a", "hp": 10, "distance": 0}], {}),
])
def test_the_estimated_answer_bounds_the_real_one(data: tuple[str, Any, Any],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from armourpen.probability import cost

    damage, line, attack = data
    seen: list[cost.Cost] = []
    real = cost.refuse

    def spy(limits: Limits, c: cost.Cost, smaller: str) -> None:
        seen.append(c)
        real(limits, c, smaller)

    monkeypatch.setattr(cost, "refuse", spy)
    result = armourpen.odds(gurps(damage, line, **attack))
    estimate = seen[-1].answer  # a burst's own estimate comes after its one shot's
    assert len(dumps(result).encode()) <= estimate
    assert len(compact(result).encode()) <= estimate


def test_the_cli_refuses_in_one_line_with_exit_2(tmp_path: Any, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(burst, "mixed", _never)
    path = tmp_path / "burst.toml"
    path.write_text('rules = "gurps"\n[attack]\ndamage = "199d pi"\nskill = 12\nshots = 10\n'
                    'rcl = 1\n[[line]]\ntarget = "A"\nhp = 10\n')
    code, out, err = cli(capsys, "odds", "--json", str(path))
    assert (code, out) == (2, "")
    assert "max_odds_work" in err and "fewer shots" in err
    assert err.strip().count("\n") == 0


@pytest.mark.usefixtures("no_work")
def test_the_web_api_refuses_with_422_before_the_work() -> None:
    client = TestClient(create_app(server=ServerSettings(workers=0), allow_hosts=TEST_HOSTS))
    body = {"rules": "gurps", "attack": {"damage": "6dx2 cr ex [1000dx100 cut]"},
            "line": FRAGMENT_BOMB}
    got = client.post("/api/odds", json=body)
    assert got.status_code == 422
    assert "max_odds_work" in got.json()["allowed"] and len(got.content) < 2000
