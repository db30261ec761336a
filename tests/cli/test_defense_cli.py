"""Issue 32 on the CLI: ``catalog list shields`` (GU-25), the quick flags ``--defense`` and
``--shield`` (GU-24, GU-25). Every figure is worked by hand from the rulings named."""

from __future__ import annotations

import json

import pytest
from cli.cli_helpers import cli


def test_gu25_catalog_list_shields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "catalog", "list", "shields", "--json")
    assert code == 0
    rows = {r["shield"]: (r["db"], r["dr"], r["hp"], r["cover_dr"], r["page"])
            for r in json.loads(out)}
    # cover DR = DR + HP/4 (GU-25 with GU-6), floored: buckler 5 + 5 = 10, small 6 + 7.5 = 13,
    # medium 7 + 10 = 17 (GU-25's own figure), large 9 + 15 = 24
    assert rows == {"buckler": (1, 5, 20, 10, "B287"), "small": (1, 6, 30, 13, "B287"),
                    "medium": (2, 7, 40, 17, "B287"), "large": (3, 9, 60, 24, "B287")}
    code, out, _ = cli(capsys, "catalog", "list", "shields")
    assert code == 0 and "medium   2   7   40  17        B287" in out
