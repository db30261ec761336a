"""Charts are drawn with settings armourpen pins: names as typed (no math), the user's
matplotlibrc ignored, and the same bytes from many threads as from one."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from xml.sax.saxutils import escape

import armourpen
from armourpen.catalog import Catalog
from armourpen.charts import matrix_chart, odds_chart, render, slope_chart, svg
from armourpen.charts.model import Chart

MATH_NAMES = ("Ogre $x^2$", r"Troll $\frac{a}$", "Price $5 or $6")
"""A power, a formula matplotlib's math parser refuses, and an odd number of dollar signs."""


def _odds_of(names: tuple[str, ...]) -> Chart:
    line = [{"target": name, "hp": 12} for name in names]
    scenario = armourpen.load_scenario({"rules": "gurps", "attack": {"damage": "2d pi"},
                                        "line": line})
    return odds_chart(scenario)


def test_a_name_with_dollar_signs_is_drawn_as_the_literal_text() -> None:
    text = svg(_odds_of(MATH_NAMES))
    for name in MATH_NAMES:
        # as the start of a <text> element (the SVG's comments hold the raw text either way)
        assert ">" + escape(name) + ": reached" in text, name


def test_a_catalog_name_with_dollar_signs_is_drawn_as_the_literal_text(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[armour]]\nname = "Vest $x^2$"\nav = 12\n', encoding="utf-8")
    cat = Catalog.load([str(path)], user_dir=False)
    chart = matrix_chart(["7.62x51mm NATO"], ["Vest $x^2$"], band="long", catalog=cat)
    for fmt in ("png", "pdf"):
        assert render(chart, fmt)  # no math parser, so nothing to refuse
    assert ">" + escape("Vest $x^2$  (AV 12)") + "</text>" in svg(chart)


_DRAW = """
import hashlib, sys
import armourpen
from armourpen.charts import odds_chart, render, slope_chart
odds = odds_chart(armourpen.load_scenario("example:office-shootout"))
for chart in (odds, slope_chart(mm=60)):
    for fmt in ("svg", "png", "pdf"):
        sys.stdout.write(hashlib.sha256(render(chart, fmt)).hexdigest() + "\\n")
"""


def _drawn_in_subprocess(config: Path) -> list[str]:
    env = {**os.environ, "MPLCONFIGDIR": str(config)}
    done = subprocess.run([sys.executable, "-c", _DRAW], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_users_matplotlibrc_changes_no_byte_of_a_chart(tmp_path: Path) -> None:
    plain, styled = tmp_path / "plain", tmp_path / "styled"
    plain.mkdir()
    styled.mkdir()
    (styled / "matplotlibrc").write_text(
        "text.usetex: True\nfont.size: 30\naxes.facecolor: red\nlines.linewidth: 9\n"
        "svg.fonttype: path\nfont.family: serif\n", encoding="utf-8")
    expected = _drawn_in_subprocess(plain)
    assert len(expected) == 6
    assert _drawn_in_subprocess(styled) == expected


def test_charts_drawn_by_many_threads_at_once_have_the_bytes_of_one_thread() -> None:
    charts = [slope_chart(mm=60), slope_chart(av=30), _odds_of(("Guard", "Clerk"))]
    jobs = [(chart, fmt) for chart in charts for fmt in ("svg", "png")] * 4
    alone = [render(chart, fmt) for chart, fmt in jobs]
    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(lambda job: render(*job), jobs))
    assert together == alone
