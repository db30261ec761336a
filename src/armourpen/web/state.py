"""What one running web app holds: its catalog and its caps, and the calls that use them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen import Catalog
from armourpen.errors import MISSING, InputError
from armourpen.limits import Limits
from armourpen.reading import CheckedTree
from armourpen.rulesets import rules_of  # with the app, not on each request
from armourpen.scenario import load_checked, load_scenario

if TYPE_CHECKING:
    from starlette.requests import Request

    from armourpen import CatalogItem, Defence, SweepResult
    from armourpen import CatalogMatch as Match
    from armourpen.charts import MatrixChart, OddsChart, PenRangeChart, SlopeChart
    from armourpen.scenario import Scenario

FRESH = random.SystemRandom()
"""Where fresh seeds come from (the operating system's randomness; shared by every request)."""


@dataclass(frozen=True, slots=True)
class WebState:
    """The app's catalog (built-in, plus the user's files when the server was told to read
    them) and its caps (:class:`Limits`, the same as the CLI's)."""

    catalog: Catalog
    limits: Limits

    @property
    def catalog_problem(self) -> InputError | None:
        """What clients are told when the server's catalog files could not be read (see
        :class:`UnreadCatalog`): the refusal, without the server's paths."""
        return self.catalog.refused() if isinstance(self.catalog, UnreadCatalog) else None

    def load_scenario(self, data: Mapping[str, Any]) -> Scenario:
        """A scenario mapping, its names looked up in the app's catalog (rule sets that use one).

        A GURPS target's ``gcs`` is the character file's JSON itself (an upload): over HTTP a
        path is refused, for the server's files are not the client's to read. A body that
        :func:`armourpen.web.body.read_json` read is a :class:`~armourpen.reading.CheckedTree`,
        checked with the app's caps, which is not walked again.
        """
        catalog = self.catalog if rules_of(data).uses_catalog else None
        data = with_uploads(data)
        if isinstance(data, CheckedTree):
            return load_checked(data, catalog, limits=self.limits)
        return load_scenario(data, catalog, limits=self.limits)

    def table(self, params: Mapping[str, Any]) -> SweepResult:
        """:func:`armourpen.table` with the app's catalog and caps."""
        import armourpen

        return armourpen.table(**params, catalog=self.catalog, limits=self.limits)

    def picked(
        self, attacks: Sequence[str], armour: Sequence[str], cover: Sequence[str],
        defences: Sequence[str], *, every_armour: bool,
    ) -> tuple[list[Any], list[Defence]]:
        """Attacks and defences picked as ``armourpen table`` picks them (text or names)."""
        from armourpen.tables import defences_for, pick_attacks

        for field, texts in (("attack", attacks), ("armour", armour), ("cover", cover),
                             ("defence", defences)):
            for i, text in enumerate(texts):
                self.limits.check("max_text_chars", len(text), "characters", f"{field}[{i}]")
        profiles = pick_attacks(self.catalog, attacks, "attack")
        if not (armour or cover or defences) and not every_armour:
            return profiles, []
        return profiles, defences_for(self.catalog, armour, cover, defences)

    def svg(self, chart: Any) -> str:
        """``chart`` drawn as SVG within ``max_chart_cells`` (checked once, by the drawing); the
        refusal names what makes it large: the attacks, or an odds chart's line of targets."""
        from armourpen.charts import svg

        return svg(chart, limits=self.limits, field="line" if chart.kind == "odds" else "attack")

    def pen_range_chart(self, f: SweepFilters) -> PenRangeChart:
        """``armourpen chart pen-range``: at least one attack; the defences only as given."""
        from armourpen.charts import pen_range_chart

        if not f.attacks:
            raise InputError("attack", MISSING, "`attack` is required: one or more attack profiles "
                             "to chart")
        profiles, picked = self.picked(f.attacks, f.armour, f.cover, f.defences,
                                       every_armour=False)
        self.limits.check("max_sweep_cells", len(profiles) * max(1, len(picked)) * 11, "cells",
                          "attack")
        return pen_range_chart(profiles, picked, f.direction, ammo=f.ammo,
                               optional_rules=f.optional_rules, catalog=self.catalog,
                               limits=self.limits)

    def matrix_chart(self, f: SweepFilters, band: str | None, distance: str | None) -> MatrixChart:
        """``armourpen chart matrix``: one band or one distance."""
        from armourpen.charts import matrix_chart

        if (band is None) == (distance is None):
            raise InputError("band", band or MISSING, "give one band (e.g. long) or one range "
                             "(e.g. 150m), not both" if band else "`band` or `range` is required: "
                             "one band (e.g. long) or one range (e.g. 150m)")
        profiles, picked = self.picked(f.attacks, f.armour, f.cover, f.defences, every_armour=True)
        self.limits.check("max_sweep_cells", len(profiles) * len(picked), "cells", "attack")
        return matrix_chart(profiles, picked, band=band, distance=distance, direction=f.direction,
                            ammo=f.ammo, optional_rules=f.optional_rules, catalog=self.catalog,
                            limits=self.limits)

    @staticmethod
    def slope_chart(thickness: str | None, av: str | int | None) -> SlopeChart:
        """``armourpen chart slope``: a plate's thickness or its AV (a whole number)."""
        from armourpen import parse_thickness
        from armourpen.charts import slope_chart
        from armourpen.numeric import exact_number

        if (thickness is None) == (av is None):
            raise InputError("thickness", thickness or MISSING, "give the plate's thickness "
                             "(e.g. 60mm) or its av, not both" if thickness else "`thickness` or "
                             "`av` is required: the plate's thickness (e.g. 60mm) or its av")
        if thickness is not None:
            return slope_chart(mm=parse_thickness(thickness, "thickness"), field="thickness")
        whole = exact_number(av, "av", allowed="a whole number")
        if whole.denominator != 1:
            raise InputError("av", av, "allowed: a whole number")
        return slope_chart(av=int(whole), field="av")

    def odds_chart(self, data: Mapping[str, Any], *, to_draw: bool = False) -> OddsChart:
        """``armourpen chart odds``: the exact odds of a scenario, within the app's caps
        (``data`` as for :meth:`load_scenario`; ``to_draw`` as for
        :func:`armourpen.charts.odds_chart`)."""
        from armourpen.charts import odds_chart

        scenario = self.load_scenario(data)
        return odds_chart(scenario, limits=self.limits, to_draw=to_draw)


UNREAD = ("catalog files the server can read: the server's console says which one it could not "
          "read and why (GURPS, which needs no catalog, is served)")


class UnreadCatalog(Catalog):
    """The catalog of a server whose catalog files could not be read (a stray file in the user
    catalog folder): every lookup is refused (AP-2), as the CLI refuses a command that needs the
    catalog then. GURPS names no catalog item, so it is served as ever.

    ``problem`` says which file and why, for the server's console only: its paths and what the
    file holds are not the clients' to read. Clients are refused with :data:`UNREAD`."""

    __slots__ = ("problem",)

    def __init__(self, problem: InputError) -> None:
        super().__init__()
        self.problem = problem

    @staticmethod
    def refused() -> InputError:
        """The refusal clients get (a fresh one: each request raises its own)."""
        from armourpen.errors import CatalogError

        return CatalogError("catalog", "(a file the server could not read)", UNREAD)

    def _refused(self) -> InputError:
        return self.refused()

    # every lookup, whatever it asks for
    def _find(self, *_: object, **__: object) -> CatalogItem:
        raise self._refused()

    def find(self, *_: object, **__: object) -> CatalogItem | None:
        raise self._refused()

    def get(self, *_: object, **__: object) -> CatalogItem:
        raise self._refused()

    def suggest(self, *_: object, **__: object) -> list[str]:
        raise self._refused()

    def items(self, *_: object, **__: object) -> list[CatalogItem]:
        raise self._refused()

    def search(self, *_: object, **__: object) -> list[CatalogItem]:
        raise self._refused()

    def matches(self, *_: object, **__: object) -> list[Match]:
        raise self._refused()


@dataclass(frozen=True, slots=True)
class SweepFilters:
    """What a PEN/AV sweep is asked for, as ``table``, ``chart pen-range`` and ``chart matrix``
    take it: attacks, armour and cover by name or by text, exact defences, the direction, the
    ammunition and the optional rules."""

    attacks: tuple[str, ...] = ()
    armour: tuple[str, ...] = ()
    cover: tuple[str, ...] = ()
    defences: tuple[str, ...] = ()
    direction: str = "front"
    ammo: str | None = None
    optional_rules: tuple[str, ...] = ()


ADDRESS_ONLY = ("here, the GCS file's JSON: on the page, choose the file again on the card (a "
                "shared address keeps a file's name, not the file, and over HTTP the server reads "
                "no file of its own)")


ATTACK_ADDRESS_ONLY = ("here, the GCS file's JSON: on the page, choose the shooter's file again in "
                       "the attack (a shared address keeps a file's name, not the file, and over "
                       "HTTP the server reads no file of its own)")


def with_uploads(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data``, where a GURPS target's or attack's ``gcs`` must be the file's JSON (an upload): a
    name or a path is refused here with words for the calculator's user and an HTTP client (the
    rule set refuses it too, in the Python API's words)."""
    from armourpen.errors import ScenarioError

    attack = data.get("attack")
    if isinstance(attack, Mapping) and isinstance(attack.get("gcs"), str):
        raise ScenarioError("attack.gcs", attack["gcs"], ATTACK_ADDRESS_ONLY)
    line = data.get("line")
    if isinstance(line, list):
        for i, entry in enumerate(line):
            # a dict told apart without the ABC's isinstance, which costs more than the rest
            if (type(entry) is dict or isinstance(entry, Mapping)) and isinstance(
                    entry.get("gcs"), str):
                raise ScenarioError(f"line[{i}].gcs", entry["gcs"], ADDRESS_ONLY)
    return data


def state_of(request: Request) -> WebState:
    state: WebState = request.app.state.armourpen
    return state
