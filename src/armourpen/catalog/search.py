"""How the catalog's names are keyed and matched: a name as its key (case, spaces, dashes and the
texts' typography ignored), and a search's words matched to items, ranked (the catalog's
:meth:`~armourpen.catalog.Catalog.search`, :meth:`~armourpen.catalog.Catalog.suggest`).
"""

from __future__ import annotations

from dataclasses import dataclass

from armourpen.catalog.items import (
    CatalogItem,
)

_TYPOGRAPHY = str.maketrans(
    {
        "\u201c": '"', "\u201d": '"', "\u2033": '"', "\u201e": '"',
        "\u2018": "'", "\u2019": "'", "\u2032": "'",
        "\u2044": "/", "\u00d7": "x",
    }
)
_IGNORED = str.maketrans(dict.fromkeys(" \t\n\r-_\u00a0\u2010\u2011\u2012\u2013\u2014"))
# _IGNORED with every ASCII character in it: str.translate pays a raised and caught LookupError for
# each character missing from its table, which made keying the catalog's names at start-up cost
# ten times more than the rest of it.
_IGNORED_ASCII = {c: _IGNORED.get(c, c) for c in range(128)}


def name_key(text: str) -> str:
    """The form names are compared in: case, spacing, hyphens and typography ignored."""
    if text.isascii():  # most names: NFKC, the typography and casefold leave ASCII as lower() does
        return text.lower().translate(_IGNORED_ASCII)
    return _full_key(text)


def _full_key(text: str) -> str:
    import unicodedata  # only for names beyond ASCII: loading it costs a one-shot command

    return unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY).casefold().translate(_IGNORED)



_ROMAN = {"1": "I", "2": "II", "3": "III", "4": "IV", "5": "V"}


def roman_numerals(text: str) -> str:
    """``NIJ Type 3A`` -> ``NIJ Type IIIA``: a lone figure 1 to 5 (with a letter after it) as the
    Roman numeral the armour classes are named with."""
    import re

    return re.sub(r"(?<![\w.])([1-5])([A-Za-z]?)(?![\w.])",
                  lambda m: _ROMAN[m.group(1)] + m.group(2), text)


@dataclass(frozen=True, slots=True)
class Match:
    """A search hit and why: ``by`` is ``name``, ``alias``, ``note`` or ``spelling`` (a name or
    alias spelt close to the text; ``all`` for a blank search), ``text`` what matched (the alias,
    the name spelt close; empty for the name and the note, which the item shows)."""

    item: CatalogItem
    by: str
    text: str

    @property
    def why(self) -> str:
        """Why it matched, in words: ``name``, ``alias 'AK-47'``, ``note``, ``spelling near 'X'``."""
        if self.by == "alias":
            return f"alias {self.text!r}"
        if self.by == "spelling":
            return f"spelling near {self.text!r}"
        return self.by


SPELLING = 7  # the rank of a close spelling, after every kind of word match


def _word_keys(text: str) -> list[str]:
    """The keys of ``text`` from each place a word begins (after a space, a hyphen, a dot, a
    comma...): ``7.62x39mm Soviet`` -> ``7.62x39mmsoviet``, ``62x39mmsoviet``, ``soviet``."""
    return [name_key(text[i:]) for i in range(len(text))
            if text[i].isalnum() and (i == 0 or not text[i - 1].isalnum())]


def names_begin(item: CatalogItem, text: str) -> bool:
    """Whether ``text`` begins a word of the item's name or of an alias (``9mm`` begins a word of
    ``9mm Makarov``, not of ``7.62x39mm``; ``7.62 NATO`` begins ``7.62x51mm NATO``'s alias
    ``7.62 NATO``)."""
    key = name_key(text)
    return bool(key) and any(k.startswith(key) for n in (item.name, *item.aliases)
                             for k in _word_keys(n))


def _begins_words(keys: list[str], words: list[str]) -> bool:
    return all(any(k.startswith(w) for k in keys) for w in words)


def match_item(item: CatalogItem, q: str, words: list[str]) -> tuple[int, Match] | None:
    """How ``item`` matches the text (its key ``q``, its words' keys ``words``): the rank (lower
    first) and the match, or None."""
    name_keys = _word_keys(item.name)
    if name_key(item.name) == q:
        return 0, Match(item, "name", "")
    for alias in item.aliases:
        if name_key(alias) == q:
            return 1, Match(item, "alias", alias)
    if any(k.startswith(q) for k in name_keys):
        return 2, Match(item, "name", "")
    alias_keys = [(alias, _word_keys(alias)) for alias in item.aliases]
    for alias, keys in alias_keys:
        if any(k.startswith(q) for k in keys):
            return 3, Match(item, "alias", alias)
    if len(words) > 1:
        if _begins_words(name_keys, words):
            return 4, Match(item, "name", "")
        for alias, keys in alias_keys:
            if _begins_words(keys, words):
                return 5, Match(item, "alias", alias)
    if item.note and _begins_words(_word_keys(item.note), words or [q]):
        return 6, Match(item, "note", "")
    return None

