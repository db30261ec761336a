"""An outcome as cards: one per entry of the line of fire, in line order, built from its data.

The rule set's neutral layout (:mod:`armourpen.layout`) gives each row its badge and figures; the
outcome's data says which entry of the line a row and a step are about, and of what kind. Nothing
here reads a name, an index or a kind back from display text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from armourpen.explain import Caution, Step
from armourpen.layout import Badge, Cell, Layout, Span, Tone, percent
from armourpen.view.odds import (
    Bar,
    effect_chances,
    folded_rows,
    hits_chances,
    injury_bars,
    joint_text,
    odds_kind,
)

if TYPE_CHECKING:
    from armourpen.gurps.effects import Effects
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.penav.model import PenavScenario
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.probability.result import OddsResult, TargetOdds
    from armourpen.scenario import Outcome, Scenario

COVER = Badge("cover", "in the way", "▮", Tone.MUTED)
"""A PEN/AV cover entry: no outcome of its own, it is layered in front of those behind (PA-12)."""

TARGET = "target"
COVER_KIND = "cover"


@dataclass(frozen=True, slots=True)
class Figure:
    """One labelled number of a card (``AV 6``, ``injury 8``)."""

    label: str
    value: str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True, slots=True)
class OddsView:
    """A target's exact odds as a card shows them (GU-7, GU-8), with the chances of what the
    injury does (GU-10, GU-12) and of where the shot lands (GU-10) when it can land elsewhere."""

    reached: Fraction
    hit: Fraction
    overpenetrates: Fraction
    mean_injury: Fraction
    bars: tuple[Bar, ...]
    effects: tuple[tuple[str, Fraction], ...] = ()
    locations: tuple[tuple[str, Fraction], ...] = ()
    rolled: bool = False  # the rolls decide who is hit (GU-15 to GU-17): ``hit`` is always shown
    kind: str = "shot"
    """What the odds are of (:func:`armourpen.view.odds.odds_kind`): a burst or an explosion has
    no shot going on past the target."""
    hits: tuple[Bar, ...] = ()
    hits_label: str = ""
    """A burst's shots landed on the target (GU-19), or the fragments hitting it (GU-22): a bar
    per number, under ``hits_label``."""

    @property
    def top(self) -> Fraction:
        return Fraction(max((b.chance for b in self.bars), default=Fraction(1)) or Fraction(1))


@dataclass(frozen=True, slots=True)  # not a named tuple: its ``index`` is a field, not a method
class Card:
    """The outcome of one entry of the line of fire: its index in the line and its kind."""

    index: int
    kind: str  # TARGET or COVER_KIND
    name: str
    badges: tuple[Badge, ...]
    figures: tuple[Figure, ...]
    steps: tuple[Step, ...]
    odds: OddsView | None = None
    in_line: bool = True
    """Whether the card is an entry of the line: an occupant no card lists (GU-17) is not, and
    has no number of the line."""


@dataclass(frozen=True, slots=True)
class OutcomeView:
    """Everything an outcome shows: the head line, the attack's steps, the cards, the warnings."""

    rules: str
    head: tuple[Span, ...]
    attack_steps: tuple[Step, ...]
    cards: tuple[Card, ...]
    warnings: tuple[Caution, ...]
    odds_note: str | None = None
    joint: str | None = None
    """An explosion's figure for everyone (GU-21): the chance nobody is hurt, the number hurt."""


def _figures(layout: Layout, cells: Sequence[Cell], skip: int) -> tuple[Figure, ...]:
    """The row's figures under their column titles, past the ``skip`` columns that name the row."""
    out = []
    for column, cell in zip(layout.columns[skip:], cells[skip:], strict=True):
        if isinstance(cell, Span) and cell.text:
            out.append(Figure(column.title, cell.text, cell.tone))
    return tuple(out)


def penav_view(outcome: PenavOutcome, scenario: PenavScenario) -> OutcomeView:
    """PEN/AV: a card per target from the layout, and one per cover entry of the scenario's line."""
    from armourpen.penav.layout import layout as penav_layout
    from armourpen.penav.model import Cover

    layout = penav_layout(outcome)
    # the outcome has a target and a layout row per target of the line, in line order
    targets = iter(zip(outcome.targets, layout.rows, strict=True))
    cards: list[Card] = []
    for index, entry in enumerate(scenario.line):
        if isinstance(entry, Cover):
            cards.append(Card(index, COVER_KIND, entry.name, (COVER,), (), ()))
            continue
        target, row = next(targets)
        badge = row.badge
        cards.append(Card(index, TARGET, target.name, () if badge is None else (badge,),
                          _figures(layout, row.cells, 1), target.steps))
    return OutcomeView("penav", layout.head, outcome.attack_steps, tuple(cards), layout.warnings)


def _injury_badge(injury: int | None) -> Badge | None:
    if injury is None:
        return None
    if injury == 0:
        return Badge("no_injury", "no injury", "○", Tone.SAFE)
    return Badge("injury", f"injury {injury}", "✚", Tone.HARM)


EFFECT_BADGES: dict[str, tuple[str, Tone]] = {
    "major_wound": ("‼", Tone.HARM),
    "crippled": ("✖", Tone.HARM),
    "knockdown": ("↓", Tone.REDUCED),
    "shock": ("⚡", Tone.REDUCED),
    "blunt_trauma": ("◉", Tone.REDUCED),
    "knockback": ("⇢", Tone.REDUCED),
}
"""Each effect's symbol and tone, worst first (the order of a card's badges)."""


def effect_badges(effects: Effects | None, crippled_at: Sequence[str] = ()) -> tuple[Badge, ...]:
    """What the injury does to the target (GU-9 to GU-13), one badge each, worst first, in the
    rule set's one wording (:meth:`armourpen.gurps.effects.Effects.words`); ``crippled_at`` names
    the limb crippled."""
    if effects is None:
        return ()
    order = list(EFFECT_BADGES)
    said = sorted(effects.words(crippled_at), key=lambda kw: order.index(kw[0]))
    return tuple(Badge(key, words, *EFFECT_BADGES[key]) for key, words in said)


def assumed_hit(hit_chance: Fraction) -> Badge:
    """A target one resolution takes as hit though its hit chance is below 1 (GU-8): said on its
    own card, not only among the warnings; the odds weigh the chance."""
    return Badge("assumed_hit", f"assumed hit: hit chance {chance(hit_chance)} (GU-8)", "?",
                 Tone.REDUCED)


def gurps_view(outcome: GurpsOutcome, odds: OddsResult | None, odds_note: str | None,
               scenario: GurpsScenario | None = None) -> OutcomeView:
    """GURPS: a card per entry of the line (covers included), in line order, with the odds.

    With the odds and the ``scenario`` they are of, an occupant no card lists that the outcome does
    not list (it is there only when hit, GU-17) still has its card, after its vehicle's, for its
    odds."""
    from armourpen.gurps.layout import NOT_CHOSEN, crippled_at
    from armourpen.gurps.layout import layout as gurps_layout

    layout = gurps_layout(outcome)
    targets = {t.index: t for t in outcome.targets}
    place = {t.index: k for k, t in enumerate(outcome.targets)}  # its place among the targets
    names = {t.index: t.name for t in outcome.targets} | {c.index: c.name for c in outcome.covers}
    target_odds: dict[int, TargetOdds] = {}
    unlisted: dict[str, list[Card]] = {}  # by vehicle: the cards of occupants no card lists
    if odds is not None:
        # the odds list every target of the scenario, in its order
        indices = [t.index for t in outcome.targets] if scenario is None else \
            [t.index for t in scenario.targets]
        target_odds = dict(zip(indices, odds.targets, strict=True))
        for t in () if scenario is None else scenario.targets:
            if t.unnamed and t.inside is not None and t.index not in targets:
                unlisted.setdefault(t.inside, []).append(Card(
                    t.index, TARGET, t.name, (NOT_CHOSEN,), (), (),
                    odds_view_of(target_odds[t.index], odds), in_line=False))
    own: dict[int | None, list[Step]] = {}
    for step in outcome.steps:
        own.setdefault(step.entry, []).append(step)
    cards: list[Card] = []
    for row in layout.rows:
        index = row.entry
        assert index is not None  # the GURPS layout says which entry each row shows
        target = targets.get(index)
        badges = [] if target is None else [
            b for b in (_injury_badge(target.injury),
                        *effect_badges(target.effects, crippled_at(outcome, place[index])))
            if b]
        if row.badge is not None:
            badges.append(row.badge)
        if target is not None and target.hit and target.hit_chance != 1:
            badges.append(assumed_hit(target.hit_chance))
        odds_view = None if index not in target_odds else odds_view_of(target_odds[index], odds)
        figures = _figures(layout, row.cells, 2)  # "hit by" among them (GU-15 to GU-17)
        cards.append(Card(index, TARGET if target is not None else COVER_KIND, names[index],
                          tuple(badges), figures, tuple(own.get(index, ())), odds_view,
                          in_line=target is None or not target.unnamed))
        if target is None:
            cards.extend(unlisted.get(names[index], ()))
    return OutcomeView("gurps", layout.head, tuple(own.get(None, ())), tuple(cards),
                       layout.warnings, odds_note, None if odds is None else joint_text(odds))


def odds_view_of(t: TargetOdds, result: OddsResult | None = None) -> OddsView:
    """A target's exact odds for its card: the injury bars (:func:`injury_bars`), the effects;
    under a burst or an explosion (``result`` says which), the bars of its hits."""
    kind = "shot" if result is None else odds_kind(result)
    hits = None if result is None else hits_chances(result, t)
    hit_bars = () if hits is None else tuple(  # a long tail in one bar (``over 12``)
        Bar(label, p, label != "0", int(label) if label.isdigit() else None)
        for label, p in folded_rows(hits.chances))
    hits_label = "" if hits is None else f"{hits.label} ({hits.rule})"
    bars = injury_bars(list(t.injury_pmf.items()))
    chances = effect_chances(t.p_major_wound, t.p_knockdown_roll, t.p_crippled)
    effects = tuple((e.label, Fraction(e.chance)) for e in chances if e.chance)
    if t.vitality is not None:  # GU-27: what is left of him, over every roll
        left = (("unconscious (GU-27)", t.p_unconscious), ("mortally wounded (GU-27)", t.p_mortal),
                ("dead (GU-27)", t.p_dead))
        effects += tuple((label, p) for label, p in left if p)
    locations = tuple(t.location_pmf.items())
    return OddsView(t.p_reached, t.p_hit, t.p_overpenetrates, t.expected_injury, bars,
                    effects, locations if len(locations) > 1 else (), t.hit_weight is not None,
                    kind, hit_bars, hits_label)


def outcome_view(outcome: Outcome, scenario: Scenario, odds: OddsResult | None = None,
                 odds_note: str | None = None) -> OutcomeView:
    """The view of any rule set's outcome, from the outcome and the scenario it came from."""
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.penav.model import PenavScenario

    if isinstance(outcome, GurpsOutcome):
        return gurps_view(outcome, odds, odds_note,
                          scenario if isinstance(scenario, GurpsScenario) else None)
    if not isinstance(scenario, PenavScenario):
        raise TypeError(f"a PEN/AV outcome comes from a PEN/AV scenario, not {scenario!r}")
    return penav_view(outcome, scenario)


def chance(p: Fraction | float) -> str:
    """A chance on a card (:func:`armourpen.layout.percent`, without needless decimals)."""
    return percent(p, trim=True)
