"""Reading scenarios: a TOML or JSON file (by extension) or a mapping, parsed by its rule set."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armourpen.errors import ScenarioError
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.rulesets import rule_set, rules_of

if TYPE_CHECKING:
    from armourpen.catalog import Catalog
    from armourpen.reading import CheckedTree
    from armourpen.rulesets import Outcome as Outcome
    from armourpen.rulesets import Scenario as Scenario

EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
EXAMPLE_PREFIX = "example:"


def example_names() -> list[str]:
    """The scenarios shipped with the package, usable as ``example:NAME``."""
    return sorted(p.stem for p in EXAMPLES_DIR.glob("*.toml"))


def example_path(name: str, field: str = "scenario") -> Path:
    """The file of a shipped example scenario."""
    path = EXAMPLES_DIR / f"{name}.toml"
    if name not in example_names():
        # as typed: `example:NAME` where a scenario is named, NAME alone elsewhere (a command's
        # argument, a page's ?example=)
        shown = f"{EXAMPLE_PREFIX}{name}" if field == "scenario" else name
        raise ScenarioError(field, shown, "allowed examples: " + ", ".join(example_names()))
    return path


def read_scenario_file(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> CheckedTree:
    """The raw mapping of a ``.toml`` or ``.json`` scenario file, or of ``example:NAME``.

    Only a regular file within the size cap is read; nesting, duplicate JSON keys, numbers and
    control characters are checked on the way (:mod:`armourpen.reading`).
    """
    from armourpen.reading import read_data

    return read_data(scenario_path(path), field="scenario", limits=limits)


def scenario_path(path: str | Path) -> Path:
    """The file of a scenario: ``path``, or the shipped file of ``example:NAME``."""
    if str(path).startswith(EXAMPLE_PREFIX):
        return example_path(str(path).removeprefix(EXAMPLE_PREFIX))
    return Path(path)


def load_scenario(
    source: str | Path | Mapping[str, Any],
    catalog: Catalog | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    base: str | Path | None = None,
    allow_outside_files: bool = False,
) -> Scenario:
    """Parse and validate a scenario into frozen values; names are looked up in ``catalog``.

    Without a catalog, the built-in one is used: user catalog files are read only when the caller
    passes them in (``Catalog.load([...])``), so that this call reads nothing it was not given.
    Beyond the schema, nothing in it may nest deeper, hold a longer line of fire, a number that
    is not finite or larger, or a control character, than ``limits`` allow.

    A GURPS target may name a GCS character file (``gcs = "Ogre.gcs"``), read within ``limits``:
    a scenario file's relative paths are found in ``base``, by default the file's own folder, and
    only files in ``base`` or below it are read unless ``allow_outside_files`` (a scenario from
    elsewhere must not read the user's other files: ``../../.ssh/...``, an absolute path, a link
    leading out). A mapping names files only when the caller gives ``base`` (a mapping from elsewhere, an HTTP
    body, must not reach the machine's files); without it, its ``gcs`` holds the file's JSON itself
    or a value :func:`armourpen.load_gcs` returned.
    """
    from armourpen import arguments

    if not isinstance(source, Mapping):  # a mapping is the user's data: its schema says the rest
        path = _path("source", source, "a mapping of the scenario's keys, or the path of a .toml "
                     "or .json scenario file (a str or os.PathLike) or example:NAME")
    catalog = arguments.catalog(catalog)
    limits = arguments.limits(limits)
    folder = None if base is None else Path(_path("base", base, "a folder (a str or "
                                                  "os.PathLike), or None"))
    if isinstance(source, Mapping):
        from armourpen.reading import checked_tree

        data = checked_tree(source, limits=limits)
    else:
        data = read_scenario_file(path, limits)  # checked as it is read
        if folder is None:
            folder = scenario_path(path).parent  # files a scenario names are found beside it
    return load_checked(data, catalog, limits=limits, base=folder,
                        allow_outside_files=arguments.flag("allow_outside_files",
                                                           allow_outside_files))


def _path(field: str, value: object, allowed: str) -> str | Path:
    """A path argument: a plain ``str`` or an ``os.PathLike`` of text."""
    from armourpen import arguments

    if isinstance(value, os.PathLike) and isinstance(os.fspath(value), str):
        return Path(value)
    return arguments.text(field, value, allowed)


def load_checked(
    data: CheckedTree,
    catalog: Catalog | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    base: Path | None = None,
    allow_outside_files: bool = False,
) -> Scenario:
    """:func:`load_scenario` of a table that :mod:`armourpen.reading` has read and checked (a
    scenario file, an HTTP body): the tree is walked again only if it was checked within other
    ``limits``."""
    from armourpen.reading import CheckedTree, checked_tree

    if not isinstance(data, CheckedTree):  # misuse of the API, not bad input
        raise TypeError("load_checked takes a CheckedTree that armourpen.reading made; give "
                        "any other mapping to load_scenario")
    if data.limits is not limits and data.limits != limits:
        data = checked_tree(data, limits=limits)
    line = data.get("line")
    if isinstance(line, list):
        limits.check("max_line_entries", len(line), "entries", "line")
    _check_lists(data, limits)
    scenario: Scenario = rules_of(data).parse(data, catalog, base=base, limits=limits,
                                              allow_outside_files=allow_outside_files)
    return scenario


def _check_lists(data: CheckedTree, limits: Limits) -> None:
    """Refuse, naming it, a list (other than the line) longer than ``max_list_entries``: its
    entries would each be validated and reported before any cap on the work is reached."""
    from armourpen.validation import field_path

    stack: list[tuple[object, tuple[int | str, ...]]] = [(data, ())]
    while stack:  # the tree is checked for depth already; a walk by hand keeps any depth safe
        value, where = stack.pop()
        if isinstance(value, Mapping):
            stack.extend((v, (*where, k)) for k, v in value.items() if isinstance(v, Mapping | list))
        elif isinstance(value, list):
            if where != ("line",):
                limits.check("max_list_entries", len(value), "entries", field_path(where))
            stack.extend((v, (*where, i)) for i, v in enumerate(value)
                         if isinstance(v, Mapping | list))


def json_schema(rules: str = "penav") -> dict[str, Any]:
    """The JSON Schema of a scenario file of a rule set, for editors and tool builders."""
    return rule_set(rules).schema()
