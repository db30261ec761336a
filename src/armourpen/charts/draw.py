"""Drawing chart values with matplotlib (the Agg canvas; never pyplot).

:func:`render` turns any chart value into PNG, SVG or PDF bytes; :func:`svg` gives SVG text for web
pages. SVG keeps its text as text (``svg.fonttype = "none"``) so that it can be searched and read by
screen readers, and carries no date, so the same chart gives the same bytes.

Every chart is drawn with matplotlib's own defaults plus :data:`_RC`, never the user's
``matplotlibrc`` (``text.usetex``, a style, fonts): the same chart gives the same bytes on every
machine. Names are drawn as typed (``text.parse_math`` off: ``$x^2$`` is not math). matplotlib's
settings are one global dictionary, so drawing holds :data:`_LOCK`: charts drawn from several
threads at once (the web server's) come out as each would alone.
"""

from __future__ import annotations

import io
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armourpen.charts.model import Chart, check_drawable, footnote
from armourpen.errors import ArgumentTypeError
from armourpen.layout import percent
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.penav.penetration import Result
from armourpen.penav.scale import STRUCTURAL_FACTOR, structural_text

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from armourpen.charts.matrix import MatrixChart
    from armourpen.charts.odds import OddsChart
    from armourpen.charts.pen_range import PenRangeChart
    from armourpen.charts.slope import SlopeChart

FORMATS: tuple[str, ...] = ("png", "svg", "pdf")
"""What :func:`render` writes (``armourpen chart --out`` picks one by the file's extension)."""

DPI = 150
MAX_PIXELS = 9000  # the longer side of a PNG; a huge matrix is drawn at a lower resolution
_METADATA: dict[str, dict[str, Any]] = {
    "png": {"Software": None},
    "svg": {"Date": None},
    "pdf": {"CreationDate": None},
}
_RC: Any = {  # over matplotlib's defaults (matplotlib types the keys as a Literal)
    "text.parse_math": False,  # a name is drawn as typed: "$x^2$" is not math
    "text.usetex": False,  # no TeX, whatever a matplotlibrc says
    "svg.fonttype": "none",  # text stays text in SVG
    "svg.hashsalt": "armourpen",  # stable element ids: the same chart, the same bytes
    "font.family": "DejaVu Sans",  # ships with matplotlib and has ✓ ≈ ·
    "font.size": 9,
    "axes.titlesize": 10,
}

# Okabe-Ito colours, told apart with every common colour-vision deficiency.
OUTCOME_COLOURS: dict[Result, str] = {
    Result.PENETRATED: "#D55E00",
    Result.PENETRATED_REDUCED: "#F0E442",
    Result.STOPPED: "#009E73",
}
_LOCK = threading.RLock()
"""Held while matplotlib's global settings are pinned and a chart is drawn and saved."""


def _matplotlib() -> None:
    """Import matplotlib, the first time, with its config and cache folder armourpen's own.

    matplotlib writes its font cache (and makes its config folder) under the home of whoever
    imports it (``~/.cache/matplotlib``, ``~/.config/matplotlib``): a chart drawn from the Python
    API must not write there. So unless matplotlib is imported already (the caller's own, left
    as it is) or ``MPLCONFIGDIR`` is set (the caller's choice, kept), ``MPLCONFIGDIR`` names
    ``matplotlib`` in armourpen's cache folder (``ARMOURPEN_CACHE_DIR`` or the platform's user
    cache folder; a private temporary one if that cannot be made) while matplotlib is imported
    and its fonts are listed, and is then removed from the environment again, so that other
    libraries and child processes see the environment as the caller left it. matplotlib keeps
    the folder for the rest of the process (it reads it once): another chart drawn with it in the
    same process finds no ``matplotlibrc`` of the user's (armourpen's charts never read one)."""
    import os
    import sys

    if "matplotlib" in sys.modules or os.environ.get("MPLCONFIGDIR"):
        return
    with _LOCK:
        if "matplotlib" in sys.modules:
            return
        from armourpen.catalog.cache import cache_dir

        folder = cache_dir() / "matplotlib"
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            writable = os.access(folder, os.W_OK)
        except OSError:
            writable = False
        if not writable:
            import atexit
            import shutil
            import tempfile

            folder = Path(tempfile.mkdtemp(prefix="armourpen-matplotlib-"))  # this user's only
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ["MPLCONFIGDIR"] = str(folder)
        try:
            import matplotlib
            import matplotlib.font_manager

            matplotlib.get_configdir()
            matplotlib.get_cachedir()
        finally:
            os.environ.pop("MPLCONFIGDIR", None)


@contextmanager
def _pinned() -> Iterator[None]:
    """matplotlib's defaults (not the user's matplotlibrc) plus :data:`_RC`, under :data:`_LOCK`."""
    _matplotlib()
    import matplotlib.style

    with _LOCK, matplotlib.style.context(["default", _RC]):
        yield


_SERIES = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
_MARKERS = ("o", "s", "^", "D", "v")
"""Past the colours, an attack's line repeats a colour with a marker at each band: its line stays
solid, for a dashed line in a pen-range chart means an AV line and nothing else."""


def render(chart: Chart, fmt: str = "png", *, limits: Limits = DEFAULT_LIMITS,
           field: str = "chart") -> bytes:
    """The chart drawn as ``png``, ``svg`` or ``pdf`` bytes; a chart beyond ``max_chart_cells``
    is refused before drawing (a :class:`~armourpen.limits.LimitError` naming ``field``)."""
    from armourpen import arguments
    from armourpen.errors import ArgumentValueError

    _chart_value(chart)
    fmt = arguments.text("fmt", fmt, "one of " + ", ".join(FORMATS))
    if fmt not in FORMATS:
        raise ArgumentValueError("fmt", fmt, "allowed: " + ", ".join(FORMATS))
    limits = arguments.limits(limits)
    field = arguments.text("field", field)
    check_drawable(chart, limits, field)
    with _pinned():
        fig = figure(chart)
        w, h = fig.get_size_inches()
        dpi = min(DPI, MAX_PIXELS / max(w, h))
        buf = io.BytesIO()
        fig.savefig(buf, format=fmt, dpi=dpi, metadata=_METADATA[fmt])
    return buf.getvalue()


def svg(chart: Chart, *, limits: Limits = DEFAULT_LIMITS, field: str = "chart") -> str:
    """The chart as SVG text, its labels kept as ``<text>`` (for web pages)."""
    return render(chart, "svg", limits=limits, field=field).decode("utf-8")


def _chart_value(chart: object) -> None:
    """Refuse what is no chart value before anything is drawn."""
    from armourpen.charts.matrix import MatrixChart
    from armourpen.charts.odds import OddsChart
    from armourpen.charts.pen_range import PenRangeChart
    from armourpen.charts.slope import SlopeChart

    if not isinstance(chart, PenRangeChart | MatrixChart | OddsChart | SlopeChart):
        raise ArgumentTypeError("chart", chart, "allowed: a chart value, as pen_range_chart, "
                                "matrix_chart, odds_chart or slope_chart return it")


def figure(chart: Chart) -> Figure:
    """A matplotlib figure of the chart (call inside :func:`render`'s settings for its fonts)."""
    _matplotlib()
    from armourpen.charts.matrix import MatrixChart
    from armourpen.charts.odds import OddsChart
    from armourpen.charts.pen_range import PenRangeChart
    from armourpen.charts.slope import SlopeChart

    if isinstance(chart, PenRangeChart):
        return _pen_range(chart)
    if isinstance(chart, MatrixChart):
        return _matrix(chart)
    if isinstance(chart, OddsChart):
        return _odds(chart)
    if isinstance(chart, SlopeChart):
        return _slope(chart)
    raise TypeError(f"not a chart value: {type(chart).__name__}")


def _new_figure(width: float, height: float) -> Figure:
    _matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _finish(fig: Figure, chart: Chart) -> None:
    """The title, and the rulings and warnings in a footnote under everything else."""
    import textwrap

    fig.suptitle(chart.title, fontsize=12, fontweight="bold")
    per_line = max(60, int(fig.get_size_inches()[0] * 15))
    lines = textwrap.wrap(footnote(chart), per_line)
    for w in chart.warnings:
        lines.extend(textwrap.wrap(f"warning: {w}", per_line))
    # supxlabel, unlike free text, has its room kept by the constrained layout
    fig.supxlabel("\n".join(lines), x=0.01, ha="left", fontsize=7.5, color="#333333")


# --- pen-range ------------------------------------------------------------------------------

CONTACT_SPAN = (0.15, 0.3)  # where Contact (no distance) is drawn, left of Point Blank


def _edges(chart: PenRangeChart) -> list[float]:
    steps = chart.attacks[0].steps
    edges: list[float] = []
    for s in steps:
        lo, hi = (CONTACT_SPAN if s.low is None or s.high is None
                  else (max(float(s.low), CONTACT_SPAN[1]), float(s.high)))
        if not edges:
            edges.append(lo)
        edges.append(hi)
    return edges


def _pen_range(chart: PenRangeChart) -> Figure:
    from itertools import pairwise

    from matplotlib.lines import Line2D
    from matplotlib.ticker import FixedLocator, MaxNLocator, NullLocator

    fig = _new_figure(12, 7.5)
    grid = fig.add_gridspec(2, 1, height_ratios=(4, 1.3))
    ax: Axes = fig.add_subplot(grid[0])
    axd: Axes = fig.add_subplot(grid[1], sharex=ax)
    edges = _edges(chart)
    steps = chart.attacks[0].steps
    handles: list[Any] = []
    for i, series in enumerate(chart.attacks):
        colour = _SERIES[i % len(_SERIES)]
        marker = None if i < len(_SERIES) else _MARKERS[(i // len(_SERIES) - 1) % len(_MARKERS)]
        width = max(1.2, 3.2 - 0.35 * i)  # later lines thinner: an identical series still shows
        pen = f"PEN {series.base_pen}" + (f" = SPEN {structural_text(series.base_pen)}" if series.structural
                                           else "")
        column = {"handgun": "Handgun/SMG column", "rifle": "Rifle/MG column",
                  "none": "no range modifier"}[series.range_column.value]
        reach = [s for s in series.steps if s.pen is not None]
        short = "" if len(reach) == len(series.steps) else (
            ", out of reach" if not reach else f", reaches {reach[0].band.label} only"
            if len(reach) == 1 else f", reaches {reach[-1].band.label} at most")
        label = f"{series.name} ({pen}, {column}{short})"
        # NaN past the attack's reach (PA-3): the line stops where the attack does
        pens = [math.nan if s.pen is None else s.pen for s in series.steps]
        dcms = [math.nan if s.dc_modifier is None else s.dc_modifier for s in series.steps]
        ax.stairs(pens, edges, baseline=None, color=colour, linestyle="-", linewidth=width,
                  zorder=3 + i)
        axd.stairs(dcms, edges, baseline=None, color=colour, linestyle="-", linewidth=width,
                   zorder=3 + i)
        if marker is not None:
            mids = [math.sqrt(a * b) for a, b in pairwise(edges)]
            for a_, ys in ((ax, pens), (axd, dcms)):
                a_.plot(mids, ys, linestyle="none", marker=marker, color=colour, markersize=5,
                        zorder=3 + i)
        handles.append(Line2D([], [], color=colour, linestyle="-", linewidth=width, marker=marker,
                              label=label))
    av_colours = ("#222222", "#7F3C8D", "#8C6D31", "#6B6ECF", "#999999", "#843C39")  # not _SERIES
    by_av: dict[int, list[str]] = {}
    for d in chart.defences:
        by_av.setdefault(d.av, []).append(d.label)
    for m, (av, labels) in enumerate(sorted(by_av.items())):
        handles.append(ax.axhline(av, color=av_colours[m % len(av_colours)], linestyle=(0, (6, 3)),
                                  linewidth=1.6, label="; ".join(labels), zorder=2))
    top = max([s.pen for a in chart.attacks for s in a.steps if s.pen is not None]
              + list(by_av) + [1])
    ax.set_ylim(-0.5, top + max(1.5, top * 0.08))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("effective PEN (personal scale, PA-1)")
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    # Band boundaries, band names on top, and the contact region set apart.
    for ax_ in (ax, axd):
        ax_.axvspan(*CONTACT_SPAN, color="#eeeeee", zorder=0)
        for x in edges[1:-1]:
            ax_.axvline(x, color="#bbbbbb", linewidth=0.6, zorder=1)
    for k, s in enumerate(steps):
        mid = math.sqrt(edges[k] * edges[k + 1])
        ax.text(mid, 1.01, s.band.label.replace(" ", "\n"), transform=ax.get_xaxis_transform(),
                ha="center", va="bottom", fontsize=8)
    ax.set_xscale("log")
    ax.set_xlim(edges[0], edges[-1])
    ticks = edges[1:]
    axd.xaxis.set_major_locator(FixedLocator(ticks))
    axd.xaxis.set_minor_locator(NullLocator())
    axd.set_xticks(ticks, ["0" if t == CONTACT_SPAN[1] else f"{t:g}" for t in ticks])
    ax.tick_params(axis="x", labelbottom=False)
    axd.set_xlabel("distance in m or yd (the table gives both the same numbers, PA-3); log scale;"
                   " Contact has no distance")
    axd.set_ylabel("DC modifier\n(PA-5)")
    axd.yaxis.set_major_locator(MaxNLocator(integer=True))
    dcs = [s.dc_modifier for a in chart.attacks for s in a.steps if s.dc_modifier is not None]
    dcs = dcs or [0]
    axd.set_ylim(min(dcs) - 0.5, max(dcs) + 0.5)
    axd.grid(axis="y", color="#dddddd", linewidth=0.6)
    # An axes legend (not a figure legend) keeps its room in the constrained layout.
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8,
              frameon=False,
              title="attacks (solid) and AV lines (dashed)", title_fontsize=8,
              alignment="left")
    _finish(fig, chart)
    return fig


# --- matrix ---------------------------------------------------------------------------------

_UNREACHED = "#E6E6E6"  # a matrix cell past the attack's reach


def _matrix(chart: MatrixChart) -> Figure:
    import numpy as np
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    order = (Result.STOPPED, Result.PENETRATED_REDUCED, Result.PENETRATED)
    rows = [f"{a.name}  ({a.shown('PEN')})" for a in chart.attacks]
    cols = [f"{d.name}  ({d.shown('AV')})" for d in chart.defences]
    n, m = len(rows), len(cols)
    label_w = max(len(r) for r in rows) * 0.075 + 0.4
    label_h = max(len(c) for c in cols) * 0.055 + 0.4
    width = max(8.0, label_w + m * 0.55 + 0.6)
    height = max(4.5, label_h + n * 0.32 + 1.6)
    fig = _new_figure(width, height)
    ax: Axes = fig.add_subplot()
    unreached = 3  # a cell past the attack's reach (PA-3): grey, marked –
    codes = np.array([[unreached if r is None else order.index(r) for r in row]
                      for row in chart.results])
    ax.imshow(codes, cmap=ListedColormap([*(OUTCOME_COLOURS[r] for r in order), _UNREACHED]),
              vmin=0, vmax=3, aspect="auto", interpolation="nearest")
    for i in range(n):
        for j in range(m):
            r = chart.results[i][j]
            margin = chart.margin(i, j)
            shown = "–" if margin is None else f"{margin:+d}" if margin else "0"
            ax.text(j, i, shown, ha="center", va="center", fontsize=7.5,
                    color="black" if r is None or r is Result.PENETRATED_REDUCED else "white")
    ax.set_xticks(range(m), cols, rotation=55, ha="left", rotation_mode="anchor", fontsize=8)
    ax.set_yticks(range(n), rows, fontsize=8)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.set_xticks(np.arange(m + 1) - 0.5, minor=True)
    ax.set_yticks(np.arange(n + 1) - 0.5, minor=True)
    ax.grid(which="minor", color="white", linewidth=1.2)
    ax.tick_params(which="minor", length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    from armourpen.charts.matrix import LEGEND

    handles = [Patch(facecolor=OUTCOME_COLOURS[r], label=LEGEND[r]) for r in reversed(order)]
    if (codes == unreached).any():
        from armourpen.charts.matrix import OUT_OF_REACH_TEXT

        handles.append(Patch(facecolor=_UNREACHED, label="– " + OUT_OF_REACH_TEXT))
    # In the corner left free by the row and column labels.
    ax.legend(handles=handles, loc="lower right", bbox_to_anchor=(-0.01, 1.01), frameon=False,
              title="each cell: PEN - AV", fontsize=8, title_fontsize=8, alignment="left")
    _finish(fig, chart)
    return fig


# --- odds -----------------------------------------------------------------------------------


LABELLED_BARS = 16  # with no more bars than this, each bar carries its chance


def _odds(chart: OddsChart) -> Figure:
    n = len(chart.targets)
    rolled = any(chart.locations(t) for t in chart.targets)
    fig = _new_figure(13 if rolled else 11, 1.2 + 2.7 * n)
    widths = (2.6, 1.15, 1.15) if rolled else (2.6, 1.15)
    grid = fig.subplots(n, len(widths), squeeze=False, width_ratios=widths)
    for k, (row, t) in enumerate(zip(grid, chart.targets, strict=True)):
        _injury_panel(row[0], t, chart.panel_title(k), *chart.drawn_injury(t))
        _chance_bars(row[1], [(label, p) for _, label, p in chart.effects(t)],
                     "effects: chance of each", f"{t.name}:effects")
        if rolled:
            where = chart.locations(t)
            if where:
                _chance_bars(row[2], list(where.items()), "hit location (GU-10)",
                             f"{t.name}:locations")
            else:
                row[2].set_axis_off()
                always = next(iter(t.location_pmf), "same location")
                row[2].text(0.5, 0.5, f"location not rolled:\nhit at the {always}",
                            ha="center", va="center", fontsize=8.5, color="#555555",
                            transform=row[2].transAxes)
    grid[-1][0].set_xlabel("injury (HP); grey: no injury (not reached, not hit, or stopped by DR)")
    _finish(fig, chart)
    return fig


def _injury_panel(ax: Axes, t: Any, title: str, drawn: dict[int, Any], cut: int | None,
                  rest: Any) -> None:
    from fractions import Fraction

    from matplotlib.ticker import FixedLocator

    from armourpen.charts.odds import OddsChart, chance_ticks, tick_label

    ax.set_gid(f"{t.name}:injury")
    pmf = list(drawn.items())
    xs = [k for k, _ in pmf]
    ps = [float(p) * 100 for _, p in pmf]
    colours = ["#999999" if k == 0 else "#D55E00" for k in xs]
    bars = ax.bar(xs, ps, color=colours, width=0.8)
    labelled = len(xs) <= LABELLED_BARS
    if labelled:
        ax.bar_label(bars, [percent(p) for _, p in pmf], fontsize=7, padding=1)
    # room above the highest bar (for its label), and ticks on round percentages up to there
    top = max((p for _, p in pmf), default=Fraction(1)) * Fraction(115 if labelled else 105, 100)
    ticks = chance_ticks(top)
    ax.set_ylim(0, float(top) * 100)
    ax.yaxis.set_major_locator(FixedLocator([float(k) * 100 for k in ticks]))
    ax.set_yticks([float(k) * 100 for k in ticks], [tick_label(k) for k in ticks])
    ax.set_title(title, loc="left", fontsize=9.5, fontweight="bold")
    axis = OddsChart.injury_axis(drawn, cut)
    if len(axis) <= 2 * LABELLED_BARS:
        ax.set_xticks(axis)
    else:
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("chance")
    pad = 0.7 if len(axis) > 1 else 2.5  # one value only: a bar, not a panel filled grey
    ax.set_xlim(axis[0] - pad, axis[-1] + pad)
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    if set(xs) <= {0}:  # never injured: the panel says so, not only its one grey bar
        ax.text(0.99, 0.95, "no injury at any roll", ha="right", va="top", fontsize=8.5,
                color="#333333", transform=ax.transAxes)
    if cut is not None:
        top_injury = max(t.injury_pmf)
        ax.text(0.99, 0.95, f"not drawn: injury over {cut} HP (up to {top_injury}),\n"
                f"together {percent(rest)}", ha="right", va="top", fontsize=8,
                color="#333333", transform=ax.transAxes,
                bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "#bbbbbb"})


def _chance_bars(ax: Axes, items: list[tuple[str, Any]], title: str, gid: str) -> None:
    """Horizontal bars of chances from 0 to 100%, the first at the top, each with its chance."""
    from matplotlib.ticker import PercentFormatter

    ax.set_gid(gid)
    labels = [label for label, _ in items]
    ps = [float(p) * 100 for _, p in items]
    ys = list(range(len(items)))
    bars = ax.barh(ys, ps, color="#0072B2", height=0.65)
    ax.bar_label(bars, [percent(p) for _, p in items], fontsize=7.5, padding=2)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 130)  # room for the label of a bar at 100%
    ax.set_xticks([0, 25, 50, 75, 100])
    ax.xaxis.set_major_formatter(PercentFormatter(decimals=0))
    ax.tick_params(axis="x", labelsize=7.5)
    ax.set_title(title, loc="left", fontsize=9)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


# --- slope ----------------------------------------------------------------------------------


def _slope(chart: SlopeChart) -> Figure:
    from matplotlib.ticker import FixedLocator, MaxNLocator

    fig = _new_figure(10, 7.5)
    ax_m, ax_av = fig.subplots(2, 1, sharex=True, height_ratios=(1, 1.4))
    angles = [float(p.angle) for p in chart.curve]
    ax_m.plot(angles, [float(p.multiplier) for p in chart.curve], color="#0072B2", linewidth=1.8,
              label="the multiplier used: straight lines between the points, x6 beyond 80° (PA-10)")
    ta = [float(p.angle) for p in chart.table]
    tm = [float(p.multiplier) for p in chart.table]
    ax_m.plot(ta, tm, "o", color="#D55E00", markersize=7, label="the text's table (PA-10)", zorder=3)
    for a, mult in zip(ta, tm, strict=True):
        ax_m.annotate(f"x{mult:g}", (a, mult), textcoords="offset points",
                      xytext=(6, 7) if a == 0 else (-6, 7), ha="left" if a == 0 else "right",
                      fontsize=8)
    ax_m.set_ylabel("thickness multiplier")
    ax_m.set_ylim(0, 6.8)
    ax_m.legend(loc="upper left", fontsize=8, frameon=False)
    ax_m.grid(color="#eeeeee", linewidth=0.6)

    known = [p for p in chart.curve if p.av is not None]
    ax_av.plot([float(p.angle) for p in known], [p.av for p in known], drawstyle="steps-post",
               color="#009E73", linewidth=1.8, label="effective AV (the highest it reaches, PA-11)")
    ax_av.plot([float(p.angle) for p in chart.table if p.av is not None],
               [p.av for p in chart.table if p.av is not None], "o", color="#D55E00", markersize=6,
               zorder=3, label="at the table's angles")
    ax_av.set_ylabel("effective AV (personal scale)")
    ax_av.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax_mm = ax_av.twinx()
    ax_mm.plot(angles, [float(p.mm) for p in chart.curve], color="#CC79A7", linewidth=1.2,
               linestyle="--", label="effective thickness, mm of RHA")
    ax_mm.set_ylabel("effective thickness (mm of RHA)")
    ax_av.set_xlabel("angle of incidence (degrees from the plate's normal; a horizontal shot at a "
                     "plate sloped s° back meets it at s°)")
    ax_av.xaxis.set_major_locator(FixedLocator([0, 15, 30, 45, 60, 75, 80, 90]))
    ax_av.set_xlim(0, 90)
    ax_av.grid(color="#eeeeee", linewidth=0.6)
    handles = ax_av.get_legend_handles_labels()[0] + ax_mm.get_legend_handles_labels()[0]
    ax_av.legend(handles=handles, loc="upper left", fontsize=8, frameon=False)
    _finish(fig, chart)
    return fig


# --- the thickness curve (for the GM screen) ------------------------------------------------


def thickness_png() -> bytes:
    """The thickness curve (PA-11) as a PNG: AV against mm of RHA, the table's points marked."""
    _matplotlib()
    from matplotlib.ticker import FixedLocator, NullLocator

    from armourpen.penav.thickness import CURVE, POINTS

    with _pinned():
        fig = _new_figure(6.4, 4.0)
        ax = fig.add_subplot()
        ax.plot([float(mm) for _, mm in CURVE], [av for av, _ in CURVE], color="#0072B2",
                linewidth=1.5, label="the curve: straight lines between points, then +100 mm per 10 AV")
        ax.plot([float(mm) for _, mm in POINTS], [av for av, _ in POINTS], "o", color="#D55E00",
                markersize=3, label="the text's table points")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ticks = [1, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticks(ticks, [str(t) for t in ticks])
        yt = [3, 5, 10, 20, 50, 100, 200, 500, 1000]
        ax.yaxis.set_major_locator(FixedLocator(yt))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_yticks(yt, [str(t) for t in yt])
        ax.set_xlabel("mm of rolled homogeneous steel (log scale)")
        ax.set_ylabel(f"AV (personal scale; SAV = AV / {STRUCTURAL_FACTOR})")
        ax.grid(color="#dddddd", linewidth=0.6)
        ax.legend(loc="upper left", fontsize=7.5, frameon=False)
        ax.set_title("Thickness curve (PA-11)", fontsize=10)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=200, metadata=_METADATA["png"])
    return buf.getvalue()
