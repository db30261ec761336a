"""What a new user meets in the first hour at the terminal: optional parts named with the line
that installs them, the version, the files written, ``--json`` everywhere, and messages that read
plainly (AP-2)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli.cli_helpers import cli

from armourpen.version import __version__


def _without(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """``module`` as if it were not installed (``import`` raises ImportError)."""
    monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.parametrize("module", ["matplotlib", "reportlab"])
def test_ap2_screen_without_the_charts_extra_names_its_install_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    module: str,
) -> None:
    _without(monkeypatch, module)
    out = tmp_path / "gm.pdf"
    code, stdout, err = cli(capsys, "screen", "--attack", "Sword", "--armour", "NIJ Type I",
                            "--out", str(out))
    assert (code, stdout) == (2, "")
    assert err == (f"armourpen: error: --out: writing it needs the charts extra ({module} is not "
                   "installed): pip install 'armourpen[charts]' (in a source checkout: "
                   "pip install '.[charts]')\n")
    assert not out.exists()


def test_ap2_chart_without_matplotlib_names_its_install_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    _without(monkeypatch, "matplotlib")
    out = tmp_path / "slope.png"
    code, _, err = cli(capsys, "chart", "slope", "--av", "10", "--out", str(out))
    assert code == 2
    assert "pip install 'armourpen[charts]' (in a source checkout: pip install '.[charts]')" \
        in err and "internal error" not in err
    assert not out.exists()
    # the data alone needs no drawing
    code, stdout, _ = cli(capsys, "chart", "slope", "--av", "10", "--json")
    assert code == 0 and json.loads(stdout)["kind"] == "slope"


def test_ap2_serve_without_the_web_extra_names_both_install_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's source checkout installs '.[web]', a package index 'armourpen[web]'."""
    _without(monkeypatch, "uvicorn")
    assert cli(capsys, "serve") == (2, "", "armourpen: error: serve: the web app needs the web "
                                    "extra: pip install 'armourpen[web]' (in a source checkout: "
                                    "pip install '.[web]')\n")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "--version") == (0, f"armourpen {__version__}\n", "")


def test_chart_and_screen_say_the_file_they_wrote(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    png = tmp_path / "slope.png"
    assert cli(capsys, "chart", "slope", "--av", "10", "--out", str(png)) == (
        0, f"wrote {png}\n", "")
    # with --json the JSON alone is on stdout, the file's name on stderr
    code, out, err = cli(capsys, "chart", "slope", "--av", "10", "--out", str(png), "--json")
    assert code == 0 and json.loads(out)["kind"] == "slope" and err == f"wrote {png}\n"
    pdf = tmp_path / "gm.pdf"
    code, out, _ = cli(capsys, "screen", "--attack", "Sword", "--armour", "NIJ Type I",
                       "--out", str(pdf))
    assert (code, out) == (0, f"wrote {pdf}\n") and pdf.stat().st_size > 0


def test_table_json_is_format_json(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--attack", "Sword", "--armour", "NIJ Type I", "--band", "contact"]
    code, out, _ = cli(capsys, "table", *flags, "--json")
    assert code == 0
    assert out == cli(capsys, "table", *flags, "--format", "json")[1]
    code, _, err = cli(capsys, "table", *flags, "--json", "--format", "csv")
    assert code == 2 and "--format: 'csv' is not allowed; not with --json" in err


def test_examples_and_schema_take_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "examples", "--json")
    listed = json.loads(out)
    assert code == 0 and {"name": "agent-gray", "scenario": "example:agent-gray"}.items() \
        <= listed[0].items()
    code, out, _ = cli(capsys, "examples", "agent-gray", "--json")
    one = json.loads(out)
    assert code == 0 and one["name"] == "agent-gray" and 'rules = "gurps"' in one["text"]
    code, out, _ = cli(capsys, "schema", "gurps", "--json")
    assert code == 0 and json.loads(out) == json.loads(cli(capsys, "schema", "gurps")[1])


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["resolve", "--weapon", "Sword", "--weapon", "Punch", "--contact"],
         "--weapon: 'Punch' is not allowed; it was given already (--weapon 'Sword'): give it once"),
        (["resolve", "--weapon=Sword", "--contact", "--weapon=Punch"],
         "--weapon: 'Punch' is not allowed; it was given already (--weapon 'Sword'): give it once"),
        (["resolve", "--weapon", "Sword", "--contact", "--no-contact"],
         "--no-contact: '--no-contact' is not allowed; it was given already (--contact): "
         "give it once"),
        (["table", "-f", "json", "--format", "csv"],
         "--format: 'csv' is not allowed; it was given already (-f 'json'): give it once"),
        (["roll", "3d pi", "--seed", "1", "--seed", "2"],
         "--seed: '2' is not allowed; it was given already (--seed '1'): give it once"),
    ],
)
def test_ap2_a_flag_given_twice_is_an_error(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str,
) -> None:
    assert cli(capsys, *args) == (2, "", f"armourpen: error: {line}\n")


def test_ap2_a_repeatable_flag_and_a_value_like_a_flag_are_no_repeat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = cli(capsys, "resolve", "--weapon", "Sword", "--contact", "--armour",
                         "Chain mail", "--armour", "NIJ Type I", "--target", "--weapon", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["targets"][0]["name"] == "--weapon"


def test_ap2_what_is_missing_is_said_as_required(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('rules = "gurps"\nattack = { damage = "3d pi" }\n[[line]]\n'
                        'target = "a"\n', encoding="utf-8")
    assert cli(capsys, "resolve", str(scenario)) == (
        2, "", "armourpen: error: line[0].hp: `hp` is required\n")


def test_ap2_no_such_file_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, "resolve", "nothere.toml") == (
        2, "", "armourpen: error: scenario: no such file: nothere.toml\n")
    # a name a shell would need quoted is quoted
    assert cli(capsys, "resolve", "not here.toml") == (
        2, "", "armourpen: error: scenario: no such file: 'not here.toml'\n")


def test_ap2_a_file_with_several_problems_lists_them_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('[attack]\nweapon = 3\nrange = true\n[[line]]\ntarget = 1\n'
                        'foo = 2\nbar = 3\n', encoding="utf-8")
    code, out, err = cli(capsys, "resolve", str(scenario))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1  # one line (AP-2), each problem on it
    problems = err.removeprefix("armourpen: error: ").rstrip("\n").split(" | ")
    assert [p.split(":", 1)[0] for p in problems] == [
        "line[0].foo", "line[0].bar", "line[0].target", "attack.range", "attack.weapon"]
    assert "more problem" not in err


def test_ap2_a_gurps_file_with_several_problems_lists_them_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """The GURPS reader validates the attack and each entry apart: their problems are told
    together, as PEN/AV's are, the attack's first and then the line's in order."""
    scenario = tmp_path / "s.toml"
    scenario.write_text('rules = "gurps"\nattack = { damage = "3d pi", rol = 3 }\n'
                        '[[line]]\ntarget = "A"\nhp = 10\n[[line]]\ntarget = 3\nhp = 10\n'
                        '[[line]]\ntarget = "C"\nhp = 10\nzzz = 1\n', encoding="utf-8")
    code, out, err = cli(capsys, "resolve", str(scenario))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    problems = err.removeprefix("armourpen: error: ").rstrip("\n").split(" | ")
    assert [p.split(":", 1)[0] for p in problems] == ["attack.rol", "line[1].target",
                                                       "line[2].zzz"]
    assert problems[1] == "line[1].target: 3 is not allowed; allowed: a string"


@pytest.mark.parametrize("rules", ["penav", "gurps"])
def test_ap2_many_problems_are_listed_to_the_same_bound_in_both_rule_sets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rules: str,
) -> None:
    attack = 'weapon = "Sword"\ncontact = true' if rules == "penav" else 'damage = "3d pi"'
    card = 'target = "T{}"\nzzz = 1\n' + ("hp = 10\n" if rules == "gurps" else "")
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'rules = "{rules}"\n[attack]\n{attack}\n'
                        + "".join("[[line]]\n" + card.format(i) for i in range(12)),
                        encoding="utf-8")
    code, _, err = cli(capsys, "resolve", str(scenario))
    problems = err.rstrip("\n").split(" | ")
    assert code == 2 and len(problems) == 10
    assert problems[-1].endswith("(and 2 more problems)")


def test_ap2_every_unknown_catalog_name_is_told_with_its_suggestions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('[attack]\nweapon = "Sword"\ncontact = true\n'
                        '[[line]]\ntarget = "A"\narmour = ["zzz"]\n'
                        '[[line]]\ntarget = "B"\narmour = ["NIJ Type 3", "yyy"]\n',
                        encoding="utf-8")
    code, out, err = cli(capsys, "resolve", str(scenario))
    problems = err.removeprefix("armourpen: error: ").rstrip("\n").split(" | ")
    assert (code, out) == (2, "")
    assert [p.split(":", 1)[0] for p in problems] == [
        "line[0].armour[0]", "line[1].armour[0]", "line[1].armour[1]"]
    assert problems[0] == ("line[0].armour[0]: 'zzz' is not allowed; no armour has that name "
                           "(see `armourpen catalog list`)")
    assert "did you mean 'NIJ Type III', " in problems[1]


def test_ap2_every_unknown_quick_flag_name_is_told_by_its_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = cli(capsys, "resolve", "--weapon", "Sword", "--contact", "--cover", "qqq",
                       "--armour", "zzz", "--armour", "yyy")
    assert code == 2
    assert [p.split(":", 1)[0] for p in err.removeprefix("armourpen: error: ").split(" | ")] == [
        "--cover #1", "--armour #1", "--armour #2"]


def test_ap2_unknown_names_past_the_bound_are_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('[attack]\nweapon = "Sword"\ncontact = true\n[[line]]\ntarget = "A"\n'
                        "armour = [" + ", ".join(f'"zz{i}"' for i in range(13)) + "]\n",
                        encoding="utf-8")
    code, _, err = cli(capsys, "resolve", str(scenario))
    problems = err.rstrip("\n").split(" | ")
    assert code == 2 and len(problems) == 10
    assert problems[-1].endswith("(and 3 more problems)")


def test_catalog_search_says_why_each_hit_matched(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "search", "AK")
    assert code == 0
    rows = out.splitlines()
    header = next(r for r in rows if r.startswith("kind"))
    assert header.rstrip().endswith("matched by")
    first = rows[rows.index(header) + 2]
    assert first.startswith("attack") and "7.62x39mm Soviet" in first
    assert first.rstrip().endswith("alias 'AK-47'")
    assert "Makarov" not in out


def test_catalog_search_json_says_why_each_hit_matched(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "catalog", "search", "AK", "--json")
    hits = json.loads(out)
    assert code == 0
    assert hits[0]["name"] == "7.62x39mm Soviet"
    assert hits[0]["matched_by"] == {"by": "alias", "text": "AK-47"}
    assert all(h["matched_by"]["by"] in ("name", "alias", "note", "spelling") for h in hits)


def test_gu1_3d6_is_explained_as_3d(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "roll", "3d6+2 pi")
    assert code == 2
    assert "GURPS dice are six-sided and written 3d, not 3d6 (here: '3d+2 pi')" in err


def test_ap2_nij_type_3_suggests_nij_type_iii_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "resolve", "--weapon", "Sword", "--contact", "--armour",
                       "NIJ Type 3")
    assert code == 2 and "did you mean 'NIJ Type III', " in err


def test_pa6_catalog_show_says_why_an_ammunition_type_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "catalog", "show", "ap")
    value = next(line for line in out.splitlines() if line.startswith("value"))
    assert code == 0 and "PEN +0, DC +0 (the text sets none: its Ammunition chapter" in value


def test_gu8_a_target_assumed_hit_says_so_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """Roll 40 of 7d pi: through the Guard (cover DR 4 + 4 + 11 = 19 < 40) into the Bystander,
    whose hit chance 0.3 one resolution takes as a hit (GU-8)."""
    scenario = tmp_path / "s.toml"
    scenario.write_text('rules = "gurps"\nattack = { damage = "7d pi", roll = 40 }\n'
                        '[[line]]\ntarget = "Guard"\ndr = 4\nhp = 11\n'
                        '[[line]]\ntarget = "Bystander"\nhp = 10\nhit_chance = 0.3\n',
                        encoding="utf-8")
    code, out, _ = cli(capsys, "resolve", str(scenario))
    rows = {line.split()[1]: line for line in out.splitlines() if line[:2] in ("1 ", "2 ")}
    assert code == 0
    assert "Bystander (hit chance 0.3: assumed hit)" in rows["Bystander"]
    assert "hit chance" not in rows["Guard"]


def test_gu7_gurps_quick_flags_reproduce_agent_gray(capsys: pytest.CaptureFixture[str]) -> None:
    """7d(2) pi- rolling 20 at DR 8, HP 12: DR 8 / 2 = 4, 20 - 4 = 16 penetrating, x1/2 = 8
    injury; cover DR (8 + 8 + 12) / 2 = 14 (GU-7's example)."""
    code, out, err = cli(capsys, "resolve", "--damage", "7d(2) pi-", "--roll", "20", "--hp", "12",
                         "--dr", "8", "--target", "Gray", "--json")
    assert (code, err) == (0, "")
    gray = json.loads(out)["targets"][0]
    assert (gray["name"], gray["effective_dr"], gray["penetrating"], gray["injury"],
            gray["cover_dr"]) == ("Gray", 4, 16, 8, 14)


def test_gu6_gurps_quick_cover_dr_is_a_thin_slab_in_front(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """3d pi rolling 12 through cover DR 3 (a thin slab, GU-6): the target faces 3 + 0, takes
    12 - 3 = 9; its own cover DR 0 + 0 + 10 = 10, and 12 does not exceed 3 + 10: it stops there."""
    code, out, _ = cli(capsys, "resolve", "--damage", "3d pi", "--roll", "12", "--hp", "10",
                       "--cover-dr", "3", "--json")
    data = json.loads(out)
    target = data["targets"][0]
    assert code == 0
    assert (target["effective_dr"], target["penetrating"], target["injury"],
            target["overpenetrates"]) == (3, 9, 9, False)


@pytest.mark.parametrize(
    ("skill", "attack_roll", "hit"),
    [(12, 12, True), (12, 13, False), (20, 17, False), (3, 4, True), (3, 5, False)],
)
def test_gu15_gurps_quick_skill_and_attack_roll_decide_the_hit(
    capsys: pytest.CaptureFixture[str], skill: int, attack_roll: int, hit: bool,
) -> None:
    """GU-15: a roll at or below the skill hits, 3 and 4 always hit, 17 and 18 always miss; a
    hit 3d pi rolling 12 on HP 10 with no DR takes 12 injury; a target not hit has none (null)."""
    code, out, err = cli(capsys, "resolve", "--damage", "3d pi", "--roll", "12", "--hp", "10",
                         "--skill", str(skill), "--attack-roll", str(attack_roll), "--json")
    data = json.loads(out)
    target = data["targets"][0]
    assert (code, err) == (0, "")
    assert (data["attack"]["skill"], data["attack"]["attack_roll"]) == (skill, attack_roll)
    assert (target["hit"], target["hit_by"], target["injury"]) == (
        (True, "aimed", 12) if hit else (False, None, None))


def test_ap2_gurps_quick_attack_roll_needs_the_skill(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "resolve", "--damage", "3d pi", "--hp", "10",
                         "--attack-roll", "10")
    assert (code, out) == (2, "")
    assert err.startswith("armourpen: error: --attack-roll: 10 is not allowed; allowed only with "
                          "attack.skill")


def test_gu1_seed_replays_the_roll_an_outcome_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('rules = "gurps"\nattack = { damage = "6d pi", location = "random" }\n'
                        '[[line]]\ntarget = "T"\nhp = 10\n', encoding="utf-8")
    code, first, _ = cli(capsys, "resolve", str(scenario), "--json")
    seed = json.loads(first)["attack"]["seed"]
    assert code == 0 and isinstance(seed, int)
    assert cli(capsys, "resolve", str(scenario), "--json", "--seed", str(seed)) == (0, first, "")
    # the quick flags replay the same way
    quick = ["resolve", "--damage", "6d pi", "--hp", "10", "--location", "random", "--json"]
    code, again, _ = cli(capsys, *quick, "--seed", str(seed))
    assert json.loads(again)["attack"]["dice"] == json.loads(first)["attack"]["dice"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--damage", "3d pi"], "--hp: required with --damage: the target's HP"),
        (["--hp", "10"], "--damage: required with the GURPS flags: the damage, e.g. '7d(2) pi-' "
                         "(GU-1), or a sheet's weapon with --gcs FILE --gcs-weapon NAME"),
        (["--damage", "3d pi", "--hp", "0"], "--hp: 0 is not allowed; allowed: 1 or more"),
        (["--damage", "3d pi", "--hp", "9", "--weapon", "Sword"],
         "--weapon: 'Sword' is not allowed; not with the GURPS flags (--damage, --hp): PEN/AV's "
         "and GURPS's quick flags are apart"),
        (["--weapon", "Sword", "--contact", "--seed", "3"],
         "--seed: 3 is not allowed; only for GURPS, whose dice it seeds: PEN/AV rolls no dice"),
        # --seed beside a user's own file that fixes its rolls: tests/cli/test_second_hour.py
        # (beside example:NAME it re-rolls the example, issue 34 item 3)
    ],
)
def test_ap2_gurps_quick_flag_errors_name_the_flag(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str,
) -> None:
    assert cli(capsys, "resolve", *args) == (2, "", f"armourpen: error: {line}\n")


def test_pa3_table_shows_a_dash_past_an_attacks_reach(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24, item 3: the Sword (melee) reaches Contact only: stopped by AV 6 there, – beyond."""
    flags = ["--attack", "Sword", "--armour", "NIJ Type III", "--band", "contact", "--band", "long"]
    code, out, _ = cli(capsys, "table", *flags, "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("Sword,NIJ Type III,contact,,front,2,,6,,stopped,·,")
    assert lines[2] == "Sword,NIJ Type III,long,,front,,,6,,out_of_reach,–,,,,"
    code, out, _ = cli(capsys, "table", *flags)
    assert code == 0 and "– out of reach" in out
    assert json.loads(cli(capsys, "table", *flags, "--json")[1])["cells"][1]["outcome"] == \
        "out_of_reach"


def test_pa3_resolve_past_the_reach_warns(capsys: pytest.CaptureFixture[str]) -> None:
    # the text gives melee no range rule (PA-4): the Sword at 10 m is resolved, PEN 2, with a
    # warning that it reaches Contact only
    code, out, err = cli(capsys, "resolve", "--weapon", "Sword", "--range", "10m", "--json")
    data = json.loads(out)
    assert (code, err, data["attack"]["pen"]) == (0, "", 2)
    assert any(w["rule"] == "PA-3" and w["text"].startswith("Sword reaches Contact only")
               for w in data["warnings"])


def test_ap2_thickness_with_nothing_given_says_what_is_required(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = cli(capsys, "thickness")
    assert (code, out) == (2, "")
    assert err == ("armourpen: error: thickness: a thickness (e.g. 120mm), --av or --sav is "
                   "required: give exactly one\n")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["chart", "matrix", "--json"],
         "--band: `--band` or `--range` is required: one --band (e.g. long) or one --range "
         "(e.g. 150m)"),
        (["chart", "slope", "--json"],
         "--thickness: `--thickness` or `--av` is required: the plate's --thickness (e.g. 60mm) "
         "or its --av"),
    ],
)
def test_ap2_one_of_two_flags_left_out_says_what_is_required(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str,
) -> None:
    """Neither flag given reads as required, never as "not both"."""
    assert cli(capsys, *args) == (2, "", f"armourpen: error: {line}\n")


def test_ap2_the_python_api_says_required_when_neither_is_given() -> None:
    from armourpen.charts import matrix_chart, slope_chart
    from armourpen.errors import InputError
    from armourpen.penav.thickness import neighbours

    with pytest.raises(InputError) as info:
        matrix_chart(["Sword"], ["NIJ Type I"])
    assert str(info.value) == ("band: `band` or `distance` is required: one band or one distance "
                               "for a matrix")
    with pytest.raises(InputError) as info:
        slope_chart()
    assert str(info.value) == "thickness: a thickness in mm or an AV is required"
    with pytest.raises(InputError) as info:
        neighbours()
    assert str(info.value) == "thickness: an AV or a thickness in mm is required"
    with pytest.raises(InputError) as info:
        slope_chart(mm=60, av=3)
    assert str(info.value) == ("thickness: '60' is not allowed; give a thickness in mm or an AV, "
                               "not both")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--damage", "3d pi", "--hp", "10", "--armour", "x", "--armour", "y"],
         "--armour: 'x' is not allowed; not with the GURPS flags (--damage, --hp): PEN/AV's and "
         "GURPS's quick flags are apart"),
        (["--damage", "3d pi", "--hp", "10", "--optional-rule", "a", "--optional-rule", "b"],
         "--optional-rule: 'a' is not allowed; not with the GURPS flags (--damage, --hp): PEN/AV's "
         "and GURPS's quick flags are apart"),
        (["--damage", "3d pi", "--hp", "10", "--contact"],
         "--contact: '--contact' is not allowed; not with the GURPS flags (--damage, --hp): "
         "PEN/AV's and GURPS's quick flags are apart"),
        (["example:bodyguard", "--cover", "x", "--cover", "y"],
         "--cover: 'x' is not allowed; give a scenario file or quick flags, not both"),
    ],
)
def test_ap2_a_repeated_or_switch_flag_is_shown_as_typed(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str,
) -> None:
    """A value as the user typed it, never Python's tuple of a repeated flag's values."""
    assert cli(capsys, "resolve", *args) == (2, "", f"armourpen: error: {line}\n")


def test_ap2_thickness_given_two_ways_names_each_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli(capsys, "thickness", "120mm", "--av", "3") == (
        2, "", "armourpen: error: thickness: '120mm' is not allowed; not with --av 3: give exactly "
        "one of a thickness (e.g. 120mm), --av or --sav\n")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["example:bodyguard", "--from", "left"],
         "--from: 'left' is not allowed; give a scenario file or quick flags, not both"),
        (["example:bodyguard", "--target", "X"],
         "--target: 'X' is not allowed; give a scenario file or quick flags, not both"),
        (["example:bodyguard", "--no-contact"],
         "--no-contact: '--no-contact' is not allowed; give a scenario file or quick flags, not "
         "both"),
        (["--damage", "3d pi", "--hp", "10", "--roll", "10", "--from", "left"],
         "--from: 'left' is not allowed; not with the GURPS flags (--damage, --roll, --hp): "
         "PEN/AV's and GURPS's quick flags are apart"),
    ],
)
def test_ap2_a_flag_that_would_change_nothing_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], line: str,
) -> None:
    """A quick flag beside a scenario file, or PEN/AV's --from beside the GURPS flags, would be
    ignored: it is refused naming the flag (the CLI documents no overriding, save --seed)."""
    assert cli(capsys, "resolve", *args) == (2, "", f"armourpen: error: {line}\n")


@pytest.mark.parametrize("typed", ["3d6", "3d6(2)"])
def test_gu1_what_3d6_suggests_is_damage_roll_takes(
    capsys: pytest.CaptureFixture[str], typed: str,
) -> None:
    """The suggestion is a whole damage: 3d6 suggests '3d cr' (a type added), never '3d', which
    roll refuses for want of a type."""
    import re

    code, _, err = cli(capsys, "roll", typed)
    suggested = re.search(r"\(here[^']*'([^']+)'\)", err)
    assert code == 2 and suggested is not None
    assert cli(capsys, "roll", suggested.group(1), "--seed", "1")[0] == 0


def test_gu8_a_target_not_reached_is_not_warned_as_assumed_hit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Seed 7 rolls 22 with 7d pi: the shot stops in the Clerk (cover DR 19 + 2 = 21 of 22 leaves
    1 penetrating), so the Bystander behind, hit chance 0.3, is not reached, and no hit on it is
    assumed (GU-8)."""
    code, out, _ = cli(capsys, "resolve", "example:office-shootout", "--json")
    data = json.loads(out)
    bystander = next(t for t in data["targets"] if t["name"] == "Bystander")
    assert code == 0 and bystander["reached"] is False
    assert not [w for w in data["warnings"] if w["rule"] == "GU-8"]


def test_gu1_roll_of_a_thousand_dice_shows_the_first_and_how_many(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = cli(capsys, "roll", "1000d cr", "--seed", "1")
    dice = next(line for line in out.splitlines() if line.startswith("dice:"))
    assert code == 0 and dice.endswith(" ... (1000 dice) = 3532") and len(dice) < 80
    assert len(json.loads(cli(capsys, "roll", "1000d cr", "--seed", "1", "--json")[1])["dice"]) \
        == 1000  # the JSON keeps every die
