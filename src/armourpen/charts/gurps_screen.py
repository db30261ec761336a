"""The GM screen's GURPS page: typical weapons against typical DR (``screen --rules gurps``).

Each cell is one hit on the torso of a person of HP 10 (the average human) behind that DR, over
every roll of the dice, by the exact odds (``armourpen.odds``): the expected injury (GU-2 to GU-4)
and the chance of a major wound, injury over HP/2 from one hit (GU-12). The DR is rigid (no blunt
trauma, GU-9) and meets the weapon's own armour divisor (GU-3).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from armourpen.explain import Ruling

HP = 10
# typical weapons, by their damage (GU-1) and a plain word for what deals it
WEAPONS: tuple[tuple[str, str], ...] = (
    ("1d+1 pi-", "small handgun"),
    ("2d pi", "service handgun"),
    ("2d+2 pi+", "heavy handgun"),
    ("4d+2 pi", "carbine"),
    ("5d pi", "assault rifle"),
    ("7d pi", "battle rifle"),
    ("7d(2) pi", "battle rifle, AP"),
    ("6d+2(3) pi", "heavy machine gun, AP"),
    ("2d+1 cut", "sword swing"),
    ("1d+3 imp", "spear thrust"),
    ("2d cr", "club swing"),
)
# typical DR, with what wears or is it
DRS: tuple[tuple[int, str], ...] = (
    (0, "clothes"),
    (2, "leather"),
    (4, "mail"),
    (8, "light vest"),
    (12, "heavy vest"),
    (20, "vest and plate"),
    (35, "light vehicle"),
)
RULINGS = (Ruling.GU_1, Ruling.GU_2, Ruling.GU_3, Ruling.GU_4, Ruling.GU_12)


@dataclass(frozen=True, slots=True)
class GurpsCell:
    """One weapon against one DR: the expected injury and the chance of a major wound."""

    expected_injury: Fraction
    p_major_wound: Fraction

    def text(self) -> str:
        percent = self.p_major_wound * 100
        if percent in (0, 100):
            shown = f"{percent}"
        elif percent < 1 or percent > 99:  # never a round 0 or 100 that is not so
            shown = "<1" if percent < 1 else ">99"
        else:
            shown = f"{round(percent)}"
        return f"{float(self.expected_injury):.1f} · {shown}%"


def gurps_cells(weapons: tuple[tuple[str, str], ...] = WEAPONS,
                drs: tuple[tuple[int, str], ...] = DRS) -> tuple[tuple[GurpsCell, ...], ...]:
    """Every weapon (rows) against every DR (columns), by the exact odds."""
    import armourpen

    rows = []
    for damage, _ in weapons:
        row = []
        for dr, _ in drs:
            scenario = armourpen.load_scenario({
                "rules": "gurps", "attack": {"damage": damage},
                "line": [{"target": "person", "hp": HP, "dr": dr}]})
            t = armourpen.odds(scenario).to_dict()["targets"][0]
            row.append(GurpsCell(Fraction(t["expected_injury_exact"]),
                                 Fraction(t["p_major_wound"])))
        rows.append(tuple(row))
    return tuple(rows)


def gurps_story(styles: dict[str, Any], width: float, font: str) -> list[Any]:
    """The page's flowables: its title, the table, and how to read it."""
    from xml.sax.saxutils import escape

    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Table, TableStyle

    cells = gurps_cells()
    head = [Paragraph("<b>weapon</b>", styles["cell"])]
    head += [Paragraph(f"<b>DR {dr}</b><br/>{escape(what)}", styles["head"]) for dr, what in DRS]
    data: list[list[Any]] = [head]
    style: list[Any] = [
        ("FONT", (0, 0), (-1, -1), font, 8),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (1, 1), (-1, -1), "CENTER"),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EEEEEE")),
    ]
    for r, ((damage, what), row) in enumerate(zip(WEAPONS, cells, strict=True), start=1):
        data.append([Paragraph(f"<b>{escape(damage)}</b> {escape(what)}", styles["cell"]),
                     *(c.text() for c in row)])
        for k, c in enumerate(row, start=1):
            if c.p_major_wound >= Fraction(1, 2):
                tint = "#F6C8AC"
            elif c.p_major_wound > 0:
                tint = "#FBF5B5"
            else:
                tint = "#C4E8DC" if c.expected_injury < 1 else "#FFFFFF"
            style.append(("BACKGROUND", (k, r), (k, r), colors.HexColor(tint)))
    name_w = 0.24 * width
    table = Table(data, colWidths=[name_w] + [(width - name_w) / len(DRS)] * len(DRS),
                  repeatRows=1)
    table.setStyle(TableStyle(style))
    return [
        Paragraph("GURPS: typical weapons against typical DR", styles["title"]),
        Paragraph(escape(f"One hit on the torso of a person of HP {HP}, over every roll of the "
                         "dice: expected injury · chance of a major wound (injury over HP/2 from "
                         "one hit, GU-12)."), styles["sub"]),
        table,
        Paragraph(escape("Rigid DR (no blunt trauma), the weapon's own armour divisor (GU-3), "
                         "torso wounding modifiers (GU-4). Red: a major wound at least one time "
                         "in two; yellow: possible; green: under 1 injury on average. "
                         f"Rulings: {', '.join(RULINGS)}. Any other case: armourpen odds."),
                  styles["small"]),
    ]


def gurps_screen_pdf(paper: str = "a4") -> bytes:
    """The GURPS page as a PDF of its own (``screen --rules gurps``)."""
    from reportlab.lib.pagesizes import A4, landscape, letter
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    from armourpen.charts.screen import _FONT, _register_fonts, _styles

    _register_fonts()
    size = landscape(A4 if paper == "a4" else letter)
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=12 * mm, rightMargin=12 * mm,
                            topMargin=10 * mm, bottomMargin=12 * mm,
                            title="armourpen GM screen: GURPS", author="armourpen",
                            subject="GURPS injury by weapon and DR", creator="armourpen",
                            invariant=True)
    doc.build(gurps_story(_styles(), doc.width, _FONT))
    return buf.getvalue()
