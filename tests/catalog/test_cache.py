"""The per-user cache of the built-in catalog: the same catalog, plain data only, never trusted.

Whatever sits in the cache folder (a pickle that would run code, a file of another version, a
damaged or tampered file, a FIFO), reading the catalog runs nothing from it and gives the same
items as building from the shipped TOML.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from armourpen.catalog import Catalog
from armourpen.catalog.cache import CACHE_NAME, cached_catalog, catalog_hash
from armourpen.catalog.catalog import DATA_DIR


def build() -> Catalog:
    return Catalog.from_files(sorted(DATA_DIR.glob("*.toml")))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("ARMOURPEN_NO_CACHE", raising=False)
    return tmp_path / CACHE_NAME


def test_cache_round_trip_gives_the_same_items(cache: Path) -> None:
    first = cached_catalog(build)
    assert cache.exists()
    stored = json.loads(cache.read_text(encoding="utf-8"))  # plain JSON data
    assert stored["hash"] == catalog_hash()
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
    stored = json.loads(cache.read_text(encoding="utf-8"))
    stored["hash"] = "0" * 64
    for item in stored["catalog"]["items"]["attack"]:
        item["pen"] = 999
    cache.write_text(json.dumps(stored), encoding="utf-8")
    assert cached_catalog(build).attack("7.62x51mm NATO").pen == 7  # rebuilt, not the file's 999
    assert json.loads(cache.read_text(encoding="utf-8"))["hash"] == catalog_hash()


@pytest.mark.parametrize(
    ("field", "bad"),
    [("pen", "7"), ("pen", True), ("pen", 7.0), ("range_column", "sideways"), ("aliases", "x"),
     ("dc", [1]), ("name", None), ("bogus", 1)],
)
def test_a_value_of_the_wrong_type_makes_the_cache_rebuilt(cache: Path, field: str, bad: object) -> None:
    cached_catalog(build)
    stored = json.loads(cache.read_text(encoding="utf-8"))
    stored["catalog"]["items"]["attack"][0][field] = bad
    cache.write_text(json.dumps(stored), encoding="utf-8")
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
