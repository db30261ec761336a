"""The rule sets armourpen knows, one entry each: how to parse, resolve, describe and show them.

``load_scenario``, ``resolve``, ``odds``, ``sample``, the JSON Schema export and the readable
renderers all look the rule set up here instead of branching on its name, so a third rule set is
one more :class:`RuleSet` in :data:`RULE_SETS`. Each entry names its functions as
``"module:attribute"`` and imports them on first use, so that ``import armourpen`` stays light.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, cast

from armourpen.errors import ArgumentTypeError, ScenarioError
from armourpen.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from armourpen.catalog import Catalog
    from armourpen.gurps.model import GurpsScenario
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.layout import Layout
    from armourpen.penav.model import PenavScenario
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.probability.montecarlo import MonteCarloResult
    from armourpen.probability.result import OddsResult

    Scenario: TypeAlias = PenavScenario | GurpsScenario
    """A scenario of any rule set, as :func:`armourpen.load_scenario` returns it."""
    Outcome: TypeAlias = PenavOutcome | GurpsOutcome
    """The outcome of any rule set's scenario, as :func:`armourpen.resolve` returns it."""

DEFAULT_RULES = "penav"


@functools.cache  # a handful of references, each imported on first use and then kept
def _load(ref: str) -> object:
    """The object ``"module:attribute"`` names; each method of :class:`RuleSet` says (by a cast)
    what its entries hold, since a name read at run time has no static type."""
    module, _, attr = ref.partition(":")
    found: object = getattr(importlib.import_module(module), attr)
    return found


class RuleSet(NamedTuple):
    """One rule set: its key (``rules = "..."`` in a scenario) and where its parts live.

    ``uses_catalog`` says whether its scenarios name catalog items (a front end loads user
    catalogs only then); ``odds_engine`` and ``sampler`` are None where the rule set has no
    chances to weigh. A named tuple rather than a frozen dataclass: as immutable, and made many
    times faster when the module is imported, which every one-shot command pays for.
    """

    key: str
    title: str
    uses_catalog: bool
    scenario_class: str  # the class of its scenarios, "module:Class"
    parser: str
    resolver: str
    schema_builder: str
    layout_builder: str
    rolls_dice: bool = False
    odds_engine: str | None = None
    sampler: str | None = None
    reads_files: bool = False
    line_work: str | None = None  # the work of resolving a scenario, estimated (Limits)

    def parse(
        self,
        data: Mapping[str, Any],
        catalog: Catalog | None = None,
        *,
        base: Path | None = None,
        limits: Limits = DEFAULT_LIMITS,
        allow_outside_files: bool = False,
    ) -> Scenario:
        """A validated scenario of this rule set; names are looked up in ``catalog``.

        Without a catalog, the built-in one is used (never the user's folders: the caller decides
        which user catalogs to load). A rule set that ``reads_files`` (GCS character files) finds
        relative paths in ``base``, the scenario file's folder, and reads them within ``limits``:
        only files in ``base`` or below it, unless ``allow_outside_files``.
        A :class:`armourpen.reading.CheckedTree` is not walked again.
        """
        parse = cast("Callable[..., Scenario]", _load(self.parser))
        if self.reads_files:
            scenario = parse(data, base=base, limits=limits,
                             allow_outside_files=allow_outside_files)
        elif not self.uses_catalog:
            scenario = parse(data)
        else:
            if catalog is None:
                from armourpen.catalog import Catalog

                catalog = Catalog.builtin()
            scenario = parse(data, catalog)
        if self.line_work is not None:  # refused before resolving, not while
            work = cast("Callable[[Scenario], int]", _load(self.line_work))
            limits.check("max_line_work", work(scenario), "layers faced", "line")
        return scenario

    def resolve(self, scenario: Scenario, seed: int | random.Random | None = None) -> Outcome:
        """The explained outcome of ``scenario``; ``seed`` serves rule sets that roll dice."""
        resolver = cast("Callable[..., Outcome]", _load(self.resolver))
        if self.rolls_dice:
            return resolver(scenario, seed)
        return resolver(scenario)

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of this rule set's scenario files (JSON: its values are any JSON)."""
        return cast("Callable[[], dict[str, Any]]", _load(self.schema_builder))()

    def layout(self, outcome: Outcome) -> Layout:
        """The outcome as a neutral layout for readable front ends."""
        return cast("Callable[[Outcome], Layout]", _load(self.layout_builder))(outcome)

    def odds(self, scenario: Scenario, **options: Any) -> OddsResult:
        """Exact odds of ``scenario``, for a rule set that weighs chances."""
        if self.odds_engine is None:
            raise ScenarioError("rules", self.key, "odds are computed for: " + _with("odds_engine"))
        return cast("Callable[..., OddsResult]", _load(self.odds_engine))(scenario, **options)

    def sample(self, scenario: Scenario, samples: int, seed: int, **options: Any
               ) -> MonteCarloResult:
        """Monte Carlo estimates for ``scenario``, for a rule set that weighs chances."""
        if self.sampler is None:
            raise ScenarioError("rules", self.key, "odds are sampled for: " + _with("sampler"))
        sampler = cast("Callable[..., MonteCarloResult]", _load(self.sampler))
        return sampler(scenario, samples, seed, **options)


RULE_SETS: dict[str, RuleSet] = {
    "penav": RuleSet(
        key="penav",
        title="PEN/AV (armour and penetration)",
        uses_catalog=True,
        scenario_class="armourpen.penav.model:PenavScenario",
        parser="armourpen.penav.spec:parse_penav",
        resolver="armourpen.penav.resolve:resolve_penav",
        schema_builder="armourpen.penav.scenario:json_schema",
        layout_builder="armourpen.penav.layout:layout",
        line_work="armourpen.penav.line:line_work",
    ),
    "gurps": RuleSet(
        key="gurps",
        title="GURPS overpenetration",
        uses_catalog=False,
        scenario_class="armourpen.gurps.model:GurpsScenario",
        parser="armourpen.gcs.scenario:parse_gurps",
        resolver="armourpen.gurps.resolve:resolve_gurps",
        schema_builder="armourpen.gurps.schema:json_schema",
        layout_builder="armourpen.gurps.layout:layout",
        rolls_dice=True,
        reads_files=True,
        odds_engine="armourpen.probability.exact:odds",
        sampler="armourpen.probability.montecarlo:sample",
    ),
}


def _with(attribute: str) -> str:
    keys = [k for k, r in RULE_SETS.items() if getattr(r, attribute) is not None]
    return ", ".join(f'rules = "{k}"' for k in keys)


def rule_set(key: object, field: str = "rules") -> RuleSet:
    """The rule set called ``key``; anything else is an input error naming the keys allowed."""
    found = RULE_SETS.get(key) if isinstance(key, str) else None
    if found is None:
        raise ScenarioError(field, key, "allowed: " + ", ".join(RULE_SETS))
    return found


def rules_of(data: Mapping[str, Any]) -> RuleSet:
    """The rule set a scenario mapping asks for (``rules``, PEN/AV when absent)."""
    return rule_set(data.get("rules", DEFAULT_RULES))


def rules_of_scenario(value: object, field: str = "scenario") -> RuleSet:
    """The rule set of a scenario value (what :func:`armourpen.load_scenario` returns); anything
    else, a mapping or an outcome included, is an :class:`ArgumentTypeError`."""
    for found in RULE_SETS.values():
        module, _, name = found.scenario_class.partition(":")
        # no scenario of a rule set exists before its module is imported: nothing to import here
        loaded = sys.modules.get(module)
        if loaded is not None and isinstance(value, getattr(loaded, name)):
            return found
    hint = " (read a mapping with armourpen.load_scenario first)" if isinstance(value, Mapping) \
        else ""
    raise ArgumentTypeError(field, value, "allowed: a scenario, as armourpen.load_scenario or "
                            "quick_scenario return it" + hint)


def rule_set_of(value: object) -> RuleSet:
    """The rule set of a scenario or outcome (its ``rules`` attribute)."""
    return rule_set(getattr(value, "rules", None), "scenario")
