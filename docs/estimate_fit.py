"""Draw the PEN estimator's leave-one-out figures: ``python docs/estimate_fit.py`` (needs the charts
extra). Writes docs/estimate-loo.png and the table between the markers of docs/estimate.md."""

from __future__ import annotations

import math
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from armourpen.penav.ballistics import builtin_rows
from armourpen.penav.laws import (
    DE_MARRE_POWER,
    GROUPS,
    STRUCTURAL_ROWS,
    de_marre_x,
    fit_de_marre,
    fit_error,
    leave_one_out,
    mm_of_av,
    pen_figure,
)
from armourpen.penav.rounds import TableRow

HERE = Path(__file__).resolve().parent
START, END = "<!-- loo table -->", "<!-- end loo table -->"


def _de_marre_only(rows: tuple[TableRow, ...], row: TableRow) -> float:
    """A gun's leave-one-out SPEN with De Marre's own power, the constant alone fitted."""
    others = tuple(r for r in rows if r is not row)
    return pen_figure(fit_de_marre(others, power=DE_MARRE_POWER).av(row.ballistics)) / 5


def table() -> str:
    rows = builtin_rows()
    lines = ["| row of the text | bullet | E/d (J/mm) | PEN in the text | at the muzzle | "
             "estimate (continuous) | error |", "|---|---|---:|---:|---:|---:|---:|"]
    for x in leave_one_out(rows):
        if x.law != "small_arms":
            continue
        b = x.row.ballistics
        at = f"{x.row.pen} at {x.row.at_range_m} m" if x.row.at_range_m else str(x.row.pen)
        lines.append(f"| {x.row.name} | {b.bullet.value} | {b.energy_per_mm:,.1f} | {at} | "
                     f"{x.row.muzzle_pen} | {x.estimate} ({x.continuous:.2f}) | {x.error:+.0f} |")
    err = fit_error(rows, "small_arms")
    lines.append("")
    lines.append(f"Within one PEN: **{err.within_one} of {err.rows}** rows "
                 f"({100 * err.within_one / err.rows:.0f}%); errors from {err.lowest:+.0f} to "
                 f"{err.highest:+.0f}.")
    for group in ("soft", "hard"):
        g = fit_error(rows, "small_arms", group)
        lines.append(f"The {g.rows} {GROUPS[group]} rows alone: {g.within_one} within one PEN, "
                     f"errors from {g.lowest:+.0f} to {g.highest:+.0f} (the interval of a round "
                     "of that construction).")
    law = fit_de_marre(rows)
    lines += ["", f"The guns, each from the gun law fitted to the other four (fitted to all five: "
              f"k = {math.exp(law.ln_k):.3f}, p = {law.power:.3f}); the last column fits the "
              f"constant alone with De Marre's own power, {DE_MARRE_POWER:.3f}:", "",
              "| gun of the text | calibre, shot | m^0.5 v / d^0.75 | SPEN in the text (mm) | "
              "middle of the row | estimate SPEN (mm) | error | De Marre's power: SPEN, error |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
    for x in leave_one_out(rows):
        if x.law != "de_marre":
            continue
        r = x.row
        b = r.ballistics
        after = STRUCTURAL_ROWS[STRUCTURAL_ROWS.index(r.pen) + 1]
        dm = _de_marre_only(rows, r)
        lines.append(
            f"| {r.name} | {b.calibre_mm:g} mm, {b.mass_g / 1000:g} kg at {b.velocity_mps:g} m/s | "
            f"{math.exp(de_marre_x(b)):,.1f} | {r.pen // 5} ({mm_of_av(r.pen):g} to "
            f"{mm_of_av(after):g}) | {x.target:.2f} | {x.estimate / 5:g} "
            f"({mm_of_av(x.continuous):.0f}) | {x.error:+.2f} | {dm:g}, {dm - x.target:+.2f} |")
    g = fit_error(rows, "de_marre")
    lines.append("")
    lines.append(f"Within one SPEN: **{g.within_one} of {g.rows}** guns; errors from "
                 f"{g.lowest:+.2f} to {g.highest:+.2f} SPEN (De Marre's own power: "
                 + ", ".join(f"{_de_marre_only(rows, x.row) - x.target:+.2f}"
                             for x in leave_one_out(rows) if x.law == "de_marre") + ").")
    return "\n".join(lines)


def chart() -> None:
    loo = leave_one_out(builtin_rows())
    fig, (ax, gx) = plt.subplots(1, 2, figsize=(12, 6), dpi=100,
                                 gridspec_kw={"width_ratios": [3, 2]})
    small = [x for x in loo if x.law == "small_arms"]
    texts = [x.row.muzzle_pen for x in small]
    # the figure is the floor of the continuous estimate: it equals the text's PEN p for a value
    # in [p, p + 1) and is within one PEN for a value in [p - 1, p + 2)
    ax.fill_between([0, 19], [-1, 18], [2, 21], color="0.88", label="within one PEN")
    ax.fill_between([0, 19], [0, 19], [1, 20], color="0.7", label="estimate = text")
    for x in small:
        colour = "tab:red" if x.row.ballistics.bullet.hard else "tab:blue"
        ax.scatter(x.row.muzzle_pen, x.continuous, color=colour, s=25, zorder=3)
        ax.annotate(x.row.name, (x.row.muzzle_pen, x.continuous), fontsize=6,
                    xytext=(4, -2), textcoords="offset points")
    ax.scatter([], [], color="tab:blue", s=25, label="ball, lead, soft")
    ax.scatter([], [], color="tab:red", s=25, label="ap, sub-calibre")
    ax.set_xlim(0, max(texts) + 2)
    ax.set_ylim(0, max(texts) + 3)
    ax.set_xlabel("PEN in the text (at the muzzle)")
    ax.set_ylabel("leave-one-out estimate (continuous; its floor is the figure)")
    ax.set_title("Small arms, each row fitted without itself")
    ax.legend(loc="upper left", fontsize=8)
    guns = [x for x in loo if x.law == "de_marre"]
    for x in guns:
        s = x.row.pen / 5
        after = STRUCTURAL_ROWS[STRUCTURAL_ROWS.index(x.row.pen) + 1] / 5
        gx.plot([s, s], [s, after], color="0.6", linewidth=6, solid_capstyle="butt", zorder=1)
        gx.scatter(s, x.estimate / 5, color="tab:red", s=25, zorder=3)
        gx.annotate(x.row.name, (s, x.estimate / 5), fontsize=6, xytext=(4, -2),
                    textcoords="offset points")
    gx.plot([], [], color="0.6", linewidth=6, label="the text's row (to the next row)")
    gx.scatter([], [], color="tab:red", s=25, label="estimate, fitted without the gun")
    gx.set_xlim(8, 19)
    gx.set_ylim(8, 20)
    gx.set_xlabel("SPEN in the text")
    gx.set_ylabel("leave-one-out estimate, SPEN")
    gx.set_title("Guns, each fitted without itself")
    gx.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(HERE / "estimate-loo.png")


def main() -> None:
    chart()
    md = HERE / "estimate.md"
    text = md.read_text(encoding="utf-8")
    new = re.sub(re.escape(START) + ".*?" + re.escape(END),
                 lambda _: f"{START}\n{table()}\n{END}", text, flags=re.S)
    md.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
