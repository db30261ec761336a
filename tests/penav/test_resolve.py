"""End to end through load_scenario + resolve, with values worked out by hand from the text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Run = Callable[[dict[str, Any]], dict[str, Any]]


def shot(weapon: str | None = None, rng: str | None = "10 m", **attack: Any) -> dict[str, Any]:
    a: dict[str, Any] = dict(attack)
    if weapon is not None:
        a["weapon"] = weapon
    if rng is not None and not a.get("contact"):
        a["range"] = rng
    return {"attack": a, "line": []}


def scenario(attack: dict[str, Any], *line: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {**top, "attack": attack, "line": list(line)}


# The text's own example: 7.62mm NATO (PEN 7, rifle) against a NIJ type III vest (AV 6) penetrates
# fully to Long, with -4 at Very Long (7-1 = 6 = AV), and not beyond (Far 7-2 = 5 < 6).
TEXT_EXAMPLE = [
    ("contact", None, 7, "penetrated"),
    ("point_blank", "1 m", 7, "penetrated"),
    ("close", "12 m", 7, "penetrated"),
    ("short", "25 m", 7, "penetrated"),
    ("medium", "50 m", 7, "penetrated"),
    ("long", "100 m", 7, "penetrated"),
    ("very_long", "150 m", 6, "penetrated_reduced"),
    ("far", "300 m", 5, "stopped"),
    ("very_far", "600 m", 4, "stopped"),
    ("distant", "1200 m", 3, "stopped"),
    ("very_distant", "3200 m", 2, "stopped"),
]


@pytest.mark.parametrize(("band", "rng", "pen", "outcome"), TEXT_EXAMPLE)
def test_pa2_pa3_text_example_762_nato_vs_nij_iii(
    run: Run, band: str, rng: str | None, pen: int, outcome: str
) -> None:
    attack: dict[str, Any] = {"weapon": "7.62x51mm NATO"}
    if rng is None:
        attack["contact"] = True
    else:
        attack["range"] = rng
    out = run(scenario(attack, {"target": "Gray", "armour": ["NIJ Type III"]}))
    assert out["rules"] == "penav"
    assert out["attack"]["range_band"] == band
    assert out["attack"]["pen"] == pen
    (t,) = out["targets"]
    assert t["av"] == 6
    assert t["outcome"] == outcome
    assert t["wound_modifier"] == {"penetrated": 0, "penetrated_reduced": -4, "stopped": None}[
        outcome
    ]
    assert {s["rule"] for s in out["steps"]} >= {"PA-2", "PA-3", "PA-4"}


def test_pa5_dc_modifier_reported_and_effective_dc_when_base_known(run: Run) -> None:
    # Rifle/MG at Very Distant: DC -2; base DC 5 -> DC 3. Contact: +1 -> 6.
    out = run(scenario({"pen": 7, "range_column": "rifle", "dc": 5, "range": "3000 m"},
                       {"target": "T"}))
    assert out["attack"]["dc_modifier"] == -2
    assert out["attack"]["dc"] == 3
    out = run(scenario({"pen": 7, "range_column": "rifle", "dc": 5, "contact": True},
                       {"target": "T"}))
    assert out["attack"]["dc_modifier"] == 1
    assert out["attack"]["dc"] == 6
    out = run(scenario({"weapon": "7.62x51mm NATO", "range": "150 m"}, {"target": "T"}))
    assert out["attack"]["dc_modifier"] == -1
    assert out["attack"]["dc"] is None


def test_pa3_pen_never_below_zero(run: Run) -> None:
    # handgun PEN 2 at Very Distant: 2 - 6 = -4 -> 0; AV 0 target: PEN 0 = AV 0, reduced
    out = run(scenario({"pen": 2, "range_column": "handgun", "range": "3000 m"}, {"target": "T"}))
    assert out["attack"]["pen"] == 0
    assert out["targets"][0]["outcome"] == "penetrated_reduced"


def test_pa4_none_column_says_the_rules_give_no_modifier(run: Run) -> None:
    out = run(scenario({"weapon": "57mm British QF 6-pdr", "range": "2000 m"}, {"target": "T"}))
    assert out["attack"]["pen"] == 50  # SPEN 10 x 5, no range modifier
    assert any(s["rule"] == "PA-4" and "no range modifier" in s["text"] for s in out["steps"])


def test_pa1_structural_attack_on_personal_armour(run: Run) -> None:
    # SPEN 5 = PEN 25; against AV 25 (inline) equal -> reduced; against AV 24 -> penetrated
    out = run(scenario({"spen": 5, "range": "100 m"}, {"target": "T", "armour": [{"av": 25}]}))
    assert out["attack"]["pen"] == 25
    assert out["targets"][0]["outcome"] == "penetrated_reduced"
    out = run(scenario({"spen": 5, "range": "100 m"}, {"target": "T", "armour": [{"av": 24}]}))
    assert out["targets"][0]["outcome"] == "penetrated"


def test_pa1_personal_attack_on_structural_armour(run: Run) -> None:
    # .50 BMG ball PEN 12 vs SAV 2 (= AV 10) at 100 m: penetrates; vs SAV 2.4 (= AV 12): -4;
    # vs SAV 2.6 (= AV 13): stopped
    def vs(sav: float) -> str:
        out = run(scenario({"weapon": ".50 BMG ball", "range": "100 m"},
                           {"cover": {"name": "hull", "sav": sav}}, {"target": "crew"}))
        return str(out["targets"][0]["outcome"])

    assert vs(2) == "penetrated"
    assert vs(2.4) == "penetrated_reduced"
    assert vs(2.6) == "stopped"


def test_pa1_structural_vs_structural_equality(run: Run) -> None:
    out = run(scenario({"spen": 12, "range": "500 m"},
                       {"target": "tank", "armour": [{"name": "hull", "sav": 12}]}))
    assert out["targets"][0]["av"] == 60
    assert out["targets"][0]["outcome"] == "penetrated_reduced"
    assert out["targets"][0]["sav"] == 12


def test_pa6_optional_ball_as_sp(run: Run) -> None:
    base = {"weapon": "5.56mm NATO", "range": "30 m"}
    off = run(scenario(base, {"target": "T"}))
    on = run(scenario(base, {"target": "T"}, optional_rules=["rifle_ball_as_sp"]))
    assert off["attack"]["ammo"].lower() == "ball"
    assert on["attack"]["ammo"].lower() in {"sp", "soft point"}
    # beyond Medium the rule no longer applies
    far = run(scenario({"weapon": "5.56mm NATO", "range": "51 m"}, {"target": "T"},
                       optional_rules=["rifle_ball_as_sp"]))
    assert far["attack"]["ammo"].lower() == "ball"
    # Contact counts (PA-6)
    contact = run(scenario({"weapon": "5.56mm NATO", "contact": True}, {"target": "T"},
                           optional_rules=["rifle_ball_as_sp"]))
    assert contact["attack"]["ammo"].lower() in {"sp", "soft point"}
    # a pistol is not a high-velocity rifle
    pistol = run(scenario({"weapon": "9mm Parabellum pistol", "range": "10 m"}, {"target": "T"},
                          optional_rules=["rifle_ball_as_sp"]))
    assert pistol["attack"]["ammo"].lower() == "ball"


def test_pa9_wall_gives_nothing_against_fire_from_above(run: Run) -> None:
    # 9mm Parabellum pistol PEN 4 at 10 m; sandbags AV 6 stop it from the front, not from above
    line = ({"cover": "Sandbag wall, single layer"}, {"target": "T"})
    front = run(scenario({"weapon": "9mm Parabellum pistol", "range": "10 m"}, *line))
    above = run(scenario({"weapon": "9mm Parabellum pistol", "range": "10 m", "from": "above"},
                         *line))
    assert front["targets"][0]["av"] == 6
    assert front["targets"][0]["outcome"] == "stopped"
    assert above["targets"][0]["av"] == 0
    assert above["targets"][0]["outcome"] == "penetrated"
    assert any(s["rule"] == "PA-9" and "nothing" in s["text"] for s in above["steps"])


def test_pa9_overhead_cover_protects_only_from_above(run: Run) -> None:
    roof = {"cover": {"name": "roof", "av": 9, "covers": ["above"]}}
    above = run(scenario({"pen": 5, "range_column": "rifle", "range": "10 m", "from": "above"},
                         roof, {"target": "T"}))
    front = run(scenario({"pen": 5, "range_column": "rifle", "range": "10 m"}, roof,
                         {"target": "T"}))
    assert above["targets"][0]["av"] == 9
    assert front["targets"][0]["av"] == 0


def test_pa7_cover_layers_with_worn_armour(run: Run) -> None:
    # Medium concrete wall (30cm) 18, then a PASGT vest 5: 18 + 1 = 19
    out = run(scenario({"pen": 19, "range_column": "none", "range": "10 m"},
                       {"cover": "Medium concrete wall (30cm)"},
                       {"target": "T", "armour": ["PASGT vest"]}))
    assert out["targets"][0]["av"] == 19
    assert out["targets"][0]["outcome"] == "penetrated_reduced"


def test_pa12_person_through_person_front_with_armour(run: Run) -> None:
    # Gray wears NIJ III (6): PEN 7 > 6. VIP behind: Gray's body front-to-back 3, vest in 6,
    # vest out 6 -> 6 + 1 + 1 = 8 > 7: stopped in the VIP's line.
    out = run(scenario({"weapon": "7.62x51mm NATO", "range": "50 m"},
                       {"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}))
    gray, vip = out["targets"]
    assert (gray["av"], gray["outcome"]) == (6, "penetrated")
    assert (vip["av"], vip["outcome"]) == (8, "stopped")


def test_pa12_person_through_person_without_armour_front_and_side(run: Run) -> None:
    # .38 Special PEN 3 (handgun) at 5 m: bare Gray AV 0; VIP behind faces Gray's body:
    # front to back 3 -> 3 = 3 (-4); side to side 4 -> stopped
    def line(direction: str) -> list[dict[str, Any]]:
        targets: list[dict[str, Any]] = run(scenario(
            {"weapon": ".38 Special", "range": "5 m", "from": direction},
            {"target": "Gray"}, {"target": "VIP"}))["targets"]
        return targets

    gray, vip = line("front")
    assert (gray["av"], gray["outcome"]) == (0, "penetrated")
    assert (vip["av"], vip["outcome"]) == (3, "penetrated_reduced")
    assert vip["wound_modifier"] == -4
    gray, vip = line("left")
    assert (vip["av"], vip["outcome"]) == (4, "stopped")


def test_pa12_wall_between_two_targets(run: Run) -> None:
    # 7.62x51 PEN 7 at 50 m; bare Gray (AV 0); solid wooden door (2); VIP: body 3 + door 2 -> 4
    out = run(scenario({"weapon": "7.62x51mm NATO", "range": "50 m"},
                       {"target": "Gray"}, {"cover": "Solid wooden door"}, {"target": "VIP"}))
    gray, vip = out["targets"]
    assert gray["outcome"] == "penetrated"
    assert (vip["av"], vip["outcome"]) == (4, "penetrated")


def test_pa12_shot_stops_in_the_middle_of_the_line(run: Run) -> None:
    # 9mm Parabellum pistol PEN 4 at 10 m through bare people, front to back 3 each:
    # A 0 (pen), B 3 (pen), C 3+1 = 4 (-4), D 3+1+1 = 5 (stopped), E not reached
    people = [{"target": n} for n in "ABCDE"]
    out = run(scenario({"weapon": "9mm Parabellum pistol", "range": "10 m"}, *people))
    got = [(t["name"], t["av"], t["outcome"]) for t in out["targets"]]
    assert got == [
        ("A", 0, "penetrated"),
        ("B", 3, "penetrated"),
        ("C", 4, "penetrated_reduced"),
        ("D", 5, "stopped"),
        ("E", None, "not_reached"),
    ]
    assert out["targets"][4]["wound_modifier"] is None


def test_pa8_wearing_limits_warn_not_fail(run: Run) -> None:
    out = run(scenario({"weapon": "7.62x51mm NATO", "range": "50 m"},
                       {"target": "T", "armour": [{"name": "p1", "av": 7, "rigid": True},
                                                  {"name": "p2", "av": 7, "rigid": True}]}))
    assert [w["rule"] for w in out["warnings"]] == ["PA-8"]
    assert "2 rigid or bulky layers (p1, p2)" in out["warnings"][0]["text"]
    assert out["targets"][0]["av"] == 8


def test_pa13_range_tied_profile_warns_elsewhere(run: Run) -> None:
    at = run(scenario({"weapon": ".50 BMG M8 API-T at 500m", "range": "500 m"}, {"target": "T"}))
    assert at["attack"]["pen"] == 10
    assert at["warnings"] == []
    off = run(scenario({"weapon": ".50 BMG M8 API-T at 500m", "range": "100 m"}, {"target": "T"}))
    assert [w["rule"] for w in off["warnings"]] == ["PA-13"]


def test_pa10_pa11_text_slope_example_through_a_scenario(run: Run) -> None:
    # 60 mm at 60 deg against a horizontal attack: x2 = 120 mm = AV 60 (SAV 12); SPEN 12 = PEN 60
    glacis = {"cover": {"name": "glacis", "thickness_mm": 60, "slope": 60}}
    out = run(scenario({"spen": 12, "range": "500 m"}, glacis, {"target": "crew"}))
    assert (out["targets"][0]["av"], out["targets"][0]["sav"]) == (60, 12)
    assert out["targets"][0]["outcome"] == "penetrated_reduced"
    # From the optimal angle (elevation 60: perpendicular to the plate) it is 60 mm: SAV 5
    out = run(scenario({"spen": 12, "range": "500 m", "elevation": 60}, glacis, {"target": "crew"}))
    assert (out["targets"][0]["av"], out["targets"][0]["sav"]) == (25, 5)
    assert out["targets"][0]["outcome"] == "penetrated"


def test_pa10_composite_cover_ignores_slope(run: Run) -> None:
    plate = {"cover": {"name": "composite", "sav": 12, "slope": 60, "composite": True}}
    out = run(scenario({"spen": 12, "range": "500 m"}, plate, {"target": "crew"}))
    assert out["targets"][0]["av"] == 60  # SAV 12 actual, multiplier 1


def test_pa12_vehicle_then_its_crew(run: Run) -> None:
    # T-34 (1941) glacis: 45 mm at 60 deg -> 90 mm -> AV 40 (SAV 8). SPEN 8 = PEN 40: -4 on the
    # hull, and the driver behind faces the same plate: AV 40 again, -4.
    out = run(scenario({"spen": 8, "range": "500 m"},
                       {"target": "tank", "vehicle": "T-34 (1941)"}, {"target": "driver"}))
    tank, driver = out["targets"]
    assert (tank["av"], tank["outcome"]) == (40, "penetrated_reduced")
    assert (driver["av"], driver["outcome"]) == (40, "penetrated_reduced")


def test_pa12_car_with_occupants(run: Run) -> None:
    # From the left through the car door (3), the driver, then the passenger.
    # 7.62x39mm (6) at 50 m: driver AV 3 -> pen; passenger: car 3 + driver side-to-side 4 -> 5 -> pen
    def through(weapon: str) -> list[tuple[int | None, str]]:
        out = run(scenario({"weapon": weapon, "range": "10 m", "from": "left"},
                           {"cover": "Car door/body"}, {"target": "driver"},
                           {"target": "passenger"}))
        return [(t["av"], t["outcome"]) for t in out["targets"]]

    assert through("7.62x39mm Soviet") == [(3, "penetrated"), (5, "penetrated")]
    # .45 ACP (3): 3 = 3 at the driver (-4); passenger AV 5 stops it
    assert through(".45 ACP") == [(3, "penetrated_reduced"), (5, "stopped")]


def test_pa10_vehicle_faces_by_direction(run: Run) -> None:
    def av(attack: dict[str, Any], **target: Any) -> int:
        out = run(scenario(attack, {"target": "tank", "vehicle": "T-34 (1941)", **target}))
        return int(out["targets"][0]["av"])

    # top: 20 mm flat (slope 90), attack straight down: incidence 0, x1, 20 mm = AV 12
    assert av({"pen": 12, "range_column": "rifle", "range": "100 m", "from": "above"}) == 12
    # side from the left: 40 mm at 41 deg: 1.2 + (41-30)/15 x 0.3 = 1.42 -> 56.8 mm;
    # 55 mm = AV 20, 60 mm = AV 25, 1 mm per AV between: 21.8, AV 21
    assert av({"spen": 5, "range": "100 m", "from": "left"}) == 21
    # named turret front: 52 mm upright (the cast turret) -> AV 19 + (52 - 50) / 5 = 19.4 -> AV 19
    assert av({"spen": 5, "range": "100 m"}, face="turret_front") == 19


def test_pa4_inline_attack_without_range_column_is_none_with_a_warning(run: Run) -> None:
    # PEN 7 at Very Distant: with no column there is no modifier (PA-4), so PEN stays 7
    out = run(scenario({"pen": 7, "range": "3000 m"}, {"target": "T"}))
    assert out["attack"]["pen"] == 7
    assert out["attack"]["range_column"] == "none"
    assert [w["rule"] for w in out["warnings"]] == ["PA-4"]


def test_pa12_person_through_person_side_with_armour(run: Run) -> None:
    # From the left: Gray's NIJ III 6 < PEN 7; the VIP faces Gray side to side 4 and the vest in
    # and out (6, 6): 6 + 1 + 1 = 8 > 7, stopped. From the rear the body is 3: still 8.
    for direction in ("left", "rear"):
        out = run(scenario({"weapon": "7.62x51mm NATO", "range": "50 m", "from": direction},
                           {"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}))
        gray, vip = out["targets"]
        assert (gray["av"], gray["outcome"]) == (6, "penetrated")
        assert (vip["av"], vip["outcome"]) == (8, "stopped")
    # .50 BMG ball (12) goes through both: VIP faces 8 < 12
    out = run(scenario({"weapon": ".50 BMG ball", "range": "50 m", "from": "left"},
                       {"target": "Gray", "armour": ["NIJ Type III"]}, {"target": "VIP"}))
    assert [t["outcome"] for t in out["targets"]] == ["penetrated", "penetrated"]
    assert out["targets"][1]["layers"][0]["av"] == 4  # side to side


def test_pa10_stated_sav_that_disagrees_is_a_warning(tmp_path: Any) -> None:
    import armourpen
    from armourpen.catalog import Catalog

    path = tmp_path / "tank.toml"
    path.write_text(
        '[[vehicle]]\nname = "Test tank"\n'
        '[vehicle.faces.front]\nthickness_mm = 60\nslope = 60\nstated_sav = 14\n'
        + "".join(f"[vehicle.faces.{f}]\nthickness_mm = 20\nslope = {s}\n"
                  for f, s in (("side", 0), ("rear", 0), ("top", 90), ("bottom", 90)))
    )
    cat = Catalog.load([path], user_dir=False)
    data = {"attack": {"spen": 13, "range": "100 m"},
            "line": [{"target": "x", "vehicle": "Test tank"}]}
    out = armourpen.resolve(armourpen.load_scenario(data, cat)).to_dict()
    # 60 mm at 60 deg is 120 mm: SAV 12, not the stated 14; the computed figure is used
    assert out["targets"][0]["av"] == 60
    (warning,) = out["warnings"]
    assert set(warning) == {"rule", "text"}
    assert warning["rule"] == "PA-10" and "SAV 14" in warning["text"]
    assert any(s == {"rule": "PA-10", "text": f"warning: {warning['text']}"} for s in out["steps"])
