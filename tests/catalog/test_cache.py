"""The per-user cache of the built-in catalog: the same catalog, plain data only, never trusted.

Whatever sits in the cache folder (a pickle that would run code, a file of another version, a
damaged or edited file, a FIFO), reading the catalog runs nothing from it and gives the same
items as building from the shipped TOML. Only front ends that ask for it use the cache: the
Python API reads the package's files and writes nothing.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from armourpen.catalog import Catalog
from armourpen.catalog import cache as cache_module
from armourpen.catalog.cache import CACHE_NAME, cached_catalog, catalog_hash, digest
from armourpen.catalog.catalog import DATA_DIR


def build() -> Catalog:
    return Catalog.from_files(sorted(DATA_DIR.glob("*.toml")))


def read(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The cache file's stamp and items."""
    stamp, items = path.read_bytes().split(b"\n", 1)
    return json.loads(stamp), json.loads(items)


def write(path: Path, stamp: dict[str, Any], items: dict[str, Any], *, forge: bool) -> None:
    """Write the file back; ``forge`` stamps the digest of the new items (as a forger would)."""
    data = json.dumps(items).encode()
    if forge:
        stamp = {**stamp, "digest": digest(data)}
    path.write_bytes(json.dumps(stamp).encode() + b"\n" + data)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("ARMOURPEN_NO_CACHE", raising=False)
    return tmp_path / CACHE_NAME


def test_cache_round_trip_gives_the_same_items(cache: Path) -> None:
    first = cached_catalog(build)
    assert cache.exists()
    stamp, _ = read(cache)  # plain JSON data
    assert stamp["hash"] == catalog_hash()
    assert stamp["digest"] == digest(cache.read_bytes().split(b"\n", 1)[1])
    calls: list[int] = []

    def counted() -> Catalog:
        calls.append(1)
        return build()

    second = cached_catalog(counted)
    assert calls == []  # read from the file
    assert second.items() == first.items() == build().items()
    assert second.sources == first.sources
    assert second.vehicle("T-34 (1941)").faces["front"] == first.vehicle("T-34 (1941)").faces["front"]
    # lookups work as on the built catalog (the index is rebuilt)
    assert second.attack("7.62x51mm nato").pen == 7


def test_damaged_cache_is_rebuilt(cache: Path) -> None:
    cached_catalog(build)
    for junk in (b"not json", b"[]", b'{"format": 1}', b"\xff\xfe", b"[" * 100_000):
        cache.write_bytes(junk)
        assert cached_catalog(build).attack("7.62x51mm NATO").pen == 7


def test_a_cache_of_another_hash_is_not_used(cache: Path) -> None:
    cached_catalog(build)
    stamp, items = read(cache)
    for item in items["items"]["attack"]:
        item["pen"] = 999
    write(cache, {**stamp, "hash": "0" * 64}, items, forge=True)
    assert cached_catalog(build).attack("7.62x51mm NATO").pen == 7  # rebuilt, not the file's 999
    assert read(cache)[0]["hash"] == catalog_hash()


def test_an_edited_value_under_the_old_stamp_is_never_used(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cached_catalog(build)
    stamp, items = read(cache)
    nato = next(i for i in items["items"]["attack"] if i["name"] == "7.62x51mm NATO")
    assert nato["pen"] == 7
    nato["pen"] = 70  # a value of the right type: only the digest tells
    write(cache, stamp, items, forge=False)  # the stamp (format, hash, digest) kept as it was
    edited = cache.read_bytes()

    def never(data: object) -> Catalog:  # noqa: ARG001 (decode_catalog's signature)
        raise AssertionError("the edited items were parsed")

    monkeypatch.setattr(cache_module, "decode_catalog", never)
    calls: list[int] = []

    def counted() -> Catalog:
        calls.append(1)
        return build()

    assert cached_catalog(counted).attack("7.62x51mm NATO").pen == 7
    assert calls == [1]  # rebuilt from the shipped TOML, and the cache written anew
    assert read(cache)[1]["items"] != items["items"]
    # and through the command line, in a fresh process: the same output as without a cache
    monkeypatch.undo()
    cache.write_bytes(edited)
    env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(tmp_path)}
    args = [sys.executable, "-m", "armourpen", "catalog", "show", "7.62x51mm NATO", "--json"]
    shown = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    clean = subprocess.run(args, env={**env, "ARMOURPEN_NO_CACHE": "1"}, capture_output=True,
                           text=True, check=True)
    assert shown.stdout == clean.stdout and json.loads(shown.stdout)["pen"] == 7
    assert cache.read_bytes() != edited  # rebuilt


@pytest.mark.parametrize(
    ("field", "bad"),
    [("pen", "7"), ("pen", True), ("pen", 7.0), ("range_column", "sideways"), ("aliases", "x"),
     ("dc", [1]), ("name", None), ("bogus", 1)],
)
def test_a_value_of_the_wrong_type_makes_the_cache_rebuilt(cache: Path, field: str, bad: object) -> None:
    # even under a digest forged to match: the values are checked field by field
    cached_catalog(build)
    stamp, items = read(cache)
    items["items"]["attack"][0][field] = bad
    write(cache, stamp, items, forge=True)
    again = cached_catalog(build)
    assert again.items() == build().items()


def test_a_planted_pickle_is_never_run(cache: Path, tmp_path: Path) -> None:
    # Old caches were pickles: a file planted under the old names or the new one must not run.
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"touch {marker}",))

    payload = pickle.dumps(Evil())
    cache.write_bytes(payload)
    (tmp_path / "builtin-0123456789abcdef0123.pickle").write_bytes(payload)
    for name in ("builtin.pickle", "builtin-catalog.pickle"):
        (tmp_path / name).write_bytes(payload)
    catalog = cached_catalog(build)
    assert not marker.exists()
    assert catalog.items() == build().items()
    # and in a fresh process, through the command line, with the output unchanged
    env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(tmp_path)}
    cache.write_bytes(payload)
    args = [sys.executable, "-m", "armourpen", "catalog", "show", "7.62x51mm NATO", "--json"]
    planted = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    assert not marker.exists()
    clean = subprocess.run(args, env={**env, "ARMOURPEN_NO_CACHE": "1"}, capture_output=True,
                           text=True, check=True)
    assert planted.stdout == clean.stdout and json.loads(planted.stdout)["pen"] == 7


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_place_of_the_cache_does_not_block(cache: Path) -> None:
    os.mkfifo(cache)
    assert cached_catalog(build).armour("NIJ Type III").av == 6


def test_unwritable_cache_dir_still_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(blocker / "sub"))
    assert cached_catalog(build).armour("NIJ Type III").av == 6


def test_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ARMOURPEN_NO_CACHE", "1")
    cached_catalog(build)
    assert list(tmp_path.iterdir()) == []


_API = """
import json, sys
import armourpen
from armourpen.catalog import Catalog
quick = armourpen.quick_scenario(weapon="7.62x51mm NATO", range="150m", armour=["NIJ Type III"])
shot = armourpen.resolve(quick).to_dict()["targets"][0]
shot = [shot["av"], shot["wound_modifier"]]
example = armourpen.resolve(armourpen.load_scenario("example:office-shootout"))
Catalog.builtin(cache={cache})
print(json.dumps([shot, "platformdirs" in sys.modules]))
"""


def _api_run(tmp_path: Path, cache: bool) -> tuple[list[int], bool]:
    env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(tmp_path / "cache"),
           "XDG_CACHE_HOME": str(tmp_path / "xdg-cache"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    env.pop("ARMOURPEN_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", _API.format(cache=cache)], env=env,
                          capture_output=True, text=True, check=True)
    result, folders = json.loads(done.stdout)
    return result, folders


def test_the_python_api_reads_and_writes_no_cache(tmp_path: Path) -> None:
    # load_scenario, quick_scenario, resolve and Catalog.builtin() read the package's files only
    result, folders = _api_run(tmp_path, cache=False)
    assert result == [6, -4]  # PEN 7 -1 at very long range against AV 6: through, -4 (PA-2)
    assert not folders  # no user folder was even looked up
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_front_end_asks_for_the_cache(tmp_path: Path) -> None:
    result, _ = _api_run(tmp_path, cache=True)
    assert result == [6, -4]
    # the API's calls came first and read the package's files: the process keeps that catalog
    assert not (tmp_path / "cache").exists()
    code = "from armourpen.catalog import Catalog; Catalog.builtin(cache=True)"
    env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("ARMOURPEN_NO_CACHE", None)
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    assert (tmp_path / "cache" / CACHE_NAME).is_file()
