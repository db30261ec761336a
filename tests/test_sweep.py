"""The sweep engine: equal to ``resolve`` cell for cell, and hand-worked cells from the text.

Oracle: every cell's scenario is built as a mapping and resolved with
``armourpen.resolve(armourpen.load_scenario(mapping))``; the sweep must give the same PEN, AV,
outcome, ammunition and DC for one target behind that defence.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import armourpen
from armourpen.catalog import ArmourItem, AttackProfile, Catalog, CoverItem, RangeColumn
from armourpen.errors import InputError, UnknownNameError
from armourpen.penav.defences import Defence, DefenceLayer
from armourpen.penav.direction import Direction
from armourpen.penav.grid import sweep
from armourpen.penav.layering import Layer, layered_av
from armourpen.penav.penetration import Result, compare
from armourpen.penav.ranges import Band
from armourpen.penav.sweep_result import ROW_FIELDS, SYMBOLS, SweepResult

RULE = "rifle_ball_as_sp"
NATO_NAME = "7.62x51mm NATO"
# A distance inside each band (its upper bound, PA-3), mixing units; Contact is chosen explicitly.
DISTANCE_IN = {
    Band.POINT_BLANK: "1 m",
    Band.CLOSE: "30 ft",  # 10 m
    Band.SHORT: "25 yd",
    Band.MEDIUM: "40 m",
    Band.LONG: "100 m",
    Band.VERY_LONG: "150 m",
    Band.FAR: "0.4 km",
    Band.VERY_FAR: "800 m",
    Band.DISTANT: "1200 m",
    Band.VERY_DISTANT: "3200 m",
}
ALL_DIRS = tuple(Direction)


def scenario_for(attack: str, defence: Defence, band: Band, direction: Direction,
                 optional: bool, ammo: str | None = None) -> dict[str, Any]:
    """The mapping of one sweep cell: cover entries in front of one target wearing the armour."""
    at: dict[str, Any] = {"weapon": attack, "from": direction.value}
    if band is Band.CONTACT:
        at["contact"] = True
    else:
        at["range"] = DISTANCE_IN[band]
    if ammo is not None:
        at["ammo"] = ammo
    line: list[dict[str, Any]] = [{"cover": x.name} for x in defence.layers if x.kind == "cover"]
    line.append({"target": "t", "armour": [x.name for x in defence.layers if x.kind == "armour"]})
    return {"rules": "penav", "optional_rules": [RULE] if optional else [], "attack": at,
            "line": line}


def check_cell(res: SweepResult, i: int, j: int, k: int, l: int, optional: bool,  # noqa: E741
               catalog: Catalog, ammo: str | None = None) -> None:
    cell = res.cell(i, j, k, l)
    mapping = scenario_for(res.attacks[i].name, res.defences[j], res.bands[k],
                           res.directions[l], optional, ammo)
    if cell.result is None:  # past the attack's reach (PA-3): resolve answers, and warns
        warned = armourpen.resolve(armourpen.load_scenario(mapping, catalog)).to_dict()["warnings"]
        assert any(w["rule"] == "PA-3" and " reaches " in w["text"] for w in warned), mapping
        return
    out = armourpen.resolve(armourpen.load_scenario(mapping, catalog)).to_dict()
    target = out["targets"][0]
    got = (cell.pen, cell.av, cell.result.value, cell.ammo, cell.dc_modifier, cell.dc)
    want = (out["attack"]["pen"], target["av"], target["outcome"], out["attack"]["ammo"],
            out["attack"]["dc_modifier"], out["attack"]["dc"])
    assert got == want, mapping


def armour_defences(catalog: Catalog) -> list[Defence]:
    return [Defence.from_names([a.name], catalog) for a in catalog.items("armour")]


# --- the oracle: resolve, cell by cell ---------------------------------------------------------


def test_pa2_sweep_equals_resolve_every_attack_every_armour_every_band(catalog: Catalog) -> None:
    attacks = [a for a in catalog.items("attack") if isinstance(a, AttackProfile)]
    defences = armour_defences(catalog)
    on = sweep(attacks, defences, directions=ALL_DIRS, optional_rules=[RULE], catalog=catalog)
    off = sweep(attacks, defences, directions=ALL_DIRS, catalog=catalog)
    assert on.shape == (len(attacks), len(defences), 11, 6)
    assert on.bands == tuple(Band)  # every band, Contact included
    # Every (attack, armour, band) cell once; the direction turns with the cell, and the optional
    # rule alternates so that every attack meets both settings at every band.
    for i in range(len(attacks)):
        for j in range(len(defences)):
            for k in range(11):
                optional = (i + j + k) % 2 == 0
                check_cell(on if optional else off, i, j, k, (i + j + k) % 6, optional, catalog)


def test_pa9_pa7_sweep_equals_resolve_on_cover_and_armour_combinations(catalog: Catalog) -> None:
    valued = [c.name for c in catalog.items("cover") if isinstance(c, CoverItem) and c.av is not None]
    names = [
        [], ["NIJ Type III"], ["US PASGT vest", "Steel helmet"],
        ["Light clothing", "NIJ Type IIA", "Riot shield"], ["120mm RHA"],
    ]
    combos = [Defence.from_names(n, catalog) for n in names]
    for c in valued:
        combos.append(Defence.from_names([c], catalog))
        combos.append(Defence.from_names([c, "US PASGT vest"], catalog))
    combos.append(Defence.from_names(["Car door/body", "Car windscreen", "NIJ Type II"], catalog))
    combos.append(Defence.from_names(["Human body, front to back", "Human body, side to side",
                                      "Heavy concrete wall (50cm)", "60mm RHA"], catalog))
    attacks = [a for a in catalog.items("attack") if isinstance(a, AttackProfile)]
    on = sweep(attacks, combos, directions=ALL_DIRS, optional_rules=[RULE], catalog=catalog)
    off = sweep(attacks, combos, directions=ALL_DIRS, catalog=catalog)
    rng = random.Random(20240601)
    cells = [(i, j, k, l) for i in range(len(attacks)) for j in range(len(combos))
             for k in range(11) for l in range(6)]  # noqa: E741
    for i, j, k, l in rng.sample(cells, 6000):  # noqa: E741
        optional = rng.random() < 0.5
        check_cell(on if optional else off, i, j, k, l, optional, catalog)
    # Every combination from every direction at one band, in full.
    for j in range(len(combos)):
        for l in range(6):  # noqa: E741
            check_cell(off, j % len(attacks), j, 4, l, False, catalog)


def test_pa6_sweep_equals_resolve_with_user_ammo_modifiers(tmp_path: Path) -> None:
    user = tmp_path / "mine.toml"
    user.write_text(
        '[[ammo]]\nname = "hotload"\npen_mod = 2\ndc_mod = 1\n'
        '[[ammo]]\nname = "squib"\npen_mod = -9\ndc_mod = -5\n'
        '[[attack]]\nname = "Test rifle"\npen = 5\nrange_column = "rifle"\nhigh_velocity = true\n'
        'dc = 3\nammo = "hotload"\n'
        '[[attack]]\nname = "Test pistol"\npen = 4\nrange_column = "handgun"\ndc = 2\n'
        'ammo = "squib"\n'
    )
    cat = Catalog.load([user], user_dir=False)
    attacks = ["Test rifle", "Test pistol", "5.56mm NATO", ".50 BMG ball", "9mm Parabellum pistol"]
    defences = ["NIJ Type IIIA", "Sandbag wall, single layer + NIJ Type II"]
    for optional in (False, True):
        rules = [RULE] if optional else []
        for ammo in (None, "hotload", "squib", "ball"):
            res = sweep(attacks, defences, directions=ALL_DIRS, optional_rules=rules,
                        catalog=cat, ammo=ammo)
            for i in range(len(attacks)):
                for j in range(len(defences)):
                    for k in range(11):
                        check_cell(res, i, j, k, (i + k) % 6, optional, cat, ammo)
    # By hand: Test rifle PEN 5 + 2 (hotload) at Very Long -1 = 6; DC 3 + 1 - 1 = 3.
    res = sweep(["Test rifle"], ["NIJ Type III"], bands=["very_long"], catalog=cat)
    cell = res.cell(0, 0, 0, 0)
    assert (cell.pen, cell.dc_modifier, cell.dc, cell.ammo) == (6, 0, 3, "hotload")
    assert cell.result is Result.PENETRATED_REDUCED  # 6 = AV 6
    # Test pistol PEN 4 - 9 (squib) = -5 -> 0 (PA-3); DC 2 - 5 = -3 -> 0.
    res = sweep(["Test pistol"], ["Bare skin"], bands=["short"], catalog=cat)
    assert (int(res.pen[0, 0]), int(res.dc[0, 0])) == (0, 0)


# --- hand-worked cells -------------------------------------------------------------------------


def test_pa3_pa4_nato_ball_against_nij_iii_by_band(catalog: Catalog) -> None:
    # 7.62x51mm NATO PEN 7, Rifle/MG column; NIJ Type III AV 6. Contact..Long: +0 -> 7 > 6;
    # Very Long -1 -> 6 = 6; Far -2 -> 5, Very Far 4, Distant 3, Very Distant 2: all < 6.
    res = sweep(["7.62x51mm NATO"], ["NIJ Type III"], catalog=catalog)
    symbols = [res.cell(0, 0, k, 0).symbol for k in range(11)]
    assert symbols == ["✓"] * 6 + ["≈"] + ["·"] * 4
    assert res.pen[0].tolist() == [7, 7, 7, 7, 7, 7, 6, 5, 4, 3, 2]
    assert res.cell(0, 0, 6, 0).wound_modifier == -4


def test_pa9_wall_gives_nothing_from_above_worn_armour_counts(catalog: Catalog) -> None:
    # Sandbag wall AV 6 + US PASGT vest AV 5: horizontal 6 + 1 = 7; from above the wall covers
    # nothing, so the vest alone: 5.
    d = Defence.parse("Sandbag wall, single layer + US PASGT vest", catalog)
    res = sweep(["9mm Parabellum pistol"], [d], bands=["close"], directions=ALL_DIRS, catalog=catalog)
    assert res.av[0].tolist() == [7, 7, 7, 7, 5, 5]
    # 9mm pistol PEN 4 at Close (+0): stopped everywhere (4 < 5).
    assert set(res.outcome.ravel().tolist()) == {0}


def test_pa7_layers_of_av0_add_nothing_and_others_add_one(catalog: Catalog) -> None:
    # Light clothing AV 0 + NIJ Type III AV 6 -> 6; NIJ Type II 4 + NIJ Type III 6 -> 7;
    # Heavy clothing 1 + NIJ Type II 4 + NIJ Type III 6 -> 8.
    ds = ["Light clothing + NIJ Type III", "NIJ Type II + NIJ Type III",
          "Heavy clothing + NIJ Type II + NIJ Type III", "Bare skin"]
    res = sweep(["Punch"], ds, bands=["contact"], catalog=catalog)
    assert res.av[:, 0].tolist() == [6, 7, 8, 0]
    # Punch PEN 0 against Bare skin AV 0: equal, so it penetrates with -4 (PA-2).
    assert res.result(0, 3, 0, 0) is Result.PENETRATED_REDUCED


def test_pa9_human_body_cover_covers_only_its_axis(catalog: Catalog) -> None:
    # Front to back covers front and rear (AV 3), side to side left and right (AV 4).
    d = Defence.from_names(["Human body, front to back", "Human body, side to side"], catalog)
    res = sweep(["Punch"], [d], bands=["contact"], directions=ALL_DIRS, catalog=catalog)
    assert res.av[0].tolist() == [3, 3, 4, 4, 0, 0]


def test_pa3_pen_never_below_zero(catalog: Catalog) -> None:
    # .22LR PEN 2, Handgun column at Very Distant -6: 2 - 6 = -4 -> PEN 0.
    res = sweep([".22LR"], ["Bare skin", "Heavy clothing"], bands=["very_distant"], catalog=catalog)
    assert int(res.pen[0, 0]) == 0
    assert res.result(0, 0, 0, 0) is Result.PENETRATED_REDUCED  # 0 = AV 0
    assert res.result(0, 1, 0, 0) is Result.STOPPED  # 0 < 1


def test_pa1_structural_cells_show_both_scales(catalog: Catalog) -> None:
    # 57mm QF 6-pdr SPEN 10 = PEN 50; 100mm RHA SAV 9 = AV 45; 120mm RHA SAV 12 = AV 60.
    res = sweep(["57mm British QF 6-pdr"], ["100mm RHA", "120mm RHA"], bands=["long"],
                catalog=catalog)
    rows = res.rows()
    assert [(r["pen"], r["spen"], r["av"], r["sav"], r["outcome"]) for r in rows] == [
        (50, 10, 45, 9, "penetrated"),  # numbers as numbers, never "10"
        (50, 10, 60, 12, "stopped"),
    ]


def test_pa6_optional_rule_turns_rifle_ball_into_sp_to_medium(catalog: Catalog) -> None:
    res = sweep(["5.56mm NATO", "9mm Parabellum pistol"], ["Bare skin"], optional_rules=[RULE],
                catalog=catalog)
    ammo = [res.cell(0, 0, k, 0).ammo for k in range(11)]
    assert ammo == ["sp"] * 5 + ["ball"] * 6  # Contact, Point Blank, Close, Short, Medium
    assert {res.cell(1, 0, k, 0).ammo for k in range(11)} == {"ball"}  # a handgun: no change
    off = sweep(["5.56mm NATO"], ["Bare skin"], catalog=catalog)
    assert {off.cell(0, 0, k, 0).ammo for k in range(11)} == {"ball"}


def test_pa3_distances_axis_uses_their_bands(catalog: Catalog) -> None:
    # 150 m is Very Long; 300 ft / 3 = 100 -> Long; 2 km -> Distant (1600, 3200].
    res = sweep(["7.62x51mm NATO"], ["NIJ Type III"], distances=["150 m", "300 ft", "2km"],
                catalog=catalog)
    assert res.bands == (Band.VERY_LONG, Band.LONG, Band.VERY_DISTANT)
    assert [res.column_label(k) for k in range(3)] == ["150 m", "300 ft", "2 km"]
    assert [res.cell(0, 0, k, 0).symbol for k in range(3)] == ["≈", "✓", "·"]


def test_pa13_and_pa8_warnings(catalog: Catalog) -> None:
    res = sweep([".50 BMG M8 API-T at 500m"], ["Riot shield + Steel helmet"],
                bands=["very_far", "long"], catalog=catalog)
    assert any(w.rule == "PA-13" and "Long" in w.text for w in res.warnings)
    assert any(w.rule == "PA-8" and "rigid" in w.text for w in res.warnings)
    assert all(set(w) == {"rule", "text"} for w in res.to_dict()["warnings"])
    # At its own band only: no PA-13 warning.
    only = sweep([".50 BMG M8 API-T at 500m"], ["NIJ Type I"], bands=["very_far"], catalog=catalog)
    assert only.warnings == ()


# --- the engine against the rule functions (properties) --------------------------------------


layers_st = st.lists(
    st.builds(
        DefenceLayer,
        name=st.sampled_from(["a", "b", "c"]),
        av=st.integers(0, 1000),
        kind=st.just("cover"),
        covers=st.frozensets(st.sampled_from(ALL_DIRS), min_size=1),
    )
    | st.builds(DefenceLayer, name=st.just("worn"), av=st.integers(0, 1000)),
    max_size=6,
)


@settings(max_examples=200, deadline=None)
@given(layers=layers_st, pens=st.lists(st.integers(0, 1000), min_size=1, max_size=4))
def test_pa7_pa9_pa2_vectorized_equals_rule_functions(layers: list[DefenceLayer],
                                                      pens: list[int]) -> None:
    profiles = [AttackProfile(f"p{n}", p, RangeColumn.NONE)
                for n, p in enumerate(pens)]
    d = Defence("d", tuple(layers))
    res = sweep(profiles, [d], bands=["short"], directions=ALL_DIRS, catalog=Catalog.builtin())
    for l, direction in enumerate(ALL_DIRS):  # noqa: E741
        facing = [Layer(x.name, x.av) for x in layers if direction in x.covers]
        av = layered_av(facing).value
        assert int(res.av[0, l]) == av == d.av(direction)
        for i, p in enumerate(pens):
            assert res.result(i, 0, 0, l) is compare(p, av).value


# --- values and exports ------------------------------------------------------------------------


def test_rows_and_to_dict_carry_every_cell(catalog: Catalog) -> None:
    res = sweep(["7.62x51mm NATO", "57mm British QF 6-pdr"],
                ["NIJ Type III", "Sandbag wall, single layer"],
                bands=["long", "very_long"], directions=["front", "above"], catalog=catalog)
    rows = res.rows()
    assert len(rows) == res.size == 2 * 2 * 2 * 2
    assert all(tuple(r) == ROW_FIELDS for r in rows)
    assert [r["outcome"] for r in rows] == [c.result.value for c in res.cells() if c.result is not None]
    assert all(r["symbol"] == SYMBOLS[Result(r["outcome"])] for r in rows)
    data = json.loads(json.dumps(res.to_dict()))
    assert data["cells"] == rows
    assert data["directions"] == ["front", "above"]
    assert [c["band"] for c in data["columns"]] == ["long", "very_long"]
    assert set(data["legend"]) == {"✓", "≈", "·"}


def test_defence_from_catalog_items(catalog: Catalog) -> None:
    d = Defence.parse("Sandbag wall, single layer + US PASGT vest", catalog)
    assert [x.kind for x in d.layers] == ["cover", "armour"]
    assert d.name == "Sandbag wall, single layer + US PASGT vest"
    item = catalog.armour("NIJ Type III")
    assert isinstance(item, ArmourItem)
    assert DefenceLayer.from_armour(item).covers == frozenset(Direction)


# --- bad input (AP-2) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"attacks": ["No such gun"]}, "attacks[0]"),
        ({"defences": ["No such vest"]}, "defences[0][0]"),
        ({"defences": ["NIJ Type III + "]}, "defences[0]"),
        ({"defences": ["Brick wall"]}, "defences[0][0]"),  # PA-13: no value in the text
        ({"defences": ["7.62x51mm NATO"]}, "defences[0][0]"),  # an attack, not armour
        ({"bands": ["nearish"]}, "bands[0]"),
        ({"bands": ["long"], "distances": ["10 m"]}, "distances"),
        ({"distances": ["4 km"]}, "distances[0]"),
        ({"directions": ["sideways"]}, "directions[0]"),
        ({"optional_rules": ["everything_goes"]}, "optional_rules[0]"),
        ({"ammo": "plasma"}, "ammo"),
        ({"attacks": []}, "attacks"),
        ({"defences": []}, "defences"),
    ],
)
def test_ap2_bad_input_names_the_field(catalog: Catalog, kwargs: dict[str, Any], field: str) -> None:
    args: dict[str, Any] = {"attacks": ["7.62x51mm NATO"], "defences": ["NIJ Type III"],
                            "catalog": catalog}
    args.update(kwargs)
    with pytest.raises(InputError) as info:
        sweep(**args)
    assert info.value.field == field


def test_ap2_unknown_defence_suggests_armour_and_cover(catalog: Catalog) -> None:
    with pytest.raises(UnknownNameError) as info:
        sweep(["7.62x51mm NATO"], ["NIJ Type 3"], catalog=catalog)
    assert info.value.suggestions


@pytest.mark.parametrize("av", [-1, 1001, True])
def test_pa1_layer_av_outside_the_scale_is_an_error(av: Any) -> None:
    with pytest.raises(InputError):
        DefenceLayer("x", av)


def test_pa9_worn_armour_cannot_be_directional() -> None:
    with pytest.raises(InputError):
        DefenceLayer("vest", 5, "armour", frozenset({Direction.FRONT}))


def test_api_armourpen_sweep_is_the_grid_engine(catalog: Catalog) -> None:
    import armourpen.penav.grid  # the engine's module does not shadow the API function

    res = armourpen.sweep([NATO_NAME], ["NIJ Type III"], bands=["very_long"], catalog=catalog)
    assert res.result(0, 0, 0, 0) is Result.PENETRATED_REDUCED  # PEN 7 - 1 = 6 = AV 6


def test_defence_name_with_a_plus_in_a_user_catalog(tmp_path: Path) -> None:
    user = tmp_path / "plus.toml"
    user.write_text('[[armour]]\nname = "Kevlar+ceramic vest"\nav = 8\nrigid = true\n')
    cat = Catalog.load([user], user_dir=False)
    assert [x.name for x in Defence.parse("Kevlar+ceramic vest", cat).layers] == ["Kevlar+ceramic vest"]
    # Kevlar+ceramic 8 + NIJ Type II 4 -> 9 (PA-7).
    assert Defence.parse("Kevlar+ceramic vest + NIJ Type II", cat).av(Direction.FRONT) == 9


def test_result_arrays_are_read_only(catalog: Catalog) -> None:
    res = sweep([NATO_NAME], ["NIJ Type III"], catalog=catalog)
    with pytest.raises(ValueError):
        res.outcome[0, 0, 0, 0] = 0


# --- PA-3: an attack's reach ---------------------------------------------------------------------


def test_pa3_melee_reaches_contact_only_and_shot_its_catalog_reach(catalog: Catalog) -> None:
    """Punch (PEN 0, melee) against bare skin (AV 0): PEN = AV at Contact, so it penetrates with -4
    (PA-2); every other band is out of reach. #3 to #FF birdshot (PEN 2, no range column) reaches
    to Medium (the catalog's reading): penetrates AV 0 there, out of reach from Long on."""
    from armourpen.penav.sweep_result import OUT_OF_REACH

    res = sweep(["Punch", "#3 to #FF birdshot", NATO_NAME], ["Bare skin"], catalog=catalog)
    assert res.reached.tolist() == [[True] + [False] * 10, [True] * 5 + [False] * 6, [True] * 11]
    assert res.outcome[0, 0, :, 0].tolist() == [1] + [OUT_OF_REACH] * 10
    assert res.outcome[1, 0, :, 0].tolist() == [2] * 5 + [OUT_OF_REACH] * 6
    assert res.result(0, 0, 0, 0) is Result.PENETRATED_REDUCED and res.result(0, 0, 1, 0) is None
    cell = res.cell(0, 0, 5, 0)
    assert (cell.reached, cell.symbol, cell.wound_modifier) == (False, "–", None)
    rows = res.rows()
    assert rows[1] == {
        "attack": "Punch", "defence": "Bare skin", "band": "point_blank", "distance": None,
        "from": "front", "pen": None, "spen": None, "av": 0, "sav": None,
        "outcome": "out_of_reach", "symbol": "–", "wound_modifier": None, "ammo": None,
        "dc_modifier": None, "dc": None}
    assert rows == [c.to_dict() for c in res.cells()]
    data = res.to_dict()
    assert data["legend"]["–"].startswith("out of reach")
    assert [a["reach"] for a in data["attacks"]] == ["contact", "medium", None]


def test_pa3_a_distance_past_the_reach_is_out_of_reach(catalog: Catalog) -> None:
    """Buckshot reaches to Long (100 m): 100 m is within it, 101 m (Very Long) is not."""
    res = sweep(["#00 to #0000 buckshot"], ["Bare skin"], distances=["100 m", "101 m"],
                catalog=catalog)
    assert [r["outcome"] for r in res.rows()] == ["penetrated", "out_of_reach"]


def test_pa3_resolve_past_the_reach_answers_and_warns(catalog: Catalog) -> None:
    # PA-4: the text gives melee no range rule, so a Sword at 2 m (Close) is resolved as asked,
    # PEN 2 with no range modifier, and a PA-3 warning says it reaches Contact only
    at = {"weapon": "Sword", "range": "2 m"}
    out = armourpen.resolve(armourpen.load_scenario({"attack": at, "line": [{"target": "t"}]},
                                                    catalog)).to_dict()
    assert out["attack"]["pen"] == 2
    assert [w["text"] for w in out["warnings"] if w["rule"] == "PA-3"] == [
        "Sword reaches Contact only; resolved here at Close as asked (the text gives it no range "
        "rule, PA-4; the GM's chart shows this band out of reach)"]
    shot = {"weapon": "#4 to #12 birdshot", "range": "50 m"}  # the end of Medium: within reach
    out = armourpen.resolve(armourpen.load_scenario({"attack": shot, "line": [{"target": "t"}]},
                                                    catalog)).to_dict()
    assert "#4 to #12 birdshot reaches Medium at most (the catalog's reading, not the text's" in \
        " ".join(s["text"] for s in out["steps"])


def test_pa3_band_keys_are_the_bands() -> None:
    from armourpen.values import BAND_KEYS

    assert tuple(b.value for b in Band) == BAND_KEYS


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"attacks": []}, "attacks"), ({"defences": []}, "defences"), ({"bands": []}, "bands"),
    ({"distances": []}, "distances"), ({"directions": []}, "directions")])
def test_ap2_an_empty_axis_reads_as_required(catalog: Catalog, kwargs: dict[str, Any],
                                             field: str) -> None:
    """Issue 24 item 8: "`attacks` is required: ...", never "'(none)' is not allowed"."""
    args: dict[str, Any] = {"attacks": [NATO_NAME], "defences": ["NIJ Type III"], **kwargs}
    with pytest.raises(InputError) as info:
        sweep(catalog=catalog, **args)
    assert str(info.value).startswith(f"{field}: `{field}` is required: at least one ")
    assert "not allowed" not in str(info.value)
