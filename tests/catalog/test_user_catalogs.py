"""User catalogs: --catalog files and the user config folder; clashes and malformed files (AP-2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli.cli_helpers import cli

from armourpen.catalog import Catalog
from armourpen.errors import CatalogError, UnknownNameError

GOOD = """
[[armour]]
name = "Dragon Skin vest"
aliases = ["Dragon Skin"]
av = 8
kind = "vest"
rigid = true
note = "house rule"

[[attack]]
name = "Laser pistol"
pen = 9
range_column = "handgun"
dc = 4

[[cover]]
name = "Bunker roof"
sav = 5.2
covers = ["above"]

[[ammo]]
name = "tracer"
pen_mod = -1
"""


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def user_dir(user_catalogs: Path) -> Path:
    """This test's own user catalog folder (see conftest)."""
    return user_catalogs


def test_extra_file_adds_items(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    cat = Catalog.load([path], user_dir=False)
    vest = cat.armour("dragon skin")
    assert (vest.av, vest.rigid, vest.source) == (8, True, str(path))
    laser = cat.attack("LASER PISTOL")
    assert (laser.pen, laser.dc, laser.range_column.value) == (9, 4, "handgun")
    # PA-1: SAV 5.2 x 5 = AV 26, structural.
    roof = cat.cover("Bunker roof")
    assert (roof.av, roof.structural, {d.value for d in roof.covers}) == (26, True, {"above"})
    assert cat.ammo("tracer").pen_mod == -1
    assert cat.attack("7.62x51mm NATO").pen == 7  # built-ins still there
    assert cat.armour("Dragon Skin vest") is vest  # as written in the file
    with pytest.raises(UnknownNameError):  # the built-in catalog, copied, is left alone
        Catalog.builtin().armour("Dragon Skin vest")
    assert str(path) in cat.sources


def test_extra_file_leaves_the_builtin_catalog_alone(tmp_path: Path) -> None:
    Catalog.load([write(tmp_path, GOOD)], user_dir=False)
    assert "Dragon Skin vest" not in [i.name for i in Catalog.builtin().items("armour")]


def test_user_config_folder_is_read(user_dir: Path) -> None:
    write(user_dir, GOOD, "house.toml")
    assert Catalog.load().armour("Dragon Skin vest").av == 8
    with pytest.raises(UnknownNameError):
        Catalog.load(user_dir=False).armour("Dragon Skin vest")


@pytest.mark.usefixtures("user_dir")
def test_empty_user_folder_gives_the_builtin() -> None:
    assert Catalog.load() is Catalog.builtin()


def test_user_attack_may_use_user_ammo_from_an_earlier_file(user_dir: Path, tmp_path: Path) -> None:
    write(user_dir, '[[ammo]]\nname = "frangible"\n', "a.toml")
    extra = write(tmp_path, '[[attack]]\nname = "Frangible 9mm"\npen = 3\n'
                  'range_column = "handgun"\nammo = "frangible"\n')
    assert Catalog.load([extra]).attack("Frangible 9mm").ammo == "frangible"


@pytest.mark.parametrize(
    ("text", "clash", "other"),
    [
        ('[[armour]]\nname = "NIJ Type III"\nav = 7\n', "NIJ Type III", "NIJ Type III"),
        ('[[armour]]\nname = "nij type  iii"\nav = 7\n', "nij type  iii", "NIJ Type III"),
        ('[[armour]]\nname = "My vest"\naliases = ["PASGT vest"]\nav = 7\n', "PASGT vest",
         "US PASGT vest"),
        ('[[cover]]\nname = "7.62 NATO"\nav = 3\n', "7.62 NATO", "7.62x51mm NATO"),
    ],
)
def test_clash_with_builtin_is_refused(tmp_path: Path, text: str, clash: str, other: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    message = str(info.value)
    assert str(path) in message and repr(clash) in message
    assert "built-in" in message and repr(other) in message


def test_clash_between_two_user_files_is_refused(tmp_path: Path, user_dir: Path) -> None:
    write(user_dir, GOOD, "house.toml")
    extra = write(tmp_path, '[[armour]]\nname = "dragon skin"\nav = 9\n', "other.toml")
    with pytest.raises(CatalogError) as info:
        Catalog.load([extra])
    assert "other.toml" in str(info.value) and "house.toml" in str(info.value)


def test_clash_inside_one_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, '[[armour]]\nname = "A vest"\nav = 1\n\n'
                 '[[armour]]\nname = "a  VEST"\nav = 2\n')
    with pytest.raises(CatalogError, match="clashes"):
        Catalog.load([path], user_dir=False)


@pytest.mark.parametrize(
    ("text", "field", "value", "allowed"),
    [
        # unknown key: a typo must not be ignored (AP-2)
        ('[[armour]]\nname = "V"\nav = 5\ncolour = "red"\n', "armour[0] ('V').colour",
         "'colour'", "unknown key; the keys allowed here: name, aliases, note, av, sav, kind"),
        ('[[armor]]\nname = "V"\nav = 5\n', "armor", "'armor'",
         "unknown key; the keys allowed here: attack, armour, cover, ammo, vehicle"),
        # wrong type
        ('[[armour]]\nname = "V"\nav = "6"\n', "armour[0] ('V').av", "'6'", "integer"),
        ('[[armour]]\nname = "V"\nav = 5\nrigid = "yes"\n', "armour[0] ('V').rigid", "'yes'",
         "true or false"),
        # negative AV, AV over 1000 on the personal scale (PA-1)
        ('[[armour]]\nname = "V"\nav = -1\n', "armour[0] ('V').av", "-1", "0 to 1000"),
        ('[[cover]]\nname = "Wall"\nav = 1001\n', "cover[0] ('Wall').av", "1001", "0 to 1000"),
        ('[[armour]]\nname = "V"\nsav = 201\n', "armour[0] ('V').sav", "201", "0 to 200"),
        ('[[attack]]\nname = "G"\npen = 1001\nrange_column = "rifle"\n', "attack[0] ('G').pen",
         "1001", "0 to 1000"),
        # PA-1: whole numbers on the personal scale
        ('[[armour]]\nname = "V"\nsav = 5.1\n', "armour[0] ('V')", "", "multiple of 0.2"),
        ('[[armour]]\nname = "V"\nav = 5.5\n', "armour[0] ('V').av", "5.5", "integer"),
        # one value, not two, not none
        ('[[armour]]\nname = "V"\nav = 5\nsav = 1\n', "armour[0] ('V')", "", "not av and sav"),
        ('[[armour]]\nname = "V"\n', "armour[0] ('V')", "", "give `av` or `sav`"),
        ('[[armour]]\nav = 5\n', "armour[0].name", "armour[0].name: `name` is required",
         "`name` is required"),
        ('[[attack]]\nname = "G"\npen = 3\nrange_column = "pistol"\n',
         "attack[0] ('G').range_column", "'pistol'", "allowed: handgun, rifle, none"),
        ('[[cover]]\nname = "Roof"\nav = 3\ncovers = ["up"]\n', "cover[0] ('Roof').covers[0]",
         "'up'", "allowed: front, rear, left, right, above, below"),
        ('[[armour]]\nname = "V"\nav = 5\nkind = "hat"\n', "armour[0] ('V').kind", "'hat'",
         "helmet"),
        ('[[attack]]\nname = "G"\npen = 3\nrange_column = "rifle"\nammo = "magic"\n',
         "attack 'G'.ammo", "'magic'", "no ammunition type has that name"),
        ('[[attack]]\nname = "Javelin"\npen = 2\nrange_column = "none"\nreach = "30m"\n',
         "reach", "'30m'", "contact"),
        ('[[attack]]\nname = "Javelin"\npen = 2\nrange_column = "none"\nreach_note = "why"\n',
         "reach_note", "'why'", "give `reach` too"),
    ],
)
def test_ap2_malformed_file_is_one_clear_error(
    tmp_path: Path, text: str, field: str, value: str, allowed: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    assert field in info.value.field
    assert value in message
    assert allowed in message
    assert "Input should" not in message  # our words, never pydantic's (AP-2)


def test_ap2_several_problems_are_each_listed(tmp_path: Path) -> None:
    """A file with several problems lists each, with its field and value (issue 24, item 8)."""
    path = write(tmp_path, '[[armour]]\nname = "V"\nav = -1\nkind = "hat"\n')
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    lines = info.value.lines()
    assert len(lines) == 2
    assert lines[0].endswith("armour[0] ('V').av: -1 is not allowed; allowed: AV runs 0 to 1000 "
                             "on the personal scale (PA-1)")
    assert "armour[0] ('V').kind: 'hat' is not allowed" in lines[1]
    assert "more problem" not in str(info.value)


def test_ap2_problems_past_the_bound_are_counted(tmp_path: Path) -> None:
    from armourpen.validation import MAX_PROBLEMS

    rows = "".join(f'[[armour]]\nname = "V{i}"\nav = -1\n' for i in range(MAX_PROBLEMS + 3))
    path = write(tmp_path, rows)
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    lines = info.value.lines()
    assert len(lines) == MAX_PROBLEMS
    assert lines[-1].endswith("(and 3 more problems)")


def test_ap2_toml_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path, "[[armour]\nname = \n")
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    assert str(path) in str(info.value) and "not valid TOML" in str(info.value)


def test_ap2_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CatalogError) as info:
        Catalog.load([tmp_path / "nope.toml"], user_dir=False)
    assert info.value.field == "catalog" and "no such file" in str(info.value)


def test_ap2_malformed_file_in_user_folder_names_it(user_dir: Path) -> None:
    path = write(user_dir, '[[cover]]\nname = "Wall"\nav = -3\n', "broken.toml")
    with pytest.raises(CatalogError) as info:
        Catalog.load()
    assert str(path) in str(info.value)


def test_ap2_catalog_file_name_with_nul_is_refused_naming_it() -> None:
    with pytest.raises(CatalogError) as info:
        Catalog.load(["a\x00.toml"], user_dir=False)
    assert info.value.field == "catalog"
    assert "NUL" in str(info.value) and "a\\x00.toml" in str(info.value)
    assert "\n" not in str(info.value)


def test_ap2_user_folder_that_is_a_symlink_loop_is_refused_naming_it(user_dir: Path) -> None:
    user_dir.rmdir()
    user_dir.symlink_to(user_dir.name)  # points at itself
    with pytest.raises(CatalogError) as info:
        Catalog.load()
    assert info.value.field == "catalog" and info.value.value == str(user_dir)
    assert "can be read" in str(info.value)


def test_user_folder_reads_toml_in_any_case(user_dir: Path) -> None:
    write(user_dir, GOOD, "House.TOML")
    assert Catalog.load().armour("Dragon Skin vest").av == 8


def test_ap2_json_file_in_user_folder_is_refused_naming_it(user_dir: Path) -> None:
    path = write(user_dir, "{}", "house.json")
    write(user_dir, "notes", "README.txt")  # not a catalog file: left alone
    with pytest.raises(CatalogError) as info:
        Catalog.load()
    assert info.value.field == "user catalog folder" and info.value.value == str(path)
    assert "a .toml file (catalog files are TOML)" in str(info.value)


# A stray file in the user catalog folder (settings, notes, another tool's TOML) stops every
# command that reads the catalog, with one line naming the file, where it was found and what is
# allowed; commands that need no catalog (GURPS) run as before.
STRAY = [
    ("settings.json", '{"theme": "dark"}\n',
     "user catalog folder: '{path}' is not allowed; allowed: a .toml file (catalog files are TOML); "
     "every *.toml and *.json file in that folder is read as a catalog: move any other file out of "
     "it"),
    ("pyproject.toml", "[tool.black]\nline-length = 100\n",
     "{path}: tool: 'tool' is not allowed; unknown key; the keys allowed here: attack, armour, cover, "
     "ammo, vehicle"),
    ("notes.toml", "shopping = = 'eggs'\n",
     "user catalog folder: '{path}' is not allowed; allowed: valid TOML; this is not valid TOML: "
     "Invalid value (at line 1, column 12)"),
]


@pytest.mark.parametrize(("name", "text", "line"), STRAY, ids=[s[0] for s in STRAY])
def test_ap2_a_stray_file_in_the_user_folder_is_one_line_naming_it(
    user_dir: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, line: str,
) -> None:
    path = write(user_dir, text, name)
    for args in (["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m"],
                 ["catalog", "list", "armour"], ["table", "--armour", "NIJ Type III", "-a", "Sword"]):
        code, out, err = cli(capsys, *args)
        assert (code, out) == (2, ""), args
        assert err == f"armourpen: error: {line.format(path=path)}\n", args
    # --no-user-catalog leaves the folder unread; a file named with --catalog is the user's own
    code, out, _ = cli(capsys, "catalog", "show", "NIJ Type III", "--json", "--no-user-catalog")
    assert code == 0 and json.loads(out)["av"] == 6


@pytest.mark.parametrize(("name", "text", "line"), STRAY, ids=[s[0] for s in STRAY])
def test_a_stray_file_in_the_user_folder_leaves_gurps_commands_alone(
    user_dir: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, line: str,  # noqa: ARG001
) -> None:
    write(user_dir, text, name)
    rat = Path(__file__).parents[1] / "gcs" / "samples" / "Giant Rat.gcs"
    for args in (["resolve", "example:agent-gray", "--json"], ["odds", "example:agent-gray", "--json"],
                 ["roll", "3d cr", "--seed", "1"], ["gcs", "show", str(rat)],
                 ["schema", "gurps"], ["examples"]):
        code, out, err = cli(capsys, *args)
        assert code == 0 and err == "" and out, args
    code, out, _ = cli(capsys, "resolve", "example:agent-gray", "--json")
    # GU-7: 20 points of 7d(2) pi- against Gray's DR 8, halved by the divisor (2) to 4: 16
    # penetrate, halved again for pi- to 8 injury
    assert json.loads(out)["targets"][0]["injury"] == 8


_ROVER = """
[[vehicle]]
name = "Rover"
[vehicle.faces.front]
thickness_mm = 20
{extra}
[vehicle.faces.side]
thickness_mm = 10
[vehicle.faces.rear]
thickness_mm = 10
[vehicle.faces.top]
thickness_mm = 5
slope = 90
[vehicle.faces.bottom]
thickness_mm = 5
slope = 90
"""


def test_a_vehicle_written_before_face_sources_still_loads(tmp_path: Path) -> None:
    rover = Catalog.load([write(tmp_path, _ROVER.format(extra=""))], user_dir=False).vehicle("Rover")
    assert (rover.faces["front"].source, rover.faces["front"].note) == ("", "")


def test_a_face_may_name_its_source_and_a_note(tmp_path: Path) -> None:
    extra = 'source = "https://example.org/rover"\nnote = "cast"'
    path = write(tmp_path, _ROVER.format(extra=extra))
    front = Catalog.load([path], user_dir=False).vehicle("Rover").faces["front"]
    assert (front.source, front.note) == ("https://example.org/rover", "cast")


def test_ap2_an_unknown_key_on_a_face_is_still_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, _ROVER.format(extra='sources = "a typo"'))
    with pytest.raises(CatalogError) as info:
        Catalog.load([path], user_dir=False)
    assert "sources" in str(info.value)


def test_pa3_a_user_attack_may_give_its_reach(tmp_path: Path) -> None:
    """A thrown javelin that reaches to Short: its table row is out of reach from Medium on."""
    from armourpen.penav.grid import sweep

    path = write(tmp_path, '[[attack]]\nname = "Javelin"\npen = 2\nrange_column = "none"\n'
                           'reach = "short"\nreach_note = "thrown: 25 m at most"\n')
    cat = Catalog.load([path], user_dir=False)
    javelin = cat.attack("Javelin")
    assert (javelin.reach, javelin.reach_note) == ("short", "thrown: 25 m at most")
    res = sweep(["Javelin"], ["Bare skin"], catalog=cat)
    assert res.reached.tolist() == [[True] * 4 + [False] * 7]
