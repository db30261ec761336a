"""The GM's table: attacks and defences picked by name or by text, swept over bands (PEN/AV).

:func:`table` is what ``armourpen table`` (and any other front end) charts: it picks catalog items
the way a user searches for them, builds the defences (each cover in front of each armour, PA-7)
and runs :func:`armourpen.sweep`. Errors name its parameters (``armour[1]``, ``bands[0]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from armourpen.errors import UnknownNameError
from armourpen.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from armourpen.catalog import AttackProfile, Catalog, CatalogItem
    from armourpen.penav.defences import Defence
    from armourpen.penav.sweep_result import SweepResult

PARAMETERS: tuple[str, ...] = (
    "attacks", "armour", "cover", "defences", "bands", "distances", "directions", "ammo",
    "optional_rules",
)
"""The parameters of :func:`table`, which its errors name."""


def select(catalog: Catalog, kind: str, queries: Sequence[str], field: str) -> list[CatalogItem]:
    """Items by exact name or alias, else every item with a word of its name or of an alias that
    begins with the text (``9mm``: the 9mm rounds, not 7.62x39mm).

    A query that matches nothing is an error naming ``field[i]`` with the closest names; cover
    rows the text gives no value are left out of text matches and refused by name (PA-13).
    """
    from armourpen.catalog import CoverItem, names_begin

    out: list[CatalogItem] = []
    for n, q in enumerate(queries):
        f = f"{field}[{n}]"
        try:
            found = [catalog.get(q, kind, field=f)]
        except UnknownNameError as exc:
            found = [
                item for item in catalog.items(kind)
                if names_begin(item, q)
                and not (isinstance(item, CoverItem) and item.av is None)  # PA-13: no value
            ]
            if not found:
                raise exc from None
        if kind == "cover":
            for item in found:
                catalog.cover(item.name, f)  # a valueless row named exactly is refused (PA-13)
        for item in found:
            if item not in out:
                out.append(item)
    return out


def pick_attacks(catalog: Catalog, queries: Sequence[str], field: str) -> list[AttackProfile]:
    """The attack profiles a table or chart shows: those ``queries`` select (:func:`select`,
    errors naming ``field[i]``), or every attack profile of the catalog when there is none."""
    from armourpen.catalog import AttackProfile

    found = select(catalog, "attack", queries, field) if queries else catalog.items("attack")
    return [a for a in found if isinstance(a, AttackProfile)]


def defences_for(
    catalog: Catalog, armour: Sequence[str], cover: Sequence[str], defences: Sequence[str]
) -> list[Defence]:
    """The defences a table shows: exact combinations, then each cover in front of each armour.

    With no armour, cover or defence at all, every armour item of the catalog.
    """
    from armourpen.penav.defences import Defence

    out = [Defence.parse(d, catalog, f"defences[{i}]") for i, d in enumerate(defences)]
    armours = select(catalog, "armour", armour, "armour")
    covers = select(catalog, "cover", cover, "cover")
    if armours and covers:  # each cover in front of each armour (PA-7)
        out.extend(Defence.from_names([c.name, a.name], catalog) for c in covers for a in armours)
    else:
        out.extend(Defence.from_names([x.name], catalog) for x in (*armours, *covers))
    if not (armour or cover or defences):
        out.extend(Defence.from_names([x.name], catalog) for x in catalog.items("armour"))
    return out


def table(
    *,
    attacks: Sequence[str] = (),
    armour: Sequence[str] = (),
    cover: Sequence[str] = (),
    defences: Sequence[str] = (),
    bands: Sequence[str] = (),
    distances: Sequence[str] = (),
    directions: Sequence[str] = ("front",),
    ammo: str | None = None,
    optional_rules: Sequence[str] = (),
    catalog: Catalog | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> SweepResult:
    """Which attacks defeat which armour and cover at each range band (or distance).

    ``attacks``, ``armour`` and ``cover`` are names or text that names contain (every attack when
    empty; every armour item when armour, cover and defences are all empty); ``defences`` are exact
    combinations joined by ``+``. ``bands`` or ``distances`` (not both; every band when neither)
    and ``directions`` give the columns and charts; ``ammo`` loads every attack (PA-6).
    """
    from armourpen import arguments
    from armourpen.limits import check_listed
    from armourpen.penav.grid import sweep
    from armourpen.penav.ranges import Band

    attacks, armour, cover, defences, bands, distances, directions, optional_rules = (
        arguments.texts(field, value, what) for field, value, what in (
            ("attacks", attacks, "names or text"), ("armour", armour, "names or text"),
            ("cover", cover, "names or text"), ("defences", defences, "names joined by '+'"),
            ("bands", bands, "range bands"), ("distances", distances, "distances"),
            ("directions", directions, "directions"),
            ("optional_rules", optional_rules, "optional rules")))
    ammo = arguments.optional_text("ammo", ammo, "the name of an ammunition type (a str)")
    catalog = arguments.catalog(catalog)
    limits = arguments.limits(limits)
    if catalog is None:
        from armourpen.catalog import Catalog

        catalog = Catalog.builtin()
    profiles = pick_attacks(catalog, attacks, "attacks")
    shown = defences_for(catalog, armour, cover, defences)
    columns = len(bands) or len(distances) or len(Band)
    check_listed(limits, len(profiles) * len(shown) * columns * max(1, len(directions)))
    return sweep(
        profiles,
        shown,
        bands=list(bands) or None,
        distances=list(distances) or None,
        directions=list(directions),
        optional_rules=optional_rules,
        catalog=catalog,
        ammo=ammo,
        limits=limits,
    )
