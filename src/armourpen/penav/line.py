"""PA-12: the line of fire. Everything the shot passed layers in front of each target (PA-7)."""

from __future__ import annotations

from armourpen.catalog.items import Plate
from armourpen.explain import Caution, Ruling, Step
from armourpen.penav.direction import HUMAN_BODY_AV, Direction, body_axis
from armourpen.penav.layering import Layer, Origin, labels, layered_av
from armourpen.penav.model import Attack, Body, Cover, PenavScenario, Target
from armourpen.penav.outcome import TargetOutcome
from armourpen.penav.penetration import Result, compare
from armourpen.penav.wearing import wearing_warnings

# What one entry of the line puts in the way: its layers, the steps that found them, and warnings.
Found = tuple[list[Layer], list[Step], list[Caution]]


def _plate_layer(name: str, plate: Plate, attack: Attack, field: str) -> Found:
    # Imported here: the slope and thickness rules are only needed when a plate is in the line.
    from armourpen.penav.slope import check_stated, effective_av

    eff = effective_av(plate, float(attack.elevation), float(attack.azimuth), field=field)
    steps = list(eff.steps)
    warnings: list[Caution] = []
    stated = check_stated(plate, field=name)
    if stated is not None:  # a source's printed figure that our computation does not confirm
        warnings.append(stated)
        steps.append(Step(stated.rule, f"warning: {stated.text}"))
    return [Layer(name, eff.value, Origin.PLATE, structural=True)], steps, warnings


def cover_layers(cover: Cover, attack: Attack, field: str) -> Found:
    """The layers a piece of cover puts in the way of this attack (PA-9 for its directions)."""
    if cover.plate is not None:
        return _plate_layer(cover.name, cover.plate, attack, field)
    assert cover.av is not None
    if attack.direction not in cover.covers:
        covered = ", ".join(d.value for d in Direction if d in cover.covers)
        return [], [
            Step(
                Ruling.PA_9,
                f"{cover.name} covers only {covered}: it gives nothing against an attack "
                f"from {attack.direction.value}",
            )
        ], []
    layer = Layer(cover.name, cover.av, Origin.COVER, cover.structural)
    return [layer], [Step(Ruling.PA_9, f"cover {layer.label()} stands in the way")], []


def own_layers(target: Target, attack: Attack, field: str) -> Found:
    """What protects the target itself: worn armour from every direction, or the vehicle face hit."""
    if target.vehicle is not None:
        from armourpen.penav.vehicle import hit_face

        hit = hit_face(target.vehicle, attack.direction, float(attack.elevation),
                       float(attack.azimuth), target.face, field=f"{field}.face")
        warning = hit.value.warning
        layer = Layer(f"{target.vehicle.name} {hit.value.face}", hit.value.av, Origin.VEHICLE, True)
        return [layer], list(hit.steps), [] if warning is None else [warning]
    if target.plate is not None:
        return _plate_layer(f"{target.name} plate", target.plate, attack, field)
    layers = [Layer(a.name, a.av, Origin.ARMOUR, a.structural) for a in target.armour]
    if not layers:
        return [], [Step(Ruling.PA_9, f"{target.name} wears no armour")], []
    steps = [Step(Ruling.PA_9, f"{target.name} wears {labels(layers)} (worn armour counts from "
                          "every direction)")]
    if len(layers) > 1:
        steps.append(Step(Ruling.PA_7, f"{target.name}'s {len(layers)} worn items are layered as if each "
                          "covers the spot the shot meets (the text has no hit locations, and "
                          "PA-7 and PA-8 count every item listed): list only what covers that "
                          "spot; a helmet is no layer over a vest"))
    return layers, steps, []


def passed_layers(
    target: Target, own: list[Layer], attack: Attack
) -> tuple[list[Layer], str, Step]:
    """What a target the shot went through adds for those behind it (PA-12): the layers, their
    labels and the step."""
    if target.vehicle is not None or target.plate is not None:
        named = labels(own)
        return own, named, Step(Ruling.PA_12, f"for those behind, {target.name} adds {named}")
    layers: list[Layer] = []
    if target.body is Body.HUMAN:
        d = attack.direction
        layers.append(Layer(f"{target.name}'s body ({body_axis(d)})", HUMAN_BODY_AV[d], Origin.BODY))
    for x in own:
        layers += (Layer(f"{x.name} (in)", x.av, Origin.ARMOUR, x.structural),
                   Layer(f"{x.name} (out)", x.av, Origin.ARMOUR, x.structural))
    if not layers:
        return layers, "", Step(Ruling.PA_12, f"for those behind, {target.name} adds nothing")
    named = labels(layers)
    return layers, named, Step(Ruling.PA_12, f"for those behind, {target.name} adds {named} (body by "
                                        "direction, PA-9; each worn item twice, in and out)")


def line_work(scenario: PenavScenario) -> int:
    """The layers the targets face, summed over the targets as if the shot reached them all: the
    work of resolving the line (and the size of its explanation), estimated before any is done.

    Each target faces everything passed before it (PA-12), so a long line of well-armoured
    targets grows with the square of its length; :attr:`armourpen.limits.Limits.max_line_work`
    caps it.
    """
    in_front = 0
    total = 0
    for entry in scenario.line:
        if isinstance(entry, Cover):
            in_front += 1
            continue
        if entry.vehicle is not None or entry.plate is not None:
            own, passed = 1, 1  # the face or plate hit
        else:  # worn armour, then its body and each item twice for those behind
            own = len(entry.armour)
            passed = 2 * own + (1 if entry.body is Body.HUMAN else 0)
        total += in_front + own
        in_front += passed
    return total


def resolve_line(
    scenario: PenavScenario, pen: int, pen_structural: bool
) -> tuple[tuple[TargetOutcome, ...], tuple[Caution, ...]]:
    """One comparison per target; the shot stops at the first target it does not penetrate."""
    attack = scenario.attack
    in_front: list[Layer] = []
    named_in_front: list[str] = []  # their labels, as each entry added them (labelled once)
    pending: list[Step] = []  # cover steps, reported with the next target
    outcomes: list[TargetOutcome] = []
    warnings: list[Caution] = []
    stopped_at: str | None = None
    last_target = max([i for i, e in enumerate(scenario.line) if isinstance(e, Target)], default=-1)
    for index, entry in enumerate(scenario.line):
        field = f"line[{index}]"
        if isinstance(entry, Cover):
            layers, steps, found_warnings = cover_layers(entry, attack, f"{field}.cover")
            warnings.extend(found_warnings)
            if layers:
                in_front.extend(layers)
                named_in_front.append(labels(layers))
            pending.extend(steps)
            continue
        target = entry
        if target.armour:
            warnings += wearing_warnings(target.name, target.armour)
        if stopped_at is not None:
            outcomes.append(
                TargetOutcome(
                    target.name, None, Result.NOT_REACHED, (),
                    (Step(Ruling.PA_12, f"{target.name}: not reached; the shot stopped at "
                                   f"{stopped_at}"),),
                )
            )
            pending = []
            continue
        own, own_steps, own_warnings = own_layers(target, attack, field)
        warnings.extend(own_warnings)
        facing = [*in_front, *own]
        av = layered_av(facing)
        result = compare(pen, av.value)
        steps = [
            Step(Ruling.PA_12, f"{target.name}: in front: {', '.join(named_in_front)}" if in_front
                 else f"{target.name}: nothing in front"),
            *pending,
            *own_steps,
            *av.steps,
            *result.steps,
        ]
        pending = []
        if result.value.goes_on:
            extra, named, step = passed_layers(target, own, attack)
            if extra:
                in_front.extend(extra)
                named_in_front.append(named)
            if index < last_target:  # someone behind
                steps.append(step)
        else:
            stopped_at = target.name
        structural = pen_structural or any([layer.structural for layer in facing])
        outcomes.append(
            TargetOutcome(target.name, av.value, result.value, tuple(facing), tuple(steps),
                          structural)
        )
    return tuple(outcomes), tuple(warnings)
