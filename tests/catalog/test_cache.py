"""The per-user cache of the built-in catalog: the same catalog, plain data only, never trusted.

Whatever sits in the cache folder (a pickle that would run code, a file of another version, a
damaged or edited file, a FIFO, a file stamped without the user's secret key, a file or folder
that others own or can write to), reading the catalog runs nothing from it and gives the same
items as building from the shipped TOML. Only front ends that ask for it use the cache: the
Python API reads the package's files and writes nothing.
"""

from __future__ import annotations

import json
import os
import pickle
import stat
import subprocess
import sys
from hashlib import blake2b
from pathlib import Path
from typing import Any

import pytest

from armourpen.catalog import Catalog
from armourpen.catalog import cache as cache_module
from armourpen.catalog.cache import CACHE_NAME, KEY_NAME, cached_catalog, catalog_hash, digest
from armourpen.catalog.catalog import DATA_DIR


def build() -> Catalog:
    return Catalog.from_files(sorted(DATA_DIR.glob("*.toml")))


def read(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The cache file's stamp and items."""
    stamp, items = path.read_bytes().split(b"\n", 1)
    return json.loads(stamp), json.loads(items)


def user_key(path: Path) -> bytes:
    """The user's own secret beside the cache file."""
    return (path.parent / KEY_NAME).read_bytes()


def write(path: Path, stamp: dict[str, Any], items: dict[str, Any], *, forge: bytes | None) -> None:
    """Write the file back; ``forge`` is the key the digest of the new items is made with (the
    user's own, as only someone who can read it could; None keeps the stamp as it was)."""
    data = json.dumps(items).encode()
    if forge is not None:
        stamp = {**stamp, "digest": digest(forge, stamp["hash"], data)}
    path.write_bytes(json.dumps(stamp).encode() + b"\n" + data)
    path.chmod(0o600)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("ARMOURPEN_NO_CACHE", raising=False)
    return tmp_path / CACHE_NAME


def test_cache_round_trip_gives_the_same_items(cache: Path) -> None:
    first = cached_catalog(build, Catalog.restore)
    assert cache.exists()
    stamp, _ = read(cache)  # plain JSON data
    assert stamp["hash"] == catalog_hash()
    assert stamp["digest"] == digest(user_key(cache), catalog_hash(), cache.read_bytes().split(b"\n", 1)[1])
    calls: list[int] = []

    def counted() -> Catalog:
        calls.append(1)
        return build()

    second = cached_catalog(counted, Catalog.restore)
    assert calls == []  # read from the file
    assert second.items() == first.items() == build().items()
    assert second.sources == first.sources
    assert second.vehicle("T-34 (1941)").faces["front"] == first.vehicle("T-34 (1941)").faces["front"]
    # lookups work as on the built catalog (the index is rebuilt)
    assert second.attack("7.62x51mm nato").pen == 7


def test_damaged_cache_is_rebuilt(cache: Path) -> None:
    cached_catalog(build, Catalog.restore)
    for junk in (b"not json", b"[]", b'{"format": 1}', b"\xff\xfe", b"[" * 100_000):
        cache.write_bytes(junk)
        assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7


def test_a_cache_of_another_hash_is_not_used(cache: Path) -> None:
    cached_catalog(build, Catalog.restore)
    stamp, items = read(cache)
    for item in items["items"]["attack"]:
        item["pen"] = 999
    write(cache, {**stamp, "hash": "0" * 64}, items, forge=user_key(cache))
    # rebuilt, not the file's 999
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7
    assert read(cache)[0]["hash"] == catalog_hash()


def test_an_edited_value_under_the_old_stamp_is_never_used(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cached_catalog(build, Catalog.restore)
    stamp, items = read(cache)
    nato = next(i for i in items["items"]["attack"] if i["name"] == "7.62x51mm NATO")
    assert nato["pen"] == 7
    nato["pen"] = 70  # a value of the right type: only the digest tells
    write(cache, stamp, items, forge=None)  # the stamp (format, hash, digest) kept as it was
    edited = cache.read_bytes()

    def never(data: object, restore: object) -> Catalog:  # noqa: ARG001 (decode_catalog's signature)
        raise AssertionError("the edited items were parsed")

    monkeypatch.setattr(cache_module, "decode_catalog", never)
    calls: list[int] = []

    def counted() -> Catalog:
        calls.append(1)
        return build()

    assert cached_catalog(counted, Catalog.restore).attack("7.62x51mm NATO").pen == 7
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
    # even under a digest made with the user's own key: the values are checked field by field
    cached_catalog(build, Catalog.restore)
    stamp, items = read(cache)
    items["items"]["attack"][0][field] = bad
    write(cache, stamp, items, forge=user_key(cache))
    again = cached_catalog(build, Catalog.restore)
    assert again.items() == build().items()


def _nato_at(cache: Path, pen: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The genuine cache's stamp and items, with 7.62x51mm NATO's PEN changed to ``pen``."""
    cached_catalog(build, Catalog.restore)
    stamp, items = read(cache)
    nato = next(i for i in items["items"]["attack"] if i["name"] == "7.62x51mm NATO")
    assert nato["pen"] == 7
    nato["pen"] = pen
    return stamp, items


def _shown_pen(tmp_path: Path) -> int:
    """The PEN ``catalog show`` prints in a fresh process reading this cache folder."""
    env = {**os.environ, "ARMOURPEN_CACHE_DIR": str(tmp_path)}
    args = [sys.executable, "-m", "armourpen", "catalog", "show", "7.62x51mm NATO", "--json"]
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    pen: int = json.loads(done.stdout)["pen"]
    return pen


def test_a_file_planted_with_a_matching_stamp_and_digest_changes_nothing(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A planter who can write the folder but not read the user's key: the stamp's hash is public
    # (anyone can hash the package's files), the digest made as the file format says, without
    # the key (the plain BLAKE2b of the items) or with a key of the planter's own.
    stamp, items = _nato_at(cache, 70)
    data = json.dumps(items).encode()
    mine = os.urandom(32)
    forged = [blake2b(data, digest_size=32).hexdigest(), digest(mine, stamp["hash"], data),
              digest(b"", stamp["hash"], data)]

    def never(data: object, restore: object) -> Catalog:  # noqa: ARG001 (decode_catalog's signature)
        raise AssertionError("the planted items were parsed")

    for made in forged:
        cache.write_bytes(json.dumps({**stamp, "digest": made}).encode() + b"\n" + data)
        cache.chmod(0o600)
        with monkeypatch.context() as m:
            m.setattr(cache_module, "decode_catalog", never)
            assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7
    # nor with the planter's key put in place of the user's (a key of the right form and mode):
    # the user's runs stamp their file anew with it, but nothing of the planted file is used
    cache.write_bytes(json.dumps({**stamp, "digest": forged[1]}).encode() + b"\n" + data)
    (tmp_path / KEY_NAME).unlink()
    assert _shown_pen(tmp_path) == 7
    # and in a fresh process, through the command line: the output of a run without a cache
    planted = json.dumps({**stamp, "digest": forged[0]}).encode() + b"\n" + data
    cache.write_bytes(planted)
    assert _shown_pen(tmp_path) == 7
    assert cache.read_bytes() != planted  # rebuilt


def test_the_users_own_stamp_is_what_makes_a_file_used(cache: Path, tmp_path: Path) -> None:
    # the control for the tests below: the same edited file, stamped with the user's own key,
    # in a file of the user's that no one else can write, is read (so what refuses it there is
    # the check each of them names, not a stale stamp)
    stamp, items = _nato_at(cache, 70)
    write(cache, stamp, items, forge=user_key(cache))
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 70
    assert _shown_pen(tmp_path) == 70


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o666, 0o777], ids=oct)
def test_a_cache_file_others_can_write_is_ignored(cache: Path, tmp_path: Path, mode: int) -> None:
    stamp, items = _nato_at(cache, 70)
    write(cache, stamp, items, forge=user_key(cache))
    cache.chmod(mode)
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7
    # rebuilt, and written anew as the user's alone
    assert stat.S_IMODE(cache.stat().st_mode) == 0o600
    assert _shown_pen(tmp_path) == 7


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777], ids=oct)
def test_a_cache_folder_others_can_write_is_not_used(cache: Path, tmp_path: Path, mode: int) -> None:
    stamp, items = _nato_at(cache, 70)
    write(cache, stamp, items, forge=user_key(cache))
    planted = cache.read_bytes()
    tmp_path.chmod(mode)
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7
    assert _shown_pen(tmp_path) == 7
    assert cache.read_bytes() == planted  # left alone: nothing is written there either


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o660], ids=oct)
def test_a_key_others_can_read_is_not_trusted(cache: Path, mode: int) -> None:
    stamp, items = _nato_at(cache, 70)
    write(cache, stamp, items, forge=user_key(cache))
    key = cache.parent / KEY_NAME
    old = key.read_bytes()
    key.chmod(mode)
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7
    # a new secret replaces it, readable by the user alone
    assert key.read_bytes() != old and len(key.read_bytes()) == 32
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_a_link_in_place_of_the_cache_is_not_followed(cache: Path, tmp_path: Path) -> None:
    stamp, items = _nato_at(cache, 70)
    elsewhere = tmp_path / "elsewhere.json"
    write(elsewhere, stamp, items, forge=user_key(cache))
    cache.unlink()
    cache.symlink_to(elsewhere)
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only root can give a file to another user")
@pytest.mark.parametrize("which", [CACHE_NAME, KEY_NAME, "."])
def test_a_cache_file_key_or_folder_of_another_user_is_ignored(
    cache: Path, tmp_path: Path, which: str,
) -> None:
    stamp, items = _nato_at(cache, 70)
    write(cache, stamp, items, forge=user_key(cache))
    os.chown(tmp_path / which, 4321, 4321)
    assert cached_catalog(build, Catalog.restore).attack("7.62x51mm NATO").pen == 7
    assert _shown_pen(tmp_path) == 7


def test_new_cache_files_are_the_users_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "a" / "cache"
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(folder))
    monkeypatch.delenv("ARMOURPEN_NO_CACHE", raising=False)
    old = os.umask(0o002)  # a loose umask does not loosen them
    try:
        cached_catalog(build, Catalog.restore)
    finally:
        os.umask(old)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / CACHE_NAME).stat().st_mode) == 0o600
    assert stat.S_IMODE((folder / KEY_NAME).stat().st_mode) == 0o600
    assert sorted(p.name for p in folder.iterdir()) == sorted([CACHE_NAME, KEY_NAME])  # no leftovers
    assert len((folder / KEY_NAME).read_bytes()) == 32


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
    catalog = cached_catalog(build, Catalog.restore)
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
    assert cached_catalog(build, Catalog.restore).armour("NIJ Type III").av == 6


def test_unwritable_cache_dir_still_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(blocker / "sub"))
    assert cached_catalog(build, Catalog.restore).armour("NIJ Type III").av == 6


def test_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARMOURPEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ARMOURPEN_NO_CACHE", "1")
    cached_catalog(build, Catalog.restore)
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


def test_restoring_an_item_of_the_wrong_kind_is_an_argument_type_error() -> None:
    # a programming error (the cache decodes each kind with its own class): named by its place
    from armourpen.errors import ArgumentTypeError

    vest = Catalog.builtin().armour("NIJ Type III")
    items: dict[str, list[Any]] = {"attack": [vest], "armour": [], "cover": [], "vehicle": [],
                                   "ammo": []}
    with pytest.raises(ArgumentTypeError) as info:
        Catalog.restore(items, [])
    assert (info.value.field, info.value.value) == ("items['attack'][0]", vest)
    assert "an attack item" in info.value.allowed
