"""The GM screen PDF: a page per AV met (PA-2), bands in m and yd (PA-3), the thickness page."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from armourpen.catalog import Catalog
from armourpen.charts import screen_pdf
from armourpen.charts.screen import screen_pages
from armourpen.errors import InputError
from armourpen.grid import sweep
from armourpen.penav.penetration import Result

NATO = "7.62x51mm NATO"


def _text(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def test_pa2_one_page_per_av_with_the_defences_that_meet_it(catalog: Catalog) -> None:
    res = sweep([NATO, "9mm Parabellum pistol", "Punch"],
                ["NIJ Type III", "Russian Class 3", "NIJ Type IV"], catalog=catalog)
    pages = screen_pages(res)
    assert [(p.av, p.defences) for p in pages] == [
        (6, ("NIJ Type III", "Russian Class 3")), (9, ("NIJ Type IV",))]
    av6 = pages[0]
    # NATO changes with range against AV 6; the pistol (PEN 4) and the punch never get through.
    assert [r.attack for r in av6.rows] == [NATO]
    assert av6.rows[0].results == (Result.PENETRATED,) * 6 + (Result.PENETRATED_REDUCED,) + \
        (Result.STOPPED,) * 4
    assert av6.uniform == ((Result.STOPPED, ("9mm Parabellum pistol", "Punch")),)


@pytest.mark.parametrize(("paper", "size"), [("a4", (842, 595)), ("letter", (792, 612))])
def test_pdf_reads_back_with_its_pages_and_text(catalog: Catalog, paper: str,
                                                size: tuple[int, int]) -> None:
    res = sweep([NATO, "9mm Parabellum pistol"], ["NIJ Type III", "NIJ Type IV"],
                directions=["front"], catalog=catalog)
    pdf = screen_pdf(res, paper)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 3  # AV 6, AV 9, the thickness page
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    first, second, last = _text(pdf)
    assert "AV 6" in first and "NIJ Type III" in first and NATO in first
    # PA-3: the table gives metres and yards the same numbers
    assert re.search(r"100–200\s*m/yd", first) and re.search(r"1600–3200\s*m/yd", first)
    assert "✓" in first and "≈" in first and "·" in first
    assert "AV 9" in second and "NIJ Type IV" in second
    assert "Thickness curve (PA-11)" in last and "1700" in last and "x1.2" in last


def test_pa9_screen_names_the_direction_when_several(catalog: Catalog) -> None:
    res = sweep([NATO], ["Sandbag wall, single layer + US PASGT vest"],
                directions=["front", "above"], catalog=catalog)
    pages = screen_pages(res)
    # From above the wall gives nothing: the vest alone, AV 5; from the front 6 + 1 = 7.
    assert [(p.av, p.defences) for p in pages] == [
        (5, ("Sandbag wall, single layer + US PASGT vest (from above)",)),
        (7, ("Sandbag wall, single layer + US PASGT vest (from front)",))]


def test_screen_refuses_unknown_paper(catalog: Catalog) -> None:
    res = sweep([NATO], ["NIJ Type III"], catalog=catalog)
    with pytest.raises(InputError, match="allowed: a4, letter"):
        screen_pdf(res, "a3")
