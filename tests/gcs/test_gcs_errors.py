"""AP-2 for GCS files: anything wrong gives one GcsError naming the file and the field."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from gcs.gcs_helpers import character

import armourpen
from armourpen.errors import GcsError, InputError
from armourpen.gcs import reader
from armourpen.limits import LimitError, Limits


def error_of(source: Any) -> GcsError:
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(source)
    return info.value


def write(tmp_path: Path, data: Any, name: str = "Ogre.gcs") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_ap2_gcs_error_is_an_input_error() -> None:
    assert issubclass(GcsError, InputError)


def test_ap2_truncated_file(tmp_path: Path) -> None:
    text = json.dumps(character())
    e = error_of(write(tmp_path, text[: len(text) // 2]))
    assert e.field == "gcs" and "Ogre.gcs" in str(e.value)
    assert "not valid JSON" in e.allowed


def test_ap2_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.gcs"
    path.write_bytes(b'{"version": 5, "profile": {"name": "\xff"}}')
    assert "not UTF-8 text (byte 36)" in error_of(path).allowed
    assert "not UTF-8 text (byte 36)" in error_of(path.read_bytes()).allowed


@pytest.mark.parametrize("version", [4, 6, "5", None, True])
def test_ap2_other_format_version(tmp_path: Path, version: Any) -> None:
    e = error_of(write(tmp_path, {**character(), "version": version}))
    assert e.field.endswith("Ogre.gcs: version")
    assert e.value == version and "allowed: 5" in e.allowed


def test_ap2_a_file_of_an_older_or_newer_format_says_why_it_cannot_be_read(tmp_path: Path) -> None:
    # an XML file, as earlier GCS releases wrote: one line saying so and how to convert it
    e = error_of(write(tmp_path, '\ufeff<?xml version="1.0"?>\n<character version="1"/>\n'))
    assert e.field == "gcs" and "this one is XML" in e.allowed and "save it" in e.allowed
    e = error_of(write(tmp_path, {**character(), "version": 1}))
    assert "open an older file in GCS 5" in e.allowed
    e = error_of(write(tmp_path, {**character(), "version": 6}))
    assert "newer than armourpen reads" in e.allowed and "\n" not in str(e)


def test_ap2_missing_version(tmp_path: Path) -> None:
    data = character()
    del data["version"]
    assert error_of(write(tmp_path, data)).value == "(missing)"


def test_ap2_missing_attributes(tmp_path: Path) -> None:
    data = character()
    data["attributes"] = [a for a in data["attributes"] if a["attr_id"] != "ht"]
    e = error_of(write(tmp_path, data))
    assert e.field.endswith("Ogre.gcs: attributes") and "ht" in str(e)


def test_ap2_attribute_without_calc(tmp_path: Path) -> None:
    data = character()
    del data["attributes"][4]["calc"]  # hp
    e = error_of(write(tmp_path, data))
    assert e.field.endswith("Ogre.gcs: attributes[4].calc") and "hp" in e.allowed


def test_ap2_attribute_not_a_number(tmp_path: Path) -> None:
    data = character()
    data["attributes"][0]["calc"]["value"] = "ten"
    assert error_of(write(tmp_path, data)).field.endswith("attributes[0].calc.value")


def test_ap2_fractional_hp(tmp_path: Path) -> None:
    data = character()
    data["attributes"][4]["calc"]["value"] = 12.5
    e = error_of(write(tmp_path, data))
    assert e.value == 12.5 and "whole number" in e.allowed


def test_ap2_location_without_calc(tmp_path: Path) -> None:
    data = character()
    del data["settings"]["body_type"]["locations"][2]["calc"]
    e = error_of(write(tmp_path, data))
    assert e.field == f"{tmp_path / 'Ogre.gcs'}: settings.body_type.locations[2].calc"
    assert e.value == "(missing)"


def test_ap2_location_with_a_bad_roll_range(tmp_path: Path) -> None:
    data = character()
    data["settings"]["body_type"]["locations"][1]["calc"]["roll_range"] = "4-3"
    e = error_of(write(tmp_path, data))
    assert e.field.endswith("settings.body_type.locations[1].calc.roll_range")
    assert e.value == "4-3"


def test_ap2_dr_not_whole_numbers(tmp_path: Path) -> None:
    data = character()
    data["settings"]["body_type"]["locations"][5]["calc"]["dr"] = {"all": "3"}
    assert error_of(write(tmp_path, data)).field.endswith("locations[5].calc.dr.all")


def test_ap2_no_body_type(tmp_path: Path) -> None:
    data = character()
    del data["settings"]["body_type"]
    assert error_of(write(tmp_path, data)).field.endswith("Ogre.gcs: settings.body_type")


def test_ap2_a_list_at_the_top(tmp_path: Path) -> None:
    assert "top level is a JSON object" in error_of(write(tmp_path, [1, 2])).allowed


def test_ap2_missing_file_and_folder(tmp_path: Path) -> None:
    assert error_of(tmp_path / "none.gcs").allowed == "no such file"
    assert "folder" in error_of(tmp_path).allowed
    assert error_of(tmp_path).field == "gcs"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_ap2_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.gcs"
    os.mkfifo(fifo)
    assert "not a regular file" in error_of(fifo).allowed


def test_ap2_oversized_file_refused_at_its_own_cap(tmp_path: Path) -> None:
    path = write(tmp_path, character())
    small = Limits(max_gcs_bytes=100)
    with pytest.raises(LimitError) as info:
        reader.read_path(path, limits=small)
    assert info.value.field == "gcs" and "at most 100 bytes (max_gcs_bytes)" in info.value.allowed
    assert "ARMOURPEN_MAX_GCS_BYTES" in info.value.allowed
    with pytest.raises(LimitError) as info:
        reader.parse_bytes(path.read_bytes(), limits=small)
    assert info.value.field == "gcs" and "at most 100 bytes (max_gcs_bytes)" in info.value.allowed


def test_a_file_with_a_portrait_over_the_scenario_cap_is_read(tmp_path: Path) -> None:
    # 2 MiB of portrait: over the 1 MiB cap of scenario files, within the 16 MiB of GCS files
    data = character()
    data["profile"] = {**data.get("profile", {}), "portrait": "A" * (2 << 20)}
    path = write(tmp_path, data)
    assert path.stat().st_size > Limits().max_file_bytes
    assert Limits().max_gcs_bytes == 16 << 20
    assert reader.read_path(path).hp == armourpen.load_gcs(path.read_bytes()).hp


def test_ap2_bytes_and_mapping_errors_name_the_source() -> None:
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(b"not json", name="upload.gcs")
    assert info.value.value == "upload.gcs"
    data = character()
    del data["settings"]["body_type"]["roll"]
    with pytest.raises(GcsError) as info:
        armourpen.load_gcs(data, name="dropped.gcs")
    assert info.value.field == "dropped.gcs: settings.body_type.roll"


def test_ap2_deep_nesting_is_one_error_naming_the_cap() -> None:
    text = ('{"version": 5, "traits": ' + "[" * 5000 + "]" * 5000 + "}").encode()
    with pytest.raises(LimitError) as info:
        armourpen.load_gcs(text)
    assert "max_depth" in info.value.allowed


def test_gcs_name_defaults_to_the_file_name(tmp_path: Path) -> None:
    data = character(name="")
    assert armourpen.load_gcs(write(tmp_path, data, "Cave Bear.gcs")).name == "Cave Bear"
    assert armourpen.load_gcs(data).name == "(unnamed)"


def test_ap2_control_characters_in_the_file_are_kept_and_escaped() -> None:
    # a file is not refused for text armourpen never prints raw (GCS writes "\r" in notes):
    # every text it keeps is escaped, a terminal escape as \x1b and a line break as \r\n
    data = character(name="Evil\x1b[2J")
    for source in (data, json.dumps(data).encode()):
        assert armourpen.load_gcs(source).name == "Evil\\x1b[2J"
    data = character()
    data["settings"]["body_type"]["locations"][5]["table_name"] = "Torso\r\nX"
    assert armourpen.load_gcs(data).body.locations[5].table_name == "Torso\\r\\nX"
    # a key too: it is a key no reader looks up, and a warning naming it is escaped
    data = character()
    data["extra\x1b"] = {"note\r": "x\x07"}
    assert armourpen.load_gcs(json.dumps(data).encode()).hp == 12
