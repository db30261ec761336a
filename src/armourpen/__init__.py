"""armourpen: resolve shots against armour, cover, vehicles and the people behind them.

The public API (nothing heavy is imported here), the same for every front end:

- :func:`load_scenario` reads a scenario (a TOML/JSON path or a mapping) into frozen values;
- :func:`resolve` applies its rule set and returns an outcome with ``.to_dict()`` and its steps;
- :func:`odds` gives exact odds for a GURPS scenario, :func:`sample` Monte Carlo estimates;
- :func:`sweep` resolves whole PEN/AV grids at once (numpy): a :class:`SweepResult` of the
  :class:`Defence` values it was run against;
- :class:`Catalog` is the searchable catalog of attacks, armour, cover and vehicles (its items
  :class:`AttackProfile`, :class:`ArmourItem`, :class:`CoverItem`, :class:`Vehicle`,
  :class:`AmmoType`; :func:`encode_catalog`/:func:`decode_catalog` carry it to another process);
- :data:`RULE_SETS` holds the rule sets (see :mod:`armourpen.rulesets`);
- :class:`Limits` holds every cap on input and work (see :mod:`armourpen.limits`);
- :func:`load_gcs` reads a GCS character file (path, bytes or parsed JSON) as a GURPS target;
- ``GURPS_*`` are the choices a GURPS scenario offers (see :mod:`armourpen.gurps.choices`):
  damage types, hit locations, kinds of Injury Tolerance, readings of DR 0, cover materials;
  ``PENAV_OPTIONAL_RULES`` the optional rules a PEN/AV scenario may switch on, and
  ``QUICK_PARAMETERS`` the parameters :func:`quick_scenario` takes;
- :func:`estimate` suggests a PEN (SPEN past the small-arms table), range column and band figures
  for a round from its ballistics, fitted to the text's own rows (a :class:`Estimate`, shown by
  :func:`estimate_report`);
- what the front ends show of the rule sets' values: :func:`av_text`, :func:`structural_text`
  and :func:`mm_text` (PEN/AV figures, PA-1, PA-11), :class:`RangeBand` (PA-3), the catalog's
  :data:`CATALOG_KINDS`, :func:`catalog_kind`, :func:`parse_catalog_kind`,
  :func:`catalog_item_dict`, :func:`ammo_modifiers_text` and search hits (:class:`CatalogMatch`),
  :func:`dice_text` (a GURPS roll's dice), :func:`gcs_layout`, :func:`gcs_weapons_layout` and
  :func:`gcs_weapons_answer` (a GCS sheet shown);
- :func:`fresh_seed` draws a seed to show and replay; :func:`parse_thickness` reads a thickness
  such as ``"120mm"`` (:func:`thickness` reports on it, a :class:`ThicknessReport`).

An argument of a type a function does not take is an :class:`ArgumentTypeError` naming it (see
:mod:`armourpen.arguments` for the one rule); bad input, as a user may type it, an
:class:`InputError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

from armourpen import arguments as _arguments
from armourpen.errors import ArgumentTypeError, ArgumentValueError, ArmourpenError, InputError
from armourpen.limits import DEFAULT_LIMITS, LimitError, Limits
from armourpen.rulesets import RULE_SETS, rules_of_scenario
from armourpen.scenario import load_scenario
from armourpen.version import __version__ as __version__

if TYPE_CHECKING:
    import random

    from armourpen.catalog import AmmoType as AmmoType
    from armourpen.catalog import ArmourItem as ArmourItem
    from armourpen.catalog import AttackProfile as AttackProfile
    from armourpen.catalog import Catalog as Catalog
    from armourpen.catalog import CatalogItem as CatalogItem
    from armourpen.catalog import CoverItem as CoverItem
    from armourpen.catalog import Vehicle as Vehicle
    from armourpen.catalog.cache import decode_catalog as decode_catalog
    from armourpen.catalog.cache import encode_catalog as encode_catalog
    from armourpen.catalog.catalog import KINDS as CATALOG_KINDS
    from armourpen.catalog.catalog import kind_of as catalog_kind
    from armourpen.catalog.catalog import parse_kind as parse_catalog_kind
    from armourpen.catalog.search import Match as CatalogMatch
    from armourpen.gcs import load_gcs as load_gcs
    from armourpen.gcs.layout import layout as gcs_layout
    from armourpen.gcs.layout import weapons_answer as gcs_weapons_answer
    from armourpen.gcs.layout import weapons_layout as gcs_weapons_layout
    from armourpen.gurps.choices import ATTACK_LOCATIONS as GURPS_ATTACK_LOCATIONS
    from armourpen.gurps.choices import COVER_INJURY_TOLERANCES as GURPS_COVER_INJURY_TOLERANCES
    from armourpen.gurps.choices import DAMAGE_TYPES as GURPS_DAMAGE_TYPES
    from armourpen.gurps.choices import DEFENSES as GURPS_DEFENSES
    from armourpen.gurps.choices import DR0_READINGS as GURPS_DR0_READINGS
    from armourpen.gurps.choices import ENVIRONMENTS as GURPS_ENVIRONMENTS
    from armourpen.gurps.choices import HIT_LOCATIONS as GURPS_HIT_LOCATIONS
    from armourpen.gurps.choices import INJURY_TOLERANCES as GURPS_INJURY_TOLERANCES
    from armourpen.gurps.choices import MATERIAL_GRADES as GURPS_MATERIAL_GRADES
    from armourpen.gurps.choices import MATERIALS as GURPS_MATERIALS
    from armourpen.gurps.choices import POSTURES as GURPS_POSTURES
    from armourpen.gurps.choices import SHIELDS as GURPS_SHIELDS
    from armourpen.gurps.choices import SITUATIONS as GURPS_SITUATIONS
    from armourpen.gurps.dice import fresh_seed as fresh_seed
    from armourpen.gurps.layout import dice_text as dice_text
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.next_shot import next_shot as next_shot
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.gurps.roll import roll as roll
    from armourpen.penav.ammo import OPTIONAL_RULES as PENAV_OPTIONAL_RULES
    from armourpen.penav.ammo import modifiers_text as ammo_modifiers_text
    from armourpen.penav.ballistics import estimate as estimate
    from armourpen.penav.catalog_view import item_dict as catalog_item_dict
    from armourpen.penav.defences import Defence as Defence
    from armourpen.penav.estimate import Estimate as Estimate
    from armourpen.penav.grid import sweep as sweep
    from armourpen.penav.layout import estimate_report as estimate_report
    from armourpen.penav.model import PenavScenario
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.penav.quick import PARAMETERS as QUICK_PARAMETERS
    from armourpen.penav.quick import quick_scenario as quick_scenario
    from armourpen.penav.ranges import Band as RangeBand
    from armourpen.penav.scale import fmt as av_text
    from armourpen.penav.scale import structural_text as structural_text
    from armourpen.penav.sweep_result import SweepResult as SweepResult
    from armourpen.penav.thickness import ThicknessReport as ThicknessReport
    from armourpen.penav.thickness import fmt_mm as mm_text
    from armourpen.penav.thickness import parse_thickness as parse_thickness
    from armourpen.penav.thickness import thickness as thickness
    from armourpen.probability.montecarlo import MonteCarloResult as MonteCarloResult
    from armourpen.probability.montecarlo import Progress
    from armourpen.probability.result import OddsResult as OddsResult
    from armourpen.scenario import Outcome, Scenario
    from armourpen.tables import table as table

__all__ = [
    "CATALOG_KINDS",
    "DEFAULT_LIMITS",
    "GURPS_ATTACK_LOCATIONS",
    "GURPS_COVER_INJURY_TOLERANCES",
    "GURPS_DAMAGE_TYPES",
    "GURPS_DEFENSES",
    "GURPS_DR0_READINGS",
    "GURPS_ENVIRONMENTS",
    "GURPS_HIT_LOCATIONS",
    "GURPS_INJURY_TOLERANCES",
    "GURPS_MATERIALS",
    "GURPS_MATERIAL_GRADES",
    "GURPS_POSTURES",
    "GURPS_SHIELDS",
    "GURPS_SITUATIONS",
    "PENAV_OPTIONAL_RULES",
    "QUICK_PARAMETERS",
    "RULE_SETS",
    "AmmoType",
    "ArgumentTypeError",
    "ArgumentValueError",
    "ArmourItem",
    "ArmourpenError",
    "AttackProfile",
    "Catalog",
    "CatalogItem",
    "CatalogMatch",
    "CoverItem",
    "Defence",
    "Estimate",
    "InputError",
    "LimitError",
    "Limits",
    "MonteCarloResult",
    "OddsResult",
    "RangeBand",
    "SweepResult",
    "ThicknessReport",
    "Vehicle",
    "ammo_modifiers_text",
    "av_text",
    "catalog_item_dict",
    "catalog_kind",
    "decode_catalog",
    "dice_text",
    "encode_catalog",
    "estimate",
    "estimate_report",
    "fresh_seed",
    "gcs_layout",
    "gcs_weapons_answer",
    "gcs_weapons_layout",
    "load_gcs",
    "load_scenario",
    "mm_text",
    "next_shot",
    "odds",
    "parse_catalog_kind",
    "parse_thickness",
    "quick_scenario",
    "resolve",
    "resolve_work",
    "roll",
    "sample",
    "structural_text",
    "sweep",
    "table",
    "thickness",
]


@overload
def resolve(scenario: PenavScenario, seed: int | random.Random | None = None) -> PenavOutcome: ...
@overload
def resolve(scenario: GurpsScenario, seed: int | random.Random | None = None) -> GurpsOutcome: ...
def resolve(scenario: Scenario, seed: int | random.Random | None = None) -> Outcome:
    """Apply the scenario's rule set; the outcome's ``to_dict()`` is the CLI's ``--json``.

    ``seed`` serves rule sets that roll dice (GURPS) when the scenario fixes neither the roll nor
    the seed: a whole number, or a ``random.Random`` to draw one from. The outcome reports it.
    """
    rules = rules_of_scenario(scenario)
    outcome: Outcome = rules.resolve(scenario, _seed(seed))
    return outcome


def resolve_work(scenario: Scenario) -> int:
    """The work :func:`resolve` would do for ``scenario``, estimated before any is done, in units
    of a PEN/AV layer faced (about 5 microseconds; PEN/AV: layers faced and entries; GURPS: entries
    met by each shot or fragment, 40 units each, and dice rolled, 6 to a unit): what the web
    server weighs to answer light work on its event loop (:mod:`armourpen.web.inline`)."""
    return rules_of_scenario(scenario).work(scenario)


def _seed(seed: object) -> int | random.Random | None:
    import random

    if seed is None or isinstance(seed, random.Random):
        return seed
    return _arguments.whole("seed", seed, "a whole number (an int), a random.Random, or None")


def odds(scenario: Scenario, *, limits: Limits = DEFAULT_LIMITS) -> OddsResult:
    """Exact odds for every target of a scenario whose rule set weighs chances (GURPS).

    The work is estimated first and refused beyond ``limits`` (a :class:`LimitError`).
    """
    rules = rules_of_scenario(scenario)
    result: OddsResult = rules.odds(scenario, limits=_arguments.limits(limits))
    return result


def sample(
    scenario: Scenario,
    samples: int,
    seed: int,
    *,
    chunk: int | None = None,
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> MonteCarloResult:
    """Monte Carlo estimates with standard errors, from ``samples`` shots drawn with ``seed``.

    The work is estimated first and refused beyond ``limits`` (a :class:`LimitError`).
    """
    rules = rules_of_scenario(scenario)
    samples = _arguments.whole("samples", samples)
    seed = _arguments.whole("seed", seed)
    options: dict[str, Any] = {
        "progress": _arguments.callable_or_none(
            "progress", progress, "a function called with the samples done and the total, "
            "or None"),
        "limits": _arguments.limits(limits),
    }
    if chunk is not None:
        options["chunk"] = _arguments.whole("chunk", chunk, _arguments.WHOLE + ", or None")
    result: MonteCarloResult = rules.sample(scenario, samples, seed, **options)
    return result


# Heavier parts of the API are imported on first use so that `import armourpen` stays light.
_LAZY: dict[str, tuple[str, str]] = {
    **{name: ("armourpen.catalog", name) for name in (
        "AmmoType", "ArmourItem", "AttackProfile", "Catalog", "CatalogItem", "CoverItem",
        "Vehicle")},
    "encode_catalog": ("armourpen.catalog.cache", "encode_catalog"),
    "decode_catalog": ("armourpen.catalog.cache", "decode_catalog"),
    "fresh_seed": ("armourpen.gurps.dice", "fresh_seed"),
    "estimate": ("armourpen.penav.ballistics", "estimate"),
    "Estimate": ("armourpen.penav.estimate", "Estimate"),
    "estimate_report": ("armourpen.penav.layout", "estimate_report"),
    "PENAV_OPTIONAL_RULES": ("armourpen.penav.ammo", "OPTIONAL_RULES"),
    "QUICK_PARAMETERS": ("armourpen.penav.quick", "PARAMETERS"),
    "ThicknessReport": ("armourpen.penav.thickness", "ThicknessReport"),
    "parse_thickness": ("armourpen.penav.thickness", "parse_thickness"),
    "MonteCarloResult": ("armourpen.probability.montecarlo", "MonteCarloResult"),
    "OddsResult": ("armourpen.probability.result", "OddsResult"),
    "load_gcs": ("armourpen.gcs", "load_gcs"),
    "next_shot": ("armourpen.gurps.next_shot", "next_shot"),
    "sweep": ("armourpen.penav.grid", "sweep"),
    "Defence": ("armourpen.penav.defences", "Defence"),
    "SweepResult": ("armourpen.penav.sweep_result", "SweepResult"),
    "thickness": ("armourpen.penav.thickness", "thickness"),
    "quick_scenario": ("armourpen.penav.quick", "quick_scenario"),
    "table": ("armourpen.tables", "table"),
    "roll": ("armourpen.gurps.roll", "roll"),
    "CATALOG_KINDS": ("armourpen.catalog.catalog", "KINDS"),
    "CatalogMatch": ("armourpen.catalog.search", "Match"),
    "catalog_kind": ("armourpen.catalog.catalog", "kind_of"),
    "parse_catalog_kind": ("armourpen.catalog.catalog", "parse_kind"),
    "catalog_item_dict": ("armourpen.penav.catalog_view", "item_dict"),
    "ammo_modifiers_text": ("armourpen.penav.ammo", "modifiers_text"),
    "gcs_layout": ("armourpen.gcs.layout", "layout"),
    "gcs_weapons_answer": ("armourpen.gcs.layout", "weapons_answer"),
    "gcs_weapons_layout": ("armourpen.gcs.layout", "weapons_layout"),
    "dice_text": ("armourpen.gurps.layout", "dice_text"),
    "RangeBand": ("armourpen.penav.ranges", "Band"),
    "av_text": ("armourpen.penav.scale", "fmt"),
    "structural_text": ("armourpen.penav.scale", "structural_text"),
    "mm_text": ("armourpen.penav.thickness", "fmt_mm"),
    **{f"GURPS_{name}": ("armourpen.gurps.choices", name) for name in (
        "ATTACK_LOCATIONS", "COVER_INJURY_TOLERANCES", "DAMAGE_TYPES", "DR0_READINGS",
        "ENVIRONMENTS", "HIT_LOCATIONS", "INJURY_TOLERANCES", "MATERIALS", "MATERIAL_GRADES",
        "POSTURES", "SITUATIONS", "DEFENSES", "SHIELDS")},
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'armourpen' has no attribute {name!r}")
