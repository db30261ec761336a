"""What a GCS file's text may hold, and a sheet of HP 0: a file is refused only for what makes it
unreadable or unsafe, never for text armourpen does not print raw (every text it keeps is escaped,
AP-2); HP 0, which GCS writes (a Specter), loads and the rules' reading of it is said (GU-27)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli
from gcs.gcs_helpers import character, trait

import armourpen
from armourpen.errors import ScenarioError

NOTE = "Detect\r\nthings moving on or in the ground"  # as GCS writes a note: a carriage return


def _sheet(**extra: Any) -> dict[str, Any]:
    return character(
        name="Ogre\x1b[2J",
        traits=[trait("Vibration Sense", local_notes=NOTE)],
        notes=[{"id": "n1", "markdown": "Big\rand\x1b[31mred"}],
        equipment=[{"id": "e1", "description": "Club", "equipped": True, "weapons": [
            {"id": "w1", "usage": "Swung\r", "usage_notes": "If lying in wait\rit leaps",
             "calc": {"level": 12, "damage": "1d+2 cr"}}]}],
        **extra,
    )


def test_ap2_a_sheet_with_a_crlf_note_loads() -> None:
    data = _sheet()
    for source in (data, json.dumps(data).encode()):
        c = armourpen.load_gcs(source)
        assert (c.name, c.hp, c.st, c.ht) == ("Ogre\\x1b[2J", 12, 11, 10)
        w = c.weapons[0]  # the usage's trailing \r is space, stripped as GCS's text is
        assert (w.name, w.usage, w.damage, w.skill, w.usable) == ("Club", "Swung", "1d+2 cr", 12,
                                                                   True)


def test_ap2_a_scenario_holding_a_sheet_with_a_crlf_note_loads(tmp_path: Path) -> None:
    # the calculator sends the file's JSON as the target's gcs: its text is kept as the file's
    # is, while the scenario's own text is still held to plain text
    line = {"target": "Ogre", "gcs": _sheet()}
    scenario = {"rules": "gurps", "attack": {"damage": "1d cr", "roll": 3}, "line": [line]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    assert armourpen.load_scenario(path).line[0].hp == 12  # type: ignore[union-attr]
    line["target"] = "Og\x1bre"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        armourpen.load_scenario(path)
    assert info.value.field.endswith("line[0].target") and "control character" in str(info.value)


def test_ap2_gcs_show_prints_escapes_and_carriage_returns_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "Ogre.gcs"
    path.write_text(json.dumps(_sheet()), encoding="utf-8")
    for extra in ((), ("--weapons",), ("--json",), ("--weapons", "--json")):
        code, out, err = cli(capsys, "gcs", "show", str(path), *extra)
        assert code == 0, err
        assert "\x1b" not in out + err and "\r" not in out + err
        assert "Ogre\\x1b[2J" in out or "Ogre\\\\x1b[2J" in out  # as text, or in JSON


def _specter(hp: int = 0) -> dict[str, Any]:
    # the library's Specter: HP 0, ST 0, a humanoid body of DR 0 (the helper's)
    return character(name="Specter", hp=hp, st=0)


def _line(roll: int | None) -> dict[str, Any]:
    attack: dict[str, Any] = {"damage": "1d pi", "ranged": True, "location": "leg"}
    if roll is not None:
        attack["roll"] = roll
    return {"rules": "gurps", "attack": attack,
            "line": [{"target": "Specter", "gcs": _specter()}, {"target": "Bob", "hp": 10}]}


def test_gu27_hp_0_loads_and_the_step_says_what_it_means() -> None:
    specter = armourpen.load_gcs(_specter())
    assert specter.hp == 0
    said = [w.text for w in specter.warnings if w.rule == "GU-27"]  # what gcs show says of it
    assert len(said) == 1 and said[0].startswith("HP 0 in the file: every multiple of HP is 0")
    outcome = armourpen.resolve(armourpen.load_scenario(_line(4)))
    d = outcome.to_dict()
    ghost, bob = d["targets"]
    # by hand: 1d pi rolls 4; the leg's DR 0: penetrating 4, pi x1 at the leg: injury 4, over
    # HP/2 = 0 cripples and the rest is lost: at most floor(0/2) + 1 = 1 (GU-10); 1 > 0: a major
    # wound (GU-12), at the leg an HT roll at +0; HP below 20: shock -1 (GU-11). Cover DR 0 in +
    # 0 out + HP 0 = 0 (GU-6), and 4 > 0: the shot goes on (GU-7) to Bob (HP 10, DR 0): 4
    # penetrating, injury 4, not over HP/2 = 5, shock -4
    assert (ghost["penetrating"], ghost["injury"], ghost["cover_dr"]) == (4, 1, 0)
    assert ghost["crippled"] and ghost["major_wound"] and ghost["shock"] == -1
    assert ghost["knockdown_ht_modifier"] == 0 and ghost["overpenetrates"]
    assert (bob["injury"], bob["major_wound"], bob["shock"]) == (4, False, -4)
    steps = [s for s in d["steps"] if s["rule"] == "GU-27"]
    assert len(steps) == 1
    text = steps[0]["text"]
    assert text.startswith("Specter: HP 0 in the file: every multiple of HP is 0")
    for part in ("GU-6", "GU-10", "GU-11", "GU-12", "any injury kills"):
        assert part in text
    # hp beside gcs (1 or more) wins over the file's 0, and then nothing is said of HP 0
    data = _line(4)
    data["line"][0]["hp"] = 8
    d = armourpen.resolve(armourpen.load_scenario(data)).to_dict()
    assert not [s for s in d["steps"] + d["warnings"] if s["rule"] == "GU-27"]


def test_gu27_hp_0_odds_agree_with_an_enumeration_of_the_rulings() -> None:
    # 1d pi at the leg, every face 1/6: the Specter (HP 0, DR 0) takes injury min(r, 0 // 2 + 1)
    # = 1 on every face (GU-10), a major wound and a crippled leg (1 > 0), shock -1 (GU-11);
    # cover DR 0, so Bob (HP 10, DR 0) takes r: injury min(r, 10 // 2 + 1), a major wound over
    # 5 (r = 6), shock -min(r, 4)
    ghost: dict[int, Fraction] = {}
    bob: dict[int, Fraction] = {}
    bob_major = Fraction(0)
    for r in range(1, 7):
        injury = min(r, 0 // 2 + 1)
        ghost[injury] = ghost.get(injury, Fraction(0)) + Fraction(1, 6)
        hurt = min(r, 10 // 2 + 1)
        bob[hurt] = bob.get(hurt, Fraction(0)) + Fraction(1, 6)
        bob_major += Fraction(1, 6) if 2 * hurt > 10 else 0
    odds = armourpen.odds(armourpen.load_scenario(_line(None))).to_dict()
    g, b = odds["targets"]
    assert {int(k): Fraction(v) for k, v in g["injury_pmf"].items()} == ghost == {1: 1}
    assert Fraction(g["p_major_wound"]) == Fraction(g["p_crippled"]) == 1
    assert g["shock_pmf"] == {"-1": "1/1"}
    assert {int(k): Fraction(v) for k, v in b["injury_pmf"].items()} == bob
    assert Fraction(b["p_major_wound"]) == bob_major == Fraction(1, 6)
