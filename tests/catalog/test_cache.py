"""The per-user cache of the built-in catalog gives the same catalog, and never fails a command."""

from __future__ import annotations

from pathlib import Path

import pytest

from armourpen.catalog import Catalog
from armourpen.catalog.cache import cached
from armourpen.catalog.catalog import DATA_DIR


def build() -> Catalog:
    return Catalog.from_files(sorted(DATA_DIR.glob("*.toml")))


def test_cache_round_trip_gives_the_same_items(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    first = cached(Catalog, build)
    (written,) = tmp_path.glob("builtin-*.pickle")
    calls = []
    second = cached(Catalog, lambda: calls.append(1) or build())
    assert calls == []  # read from the file
    assert second.items() == first.items()
    assert second.vehicle("T-34 (1941)").faces["front"] == first.vehicle("T-34 (1941)").faces["front"]
    assert written.exists()


def test_damaged_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    cached(Catalog, build)
    (written,) = tmp_path.glob("builtin-*.pickle")
    written.write_bytes(b"not a pickle")
    again = cached(Catalog, build)
    assert again.attack("7.62x51mm NATO").pen == 7


def test_unwritable_cache_dir_still_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(blocker / "sub"))
    assert cached(Catalog, build).armour("NIJ Type III").av == 6


def test_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ARMOURPEN_NO_CACHE", "1")
    cached(Catalog, build)
    assert list(tmp_path.iterdir()) == []
