"""Work within the input caps that is still huge is refused before it starts: a table's listed
cells (``max_table_cells``) and a chart's drawn cells (``max_chart_cells``), estimated from the
request, in the Python API, the CLI and the web API alike; what a GM really asks for still works."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import pytest
from cli.cli_helpers import cli
from fastapi.testclient import TestClient
from web.web_helpers import TEST_HOSTS

import armourpen
import armourpen.charts.draw
import armourpen.penav.grid
from armourpen.catalog import Catalog
from armourpen.charts import OddsChart, matrix_chart, render
from armourpen.charts.odds import PANEL_CELLS
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.penav.ranges import Band
from armourpen.web import create_app
from armourpen.web.server import ServerSettings

DISTANCES = [f"{i + 1}m" for i in range(250)]  # a 2 KB request



def _client() -> TestClient:
    """The web app doing its work in this process, where the tests can watch it start."""
    return TestClient(create_app(server=ServerSettings(workers=0), allow_hosts=TEST_HOSTS))


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep and the drawing fail the test if they start."""

    def started(*_: object, **__: object) -> NoReturn:
        raise AssertionError("the work started before the cap was checked")

    monkeypatch.setattr(armourpen.penav.grid, "sweep", started)
    monkeypatch.setattr(armourpen.charts.draw, "figure", started)


def _whole_table(catalog: Catalog) -> int:
    return len(catalog.items("attack")) * len(catalog.items("armour")) * len(Band)


@pytest.mark.usefixtures("no_work")
def test_a_table_of_250_distances_is_refused_before_the_sweep() -> None:
    with pytest.raises(LimitError) as info:
        armourpen.table(distances=DISTANCES)
    assert "max_table_cells" in info.value.allowed
    assert "ARMOURPEN_MAX_TABLE_CELLS" in info.value.allowed


def test_a_table_counts_every_direction_and_column_against_its_cap(catalog: Catalog) -> None:
    attacks, armour = ["7.62x51mm NATO", "9mm Parabellum pistol"], ["NIJ Type III", "PASGT vest"]
    # 2 attacks x 2 armour x 3 distances x 2 directions = 24 cells
    ask: dict[str, Any] = {"attacks": attacks, "armour": armour, "distances": ["1m", "2m", "3m"],
                           "directions": ["front", "above"], "catalog": catalog}
    assert len(armourpen.table(**ask, limits=Limits(max_table_cells=24)).rows()) == 24
    with pytest.raises(LimitError, match="24 cells"):
        armourpen.table(**ask, limits=Limits(max_table_cells=23))


def test_the_whole_builtin_catalog_table_is_within_the_default_cap(catalog: Catalog) -> None:
    assert _whole_table(catalog) <= DEFAULT_LIMITS.max_table_cells
    res = armourpen.table(catalog=catalog)
    assert res.outcome.size == _whole_table(catalog)


@pytest.mark.usefixtures("no_work")
def test_the_web_table_of_250_distances_is_refused_small_and_at_once() -> None:
    got = _client().post("/api/table", json={"distances": DISTANCES})
    assert got.status_code == 422
    assert "max_table_cells" in got.json()["allowed"]
    assert len(got.content) < 2000


@pytest.mark.usefixtures("no_work")
def test_the_table_page_of_too_many_cells_says_so_without_listing_them() -> None:
    # every attack x the armour items with a word beginning in "s" (69 of them: steel, SAPI...)
    # at one band, 40 times over (the page takes bands only)
    got = _client().get("/table", params={"band": ";".join(["short"] * 40),
                                                         "armour": "s"})
    assert "max_table_cells" in got.text
    assert len(got.content) < 200_000


@pytest.mark.usefixtures("no_work")
def test_a_matrix_over_a_huge_catalog_is_refused_before_the_sweep() -> None:
    attacks = [f"gun {i}" for i in range(400)]
    armour = [f"plate {j}" for j in range(400)]  # 160,000 cells: never looked up, never swept
    with pytest.raises(LimitError) as info:
        matrix_chart(attacks, armour, band="long")
    assert info.value.field == "attacks" and "max_table_cells" in info.value.allowed


def _odds_of(targets: int) -> OddsChart:
    line = [{"target": f"T{i}", "hp": 11, "dr": {"torso": 4}} for i in range(targets)]
    scenario = armourpen.load_scenario({"rules": "gurps", "attack": {"damage": "7d pi"},
                                        "line": line})
    return OddsChart(armourpen.odds(scenario))


@pytest.mark.usefixtures("no_work")
def test_an_odds_chart_of_500_targets_is_refused_before_drawing() -> None:
    chart = _odds_of(500)  # the odds are quick; drawing 500 rows of panels is not
    with pytest.raises(LimitError) as info:
        render(chart, "png")
    assert "max_chart_cells" in info.value.allowed
    drawn = int(str(info.value.value).split()[0].replace(",", ""))
    assert drawn > 500 * PANEL_CELLS  # each row of panels, and its bars


def test_an_odds_chart_counts_a_row_of_panels_per_target() -> None:
    one, two = _odds_of(1), _odds_of(2)
    from armourpen.charts.model import drawn_cells

    # the second target's row: its panels and as many bars again (the same pmf behind the torso)
    assert drawn_cells(two) - drawn_cells(one) >= PANEL_CELLS
    assert drawn_cells(two) > 2 * PANEL_CELLS


def test_the_shipped_odds_examples_are_drawn_within_the_default_cap(catalog: Catalog) -> None:
    from armourpen.charts.model import drawn_cells
    from armourpen.scenario import read_scenario_file

    for name in ("office-shootout", "random-location-burst", "agent-gray"):
        data = read_scenario_file(f"example:{name}")
        if data.get("rules") != "gurps":
            continue
        chart = armourpen.charts.odds_chart(armourpen.load_scenario(f"example:{name}", catalog))
        assert drawn_cells(chart) <= DEFAULT_LIMITS.max_chart_cells, name


def test_cli_chart_matrix_of_the_whole_catalog_is_refused_but_its_data_is_not(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "m.png"
    code, _, err = cli(capsys, "chart", "matrix", "--band", "long", "--out", str(out))
    assert code == 2 and "--attack" in err and "ARMOURPEN_MAX_CHART_CELLS" in err
    assert not out.exists()
    code, data, _ = cli(capsys, "chart", "matrix", "--band", "long", "--json")
    assert code == 0 and '"cells"' in data


def test_cli_chart_odds_of_500_targets_is_refused_naming_the_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = ['rules = "gurps"', "[attack]", 'damage = "7d pi"']
    for i in range(500):
        lines += ["[[line]]", f'target = "T{i}"', "hp = 11"]
    scenario = tmp_path / "crowd.toml"
    scenario.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "crowd.png"
    code, _, err = cli(capsys, "chart", "odds", str(scenario), "--out", str(out))
    assert code == 2 and err.startswith("armourpen: error: line: ") and "max_chart_cells" in err
    assert not out.exists()


def test_cli_caps_come_from_the_environment_for_table_chart_and_screen(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMOURPEN_MAX_TABLE_CELLS", "10")
    for args in (["table", "--attack", "7.62x51mm NATO", "--armour", "NIJ Type III"],
                 ["chart", "matrix", "-a", "NATO", "-a", "9mm", "--armour", "NIJ", "--band",
                  "long", "--json"],
                 ["screen", "--attack", "7.62x51mm NATO", "--armour", "NIJ Type III", "--out",
                  str(tmp_path / "gm.pdf")]):
        code, _, err = cli(capsys, *args)
        assert code == 2 and "max_table_cells" in err, args
    assert not (tmp_path / "gm.pdf").exists()
    monkeypatch.setenv("ARMOURPEN_MAX_TABLE_CELLS", "11")
    code, _, _ = cli(capsys, "table", "--attack", "7.62x51mm NATO", "--armour", "NIJ Type III")
    assert code == 0  # 1 attack x 1 armour x 11 bands


def test_an_odds_chart_to_draw_of_500_targets_is_refused_before_the_odds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    line = [{"target": f"T{i}", "hp": 11} for i in range(500)]
    body = {"rules": "gurps", "attack": {"damage": "7d pi"}, "line": line}
    client = _client()
    assert client.post("/api/chart/odds", json=body).status_code == 200  # its data is not capped

    def started(*_: object, **__: object) -> NoReturn:
        raise AssertionError("the odds were computed for a chart too large to draw")

    monkeypatch.setattr(armourpen, "odds", started)
    got = client.post("/api/chart/odds", params={"format": "svg"}, json=body)
    assert got.status_code == 422 and got.json()["field"] == "line"
    assert "max_chart_cells" in got.json()["allowed"]
    with pytest.raises(LimitError):
        armourpen.charts.odds_chart(armourpen.load_scenario(body), to_draw=True)
