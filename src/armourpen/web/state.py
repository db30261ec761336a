"""What one running web app holds: its catalog and its caps, and the calls that use them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.limits import Limits

if TYPE_CHECKING:
    from starlette.requests import Request

    from armourpen.catalog import Catalog
    from armourpen.charts import MatrixChart, PenRangeChart
    from armourpen.grid import Defence, SweepResult
    from armourpen.scenario import Scenario


@dataclass(frozen=True, slots=True)
class WebState:
    """The app's catalog (built-in, plus the user's files when the server was told to read
    them) and its caps (:class:`Limits`, the same as the CLI's)."""

    catalog: Catalog
    limits: Limits

    def load_scenario(self, data: Mapping[str, Any]) -> Scenario:
        """A scenario mapping, its names looked up in the app's catalog (rule sets that use one).

        A GURPS target's ``gcs`` is the character file's JSON itself (an upload): over HTTP a
        path is refused, for the server's files are not the client's to read.
        """
        from armourpen.rulesets import rules_of
        from armourpen.scenario import load_scenario

        catalog = self.catalog if rules_of(data).uses_catalog else None
        return load_scenario(with_uploads(data), catalog, limits=self.limits)

    def table(self, params: Mapping[str, Any]) -> SweepResult:
        """:func:`armourpen.table` with the app's catalog and caps."""
        import armourpen

        return armourpen.table(**params, catalog=self.catalog, limits=self.limits)

    def picked(
        self, attacks: Sequence[str], armour: Sequence[str], cover: Sequence[str],
        defences: Sequence[str], *, every_armour: bool,
    ) -> tuple[list[Any], list[Defence]]:
        """Attacks and defences picked as ``armourpen table`` picks them (text or names)."""
        from armourpen.catalog import AttackProfile
        from armourpen.tables import defences_for, select

        for field, texts in (("attack", attacks), ("armour", armour), ("cover", cover),
                             ("defence", defences)):
            for i, text in enumerate(texts):
                self.limits.check("max_text_chars", len(text), "characters", f"{field}[{i}]")
        found = select(self.catalog, "attack", attacks, "attack") if attacks else \
            self.catalog.items("attack")
        profiles = [a for a in found if isinstance(a, AttackProfile)]
        if not (armour or cover or defences) and not every_armour:
            return profiles, []
        return profiles, defences_for(self.catalog, armour, cover, defences)

    def drawable(self, chart: Any, field: str = "attack") -> Any:
        """``chart`` when it is small enough to draw as a picture (``max_chart_cells``)."""
        from armourpen.charts import MatrixChart, PenRangeChart

        if isinstance(chart, MatrixChart):
            cells = len(chart.attacks) * len(chart.defences)
        elif isinstance(chart, PenRangeChart):
            cells = len(chart.attacks) * 11 + len(chart.defences)
        else:
            return chart
        self.limits.check("max_chart_cells", cells, "cells to draw", field)
        return chart

    def pen_range_chart(
        self, attacks: Sequence[str], armour: Sequence[str], cover: Sequence[str],
        defences: Sequence[str], direction: str, ammo: str | None, optional_rules: Sequence[str],
    ) -> PenRangeChart:
        from armourpen.charts import pen_range_chart

        profiles, picked = self.picked(attacks, armour, cover, defences, every_armour=False)
        self.limits.check("max_sweep_cells", len(profiles) * max(1, len(picked)) * 11, "cells",
                          "attack")
        return pen_range_chart(profiles, picked, direction, ammo=ammo,
                               optional_rules=optional_rules, catalog=self.catalog)

    def matrix_chart(
        self, attacks: Sequence[str], armour: Sequence[str], cover: Sequence[str],
        defences: Sequence[str], band: str | None, distance: str | None, direction: str,
        ammo: str | None, optional_rules: Sequence[str],
    ) -> MatrixChart:
        from armourpen.charts import matrix_chart

        profiles, picked = self.picked(attacks, armour, cover, defences, every_armour=True)
        self.limits.check("max_sweep_cells", len(profiles) * len(picked), "cells", "attack")
        return matrix_chart(profiles, picked, band=band, distance=distance, direction=direction,
                            ammo=ammo, optional_rules=optional_rules, catalog=self.catalog)


ADDRESS_ONLY = ("here, the GCS file's JSON: choose or drop the file again (an address keeps its "
                "name only, and over HTTP no file is read from the server)")


def with_uploads(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data``, where a GURPS target's ``gcs`` must be the file's JSON (an upload): a name or a
    path is refused here with words for the calculator's user (the rule set refuses it too)."""
    line = data.get("line")
    if isinstance(line, list):
        for i, entry in enumerate(line):
            if isinstance(entry, Mapping) and isinstance(entry.get("gcs"), str):
                from armourpen.errors import ScenarioError

                raise ScenarioError(f"line[{i}].gcs", entry["gcs"], ADDRESS_ONLY)
    return data


def state_of(request: Request) -> WebState:
    state: WebState = request.app.state.armourpen
    return state
