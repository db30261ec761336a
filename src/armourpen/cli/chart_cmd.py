"""``armourpen chart KIND``: draw a chart to PNG, SVG or PDF, or print its data (``--json``).

Each kind is a subcommand that parses its options, asks :mod:`armourpen.charts` for the chart
value and writes the file; the drawing and the data live in the charts package.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from armourpen.cli.app import guarded
from armourpen.cli.options import (
    AmmoName,
    ArmourNames,
    AttackNames,
    CatalogFiles,
    CoverNames,
    DefenceNames,
    Json,
    NoUserCatalog,
    OptionalRules,
    echo_json,
    flag_error,
    load_catalog,
)
from armourpen.errors import InputError

if TYPE_CHECKING:
    from armourpen.charts.model import Chart

KINDS = ("pen-range", "matrix", "odds", "slope")  # armourpen.charts.KINDS, without importing it


class _Kinds(TyperGroup):
    """An unknown kind is bad input (AP-2): one line that lists the kinds."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:  # Typer's click is private
        if args and not args[0].startswith("-") and args[0] not in self.commands:
            raise InputError("KIND", args[0], "allowed: " + ", ".join(KINDS))
        return super().resolve_command(ctx, args)


chart_app = typer.Typer(
    cls=_Kinds,
    no_args_is_help=True,
    help="Draw a chart (PNG, SVG or PDF by the --out file's extension) or print its data (--json).",
)

Out = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="The file to write: .png, .svg or .pdf.", metavar="FILE",
                 show_default=False),
]
Attacks = Annotated[
    list[str] | None,
    typer.Option("--attack", "-a", help="Attack profile: a name, or text its names contain "
                 "(repeatable); at least one."),
]
LineArmour = Annotated[
    list[str] | None,
    typer.Option("--armour", help="Armour whose AV is drawn as a line: a name, or text its names "
                 "contain (repeatable)."),
]
From = Annotated[str, typer.Option("--from", help="front|rear|left|right|above|below (PA-9).")]

def _start(out: Path | None, as_json: bool) -> str | None:
    """Check --out before any work: the format by its extension, and that it can be written."""
    from armourpen.cli.outfile import check_writable, out_format

    if out is None:
        if not as_json:
            raise InputError("--out", "(missing)", "a file to write (.png, .svg or .pdf), or --json")
        return None
    fmt = out_format(out, ("png", "svg", "pdf"))
    check_writable(out)
    return fmt


def _finish(chart: Chart, out: Path | None, fmt: str | None, as_json: bool) -> None:
    if as_json:
        echo_json(chart)
    if out is None or fmt is None:
        return
    try:
        from armourpen.charts import render
    except ImportError:  # pragma: no cover - the charts extra is installed with the tests
        raise InputError("--out", str(out), "drawing needs the charts extra: "
                         "pip install 'armourpen[charts]'") from None
    from armourpen.cli.outfile import write_whole

    write_whole(out, render(chart, fmt))


def sweep_inputs(catalog: list[Path] | None, no_user_catalog: bool, attack: list[str] | None,
                  armour: list[str] | None, cover: list[str] | None,
                  defence: list[str] | None, *, every_armour: bool) -> tuple[Any, list[Any], list[Any]]:
    """The catalog, attacks and defences selected as ``armourpen table`` selects them."""
    from armourpen.catalog import AttackProfile
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS, defences_for, select

    cat = load_catalog(catalog, no_user_catalog)
    with flag_error(TABLE_FLAGS, only=PARAMETERS):
        picked = select(cat, "attack", attack, "attacks") if attack else cat.items("attack")
        attacks = [a for a in picked if isinstance(a, AttackProfile)]
        if not (armour or cover or defence) and not every_armour:
            return cat, attacks, []
        return cat, attacks, defences_for(cat, armour or [], cover or [], defence or [])


@chart_app.command("pen-range")
@guarded
def pen_range(
    attack: Attacks = None,
    armour: LineArmour = None,
    cover: CoverNames = None,
    defence: DefenceNames = None,
    from_: From = "front",
    ammo: AmmoName = None,
    optional_rule: OptionalRules = None,
    catalog: CatalogFiles = None,
    no_user_catalog: NoUserCatalog = False,
    out: Out = None,
    as_json: Json = False,
) -> None:
    """Effective PEN (and DC modifier) against distance, with the AV of armour and cover as lines."""
    from armourpen.charts import pen_range_chart
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS as TABLE_PARAMETERS

    fmt = _start(out, as_json)
    if not attack:
        raise InputError("--attack", "(missing)", "one or more attack profiles to chart")
    cat, attacks, defences = sweep_inputs(catalog, no_user_catalog, attack, armour, cover, defence,
                                           every_armour=False)
    with flag_error(TABLE_FLAGS, only=TABLE_PARAMETERS):
        chart = pen_range_chart(attacks, defences, from_, ammo=ammo,
                                optional_rules=optional_rule or [], catalog=cat)
    _finish(chart, out, fmt, as_json)


@chart_app.command("matrix")
@guarded
def matrix(
    attack: AttackNames = None,
    armour: ArmourNames = None,
    cover: CoverNames = None,
    defence: DefenceNames = None,
    band: Annotated[str | None, typer.Option(help="The range band, e.g. long (PA-3).")] = None,
    range_: Annotated[
        str | None, typer.Option("--range", help="A distance instead of a band, e.g. 150m.")
    ] = None,
    from_: From = "front",
    ammo: AmmoName = None,
    optional_rule: OptionalRules = None,
    catalog: CatalogFiles = None,
    no_user_catalog: NoUserCatalog = False,
    out: Out = None,
    as_json: Json = False,
) -> None:
    """Attacks x defences at one band or distance: each cell's outcome and PEN - AV margin."""
    from armourpen.charts import matrix_chart
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS as TABLE_PARAMETERS

    fmt = _start(out, as_json)
    if (band is None) == (range_ is None):
        raise InputError("--band", band or range_ or "(missing)",
                         "give one --band (e.g. long) or one --range (e.g. 150m), not both")
    cat, attacks, defences = sweep_inputs(catalog, no_user_catalog, attack, armour, cover, defence,
                                           every_armour=True)
    with flag_error(TABLE_FLAGS, only=TABLE_PARAMETERS):
        chart = matrix_chart(attacks, defences, band=band, distance=range_, direction=from_,
                             ammo=ammo, optional_rules=optional_rule or [], catalog=cat)
    _finish(chart, out, fmt, as_json)


@chart_app.command("odds")
@guarded
def odds(
    scenario: Annotated[
        Path, typer.Argument(help="A GURPS scenario file (.toml or .json), or example:NAME.",
                             show_default=False)
    ],
    catalog: CatalogFiles = None,
    no_user_catalog: NoUserCatalog = False,
    out: Out = None,
    as_json: Json = False,
) -> None:
    """The injury distribution of every target of a GURPS scenario, from the exact odds."""
    from armourpen.charts import odds_chart
    from armourpen.cli.options import load_scenario_file

    fmt = _start(out, as_json)
    chart = odds_chart(load_scenario_file(scenario, catalog, no_user_catalog))
    _finish(chart, out, fmt, as_json)


@chart_app.command("slope")
@guarded
def slope(
    thickness: Annotated[
        str | None, typer.Option(help="The plate's actual thickness of RHA: 60mm, 4cm, 2in.")
    ] = None,
    av: Annotated[int | None, typer.Option("--av", help="Or its actual personal AV, 3 to 1000.")]
    = None,
    out: Out = None,
    as_json: Json = False,
) -> None:
    """A plate's effective AV and thickness against the angle of incidence (PA-10, PA-11)."""
    from armourpen.charts import slope_chart
    from armourpen.penav.thickness import parse_thickness

    fmt = _start(out, as_json)
    if (thickness is None) == (av is None):
        raise InputError("--thickness", thickness or av or "(missing)",
                         "give the plate's --thickness (e.g. 60mm) or its --av, not both")
    if thickness is not None:
        chart = slope_chart(mm=parse_thickness(thickness, "--thickness"), field="--thickness")
    else:
        chart = slope_chart(av=av, field="--av")
    _finish(chart, out, fmt, as_json)

def register(app: typer.Typer) -> None:
    app.add_typer(chart_app, name="chart")
