"""The defences a PEN/AV sweep is run against: named combinations of cover and worn armour.

A :class:`Defence` is layered by PA-7 and seen from each direction by PA-9; its layers are catalog
armour and cover items (:class:`DefenceLayer`). The sweep (:mod:`armourpen.penav.grid`) takes
these, as ``armourpen.sweep`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armourpen.catalog.items import MAX_NAME_CHARS, ArmourItem, CoverItem
from armourpen.errors import InputError, UnknownNameError
from armourpen.explain import Caution
from armourpen.penav.direction import Direction
from armourpen.penav.scale import MAX_VALUE, structural
from armourpen.penav.wearing import Worn, wearing_warnings
from armourpen.serialize import number

if TYPE_CHECKING:
    from armourpen.catalog import Catalog

ALL_DIRECTIONS: frozenset[Direction] = frozenset(Direction)
"""Worn armour counts from every direction (PA-9)."""

@dataclass(frozen=True, slots=True)
class DefenceLayer:
    """One layer of a defence, AV on the personal scale, with the directions it protects from."""

    name: str
    av: int
    kind: str = "armour"  # armour (worn: every direction) | cover
    covers: frozenset[Direction] = ALL_DIRECTIONS
    structural: bool = False
    rigid: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("armour", "cover"):
            raise InputError(f"{self.name}.kind", self.kind, "allowed: armour, cover")
        if isinstance(self.av, bool) or not isinstance(self.av, int) or not 0 <= self.av <= MAX_VALUE:
            raise InputError(f"{self.name}.av", self.av,
                             f"allowed: a whole number 0 to {MAX_VALUE} on the personal scale (PA-1)")
        if self.kind == "armour" and self.covers != ALL_DIRECTIONS:
            raise InputError(f"{self.name}.covers", sorted(d.value for d in self.covers),
                             "worn armour counts from every direction (PA-9)")

    @classmethod
    def from_armour(cls, item: ArmourItem) -> DefenceLayer:
        return cls(item.name, item.av, "armour", ALL_DIRECTIONS, item.structural, item.rigid)

    @classmethod
    def from_cover(cls, item: CoverItem, field: str = "cover") -> DefenceLayer:
        if item.av is None:  # the catalog's cover() refuses these with the nearby items (PA-13)
            raise InputError(field, item.name, "the text gives it no AV (PA-13)")
        return cls(item.name, item.av, "cover", item.covers, item.structural)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "av": self.av, "kind": self.kind,
                             "covers": [x.value for x in Direction if x in self.covers]}
        if self.structural:
            d["sav"] = number(structural(self.av))
        return d


def _lookup_layer(name: str, catalog: Catalog, field: str) -> DefenceLayer:
    """A catalog armour or cover item by name (names are unique across kinds)."""
    from armourpen.catalog import kind_of

    try:
        item = catalog.get(name, field=field)
    except UnknownNameError:
        suggestions = [*catalog.suggest(name, "armour", 3), *catalog.suggest(name, "cover", 3)]
        raise UnknownNameError(field, name, "armour or cover item", suggestions) from None
    if isinstance(item, ArmourItem):
        return DefenceLayer.from_armour(item)
    if isinstance(item, CoverItem):
        return DefenceLayer.from_cover(catalog.cover(name, field), field)
    raise InputError(field, name, f"{item.name!r} is a {kind_of(item)} item; a defence is made of "
                     "armour and cover items")


@dataclass(frozen=True, slots=True)
class Defence:
    """A named combination of cover and worn armour, e.g. ``Sandbag wall, single layer + US PASGT vest``.

    The layers stand in the order given (cover in front of what the target wears); the order does
    not change the layered AV (PA-7). A defence with no layers is a bare target (AV 0).
    """

    name: str
    layers: tuple[DefenceLayer, ...] = ()

    @classmethod
    def from_names(
        cls, names: Sequence[str], catalog: Catalog, name: str | None = None, field: str = "defence"
    ) -> Defence:
        """Cover and armour items of the catalog, by name, layered together."""
        if isinstance(names, str):
            names = [names]
        layers = tuple(_lookup_layer(n, catalog, f"{field}[{i}]") for i, n in enumerate(names))
        return cls(name if name is not None else " + ".join(layer.name for layer in layers), layers)

    @classmethod
    def parse(cls, text: str, catalog: Catalog, field: str = "defence") -> Defence:
        """``"Sandbag wall, single layer + US PASGT vest"``: catalog names joined by ``+``."""
        parts = text.split("+")
        if not text.strip() or any(not p.strip() for p in parts):
            raise InputError(field, text, "catalog armour or cover names joined by '+', e.g. "
                             "'Sandbag wall, single layer + US PASGT vest'")
        names: list[str] = []
        i = 0
        while i < len(parts):
            # The longest run of parts that names an item: a user's item may have '+' in its name.
            # Runs longer than any name are not tried, so the work grows with the parts, no faster.
            runs = [(i + 1, parts[i].strip())]
            text = parts[i]
            for j in range(i + 2, len(parts) + 1):
                text += "+" + parts[j - 1]
                if len(text.strip()) > MAX_NAME_CHARS:
                    break
                runs.append((j, text.strip()))
            i, name = next((j, run) for j, run in reversed(runs)
                           if j == i + 1 or catalog.find(run) is not None)
            names.append(name)
        return cls.from_names(names, catalog, field=field)

    @property
    def worn(self) -> tuple[DefenceLayer, ...]:
        return tuple(layer for layer in self.layers if layer.kind == "armour")

    @property
    def structural(self) -> bool:
        return any(layer.structural for layer in self.layers)

    def av(self, direction: Direction) -> int:
        """The layered AV against an attack from ``direction`` (PA-9, then PA-7), one at a time."""
        from armourpen.penav.layering import Layer, layered_av

        facing = [Layer(x.name, x.av) for x in self.layers if direction in x.covers]
        return layered_av(facing).value

    def warnings(self) -> tuple[Caution, ...]:
        """What PA-8 says about the worn layers."""
        worn = [Worn(x.name, x.rigid) for x in self.worn]
        return wearing_warnings(self.name, worn) if worn else ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "layers": [x.to_dict() for x in self.layers]}

