"""The plain-text backend of the neutral layout (:mod:`armourpen.layout`), for pipes and files
(``armourpen resolve`` off a terminal) and the calculator's "copy as text" (``/api/resolve/text``).

The same content as the Rich backend (the head line, the table with each row's outcome, the notes,
the warnings, then the steps with their ruling ids), as aligned columns of plain text: no styles,
no box characters, and never wrapped or cut, whatever the terminal width (``COLUMNS=0`` included),
so that a pipe or a file gets the whole result. Rich is not imported.
"""

from __future__ import annotations

from collections.abc import Sequence

from armourpen.layout import Align, Badge, Chart, Column, Layout, Report, Span, Table

GAP = "  "  # between columns


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal: wide East Asian characters two, combining marks none."""
    if text.isascii():
        return len(text)
    import unicodedata  # only for text beyond ASCII: loading it costs a one-shot command

    total = 0
    for c in text:
        if unicodedata.combining(c):
            continue
        total += 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
    return total


def _pad(text: str, size: int, align: Align) -> str:
    room = size - width(text)
    if align is Align.RIGHT:
        return " " * room + text
    if align is Align.CENTER:
        return " " * (room // 2) + text + " " * (room - room // 2)
    return text + " " * room


def table(columns: Sequence[Column], rows: Sequence[Sequence[str]], *,
          header: bool = True) -> list[str]:
    """Aligned lines: the titles, a rule under each, then a line per row (a cell may hold several
    lines). Columns take the width of their widest cell; nothing is cut."""
    lines_of = [[cell.split("\n") for cell in row] for row in rows]
    sizes = [width(c.title) if header else 0 for c in columns]
    for row in lines_of:
        for i, cell in enumerate(row):
            sizes[i] = max(sizes[i], *(width(part) for part in cell))
    out: list[str] = []

    def emit(cells: Sequence[str]) -> None:
        out.append(GAP.join(_pad(text, sizes[i], columns[i].align)
                            for i, text in enumerate(cells)).rstrip())

    if header:
        emit([c.title for c in columns])
        emit(["-" * size for size in sizes])
    for row in lines_of:
        for k in range(max((len(cell) for cell in row), default=0)):
            emit([cell[k] if k < len(cell) else "" for cell in row])
    return out


def _text(spans: Sequence[Span]) -> str:
    return "".join(s.text for s in spans)


def _cell(c: Span | Badge) -> str:
    return c.word if isinstance(c, Badge) else c.text


def render_layout(layout: Layout) -> str:
    """The head line, the table with a badge per row, the notes, the warnings, then the steps."""
    lines = [_text(layout.head), ""]
    lines.extend(table(layout.columns, [[_cell(c) for c in row.cells] for row in layout.rows]))
    lines.extend(_text(note) for note in layout.notes)
    lines.extend(f"warning: {w}" for w in layout.warnings)
    if layout.steps:  # an outcome always has steps; a layout of data (a GCS file) has none
        lines.extend(["", "How"])
        lines.extend(table((Column("rule"), Column("step")),
                           [[s.rule, s.text] for s in layout.steps], header=False))
    return "\n".join(lines)


CHART_COLUMNS = (Column("injury", Align.RIGHT), Column(""), Column("chance", Align.RIGHT))


def render_report(report: Report) -> str:
    """A report's blocks: lines as their text, tables as aligned columns (a blank line between two
    tables), charts as columns under titles without a rule, as at a terminal."""
    lines: list[str] = []
    last: object = None
    for block in report.blocks:
        if isinstance(block, Table):
            if isinstance(last, Table):
                lines.append("")
            lines.extend(table(block.columns, block.rows))
        elif isinstance(block, Chart):
            chart = table(CHART_COLUMNS, block.rows)
            lines.extend([chart[0], *chart[2:]])
        else:
            lines.append(_text(block))
        last = block
    return "\n".join(lines)
