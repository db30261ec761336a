"""``armourpen chart`` and ``armourpen screen``: the data they plot is what ``table`` and ``odds``
say for the same input, the files they write, and AP-2 for bad input (nothing half-written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli.cli_helpers import cli
from pypdf import PdfReader

NATO = "7.62x51mm NATO"
PISTOL = "9mm Parabellum pistol"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code, out, err = cli(capsys, *args)
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_pa3_pen_range_json_equals_the_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["-a", NATO, "-a", PISTOL, "--armour", "NIJ Type III", "--from", "front"]
    chart = _json(capsys, "chart", "pen-range", *flags, "--json")
    table = _json(capsys, "table", *flags, "--format", "json")
    cells = table["cells"]
    assert isinstance(cells, list) and isinstance(chart["attacks"], list)
    for series in chart["attacks"]:
        want = [(c["band"], c["pen"], c["dc_modifier"]) for c in cells
                if c["attack"] == series["name"]]
        assert [(s["band"], s["pen"], s["dc_modifier"]) for s in series["steps"]] == want
    assert chart["defences"] == [{"name": "NIJ Type III", "av": 6, "sav": None}]
    assert {c["av"] for c in cells} == {6}


def test_pa2_matrix_json_equals_the_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["-a", "NATO", "--armour", "NIJ Type III", "--armour", "NIJ Type IV", "--cover",
             "Sandbag wall, single layer", "--band", "far"]
    chart = _json(capsys, "chart", "matrix", *flags, "--json")
    table = _json(capsys, "table", *flags, "--format", "json")
    assert isinstance(chart["cells"], list) and isinstance(table["cells"], list)
    keys = ("attack", "defence", "pen", "av", "outcome")
    assert [{k: c[k] for k in keys} for c in chart["cells"]] == \
        [{k: c[k] for k in keys} for c in table["cells"]]
    assert all(c["margin"] == c["pen"] - c["av"] for c in chart["cells"])
    assert len(chart["cells"]) == 3 * 2  # 5.56mm, 7.62x51mm and its AP x wall + III, wall + IV


def test_gu7_odds_json_equals_the_exact_odds(capsys: pytest.CaptureFixture[str]) -> None:
    chart = _json(capsys, "chart", "odds", "example:office-shootout", "--json")
    odds = _json(capsys, "odds", "example:office-shootout", "--json")
    assert chart["targets"] == odds["targets"]


def test_pa10_slope_json_has_the_texts_example(capsys: pytest.CaptureFixture[str]) -> None:
    chart = _json(capsys, "chart", "slope", "--thickness", "6cm", "--json")
    assert isinstance(chart["curve"], list)
    at60 = next(p for p in chart["curve"] if p["angle"] == 60)
    assert (at60["mm"], at60["av"], at60["sav"]) == (120, 60, 12)


@pytest.mark.parametrize("ext", ["png", "svg", "pdf"])
def test_chart_writes_the_format_of_the_extension(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, ext: str) -> None:
    out = tmp_path / f"nato.{ext}"
    code, _, err = cli(capsys, "chart", "pen-range", "-a", NATO, "--armour", "NIJ Type III",
                       "--out", str(out))
    assert code == 0, err
    data = out.read_bytes()
    magic = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[ext]
    assert data.startswith(magic)
    if ext == "svg":
        assert NATO in data.decode() and "NIJ Type III" in data.decode()
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]


def test_screen_writes_a_pdf_of_each_av_and_the_thickness_page(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "gm.pdf"
    code, _, err = cli(capsys, "screen", "-a", NATO, "--armour", "NIJ Type III",
                       "--armour", "NIJ Type IV", "--paper", "letter", "--out", str(out))
    assert code == 0, err
    reader = PdfReader(out)
    assert len(reader.pages) == 2  # the sections of AV 6 and AV 9 share a page
    first = reader.pages[0].extract_text()
    assert "AV 6" in first and "AV 9" in first and "NIJ Type IV" in first
    assert "Thickness curve (PA-11)" in reader.pages[1].extract_text()
    assert round(float(reader.pages[0].mediabox.width)) == 792


def _refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> str:
    before = sorted(tmp_path.rglob("*"))
    code, out, err = cli(capsys, *args)
    assert code == 2, (out, err)
    assert err.startswith("armourpen: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert sorted(tmp_path.rglob("*")) == before  # nothing written, not even half
    return err


def test_ap2_unknown_kind(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = _refused(capsys, tmp_path, "chart", "pie", "--out", str(tmp_path / "x.png"))
    assert "'pie'" in err and "pen-range, matrix, odds, slope" in err


def test_ap2_unknown_attack(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = _refused(capsys, tmp_path, "chart", "pen-range", "-a", "Phaser", "--out",
                   str(tmp_path / "x.png"))
    assert "--attack" in err and "'Phaser'" in err


def test_ap2_unknown_extension(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = _refused(capsys, tmp_path, "chart", "slope", "--av", "30", "--out",
                   str(tmp_path / "x.gif"))
    assert "--out" in err and ".png, .svg, .pdf" in err
    err = _refused(capsys, tmp_path, "screen", "--out", str(tmp_path / "gm.png"))
    assert ".pdf" in err


def test_ap2_unwritable_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = _refused(capsys, tmp_path, "chart", "slope", "--av", "30", "--out",
                   str(tmp_path / "no-such-folder" / "x.png"))
    assert "existing folder" in err
    folder = tmp_path / "charts.png"
    folder.mkdir()
    err = _refused(capsys, tmp_path, "chart", "slope", "--av", "30", "--out", str(folder))
    assert "not a directory" in err


@pytest.mark.parametrize("args", [["chart", "slope", "--av", "30"], ["screen", "-a", NATO]])
def test_ap2_an_out_name_too_long_for_the_system(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, args: list[str]) -> None:
    # the checks before the work (is it a folder? does it exist?) raise OSError for such a name
    suffix = ".pdf" if args[0] == "screen" else ".png"
    err = _refused(capsys, tmp_path, *args, "--out", str(tmp_path / ("a" * 300 + suffix)))
    assert "--out" in err and "a file that can be written" in err


def test_ap2_bad_values_name_their_flag(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = str(tmp_path / "x.png")
    assert "--out" in _refused(capsys, tmp_path, "chart", "slope", "--av", "30")
    assert "--band" in _refused(capsys, tmp_path, "chart", "matrix", "-a", NATO, "--out", out)
    assert "--from" in _refused(capsys, tmp_path, "chart", "pen-range", "-a", NATO, "--from",
                                "sideways", "--out", out)
    assert "--thickness" in _refused(capsys, tmp_path, "chart", "slope", "--out", out)
    assert "--av" in _refused(capsys, tmp_path, "chart", "slope", "--av", "2", "--out", out)
    assert "--paper" in _refused(capsys, tmp_path, "screen", "--paper", "a3", "--out",
                                 str(tmp_path / "gm.pdf"))
    assert "rules" in _refused(capsys, tmp_path, "chart", "odds", "example:tank-ambush", "--out", out)


@pytest.mark.parametrize(("command", "name"), [(("chart", "slope", "--av", "30"), "x.png"),
                                               (("screen",), "gm.pdf")])
def test_ap2_out_that_is_empty_or_ends_in_a_slash_is_refused_as_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    command: tuple[str, ...], name: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # a wrong reading would write here
    allowed = "is not allowed; a file name to write (not empty, not a folder ending in /)\n"
    for typed in (f"{name}/", ""):
        err = _refused(capsys, tmp_path, *command, "--out", typed)
        assert err == f"armourpen: error: --out: {typed!r} {allowed}"
