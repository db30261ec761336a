"""The Python API against arguments of the wrong type (armourpen.arguments): one error naming the
argument, the value and what it takes, for every public function; never an AttributeError or a
TypeError from deep inside, never a string read letter by letter, a set read in hash order, or a
subclass of str or int whose own methods answer armourpen's checks.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import armourpen
from armourpen import charts
from armourpen.catalog import Catalog
from armourpen.catalog.catalog import DATA_DIR
from armourpen.errors import ArgumentError, ArgumentTypeError, ArgumentValueError, InputError
from armourpen.limits import LimitError, Limits

GCS_FILE = Path(__file__).parent / "gcs" / "samples" / "Giant Rat.gcs"
NATO = "7.62x51mm NATO"
VEST = "NIJ Type III"


class EvilStr(str):
    """Equal to everything, hashed as nothing else, printed as something else."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "something else"


class EvilInt(int):
    """Never more and never less than anything: a cap of it would never be passed."""

    def __gt__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return False

    def __ge__(self, other: object) -> bool:
        return True

    def __le__(self, other: object) -> bool:
        return True

    def __index__(self) -> int:
        return -1


PENAV = armourpen.quick_scenario(weapon=NATO, range="150m", armour=[VEST])
GURPS = armourpen.load_scenario("example:agent-gray")

# the API as a caller who ignores its types sees it (mypy would refuse these calls)
api: Any = armourpen
chart_api: Any = charts
AnyLimits: Any = Limits
AnyCatalog: Any = Catalog


def _sweep() -> Any:
    return armourpen.table(attacks=[NATO], armour=[VEST], bands=["long"])


# --- each kind of misuse, named ---------------------------------------------------------------

Call = Callable[[], object]

MISUSES: list[tuple[str, Call, type[Exception], str, str]] = [
    # (id, the call, the error, the argument named, words of what it takes)
    ("resolve a mapping", lambda: api.resolve({"rules": "penav"}), ArgumentTypeError,
     "scenario", "armourpen.load_scenario first"),
    ("resolve None", lambda: api.resolve(None), ArgumentTypeError, "scenario",
     "a scenario"),
    ("resolve an outcome", lambda: api.resolve(api.resolve(PENAV)),
     ArgumentTypeError, "scenario", "a scenario"),
    ("resolve a float seed", lambda: api.resolve(GURPS, 1.5), ArgumentTypeError, "seed",
     "a whole number"),
    ("resolve a bool seed", lambda: api.resolve(GURPS, True), ArgumentTypeError, "seed",
     "a whole number"),
    ("odds a str", lambda: api.odds("example:agent-gray"), ArgumentTypeError,
     "scenario", "a scenario"),
    ("odds limits a dict", lambda: api.odds(GURPS, limits={"max_odds_work": 5}),
     ArgumentTypeError, "limits", "a Limits"),
    ("sample a float count", lambda: api.sample(GURPS, 100.0, 1), ArgumentTypeError,
     "samples", "a whole number"),
    ("sample a NaN count", lambda: api.sample(GURPS, math.nan, 1), ArgumentTypeError,
     "samples", "a whole number"),
    ("sample a bool seed", lambda: api.sample(GURPS, 10, False), ArgumentTypeError,
     "seed", "not a bool"),
    ("sample a str chunk", lambda: api.sample(GURPS, 10, 1, chunk="5"), ArgumentTypeError,
     "chunk", "a whole number"),
    ("sample progress not callable", lambda: api.sample(GURPS, 10, 1, progress=5),
     ArgumentTypeError, "progress", "a function"),
    ("load_scenario None", lambda: api.load_scenario(None), ArgumentTypeError,
     "source", "a mapping"),
    ("load_scenario a list", lambda: api.load_scenario([]), ArgumentTypeError,
     "source", "a mapping"),
    ("load_scenario bytes", lambda: api.load_scenario(b"x.toml"), ArgumentTypeError,
     "source", "os.PathLike"),
    ("load_scenario a str catalog", lambda: api.load_scenario({}, "builtin"),
     ArgumentTypeError, "catalog", "a Catalog"),
    ("load_scenario limits None", lambda: api.load_scenario({}, limits=None),
     ArgumentTypeError, "limits", "a Limits"),
    ("load_scenario base a number", lambda: api.load_scenario({}, base=5),
     ArgumentTypeError, "base", "a folder"),
    ("quick weapon a number", lambda: api.quick_scenario(weapon=7, range="5m"),
     ArgumentTypeError, "weapon", "a string"),
    ("quick armour a str", lambda: api.quick_scenario(weapon=NATO, range="5m",
                                                                 armour=VEST),
     ArgumentTypeError, "armour", f"['{VEST}']"),
    ("quick cover a set", lambda: api.quick_scenario(weapon=NATO, range="5m",
                                                                cover={"Log wall"}),
     ArgumentTypeError, "cover", "a set or a mapping has no order"),
    ("quick contact 1", lambda: api.quick_scenario(weapon=NATO, contact=1),
     ArgumentTypeError, "contact", "True or False"),
    ("quick catalog a dict", lambda: api.quick_scenario(weapon=NATO, range="5m",
                                                                   catalog={}),
     ArgumentTypeError, "catalog", "a Catalog"),
    ("table attacks a str", lambda: api.table(attacks="7.62"), ArgumentTypeError,
     "attacks", "['7.62']"),
    ("table armour a set", lambda: api.table(attacks=[NATO], armour={VEST}),
     ArgumentTypeError, "armour", "a list or tuple"),
    ("table armour a frozenset", lambda: api.table(attacks=[NATO],
                                                              armour=frozenset([VEST])),
     ArgumentTypeError, "armour", "a list or tuple"),
    ("table bands a dict", lambda: api.table(attacks=[NATO], bands={"long": 1}),
     ArgumentTypeError, "bands", "a list or tuple"),
    ("table cover None", lambda: api.table(attacks=[NATO], cover=None),
     ArgumentTypeError, "cover", "a list or tuple"),
    ("table a generator", lambda: api.table(attacks=(a for a in [NATO])),
     ArgumentTypeError, "attacks", "a list or tuple"),
    ("table an entry a number", lambda: api.table(attacks=[NATO, 7]),
     ArgumentTypeError, "attacks[1]", "a str"),
    ("table directions a str", lambda: api.table(attacks=[NATO], directions="front"),
     ArgumentTypeError, "directions", "['front']"),
    ("table ammo a list", lambda: api.table(attacks=[NATO], ammo=["ap"]),
     ArgumentTypeError, "ammo", "a str"),
    ("table limits a class", lambda: api.table(attacks=[NATO], limits=Limits),
     ArgumentTypeError, "limits", "a Limits"),
    ("sweep attacks a str", lambda: api.sweep(NATO, [VEST]), ArgumentTypeError,
     "attacks", f"['{NATO}']"),
    ("sweep distances a float NaN", lambda: api.sweep([NATO], [VEST],
                                                                 distances=[math.nan]),
     InputError, "distances[0]", "a distance"),
    ("sweep optional rules a set", lambda: api.sweep(
        [NATO], [VEST], optional_rules={"rifle_ball_as_sp"}), ArgumentTypeError,
     "optional_rules", "a list or tuple"),
    ("thickness a list", lambda: api.thickness([120]), ArgumentTypeError, "mm",
     "a thickness"),
    ("thickness av a float", lambda: api.thickness(av=30.0), ArgumentTypeError, "av",
     "a whole personal AV"),
    ("thickness av a bool", lambda: api.thickness(av=True), ArgumentTypeError, "av",
     "a whole personal AV"),
    ("thickness sav a dict", lambda: api.thickness(sav={}), ArgumentTypeError, "sav",
     "a structural AV"),
    ("thickness mm infinite", lambda: api.thickness(math.inf), InputError, "mm",
     "finite"),
    ("roll damage None", lambda: api.roll(None, 1), ArgumentTypeError, "damage",
     "a damage string"),
    ("roll seed None", lambda: api.roll("3d cut", None), ArgumentTypeError, "seed",
     "random.Random"),
    ("roll seed negative", lambda: api.roll("3d cut", -1), InputError, "seed",
     "a whole number from 0"),
    ("load_gcs None", lambda: api.load_gcs(None), ArgumentTypeError, "source",
     "the path of a .gcs file"),
    ("load_gcs a list", lambda: api.load_gcs([]), ArgumentTypeError, "source",
     "its parsed JSON"),
    ("load_gcs name a number", lambda: api.load_gcs(b"{}", 5), ArgumentTypeError,
     "name", "a str"),
    ("Limits NaN", lambda: AnyLimits(max_odds_work=math.nan), ArgumentTypeError,
     "max_odds_work", "a whole number"),
    ("Limits infinity", lambda: AnyLimits(max_sweep_cells=math.inf), ArgumentTypeError,
     "max_sweep_cells", "a whole number"),
    ("Limits a float", lambda: AnyLimits(max_depth=32.0), ArgumentTypeError, "max_depth",
     "a whole number"),
    ("Limits a bool", lambda: AnyLimits(max_file_bytes=True), ArgumentTypeError,
     "max_file_bytes", "a whole number"),
    ("Limits a str", lambda: AnyLimits(max_text_chars="200"), ArgumentTypeError,
     "max_text_chars", "a whole number"),
    ("Limits zero", lambda: AnyLimits(max_line_entries=0), ArgumentValueError,
     "max_line_entries", "1 or more"),
    ("Limits negative", lambda: AnyLimits(max_odds_work=-1), ArgumentValueError,
     "max_odds_work", "1 or more"),
    ("AnyLimits.check an unknown cap", lambda: AnyLimits().check("max_nothing", 1, "u", "f"),
     ArgumentValueError, "name", "max_odds_work"),
    ("AnyLimits.check a float amount", lambda: AnyLimits().check("max_depth", 1.5, "u", "f"),
     ArgumentTypeError, "amount", "a whole number"),
    ("AnyLimits.setting None", lambda: AnyLimits.setting(None), ArgumentTypeError, "name",
     "the name of a cap"),
    ("AnyLimits.from_env a list", lambda: AnyLimits.from_env([]), ArgumentTypeError, "environ",
     "a mapping"),
    ("AnyLimits.from_env a number", lambda: AnyLimits.from_env({"ARMOURPEN_MAX_DEPTH": 5}),
     ArgumentTypeError, "environ['ARMOURPEN_MAX_DEPTH']", "a str"),
    ("AnyCatalog.get None", lambda: AnyCatalog.builtin().get(None), ArgumentTypeError, "name",
     "a str"),
    ("AnyCatalog.get kind a number", lambda: AnyCatalog.builtin().get(VEST, 5), ArgumentTypeError,
     "kind", "armour"),
    ("AnyCatalog.armour a list", lambda: AnyCatalog.builtin().armour([VEST]), ArgumentTypeError,
     "armour", "the name of an armour item"),
    ("AnyCatalog.find a number", lambda: AnyCatalog.builtin().find(3), ArgumentTypeError, "name",
     "a str"),
    ("AnyCatalog.items kind None-like", lambda: AnyCatalog.builtin().items(0), ArgumentTypeError,
     "kind", "attack"),
    ("AnyCatalog.search bytes", lambda: AnyCatalog.builtin().search(b"NATO"), ArgumentTypeError,
     "text", "words to look for"),
    ("AnyCatalog.search limits None", lambda: AnyCatalog.builtin().search("NATO", limits=None),
     ArgumentTypeError, "limits", "a Limits"),
    ("AnyCatalog.suggest n a float", lambda: AnyCatalog.builtin().suggest("NIJ", n=2.0),
     ArgumentTypeError, "n", "a whole number"),
    ("AnyCatalog.suggest n negative", lambda: AnyCatalog.builtin().suggest("NIJ", n=-1),
     ArgumentValueError, "n", "0 or more"),
    ("AnyCatalog.load a str", lambda: AnyCatalog.load("mine.toml", user_dir=False),
     ArgumentTypeError, "extra", "['mine.toml']"),
    ("AnyCatalog.load a number", lambda: AnyCatalog.load([5], user_dir=False), ArgumentTypeError,
     "extra[0]", "a path"),
    ("AnyCatalog.load user_dir None", lambda: AnyCatalog.load([], user_dir=None),
     ArgumentTypeError, "user_dir", "True or False"),
    ("AnyCatalog.from_files a str", lambda: AnyCatalog.from_files(str(DATA_DIR / "ammo.toml")),
     ArgumentTypeError, "paths", "a list or tuple"),
    ("AnyCatalog.restore a list", lambda: AnyCatalog.restore([], []), ArgumentTypeError, "items",
     "a dict"),
    ("pen_range_chart a str", lambda: chart_api.pen_range_chart(NATO), ArgumentTypeError,
     "attacks", "a list or tuple"),
    ("pen_range_chart direction None", lambda: chart_api.pen_range_chart([NATO],
                                                                           direction=None),
     ArgumentTypeError, "direction", "a direction"),
    ("matrix_chart band a number", lambda: chart_api.matrix_chart([NATO], [VEST], band=3),
     ArgumentTypeError, "band", "a range band"),
    ("matrix_chart distance a bool", lambda: chart_api.matrix_chart([NATO], [VEST],
                                                                      distance=True),
     ArgumentTypeError, "distance", "a distance"),
    ("odds_chart a mapping", lambda: chart_api.odds_chart({"rules": "gurps"}),
     ArgumentTypeError, "scenario", "armourpen.load_scenario first"),
    ("slope_chart av a float", lambda: chart_api.slope_chart(av=30.5), ArgumentTypeError, "av",
     "a whole personal AV"),
    ("slope_chart mm a str", lambda: chart_api.slope_chart(mm=[60]), ArgumentTypeError, "mm",
     "a thickness in mm"),
    ("slope_chart mm NaN", lambda: chart_api.slope_chart(mm=math.nan), InputError, "thickness",
     "finite"),
    ("render a sweep", lambda: chart_api.render(_sweep()), ArgumentTypeError, "chart",
     "a chart value"),
    ("render fmt a number", lambda: chart_api.render(chart_api.slope_chart(av=30), 5),
     ArgumentTypeError, "fmt", "png"),
    ("svg None", lambda: chart_api.svg(None), ArgumentTypeError, "chart", "a chart value"),
    ("screen_pages a chart", lambda: chart_api.screen_pages(chart_api.slope_chart(av=30)),
     ArgumentTypeError, "res", "a SweepResult"),
    ("screen_pdf paper None", lambda: chart_api.screen_pdf(_sweep(), None), ArgumentTypeError,
     "paper", "a paper size"),
]


@pytest.mark.parametrize(("call", "error", "argument", "wanted"),
                         [m[1:] for m in MISUSES], ids=[m[0] for m in MISUSES])
def test_ap2_a_misused_argument_is_one_error_naming_it_and_what_it_takes(
    call: Call, error: type[Exception], argument: str, wanted: str
) -> None:
    with pytest.raises(Exception) as info:
        call()
    err = info.value
    assert type(err) is error or (error is InputError and isinstance(err, InputError)), repr(err)
    assert isinstance(err, ArgumentError | InputError)
    assert err.field == argument
    assert wanted in err.allowed
    assert str(err).startswith(f"{argument}: ")
    if isinstance(err, ArgumentTypeError):
        assert f"(type {type(err.value).__name__})" in str(err)  # the type it was given


def test_api_errors_are_the_builtin_exceptions_a_caller_expects() -> None:
    assert issubclass(ArgumentTypeError, TypeError) and issubclass(ArgumentValueError, ValueError)
    assert not issubclass(ArgumentTypeError, InputError)  # a front end never shows them as input
    assert not issubclass(ArgumentValueError, InputError)
    assert armourpen.ArgumentTypeError is ArgumentTypeError
    assert armourpen.ArgumentValueError is ArgumentValueError


def test_a_long_value_is_shown_briefly() -> None:
    with pytest.raises(ArgumentTypeError) as info:
        armourpen.table(attacks="x" * 100_000)
    assert len(str(info.value)) < 600


# --- subclasses, bools and numpy -------------------------------------------------------------


def test_an_int_subclass_cannot_turn_a_cap_off() -> None:
    # EvilInt(1) is never less than the work: compared as itself, the cap would never be passed
    limits = Limits(max_odds_work=EvilInt(1))
    assert type(limits.max_odds_work) is int and limits.max_odds_work == 1
    with pytest.raises(LimitError) as info:
        armourpen.odds(GURPS, limits=limits)
    assert "max_odds_work" in info.value.allowed


def test_an_int_subclass_is_taken_as_the_number_it_holds() -> None:
    # AV 30 on the curve is 70 mm (PA-11), whatever EvilInt's own comparisons answer
    assert armourpen.thickness(av=EvilInt(30)).av_mm == 70
    assert armourpen.roll("3d cut", EvilInt(7)) == armourpen.roll("3d cut", 7)


def test_a_str_subclass_is_taken_as_the_text_it_holds() -> None:
    cat = Catalog.builtin()
    assert cat.get(EvilStr(VEST)) is cat.get(VEST)
    # equal to everything, it would be every name; as its text it is no name at all
    with pytest.raises(InputError) as info:
        cat.get(EvilStr("no such thing"))
    assert type(info.value.value) is str and info.value.value == "no such thing"
    res = armourpen.table(attacks=[EvilStr(NATO)], armour=[EvilStr(VEST)],
                          bands=[EvilStr("long")])
    assert [a.name for a in res.attacks] == [NATO] and [d.name for d in res.defences] == [VEST]


def test_a_str_subclass_given_twice_is_refused_as_any_repeat() -> None:
    with pytest.raises(InputError) as info:
        armourpen.table(attacks=[NATO], armour=[VEST], bands=[EvilStr("long"), "short",
                                                              EvilStr("short")])
    assert info.value.field == "bands[2]"


def test_an_enum_member_is_a_str_and_is_taken_as_its_value() -> None:
    from armourpen.penav.ranges import Band
    from armourpen.values import Direction

    res = armourpen.sweep([NATO], [VEST], bands=[Band.LONG], directions=[Direction.LEFT])
    assert res.bands == (Band.LONG,) and res.directions == (Direction.LEFT,)


def test_numpy_integers_are_whole_numbers_and_numpy_floats_numbers() -> None:
    limits = AnyLimits(max_odds_work=np.int64(5))
    assert type(limits.max_odds_work) is int and limits.max_odds_work == 5
    assert api.thickness(av=np.int32(30)).av_mm == 70
    # 60 mm is a point of the curve: AV 25 (PA-11)
    assert armourpen.thickness(np.float64(60.0)).mm_av == 25
    with pytest.raises(ArgumentTypeError):
        AnyLimits(max_odds_work=np.float64(5.0))
    with pytest.raises(ArgumentTypeError):
        AnyLimits(max_odds_work=np.bool_(True))


@pytest.mark.parametrize("cap", [f.name for f in dataclasses.fields(Limits)])
@pytest.mark.parametrize(("value", "error"), [
    (math.nan, ArgumentTypeError), (math.inf, ArgumentTypeError), (1e9, ArgumentTypeError),
    (True, ArgumentTypeError), ("5", ArgumentTypeError), (None, ArgumentTypeError),
    (0, ArgumentValueError), (-5, ArgumentValueError)])
def test_every_cap_is_a_whole_number_from_1_checked_when_made(
    cap: str, value: object, error: type[Exception]
) -> None:
    with pytest.raises(error) as info:
        AnyLimits(**{cap: value})
    assert isinstance(info.value, ArgumentError) and info.value.field == cap


def test_limits_from_the_environment_keep_their_input_error() -> None:
    with pytest.raises(LimitError) as info:
        Limits.from_env({"ARMOURPEN_MAX_ODDS_WORK": "nan"})
    assert info.value.field == "ARMOURPEN_MAX_ODDS_WORK"


def test_a_valid_limits_is_unchanged_by_its_checks() -> None:
    assert Limits(max_odds_work=7, max_depth=1) == Limits(max_odds_work=7, max_depth=1)
    assert Limits().max_odds_work == 10_000_000


# --- property: no wrong-typed argument reaches deep inside ----------------------------------


# Each public function with valid arguments (given by name), into which one wrong one is put.
BASES: dict[str, tuple[Callable[..., object], dict[str, Any]]] = {
    "resolve": (armourpen.resolve, {"scenario": PENAV, "seed": 1}),
    "resolve gurps": (armourpen.resolve, {"scenario": GURPS, "seed": 1}),
    "odds": (armourpen.odds, {"scenario": GURPS, "limits": Limits()}),
    "sample": (armourpen.sample, {"scenario": GURPS, "samples": 50, "seed": 1, "chunk": 25,
                                  "progress": None, "limits": Limits()}),
    "load_scenario": (armourpen.load_scenario, {"source": "example:sandbags-from-above",
                                                "catalog": None, "limits": Limits(),
                                                "base": None}),
    "quick_scenario": (armourpen.quick_scenario, {
        "weapon": NATO, "range": "150m", "contact": False, "armour": [VEST], "cover": [],
        "from_": "front", "ammo": None, "optional_rules": [], "target": "t", "vehicle": None,
        "face": None, "elevation": None, "azimuth": None, "catalog": None}),
    "table": (armourpen.table, {
        "attacks": [NATO], "armour": [VEST], "cover": [], "defences": [], "bands": ["long"],
        "distances": [], "directions": ["front"], "ammo": None, "optional_rules": [],
        "catalog": None, "limits": Limits()}),
    "sweep": (armourpen.sweep, {
        "attacks": [NATO], "defences": [VEST], "bands": ["long"], "distances": None,
        "directions": ["front"], "optional_rules": [], "catalog": None, "ammo": None,
        "limits": Limits()}),
    "thickness": (armourpen.thickness, {"mm": "120mm"}),
    "thickness av": (armourpen.thickness, {"av": 30}),
    "roll": (armourpen.roll, {"damage": "3d cut", "seed": 1}),
    "load_gcs": (armourpen.load_gcs, {"source": GCS_FILE, "name": None, "limits": Limits()}),
    "Limits": (Limits, {"max_odds_work": 10, "max_depth": 5}),
    "Limits.check": (Limits().check, {"name": "max_depth", "amount": 1, "unit": "levels",
                                      "field": "f"}),
    "Limits.setting": (Limits.setting, {"name": "max_depth"}),
    "Limits.how_to_raise": (Limits().how_to_raise, {"name": "max_depth"}),
    "Limits.from_env": (Limits.from_env, {"environ": {"ARMOURPEN_MAX_DEPTH": "5"}}),
    "Catalog.builtin": (Catalog.builtin, {"cache": False}),
    "Catalog.load": (Catalog.load, {"extra": [], "user_dir": False, "limits": Limits(),
                                    "cache": False}),
    "Catalog.from_files": (Catalog.from_files, {"paths": [DATA_DIR / "ammo.toml"]}),
    "Catalog.get": (Catalog.builtin().get, {"name": VEST, "kind": "armour", "field": "f"}),
    "Catalog.attack": (Catalog.builtin().attack, {"name": NATO, "field": "f"}),
    "Catalog.cover": (Catalog.builtin().cover, {"name": "Log wall", "field": "f"}),
    "Catalog.armour": (Catalog.builtin().armour, {"name": VEST, "field": "f"}),
    "Catalog.vehicle": (Catalog.builtin().vehicle, {"name": "T-34 (1941)", "field": "f"}),
    "Catalog.ammo": (Catalog.builtin().ammo, {"name": "ap", "field": "f"}),
    "Catalog.find": (Catalog.builtin().find, {"name": VEST, "kind": "armour"}),
    "Catalog.suggest": (Catalog.builtin().suggest, {"text": "NIJ", "kind": None, "n": 3}),
    "Catalog.items": (Catalog.builtin().items, {"kind": "ammo"}),
    "Catalog.search": (Catalog.builtin().search, {"text": "NIJ", "kind": "armour",
                                                  "limits": Limits(), "field": "q"}),
    "pen_range_chart": (charts.pen_range_chart, {
        "attacks": [NATO], "defences": [VEST], "direction": "front", "ammo": None,
        "optional_rules": [], "catalog": None}),
    "matrix_chart": (charts.matrix_chart, {
        "attacks": [NATO], "defences": [VEST], "band": "long", "distance": None,
        "direction": "front", "ammo": None, "optional_rules": [], "catalog": None}),
    "odds_chart": (charts.odds_chart, {"scenario": GURPS}),
    "slope_chart": (charts.slope_chart, {"av": 30, "field": "x"}),
    "screen_pages": (charts.screen_pages, {"res": _sweep()}),
    "screen_pdf": (charts.screen_pdf, {"res": _sweep(), "paper": "a4", "field": "paper"}),
    "svg": (charts.svg, {"chart": charts.slope_chart(av=30)}),
    "render": (charts.render, {"chart": charts.slope_chart(av=30), "fmt": "svg"}),
}
_CALLS = [(name, param) for name, (_, args) in BASES.items() for param in args]


class _Opaque:
    """An object of no class the API knows."""

    def __repr__(self) -> str:
        return "<opaque>"


WRONG: st.SearchStrategy[object] = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 2.5, math.nan, math.inf, -math.inf, 10**40, "",
                     "x", b"x", bytearray(b"x"), Fraction(1, 3), 1j, (), [], {}, set(),
                     frozenset(), _Opaque(), Limits, Catalog, object, np.int64(3),
                     np.float64(2.0), np.bool_(True), EvilStr("x"), EvilInt(3), [None], [1],
                     [b"x"], [{}], [[]], {"a": 1}, {"x"}, ("front", 1), [EvilStr("long")]]),
    st.text(max_size=12),
    st.integers(),
    st.floats(),
    st.lists(st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=5)), max_size=3),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(call=st.sampled_from(_CALLS), wrong=WRONG)
def test_ap2_any_wrong_argument_gives_a_result_or_one_of_the_api_errors(
    call: tuple[str, str], wrong: object
) -> None:
    name, param = call
    function, base = BASES[name]
    # a function given as progress is called, and what it raises is its own
    assume(not (param == "progress" and callable(wrong)))
    # anything else (AttributeError, KeyError, a plain TypeError or ValueError) fails the test
    with contextlib.suppress(ArgumentError, InputError):
        function(**{**base, param: wrong})
