"""How a GURPS outcome is shown: the roll on the head line, a row per entry of the line in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from armourpen.explain import Ruling
from armourpen.gurps.chain import TargetResult
from armourpen.gurps.damage import fmt
from armourpen.gurps.fragments import fragment_reach
from armourpen.gurps.outcome import GurpsOutcome
from armourpen.layout import Align, Badge, Cell, Column, Layout, Row, Span, Tone, text

if TYPE_CHECKING:
    from armourpen.gurps.burst import Burst

GOES_THROUGH = Badge("overpenetrates", "goes through", "→", Tone.REDUCED)
STOPS = Badge("stops", "stops here", "■", Tone.SAFE)
STOPS_FIRST = Badge("stops", "stops here", "■", Tone.MUTED)  # the attack cannot go on (GU-5)
NOT_REACHED = Badge("not_reached", "not reached", "–", Tone.MUTED)
MISSED = Badge("missed", "misses it (GU-8)", "○", Tone.MUTED)
NOT_HIT = Badge("missed", "not hit (GU-16)", "○", Tone.MUTED)  # the rolls decide (GU-15, GU-16)
NOT_CHOSEN = Badge("missed", "not hit (GU-17)", "○", Tone.MUTED)  # an occupant the roll passed by
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


def skill_text(skill: int, effective: int, rof_bonus: int = 0) -> str:
    """The skill as typed and what changed it (GU-16, GU-19): ``skill 13 -4 = 9``; a burst's
    rapid-fire bonus apart from the -4 per person in the way (``skill 11 -4 +5 = 12``);
    ``skill 12`` alone when nothing did."""
    way = effective - skill - rof_bonus
    mods = " ".join(f"{m:+d}" for m in (way, rof_bonus) if m)
    return f"skill {skill} {mods} = {effective}" if mods else f"skill {skill}"


HIT_BY = {
    "aimed": ("aimed roll", Ruling.GU_15),
    "wrong_target": ("wrong-target roll", Ruling.GU_16),
    "behind": ("right behind, no roll", Ruling.GU_8),
    "occupant": ("occupant roll", Ruling.GU_17),
}
"""What hit a target when the rolls decide who is hit (``hit_by``), in words, with its ruling."""


def hit_by_text(target: TargetResult) -> str:
    """How a target was hit (GU-15 to GU-17): what hit it and the roll that did (``aimed roll 9
    (GU-15)``), or empty."""
    if target.hit_by is None:
        return ""
    words, rule = HIT_BY[target.hit_by]
    roll = "" if target.hit_roll is None else f" {target.hit_roll}"
    return f"{words}{roll} ({rule})"


def hits_text(locations: Sequence[str], injuries: Sequence[int]) -> str:
    """Each hit of a burst or each fragment where it landed, beside its injury (GU-10, GU-19,
    GU-22): ``leg 6, arm 3, leg 4`` (a burst whose hits all landed at one location shows it in
    its location column, and ``5 + 6 + 0`` here); the injuries alone where no location was
    recorded."""
    if len(locations) != len(injuries):
        return " + ".join(map(str, injuries))
    return ", ".join(f"{where} {injury}" for where, injury in zip(locations, injuries,
                                                                  strict=True))


def line_number(index: int, in_line: bool = True) -> Span:
    """A row's number: its place in the line counted from 1, as the calculator's cards number
    them; an occupant no card lists (GU-17) is no entry of the line and has ``·``."""
    return text(index + 1 if in_line else "·", Tone.MUTED)


def _head(outcome: GurpsOutcome) -> tuple[Span, ...]:
    """The head line: the damage, the roll, the basic damage and, when the rolls decide who is
    hit, the attack roll."""
    roll = f"roll {outcome.roll}"
    if outcome.dice is not None:
        roll = f"dice {dice_text(outcome.dice)} -> {roll} (seed {outcome.seed})"
    elif outcome.seed is not None and outcome.attack_roll is not None:
        roll = f"{roll}, further rolls with seed {outcome.seed}"  # who is hit (GU-16, GU-17)
    elif outcome.seed is not None and not any(t.location_roll is not None
                                              for t in outcome.chain.targets):
        roll = f"{roll}, HT rolls drawn with seed {outcome.seed}"  # only GU-27's were drawn
    elif outcome.seed is not None:  # a fixed roll; the seed rolled the hit locations (GU-10)
        roll = f"{roll}, hit locations rolled with seed {outcome.seed}"
    head: tuple[Span, ...] = (
        Span(str(outcome.damage), Tone.STRONG),
        Span(f", {'ranged' if outcome.ranged else 'melee'}, {outcome.location}: {roll}, "),
        Span(f"basic damage {outcome.basic_damage}", Tone.STRONG),
    )
    who = outcome.attack_roll
    if who is not None:
        head += (Span(f"; aimed at {who.aim}, {skill_text(who.skill, who.effective_skill)}: "
                      f"attack roll {who.roll}, "), Span("hit" if who.hit else "miss", Tone.STRONG))
    return head


def _burst_head(outcome: GurpsOutcome) -> tuple[Span, ...]:
    """A burst's head line (GU-19): what was fired, the attack roll, the shots landed and their
    rolls; ``roll`` and ``basic_damage`` alone would be only the first shot's."""
    burst = outcome.burst
    assert burst is not None
    who = outcome.attack_roll
    head: list[Span] = [
        Span(str(outcome.damage), Tone.STRONG),
        Span(f", {'ranged' if outcome.ranged else 'melee'}, {outcome.location}: "
             f"{burst.shots} shots, Rcl {burst.rcl}"),
    ]
    if who is not None:
        skill = skill_text(who.skill, who.effective_skill, burst.rof_bonus)
        head.append(Span(f"; aimed at {who.aim}, {skill}: attack roll {who.roll}, "))
        head.append(Span("hit" if who.hit else "miss", Tone.STRONG))
    landed = f"{burst.landed} shot{'' if burst.landed == 1 else 's'} landed"
    head.append(Span("; "))
    head.append(Span(landed, Tone.STRONG))
    if burst.rolls:
        head.append(Span(f", rolls {dice_text(burst.rolls)}"))
    if outcome.seed is not None:
        head.append(Span(f" (seed {outcome.seed})"))
    return tuple(head)


def _explosion_head(outcome: GurpsOutcome) -> tuple[Span, ...]:
    """An explosion's head line (GU-21, GU-22): the one roll for everyone, its reach and the
    fragments'."""
    ex = outcome.explosion
    assert ex is not None
    roll = f"roll {outcome.roll}"
    if outcome.dice is not None:
        roll = f"dice {dice_text(outcome.dice)} -> {roll}"
    if outcome.seed is not None:
        roll += f" (seed {outcome.seed})"
    head: tuple[Span, ...] = (
        Span(str(outcome.damage), Tone.STRONG),
        Span(f": {roll}, "),
        Span(f"basic damage {outcome.basic_damage}", Tone.STRONG),
        Span(f"; the blast reaches {ex.radius} yd in {ex.environment}"
             + (", an airburst" if ex.airburst else "")),
    )
    if ex.fragments is not None:
        head += (Span(f"; fragments {ex.fragments} reach {fragment_reach(ex.fragments)} yd"),)
    return head


SITUATION = {"struck": "struck directly", "threw_self": "threw himself on it",
             "inside": "the explosive inside"}
"""A target's situation (GU-21) in its row's distance cell, when it is not simply caught."""


def explosion_layout(outcome: GurpsOutcome) -> Layout:
    """An explosion (GU-21, GU-22): a row per target at its own distance behind its own cover,
    with the blast's figures, the fragments that hit it and the total injury."""
    ex = outcome.explosion
    assert ex is not None
    rows = []
    for t, rec in zip(outcome.chain.targets, ex.targets, strict=True):
        b = rec.blast
        where = f"{fmt(rec.distance)} yd"
        if rec.situation in SITUATION:
            where = SITUATION[rec.situation]
        if rec.fragment_skill is None and not rec.fragments:
            hits = "" if ex.fragments is None else "out of reach"
        else:
            hits = str(len(rec.fragments))
        cells: tuple[Cell, ...] = (
            line_number(t.index),
            text(t.name),
            text(where),
            text(b.cover_dr or ""),
            text("beyond the blast" if not b.reached else
                 "none" if b.divisor is None else fmt(b.divisor)),
            text(b.damage if b.reached else ""),
            text("" if b.large_area_dr is None else b.large_area_dr),
            text(b.effects.injury if b.reached else ""),
            text(hits),
            text(hits_text([f.location.value for f in rec.fragments],
                           [f.effects.injury for f in rec.fragments])),
            text(t.injury, Tone.HARM if t.injury else Tone.SAFE),
        )
        rows.append(Row(cells, t.index))
    return Layout(
        head=_explosion_head(outcome),
        columns=(Column("#", Align.RIGHT), Column("around the blast"),
                 Column("distance"), Column("cover in front", Align.RIGHT),
                 Column("divisor", Align.RIGHT), Column("blast damage", Align.RIGHT),
                 Column("large-area DR", Align.RIGHT), Column("blast injury", Align.RIGHT),
                 Column("fragments", Align.RIGHT), Column("fragment injuries"),
                 Column("injury", Align.RIGHT)),
        rows=tuple(rows),
        warnings=outcome.warnings,
        steps=outcome.steps,
        notes=effect_lines(outcome),
    )


def _burst_cells(burst: Burst, k: int, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """A burst's target row with its hits and each one's injury (GU-19): where hits landed at
    several locations, each beside its injury, and the location column (the first hit's) blank."""
    injuries, places = burst.injuries[k], burst.locations[k]
    each = " + ".join(map(str, injuries))
    if len(set(places)) > 1:
        cells = (cells[0], text(""), *cells[2:])
        each = hits_text(places, injuries)
    return (*cells[:5], text(len(injuries)), text(each), *cells[5:])


def _cover_rows(outcome: GurpsOutcome, more: int) -> list[tuple[int, tuple[Cell, ...]]]:
    """A row per cover of the line: its cover DR and whether the shot goes through (GU-6, GU-7),
    with ``more`` blank cells for the columns a burst or the rolls of who is hit add."""
    can = outcome.chain.can_overpenetrate
    blanks = (text(""),) * (4 + more)
    who = outcome.attack_roll is not None
    rows: list[tuple[int, tuple[Cell, ...]]] = []
    for c in outcome.chain.covers:
        name = text(f"cover: {c.name}")
        if not c.reached:
            rows.append((c.index, (name, *blanks, text(""), NOT_REACHED)))
        else:
            # GU-26: what penetrated it and its injury, in the targets' columns
            hurt = c.damage
            cells = list(blanks)
            at = 2 + who  # after [hit by], location and DR faced
            cells[at] = text("" if hurt is None else hurt.penetrating)
            cells[at + 1] = text("" if hurt is None else hurt.injury)
            rows.append((c.index, (name, *cells, text(c.cover_dr if can else ""),
                                   _shot(c.overpenetrates, can))))
    return rows


def layout(outcome: GurpsOutcome) -> Layout:
    """The head line (damage, roll, basic damage), then the line of fire from the shooter out;
    an explosion's targets around it (:func:`explosion_layout`)."""
    if outcome.explosion is not None:
        return explosion_layout(outcome)
    burst = outcome.burst
    head = _head(outcome) if burst is None else _burst_head(outcome)
    who = outcome.attack_roll
    missed = MISSED if who is None else NOT_HIT
    can = outcome.chain.can_overpenetrate
    covers = {c.name: c.index for c in outcome.chain.covers}
    blank = text("")
    rows: list[tuple[int, tuple[Cell, ...]]] = []
    targets = list(outcome.chain.targets)
    extra = () if burst is None else (blank, blank)
    for t in targets:
        if not t.reached:
            cells: tuple[Cell, ...] = (text(t.name), blank, blank, blank, blank, *extra, blank,
                                       NOT_REACHED)
        elif not t.hit:
            inside = t.inside is not None and who is not None and t.name != who.aim
            cells = (text(t.name), blank, blank, blank, blank, *extra, blank,
                     NOT_CHOSEN if inside else missed)
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
            if burst is not None:
                cells = _burst_cells(burst, targets.index(t), cells)
        if who is not None:  # what hit it, beside its name (GU-15 to GU-17)
            cells = (cells[0], text(hit_by_text(t), Tone.STRONG), *cells[1:])
        rows.append((t.index, cells))
    # an occupant no card lists (GU-17) is shown right after its vehicle, whatever its index
    order = {t.index: (covers[t.inside] if t.unnamed and t.inside in covers else t.index, 1)
             for t in outcome.chain.targets}
    rows.extend(_cover_rows(outcome, len(extra) + (who is not None)))
    unlisted = {t.index for t in outcome.chain.targets if t.unnamed}
    left = hp_left_cells(outcome)
    if left:  # GU-26, GU-27: what is left of each card, where a card's HP left is known
        rows = [(i, (*cells, left.get(i, text("")))) for i, cells in rows]
    return Layout(
        head=head,
        columns=(Column("#", Align.RIGHT), Column("in the line"),
                 *(() if who is None else (Column("hit by"),)), Column("location"),
                 Column("DR faced", Align.RIGHT),
                 Column("penetrating", Align.RIGHT), Column("injury", Align.RIGHT),
                 *(() if burst is None else (Column("hits", Align.RIGHT),
                                             Column("injuries"))),
                 Column("cover DR", Align.RIGHT), Column("shot"),
                 *((Column("HP left"),) if left else ())),
        rows=tuple(Row((line_number(index, index not in unlisted), *cells), index)
                   for index, cells in sorted(rows, key=lambda r: order.get(r[0], (r[0], 0)))),
        warnings=outcome.warnings,
        steps=outcome.steps,
        notes=effect_lines(outcome),
    )


def hp_left_cells(outcome: GurpsOutcome) -> dict[int, Cell]:
    """Each line entry's HP left and state (GU-26) or condition (GU-27), by its index: a cover
    card reached that has HP, a target card that gives hp_left or ht."""
    out: dict[int, Cell] = {}
    for c in outcome.chain.covers:
        d = c.damage
        if d is not None and d.hp_left is not None and d.state is not None:
            tone = Tone.SAFE if d.state.state.value == "working" else Tone.HARM
            out[c.index] = text(f"{d.hp_left} / {d.hp}: {d.state.state.value}", tone)
    for t in outcome.chain.targets:
        if t.state is not None:
            word = t.state.condition.value
            out[t.index] = text(f"{t.state.hp_left}: {word}",
                                Tone.SAFE if word == "fine" else Tone.HARM)
    return out


def crippled_at(outcome: GurpsOutcome, k: int) -> tuple[str, ...]:
    """Where the ``k``-th target of the outcome was crippled (GU-10): the location of each hit
    that crippled a limb or extremity (a blinded eye is said as such), for the words."""
    t = outcome.chain.targets[k]
    fx = t.effects
    if fx is None or not fx.crippled or fx.eyes_blinded:
        return ()
    if outcome.burst is not None and outcome.burst.crippled:
        return outcome.burst.crippled[k]
    if outcome.explosion is not None:
        return tuple(f.location.value for f in outcome.explosion.targets[k].fragments
                     if f.effects.crippled and not f.effects.eyes_blinded)
    return () if t.location is None else (t.location.value,)


def effect_lines(outcome: GurpsOutcome) -> tuple[tuple[Span, ...], ...]:
    """One line per target hit: what its injury does, each effect with its ruling (GU-9..GU-13)."""
    lines: list[tuple[Span, ...]] = []
    for k, t in enumerate(outcome.chain.targets):
        if t.effects is None:
            continue
        said = t.effects.summary(crippled_at(outcome, k)) or (
            "no injury" if not t.injury else "no further effect")
        if t.layers:  # GU-28: what the armour has left, outermost first
            said += "; layers' DR left " + " / ".join(str(x.dr_left) for x in t.layers) + \
                " (GU-28)"
        lines.append((Span(t.name, Tone.STRONG), Span(": " + said)))
    lines.extend(guard_line(t, outcome.burst is not None) for t in outcome.chain.targets
                 if t.guard is not None and t.guard.defense is not None)
    return tuple(lines)


def guard_line(t: TargetResult, burst: bool) -> tuple[Span, ...]:
    """What a target's defense and shield did (GU-24, GU-25), in one line (against a burst, the
    hits it stopped are in the steps)."""
    g = t.guard
    assert g is not None and g.defense is not None
    d = g.defense
    said = f"{d.kind.value} {d.roll} against {d.number}: "
    said += {"hit": "failed", "defended": f"success by {d.margin}" + ("" if burst else ": not hit"),
             "struck_shield": f"success by {d.margin}: the shield struck"}[d.result.value]
    if g.shield is not None:
        said += (f"; shield injury {g.shield.injury}, HP {g.shield.hp_left} left, "
                 f"{g.shield.state}; " + ("punched through" if g.punched_through
                                          else "the blow stopped in it"))
    return (Span(t.name, Tone.STRONG), Span(" (GU-24, GU-25): " + said))
