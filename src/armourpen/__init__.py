"""armourpen: resolve shots against armour, cover, vehicles and the people behind them.

The public API (nothing heavy is imported here):

- :func:`load_scenario` reads a scenario (a TOML/JSON path or a mapping) into frozen values;
- :func:`resolve` applies its rule set and returns an outcome with ``.to_dict()`` and its steps;
- :class:`Catalog` is the searchable catalog of attacks, armour, cover and vehicles.
"""

from __future__ import annotations

__version__ = "0.1.0"
