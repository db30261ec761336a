"""No module of the package is over 600 lines (issue 31 item 5): a file a newcomer can hold in mind.

A module that grows past it is split along the seams of what its parts do, each named after it.
"""

from __future__ import annotations

from pathlib import Path

import armourpen

MAX_LINES = 600
PACKAGE = Path(armourpen.__file__).resolve().parent


def _lines(path: Path) -> int:
    with path.open(encoding="utf-8") as f:
        return sum(1 for _ in f)


def _modules() -> dict[str, int]:
    return {p.relative_to(PACKAGE).as_posix(): _lines(p) for p in sorted(PACKAGE.rglob("*.py"))}


def test_no_module_is_over_600_lines() -> None:
    modules = _modules()
    assert len(modules) > 100, "the walk found the package's modules"
    over = {name: n for name, n in modules.items() if n > MAX_LINES}
    assert over == {}, f"modules over {MAX_LINES} lines: split them along their seams"


def test_the_line_count_counts_the_last_line_without_a_newline(tmp_path: Path) -> None:
    # three lines, the last with no newline after it: 3, as `wc -l` would say 2
    f = tmp_path / "m.py"
    f.write_text("a = 1\nb = 2\nc = 3", encoding="utf-8")
    assert _lines(f) == 3
