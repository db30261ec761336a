"""``armourpen thickness``: the thickness curve (PA-11) both ways, with its neighbouring points."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated, Any

import typer

from armourpen.cli.app import guarded
from armourpen.cli.options import Json, echo_json
from armourpen.errors import InputError
from armourpen.explain import Step
from armourpen.penav.scale import MAX_VALUE, fmt, shown_value, structural, to_personal
from armourpen.penav.thickness import (
    MAX_AV,
    MIN_AV,
    TABLE_MAX_AV,
    av_for_mm,
    fmt_mm,
    mm_at,
    mm_for_av,
    neighbours,
)
from armourpen.reading import MAX_NUMBER_CHARS, exact_number
from armourpen.serialize import exact, number

_UNITS: dict[str, Fraction] = {
    "": Fraction(1),
    "mm": Fraction(1),
    "cm": Fraction(10),
    "in": Fraction("25.4"),
    '"': Fraction("25.4"),
}
_THICKNESS = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|\"|)\s*$", re.IGNORECASE)
_ALLOWED_TEXT = "a thickness such as 120mm, 78.75mm, 4cm or 2in (a bare number is mm)"


def parse_thickness(text: str, field: str = "thickness") -> Fraction:
    """``"120mm"`` -> 120, ``"4cm"`` -> 40, ``"2in"`` -> 50.8 (exact)."""
    m = _THICKNESS.match(text)
    if m is None or len(m.group(1)) > MAX_NUMBER_CHARS:
        raise InputError(field, text, _ALLOWED_TEXT)
    return Fraction(m.group(1)) * _UNITS[m.group(2).lower()]


def _point(av: int, mm: Fraction, here: bool) -> dict[str, Any]:
    return {
        "av": av,
        "sav": number(structural(av)),
        "mm": number(mm),
        "mm_exact": exact(mm),
        "table_point": av <= TABLE_MAX_AV,
        "at": here,
    }


def thickness_report(
    mm: Fraction | None = None, av: int | None = None, *, field: str = "thickness"
) -> dict[str, Any]:
    """Both directions of the curve for a thickness or an AV, as a JSON-ready mapping."""
    steps: list[Step] = []
    if mm is not None:
        fwd = av_for_mm(mm, field=field)
        steps.extend(fwd.steps)
        got_av = fwd.value
        back = mm_for_av(got_av)
        steps.extend(back.steps)
        near = neighbours(mm=mm)
        here_mm = mm
    else:
        assert av is not None
        back = mm_for_av(av, field=field)
        steps.extend(back.steps)
        fwd = av_for_mm(back.value)
        steps.extend(fwd.steps)
        got_av = av
        near = neighbours(av=av)
        here_mm = back.value
    nxt: dict[str, Any] | None = None
    if got_av < MAX_AV:
        nm = mm_at(got_av + 1)
        nxt = {"av": got_av + 1, "sav": number(structural(got_av + 1)), "mm": number(nm),
               "mm_exact": exact(nm)}
    return {
        "input": {"mm": number(mm)} if mm is not None else {"av": av},
        "mm_to_av": {
            "mm": number(here_mm),
            "mm_exact": exact(here_mm),
            "av": fwd.value,
            "sav": number(structural(fwd.value)),
        },
        "av_to_mm": {
            "av": got_av,
            "sav": number(structural(got_av)),
            "mm": number(back.value),
            "mm_exact": exact(back.value),
            "next": nxt,
        },
        "neighbours": [_point(a, m, near.at is not None and a == near.at[0])
                       for a, m in near.points()],
        "steps": [s.to_dict() for s in steps],
    }


def _render(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console(highlight=False)
    fw, bk = report["mm_to_av"], report["av_to_mm"]
    av_text = fmt(fw["av"], show_structural=True)
    mm_text = fmt_mm(Fraction(fw["mm_exact"]))
    back_av = fmt(bk["av"], show_structural=True)
    back_mm = fmt_mm(Fraction(bk["mm_exact"]))
    if "mm" in report["input"]:
        con.print(f"[bold]{mm_text} mm of RHA -> {av_text}[/bold]  (floor: the highest AV it reaches)")
        con.print(f"{back_av} -> {back_mm} mm of RHA")
    else:
        con.print(f"[bold]{back_av} -> {back_mm} mm of RHA[/bold]")
        con.print(f"{mm_text} mm of RHA -> {av_text}")
    if bk["next"] is not None:
        nxt = bk["next"]
        con.print(f"the next AV, {fmt(nxt['av'], show_structural=True)}, needs "
                  f"{fmt_mm(Fraction(nxt['mm_exact']))} mm")
    con.print("Neighbouring points of the curve (PA-11):")
    table = Table()
    table.add_column("AV", justify="right")
    table.add_column("SAV", justify="right")
    table.add_column("mm RHA", justify="right")
    table.add_column("")
    on_point = any(p["at"] for p in report["neighbours"])
    here = report["mm_to_av"] if "mm" in report["input"] else report["av_to_mm"]
    for p in report["neighbours"]:
        if not on_point and p is report["neighbours"][-1]:
            # the value itself lies between the points: show it in its place
            table.add_row(str(here["av"]), f"{here['sav']:g}",
                          fmt_mm(Fraction(here["mm_exact"])), "<- this value (between points)")
        mark = "<- this value" if p["at"] else ("" if p["table_point"] else "past the table")
        table.add_row(str(p["av"]), f"{p['sav']:g}", fmt_mm(Fraction(p["mm_exact"])), mark)
    con.print(table)
    con.print("Steps:")
    for s in report["steps"]:
        con.print(f"  [{s['rule']}] {s['text']}", markup=False)


@guarded
def thickness(
    value: Annotated[
        str | None,
        typer.Argument(help="A thickness of RHA: 120mm, 78.75mm, 4cm, 2in (bare number: mm).",
                       show_default=False),
    ] = None,
    av: Annotated[int | None, typer.Option("--av", help="A personal AV, 3 to 1000.")] = None,
    sav: Annotated[
        str | None, typer.Option("--sav", help="A structural AV, e.g. 12 or 6.8.")
    ] = None,
    as_json: Json = False,
) -> None:
    """The thickness curve (PA-11): mm of RHA to AV (SAV shown) and back, with its neighbours."""
    given = [x for x in (value, av, sav) if x is not None]
    if len(given) != 1:
        raise InputError(
            "thickness",
            " ".join(str(x) for x in given) or "(nothing)",
            "give exactly one of a thickness (e.g. 120mm), --av N or --sav N",
        )
    if value is not None:
        report = thickness_report(mm=parse_thickness(value), field="thickness")
    elif av is not None:
        report = thickness_report(av=av, field="--av")
    else:
        assert sav is not None
        allowed = (f"SAV {shown_value(structural(MIN_AV))} to {MAX_VALUE // 5} in steps of 0.2 "
                   f"(AV {MIN_AV} to {MAX_VALUE} on the thickness curve) (PA-1, PA-11)")
        q = exact_number(sav, "--sav", allowed=allowed, ratio=True)
        try:  # the error repeats what was typed, not the AV it stands for
            report = thickness_report(av=to_personal(q, True, "--sav"), field="--sav")
        except InputError:
            raise InputError("--sav", sav, "allowed: " + allowed) from None
    if as_json:
        echo_json(report)
    else:
        _render(report)


def register(app: typer.Typer) -> None:
    app.command("thickness")(thickness)
