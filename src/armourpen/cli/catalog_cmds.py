"""``armourpen catalog list|show|search``: browse the built-in and user catalogs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from armourpen.cli.options import (
    catalog_files,
    echo_json,
    json_flag,
    load_catalog,
    no_user_catalog,
    show,
    titled,
)
from armourpen.cli.params import Group, apply, completer, limits
from armourpen.errors import InputError

if TYPE_CHECKING:
    from armourpen import CatalogItem

catalog_group = Group(
    "catalog", help="List, show and search attack profiles, armour, cover, vehicles and ammunition.",
)


def _kinds() -> tuple[str, ...]:
    from armourpen import CATALOG_KINDS as KINDS

    return KINDS


def _listed() -> tuple[str, ...]:
    """What `catalog list` takes: the catalog's kinds, and GURPS's tables."""
    return (*_kinds(), "locations", "materials", "shields")


complete_kind = completer(_kinds)
complete_listed = completer(_listed)
kind_option = click.option("--kind", "-k", metavar="KIND", shell_complete=complete_kind,
                           help="attack, armour, cover, vehicle or ammo.")
sources = apply(catalog_files, no_user_catalog, json_flag)


def _value(item: CatalogItem) -> str:
    """The item's number as the text prints it (both scales where structural, PA-1)."""
    from armourpen import AmmoType, ArmourItem, AttackProfile, CoverItem
    from armourpen import av_text as fmt

    if isinstance(item, AttackProfile):
        return fmt(item.pen, "PEN", item.structural)
    if isinstance(item, (ArmourItem, CoverItem)):
        if item.av is None:
            return "no AV (PA-13)"
        return fmt(item.av, "AV", item.structural)
    if isinstance(item, AmmoType):
        return f"PEN {item.pen_mod:+d}, DC {item.dc_mod:+d}"
    return f"{len(item.faces)} faces"


def _detail(item: CatalogItem) -> str:
    """A short second column: range column, armour kind, covered directions..."""
    from armourpen import ArmourItem, AttackProfile, CoverItem, Vehicle
    from armourpen.values import HORIZONTAL

    if isinstance(item, AttackProfile):
        bits = [f"{item.range_column.value} column", item.ammo]
        if item.high_velocity:
            bits.append("high velocity")
        if item.tied_range_m is not None:
            bits.append(f"at {item.tied_range_m} m only")
        if item.reach is not None:
            bits.append(f"reaches {item.reach.replace('_', ' ')}"
                        + (" only" if item.reach == "contact" else " at most"))
        return ", ".join(bits)
    if isinstance(item, ArmourItem):
        bits = [item.kind]
        if item.rigid:
            bits.append("rigid")
        if item.thickness_mm is not None:
            bits.append(f"{float(item.thickness_mm):g} mm")
        return ", ".join(bits)
    if isinstance(item, CoverItem):
        if item.covers == HORIZONTAL:
            return "horizontal"
        order = ["front", "rear", "left", "right", "above", "below"]
        return "/".join(sorted((d.value for d in item.covers), key=order.index))
    if isinstance(item, Vehicle):
        return ", ".join(item.faces)
    return ""


def _print_json(data: Any) -> None:
    echo_json(data)


def _table(items: list[CatalogItem], title: str, show_kind: bool = True,
           why: list[str] | None = None) -> None:
    from armourpen import catalog_kind as kind_of
    from armourpen.layout import Column

    names = (["kind"] if show_kind else []) + ["name", "value", "details", "aliases"]
    rows = [([kind_of(item)] if show_kind else [])
            + [item.name, _value(item), _detail(item), ", ".join(item.aliases)] for item in items]
    if why is not None:  # a search: why each item matched
        names.append("matched by")
        rows = [[*row, reason] for row, reason in zip(rows, why, strict=True)]

    def rich() -> Any:
        from rich.table import Table

        table = Table(title=title, show_lines=False)
        if show_kind:
            table.add_column("kind")
        table.add_column("name", overflow="fold", ratio=3)
        table.add_column("value", no_wrap=True)
        table.add_column("details", overflow="fold", ratio=2)
        table.add_column("aliases", overflow="fold", ratio=2)
        if why is not None:
            table.add_column("matched by", overflow="fold", ratio=1)
        for row in rows:
            table.add_row(*row)
        return table

    show(rich, lambda: titled(title, [Column(n) for n in names], rows))


@catalog_group.command("list")
@click.argument("kind", required=False, shell_complete=complete_listed,
          help="attack, armour, cover, vehicle or ammo (all when omitted); or GURPS's "
               "locations (GU-10), materials (GU-18) or shields (GU-25).")
@sources
def list_cmd(kind: str | None, catalog: Sequence[Path], no_user_catalog: bool,
             as_json: bool) -> None:
    """List the catalog's items, all of them or those of one kind; or a GURPS table a GM looks
    up: the hit locations (GU-10), the materials of cover with their DR per inch (GU-18) or the
    shields (GU-25)."""
    from armourpen import catalog_item_dict as item_dict
    from armourpen import parse_catalog_kind as parse_kind

    if kind is not None and kind.strip().lower() in ("locations", "materials", "shields"):
        from armourpen.cli.rule_tables import refuse_catalogs, show_rule_table

        refuse_catalogs(kind.strip().lower(), catalog, no_user_catalog)
        show_rule_table(kind.strip().lower(), as_json)
        return
    try:
        k = None if kind is None else parse_kind(kind)
    except InputError as exc:  # the GURPS tables are listed too
        raise exc.at(exc.field, exc.allowed + "; or GURPS's locations, materials, shields") from None
    cat = load_catalog(catalog, no_user_catalog)
    items = cat.items(k)
    if as_json:
        _print_json([item_dict(i) for i in items])
        return
    _table(items, f"{len(items)} {k or 'catalog'} item{'s' if len(items) != 1 else ''}",
           show_kind=k is None)


@catalog_group.command("show")
@click.argument("name", help="A name or alias (any case).")
@kind_option
@sources
def show_cmd(name: str, kind: str | None, catalog: Sequence[Path], no_user_catalog: bool,
             as_json: bool) -> None:
    """Show one item with all its fields, notes and source."""
    from armourpen import AmmoType
    from armourpen import catalog_item_dict as item_dict

    cat = load_catalog(catalog, no_user_catalog)
    item = cat.get(name, kind, field="name")
    data = item_dict(item)
    if as_json:
        _print_json(data)
        return
    from armourpen.layout import Column

    title = f"{item.name} ({data['kind']})"
    rows = [["value", _value(item)]]
    if isinstance(item, AmmoType):  # what it changes, and why nothing (PA-6)
        from armourpen import ammo_modifiers_text as modifiers_text

        rows = [["value", modifiers_text(item)]]
    for key, value in data.items():
        if key in ("kind", "name") or value in (None, "", [], {}):
            continue
        if key == "faces":  # the text's notation: effective SAV (actual SAV) slope (PA-10), and
            # where each figure comes from
            value = "\n".join(
                f"{face}: {plate['notation']}"
                + "".join(f"\n  {k}: {plate[k]}" for k in ("note", "source") if k in plate)
                for face, plate in value.items())
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        rows.append([key, str(value)])

    def rich() -> Any:
        from rich.table import Table

        table = Table(show_header=False, box=None, title=title)
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        for row in rows:
            table.add_row(*row)
        return table

    show(rich, lambda: titled(title, [Column("field"), Column("value")], rows, header=False))


@catalog_group.command("search")
@click.argument("text", help="Words to look for in names, aliases and notes.")
@kind_option
@sources
def search_cmd(text: str, kind: str | None, catalog: Sequence[Path], no_user_catalog: bool,
               as_json: bool) -> None:
    """Search names, aliases and notes: names first, then aliases, then notes, then close
    spellings; each hit says why it matched."""
    from armourpen import parse_catalog_kind as parse_kind
    from armourpen.view.catalog import hit_dict

    k = None if kind is None else parse_kind(kind)
    cat = load_catalog(catalog, no_user_catalog)
    found = cat.matches(text, k, limits=limits())
    if as_json:
        _print_json([hit_dict(m) for m in found])
        return
    if not found:
        click.echo(f"no item matches {text!r}")
        return
    _table([m.item for m in found],
           f"{len(found)} match{'es' if len(found) != 1 else ''} for {text!r}",
           show_kind=k is None, why=[m.why for m in found])

