"""A running fight: the last outcome's state as the next shot's starting point.

``armourpen resolve SCENARIO --then LAST.json`` (LAST.json from ``resolve --json``) starts each card
of the scenario where the last shot left the card of the same name: its layers' DR left (GU-28),
and where the outcome gives them its HP left (``targets[i].hp_left``, GU-27; a cover's
``covers[i].hp_left``, GU-26) and its shield's HP left (``shield_hp_left``, GU-25). A field the
outcome does not give, or that this scenario's card cannot take, keeps the scenario's value: an
outcome written before a rule existed still serves. Cards are matched by name; a card the last
outcome does not name starts as the scenario says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from armourpen.errors import InputError
from armourpen.explain import Ruling, Step, about
from armourpen.gurps.layers import Layer
from armourpen.gurps.locations import Location
from armourpen.gurps.model import Cover, GurpsScenario, LineEntry, Target

FIELD = "--then"


def _whole(value: object, where: str, at_most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"{FIELD} {where}", value, "a whole number of 0 or more (as resolve "
                         "--json writes it)")
    if value > at_most:
        raise InputError(f"{FIELD} {where}", value, f"at most {at_most}, the card's DR (a "
                         "layer does not grow back)")
    return value


def _by_name(entries: object, where: str) -> dict[str, tuple[int, Mapping[str, Any]]]:
    if entries is None:
        return {}
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise InputError(f"{FIELD} {where}", entries, "a list, as resolve --json writes it")
    out: dict[str, tuple[int, Mapping[str, Any]]] = {}
    for i, e in enumerate(entries):
        if isinstance(e, Mapping) and isinstance(e.get("name"), str):
            out[e["name"]] = (i, e)
    return out


def _layers(t: Target, last: Mapping[str, Any], where: str, steps: list[Step]) -> Target:
    given = last.get("layers")
    if given is None:
        return t
    spot = last.get("location")
    hit = next((x for x in Location if x.value == spot), None)
    table = hit is not None and any(w is hit for w, _ in t.layers_at)
    layers = t.layers_for(hit) if table and hit is not None else t.layers
    if not isinstance(given, Sequence) or len(given) != len(layers):
        raise InputError(f"{FIELD} {where}.layers", given, f"{len(layers)} layers, as "
                         f"{t.name}'s card gives them (GU-28)")
    worn: list[Layer] = []
    for j, (layer, g) in enumerate(zip(layers, given, strict=True)):
        if not isinstance(g, Mapping) or "dr_left" not in g:
            worn.append(layer)
            continue
        left = _whole(g["dr_left"], f"{where}.layers[{j}].dr_left", layer.dr)
        crushing = layer.crushing
        if crushing is not None and "crushing_left" in g:
            crushing = _whole(g["crushing_left"], f"{where}.layers[{j}].crushing_left", crushing)
        if left != layer.dr:
            steps.append(Step(Ruling.GU_28, f"{t.name}: layer {j + 1} starts at DR {left} "
                              f"(the last shot left it so; the card says {layer.dr})"))
        worn.append(replace(layer, dr=left, crushing=crushing))
    new = tuple(worn)
    total = sum(x.dr for x in new)
    if table and hit is not None:
        at = tuple((w, new if w is hit else ls) for w, ls in t.layers_at)
        dr_at = tuple((w, total if w is hit else a, b) for w, a, b in t.dr_at)
        return replace(t, layers_at=at, dr_at=dr_at)
    back = total if t.dr_back == t.dr else t.dr_back
    return replace(t, layers=new, dr=total, dr_back=back)


def _hp_left(card: LineEntry, last: Mapping[str, Any], where: str, steps: list[Step],
             rule: Ruling) -> LineEntry:
    """The card's HP left, where the outcome gives it: a cover's ``hp_left`` (GU-26), a target
    card's in what it gives for GU-27 (an outcome gives it only for such a card)."""
    if "hp_left" not in last or last["hp_left"] is None:
        return card
    if isinstance(card, Target) and card.vitality is None:
        return card
    value = last["hp_left"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{FIELD} {where}.hp_left", value, "a whole number (from resolve --json)")
    steps.append(Step(rule, f"{card.name}: starts with {value} HP left (the last shot)"))
    if isinstance(card, Target):
        assert card.vitality is not None
        return replace(card, vitality=replace(card.vitality, hp_left=value))
    return replace(card, hp_left=value)


def _shield(card: LineEntry, last: Mapping[str, Any], where: str, steps: list[Step]) -> LineEntry:
    """The shield's HP left (GU-25), where the outcome and this build's card both have it."""
    shield = getattr(card, "shield", None)
    value = last.get("shield_hp_left")  # the outcome's key (issue 32)
    if shield is None or value is None:
        return card
    if not any(f.name == "hp_left" for f in fields(shield)):
        return card
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{FIELD} {where}.shield_hp_left", value, "a whole number")
    steps.append(Step(Ruling.GU_25, f"{card.name}: the shield starts with {value} HP left"))
    return replace(card, shield=replace(shield, hp_left=value))


def next_shot(scenario: object, last: object) -> GurpsScenario:
    """``scenario`` (GURPS) with each card started where ``last`` (an outcome's JSON, as
    ``resolve --json`` or ``outcome.to_dict()`` give it) left it: a running fight."""
    if not isinstance(scenario, GurpsScenario):
        raise InputError(FIELD, "(the scenario)", "a GURPS scenario (a running fight)")
    if not isinstance(last, Mapping) or last.get("rules") != "gurps":
        raise InputError(FIELD, "(the file)", "a GURPS outcome written by resolve --json")
    targets = _by_name(last.get("targets"), "targets")
    covers = _by_name(last.get("covers"), "covers")
    steps: list[Step] = []
    line: list[LineEntry] = []
    for e in scenario.line:
        before = len(steps)
        found = (targets if isinstance(e, Target) else covers).get(e.name)
        if found is not None:
            i, given = found
            where = f"{'targets' if isinstance(e, Target) else 'covers'}[{i}]"
            if isinstance(e, Target):
                e = _layers(e, given, where, steps)
                e = _hp_left(e, given, where, steps, Ruling.GU_27)
            elif isinstance(e, Cover):
                e = _hp_left(e, given, where, steps, Ruling.GU_26)
            e = _shield(e, given, where, steps)
        steps[before:] = about(steps[before:], e.index)
        line.append(e)
    return replace(scenario, line=tuple(line), steps=(*scenario.steps, *steps))
