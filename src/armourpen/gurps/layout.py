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
NOT_HIT = Badge("missed", "not hit (GU-16)", "○", Tone.MUTED)  # the rolls decide (GU-15 to GU-17)
DICE_SHOWN = 12
"""The head line lists a roll's dice up to this many; past it, the first few and how many there
were (a roll of 1000d would fill a screen; the steps and the JSON keep every die)."""


def _shot(passes: bool, can: bool) -> Badge:
    if passes:
        return GOES_THROUGH
    return STOPS if can else STOPS_FIRST


def dice_text(dice: tuple[int, ...]) -> str:
    """The dice of a roll as the head line shows them: each one, or past :data:`DICE_SHOWN` the
    first few and their number (``2 5 5 2 3 5 4 6 ... (1000 dice)``)."""
    if len(dice) <= DICE_SHOWN:
        return " ".join(map(str, dice))
    return " ".join(map(str, dice[:DICE_SHOWN - 4])) + f" ... ({len(dice)} dice)"


def _head(outcome: GurpsOutcome) -> tuple[Span, ...]:
    """The head line: the damage, the roll, the basic damage and, when the rolls decide who is
    hit, the attack roll."""
    roll = f"roll {outcome.roll}"
    if outcome.dice is not None:
        roll = f"dice {dice_text(outcome.dice)} -> {roll} (seed {outcome.seed})"
    elif outcome.seed is not None and outcome.attack_roll is not None:
        roll = f"{roll}, further rolls with seed {outcome.seed}"  # who is hit (GU-16, GU-17)
    elif outcome.seed is not None:  # a fixed roll; the seed rolled the hit locations (GU-10)
        roll = f"{roll}, hit locations rolled with seed {outcome.seed}"
    head: tuple[Span, ...] = (
        Span(str(outcome.damage), Tone.STRONG),
        Span(f", {'ranged' if outcome.ranged else 'melee'}, {outcome.location}: {roll}, "),
        Span(f"basic damage {outcome.basic_damage}", Tone.STRONG),
    )
    who = outcome.attack_roll
    if who is not None:
        head += (Span(f"; aimed at {who.aim}, skill {who.effective_skill}: attack roll "
                      f"{who.roll}, "), Span("hit" if who.hit else "miss", Tone.STRONG))
    return head


def layout(outcome: GurpsOutcome) -> Layout:
    """The head line (damage, roll, basic damage), then the line of fire from the shooter out."""
    head = _head(outcome)
    missed = MISSED if outcome.attack_roll is None else NOT_HIT
    can = outcome.chain.can_overpenetrate
    covers = {c.name: c.index for c in outcome.chain.covers}
    blank = text("")
    rows: list[tuple[int, tuple[Cell, ...]]] = []
    for t in outcome.chain.targets:
        if not t.reached:
            cells: tuple[Cell, ...] = (text(t.name), blank, blank, blank, blank, blank,
                                       NOT_REACHED)
        elif not t.hit:
            cells = (text(t.name), blank, blank, blank, blank, blank, missed)
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
    # an occupant no card lists (GU-17) is shown right after its vehicle, whatever its index
    order = {t.index: (covers[t.inside] if t.unnamed and t.inside in covers else t.index, 1)
             for t in outcome.chain.targets}
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
                   for index, cells in sorted(rows, key=lambda r: order.get(r[0], (r[0], 0)))),
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
