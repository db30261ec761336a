"""``armourpen screen``: the printable GM screen as a PDF (see :mod:`armourpen.charts.screen`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from armourpen.cli.options import (
    ammo_name,
    armour_names,
    attack_names,
    catalog_files,
    cover_names,
    defence_names,
    need_extra,
    no_user_catalog,
    optional_rules,
    wrote,
)
from armourpen.cli.params import OUT_FILE, apply, command, complete_direction, completer, limits
from armourpen.errors import InputError


def _papers() -> tuple[str, ...]:
    from armourpen.charts.screen import PAPERS

    return PAPERS


@command("screen")
@click.option("--out", "-o", type=OUT_FILE, required=True, metavar="FILE", show_default=False,
              help="The PDF file to write.")
@apply(attack_names, armour_names, cover_names, defence_names)
@click.option("--from", "from_", multiple=True, shell_complete=complete_direction,
              help="front|rear|left|right|above|below (repeatable; PA-9). Default: front.")
@apply(ammo_name, optional_rules)
@click.option("--paper", default="a4", shell_complete=completer(_papers),
              help="a4 or letter, landscape.")
@click.option("--rules", default="penav", shell_complete=completer(lambda: ["penav", "gurps"]),
              help="penav (the default: attacks x range bands per AV) or gurps (typical weapons "
              "against typical DR: injury and the chance of a major wound).")
@apply(catalog_files, no_user_catalog)
def screen(
    out: Path,
    attack: Sequence[str],
    armour: Sequence[str],
    cover: Sequence[str],
    defence: Sequence[str],
    from_: Sequence[str],
    ammo: str | None,
    optional_rule: Sequence[str],
    paper: str,
    rules: str,
    catalog: Sequence[Path],
    no_user_catalog: bool,
) -> None:
    """A printable GM screen: a page of attacks x range bands per AV met, and the thickness page;
    with --rules gurps, typical weapons against typical DR."""
    from armourpen.charts.screen import PAPERS
    from armourpen.cli.chart_cmd import sweep_inputs
    from armourpen.cli.options import flag_error
    from armourpen.cli.outfile import check_writable, out_format, write_whole
    from armourpen.cli.table_cmd import TABLE_FLAGS
    from armourpen.tables import PARAMETERS

    out_format(out, ("pdf",))
    check_writable(out)
    need_extra("charts", "reportlab", "matplotlib")  # the page and its thickness chart
    if paper.strip().lower() not in PAPERS:
        raise InputError("--paper", paper, "allowed: " + ", ".join(PAPERS))
    if rules.strip().lower() == "gurps":
        penav = {"--attack": attack, "--armour": armour, "--cover": cover, "--defence": defence,
                 "--from": from_, "--ammo": ammo, "--optional-rule": optional_rule,
                 "--catalog": catalog}
        given = next(((flag, v) for flag, v in penav.items() if v), None)
        if given is not None:
            value = given[1][0] if isinstance(given[1], tuple) else given[1]
            raise InputError(given[0], str(value), "PEN/AV's, not with --rules gurps (its page "
                             "is fixed: typical weapons against typical DR)")
        from armourpen.charts.gurps_screen import gurps_screen_pdf

        write_whole(out, gurps_screen_pdf(paper.strip().lower()))
        wrote(out)
        return
    if rules.strip().lower() != "penav":
        raise InputError("--rules", rules, "allowed: penav, gurps")
    from armourpen import RangeBand as Band
    from armourpen import sweep
    from armourpen.charts.screen import screen_pdf
    from armourpen.limits import check_listed

    caps = limits()
    cat, attacks, defences = sweep_inputs(catalog, no_user_catalog, attack, armour, cover, defence,
                                          every_armour=True)
    with flag_error(TABLE_FLAGS, only=PARAMETERS):
        # its pages print every cell at most: a table's cap, checked before the sweep
        check_listed(caps, len(attacks) * len(defences) * len(Band) * max(1, len(from_)))
        res = sweep(attacks, defences, directions=from_ or ["front"],
                    optional_rules=optional_rule, catalog=cat, ammo=ammo, limits=caps)
    write_whole(out, screen_pdf(res, paper, field="--paper"))
    wrote(out)

