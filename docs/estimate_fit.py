"""Draw the PEN estimator's leave-one-out figures: ``python docs/estimate_fit.py`` (needs the charts
extra). Writes docs/estimate-loo.png and the table between the markers of docs/estimate.md."""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the back end is chosen)

from armourpen.penav.ballistics import builtin_rows  # noqa: E402
from armourpen.penav.estimate import fit_error, leave_one_out  # noqa: E402

HERE = Path(__file__).resolve().parent
START, END = "<!-- loo table -->", "<!-- end loo table -->"


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
                     f"{x.row.muzzle_pen} | {x.estimate} ({x.continuous:.2f}) | {x.error:+d} |")
    err = fit_error(rows, "small_arms")
    lines.append("")
    lines.append(f"Within one PEN: **{err.within_one} of {err.rows}** rows "
                 f"({100 * err.within_one / err.rows:.0f}%); errors from {err.lowest:+d} to "
                 f"{err.highest:+d}.")
    dm = [x for x in leave_one_out(rows) if x.law == "de_marre"]
    lines.append("")
    lines.append("De Marre's form, each hard-core row from a constant fitted to the others "
                 "(the structural scale's law, tried on the only sourced hard cores there are):")
    lines.append("")
    lines.append("| row of the text | at the muzzle | estimate (continuous) | error |")
    lines.append("|---|---:|---:|---:|")
    for x in dm:
        lines.append(f"| {x.row.name} | {x.row.muzzle_pen} | {x.estimate} ({x.continuous:.2f}) | "
                     f"{x.error:+d} |")
    return "\n".join(lines)


def chart() -> None:
    loo = [x for x in leave_one_out(builtin_rows()) if x.law == "small_arms"]
    fig, ax = plt.subplots(figsize=(8, 6), dpi=100)
    texts = [x.row.muzzle_pen for x in loo]
    # the figure is the floor of the continuous estimate: it equals the text's PEN p for a value
    # in [p, p + 1) and is within one PEN for a value in [p - 1, p + 2)
    ax.fill_between([0, 19], [-1, 18], [2, 21], color="0.88", label="within one PEN")
    ax.fill_between([0, 19], [0, 19], [1, 20], color="0.7", label="estimate = text")
    for x in loo:
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
    ax.set_title("The PEN estimator, each row fitted without itself")
    ax.legend(loc="upper left", fontsize=8)
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
