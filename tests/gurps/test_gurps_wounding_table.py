"""GU-4's wounding table and GU-9's blunt trauma, every cell, worked out by hand from the rulings.

The table below is GU-4's text written out, one row per location and one column per damage type
(``burn tbb`` is tight-beam burning). Each cell is checked through the public API: a target of
HP 1000 (no limb cap, crippling or Diffuse cap reaches 60 x 4) with no DR, hit at the location by
60 penetrating points (62 at the skull, whose natural DR 2 stops 2 of them, except for toxic
damage, GU-12), so the injury is 60 x the modifier exactly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import armourpen
from armourpen.gurps.chain import TargetResult
from armourpen.gurps.damage import InjuryTolerance, wounding_modifier
from armourpen.gurps.locations import Location
from armourpen.gurps.notation import DamageType
from armourpen.gurps.outcome import GurpsOutcome

F = Fraction
H = F(1, 2)
X15 = F(3, 2)

TYPES = ("pi-", "pi", "pi+", "pi++", "imp", "cut", "cr", "burn", "burn tbb", "cor", "tox", "fat")

# GU-4, by hand. Torso: pi- 0.5, pi 1, pi+ 1.5, pi++ 2, imp 2, cut 1.5, cr 1, burn 1, cor 1, tox 1,
# fat 1. Groin as torso. Vitals: imp and every pi size x3, tight-beam burning x2, others their torso
# modifier. Skull and eye: x4 for every type but tox (and fatigue, which ignores location). Face:
# cor x1.5. Neck: cr and cor x1.5, cut x2. Arm, leg, hand, foot: imp, pi+ and pi++ x1.
#              pi-  pi    pi+  pi++  imp   cut  cr   burn tbb  cor  tox  fat
_TORSO = (H, 1, X15, 2, 2, X15, 1, 1, 1, 1, 1, 1)
_LIMB = (H, 1, 1, 1, 1, X15, 1, 1, 1, 1, 1, 1)
TABLE: dict[str, tuple[Fraction | int, ...]] = {
    "torso": _TORSO,
    "groin": _TORSO,
    "vitals": (3, 3, 3, 3, 3, X15, 1, 1, 2, 1, 1, 1),
    "skull": (4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1),
    "eye": (4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1),
    "face": (H, 1, X15, 2, 2, X15, 1, 1, 1, X15, 1, 1),
    "neck": (H, 1, X15, 2, 2, 2, X15, 1, 1, X15, 1, 1),
    "arm": _LIMB,
    "leg": _LIMB,
    "hand": _LIMB,
    "foot": _LIMB,
}

CELLS = [
    pytest.param(kind, where, F(row[i]), id=f"{kind.replace(' ', '_')}-{where}")
    for where, row in TABLE.items()
    for i, kind in enumerate(TYPES)
]

# The types the Basic Set lets target the vitals; the others keep their torso modifier with a warning.
VITALS_TYPES = frozenset({"pi-", "pi", "pi+", "pi++", "imp", "burn tbb"})


def shot(damage: str, roll: int, where: str, **target: Any) -> GurpsOutcome:
    """One target of HP 1000 hit at ``where`` by a fixed roll, read and resolved as a user would."""
    scenario = armourpen.load_scenario({
        "rules": "gurps",
        "attack": {"damage": damage, "roll": roll, "location": where},
        "line": [{"target": "T", "hp": 1000, **target}],
    })
    outcome = armourpen.resolve(scenario)
    assert isinstance(outcome, GurpsOutcome)
    return outcome


def first(outcome: GurpsOutcome) -> TargetResult:
    return outcome.targets[0]


def trauma_of(t: TargetResult) -> int:
    assert t.effects is not None
    return t.effects.blunt_trauma


def test_gu4_table_covers_every_damage_type_and_humanoid_location() -> None:
    # The table above must not silently miss a type or location the project knows (kb has no
    # wounding at all, GU-13; wing, tail and fin follow another location's rules).
    known = {t.value for t in DamageType} - {"kb"}
    assert known == {kind.removesuffix(" tbb") for kind in TYPES}
    assert set(TABLE) == {loc.value for loc in Location} - {"wing", "tail", "fin"}


@pytest.mark.parametrize(("kind", "where", "modifier"), CELLS)
def test_gu4_wounding_multiplier(kind: str, where: str, modifier: Fraction) -> None:
    skull_dr = 2 if where == "skull" and kind != "tox" else 0
    outcome = shot(f"20d {kind}", 60 + skull_dr, where)
    t = first(outcome)
    assert (t.own_dr, t.penetrating) == (skull_dr, 60)
    assert t.wounding == modifier
    assert t.injury == 60 * modifier  # every cell times 60 is whole: no rounding to hide behind
    # Fatigue ignores location, so aiming it at the vitals changes nothing to warn of.
    vitals_warning = any(w.rule == "GU-4" and "vitals" in w.text for w in outcome.warnings)
    assert vitals_warning == (where == "vitals" and kind not in VITALS_TYPES | {"fat"})


@pytest.mark.parametrize("where", list(TABLE))
def test_gu13_kb_does_no_injury_at_any_location(where: str) -> None:
    assert first(shot("20d kb", 62, where)).injury == 0


# --- GU-4 Injury Tolerance, on the same table --------------------------------------------------

# Unliving: these replace the location's modifier except at eye, skull and vitals.
UNLIVING = {"pi-": F(1, 5), "pi": F(1, 3), "pi+": H, "pi++": F(1), "imp": F(1)}
# Homogenous: these, and every other type its torso modifier, wherever it hits.
HOMOGENOUS = {"pi-": F(1, 10), "pi": F(1, 5), "pi+": F(1, 3), "pi++": H, "imp": H}


def _rule(kind: str, where: str, tolerance: InjuryTolerance) -> Fraction:
    damage_type = DamageType(kind.removesuffix(" tbb"))
    return wounding_modifier(damage_type, kind.endswith(" tbb"), Location(where), tolerance).modifier


@pytest.mark.parametrize(("kind", "where", "flesh"), CELLS)
def test_gu4_unliving_multiplier(kind: str, where: str, flesh: Fraction) -> None:
    keeps = where in ("eye", "skull", "vitals") or kind not in UNLIVING
    assert _rule(kind, where, InjuryTolerance.UNLIVING) == (flesh if keeps else UNLIVING[kind])


@pytest.mark.parametrize(("kind", "where", "flesh"), CELLS)
def test_gu4_homogenous_multiplier(kind: str, where: str, flesh: Fraction) -> None:
    del flesh  # Homogenous ignores location
    torso = F(_TORSO[TYPES.index(kind)])
    assert _rule(kind, where, InjuryTolerance.HOMOGENOUS) == HOMOGENOUS.get(kind, torso)


@pytest.mark.parametrize(("kind", "where", "flesh"), CELLS)
def test_gu4_diffuse_injury_cap(kind: str, where: str, flesh: Fraction) -> None:
    # 60 x the location's modifier is at least 30: Diffuse caps it at 1 for imp and every pi size,
    # at 2 for every other type.
    assert flesh * 60 >= 30
    cap = 1 if kind in ("pi-", "pi", "pi+", "pi++", "imp") else 2
    t = first(shot(f"20d {kind}", 62, where, injury_tolerance="diffuse"))
    assert t.penetrating is not None and t.penetrating > 0
    assert t.injury == cap


# --- GU-9 blunt trauma, every type on both sides of each threshold ------------------------------

PER_5 = ("cr",)
PER_10 = ("cut", "imp", "pi-", "pi", "pi+", "pi++")
NONE = ("burn", "burn tbb", "cor", "tox", "fat")


def _trauma_cases() -> list[Any]:
    # ``basic`` points all stopped by flexible DR 30: 1 HP per full 5 (cr) or 10 (cut, imp, pi).
    cases = []
    for basic in (4, 5, 9, 10, 14, 15, 19, 20, 24):
        for kind in PER_5:
            cases.append(pytest.param(kind, basic, basic // 5, id=f"{kind.replace(' ', '_')}-{basic}"))
        for kind in PER_10:
            cases.append(pytest.param(kind, basic, basic // 10, id=f"{kind.replace(' ', '_')}-{basic}"))
        for kind in NONE:
            cases.append(pytest.param(kind, basic, 0, id=f"{kind.replace(' ', '_')}-{basic}"))
    return cases


# Written out for the thresholds, so the table above is not the only place the numbers live.
@pytest.mark.parametrize(
    ("kind", "basic", "trauma"),
    [("cr", 4, 0), ("cr", 5, 1), ("cr", 9, 1), ("cr", 10, 2),
     ("cut", 9, 0), ("cut", 10, 1), ("cut", 19, 1), ("cut", 20, 2),
     ("imp", 9, 0), ("imp", 10, 1), ("pi-", 9, 0), ("pi-", 10, 1),
     ("pi", 19, 1), ("pi+", 20, 2), ("pi++", 9, 0), ("pi++", 10, 1)],
)
def test_gu9_blunt_trauma_thresholds(kind: str, basic: int, trauma: int) -> None:
    t = first(shot(f"4d {kind}", basic, "torso", dr=30, flexible=True))
    assert (t.penetrating, trauma_of(t), t.injury) == (0, trauma, trauma)


@pytest.mark.parametrize(("kind", "basic", "trauma"), _trauma_cases())
def test_gu9_blunt_trauma_per_type(kind: str, basic: int, trauma: int) -> None:
    t = first(shot(f"4d {kind}", basic, "torso", dr=30, flexible=True))
    assert t.penetrating == 0
    assert trauma_of(t) == trauma
    assert t.injury == trauma  # it counts in the injury, with no wounding modifier


@pytest.mark.parametrize("kind", PER_5 + PER_10)
@pytest.mark.parametrize("where", ["skull", "eye", "vitals", "neck", "arm"])
def test_gu9_no_location_modifier_on_blunt_trauma(kind: str, where: str) -> None:
    # 20 stopped by flexible DR 30 (32 at the skull): 4 (cr) or 2, never times the location's x4 or x3
    t = first(shot(f"4d {kind}", 20, where, dr=30, flexible=True))
    assert (t.penetrating, t.injury) == (0, 4 if kind == "cr" else 2)


@pytest.mark.parametrize("kind", PER_5 + PER_10)
def test_gu9_one_point_through_no_blunt_trauma(kind: str) -> None:
    # 21 against flexible DR 20: one point through, injury from the wounding modifier alone
    t = first(shot(f"4d {kind}", 21, "torso", dr=20, flexible=True))
    assert (t.penetrating, trauma_of(t)) == (1, 0)
    assert t.injury == max(1, int(F(_TORSO[TYPES.index(kind)])))
