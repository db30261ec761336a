"""``armourpen catalog list locations|materials|shields``: the GURPS tables a GM looks up, from the rule
code's own values (:mod:`armourpen.view.gurps_tables`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armourpen.cli.options import echo_json, show, titled
from armourpen.errors import InputError


def refuse_catalogs(name: str, files: Sequence[Path], no_user_catalog: bool) -> None:
    """A catalog flag beside a GURPS table would change nothing: refused, naming it (AP-2)."""
    if files:
        raise InputError("--catalog", str(files[0]), f"not with {name}: GURPS's {name} come from "
                         "the rules, not from a catalog")
    if no_user_catalog:
        raise InputError("--no-user-catalog", "--no-user-catalog", f"not with {name}: GURPS's "
                         f"{name} come from the rules, not from a catalog")


def show_rule_table(name: str, as_json: bool) -> None:
    """The table ``name`` (``locations``, ``materials`` or ``shields``) as JSON or as a readable
    table."""
    from armourpen.layout import Column
    from armourpen.view import gurps_tables

    if name == "locations":
        data = gurps_tables.locations()
        if as_json:
            echo_json(data)
            return
        title = ("GURPS hit locations (GU-10): the humanoid table, rolled on 3d; "
                 "eye and vitals only when aimed at")
        names = ["location", "3d roll", "chance"]
        rows = [[r["location"], r["rolls"] or "aimed only",
                 r["chance"] if r["random"] else "-"] for r in data]
    elif name == "shields":
        data = gurps_tables.shields()
        if as_json:
            echo_json(data)
            return
        title = ("GURPS shields (GU-25): DB adds to every defense; cover DR = DR + HP/4 when "
                 "a blow punches through")
        names = ["shield", "DB", "DR", "HP", "cover DR", "page"]
        rows = [[r["shield"], str(r["db"]), str(r["dr"]), str(r["hp"]), str(r["cover_dr"]),
                 r["page"]] for r in data]
    else:
        data = gurps_tables.materials()
        if as_json:
            echo_json(data)
            return
        title = ("GURPS cover by material (GU-18): DR per inch, the low end unless "
                 "grade = \"high\" or dr_per_inch is given")
        names = ["material", "DR per inch"]
        rows = [[r["material"], r["dr_per_inch"]] for r in data]

    def rich() -> Any:
        from rich.table import Table

        table = Table(title=title)
        for n in names:
            table.add_column(n)
        for row in rows:
            table.add_row(*row)
        return table

    show(rich, lambda: titled(title, [Column(n) for n in names], rows))
