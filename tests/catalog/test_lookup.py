"""Lookup by name: case and spacing forgiven, aliases, suggestions, PA-13 rows refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armourpen.catalog import Catalog, kind_of, name_key, parse_kind
from armourpen.errors import InputError, UnknownNameError
from armourpen.penav.catalog_view import item_dict


@pytest.mark.parametrize(
    ("kind", "name", "canonical"),
    [
        ("attack", "7.62x51mm NATO", "7.62x51mm NATO"),
        ("attack", "7.62x51mm nato", "7.62x51mm NATO"),
        ("attack", "7.62 NATO", "7.62x51mm NATO"),
        ("attack", "5.56 nato", "5.56mm NATO"),
        ("attack", "9mm Parabellum pistol", "9mm Parabellum pistol"),
        ("attack", "9MM PARABELLUM SMG", "9mm parabellum SMG"),
        ("attack", ".50 BMG ball", ".50 BMG ball"),
        ("attack", ".50 bmg m2 ap", ".50 BMG M2 AP"),
        ("attack", ".50 BMG M20 API-T", ".50 BMG M20 API-T"),
        ("attack", ".50 BMG M8 API-T at 500m", ".50 BMG M8 API-T at 500m"),
        ("attack", "7.63mm Mauser pistol", "7.63mm Mauser/7.62mm Tokarev pistol"),
        ("attack", "7.62mm tokarev pistol", "7.63mm Mauser/7.62mm Tokarev pistol"),
        ("attack", "AK-47", "7.62x39mm Soviet"),
        ("attack", "37x263mm German BK 37 APCR", "37 x 263mm German BK 37 APCR"),
        ("armour", "NIJ Type III", "NIJ Type III"),
        ("armour", "NIJ Type IIIA", "NIJ Type IIIA"),
        ("armour", "nij type iiia", "NIJ Type IIIA"),
        ("armour", "  NIJ   type  III ", "NIJ Type III"),
        ("armour", "PASGT vest", "US PASGT vest"),
        ("armour", "Russian Kazak-4 vest", "Russian Kazak-4 vest"),
        ("armour", '1/4" steel plate', "6mm steel plate"),
        ("armour", "\u00bc\u201d steel plate", "6mm steel plate"),  # as the text prints it
        ("armour", "Interceptor with SAPI", "US Interceptor Body Armour with SAPI insert"),
        ("armour", "IOTV with SAPI", "Improved Outer Tactical Vest (IOTV) with SAPI insert"),
        ("armour", "MTV with E-SAPI", "Modular Tactical Vest (MTV) with E-SAPI insert"),
        ("armour", "Human skull", "Human skull"),
        ("cover", "Sandbag wall, single layer", "Sandbag wall, single layer"),
        ("cover", "sandbag wall,single layer", "Sandbag wall, single layer"),
        ("cover", "Steel door", "Steel door"),
        ("cover", "Medium concrete wall (30cm)", "Medium concrete wall (30cm)"),
        ("cover", "medium concrete wall (30 cm)", "Medium concrete wall (30cm)"),
        ("ammo", "Ball", "ball"),
        ("ammo", "soft point", "sp"),
        ("ammo", "APIT", "api-t"),
    ],
)
def test_names_as_printed_resolve_case_insensitively(
    catalog: Catalog, kind: str, name: str, canonical: str
) -> None:
    assert catalog.get(name, kind).name == canonical


def test_name_key_ignores_case_spacing_hyphens_and_typography() -> None:
    assert name_key("7.62 X 51mm  NATO") == name_key("7.62x51mm nato")
    assert name_key("API-T") == name_key("apit")
    assert name_key("\u00bc\u201d") == name_key('1/4"')
    assert name_key("API-T_x\t y\r\n") == "apitxy"


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_name_key_of_ascii_text_is_that_of_the_same_text_with_any_unicode(text: str) -> None:
    # a no-break space is ignored like a space, and takes the key through NFKC and casefold
    assert name_key(text) == name_key(text + "\u00a0")


def test_ap2_unknown_name_suggests_the_closest(catalog: Catalog) -> None:
    with pytest.raises(UnknownNameError) as info:
        catalog.armour("NIJ Type 3A", field="line[1].armour[0]")
    err = info.value
    assert err.field == "line[1].armour[0]"
    assert err.kind == "armour"
    assert "NIJ Type IIIA" in err.suggestions[:3]
    assert "did you mean" in str(err) and "'NIJ Type 3A'" in str(err)


@pytest.mark.parametrize(
    ("kind", "typo", "expected"),
    [
        ("attack", "7.62x51 natto", "7.62x51mm NATO"),
        ("attack", "9mm parabelum pistol", "9mm Parabellum pistol"),
        ("cover", "sandbag wall", "Sandbag wall, single layer"),
        ("cover", "steel dor", "Steel door"),
        ("armour", "PASGT", "US PASGT vest"),
    ],
)
def test_ap2_suggestions_for_typos(catalog: Catalog, kind: str, typo: str, expected: str) -> None:
    lookup = {"attack": catalog.attack, "armour": catalog.armour, "cover": catalog.cover}[kind]
    with pytest.raises(UnknownNameError) as info:
        lookup(typo)
    assert expected in info.value.suggestions


def test_default_fields_name_the_scenario_key(catalog: Catalog) -> None:
    with pytest.raises(UnknownNameError) as info:
        catalog.attack("no such gun")
    assert info.value.field == "attack.weapon"
    with pytest.raises(UnknownNameError) as info:
        catalog.ammo("no such ammo")
    assert info.value.field == "attack.ammo"


def test_name_of_another_kind_says_which_kind(catalog: Catalog) -> None:
    with pytest.raises(UnknownNameError) as info:
        catalog.armour("Steel door")
    assert "'Steel door' is a cover item" in str(info.value)


@pytest.mark.parametrize(
    ("name", "neighbours"),
    [
        ("Brick wall", ["Log wall", "Breeze/cinder block wall, single"]),
        ("Stone wall", ["Breeze/cinder block wall, double", "Light concrete wall (15cm)"]),
        ("Car engine block", ["Car wheel"]),
        ("Interior partition wall", ["Thin wooden wall"]),
    ],
)
def test_pa13_row_without_value_is_refused_with_nearby_items(
    catalog: Catalog, name: str, neighbours: list[str]
) -> None:
    with pytest.raises(InputError) as info:
        catalog.cover(name.lower(), field="line[0].cover")
    message = str(info.value)
    assert info.value.field == "line[0].cover"
    assert "PA-13" in message and "explicit AV" in message
    for n in neighbours:
        assert repr(n) in message
    assert not isinstance(info.value, UnknownNameError)


def test_pa13_row_is_listed_and_shown(catalog: Catalog) -> None:
    row = catalog.get("Brick wall")
    assert kind_of(row) == "cover"
    assert item_dict(row)["av"] is None


def test_items_by_kind_and_all(catalog: Catalog) -> None:
    everything = catalog.items()
    assert sum(len(catalog.items(k)) for k in ("attack", "armour", "cover", "vehicle", "ammo")) \
        == len(everything)
    assert catalog.items("armor") == catalog.items("armour")
    with pytest.raises(InputError) as info:
        catalog.items("tanks")
    assert info.value.field == "kind"


def test_parse_kind_spellings() -> None:
    assert parse_kind("Attacks") == "attack"
    assert parse_kind("ammunition") == "ammo"


def test_every_name_and_alias_resolves_to_its_item(catalog: Catalog) -> None:
    for item in catalog.items():
        for n in (item.name, *item.aliases):
            assert catalog.get(n) is item
            assert catalog.get(n, kind_of(item)) is item  # as written
            assert catalog.get(n.upper(), kind_of(item)) is item
            assert catalog.get(f" {n} ", kind_of(item)) is item


def test_a_name_as_written_of_another_kind_says_which_kind(catalog: Catalog) -> None:
    with pytest.raises(UnknownNameError) as info:
        catalog.armour("Steel door", "line[0].armour[0]")
    assert info.value.field == "line[0].armour[0]" and "'Steel door' is a cover item" in str(info.value)


def test_names_are_unique_across_kinds(catalog: Catalog) -> None:
    keys = [name_key(n) for i in catalog.items() for n in {name_key(x) for x in (i.name, *i.aliases)}]
    assert len(keys) == len(set(keys))


def test_search_ranks_name_matches_first(catalog: Catalog) -> None:
    found = [i.name for i in catalog.search("NATO")]
    assert found[:3] == ["5.56mm NATO", "7.62x51mm NATO", "7.62x51mm NATO AP"]
    assert catalog.search("7.62 NATO")[0].name == "7.62x51mm NATO"


def test_search_by_kind_and_words(catalog: Catalog) -> None:
    helmets = catalog.search("helmet", kind="armour")
    assert len(helmets) == 6
    assert all(kind_of(i) == "armour" for i in helmets)
    assert [i.name for i in catalog.search("oil drum sand")] == ["Oil drum, full of sand"]
    assert catalog.search("zzzz qqqq") == []


def test_search_reaches_notes(catalog: Catalog) -> None:
    # "yaw" appears only in a note.
    assert ".50 BMG ball" in [i.name for i in catalog.search("yaw")]


def test_item_dict_shows_both_scales_for_structural(catalog: Catalog) -> None:
    d = item_dict(catalog.armour("60mm RHA"))
    assert (d["av"], d["sav"], d["thickness_mm"]) == (25, 5, 60)
    d = item_dict(catalog.attack("100mm Soviet T-12 APFSDS"))
    assert (d["pen"], d["spen"], d["range_column"]) == (130, 26, "none")
    d = item_dict(catalog.armour("12.5mm steel plate"))
    assert d["thickness_mm"] == 12.5 and "sav" not in d


def test_import_of_catalog_is_light() -> None:
    import subprocess
    import sys

    code = (
        "import sys, armourpen.catalog; "
        "bad = [m for m in ('numpy', 'icepool', 'rich', 'typer', 'pydantic') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


_ALL = Catalog.builtin().items()


@given(
    index=st.integers(min_value=0, max_value=len(_ALL) - 1),
    flips=st.lists(st.booleans(), min_size=60, max_size=60),
    spaces=st.lists(st.integers(min_value=0, max_value=80), max_size=4),
)
def test_any_casing_and_spacing_of_a_name_resolves(
    index: int, flips: list[bool], spaces: list[int]
) -> None:
    item = _ALL[index]
    cat = Catalog.builtin()
    name = "".join(c.upper() if f else c.lower() for c, f in zip(item.name, flips * 4, strict=False))
    for pos in sorted(spaces, reverse=True):
        name = name[:pos] + " " + name[pos:]
    assert cat.get(name, kind_of(item)) is item


def test_search_matches_where_words_begin_never_inside_a_word(catalog: Catalog) -> None:
    """"9mm" is no part of an alias's "7.62x39mm", nor "AK" of "Makarov" (issue 24, item 10)."""
    names = [i.name for i in catalog.search("9mm", kind="attack")]
    assert names and all(n.startswith("9mm") for n in names)
    assert "7.62x39mm Soviet" not in names and "5.45mm Soviet" not in names
    assert "9mm Makarov" not in [i.name for i in catalog.search("AK")]


def test_search_says_why_and_ranks_names_first(catalog: Catalog) -> None:
    found = catalog.matches("AK")
    assert (found[0].item.name, found[0].why) == ("7.62x39mm Soviet", "alias 'AK-47'")
    assert {m.by for m in found} <= {"name", "alias", "note", "spelling"}
    # a name that begins with the text comes before an alias that does, and both before a note
    ranks = {"name": 0, "alias": 1, "note": 2, "spelling": 3}
    nato = catalog.matches("NATO")
    assert [m.by for m in nato] == sorted((m.by for m in nato), key=ranks.__getitem__)
    assert [m.item.name for m in nato if m.by == "name"] == [
        "5.56mm NATO", "7.62x51mm NATO", "7.62x51mm NATO AP"]
    assert catalog.matches("yaw")[0].why == "note"


def test_table_selection_matches_where_words_begin(catalog: Catalog) -> None:
    from armourpen.catalog import names_begin

    assert names_begin(catalog.attack("9mm Makarov"), "9mm")
    assert not names_begin(catalog.attack("7.62x39mm Soviet"), "9mm")
    assert names_begin(catalog.attack("7.62x51mm NATO"), "7.62 nato")  # its alias "7.62 NATO"


def test_suggestions_read_a_class_figure_as_its_roman_numeral(catalog: Catalog) -> None:
    """"NIJ Type 3" is NIJ Type III, named first (issue 24, item 8)."""
    assert catalog.suggest("NIJ Type 3")[0] == "NIJ Type III"
    assert catalog.suggest("nij type 3a")[0] == "NIJ Type IIIA"


def test_no_suggestions_asked_for_gives_none(catalog: Catalog) -> None:
    # n = 0 is allowed ("0 or more"): it is an empty list, never difflib's ValueError
    assert catalog.suggest("nij", n=0) == []
