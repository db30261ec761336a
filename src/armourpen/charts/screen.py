"""The printable GM screen: a PDF (reportlab) of which attacks defeat which armour at each band.

One section per AV met: the defences that meet every attack alike, the same layered AV from the
same direction, since the outcome depends on nothing else (PA-2); AVs met one after another whose
tables are the same share one section ("AV 140–350"), for an AV between gives that table too (a
higher AV never lets more through). Each section is a table of attacks x range bands with the
outcome symbols, the band distances heading the columns in m and yd alike (the range table gives
both the same numbers, PA-3). Attacks whose outcome is the same at every band are named under the
table instead of taking a row each, so that a table holds the rows that change with range. The
sections follow each other down the pages (a section is not split where it fits on a page); the
last page holds the thickness curve (PA-11) and the slope table (PA-10).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.errors import InputError
from armourpen.explain import Ruling
from armourpen.penav.penetration import Result
from armourpen.penav.ranges import Band
from armourpen.penav.scale import structural_number

if TYPE_CHECKING:
    from armourpen.penav.sweep_result import SweepResult

PAPERS: tuple[str, ...] = ("a4", "letter")
_FONT = "DejaVuSans"  # the symbols ✓ ≈ · need a font that has them
_FONT_BOLD = "DejaVuSans-Bold"
_TINTS: dict[Result, str] = {  # light tints of the charts' outcome colours, for printing
    Result.PENETRATED: "#F6C8AC",
    Result.PENETRATED_REDUCED: "#FBF5B5",
    Result.STOPPED: "#C4E8DC",
}
_UNREACHED_TINT = "#FFFFFF"  # a band past the attack's reach (PA-3): left blank but for its –
_COLUMN = {"handgun": "H", "rifle": "R", "none": "–"}
RULINGS = (Ruling.PA_1, Ruling.PA_2, Ruling.PA_3, Ruling.PA_4,
           Ruling.PA_6, Ruling.PA_7, Ruling.PA_9, Ruling.PA_10, Ruling.PA_11)


@dataclass(frozen=True, slots=True)
class ScreenRow:
    """One attack on a page: its base PEN and range column, and its outcome at each band."""

    attack: str
    pen: int
    structural: bool
    range_column: str
    results: tuple[Result | None, ...]  # None: past the attack's reach (PA-3)


@dataclass(frozen=True, slots=True)
class ScreenPage:
    """A section of the screen: the defences that meet every attack at one AV, or at AVs from
    ``av`` to ``av_top`` whose tables are the same, and what each attack does at each band."""

    av: int
    structural: bool
    defences: tuple[str, ...]  # named with their AV where the section spans several
    bands: tuple[Band, ...]
    rows: tuple[ScreenRow, ...]  # attacks whose outcome changes with the band
    uniform: tuple[tuple[Result, tuple[str, ...]], ...]  # the others, by their one outcome at
    # every band they reach; one that does not reach every band is named with its reach
    av_top: int | None = None  # the section's highest AV, when it spans several
    reaches: tuple[tuple[str, str], ...] = ()  # uniform attacks that stop short: how far each goes

    @property
    def title(self) -> str:
        top = self.av if self.av_top is None else self.av_top
        span = f"{self.av}" if top == self.av else f"{self.av}–{top}"
        if not self.structural:
            return f"AV {span}"
        sav = (f"{structural_number(self.av)}" if top == self.av
               else f"{structural_number(self.av)}–{structural_number(top)}")
        return f"AV {span} (SAV {sav})"


def screen_pages(res: SweepResult) -> tuple[ScreenPage, ...]:
    """The screen's pages of a sweep: one per AV met, ascending; each direction of a defence counts."""
    from armourpen.penav.sweep_result import CODE_RESULTS, OUT_OF_REACH

    _sweep_result(res)

    groups: dict[int, list[tuple[int, int]]] = {}
    for j in range(len(res.defences)):
        for l in range(len(res.directions)):  # noqa: E741
            groups.setdefault(int(res.av[j, l]), []).append((j, l))
    several = len(res.directions) > 1
    pages: list[ScreenPage] = []
    for av, members in sorted(groups.items()):
        j0, l0 = members[0]
        codes = res.outcome[:, j0, :, l0].tolist()
        rows: list[ScreenRow] = []
        uniform: dict[Result, list[str]] = {}
        reaches: dict[str, str] = {}
        for i, a in enumerate(res.attacks):
            results = tuple(None if c == OUT_OF_REACH else CODE_RESULTS[c] for c in codes[i])
            met = {r for r in results if r is not None}
            if len(met) == 1:
                (only,) = met
                short = None in results
                uniform.setdefault(only, []).append(a.name)
                if short:
                    reaches[a.name] = _reach(res, i)
            else:
                rows.append(ScreenRow(a.name, a.pen, a.structural, a.range_column.value, results))
        names = tuple(
            res.defences[j].name + (f" (from {res.directions[d].value})" if several else "")
            for j, d in members
        )
        page = ScreenPage(
            av, any(res.defences[j].structural for j, _ in members), names, res.bands, tuple(rows),
            tuple((r, tuple(uniform[r])) for r in (Result.PENETRATED, Result.PENETRATED_REDUCED,
                                                    Result.STOPPED) if r in uniform),
            reaches=tuple(reaches.items()),
        )
        last = pages[-1] if pages else None
        if last is not None and (last.rows, last.uniform, last.reaches) == (
                page.rows, page.uniform, page.reaches):
            pages[-1] = _joined(last, page)
        else:
            pages.append(page)
    return tuple(pages)


def _reach(res: SweepResult, i: int) -> str:
    """How far attack ``i`` reaches, among the sweep's bands: ``Contact only``, ``to Medium``."""
    reached = [b for k, b in enumerate(res.bands) if res.reached[i, k]]
    if len(reached) == 1:
        return f"{reached[0].label} only"
    return f"to {reached[-1].label}" if reached else "out of reach"


def _joined(low: ScreenPage, high: ScreenPage) -> ScreenPage:
    """One section for two AVs whose tables are the same; each defence named with its AV."""
    def named(page: ScreenPage) -> tuple[str, ...]:
        if page.av_top is not None:
            return page.defences  # named so already
        return tuple(f"{name} (AV {page.av})" for name in page.defences)

    return ScreenPage(low.av, low.structural or high.structural, named(low) + named(high),
                      low.bands, low.rows, low.uniform, av_top=high.av, reaches=low.reaches)


def screen_pdf(res: SweepResult, paper: str = "a4", *, field: str = "paper") -> bytes:
    """The GM screen of a sweep over bands as PDF bytes: landscape A4 or Letter."""
    from reportlab.lib.pagesizes import A4, landscape, letter
    from reportlab.lib.units import mm
    from reportlab.platypus import KeepTogether, PageBreak, SimpleDocTemplate, Spacer

    from armourpen import arguments

    _sweep_result(res)
    field = arguments.text("field", field)
    paper = arguments.text(field, paper, "a paper size (a str): " + ", ".join(PAPERS))
    key = paper.strip().lower()
    if key not in PAPERS:
        raise InputError(field, paper, "allowed: " + ", ".join(PAPERS))
    if any(d is not None for d in res.distances):
        raise InputError(field, "distances", "the screen is drawn over range bands")
    _register_fonts()
    size = landscape(A4 if key == "a4" else letter)
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=12 * mm, rightMargin=12 * mm,
                            topMargin=10 * mm, bottomMargin=12 * mm, title="armourpen GM screen",
                            author="armourpen", subject="PEN/AV outcomes by range band",
                            creator="armourpen", invariant=True)
    styles = _styles()
    story: list[Any] = []
    for page in screen_pages(res):
        # a section starts a new page only where the rest of the page cannot hold it
        story.append(KeepTogether(_page(page, res, styles, doc.width)))
        story.append(Spacer(0, 5 * mm))
    story.append(PageBreak())
    story.extend(_thickness_page(styles, doc.width))

    def footer(canvas: Any, d: Any) -> None:
        canvas.saveState()
        canvas.setFont(_FONT, 7)
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.drawString(d.leftMargin, 7.5 * mm, "✓ penetrates (PEN > AV)   ≈ penetrates, wound "
                          "roll -4 (PEN = AV)   · stopped (PEN < AV)   – out of reach   PEN: the "
                          "profile's base PEN (SPEN in brackets)   col.: range column, "
                          "H Handgun/SMG, R Rifle/MG, – none")
        canvas.drawString(d.leftMargin, 4.5 * mm, "armourpen GM screen. Rulings: "
                          + ", ".join(RULINGS) + ".   Out of reach: melee reaches Contact only; "
                          "shot and splinters as far as the catalog gives (armourpen catalog show)")
        canvas.drawRightString(size[0] - d.rightMargin, 6 * mm, f"page {d.page}")
        canvas.restoreState()

    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


def _sweep_result(res: object) -> None:
    from armourpen import arguments
    from armourpen.penav.sweep_result import SweepResult

    arguments.instance("res", res, SweepResult, "a SweepResult, as armourpen.sweep or "
                       "armourpen.table return it")


def _register_fonts() -> None:
    """DejaVu Sans, as shipped inside matplotlib (the same extra): no system font is needed."""
    import importlib.util
    from pathlib import Path

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if _FONT in pdfmetrics.getRegisteredFontNames():
        return
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("matplotlib (the charts extra) provides the screen's font")
    ttf = Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"
    pdfmetrics.registerFont(TTFont(_FONT, str(ttf / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(_FONT_BOLD, str(ttf / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(_FONT, normal=_FONT, bold=_FONT_BOLD, italic=_FONT,
                                  boldItalic=_FONT_BOLD)


def _styles() -> dict[str, Any]:
    from reportlab.lib.styles import ParagraphStyle

    return {
        "title": ParagraphStyle("title", fontName=_FONT_BOLD, fontSize=14, leading=17,
                                spaceAfter=2),
        "sub": ParagraphStyle("sub", fontName=_FONT, fontSize=8.5, leading=10.5, spaceAfter=4),
        "cell": ParagraphStyle("cell", fontName=_FONT, fontSize=8, leading=9),
        "head": ParagraphStyle("head", fontName=_FONT, fontSize=7.5, leading=8.5, alignment=1),
        "small": ParagraphStyle("small", fontName=_FONT, fontSize=7.5, leading=8.8, spaceBefore=2),
    }


def _esc(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


def _band_header(band: Band) -> str:
    from armourpen.charts.pen_range import SPANS

    if band not in SPANS:
        return f"<b>{band.label}</b><br/>touching"
    lo, hi = SPANS[band]
    return f"<b>{band.label}</b><br/>{lo}–{hi}<br/>m/yd"


def _page(page: ScreenPage, res: SweepResult, styles: dict[str, Any], width: float) -> list[Any]:
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Table, TableStyle

    from armourpen.penav.sweep_result import OUT_OF_REACH_SYMBOL, SYMBOLS

    out: list[Any] = [
        Paragraph(_esc(page.title) + _esc(f" — attacks from {', '.join(d.value for d in res.directions)}"),
                  styles["title"]),
        Paragraph(_esc("; ".join(page.defences)), styles["sub"]),
    ]
    head = [Paragraph("<b>attack</b>", styles["cell"]), Paragraph("<b>PEN</b>", styles["cell"]),
            Paragraph("<b>col.</b>", styles["cell"])]
    head += [Paragraph(_band_header(b), styles["head"]) for b in page.bands]
    data: list[list[Any]] = [head]
    style: list[Any] = [
        ("FONT", (0, 0), (-1, -1), _FONT, 8),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EEEEEE")),
        ("TOPPADDING", (0, 1), (-1, -1), 0.6),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 1.6),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
    ]
    for r, row in enumerate(page.rows, start=1):
        pen = f"{row.pen}" + (f" ({structural_number(row.pen)})" if row.structural else "")
        data.append([Paragraph(_esc(row.attack), styles["cell"]), pen, _COLUMN[row.range_column],
                     *(OUT_OF_REACH_SYMBOL if x is None else SYMBOLS[x] for x in row.results)])
        for k, x in enumerate(row.results):
            tint = _UNREACHED_TINT if x is None else _TINTS[x]
            style.append(("BACKGROUND", (3 + k, r), (3 + k, r), colors.HexColor(tint)))
    name_w, pen_w, col_w = 0.19 * width, 0.045 * width, 0.03 * width
    band_w = (width - name_w - pen_w - col_w) / len(page.bands)
    col_widths = [name_w, pen_w, col_w] + [band_w] * len(page.bands)
    if page.rows:
        table = Table(data, colWidths=col_widths, repeatRows=1)
        table.setStyle(TableStyle(style))
        out.append(table)
    labels = {Result.PENETRATED: "✓ penetrates at every band it reaches",
              Result.PENETRATED_REDUCED: "≈ penetrates with -4 at every band it reaches",
              Result.STOPPED: "· stopped at every band it reaches"}
    # The longest list is named as the rest, so that the short ones stand out: an attack not in
    # the table nor in a short list is one of the rest
    rest = max(page.uniform, key=lambda group: len(group[1]), default=None)
    reaches = dict(page.reaches)
    for result, names in page.uniform:
        # an attack that stops short is named with how far it reaches, never hidden in the rest
        short = [f"{n} ({reaches[n]})" for n in names if n in reaches]
        full = [n for n in names if n not in reaches]
        if (result, names) == rest and full and (len(page.uniform) > 1 or page.rows or short):
            listed = _esc(", ".join([*short, f"all the other attacks ({len(full)})"]))
        elif (result, names) == rest and full:
            listed = f"every attack ({len(full)})"
        else:
            listed = _esc(", ".join(short + full))
        out.append(Paragraph(f"<b>{labels[result]}:</b> " + listed, styles["small"]))
    return out


def _thickness_page(styles: dict[str, Any], width: float) -> list[Any]:
    from reportlab.lib import colors
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, Paragraph, Spacer, Table, TableStyle

    from armourpen.charts.draw import thickness_png
    from armourpen.penav.slope import SLOPE_TABLE
    from armourpen.penav.thickness import MAX_AV, MAX_MM, POINTS, fmt_mm

    grid_style = TableStyle([
        ("FONT", (0, 0), (-1, -1), _FONT, 7.5),
        ("FONT", (0, 0), (-1, 0), _FONT_BOLD, 7.5),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#999999")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EEEEEE")),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
    ])
    per_block = -(-len(POINTS) // 3)
    blocks = []
    for b in range(3):
        rows: list[list[str]] = [["AV", "SAV", "mm RHA"]]
        for av, thick in POINTS[b * per_block:(b + 1) * per_block]:
            rows.append([str(av), f"{structural_number(av)}", fmt_mm(thick)])
        t = Table(rows)
        t.setStyle(grid_style)
        blocks.append(t)
    curve = Table([blocks], hAlign="LEFT")
    curve.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    slope_rows: list[list[str]] = [["from vertical", "from horizontal", "effective thickness"]]
    for angle, mult in SLOPE_TABLE[1:]:  # the text writes 0°-15° as one row
        shown, other = ("0°–15°", "90°–75°") if angle == 15 else (f"{angle}°", f"{90 - angle}°")
        slope_rows.append([shown, other, f"x{float(mult):g}"])
    slope_rows.append(["beyond 80°", "below 10°", "x6"])
    slope = Table(slope_rows, hAlign="LEFT")
    slope.setStyle(grid_style)
    image = Image(io.BytesIO(thickness_png()), width=width * 0.5, height=width * 0.5 * 0.62)
    gap = Spacer(0, 2.5 * mm)  # between a table and the text about it, which must not touch
    left = [Paragraph("Thickness curve (PA-11): AV by mm of rolled homogeneous steel", styles["sub"]),
            curve, gap,
            Paragraph(f"Linear between points; past AV 350, +100 mm per 10 AV up to AV {MAX_AV} "
                      f"({fmt_mm(MAX_MM)} mm). A thickness gives the highest AV it reaches.",
                      styles["small"])]
    right = [image,
             Paragraph("Sloped armour (PA-10): multiply the actual thickness, then read the AV off "
                       "the curve. Straight lines between the rows; composite armour x1 at every "
                       "angle; at 90° or more the face is not hit.", styles["small"]),
             gap, slope]
    both = Table([[left, right]], colWidths=[width * 0.48, width * 0.52])
    both.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return [Paragraph("Armour thickness and slope", styles["title"]), both]
