"""The GM screen: seconds to build the full-catalog PDF (every attack x every armour item x all 11
bands), against printing the same sweep as the Markdown charts of ``armourpen table``, in this
process (the machine is shared and noisy, so the ratio is what counts). Prints `name: value` lines.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleaved, line

from armourpen.catalog import AttackProfile, Catalog
from armourpen.charts.screen import screen_pages, screen_pdf
from armourpen.cli.table_cmd import render_markdown
from armourpen.grid import Defence, sweep


def main() -> None:
    catalog = Catalog.load(user_dir=False)
    attacks = [a for a in catalog.items("attack") if isinstance(a, AttackProfile)]
    armour = [Defence.from_names([a.name], catalog) for a in catalog.items("armour")]
    res = sweep(attacks, armour, catalog=catalog)
    pdf = screen_pdf(res)
    line("screen_pages", str(len(screen_pages(res)) + 1))
    line("screen_bytes", str(len(pdf)))
    times = interleaved({
        "pdf": lambda: screen_pdf(sweep(attacks, armour, catalog=catalog)),
        "markdown": lambda: render_markdown(sweep(attacks, armour, catalog=catalog)),
    }, rounds=3, min_time=0.5)
    line("screen_full_catalog_s", f"{times['pdf']:.2f}")
    line("markdown_full_catalog_s", f"{times['markdown']:.3f}")
    line("screen_vs_markdown", f"{times['pdf'] / times['markdown']:.0f}x")


if __name__ == "__main__":
    main()
