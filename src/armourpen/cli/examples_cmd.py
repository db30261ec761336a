"""``armourpen examples``: the scenarios shipped with the package, to run or copy."""

from __future__ import annotations

from typing import Any

import click

from armourpen.cli.options import echo_json, json_flag, show, titled
from armourpen.cli.params import command, completer


def _summary(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("# ").strip())
    return " ".join(lines)


def _names() -> list[str]:
    from armourpen.scenario import example_names

    return example_names()


@command("examples")
@click.argument("name", required=False, shell_complete=completer(_names),
          help="Print this example's scenario file.")
@json_flag
def examples(name: str | None, as_json: bool) -> None:
    """List the shipped example scenarios, or print one (run it as `example:NAME`)."""
    from armourpen.scenario import example_names, example_path

    if name is not None:
        text = example_path(name, field="name").read_text(encoding="utf-8")
        if as_json:  # the file's text, and what it is about
            echo_json({"name": name, "summary": _summary(text), "scenario": f"example:{name}",
                       "text": text})
        else:
            click.echo(text, nl=False)
        return
    from armourpen.layout import Column

    title = "Run one with `armourpen resolve example:NAME`"
    rows = [[n, _summary(example_path(n).read_text(encoding="utf-8"))] for n in example_names()]
    if as_json:
        echo_json([{"name": n, "summary": summary, "scenario": f"example:{n}"}
                   for n, summary in rows])
        return

    def rich() -> Any:
        from rich.table import Table

        table = Table(show_edge=False, title=title, title_justify="left")
        table.add_column("name", no_wrap=True)
        table.add_column("what it shows")
        for row in rows:
            table.add_row(*row)
        return table

    show(rich, lambda: titled(title, [Column("name"), Column("what it shows")], rows))
