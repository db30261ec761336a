"""The GM screen: seconds to build the full-catalog PDF (every attack x every armour item x all 11
bands), against printing the same sweep as the Markdown charts of ``armourpen table``, in this
process (the machine is shared and noisy, so the ratio is what counts). Prints `name: value` lines.

    python bench/screen.py [--rounds 3] [--min-time 0.5] [--items N]

``--items N`` takes the first N attacks and N armour items only (a quick check that it runs).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleaved, line

from armourpen.catalog import AttackProfile, Catalog
from armourpen.charts.screen import screen_pages, screen_pdf
from armourpen.cli.table_cmd import render_markdown
from armourpen.penav.defences import Defence
from armourpen.penav.grid import sweep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=0.5, help="seconds per round and call")
    parser.add_argument("--items", type=int, default=None, help="the first N attacks and armour")
    args = parser.parse_args()
    catalog = Catalog.load(user_dir=False)
    attacks = [a for a in catalog.items("attack") if isinstance(a, AttackProfile)][:args.items]
    armour = [Defence.from_names([a.name], catalog) for a in catalog.items("armour")][:args.items]
    res = sweep(attacks, armour, catalog=catalog)
    pdf = screen_pdf(res)
    line("screen_pages", str(len(screen_pages(res)) + 1))
    line("screen_bytes", str(len(pdf)))
    times = interleaved({
        "pdf": lambda: screen_pdf(sweep(attacks, armour, catalog=catalog)),
        "markdown": lambda: render_markdown(sweep(attacks, armour, catalog=catalog)),
    }, rounds=args.rounds, min_time=args.min_time)
    line("screen_full_catalog_s", f"{times['pdf']:.2f}")
    line("markdown_full_catalog_s", f"{times['markdown']:.3f}")
    line("screen_vs_markdown", f"{times['pdf'] / times['markdown']:.0f}x")


if __name__ == "__main__":
    main()
