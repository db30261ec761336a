"""The golden cases (tests/golden: penav.txt, lines.txt, gurps.txt, blasts.txt, who.txt) hold
through the public API."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def _checker() -> ModuleType:
    path = Path(__file__).parent / "golden" / "check.py"
    spec = importlib.util.spec_from_file_location("golden_check", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_golden_cases_hold() -> None:
    mod = _checker()
    here = Path(__file__).parent / "golden"
    assert len(mod.cases(here / "penav.txt")) >= 20
    # lines of fire through several targets and vehicles (PA-12), and GURPS chains (GU-7)
    assert len(mod.line_cases(here / "lines.txt")) >= 7
    assert len(mod.gurps_cases(here / "gurps.txt")) >= 6
    # GURPS explosions (GU-21, GU-22): the blast's divisor, inside, fragments
    assert len(mod.blast_cases(here / "blasts.txt")) >= 13
    # who is hit with every roll fixed (GU-15 to GU-18), and the half damage range (GU-23)
    assert len(mod.who_cases(here / "who.txt")) >= 30
    count, failures = mod.check_all()
    assert failures == [] and count >= 63


WHO = ("7d pi | 30 | skill=13 aim=Boss attack_roll=14 | {rolls} | target Guard dr=4 hp=12 ; "
       "target Boss hp=10 immediately_behind => basic 30 ; skill 9 miss ; "
       "Guard wrong_target 4 26 26 20 through ; Boss behind 20 10 10 10 stops\n")


def test_gu16_a_who_case_fails_when_its_rolls_are_not_the_ones_the_shot_asks_for(
        tmp_path: Path) -> None:
    # the guard, tried after the miss (13 - 4 = 9, rolled 14), rolled 7 on 9: hit; the boss
    # immediately behind him is hit without a roll (GU-16): a roll for him is one too many
    mod = _checker()
    from armourpen.gurps import wrong_target

    seeded = wrong_target.seeded
    for rolls, failed in (("Guard=7", False), ("Guard=7 Boss=3", True), ("-", True),
                          ("Guard=10", True)):
        path = tmp_path / "who.txt"
        path.write_text(WHO.format(rolls=rolls), encoding="utf-8")
        assert bool(mod.check_who(path)) is failed, rolls
        assert wrong_target.seeded is seeded  # the roller is put back, whatever happened
