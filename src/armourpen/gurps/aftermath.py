"""GU-27 after the shot: each target card's HP left and condition, its HT rolls drawn last.

The HT rolls (death checks, the consciousness roll of the victim's next turn) are drawn after
every roll the shot makes, so that a seeded outcome keeps its other figures. Without a stream to
draw from (every roll of the shot given, no seed), they are listed undrawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from armourpen.explain import Explained, Step, about
from armourpen.gurps.attack_roll import roll_3d
from armourpen.gurps.chain import ChainResult, TargetResult
from armourpen.gurps.condition import Condition, PersonState, person_state
from armourpen.gurps.model import GurpsScenario, Target


def needs_draws(scenario: GurpsScenario) -> bool:
    """Whether any target card gives what GU-27 needs (``hp_left`` or ``ht``): its HT rolls may
    need drawing."""
    return any(t.vitality is not None for t in scenario.targets)


def settle(scenario: GurpsScenario, chain: ChainResult,
           source: Callable[[], random.Random | None]
           ) -> tuple[ChainResult, tuple[Step, ...]]:
    """Each target card with GU-27's keys: its HP left, HT rolls and condition; the chain with
    them, and the steps (each about its card). ``source`` gives the stream the HT rolls
    are drawn from (None: they stay undrawn), asked once, when a roll is first called for."""
    asked: list[random.Random | None] = []

    def rng() -> random.Random | None:
        if not asked:
            asked.append(source())
        return asked[0]

    cards = {t.index: t for t in scenario.targets}
    steps: list[Step] = []
    targets: list[TargetResult] = []
    for r in chain.targets:
        card = cards.get(r.index)
        if card is None or card.vitality is None:
            targets.append(r)
            continue
        state = _one(card, r.injury or 0, rng)
        steps.extend(about((Step(s.rule, f"{card.name}: {s.text}") for s in state.steps),
                           card.index))
        targets.append(replace(r, state=state.value))
    return replace(chain, targets=tuple(targets)), tuple(steps)


def _one(card: Target, injury: int, source: Callable[[], random.Random | None]
         ) -> Explained[PersonState]:
    v = card.vitality
    assert v is not None
    undrawn = person_state(card.hp, injury, v, None)
    called = undrawn.value.rolls
    rng = source() if called else None
    if rng is None:
        return undrawn
    draws: list[int] = []
    for k in range(len(called)):
        draws.append(roll_3d(rng))
        # once a death check kills him, no further roll is made
        so_far = person_state(card.hp, injury, v, tuple(draws)).value
        if so_far.condition in (Condition.DEAD, Condition.DESTROYED) and k + 1 < len(called):
            break
    return person_state(card.hp, injury, v, tuple(draws))
