"""Every command's ``--json`` is exactly the public API's ``to_dict()`` for the same input.

The CLI is a thin front end: it calls the same functions a web page or a script calls, and prints
their value through the one serializer. Folders are private (conftest), so the catalogs agree.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli.cli_helpers import cli

import armourpen
from armourpen.catalog import Catalog
from armourpen.penav.catalog_view import item_dict
from armourpen.scenario import json_schema
from armourpen.serialize import plain
from armourpen.view.catalog import hit_dict

CATALOG = Catalog.builtin()


def _charts() -> Any:
    import armourpen.charts

    return armourpen.charts


def _example(name: str) -> Any:
    return armourpen.load_scenario(f"example:{name}")


CASES: list[tuple[list[str], Callable[[dict[str, Any]], Any]]] = [
    (["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour", "NIJ Type III",
      "--cover", "Car door/body", "--json"],
     lambda _: armourpen.resolve(armourpen.quick_scenario(
         weapon="7.62x51mm NATO", range="150m", armour=["NIJ Type III"],
         cover=["Car door/body"]))),
    (["resolve", "--weapon", "8.8 cm KwK 36 L/56 APCBC", "--range", "1000m", "--vehicle",
      "T-34 (1941)", "--from", "left", "--json"],
     lambda _: armourpen.resolve(armourpen.quick_scenario(
         weapon="8.8 cm KwK 36 L/56 APCBC", range="1000m", vehicle="T-34 (1941)",
         from_="left"))),
    (["resolve", "example:tank-ambush", "--json"],
     lambda _: armourpen.resolve(_example("tank-ambush"))),
    (["resolve", "example:agent-gray", "--json"],
     lambda _: armourpen.resolve(_example("agent-gray"))),
    (["resolve", "example:car-occupants", "--json"],
     lambda _: armourpen.resolve(_example("car-occupants"))),
    (["odds", "example:agent-gray", "--json"], lambda _: armourpen.odds(_example("agent-gray"))),
    (["odds", "example:office-shootout", "--samples", "2000", "--seed", "3", "--json"],
     lambda _: armourpen.sample(_example("office-shootout"), 2000, 3)),
    (["roll", "3d+1x2 cut", "--seed", "7", "--json"], lambda _: armourpen.roll("3d+1x2 cut", 7)),
    (["thickness", "78.75mm", "--json"], lambda _: armourpen.thickness("78.75mm")),
    (["thickness", "--sav", "6.8", "--json"], lambda _: armourpen.thickness(sav="6.8")),
    (["estimate", "--calibre", "6.5mm", "--mass", "9g", "--velocity", "820", "--json"],
     lambda _: armourpen.estimate(calibre="6.5mm", mass="9g", velocity="820")),
    (["estimate", "--calibre", "88mm", "--mass", "10.2kg", "--velocity", "773m/s", "--bullet",
      "ap", "--json"],
     lambda _: armourpen.estimate(calibre="88mm", mass="10.2kg", velocity="773m/s", bullet="ap")),
    (["table", "--attack", "7.62x51mm NATO", "--armour", "PASGT", "--band", "long", "--from",
      "left", "--format", "json"],
     lambda _: armourpen.table(attacks=["7.62x51mm NATO"], armour=["PASGT"], bands=["long"],
                               directions=["left"])),
    (["catalog", "show", "T-34 (1941)", "--json"],
     lambda _: item_dict(CATALOG.get("T-34 (1941)"))),
    (["catalog", "list", "cover", "--json"],
     lambda _: [item_dict(i) for i in CATALOG.items("cover")]),
    (["catalog", "search", "nij", "--json"],
     lambda _: [hit_dict(m) for m in CATALOG.matches("nij")]),
    (["schema", "gurps"], lambda _: json_schema("gurps")),
    (["chart", "odds", "example:agent-gray", "--json"],
     lambda _: _charts().odds_chart(_example("agent-gray"))),
    (["chart", "slope", "--thickness", "60mm", "--json"],
     lambda _: _charts().slope_chart(mm=60)),
]


@pytest.mark.parametrize(("args", "api"), CASES, ids=[" ".join(c[0][:2]) for c in CASES])
def test_cli_json_is_the_api_to_dict(capsys: pytest.CaptureFixture[str], args: list[str],
                                     api: Callable[[dict[str, Any]], Any]) -> None:
    code, out, err = cli(capsys, *args)
    assert code == 0, err
    shown = json.loads(out)
    assert shown == plain(api(shown))


def test_gu1_the_cli_draws_a_seed_that_the_api_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "unrolled.toml"
    path.write_text('rules = "gurps"\n[attack]\ndamage = "7d(2) pi-"\n'
                    '[[line]]\ntarget = "Gray"\ndr = 8\nhp = 12\n[[line]]\ntarget = "VIP"\nhp = 10\n')
    code, out, _ = cli(capsys, "resolve", str(path), "--json")
    assert code == 0
    shown = json.loads(out)
    seed = shown["attack"]["seed"]
    assert isinstance(seed, int)
    assert shown == plain(armourpen.resolve(armourpen.load_scenario(path), seed))


def test_gcs_show_json_is_load_gcs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from gcs.gcs_helpers import character

    from armourpen.gcs import load_gcs

    path = tmp_path / "tester.gcs"
    path.write_text(json.dumps(character(hp=14, st=12)), encoding="utf-8")
    code, out, err = cli(capsys, "gcs", "show", str(path), "--json")
    assert code == 0, err
    assert json.loads(out) == plain(load_gcs(path))


def test_every_command_with_json_is_covered() -> None:
    from armourpen.cli import commands

    covered = {args[0] for args, _ in CASES} | {"gcs"}  # gcs: test_gcs_show_json_is_load_gcs
    # examples prints TOML, screen writes a PDF, serve is the web app (tests/web/test_web_contract)
    assert covered == set(commands.COMMAND_MODULES) - {"examples", "screen", "serve"}
