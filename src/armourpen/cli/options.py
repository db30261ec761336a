"""Options that several commands share, and the catalog they select."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from armourpen.cli.params import PATH, complete_catalog, limits
from armourpen.errors import MISSING, InputError

if TYPE_CHECKING:
    from rich.console import Console

    from armourpen import Catalog
    from armourpen.layout import Column, Layout
    from armourpen.scenario import Scenario

catalog_files = click.option(
    "--catalog", "catalog", multiple=True, type=PATH, metavar="FILE",
    help="An extra catalog TOML file (repeatable); its names must not clash with others.",
)
no_user_catalog = click.option(
    "--no-user-catalog", is_flag=True, help="Ignore the catalog files in the user config folder.",
)
json_flag = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
outside_files = click.option(
    "--allow-outside-files", is_flag=True,
    help="Let the scenario name files outside its own folder (a GCS file by ../ or an absolute "
         "path); without it such a file is refused, never read.",
)

# The filters of a PEN/AV sweep, as `table`, `chart matrix` and `screen` take them.
attack_names = click.option(
    "--attack", "-a", "attack", multiple=True, shell_complete=complete_catalog("attack"),
    help="Attack profile: a name, or text its names contain (repeatable). Default: every attack "
         "in the catalog.",
)
armour_names = click.option(
    "--armour", "armour", multiple=True, shell_complete=complete_catalog("armour"),
    help="Armour: a name, or text its names contain (repeatable). Default: every armour item, "
         "unless --cover or --defence is given.",
)
cover_names = click.option(
    "--cover", "cover", multiple=True, shell_complete=complete_catalog("cover"),
    help="Cover: a name or text (repeatable). With --armour, each cover stands in front of each "
         "armour (PA-7).",
)
defence_names = click.option(
    "--defence", "defence", multiple=True,
    help="An exact combination of catalog names joined by '+', e.g. 'Sandbag wall, single layer "
         "+ US PASGT vest' (repeatable).",
)
ammo_name = click.option(
    "--ammo", "ammo", shell_complete=complete_catalog("ammo"),
    help="Load every attack with this ammunition (PA-6).",
)
optional_rules = click.option(
    "--optional-rule", "optional_rule", multiple=True,
    help="Optional rule to turn on, e.g. rifle_ball_as_sp.",
)


# compiled on first use (re caches them): only an error needs them
_PARAMETER = r"([A-Za-z_]\w*)(?:\[(\d+)\])?(.*)"
# how the API's errors mention another parameter a value needs or excludes, as a scenario key
_MENTION = r"\b([a-z_]+) = (?:\.\.\.|true)"


def flag_of(field: str, renames: Mapping[str, str] | None = None) -> str:
    """The option an API parameter stands for: ``armour[1]`` -> ``--armour #2``, ``from_`` ->
    ``--from``; ``renames`` gives the exceptions (e.g. a positional argument). Other fields
    (scenario paths, file names) stay as they are."""
    m = re.fullmatch(_PARAMETER, field)
    if m is None:
        return field
    name, index, rest = m.groups()
    if rest and not rest.startswith("["):  # a path into something else, e.g. a scenario key
        return field
    flag = (renames or {}).get(name, "--" + name.rstrip("_").replace("_", "-"))
    return (flag if index is None else f"{flag} #{int(index) + 1}") + rest


@contextmanager
def flag_error(renames: Mapping[str, str] | None = None,
               only: Collection[str] | None = None) -> Iterator[None]:
    """Blame an API call's InputError on the option the user typed (AP-2).

    The API names its parameters (``armourpen.quick_scenario``'s ``range``, ``armour[1]``); the
    CLI prefixes ``--`` and counts from 1, so both front ends share one error.
    """
    def named(exc: InputError) -> InputError:
        m = re.fullmatch(_PARAMETER, exc.field)
        if m is None or (only is not None and m.group(1) not in only):
            return exc
        allowed = exc.allowed
        if only is not None:  # "only with vehicle = ...": the option that sets it, --vehicle
            allowed = re.sub(
                _MENTION,
                lambda k: flag_of(k.group(1), renames) if k.group(1) in only else k.group(0),
                allowed)
        return exc.at(flag_of(exc.field, renames), allowed)

    try:
        yield
    except InputError as exc:
        m = re.fullmatch(_PARAMETER, exc.field)
        if m is None or (only is not None and m.group(1) not in only):
            raise
        raise exc.each(named) from None


def need_extra(extra: str, *modules: str, field: str = "--out") -> None:
    """Refuse, before any work, a command whose optional part is not installed: exit 2 with the
    one line that installs it (a missing extra is the user's to add, never an internal error)."""
    import importlib

    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            raise InputError(field, MISSING, f"writing it needs the {extra} extra ({module} is not "
                             f"installed): {install_line(extra)}") from None


def install_line(extra: str) -> str:
    """The line that installs ``extra``, both ways armourpen is installed: from a package index
    and from a source checkout (the README's ``pip install .``), which cannot be told apart
    reliably from here."""
    return f"pip install 'armourpen[{extra}]' (in a source checkout: pip install '.[{extra}]')"


def wrote(path: Path, as_json: bool = False) -> None:
    """Say which file a command wrote: on stdout, or on stderr when stdout carries its JSON."""
    from armourpen.errors import printable

    click.echo(f"wrote {printable(str(path))}", err=as_json)


def echo_json(value: object) -> None:
    """Print a value in the one JSON language of the API (``armourpen.serialize``)."""
    from armourpen.serialize import dumps

    click.echo(dumps(value))


MIN_WIDTH = 40  # narrower (COLUMNS=0 or 1 included), tables would lose text: print at 80
FALLBACK_WIDTH = 80


def console(*, stderr: bool = False, highlight: bool = True) -> Console:
    """A Rich console that prints text as given: no markup and no emoji codes (names in a line of
    fire or a catalog are the user's, and ``[/x]`` or ``:skull:`` must show as typed), and at
    least :data:`MIN_WIDTH` columns wide, so that the whole result is printed."""
    from rich.console import Console

    con = Console(markup=False, emoji=False, stderr=stderr, highlight=highlight)
    if con.width < MIN_WIDTH:
        con.width = FALLBACK_WIDTH
    return con


def terminal() -> bool:
    """Whether readable output goes to a terminal, drawn with Rich; otherwise (a pipe, a file,
    ``NO_COLOR`` or ``TERM=dumb``) it is plain text, and Rich is never imported."""
    import os
    import sys

    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return sys.stdout is not None and sys.stdout.isatty()
    except (ValueError, OSError):  # closed
        return False


def show(rich: Callable[[], Any], plain: Callable[[], str], *, highlight: bool = True) -> None:
    """Readable output: ``rich()`` drawn by Rich at a terminal; otherwise the plain text
    ``plain()``, never wrapped or cut, and Rich is not imported."""
    if terminal():
        console(highlight=highlight).print(rich())
    else:
        click.echo(plain())


def titled(title: str, columns: Sequence[Column], rows: Sequence[Sequence[str]], *,
           header: bool = True) -> str:
    """A plain-text table under its title."""
    from armourpen.cli.plain import table

    return "\n".join([title, "", *table(columns, rows, header=header)])


def show_layout(layout: Layout) -> None:
    """A layout (an outcome, a character) through the Rich backend at a terminal, else as plain
    text that is never cut."""
    from armourpen.cli import plain

    def rich() -> Any:
        from armourpen.cli.render import render_layout

        return render_layout(layout)

    show(rich, lambda: plain.render_layout(layout))


def load_catalog(files: Sequence[Path] | None, no_user_catalog: bool = False) -> Catalog:
    """The built-in catalog, the user config folder's files (unless refused) and ``--catalog``.

    The built-in items come from the user cache folder when they can (a command is one short
    process: parsing the shipped TOML each time would be most of its run).
    """
    from armourpen import Catalog

    return Catalog.load([str(f) for f in files or ()], user_dir=not no_user_catalog,
                        limits=limits(), cache=True)


def load_scenario_file(path: Path, files: Sequence[Path] | None, no_user_catalog: bool,
                       allow_outside_files: bool = False) -> Scenario:
    """A scenario file; the catalogs are read only for a rule set that names catalog items.

    So a broken user catalog never blocks a GURPS scenario, which does not use it. The files it
    names (GCS character files) are found beside it, and only there or below unless
    ``--allow-outside-files``.
    """
    from armourpen.rulesets import rules_of
    from armourpen.scenario import load_scenario, read_scenario_file, scenario_path

    caps = limits()
    data = read_scenario_file(path, caps)
    catalog = load_catalog(files, no_user_catalog) if rules_of(data).uses_catalog else None
    return load_scenario(data, catalog, limits=caps, base=scenario_path(path).parent,
                         allow_outside_files=allow_outside_files)
