"""GCS (GURPS Character Sheet) character files as GURPS targets.

:func:`load_gcs` reads a ``.gcs`` file (a path, its bytes, or its parsed JSON) into a
:class:`GcsCharacter`: HP, ST, HT, the body type's hit location table with its roll ranges and DR,
and the traits that change what a shot does, with warnings for what armourpen does not model.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from armourpen.gcs.model import Dice, GcsBody, GcsCharacter, GcsLocation, Vulnerability
from armourpen.gcs.weapons import GcsWeapon
from armourpen.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from armourpen.gcs.uses import WeaponUse

__all__ = ["Dice", "GcsBody", "GcsCharacter", "GcsLocation", "GcsWeapon", "Vulnerability",
           "load_gcs", "weapon_uses"]


def load_gcs(
    source: str | os.PathLike[str] | bytes | Mapping[str, Any],
    name: str | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
) -> GcsCharacter:
    """Read a GCS character file: a path, the file's bytes (an upload) or its parsed JSON.

    ``name`` names the file in error messages where ``source`` is not a path. A file (or bytes)
    beyond ``limits.max_gcs_bytes``, or beyond the other caps of GCS files (``max_gcs_objects``,
    ``max_gcs_locations``, ``max_text_chars`` for names, ``max_depth``), is refused.
    """
    from armourpen import arguments
    from armourpen.gcs import reader

    name = arguments.optional_text("name", name, "the file's name for messages (a str)")
    limits = arguments.limits(limits)
    if isinstance(source, bytes | bytearray):
        return reader.parse_bytes(bytes(source), name or "(uploaded file)", limits=limits)
    if isinstance(source, Mapping):  # the file's JSON: the user's data, read as a file is
        return reader.parse_mapping(source, name or "(GCS data)", limits=limits)
    if isinstance(source, os.PathLike) and isinstance(os.fspath(source), str):
        return reader.read_path(source, limits=limits)
    path = arguments.text("source", source, "the path of a .gcs file (a str or os.PathLike), its "
                          "bytes, or its parsed JSON (a mapping)")
    return reader.read_path(path, limits=limits)


def weapon_uses(character: GcsCharacter) -> tuple[WeaponUse, ...]:
    """What each weapon of ``character`` becomes, as resolve reads it from the sheet alone: an
    attack, an attack once ``skill``, ``shots`` or ``rcl`` is written beside ``gcs`` (its
    ``needs``, each with why), or none (its ``problem``) (:mod:`armourpen.gcs.uses`)."""
    from armourpen.gcs.uses import weapon_uses as uses  # the GURPS scenario reader, when asked

    if not isinstance(character, GcsCharacter):
        from armourpen.errors import InputError

        raise InputError("character", character, "a GcsCharacter, as load_gcs returns")
    return uses(character)
