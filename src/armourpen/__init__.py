"""armourpen: resolve shots against armour, cover, vehicles and the people behind them.

The public API (nothing heavy is imported here):

- :func:`load_scenario` reads a scenario (a TOML/JSON path or a mapping) into frozen values;
- :func:`resolve` applies its rule set and returns an outcome with ``.to_dict()`` and its steps;
- :func:`odds` gives exact odds for a GURPS scenario, :func:`sample` Monte Carlo estimates;
- :func:`sweep` resolves whole PEN/AV grids at once (numpy);
- :class:`Catalog` is the searchable catalog of attacks, armour, cover and vehicles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armourpen.errors import ArmourpenError, InputError
from armourpen.scenario import load_scenario

if TYPE_CHECKING:
    from armourpen.catalog import Catalog as Catalog
    from armourpen.grid import sweep as sweep
    from armourpen.gurps.outcome import GurpsOutcome
    from armourpen.penav.outcome import PenavOutcome
    from armourpen.probability import odds as odds
    from armourpen.probability import sample as sample
    from armourpen.scenario import Scenario

__version__ = "0.1.0"
__all__ = [
    "ArmourpenError",
    "Catalog",
    "InputError",
    "load_scenario",
    "odds",
    "resolve",
    "sample",
    "sweep",
]


def resolve(scenario: Scenario) -> PenavOutcome | GurpsOutcome:
    """Apply the scenario's rule set; the outcome's ``to_dict()`` is the CLI's ``--json``."""
    from armourpen.penav.model import PenavScenario

    if isinstance(scenario, PenavScenario):
        from armourpen.penav.resolve import resolve_penav

        return resolve_penav(scenario)
    from armourpen.gurps.resolve import resolve_gurps

    return resolve_gurps(scenario)


# Heavier parts of the API are imported on first use so that `import armourpen` stays light.
_LAZY: dict[str, tuple[str, str]] = {
    "Catalog": ("armourpen.catalog", "Catalog"),
    "odds": ("armourpen.probability", "odds"),
    "sample": ("armourpen.probability", "sample"),
    "sweep": ("armourpen.grid", "sweep"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'armourpen' has no attribute {name!r}")
