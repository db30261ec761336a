"""``armourpen catalog list|show|search``: readable and --json output, user files, AP-2 exits."""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs
import pytest
from cli.cli_helpers import cli


@pytest.fixture(autouse=True)
def empty_user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the real user config folder out of these tests; a wide console for the tables."""
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "config" / "armourpen"
    monkeypatch.setattr(platformdirs, "user_config_path", lambda *_a, **_k: root)
    (root / "catalog").mkdir(parents=True)
    return root / "catalog"


def test_list_all_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "--json")
    assert code == 0
    data = json.loads(out)
    kinds = {d["kind"] for d in data}
    assert {"attack", "armour", "cover", "ammo"} <= kinds


def test_list_one_kind_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "cover")
    assert code == 0
    assert "Sandbag wall, single layer" in out
    assert "no AV (PA-13)" in out  # the rows the text prints without a value


def test_list_kind_json_has_personal_and_structural(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "armor", "--json")
    assert code == 0
    rows = {d["name"]: d for d in json.loads(out)}
    assert rows["NIJ Type III"]["av"] == 6
    # PA-1: SAV 70 x 5 = AV 350.
    assert (rows["1700mm RHA"]["av"], rows["1700mm RHA"]["sav"]) == (350, 70)


def test_show_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "show", "7.62 nato")
    assert code == 0
    assert "7.62x51mm NATO" in out and "PEN 7" in out and "rifle" in out


def test_show_structural_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "show", "100mm Soviet T-12 APFSDS at 500m")
    assert code == 0
    assert "PEN 110 (SPEN 22)" in out  # 22 x 5 = 110


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "show", "pasgt vest", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["name"], data["av"], data["kind"], data["rigid"]) == ("US PASGT vest", 5,
                                                                      "armour", True)


def test_search_readable_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "search", "helmet")
    assert code == 0 and "Steel helmet" in out
    code, out, _ = cli(capsys, "catalog", "search", "nato", "--kind", "attack", "--json")
    assert code == 0
    names = [d["name"] for d in json.loads(out)]
    assert names[:2] == ["5.56mm NATO", "7.62x51mm NATO"]


def test_search_without_hits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "search", "qqqzzz")
    assert code == 0 and "no item matches" in out
    code, out, _ = cli(capsys, "catalog", "search", "qqqzzz", "--json")
    assert code == 0 and json.loads(out) == []


def test_catalog_file_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.toml"
    path.write_text('[[armour]]\nname = "Dragon Skin vest"\nav = 8\n', encoding="utf-8")
    code, out, _ = cli(capsys, "catalog", "show", "dragon skin vest", "--catalog", str(path),
                       "--json")
    assert code == 0
    assert json.loads(out)["source"] == str(path)


def test_user_folder_and_opt_out(empty_user_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (empty_user_dir / "house.toml").write_text('[[cover]]\nname = "Hay bale"\nav = 1\n',
                                                encoding="utf-8")
    code, out, _ = cli(capsys, "catalog", "show", "hay bale", "--json")
    assert code == 0 and json.loads(out)["av"] == 1
    code, _, err = cli(capsys, "catalog", "show", "hay bale", "--no-user-catalog")
    assert code == 2 and "Hay bale" not in err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_ap2_unknown_name_exits_2_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "catalog", "show", "NIJ Type 3A")
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert "name" in line and "'NIJ Type 3A'" in line and "NIJ Type IIIA" in line


def test_ap2_unknown_kind_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "catalog", "list", "tanks")
    assert code == 2
    line = one_line_error(err)
    assert "kind" in line and "'tanks'" in line and "armour" in line
    code, _, err = cli(capsys, "catalog", "search", "wall", "--kind", "walls")
    assert code == 2 and "'walls'" in one_line_error(err)


def test_ap2_clashing_catalog_file_exits_2(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "clash.toml"
    path.write_text('[[armour]]\nname = "NIJ type III"\nav = 9\n', encoding="utf-8")
    code, _, err = cli(capsys, "catalog", "list", "--catalog", str(path))
    assert code == 2
    line = one_line_error(err)
    assert str(path) in line and "clashes" in line and "'NIJ Type III'" in line


def test_ap2_malformed_catalog_file_exits_2(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[armour]]\nname = "V"\nav = -2\n', encoding="utf-8")
    code, _, err = cli(capsys, "catalog", "search", "v", "--catalog", str(path))
    assert code == 2
    line = one_line_error(err)
    assert str(path) in line and "av" in line and "-2" in line


def test_ap2_missing_catalog_file_exits_2(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "catalog", "list", "--catalog", str(tmp_path / "nope.toml"))
    assert code == 2 and "no such file" in one_line_error(err)


def test_pa13_row_can_be_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "show", "brick wall", "--json")
    assert code == 0 and json.loads(out)["av"] is None


def test_ap2_search_refuses_control_characters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "catalog", "search", "hel\tmet")
    assert (code, out) == (2, "")
    assert err == ("armourpen: error: text: 'hel\\tmet' is not allowed; allowed: words to look "
                   "for, without control characters (tabs, line breaks, escapes)\n")


def test_ap2_search_refuses_bytes_that_are_not_utf8(capsys: pytest.CaptureFixture[str]) -> None:
    # a query typed in a shell whose bytes are not UTF-8 reaches Python as surrogate escapes
    # (os.fsdecode): before, it was searched and answered "no item matches" with the escapes
    typed = os.fsdecode(b"\xff\xfeab")
    code, out, err = cli(capsys, "catalog", "search", typed)
    assert (code, out) == (2, "")
    assert err == ("armourpen: error: text: '\\udcff\\udcfeab' is not allowed; allowed: words to "
                   "look for in plain text; this one holds a lone surrogate (U+DCFF), which is no "
                   "character (bytes that are not UTF-8?)\n")
