"""The :class:`Catalog`: the shipped tables plus user catalogs, with forgiving, explained lookup.

Names are matched case-insensitively and ignoring spacing, hyphens and the typographic forms of
quotes and fractions (``7.62x51mm nato``, ``NIJ type iiia``, ``1/4" steel plate``). Every name and
alias is unique across the whole catalog, so a user item can never shadow a built-in one. How
names are keyed and a search's words matched is :mod:`armourpen.catalog.search`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from armourpen import checks
from armourpen.catalog.items import (
    MAX_NAME_CHARS,
    AmmoType,
    ArmourItem,
    AttackProfile,
    CatalogItem,
    CoverItem,
    Vehicle,
)
from armourpen.catalog.search import SPELLING, Match, match_item, name_key, roman_numerals
from armourpen.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    CatalogError,
    FileName,
    InputError,
    UnknownNameError,
    message,
)
from armourpen.limits import DEFAULT_LIMITS, Limits
from armourpen.limits import checked as checked_limits

KINDS: tuple[str, ...] = ("attack", "armour", "cover", "vehicle", "ammo")
DATA_DIR = Path(__file__).resolve().parent / "data"

_KIND_OF: dict[type, str] = {
    AttackProfile: "attack",
    ArmourItem: "armour",
    CoverItem: "cover",
    Vehicle: "vehicle",
    AmmoType: "ammo",
}
_CLASS_OF: dict[str, type] = {kind: cls for cls, kind in _KIND_OF.items()}
_KIND_WORDS = {
    "attack": "attack",
    "attacks": "attack",
    "weapon": "attack",
    "weapons": "attack",
    "armour": "armour",
    "armor": "armour",
    "armours": "armour",
    "armors": "armour",
    "cover": "cover",
    "covers": "cover",
    "vehicle": "vehicle",
    "vehicles": "vehicle",
    "ammo": "ammo",
    "ammunition": "ammo",
}

def _refuse_invisible(field: str, text: str, what: str = "a name") -> None:
    """A name or search holding a character that shows nothing is refused as such (not merely
    not found): no name holds one, and the user could not see why none matched."""
    from armourpen.text import refuse_invisible

    refuse_invisible(field, text, what)


_KIND_TEXT = "a kind of item (a str): " + ", ".join(KINDS)
_NAME_TEXT = {k: f"the name of {'an' if k[0] in 'aeiou' else 'a'} {k} item (a str)" for k in KINDS}




def kind_of(item: CatalogItem) -> str:
    """``attack``, ``armour``, ``cover``, ``vehicle`` or ``ammo``."""
    return _KIND_OF[type(item)]


def parse_kind(kind: str, field: str = "kind") -> str:
    """A kind as users may spell it (``armor``, ``attacks``) -> one of :data:`KINDS`."""
    kind = checks.text(field, kind, _KIND_TEXT)
    k = _KIND_WORDS.get(kind.strip().casefold())
    if k is None:
        raise InputError(field, kind, "allowed: " + ", ".join(KINDS))
    return k


def user_catalog_dir() -> Path:
    """Where user catalog files live: ``<user config dir>/armourpen/catalog/*.toml``."""
    import platformdirs

    return Path(platformdirs.user_config_path("armourpen")) / "catalog"


class Catalog:
    """Attack profiles, armour, cover, vehicles and ammunition types, looked up by name."""

    __slots__ = ("_exact", "_index", "_items", "_owners", "_sources")

    def __init__(self) -> None:
        self._items: dict[str, list[CatalogItem]] = {k: [] for k in KINDS}
        self._index: dict[str, dict[str, CatalogItem]] = {k: {} for k in KINDS}
        # each name and alias as written: a name given as the catalog writes it (the form every
        # front end offers) is found without keying it; it has the item its key has
        self._exact: dict[str, dict[str, CatalogItem]] = {k: {} for k in KINDS}
        self._owners: dict[str, CatalogItem] = {}  # every key across kinds
        self._sources: list[str] = []

    def __repr__(self) -> str:
        counts = ", ".join(f"{k}={len(v)}" for k, v in self._items.items())
        return f"<Catalog {counts} from {len(self._sources)} file(s)>"

    # --- building ------------------------------------------------------------------------

    @classmethod
    def builtin(cls, *, cache: bool = False) -> Catalog:
        """The shipped data, read once per process (the first call decides from where).

        Only the package's own files are read, unless a front end that starts often (the CLI)
        asks for the ``cache``: the parsed items are then read from the user cache folder, and
        written there when missing or stale (:mod:`armourpen.catalog.cache`). The items are the
        same either way.
        """
        return _builtin(checks.flag("cache", cache))

    @classmethod
    def load(
        cls,
        extra: Sequence[str | Path] = (),
        *,
        user_dir: bool = True,
        limits: Limits = DEFAULT_LIMITS,
        cache: bool = False,
    ) -> Catalog:
        """The built-in catalog, plus user files (config folder, then ``extra``), clash-checked.

        Each file must be a regular file within ``limits.max_file_bytes``; there may be at most
        ``limits.max_catalog_files`` of them, of ``limits.max_catalog_bytes`` together. ``cache``
        is that of :meth:`builtin`.
        """
        extra = checks.entries("extra", extra, "catalog files (paths)", _path)
        user_dir = checks.flag("user_dir", user_dir)
        limits = checked_limits(limits)
        cache = checks.flag("cache", cache)
        files: list[Path] = []
        if user_dir:
            files.extend(_user_files(user_catalog_dir()))
        found = len(files)  # the user folder's files come first
        files.extend(Path(p) for p in extra)
        if not files:
            return _builtin(cache)
        limits.check("max_catalog_files", len(files), "user catalog files", "catalog")
        limits.check("max_catalog_bytes", sum(_size(p) for p in files), "bytes of user catalogs",
                     "catalog")
        cat = _builtin(cache)._copy()
        for i, path in enumerate(files):
            cat._add_file(path, builtin=False, limits=limits, found=i < found)
        return cat

    @classmethod
    def from_files(cls, paths: Iterable[str | Path]) -> Catalog:
        """A catalog of exactly these files (no built-in data), treated as built-in sources."""
        cat = cls()
        for p in checks.entries("paths", paths, "catalog files (paths)", _path):
            cat._add_file(Path(p), builtin=True)
        return cat

    @classmethod
    def restore(cls, items: dict[str, list[CatalogItem]], sources: Sequence[str]) -> Catalog:
        """A catalog of exactly these items (by kind, in order), as the cache stored them."""
        if not isinstance(items, Mapping) or not all(isinstance(items.get(k), list) for k in KINDS):
            raise ArgumentTypeError("items", items, "allowed: a dict of a list of items "
                                              "for each kind: " + ", ".join(KINDS))
        sources = checks.texts("sources", sources, "sources")
        cat = cls()
        for kind in KINDS:
            for i, item in enumerate(items[kind]):
                if not isinstance(item, _CLASS_OF[kind]):
                    raise ArgumentTypeError(f"items[{kind!r}][{i}]", item,
                                            f"allowed: {_article(kind)} {kind} item "
                                            f"({_CLASS_OF[kind].__name__})")
                cat._add(kind, item, "cache")
        cat._sources = list(sources)
        return cat

    def _copy(self) -> Catalog:
        new = Catalog()
        for k in KINDS:
            new._items[k] = list(self._items[k])
            new._index[k] = dict(self._index[k])
            new._exact[k] = dict(self._exact[k])
        new._owners = dict(self._owners)
        new._sources = list(self._sources)
        return new

    def _add_file(self, path: Path, *, builtin: bool, limits: Limits = DEFAULT_LIMITS,
                  found: bool = False) -> None:
        from armourpen.catalog.loader import read_file

        data = read_file(path, source="built-in" if builtin else None, limits=limits, found=found)
        origin = path.name if builtin else str(path)
        for kind, items in data.by_kind().items():
            for item in items:
                self._add(kind, item, origin)
        for attack in data.attack:
            if name_key(attack.ammo) not in self._index["ammo"]:
                raise CatalogError(
                    f"{origin}: attack {attack.name!r}.ammo",
                    attack.ammo,
                    "no ammunition type has that name; known: "
                    + ", ".join(a.name for a in self._items["ammo"]),
                )
        self._sources.append(origin)

    def _add(self, kind: str, item: CatalogItem, origin: str) -> None:
        names = (item.name, *item.aliases)
        seen: set[str] = set()
        for n in names:
            key = name_key(n)
            if not key:
                raise CatalogError(f"{origin}: {kind} {item.name!r}", n, "a name must not be empty")
            if key in seen:
                continue
            seen.add(key)
            other = self._owners.get(key)
            if other is not None:
                where = "built-in" if other.source == "built-in" else f"from {other.source}"
                raise CatalogError(
                    f"{origin}: {kind} {item.name!r}",
                    n,
                    f"the name clashes with {where} {kind_of(other)} {other.name!r}; names and "
                    "aliases must be unique (ignoring case and spacing), so give your item "
                    "another name",
                )
        for key in seen:
            self._owners[key] = item
            self._index[kind][key] = item
        for n in names:
            self._exact[kind][n] = item
        self._items[kind].append(item)

    # --- lookup --------------------------------------------------------------------------

    def _find(self, kind: str, name: str, field: str) -> CatalogItem:
        field = checks.text("field", field)
        name = checks.text(field, name, _NAME_TEXT[kind])
        item = self._exact[kind].get(name)
        if item is None:
            item = self._index[kind].get(name_key(name))
        if item is not None:
            return item
        _refuse_invisible(field, name)
        other = self._owners.get(name_key(name))
        suggestions = self.suggest(name, kind)
        if other is not None:
            raise _WrongKindError(field, name, kind, suggestions, kind_of(other), other.name)
        raise UnknownNameError(field, name, kind, suggestions)

    def attack(self, name: str, field: str = "attack.weapon") -> AttackProfile:
        item = self._find("attack", name, field)
        assert isinstance(item, AttackProfile)
        return item

    def armour(self, name: str, field: str = "armour") -> ArmourItem:
        item = self._find("armour", name, field)
        assert isinstance(item, ArmourItem)
        return item

    def cover(self, name: str, field: str = "cover") -> CoverItem:
        """A cover item with a value; rows the text prints without one are refused (PA-13)."""
        item = self._find("cover", name, field)
        assert isinstance(item, CoverItem)
        if item.av is None:
            near = ", ".join(f"{c.name!r} (AV {c.av})" for c in self._near_valued_cover(item))
            raise InputError(
                field,
                name,
                f"the text gives {item.name!r} no AV (PA-13): give an explicit AV, e.g. "
                f'cover = {{ name = "{item.name}", av = N }}'
                + (f", or use a nearby item: {near}" if near else ""),
            )
        return item

    def vehicle(self, name: str, field: str = "vehicle") -> Vehicle:
        item = self._find("vehicle", name, field)
        assert isinstance(item, Vehicle)
        return item

    def ammo(self, name: str, field: str = "attack.ammo") -> AmmoType:
        item = self._find("ammo", name, field)
        assert isinstance(item, AmmoType)
        return item

    def find(self, name: str, kind: str | None = None) -> CatalogItem | None:
        """The item called ``name`` (of ``kind``), or None: a plain lookup, no suggestions made."""
        name = checks.text("name", name, "the name of an item (a str)")
        if len(name) > 4 * MAX_NAME_CHARS:
            return None  # no name is that long, even with its spacing and typography
        index = self._owners if kind is None else self._index[parse_kind(kind)]
        return index.get(name_key(name))

    def get(self, name: str, kind: str | None = None, field: str = "name") -> CatalogItem:
        """Any item by name (kinds never share a name); cover rows without a value included."""
        if kind is not None:
            return self._find(parse_kind(kind), name, field)
        field = checks.text("field", field)
        name = checks.text(field, name, "the name of an item (a str)")
        item = self._owners.get(name_key(name))
        if item is None:
            _refuse_invisible(field, name)
            raise UnknownNameError(field, name, "catalog item", self.suggest(name))
        return item

    def suggest(self, text: str, kind: str | None = None, n: int = 5) -> list[str]:
        """The names closest to ``text`` (substring hits first, then difflib)."""
        import difflib  # only when a name is not found

        text = checks.text("text", text)
        n = checks.whole("n", n)
        if n < 0:
            raise ArgumentValueError("n", n, "allowed: how many names at most, 0 or more")
        if n == 0:  # difflib refuses to look for none
            return []
        kinds = KINDS if kind is None else (parse_kind(kind),)
        keyed: dict[str, CatalogItem] = {}
        for k in kinds:
            keyed.update(self._index[k])
        q = name_key(text)
        out: list[str] = []
        if len(q) > MAX_NAME_CHARS:  # nothing is near a text longer than every name
            return out

        def take(item: CatalogItem) -> None:
            if item.name not in out:
                out.append(item.name)

        if len(q) >= 3:
            for key, item in keyed.items():
                if q in key:
                    take(item)
        # NIJ's classes are Roman numerals: "NIJ Type 3" is NIJ Type III, before what is merely near
        roman = name_key(roman_numerals(text))
        if roman in keyed:
            take(keyed[roman])
        for key in difflib.get_close_matches(q, list(keyed), n=n * 3, cutoff=0.5):
            take(keyed[key])
        return out[:n]

    def _near_valued_cover(self, item: CoverItem) -> list[CoverItem]:
        import difflib  # only for a row without a value (PA-13)

        rows = self._items["cover"]
        i = next(j for j, c in enumerate(rows) if c is item)
        valued = [c for c in rows if isinstance(c, CoverItem) and c.av is not None]
        before = [c for c in rows[:i] if isinstance(c, CoverItem) and c.av is not None][-2:]
        after = [c for c in rows[i + 1 :] if isinstance(c, CoverItem) and c.av is not None][:2]
        similar = [
            c
            for c in valued
            for key in difflib.get_close_matches(
                name_key(item.name), [name_key(c.name) for c in valued], n=2, cutoff=0.6
            )
            if name_key(c.name) == key
        ]
        out: list[CoverItem] = []
        for c in (*before, *after, *similar):
            if c not in out:
                out.append(c)
        return out[:5]

    # --- listing and search ---------------------------------------------------------------

    def items(self, kind: str | None = None) -> list[CatalogItem]:
        """Every item, or every item of one kind, in file order."""
        if kind is None:
            return [i for k in KINDS for i in self._items[k]]
        return list(self._items[parse_kind(kind)])

    def search(
        self, text: str, kind: str | None = None, *, limits: Limits = DEFAULT_LIMITS,
        field: str = "text",
    ) -> list[CatalogItem]:
        """Items matching ``text``, best first (see :meth:`matches`, which also says why)."""
        return [m.item for m in self.matches(text, kind, limits=limits, field=field)]

    def matches(
        self, text: str, kind: str | None = None, *, limits: Limits = DEFAULT_LIMITS,
        field: str = "text",
    ) -> list[Match]:
        """Items matching ``text``, each with why: by name first, then by alias, then by note,
        then by a close spelling; every item (of ``kind``) for a blank ``text``, as a search box
        shows before anything is typed.

        Text matches where a word of the name begins (``9mm`` is not found inside an alias's
        ``7.62x39mm``, nor ``AK`` inside ``Makarov``); each word of a text of several words
        must begin a word of the name (or of one alias, or of the note).

        A control character (a tab, a line break, ESC) or one that shows nothing (a zero-width
        space, a text-direction control) is refused: no name holds one. The work
        (the text's length times that of every name, alias and note searched) is estimated first
        and refused beyond ``limits`` (``max_text_chars``, ``max_search_work``).
        """
        import difflib  # here, not at the top: looking a name up needs none
        import unicodedata

        field = checks.text("field", field)
        text = checks.text(field, text, "words to look for (a str)")
        limits = checked_limits(limits)
        limits.check("max_text_chars", len(text), "characters", field)
        if any(unicodedata.category(c) == "Cc" for c in text):
            raise InputError(field, text, "allowed: words to look for, without control characters "
                             "(tabs, line breaks, escapes)")
        # a query from a shell whose bytes are not UTF-8 arrives with surrogate escapes: no name
        # holds one, and "no item matches" would hide that the text itself is broken
        half = next((c for c in text if "\ud800" <= c <= "\udfff"), None)
        if half is not None:
            raise InputError(field, text, f"allowed: words to look for in plain text; this one "
                             f"holds a lone surrogate (U+{ord(half):04X}), which is no character "
                             "(bytes that are not UTF-8?)")
        _refuse_invisible(field, text, "words to look for")
        pool = self.items(kind)
        q = name_key(text)
        searched = sum(len(i.name) + sum(map(len, i.aliases)) + len(i.note) for i in pool)
        limits.check("max_search_work", len(q) * searched, "character comparisons", field)
        if not q:
            return [Match(item, "all", "") for item in pool]
        words = [k for k in (name_key(w) for w in text.split()) if k]
        ranked: list[tuple[int, int, Match]] = []
        for order, item in enumerate(pool):
            found = match_item(item, q, words)
            if found is None:
                spelt = max((difflib.SequenceMatcher(None, q, name_key(n)).ratio(), n)
                            for n in (item.name, *item.aliases))
                if spelt[0] < 0.75:
                    continue
                found = (SPELLING, Match(item, "spelling", spelt[1]))
            ranked.append((found[0], order, found[1]))
        ranked.sort(key=lambda t: (t[0], t[1]))
        return [m for _, _, m in ranked]

    @property
    def sources(self) -> tuple[str, ...]:
        """The files this catalog was read from, in order."""
        return tuple(self._sources)


def _path(field: str, value: object) -> Path:
    """A catalog file's path: a ``str`` or an ``os.PathLike`` of text."""
    if isinstance(value, os.PathLike) and isinstance(os.fspath(value), str):
        return Path(value)
    return Path(checks.text(field, value, "a path (a str or os.PathLike)"))


def _user_files(folder: Path) -> list[Path]:
    """The catalog files of the user folder: ``*.toml`` in any case, and ``*.json``, which reading
    refuses by name (catalogs are TOML) rather than skipping it unsaid; none when it is absent."""
    shown = FileName(folder)
    try:
        st = folder.stat()
        if not stat.S_ISDIR(st.st_mode):
            raise CatalogError("catalog", shown, "the user catalog folder is not a folder")
        names = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".toml", ".json"))
    except FileNotFoundError:
        return []
    except OSError as exc:  # a symlink loop, no permission: not the same as no folder at all
        raise CatalogError("catalog", shown, "a user catalog folder that can be read "
                           f"({exc.strerror or exc})") from None
    return names


def _size(path: Path) -> int:
    """A file's size for the cap (0 when it cannot be read: reading it will say why)."""
    try:
        return path.stat().st_size
    except (OSError, ValueError):  # ValueError: a NUL in the name, which reading refuses
        return 0


class _WrongKindError(UnknownNameError):
    """The name exists, but as another kind of item (e.g. a cover used as armour)."""

    def __init__(
        self,
        field: str,
        value: str,
        kind: str,
        suggestions: Sequence[str],
        other_kind: str,
        other_name: str,
    ) -> None:
        super().__init__(field, value, kind, suggestions)
        self.allowed = (
            f"{other_name!r} is {_article(other_kind)} {other_kind} item, not {_article(kind)} "
            f"{kind} item; " + self.allowed
        )
        self.args = (message(field, value, self.allowed),)


def _article(kind: str) -> str:
    return "an" if kind[0] in "aeiou" else "a"


_BUILTIN: list[Catalog] = []  # the built-in catalog, once read (see Catalog.builtin)


def _builtin(cache: bool = False) -> Catalog:
    if not _BUILTIN:
        def build() -> Catalog:
            return Catalog.from_files(sorted(DATA_DIR.glob("*.toml")))

        if cache:
            from armourpen.catalog.cache import cached_catalog

            _BUILTIN.append(cached_catalog(build, Catalog.restore))
        else:
            _BUILTIN.append(build())
    return _BUILTIN[0]
