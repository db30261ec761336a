"""GU-28: layered DR, outermost first: a divisor per layer, split DR, blunt trauma, ablation.

A target card's ``dr`` may be a list of layers. Each layer faces the attack's armour divisor
stepped down by its own Hardened levels (GU-14) and is floored on its own (GU-3); the DR faced is
the sum. A split DR (``crushing = M``) gives M against crushing damage. The blow reaches the
layers in order: each stops up to its effective DR of what is left. Blunt trauma (GU-9) needs
every layer that stopped some of the blow to be flexible; ablative layers lose DR for what they
stopped, semi-ablative ones for the blow that struck them. Ablation changes DR after the shot:
every hit of a burst faces the layers as they were before it (the states after each hit are
reported).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from armourpen.explain import Explained, Ruling, Step
from armourpen.gurps.damage import Dr0Reading, apply_divisor
from armourpen.gurps.notation import Damage, DamageType
from armourpen.gurps.traits import hardened_divisor


class Ablation(StrEnum):
    """How a layer wears (GU-28, Basic Set p. 47)."""

    ABLATIVE = "ablative"
    SEMI_ABLATIVE = "semi-ablative"


ABLATIONS: tuple[str, ...] = tuple(a.value for a in Ablation)
SEMI_ABLATIVE_PER = 10  # basic damage per DR a semi-ablative layer loses


@dataclass(frozen=True, slots=True)
class Layer:
    """One layer of a target's DR (GU-28); ``crushing`` is a split DR's figure against crushing."""

    dr: int
    hardened: int = 0
    flexible: bool = False
    crushing: int | None = None
    ablation: Ablation | None = None

    def against(self, damage_type: DamageType) -> int:
        """The layer's DR against this damage type: a split DR gives ``crushing`` to crushing."""
        if damage_type is DamageType.CR and self.crushing is not None:
            return self.crushing
        return self.dr

    def words(self) -> str:
        parts = [f"DR {self.dr}" + ("" if self.crushing is None else f"/{self.crushing}")]
        if self.hardened:
            parts.append(f"Hardened {self.hardened}")
        if self.flexible:
            parts.append("flexible")
        if self.ablation is not None:
            parts.append(self.ablation.value)
        return " ".join(parts)


def total_dr(layers: tuple[Layer, ...]) -> int:
    """What a layered card counts as its DR where the layers are not faced one by one: as cover
    (GU-6) the sum of its layers."""
    return sum(layer.dr for layer in layers)


@dataclass(frozen=True, slots=True)
class Faced:
    """The layers against one attack: each layer's effective DR (after its divisor, floored)."""

    layers: tuple[Layer, ...]
    effective: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.effective)

    def stopped(self, arriving: int) -> tuple[int, ...]:
        """What each layer stops of a blow of ``arriving`` basic damage: up to its effective DR
        of what the layers outside it let through."""
        left = max(0, arriving)
        out = []
        for eff in self.effective:
            stop = min(eff, left)
            out.append(stop)
            left -= stop
        return tuple(out)

    def flexible_stop(self, arriving: int) -> bool:
        """Whether every layer that stopped some of the blow is flexible (GU-9 through GU-28);
        a layer the blow never reached, or that stops nothing, does not count."""
        stops = self.stopped(arriving)
        return any(stops) and all(layer.flexible for layer, s in zip(self.layers, stops,
                                                                      strict=True) if s)

    def losses(self, arriving: int) -> tuple[int, ...]:
        """The DR each layer loses to the blow: ablative, one per point of basic damage it
        stopped; semi-ablative, one per full 10 points of the basic damage that struck it."""
        left = max(0, arriving)
        out = []
        for layer, eff in zip(self.layers, self.effective, strict=True):
            stop = min(eff, left)
            if layer.ablation is Ablation.ABLATIVE:
                out.append(stop)
            elif layer.ablation is Ablation.SEMI_ABLATIVE:
                out.append(left // SEMI_ABLATIVE_PER)
            else:
                out.append(0)
            left -= stop
        return tuple(out)


def face_layers(layers: tuple[Layer, ...], damage: Damage, reading: Dr0Reading,
                card_hardened: int = 0, times: int = 1, innermost: int = 0) -> Explained[Faced]:
    """Each layer's effective DR against ``damage`` (GU-3, GU-14, GU-28), with the steps.

    The card's own ``hardened`` adds to every layer's; ``times`` is GU-20's multiple at
    extremely close range, applied to each layer; ``innermost`` is DR the body adds under the
    innermost layer before its divisor (the skull's natural DR 2, as a single DR adds it).
    """
    steps: list[Step] = []
    effective = []
    for i, layer in enumerate(layers, 1):
        levels = card_hardened + layer.hardened
        divisor = hardened_divisor(damage.divisor, levels)
        dr = layer.against(damage.type) + (innermost if i == len(layers) else 0)
        what = f"layer {i} DR" + (" (crushing)" if layer.against(damage.type) != layer.dr
                                  else "") + (f" (+ skull {innermost})" if i == len(layers)
                                              and innermost else "")
        eff = apply_divisor(dr, divisor.value, reading, what)
        steps.extend(Step(s.rule, f"layer {i}: {s.text}") for s in divisor.steps)
        steps.extend(eff.steps)
        effective.append(eff.value * times)
    shown = " + ".join(str(e) for e in effective)
    steps.append(Step(Ruling.GU_28, f"layers outermost first ({'; '.join(x.words() for x in layers)})"
                      f": DR faced {shown} = {sum(effective)}"))
    return Explained(Faced(layers, tuple(effective)), tuple(steps))


@dataclass(frozen=True, slots=True)
class LayerLeft:
    """A layer after the shot: what it stopped and lost, its DR left (and, for a burst, after
    each hit in turn). ``effective`` is None when the shot did not hit the card."""

    layer: Layer
    effective: int | None = None
    stopped: int = 0
    lost: int = 0
    after_hits: tuple[int, ...] = ()

    @property
    def dr_left(self) -> int:
        return max(0, self.layer.dr - self.lost)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dr": self.layer.dr, "effective_dr": self.effective,
                               "stopped": self.stopped, "dr_lost": self.lost,
                               "dr_left": self.dr_left}
        if self.layer.crushing is not None:
            out["crushing"] = self.layer.crushing
            out["crushing_left"] = max(0, self.layer.crushing - self.lost)
        if self.after_hits:
            out["dr_left_after_hits"] = list(self.after_hits)
        return out


def untouched(layers: tuple[Layer, ...]) -> tuple[LayerLeft, ...]:
    return tuple(LayerLeft(layer) for layer in layers)


def after_blow(faced: Faced, arriving: int, name: str) -> Explained[tuple[LayerLeft, ...]]:
    """Each layer after a blow of ``arriving`` basic damage, with a step for every layer that
    wore (GU-28)."""
    stops, losses = faced.stopped(arriving), faced.losses(arriving)
    out = []
    steps = []
    for i, (layer, eff, stop, lost) in enumerate(
            zip(faced.layers, faced.effective, stops, losses, strict=True), 1):
        left = LayerLeft(layer, eff, stop, lost)
        out.append(left)
        if layer.ablation is Ablation.ABLATIVE:
            steps.append(Step(Ruling.GU_28, f"{name}: layer {i} (ablative) stopped {stop}: DR "
                              f"{layer.dr} - {lost} = {left.dr_left} left"))
        elif layer.ablation is Ablation.SEMI_ABLATIVE:
            steps.append(Step(Ruling.GU_28, f"{name}: layer {i} (semi-ablative) struck: 1 DR per "
                              f"full {SEMI_ABLATIVE_PER} of basic damage, DR {layer.dr} - {lost} = "
                              f"{left.dr_left} left"))
    return Explained(tuple(out), tuple(steps))


def over_hits(hits: list[tuple[LayerLeft, ...]]) -> tuple[LayerLeft, ...]:
    """A burst's hits on one card, each having faced the layers as before the burst (GU-28): the
    losses add up, and the DR left after each hit is kept. Hits on other layers (another place
    of a table of DR by location) than the first hit's are not counted here."""
    first = hits[0]
    same = [x.layer for x in first]
    hits = [h for h in hits if [x.layer for x in h] == same]
    out = []
    for j, start in enumerate(first):
        lost = 0
        after = []
        for hit in hits:
            lost += hit[j].lost
            after.append(max(0, start.layer.dr - lost))
        out.append(LayerLeft(start.layer, start.effective, sum(h[j].stopped for h in hits),
                             lost, tuple(after)))
    return tuple(out)
