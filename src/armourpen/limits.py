"""The caps on input and work, in one place (AP-2: refused up front, never run for minutes).

Every estimate is made before the work starts; beyond a cap the answer is a :class:`LimitError`
naming the cap and the setting that raises it (CLI exit 2, HTTP 4xx). The Python API takes
``limits=Limits(...)``; the CLI reads ``ARMOURPEN_MAX_<NAME>`` environment variables
(:meth:`Limits.from_env`). The defaults keep every command within a few seconds and a few hundred
MB on a small machine, far above what a real scenario needs.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass

from armourpen import checks
from armourpen.checks import instance, text, whole
from armourpen.errors import ArgumentTypeError, ArgumentValueError, InputError

_PREFIX = "ARMOURPEN_MAX_"
_WHOLE = re.compile(r"[0-9]+")


class LimitError(InputError):
    """The input or the work it asks for is beyond a cap (see :class:`Limits`)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps on what one call may read or compute; every field is raised by a setting."""

    max_file_bytes: int = 1 << 20
    """A scenario or catalog file (bytes)."""
    max_gcs_bytes: int = 16 << 20
    """A GCS character file (bytes): a portrait, kept in the file, makes it far larger than a
    scenario."""
    max_gcs_objects: int = 100_000
    """Objects and arrays in a GCS character file, counted before it is read further (the GCS
    samples hold under 1,000; a character of a thousand traits, skills and items about 20,000)."""
    max_gcs_values: int = 100_000
    """Values of every kind (objects, arrays, text, numbers, flags, null) in a GCS character
    file, counted before the parts a shot does not need are read leniently (each value of a
    shape armourpen does not read there costs about 60 microseconds to leave out, so a file of
    nothing else at the cap takes about 6 seconds; the 591 files of the GCS master library hold
    at most about 5,300 values, about 4.5 an object)."""
    max_gcs_locations: int = 200
    """Hit locations of a GCS file's body type, its sub-tables' included (GCS bodies have about 15
    to 30)."""
    max_catalog_files: int = 32
    """User catalog files: the user folder's plus ``--catalog`` ones."""
    max_catalog_bytes: int = 4 << 20
    """User catalog files together (bytes): loading them takes about 2 seconds per MB."""
    max_depth: int = 32
    """Nesting of arrays and tables in a JSON or TOML file (a real scenario needs 5)."""
    max_line_entries: int = 500
    """Entries (cover and targets) in a line of fire, both rule sets."""
    max_list_entries: int = 1_000
    """Entries of any other list in a scenario (worn armour, a card's cover, a table of DR by
    location): each bad entry costs its own error report, so a long list is refused before it
    is validated."""
    max_line_work: int = 100_000
    """PEN/AV: the layers each target faces (PA-12), summed over the targets."""
    max_odds_work: int = 10_000_000
    """Exact odds: their whole work, estimated before any (:mod:`armourpen.probability.cost`):
    basic damage values x line entries x hit patterns x (1 + dice/200), times 25 for attacks that
    cannot overpenetrate (their chain is followed roll by roll); the basic damage table beyond 150
    dice; a call of the rules per value reaching each hit location; the big-integer powers of a
    burst's shots and of an explosion's fragments (their polynomials' lengths and digits); the
    answer's rows. One unit is about 0.2 microseconds on a 2-core machine (``bench/odds_caps.py``
    prints estimate beside measured: 0.1 to 0.26 us per unit quiet, 0.2 to 0.4 shared by eight
    jobs, over shots, who is hit, bursts and explosions of 2 to 36 s); so the default is one to
    four seconds, and every scenario it admits peaked under 50 MB (what it refuses took 65 MB to
    gigabytes)."""
    max_answer_bytes: int = 16 << 20
    """Exact odds: the answer's JSON (bytes), estimated before the work from the rows it will
    hold (each row of every distribution an exact fraction over the odds' denominator,
    :mod:`armourpen.probability.cost`). JSON keeps every row exact, so a bigger answer is refused
    up front with a way to ask for less (fewer shots, targets or dice)."""
    max_sample_work: int = 500_000_000
    """Monte Carlo: samples x (1 + targets whose hit chance is below 1)."""
    max_search_work: int = 20_000_000
    """Catalog search: characters of the query x characters of every name and alias searched."""
    max_sweep_cells: int = 20_000_000
    """A sweep (``armourpen table``): attacks x defences x bands or distances x directions."""
    max_text_chars: int = 200
    """A name or search text (no catalog name is longer)."""
    max_chart_cells: int = 1_000
    """A chart drawn as a picture (``armourpen chart``, the web app's charts): a matrix's attacks x
    defences, a pen-range chart's attacks x 11 bands plus its AV lines, an odds chart's bars plus
    50 for each target's row of panels (drawing takes about 4 milliseconds per cell)."""
    max_table_cells: int = 150_000
    """A table that lists every cell (``armourpen table`` in every format, ``/api/table``, the
    ``/table`` page, a matrix chart's data, the GM screen): attacks x defences x bands or distances
    x directions. Each cell is about 250 bytes of JSON and 4 KB of memory while it is written; the
    whole built-in catalog at every band is 74,437 cells."""

    def __post_init__(self) -> None:
        # every cap a plain whole number from 1: NaN, infinity, a float or a bool would turn a
        # cap off or make it lie in silence, and an int subclass could answer its comparisons
        for f in dataclasses.fields(self):
            value = whole(f.name, getattr(self, f.name), "a whole number (an int), 1 or more")
            if value < 1:
                raise ArgumentValueError(f.name, value, "allowed: a whole number, 1 or more "
                                         "(each cap bounds some work; raise it to allow more)")
            object.__setattr__(self, f.name, value)

    @staticmethod
    def setting(name: str) -> str:
        """The environment variable that sets ``name`` for the CLI."""
        return "ARMOURPEN_" + _cap_name(name).upper()

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Limits:
        """The defaults, with each ``ARMOURPEN_MAX_<NAME>`` found in ``environ`` applied."""
        if not isinstance(environ, Mapping):
            raise ArgumentTypeError("environ", environ, "allowed: a mapping of str to str, such "
                                    "as os.environ")
        for key, value in environ.items():
            checks.text("environ key", key)
            checks.text(f"environ[{key!r}]", value)
        changes: dict[str, int] = {}
        known = {cls.setting(f.name): f.name for f in dataclasses.fields(cls)}
        for key in sorted(k for k in environ if k.startswith(_PREFIX) and k not in known):
            # a misspelt setting would otherwise leave its cap unchanged without a word
            from difflib import get_close_matches

            near = get_close_matches(key.upper(), known, n=1, cutoff=0.85)
            raise LimitError(key, key, "unknown setting; " + (
                f"did you mean {near[0]}?" if near else "the settings of caps: " + ", ".join(known)))
        for key, name in known.items():
            text = environ.get(key)
            if text is None:
                continue
            # an empty setting (`ARMOURPEN_MAX_FILE_BYTES=`) is refused like a typo: left, it
            # would keep a cap the user may have meant to change, without a word
            stripped = text.strip().replace("_", "")
            # ASCII digits only: str.isdigit() also takes '²' (which int() refuses) and other scripts
            if not _WHOLE.fullmatch(stripped) or len(stripped) > 18 or int(stripped) < 1:
                raise LimitError(key, text, "a whole number from 1 to 10**18")
            changes[name] = int(stripped)
        return cls(**changes)

    def check(self, name: str, amount: int, unit: str, field: str) -> None:
        """Refuse ``amount`` (counted in ``unit``) when it is beyond the cap ``name``."""
        name = _cap_name(name)
        amount = whole("amount", amount)
        cap: int = getattr(self, name)
        if amount > cap:
            raise LimitError(
                field,
                f"{amount:,} {unit}" if amount < 10**30 else f"more than 10**30 {unit}",
                f"at most {cap:,} {unit} ({name}); " + self.how_to_raise(name),
            )

    def how_to_raise(self, name: str) -> str:
        """The settings that raise the cap ``name``."""
        name = _cap_name(name)
        return f"raise the cap with the setting {self.setting(name)} or Limits({name}=...) in Python"


_CAPS = frozenset(f.name for f in dataclasses.fields(Limits))


def _cap_name(name: object) -> str:
    """The name of a cap, checked: one of the fields of :class:`Limits`."""
    name = text("name", name, "the name of a cap (a str)")
    if name not in _CAPS:
        raise ArgumentValueError("name", name, "allowed: " + ", ".join(sorted(_CAPS)))
    return name


def checked(value: object, field: str = "limits") -> Limits:
    """``value`` when it is a :class:`Limits` (the check of every public ``limits=`` argument)."""
    return instance(field, value, Limits, "a Limits, e.g. Limits(max_odds_work=10**8)")


def check_listed(limits: Limits, cells: int, field: str = "table") -> None:
    """Refuse, before the sweep, a table that would list more than ``max_table_cells`` cells
    (attacks x defences x columns x directions): the sweep is quick, its answer is not."""
    limits.check("max_table_cells", cells,
                 "cells to list (attacks x defences x columns x directions)", field)


DEFAULT_LIMITS = Limits()
