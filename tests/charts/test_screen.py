"""The GM screen PDF: a section per AV met, or per run of AVs with the same table (PA-2), bands in
m and yd (PA-3), the thickness page."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from armourpen.catalog import Catalog
from armourpen.charts import screen_pdf
from armourpen.charts.screen import screen_pages
from armourpen.errors import InputError
from armourpen.penav.grid import sweep
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
    assert len(reader.pages) == 2  # AV 6 and AV 9 on one page, the thickness page
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    first, last = _text(pdf)
    assert "AV 6" in first and "NIJ Type III" in first and NATO in first
    # PA-3: the table gives metres and yards the same numbers
    assert re.search(r"100–200\s*m/yd", first) and re.search(r"1600–3200\s*m/yd", first)
    assert "✓" in first and "≈" in first and "·" in first
    assert first.index("AV 9") > first.index("AV 6") and "NIJ Type IV" in first
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


def test_pa2_avs_whose_tables_are_the_same_share_a_section(catalog: Catalog) -> None:
    # The pistol (PEN 4) and the punch get through neither AV 6 nor AV 9 at any band: one table
    res = sweep(["9mm Parabellum pistol", "Punch"],
                ["NIJ Type III", "Russian Class 3", "NIJ Type IV"], catalog=catalog)
    (page,) = screen_pages(res)
    assert (page.av, page.av_top, page.title) == (6, 9, "AV 6–9")
    assert page.defences == ("NIJ Type III (AV 6)", "Russian Class 3 (AV 6)", "NIJ Type IV (AV 9)")
    assert page.rows == () and page.uniform == (
        (Result.STOPPED, ("9mm Parabellum pistol", "Punch")),)
    text = _text(screen_pdf(res))[0]
    # Punch reaches Contact only (melee, PA-3): named with its reach, never hidden in the rest
    assert "AV 6–9" in text and "Punch (Contact only), all the other attacks (1)" in text


def _baseline(page: object, start: str, *, exact: bool = False) -> list[float]:
    """The heights (PDF points from the bottom) of the lines of text that begin with ``start``
    (or, ``exact``, that are ``start``)."""
    found: list[float] = []

    def seen(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        said = text.strip()
        if said == start if exact else said.startswith(start):
            found.append(cm[5] + tm[5])

    page.extract_text(visitor_text=seen)  # type: ignore[attr-defined]
    return found


def test_pa2_the_whole_catalog_fits_a_gm_screen(catalog: Catalog) -> None:
    attacks = [a.name for a in catalog.items("attack")]
    res = sweep(attacks, [a.name for a in catalog.items("armour")], catalog=catalog)
    pages = screen_pages(res)
    met = sorted({int(av) for av in res.av.flatten()})
    # every AV met falls in exactly one section, and the sections rise
    spans = [(p.av, p.av if p.av_top is None else p.av_top) for p in pages]
    assert [av for av in met for lo, hi in spans if lo <= av <= hi] == met
    assert spans == sorted(spans)
    assert len(pages) < len(met)
    # the best PEN of the catalog does not reach AV 140 (the 100mm APFSDS's -4 at AV 130): every
    # AV met from 140 to the top plate's 350 stops everything, one section
    top = pages[-1]
    assert (top.av, top.av_top, top.rows) == (140, 350, ())
    assert top.uniform == ((Result.STOPPED, tuple(attacks)),)

    reader = PdfReader(io.BytesIO(screen_pdf(res)))
    assert len(reader.pages) < 20
    texts = [p.extract_text() for p in reader.pages]
    footer = "armourpen GM screen. Rulings"
    for number, text in enumerate(texts, start=1):  # no page holds the footer alone
        body = text.replace(footer, "").split("\n")
        assert len([line for line in body if line.strip()]) > 5, number
    every = "\n".join(texts)
    # 13 attacks stop short (PA-3): 7 melee at Contact, birdshot x2 and rock salt, buckshot x2,
    # grenade splinters; each is named with its reach, the other 54 are "the rest"
    assert "AV 140–350 (SAV 28–70)" in every
    assert f"all the other attacks ({len(attacks) - 13})" in every
    assert "Punch (Contact only)" in every and "#4 to #12 birdshot (to Medium)" in every
    assert "Thickness curve (PA-11)" in texts[-1]


def test_pa10_the_slope_text_stands_clear_of_its_table(catalog: Catalog) -> None:
    res = sweep([NATO], ["NIJ Type III"], catalog=catalog)
    last = PdfReader(io.BytesIO(screen_pdf(res))).pages[-1]
    (said,) = _baseline(last, "between the rows; composite armour")  # the text's last line
    (head,) = _baseline(last, "from vertical")  # the table's header row
    # 7.5-point text: a table row holds the header's letters and their padding, so the text's last
    # baseline stands more than two lines above the header's, or its letters touch the table's top
    assert said - head > 2 * 7.5
    (curve_said,) = _baseline(last, "Linear between points")
    # the curve's lowest row (AV 30 in the first block, 70 mm of RHA)
    assert min(_baseline(last, "70", exact=True)) - curve_said > 2 * 7.5


def test_pa3_an_attack_past_its_reach_shows_a_dash(catalog: Catalog) -> None:
    """Against NIJ Type I (AV 2): the #00 buckshot (PEN 4, no range column, catalog reach Long)
    penetrates at every band it reaches and is named with its reach; a handgun-column profile of
    PEN 3 that reaches to Long is PEN 3 > 2 to Medium, 3 - 1 = 2 = AV at Long (PA-4), then –."""
    from armourpen.catalog import AttackProfile, RangeColumn

    sling = AttackProfile("Sling stone", 3, RangeColumn.HANDGUN, reach="long")
    res = sweep(["#00 to #0000 buckshot", sling], ["NIJ Type I"], catalog=catalog)
    (page,) = screen_pages(res)
    (row,) = page.rows
    assert row.results == (Result.PENETRATED,) * 5 + (Result.PENETRATED_REDUCED,) + (None,) * 5
    assert page.uniform == ((Result.PENETRATED, ("#00 to #0000 buckshot",)),)
    text = _text(screen_pdf(res))[0]
    assert "#00 to #0000 buckshot (to Long)" in text and "–" in text
    assert "– out of reach" in text and "melee reaches Contact only" in text
