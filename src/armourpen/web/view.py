"""What the calculator page shows of an outcome: one card per entry of the line, in line order.

The rule set's neutral layout (:mod:`armourpen.layout`) gives each row its badge and figures;
this module lines the rows up with the entries of the line of fire (cover included), attaches each
entry's steps (the "why"), and for GURPS the exact odds drawn as small bars.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armourpen.explain import Caution, Step
from armourpen.layout import Badge, Layout, Span, Tone

if TYPE_CHECKING:
    from armourpen.gurps.effects import Effects
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.probability.result import OddsResult, TargetOdds
    from armourpen.scenario import Outcome

COVER = Badge("cover", "in the way", "▮", Tone.MUTED)
"""A PEN/AV cover entry: no outcome of its own, it is layered in front of those behind (PA-12)."""
MAX_BARS = 16  # more injury values than this are grouped into ranges


@dataclass(frozen=True, slots=True)
class Figure:
    """One labelled number of a card (``AV 6``, ``injury 8``)."""

    label: str
    value: str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of an injury chart: the injury (or a range of it) and its chance."""

    label: str
    chance: Fraction
    harm: bool

    @property
    def percent(self) -> str:
        return percent(self.chance)


@dataclass(frozen=True, slots=True)
class OddsView:
    """A target's exact odds as the page shows them (GU-7, GU-8), with the chances of what the
    injury does (GU-10, GU-12) and of where the shot lands (GU-10) when it can land elsewhere."""

    reached: Fraction
    hit: Fraction
    overpenetrates: Fraction
    mean_injury: Fraction
    bars: tuple[Bar, ...]
    effects: tuple[tuple[str, Fraction], ...] = ()
    locations: tuple[tuple[str, Fraction], ...] = ()

    @property
    def top(self) -> Fraction:
        return max((b.chance for b in self.bars), default=Fraction(1)) or Fraction(1)


@dataclass(frozen=True, slots=True)
class Card:
    """The outcome of one entry of the line of fire."""

    index: int
    kind: str  # "target" or "cover"
    name: str
    badges: tuple[Badge, ...]
    figures: tuple[Figure, ...]
    steps: tuple[Step, ...]
    odds: OddsView | None = None


@dataclass(frozen=True, slots=True)
class OutcomeView:
    """Everything the outcome band shows."""

    rules: str
    head: tuple[Span, ...]
    attack_steps: tuple[Step, ...]
    cards: tuple[Card, ...]
    warnings: tuple[Caution, ...]
    odds_note: str | None = None


def percent(p: Fraction | float) -> str:
    """A chance for people (:func:`armourpen.layout.percent`, without needless decimals)."""
    from armourpen.layout import percent as shown

    return shown(p, trim=True)


def _figures(layout: Layout, cells: tuple[Any, ...], skip: int) -> tuple[Figure, ...]:
    out = []
    for column, cell in zip(layout.columns[skip:], cells[skip:], strict=True):
        if isinstance(cell, Span) and cell.text:
            out.append(Figure(column.title, cell.text, cell.tone))
    return tuple(out)


def penav_view(outcome: PenavOutcome, line: list[dict[str, Any]] | None) -> OutcomeView:
    """PEN/AV: a card per target from the layout, and one per cover entry of the line."""
    from armourpen.rulesets import rule_set

    layout = rule_set("penav").layout(outcome)
    own = sum(len(t.steps) for t in outcome.targets)
    attack_steps = outcome.steps[: len(outcome.steps) - own]
    kinds = ["cover" if isinstance(e, dict) and "cover" in e else "target" for e in line or []]
    if kinds.count("target") != len(outcome.targets):
        kinds = ["target"] * len(outcome.targets)
    targets = iter(zip(outcome.targets, layout.rows, strict=True))
    cards: list[Card] = []
    for index, kind in enumerate(kinds):
        if kind == "cover":
            entry = line[index] if line else {}
            cover = entry.get("cover")
            name = cover if isinstance(cover, str) else str((cover or {}).get("name", "cover"))
            cards.append(Card(index, "cover", name, (COVER,), (), ()))
            continue
        target, row = next(targets)
        badge = row.badge
        cards.append(Card(index, "target", target.name, () if badge is None else (badge,),
                          _figures(layout, row.cells, 1), target.steps))
    return OutcomeView("penav", layout.head, attack_steps, tuple(cards), layout.warnings)


def _injury_badge(injury: int | None) -> Badge | None:
    if injury is None:
        return None
    if injury == 0:
        return Badge("no_injury", "no injury", "○", Tone.SAFE)
    return Badge("injury", f"injury {injury}", "✚", Tone.HARM)


def effect_badges(effects: Effects | None) -> tuple[Badge, ...]:
    """What the injury does to the target (GU-9 to GU-13), one badge each, worst first."""
    if effects is None:
        return ()
    out = []
    if effects.major_wound:
        out.append(Badge("major_wound", "major wound (GU-12)", "‼", Tone.HARM))
    if effects.eyes_blinded:
        eyes = "one eye" if effects.eyes_blinded == 1 else "both eyes"
        out.append(Badge("crippled", f"{eyes} blinded (GU-10)", "✖", Tone.HARM))
    elif effects.crippled:
        out.append(Badge("crippled", "crippled (GU-10)", "✖", Tone.HARM))
    if effects.knockdown_ht_modifier is not None:
        out.append(Badge("knockdown", f"HT{effects.knockdown_ht_modifier:+d} or knocked down "
                         "(GU-12)", "↓", Tone.REDUCED))
    if effects.shock:
        out.append(Badge("shock", f"shock {effects.shock} DX/IQ (GU-11)", "⚡", Tone.REDUCED))
    if effects.blunt_trauma:
        out.append(Badge("blunt_trauma", f"blunt trauma {effects.blunt_trauma} (GU-9)", "◉",
                         Tone.REDUCED))
    if effects.knockback_yards:
        out.append(Badge("knockback", f"knocked back {effects.knockback_yards} yd, "
                         f"DX{effects.knockback_dx_modifier or 0:+d} or falls (GU-13)", "⇢",
                         Tone.REDUCED))
    return tuple(out)


def _own_steps(steps: tuple[Step, ...], name: str) -> tuple[Step, ...]:
    # The GURPS chain writes each step about an entry as "<name>: ..."
    prefix = f"{name}: "
    return tuple(s for s in steps if s.text.startswith(prefix))


def gurps_view(outcome: GurpsOutcome, odds: OddsResult | None, odds_note: str | None
               ) -> OutcomeView:
    """GURPS: a card per entry of the line (covers included), in line order, with the odds."""
    from armourpen.rulesets import rule_set

    layout = rule_set("gurps").layout(outcome)
    injuries = {t.index: t.injury for t in outcome.targets}
    effects = {t.index: effect_badges(t.effects) for t in outcome.targets}
    kinds = {t.index: "target" for t in outcome.targets} | {c.index: "cover" for c in outcome.covers}
    target_odds: dict[int, TargetOdds] = {}
    if odds is not None:
        target_odds = {t.index: o for t, o in zip(outcome.targets, odds.targets, strict=True)}
    cards: list[Card] = []
    attack_steps = list(outcome.steps)
    for row in layout.rows:
        index = int(row.cells[0].text) if isinstance(row.cells[0], Span) else len(cards)
        name = row.cells[1].text if isinstance(row.cells[1], Span) else ""
        kind = kinds.get(index, "target")
        if kind == "cover":
            name = name.removeprefix("cover: ")
        badges = [b for b in (_injury_badge(injuries.get(index)), *effects.get(index, ()),
                              row.badge) if b is not None]
        steps = _own_steps(outcome.steps, name)
        attack_steps = [s for s in attack_steps if s not in steps]
        odds_view = None if index not in target_odds else _odds_view(target_odds[index])
        cards.append(Card(index, kind, name, tuple(badges), _figures(layout, row.cells, 2), steps,
                          odds_view))
    return OutcomeView("gurps", layout.head, tuple(attack_steps), tuple(cards), layout.warnings,
                       odds_note)


def _odds_view(t: TargetOdds) -> OddsView:
    pmf = sorted(t.injury_pmf.items())
    bars: list[Bar] = []
    zero = [p for k, p in pmf if k == 0]
    rest = [(k, p) for k, p in pmf if k != 0]
    if zero:
        bars.append(Bar("0", zero[0], False))
    if len(rest) <= MAX_BARS:
        bars.extend(Bar(str(k), p, True) for k, p in rest)
    else:
        lo, hi = rest[0][0], rest[-1][0]
        width = -(-(hi - lo + 1) // MAX_BARS)
        for start in range(lo, hi + 1, width):
            end = min(start + width - 1, hi)
            p = sum((q for k, q in rest if start <= k <= end), Fraction(0))
            bars.append(Bar(str(start) if start == end else f"{start}-{end}", p, True))
    effects = tuple((label, p) for label, p in (
        ("major wound (GU-12)", t.p_major_wound),
        ("knockdown roll (GU-12)", t.p_knockdown_roll),
        ("crippled or blinded (GU-10)", t.p_crippled),
    ) if p)
    locations = tuple(t.location_pmf.items())
    return OddsView(t.p_reached, t.p_hit, t.p_overpenetrates, t.expected_injury, tuple(bars),
                    effects, locations if len(locations) > 1 else ())


def outcome_view(outcome: Outcome, data: dict[str, Any], odds: OddsResult | None = None,
                 odds_note: str | None = None) -> OutcomeView:
    """The view of any rule set's outcome; ``data`` is the scenario mapping it came from."""
    from armourpen.gurps.outcome import GurpsOutcome

    if isinstance(outcome, GurpsOutcome):
        return gurps_view(outcome, odds, odds_note)
    line = data.get("line")
    return penav_view(outcome, line if isinstance(line, list) else None)
