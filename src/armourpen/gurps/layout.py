"""How a GURPS outcome is shown: the roll on the head line, a row per entry of the line in order."""

from __future__ import annotations

from armourpen.gurps.damage import fmt
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.layout import Align, Badge, Cell, Column, Layout, Row, Span, Tone, text

GOES_THROUGH = Badge("overpenetrates", "goes through", "→", Tone.REDUCED)
STOPS = Badge("stops", "stops here", "■", Tone.SAFE)
STOPS_FIRST = Badge("stops", "stops here", "■", Tone.MUTED)  # the attack cannot go on (GU-5)
NOT_REACHED = Badge("not_reached", "not reached", "–", Tone.MUTED)
MISSED = Badge("missed", "misses it (GU-8)", "○", Tone.MUTED)


def _shot(passes: bool, can: bool) -> Badge:
    if passes:
        return GOES_THROUGH
    return STOPS if can else STOPS_FIRST


def layout(outcome: GurpsOutcome) -> Layout:
    """The head line (damage, roll, basic damage), then the line of fire from the shooter out."""
    roll = f"roll {outcome.roll}"
    if outcome.dice is not None:
        roll = f"dice {' '.join(map(str, outcome.dice))} -> {roll} (seed {outcome.seed})"
    elif outcome.seed is not None:  # a fixed roll; the seed rolled the hit locations (GU-10)
        roll = f"{roll}, hit locations rolled with seed {outcome.seed}"
    head = (
        Span(str(outcome.damage), Tone.STRONG),
        Span(f", {'ranged' if outcome.ranged else 'melee'}, {outcome.location}: {roll}, "),
        Span(f"basic damage {outcome.basic_damage}", Tone.STRONG),
    )
    can = outcome.chain.can_overpenetrate
    blank = text("")
    rows: list[tuple[int, tuple[Cell, ...]]] = []
    for t in outcome.chain.targets:
        if not t.reached:
            cells: tuple[Cell, ...] = (text(t.name), blank, blank, blank, blank, blank,
                                       NOT_REACHED)
        elif not t.hit:
            cells = (text(t.name), blank, blank, blank, blank, blank, MISSED)
        else:
            faced = text(t.effective_dr)
            if t.dr_in_front:
                faced = text(f"{t.dr_in_front} + {t.own_dr} = {t.effective_dr}")
            where = "" if t.location is None else t.location.value
            if t.location_roll is not None:
                where += f" ({t.location_roll.total})"
            name = text(t.name)
            if t.hit_chance != 1:  # one resolution takes it as hit; the odds weigh the chance
                name = text(f"{t.name} (hit chance {fmt(t.hit_chance)}: assumed hit)")
            cells = (
                name,
                text(where),
                faced,
                text(t.penetrating),
                text(t.injury, Tone.HARM if t.injury else Tone.SAFE),
                text(t.cover_dr if can else ""),
                _shot(t.overpenetrates, can),
            )
        rows.append((t.index, cells))
    for c in outcome.chain.covers:
        name = text(f"cover: {c.name}")
        if not c.reached:
            cells = (name, blank, blank, blank, blank, blank, NOT_REACHED)
        else:
            cells = (name, blank, blank, blank, blank, text(c.cover_dr if can else ""),
                     _shot(c.overpenetrates, can))
        rows.append((c.index, cells))
    return Layout(
        head=head,
        columns=(Column("#", Align.RIGHT), Column("in the line"), Column("location"),
                 Column("DR faced", Align.RIGHT),
                 Column("penetrating", Align.RIGHT), Column("injury", Align.RIGHT),
                 Column("cover DR", Align.RIGHT), Column("shot")),
        rows=tuple(Row((text(index, Tone.MUTED), *cells), index)
                   for index, cells in sorted(rows, key=lambda r: r[0])),
        warnings=outcome.warnings,
        steps=outcome.steps,
        notes=effect_lines(outcome),
    )


def effect_lines(outcome: GurpsOutcome) -> tuple[tuple[Span, ...], ...]:
    """One line per target hit: what its injury does, each effect with its ruling (GU-9..GU-13)."""
    lines = []
    for t in outcome.chain.targets:
        if t.effects is None:
            continue
        said = t.effects.summary() or ("no injury" if not t.injury else "no further effect")
        lines.append((Span(t.name, Tone.STRONG), Span(": " + said)))
    return tuple(lines)
