"""The rule sets armourpen knows, one entry each: how to parse, resolve, describe and show them.

``load_scenario``, ``resolve``, ``odds``, ``sample``, the JSON Schema export, the readable
renderers and a form's hints all look the rule set up here instead of branching on its name, so a
third rule set is one more module and one more :class:`RuleSet` in :data:`RULE_SETS`. Each rule
set is a module imported here directly (:mod:`armourpen.penav.plugin`,
:mod:`armourpen.gurps.plugin`) and typed by :class:`RuleSetModule`, so that mypy and import-linter
see every call; each loads its heavy parts (pydantic models, numpy) when first used, so that
``import armourpen`` stays light. See ``docs/decisions/0003-rule-set-plugins.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeAlias

from armourpen.errors import ArgumentTypeError, InputError, ScenarioError
from armourpen.gurps import plugin as gurps
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.penav import plugin as penav
from armourpen.probability import engine as gurps_odds

if TYPE_CHECKING:
    import random

    from armourpen.catalog import Catalog
    from armourpen.gurps.model import GurpsAttack, GurpsScenario
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.gurps.scenario import ReadTarget, ReadWeapon
    from armourpen.gurps.schema import GcsAttackEntry, GcsTargetEntry
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

Hints: TypeAlias = "tuple[dict[str, str], list[InputError]]"
"""What a form shows beside the attack's fields (by field), and the errors of those fields."""


class RuleSetModule(Protocol):
    """What the registry needs of a rule set's module: its key and title, what its scenarios need,
    and its calls. A module's functions take the scenario or outcome of any rule set as
    ``object`` and refuse another's (the registry only hands each its own)."""

    KEY: str
    TITLE: str
    USES_CATALOG: bool
    ROLLS_DICE: bool
    READS_FILES: bool

    def owns(self, value: object) -> bool: ...

    def parse(self, data: Mapping[str, Any], catalog: Catalog | None,
              files: gurps.FileReaders | None, limits: Limits) -> Scenario: ...

    def resolve(self, scenario: object, seed: int | random.Random | None = None) -> Outcome: ...

    def work(self, scenario: object) -> int: ...

    def schema(self) -> dict[str, Any]: ...

    def layout(self, outcome: object) -> Layout: ...

    def hints(self, attack: Mapping[str, Any], catalog: Callable[[], Catalog]) -> Hints: ...


class OddsEngine(Protocol):
    """Exact odds and Monte Carlo for a rule set that weighs chances."""

    def odds(self, scenario: object, **options: Any) -> OddsResult: ...

    def sample(self, scenario: object, samples: int, seed: int, **options: Any
               ) -> MonteCarloResult: ...


class _GcsFiles:
    """GCS's readers of character files (:class:`armourpen.gurps.scenario.CharacterReader` and
    ``WeaponReader``), imported only when a card or an attack names a file: a scenario without
    one goes nowhere near :mod:`armourpen.gcs`. A plain slotted class, not a dataclass, which
    would cost every one-shot command a millisecond at import."""

    __slots__ = ("base", "limits", "outside")

    def __init__(self, base: Path | None, outside: bool, limits: Limits) -> None:
        self.base = base
        self.outside = outside
        self.limits = limits

    def characters(self, entry: GcsTargetEntry, index: int, attack: GurpsAttack,
                   first: bool) -> ReadTarget:
        from armourpen.gcs.scenario import Characters

        return Characters(self.base, self.outside, self.limits)(entry, index, attack, first)

    def weapons(self, entry: GcsAttackEntry) -> ReadWeapon:
        from armourpen.gcs.scenario import Characters

        return Characters(self.base, self.outside, self.limits).weapon(entry)


class RuleSet(NamedTuple):
    """One rule set: its module (:class:`RuleSetModule`) and, where it weighs chances, its odds
    engines (:class:`OddsEngine`). A named tuple rather than a frozen dataclass: as immutable, and
    made faster when the module is imported, which every one-shot command pays for."""

    module: RuleSetModule
    odds_engine: OddsEngine | None = None

    @property
    def key(self) -> str:
        """Its key (``rules = "..."`` in a scenario)."""
        return self.module.KEY

    @property
    def title(self) -> str:
        return self.module.TITLE

    @property
    def uses_catalog(self) -> bool:
        """Whether its scenarios name catalog items (a front end loads user catalogs only then)."""
        return self.module.USES_CATALOG

    @property
    def rolls_dice(self) -> bool:
        return self.module.ROLLS_DICE

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
        which user catalogs to load). A rule set that reads files (GCS character files) finds
        relative paths in ``base``, the scenario file's folder, and reads them within ``limits``:
        only files in ``base`` or below it, unless ``allow_outside_files``.
        A :class:`armourpen.reading.CheckedTree` is not walked again.
        """
        files = None
        if self.module.READS_FILES:
            gcs = _GcsFiles(base, allow_outside_files, limits)
            files = gurps.FileReaders(gcs.characters, gcs.weapons)
        return self.module.parse(data, catalog, files, limits)

    def resolve(self, scenario: Scenario, seed: int | random.Random | None = None) -> Outcome:
        """The explained outcome of ``scenario``; ``seed`` serves rule sets that roll dice."""
        return self.module.resolve(scenario, seed)

    def work(self, scenario: Scenario) -> int:
        """The work of resolving ``scenario``, estimated before any is done, in units of a PEN/AV
        layer faced (about 5 microseconds), so that a front end can tell light work from heavy."""
        return self.module.work(scenario)

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of this rule set's scenario files (JSON: its values are any JSON)."""
        return self.module.schema()

    def layout(self, outcome: Outcome) -> Layout:
        """The outcome as a neutral layout for readable front ends."""
        return self.module.layout(outcome)

    def hints(self, attack: Mapping[str, Any], catalog: Callable[[], Catalog]) -> Hints:
        """What a form shows beside the attack's fields as they are typed, and their errors;
        ``catalog`` is asked for only by a rule set that looks names up."""
        return self.module.hints(attack, catalog)

    def odds(self, scenario: Scenario, **options: Any) -> OddsResult:
        """Exact odds of ``scenario``, for a rule set that weighs chances."""
        if self.odds_engine is None:
            raise ScenarioError("rules", self.key, "odds are computed for: " + _weighing())
        return self.odds_engine.odds(scenario, **options)

    def sample(self, scenario: Scenario, samples: int, seed: int, **options: Any
               ) -> MonteCarloResult:
        """Monte Carlo estimates for ``scenario``, for a rule set that weighs chances."""
        if self.odds_engine is None:
            raise ScenarioError("rules", self.key, "odds are sampled for: " + _weighing())
        return self.odds_engine.sample(scenario, samples, seed, **options)


RULE_SETS: dict[str, RuleSet] = {
    "penav": RuleSet(penav),
    "gurps": RuleSet(gurps, odds_engine=gurps_odds),
}


def _weighing() -> str:
    return ", ".join(f'rules = "{k}"' for k, r in RULE_SETS.items() if r.odds_engine is not None)


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
        if found.module.owns(value):
            return found
    hint = " (read a mapping with armourpen.load_scenario first)" if isinstance(value, Mapping) \
        else ""
    raise ArgumentTypeError(field, value, "allowed: a scenario, as armourpen.load_scenario or "
                            "quick_scenario return it" + hint)


def rule_set_of(value: object) -> RuleSet:
    """The rule set of a scenario or outcome (its ``rules`` attribute)."""
    return rule_set(getattr(value, "rules", None), "scenario")
