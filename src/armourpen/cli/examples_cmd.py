"""``armourpen examples``: the scenarios shipped with the package, to run or copy."""

from __future__ import annotations

from typing import Annotated

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import console


def _summary(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("# ").strip())
    return " ".join(lines)


@guarded
def examples(
    name: Annotated[
        str | None, typer.Argument(help="Print this example's scenario file.", show_default=False)
    ] = None,
) -> None:
    """List the shipped example scenarios, or print one (run it as `example:NAME`)."""
    from armourpen.scenario import example_names, example_path

    if name is not None:
        typer.echo(example_path(name, field="name").read_text(encoding="utf-8"), nl=False)
        return
    from rich.table import Table

    table = Table(show_edge=False, title="Run one with `armourpen resolve example:NAME`",
                  title_justify="left")
    table.add_column("name", no_wrap=True)
    table.add_column("what it shows")
    for n in example_names():
        table.add_row(n, _summary(example_path(n).read_text(encoding="utf-8")))
    console().print(table)


def register(app: typer.Typer) -> None:
    app.command("examples")(examples)
