"""Every chart kind draws as PNG, SVG and PDF; the SVG keeps its text as text, names included."""

from __future__ import annotations

from xml.sax.saxutils import escape

import pytest

import armourpen
from armourpen.catalog import Catalog
from armourpen.charts import (
    matrix_chart,
    odds_chart,
    pen_range_chart,
    render,
    slope_chart,
    svg,
)
from armourpen.charts.model import Chart
from armourpen.errors import ArgumentValueError

NATO = "7.62x51mm NATO"
WALL_VEST = "Sandbag wall, single layer + US PASGT vest"


def _charts(catalog: Catalog) -> dict[str, tuple[Chart, list[str]]]:
    """Each kind, with the names its picture must show."""
    return {
        "pen-range": (pen_range_chart([NATO, "9mm Parabellum pistol"], [WALL_VEST, "NIJ Type III"],
                                      catalog=catalog),
                      [NATO, "9mm Parabellum pistol", WALL_VEST, "NIJ Type III", "Medium",
                       "PA-3"]),
        "matrix": (matrix_chart([NATO, ".50 BMG ball"], ["NIJ Type III", "120mm RHA"], band="far",
                                catalog=catalog),
                   [NATO, ".50 BMG ball", "NIJ Type III", "120mm RHA", "SAV 12", "PA-2"]),
        "odds": (odds_chart(armourpen.load_scenario("example:office-shootout", catalog)),
                 ["Guard", "Clerk", "Bystander", "GU-7"]),
        "slope": (slope_chart(mm=60), ["60 mm RHA", "PA-10", "x1.2"]),
    }


@pytest.mark.parametrize("kind", ["pen-range", "matrix", "odds", "slope"])
def test_every_kind_renders_png_svg_and_pdf(kind: str, catalog: Catalog) -> None:
    chart, names = _charts(catalog)[kind]
    assert chart.kind == kind
    assert render(chart, "png").startswith(b"\x89PNG\r\n\x1a\n")
    assert render(chart, "pdf").startswith(b"%PDF")
    text = svg(chart)
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert "<text" in text  # svg.fonttype = none: labels are text, not glyph outlines
    for name in names:
        assert escape(name) in text, name
    assert chart.title.split(" (")[0].split(":")[0] in text


def test_svg_is_the_same_for_the_same_chart() -> None:
    chart = slope_chart(av=30)
    assert svg(chart) == svg(chart)


def test_render_refuses_an_unknown_format() -> None:
    with pytest.raises(ArgumentValueError, match=r"fmt: 'gif' .*allowed: png, svg, pdf"):
        render(slope_chart(av=30), "gif")
