"""The calculator in a real browser, used as a GM would: Playwright drives Debian's Chromium
(``/usr/bin/chromium``) against ``armourpen serve`` started on a free loopback port.

The figures are the texts' own: the Basic Set's Agent Gray takes 8 injury and the VIP behind him
3 (GU-7); a 7.62x51mm NATO round (PEN 7, rifle column) at 150 m is Very Long, PEN -1, so PEN 6
against a NIJ Type III vest's AV 6 penetrates with -4 to the wound roll (PA-2, PA-4).

Without Chromium these tests are skipped, unless ``ARMOURPEN_REQUIRE_BROWSER=1`` (CI) makes that a
failure.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from gcs.gcs_helpers import character, location, sample
from web.web_helpers import SCRIPT_NAME, serving

from armourpen.scenario import example_names

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not CHROMIUM.exists():
    if os.environ.get("ARMOURPEN_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"{CHROMIUM} is missing: install it with apt-get install chromium")
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import BrowserContext, Page, expect, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``armourpen serve`` with a user catalog whose attack is named like an injection."""
    folder = tmp_path_factory.mktemp("serve")
    catalog = folder / "hostile.toml"
    catalog.write_text(f'[[attack]]\nname = "{SCRIPT_NAME}"\npen = 9\nrange_column = "rifle"\n'
                       'ammo = "ball"\n', encoding="utf-8")
    with serving("--catalog", str(catalog), "--no-user-catalog",
                 ready="/api/catalog?kind=ammo") as url:
        yield url


@pytest.fixture(scope="module")
def context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")),  # a fresh user-data dir
            executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture
def page(context: BrowserContext, server: str) -> Iterator[Page]:
    pg = context.new_page()
    problems: list[str] = []
    pg.on("pageerror", lambda e: problems.append(str(e)))
    pg.on("dialog", lambda d: problems.append(f"a dialog opened: {d.message}"))
    # a script or style the page's Content-Security-Policy blocks (Chromium says so on its console)
    pg.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text
          else None)
    pg.on("request", lambda r: None if r.url.startswith(("data:", server)) else problems.append(
        f"a request to another host: {r.url}"))
    yield pg
    pg.close()
    assert problems == []


def cards(page: Page) -> Any:
    return page.locator("#cards > li")


def results(page: Page) -> Any:
    return page.locator("#outcome .results > li")


def clear_line(page: Page) -> None:
    while cards(page).count():
        cards(page).first.locator(".tools").get_by_role("button", name=re.compile("^Remove ")).click()


def one_new_target(page: Page, server: str, damage: str, roll: int) -> Any:
    """A GURPS line of one new target card, shot with ``damage`` rolling ``roll``."""
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_label("Damage").fill(damage)
    page.get_by_label("Dice total (with adds)").fill(str(roll))
    page.get_by_role("button", name="+ Target").click()
    return cards(page).first


def test_ap2_a_new_card_takes_a_name_no_other_card_has(page: Page, server: str) -> None:
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    for _ in range(2):
        page.get_by_role("button", name="+ Target").click()  # Target 1, Target 2
    cards(page).first.locator(".tools").get_by_role("button", name=re.compile("^Remove ")).click()
    page.get_by_role("button", name="+ Target").click()  # 1 card left: not "Target 2" again
    names = [cards(page).nth(i).get_by_label("Name").input_value() for i in range(2)]
    assert names == ["Target 2", "Target 3"]
    expect(results(page)).to_have_count(2)


def test_gu7_build_the_agent_gray_line(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.get_by_label("GURPS").check()
    expect(page.get_by_label("Damage")).to_be_visible()
    clear_line(page)
    page.get_by_label("Damage").fill("7d(2) pi-")
    expect(page.locator("output[data-hint='attack.damage']")).to_have_text("7d(2) pi-: rolls 7 to 42")
    page.get_by_label("I rolled").check()
    page.get_by_label("Dice total (with adds)").fill("20")
    for name, hp, dr in (("Agent Gray", "12", "8"), ("VIP", "10", "0")):
        page.get_by_role("button", name="+ Target").click()
        card = cards(page).last
        card.get_by_label("Name").fill(name)
        card.get_by_label("HP").fill(hp)
        card.get_by_label("DR", exact=True).fill(dr)
    expect(results(page)).to_have_count(2)
    expect(results(page).nth(0)).to_contain_text("Agent Gray")
    expect(results(page).nth(0).locator(".badge").first).to_have_text(re.compile(r"injury 8$"))
    expect(results(page).nth(1).locator(".badge").first).to_have_text(re.compile(r"injury 3$"))
    expect(results(page).nth(0).locator("svg.bars")).to_be_visible()  # the exact odds as bars
    # every step with its ruling id, one tap away
    results(page).nth(1).get_by_text("Why").click()
    expect(results(page).nth(1).locator(".steps")).to_contain_text("GU-4")


def test_gu3_a_vest_on_the_torso_only_from_the_dr_table(page: Page, server: str) -> None:
    page.goto(server + "/?rules=gurps")  # Agent Gray: 7d(2) pi- rolling 20, his DR 8 a vest
    card = cards(page).first
    card.get_by_label("DR", exact=True).fill("")
    card.get_by_text("DR by location (GU-3)").click()
    card.get_by_label("Torso").fill("8")
    # the torso: (8 / 2 = 4), 20 - 4 = 16, x0.5 = 8, as the Basic Set's example
    expect(page).to_have_url(re.compile(re.escape(quote('"dr":{"torso":8}', safe=""))))
    gray = results(page).first.locator(".badge").first
    expect(gray).to_have_text(re.compile(r"injury 8$"))
    # his leg has no DR: 20 x0.5 = 10, capped at 12 / 2 + 1 = 7 (GU-10)
    card.get_by_label("Location", exact=True).select_option("leg")
    expect(gray).to_have_text(re.compile(r"injury 7$"))
    card.get_by_label("Torso").fill("x")  # an error stands beside the location's field
    expect(card.locator(".dr-table .error").first).to_contain_text(
        "DR at the torso of Agent Gray: 'x' is not allowed")


def test_gu11_high_pain_threshold_from_the_traits_box(page: Page, server: str) -> None:
    page.goto(server + "/?rules=gurps")  # Agent Gray: injury 8 of HP 12, shock -4, HT +0
    card = cards(page).first
    card.get_by_text("Traits (GU-14)").click()
    card.get_by_label("High Pain Threshold").check()
    expect(page).to_have_url(re.compile(re.escape(quote('"high_pain_threshold":true', safe=""))))
    steps = results(page).first.locator(".steps")
    expect(steps).to_contain_text("no shock penalty, for High Pain Threshold")
    expect(steps).to_contain_text("HT roll at +3 against knockdown")
    card.get_by_label("Low Pain Threshold").check()  # both: the error stands beside the box
    expect(card.get_by_label("Low Pain Threshold")).to_have_attribute("aria-invalid", "true")
    expect(card.locator(".traits .error:not([hidden])")).to_contain_text(
        "Low Pain Threshold of Agent Gray")


def test_pa2_nato_round_against_a_type_iii_vest_and_the_shared_address(
    page: Page, server: str, context: BrowserContext
) -> None:
    page.goto(server + "/")
    clear_line(page)
    page.get_by_label("Weapon or round").fill("7.62x51mm NATO")
    expect(page.locator("output[data-hint='attack.weapon']")).to_contain_text("PEN 7")
    page.get_by_label("Distance").fill("150 m")
    expect(page.locator("output[data-hint='attack.range']")).to_have_text(
        "150 m, Very Long: PEN -1, DC -1")
    page.get_by_role("button", name="+ Person").click()
    card = cards(page).first
    card.get_by_label("Name").fill("Guard")
    card.get_by_role("button", name="+ Armour").click()
    card.get_by_label("Armour 1", exact=True).fill("NIJ Type III")
    first = results(page).first
    expect(first).to_contain_text("Guard")
    expect(first.locator(".badge")).to_have_text(re.compile("-4"))
    expect(first.locator(".badge")).to_have_attribute("data-outcome", "penetrated_reduced")
    # share the address and open it afresh: the same shot, the same answer
    shared = page.url
    assert "?s=" in shared
    other = context.new_page()
    other.goto(shared)
    expect(other.get_by_label("Distance")).to_have_value("150 m")
    expect(cards(other).first.get_by_label("Armour 1", exact=True)).to_have_value("NIJ Type III")
    expect(results(other).first.locator(".badge")).to_have_text(re.compile("-4"))
    other.close()


def test_errors_stand_beside_their_field_in_the_clis_words(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.get_by_label("Distance").fill("4000 m")
    error = page.locator(".field:has(#a-range) .error")
    expect(error).to_have_text(  # the form's words, not the scenario's path (attack.range)
        "Distance: '4000 m' is not allowed; beyond Very Distant: at most 3200 m/yd (PA-3)")
    expect(page.get_by_label("Distance")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Distance").fill("40 m")
    expect(error).to_be_hidden()


def test_the_line_is_reordered_with_the_keyboard(page: Page, server: str) -> None:
    page.goto(server + "/")  # Gray, then the VIP
    down = cards(page).first.get_by_role("button", name=re.compile("^Move Person 1 .*down"))
    down.focus()
    page.keyboard.press("Enter")
    expect(cards(page).first.get_by_label("Name")).to_have_value("VIP")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("Move Person 2 (Gray) down")  # focus moved with the card
    expect(results(page).first).to_contain_text("VIP")


def test_a_phone_sized_screen(context: BrowserContext, server: str) -> None:
    phone = context.new_page()
    phone.set_viewport_size({"width": 375, "height": 740})
    phone.goto(server + "/")
    expect(results(phone).first).to_contain_text("Gray")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375  # no sideways scroll
    small = phone.evaluate("""() => [...document.querySelectorAll(
        'button, input[type=text], select, .switch label, .check label, summary, nav a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == []  # every touch target at least 44 px tall
    attack = phone.locator("#h-attack").bounding_box()
    outcome = phone.locator("#h-outcome").bounding_box()
    assert attack is not None and outcome is not None and attack["y"] < outcome["y"]
    phone.close()


@pytest.mark.parametrize("example", example_names())
def test_every_example_fits_a_phone_without_sideways_scrolling(
    context: BrowserContext, server: str, example: str,
) -> None:
    # the cards of every kind (GURPS targets with their DR-by-location table, vehicles, plates,
    # armour lists) must shrink to 375 px: a card as wide as its widest row pushed the page sideways
    phone = context.new_page()
    phone.set_viewport_size({"width": 375, "height": 740})
    phone.goto(server + "/?example=" + example)
    expect(results(phone).first).to_be_visible()
    for details in phone.locator(".card details").all():
        details.evaluate("d => { d.open = true; }")
    wide = phone.evaluate("""() => [...document.querySelectorAll('.card *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map(e => e.tagName + '.' + e.className)""")
    assert wide == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    # the odds bars' labels ("143-152") start inside their picture, none cut at its left edge
    cut = phone.evaluate("""() => [...document.querySelectorAll('svg.bars text.label')]
        .filter(t => t.getBBox().x < 0).map(t => t.textContent)""")
    assert cut == []
    phone.close()


def test_a_catalog_name_with_a_script_shows_as_text(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.get_by_label("Weapon or round").fill(SCRIPT_NAME)
    expect(page.locator("#outcome .head")).to_contain_text(SCRIPT_NAME)
    expect(page.locator("output[data-hint='attack.weapon']")).to_contain_text("PEN 9")
    assert page.evaluate("document.querySelectorAll('#outcome script').length") == 0
    page.goto(server + "/table?attack=pwned&armour=NIJ%20Type%20III")
    expect(page.locator("table.gm th[scope=row]").first).to_have_text(SCRIPT_NAME)


def test_gcs_a_character_file_chosen_for_a_target(page: Page, server: str, tmp_path: Path) -> None:
    ogre = tmp_path / "Ogre.gcs"
    ogre.write_text(json.dumps(character(name="Ogre", hp=20, st=20, ht=13)), encoding="utf-8")
    card = one_new_target(page, server, "2d pi", 7)
    card.get_by_label("GCS character file (or drop it on the card)").set_input_files(str(ogre))
    expect(card.locator("[data-gcs-hint]")).to_have_text(
        "Ogre.gcs: Ogre, HP 20, ST 20, HT 13, humanoid body")
    expect(card.get_by_label("Name")).to_have_value("Ogre")
    # 7 basic against the file's torso DR 0: injury 7, not over half of HP 20 (GU-4, GU-12)
    badges = results(page).first.locator(".badge")
    expect(badges.first).to_have_text(re.compile("injury 7$"))
    expect(badges.filter(has_text="major wound")).to_have_count(0)
    card.get_by_label("HP").fill("12")  # typed beside the file: overrides it; 7 > 12 / 2
    expect(badges.filter(has_text="major wound")).to_have_count(1)
    assert "Ogre.gcs" in page.url  # the address keeps the file's name, not its contents


def test_the_charts_page_loads_nothing_from_elsewhere(page: Page, server: str) -> None:
    for kind in ("pen-range", "odds"):
        page.goto(f"{server}/charts?kind={kind}")
        expect(page.locator("figure.chart-body svg")).to_be_visible()
    # the page fixture fails the test on any request to another host or any script error


def test_the_chart_of_the_shot(page: Page, server: str) -> None:
    page.goto(server + "/")
    page.locator("#chart summary").click()
    expect(page.locator("#chart svg")).to_be_visible()
    expect(page.locator("#chart svg")).to_contain_text("7.62x51mm NATO")


def test_a_gcs_file_with_a_portrait_is_kept_without_it(page: Page, server: str, tmp_path: Path) -> None:
    # 2 MiB of portrait: over the scenario's 1 MiB cap; the requests carry the file without it
    data = character()
    data["profile"] = {**data.get("profile", {}), "portrait": "A" * (2 << 20)}
    path = tmp_path / "Painted.gcs"
    path.write_text(json.dumps(data), encoding="utf-8")
    page.goto(server + "/?rules=gurps")
    card = cards(page).first
    card.locator("[data-gcs-file]").set_input_files(str(path))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Painted.gcs")
    expect(results(page).first.locator(".steps")).to_contain_text("from Painted.gcs: HP", timeout=10_000)
    kept = card.evaluate("c => c.dataset.gcs")
    assert "portrait" not in kept and len(kept) < 100_000


def test_gu11_a_gcs_files_pain_threshold_taken_away_on_the_card(
    page: Page, server: str, context: BrowserContext,
) -> None:
    # Kabal (HP 13, torso DR 0, High Pain Threshold) takes injury 5 from 2d pi rolling 5: no shock
    # for his trait; taken away on the card, shock -4 (GU-11: minus the injury, at worst -4)
    card = one_new_target(page, server, "2d pi", 5)
    card.get_by_text("Traits (GU-14)").click()
    expect(card.get_by_role("checkbox", name="High Pain Threshold")).not_to_be_checked()
    card.get_by_label("GCS character file (or drop it on the card)").set_input_files(
        str(sample("Kabal.gcs")))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Kabal.gcs: Kabal, HP 13")
    card.locator("select[data-key=location]").select_option("torso")
    pain = card.get_by_role("combobox", name="High Pain Threshold")
    expect(pain).to_have_value("")
    expect(pain.locator("option").first).to_have_text("from the file (yes)")
    expect(card.get_by_role("combobox", name="Low Pain Threshold")).to_have_value("")
    result = results(page).first
    expect(result.locator(".steps")).to_contain_text("no shock penalty, for High Pain Threshold")
    expect(result.locator('[data-outcome="shock"]')).to_have_count(0)
    pain.focus()
    page.keyboard.press("n")  # "no", from the keyboard
    expect(pain).to_have_value("false")
    expect(result.locator('[data-outcome="shock"]')).to_have_text(re.compile("shock -4 DX/IQ"))
    expect(result.locator(".steps")).to_contain_text(
        "high_pain_threshold false from the scenario overrides the file's High Pain Threshold")
    expect(page).to_have_url(re.compile(re.escape(quote('"high_pain_threshold":false', safe=""))))

    shared = context.new_page()  # the shared address: the choice kept, the file asked for again
    shared.goto(page.url)
    again = cards(shared).first
    expect(again.get_by_role("combobox", name="High Pain Threshold")).to_have_value("false")
    again.locator("[data-gcs-file]").set_input_files(str(sample("Kabal.gcs")))
    expect(results(shared).first.locator('[data-outcome="shock"]')).to_have_text(
        re.compile("shock -4 DX/IQ"))
    expect(again.locator("select[data-key=location]")).to_have_value("torso")  # kept too
    shared.close()

    card.get_by_role("button", name="Forget the file").click()  # a box again, and not on
    expect(card.get_by_role("checkbox", name="High Pain Threshold")).not_to_be_checked()
    expect(card.get_by_role("combobox", name="High Pain Threshold")).to_have_count(0)


@pytest.mark.parametrize(("value", "shown"), [(None, ""), (True, "true"), (False, "false")])
def test_gu13_each_state_of_a_file_trait_goes_back_to_the_address(
    page: Page, server: str, value: bool | None, shown: str,
) -> None:
    entry: dict[str, Any] = {"target": "Acrobat", "gcs": "Acrobat.gcs"}
    if value is not None:
        entry["perfect_balance"] = value
    data = {"rules": "gurps", "attack": {"damage": "3d cr", "roll": 16}, "line": [entry]}
    page.goto(server + "/?s=" + quote(json.dumps(data)))
    card = cards(page).first
    expect(card.get_by_label("Perfect Balance")).to_have_value(shown)
    card.get_by_label("HP").fill("12")  # any edit writes the address from the form
    expect(page).to_have_url(re.compile(re.escape(quote('"hp":12', safe=""))))
    written = json.loads(unquote(page.url.split("?s=", 1)[1]))["line"][0]
    assert written == {**entry, "hp": 12}


def test_gu10_a_forgotten_files_body_takes_its_locations_with_it(page: Page, server: str) -> None:
    card = one_new_target(page, server, "2d pi", 5)
    where = card.locator("select[data-key=location]")
    where.select_option("torso")
    card.locator("[data-gcs-file]").set_input_files(str(sample("Harpy.gcs")))  # an avian body
    expect(where.locator("option[value=wing]")).to_have_count(1)
    expect(where).to_have_value("torso")  # the harpy has one too
    where.select_option("wing")
    expect(results(page).first.locator(".steps")).to_contain_text("a wing is a limb")
    card.get_by_role("button", name="Forget the file").click()  # a target written by hand again
    expect(where.locator("option[value=wing]")).to_have_count(0)
    expect(where.locator("option[value=vitals]")).to_have_count(1)
    expect(where).to_have_value("")  # the attack's: a hand-written target has no wing


def _sub_tabled() -> dict[str, Any]:
    """A humanoid whose arms (DR 3) and legs each share an id, and whose hand has a sub-table."""
    hand = location("hand", "15", 2, sub_table={"roll": "1d", "locations": [
        location("finger", "1-2", 1, table_name="Fingers"), location("palm", "3-6", 2)]})
    return character(name="Handy", hp=20, locations=[
        location("eye", "-"), location("skull", "3-4", 2, dr_bonus=2), location("face", "5"),
        location("leg", "6-7", table_name="Right Leg"), location("arm", "8", 3, table_name="Right Arm"),
        location("torso", "9-10"), location("groin", "11"),
        location("arm", "12", 3, table_name="Left Arm"), location("leg", "13-14", table_name="Left Leg"),
        hand, location("foot", "16"), location("neck", "17-18"), location("vitals", "-"),
    ])


def test_gu10_every_location_of_a_files_body_is_offered_once_and_goes_to_the_address(
    page: Page, server: str, context: BrowserContext, tmp_path: Path,
) -> None:
    path = tmp_path / "Handy.gcs"
    path.write_text(json.dumps(_sub_tabled()), encoding="utf-8")
    card = one_new_target(page, server, "2d pi", 7)
    card.locator("[data-gcs-file]").set_input_files(str(path))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Handy.gcs: Handy, HP 20")
    where = card.locator("select[data-key=location]")
    offered = where.locator("option").evaluate_all("os => os.map(o => [o.value, o.text])")
    # one choice per id the scenario can aim at, the sub-table's too, in the file's order; the
    # right and left arm share the id "arm", so they are one choice named with both names
    assert offered == [
        ["", "the attack's"], ["random", "random (the file's body)"], ["eye", "Eye"],
        ["skull", "Skull"], ["face", "Face"], ["leg", "Right Leg or Left Leg"],
        ["arm", "Right Arm or Left Arm"], ["torso", "Torso"], ["groin", "Groin"], ["hand", "Hand"],
        ["finger", "Fingers (on the Hand)"], ["palm", "Palm (on the Hand)"], ["foot", "Foot"],
        ["neck", "Neck"], ["vitals", "Vitals"],
    ]
    # 7 basic pi against the arm's DR 3: 4 injury, x1 on a limb, not over HP 20 / 2 (GU-4, GU-10)
    where.select_option(label="Right Arm or Left Arm")
    result = results(page).first
    expect(result.locator(".steps")).to_contain_text("DR at the Right Arm from Handy.gcs: 3")
    expect(result.locator(".badge").first).to_have_text(re.compile("injury 4$"))
    where.select_option(label="Fingers (on the Hand)")  # a sub-table's location, by its id
    expect(result.locator(".steps")).to_contain_text("DR at the Fingers from Handy.gcs")
    expect(page).to_have_url(re.compile(re.escape(quote('"location":"finger"', safe=""))))

    shared = context.new_page()  # the address keeps the location; the file is chosen again
    shared.goto(page.url)
    again = cards(shared).first
    expect(again.locator("select[data-key=location]")).to_have_value("finger")
    again.locator("[data-gcs-file]").set_input_files(str(path))
    chosen = again.locator("select[data-key=location] option:checked")
    expect(chosen).to_have_text("Fingers (on the Hand)")
    expect(results(shared).first.locator(".steps")).to_contain_text(
        "DR at the Fingers from Handy.gcs")
    shared.close()


CUT_WORDS = """card => {
    // the words a box or a list shows that do not fit in it (its placeholder, its choice)
    const ctx = document.createElement("canvas").getContext("2d");
    const cut = [];
    for (const el of card.querySelectorAll("input[placeholder], select")) {
        if (el.offsetParent === null) continue;
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const select = el.tagName === "SELECT";
        const text = select ? el.options[el.selectedIndex].text : el.placeholder;
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
            - (select ? 20 : 0);  // a list's arrow
        if (ctx.measureText(text).width > room) cut.push(`${el.dataset.key}: ${text}`);
    }
    return cut;
}"""


@pytest.mark.parametrize("width", [375, 1280])
def test_a_gcs_cards_boxes_show_their_words_whole(
    context: BrowserContext, server: str, width: int,
) -> None:
    pg = context.new_page()
    pg.set_viewport_size({"width": width, "height": 900})
    pg.goto(server + "/?rules=gurps")
    card = cards(pg).first
    card.locator("[data-gcs-file]").set_input_files(str(sample("Kabal.gcs")))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Kabal.gcs: Kabal, HP 13")
    card.get_by_text("Traits (GU-14)").click()
    for key in ("hp", "dr", "st", "hardened"):
        expect(card.locator(f"input[data-key={key}]")).to_have_attribute("placeholder", "file")
    # the note says what the short word means, with the file's figures
    expect(card.locator("[data-gcs-note]")).to_have_text(
        'A box that says "file" takes the file\'s figure: HP 13, ST 13, Hardened 0, the DR at the '
        "location hit. A number typed in it overrides the file.")
    assert card.evaluate(CUT_WORDS) == []
    card.get_by_role("button", name="Forget the file").click()
    expect(card.locator("[data-gcs-note]")).to_be_hidden()
    expect(card.locator("input[data-key=hp]")).to_have_attribute("placeholder", "")
    pg.close()


@pytest.fixture
def foreign_site(server: str) -> Iterator[str]:
    """A page of another site on this machine (``localhost`` is another site than ``127.0.0.1``,
    and a loopback page may reach a loopback server) that makes the browser call the server as
    an attacker's page would: an image's fetch, a plain-text POST, a frame, and a link."""
    import http.server
    import threading

    html = f"""<!doctype html><title>another site</title>
<a id="link" href="{server}/?rules=gurps">the calculator</a>
<iframe src="{server}/"></iframe>
<script>
fetch("{server}/api/chart/slope?thickness=60mm&format=svg", {{mode: "no-cors"}});
fetch("{server}/api/resolve", {{method: "POST", mode: "no-cors",
  headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({json.dumps(GRAY_LINE)})}});
</script>""".encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *_: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()


GRAY_LINE = {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 20},
             "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}]}


def test_a_page_of_another_site_makes_the_server_do_nothing_but_a_link_opens(
    context: BrowserContext, server: str, foreign_site: str,
) -> None:
    pg = context.new_page()
    answered: dict[str, int] = {}

    def seen(r: Any) -> None:
        if r.url.startswith(server):
            answered.setdefault(r.url, r.status)

    pg.on("response", seen)
    pg.goto(foreign_site)
    chart = server + "/api/chart/slope?thickness=60mm&format=svg"
    deadline = time.monotonic() + 30
    while len(answered) < 3 and time.monotonic() < deadline:
        pg.wait_for_timeout(100)
    # the browser says who sent them (Sec-Fetch-Site: cross-site) and the server refuses
    assert answered == {chart: 403, server + "/api/resolve": 403, server + "/": 403}
    pg.click("#link")  # a link the GM follows opens the calculator
    expect(pg.get_by_label("Damage")).to_be_visible()
    assert pg.url == server + "/?rules=gurps"
    pg.close()


def test_the_api_docs_work_offline_and_try_a_route(page: Page, server: str) -> None:
    """/docs (Swagger UI) with the network cut off but for this server: it renders every route of
    the API and its "Try it out" passes the server's guard (a same-origin request)."""
    elsewhere: list[str] = []

    def offline(route: Any) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort("internetdisconnected")

    page.route("**/*", offline)
    page.goto(server + "/docs")
    spec = json.loads(urllib.request.urlopen(server + "/openapi.json", timeout=10).read())
    operations = [(method.upper(), path) for path, ops in spec["paths"].items() for method in ops]
    assert len(operations) == 15
    blocks = page.locator(".opblock")
    expect(blocks).to_have_count(len(operations))
    for method, path in operations:
        block = page.locator(f".opblock-{method.lower()}").filter(
            has=page.locator(f'.opblock-summary-path[data-path="{path}"]'))
        expect(block).to_have_count(1)
    # PA-11: 120 mm of RHA is AV 60 (the curve's point 60:120); asked from the page itself
    thickness = page.locator("#operations-default-thickness_api_thickness_get")
    thickness.locator(".opblock-summary").click()
    thickness.locator('tr[data-param-name="mm"] input').fill("120mm")
    thickness.get_by_role("button", name="Execute").click()
    expect(thickness.locator(".live-responses-table tbody .response-col_status")).to_have_text("200")
    expect(thickness.locator(".live-responses-table .highlight-code")).to_contain_text('"av": 60')
    page.screenshot(path=str(Path(os.environ.get("ARMOURPEN_SHOTS", "/tmp")) / "docs.png"),
                    full_page=False)
    assert elsewhere == []


# --- what a new user trips on ---------------------------------------------------------------


def test_gu8_a_bystander_assumed_hit_is_told_on_his_card(page: Page, server: str) -> None:
    # the office shootout rolling 42 (7d pi): the shot goes through the Guard, the door and the
    # Clerk into the Bystander, whose hit chance is 0.3; one resolution takes him as hit (GU-8)
    page.goto(server + "/?example=office-shootout")
    page.locator("label[for=roll-fixed]").click()
    page.get_by_label("Dice total (with adds)").fill("42")
    bystander = results(page).nth(3)
    expect(bystander.locator('[data-outcome="assumed_hit"]')).to_have_text(
        re.compile(r"assumed hit: hit chance 30% \(GU-8\)$"))
    expect(results(page).nth(0).locator('[data-outcome="assumed_hit"]')).to_have_count(0)


def test_gu2_a_roll_the_gm_never_typed_does_not_stay_for_another_damage(
    page: Page, server: str,
) -> None:
    page.goto(server + "/")
    page.locator("label[for=rules-gurps]").click()  # the text's example: a roll of 20
    expect(page.get_by_label("Dice total (with adds)")).to_have_value("20")
    page.get_by_label("Damage").fill("3d pi+")  # 3d cannot roll 20 (GU-1): no error for it
    expect(page.get_by_label("Dice total (with adds)")).to_have_value("")
    roll_error = page.locator(".field:has(#g-roll) .error")
    expect(roll_error).to_have_text("Dice total (with adds): type the total of the dice you rolled")
    expect(page.locator("#outcome .stale-note")).to_be_visible()
    page.get_by_label("Dice total (with adds)").fill("10")  # 10 - DR 8 = 2, x1.5 pi+: 3 (GU-4)
    expect(results(page).first.locator(".badge").first).to_have_text(re.compile("injury 3$"))
    expect(page.locator("#outcome .stale-note")).to_have_count(0)
    page.get_by_label("Damage").fill("3d pi")  # a roll the GM typed stays
    expect(page.get_by_label("Dice total (with adds)")).to_have_value("10")


def test_gu10_random_locations_beside_a_typed_roll_stay_put(page: Page, server: str) -> None:
    page.goto(server + "/?rules=gurps")
    page.locator("#g-location").select_option("random")
    steps = results(page).first.locator(".steps")
    expect(steps).to_contain_text("hit location")
    seed = page.locator("#g-seed").input_value()
    assert seed != ""  # rolled with the seed box's seed, kept in the address
    where = results(page).first.locator(".figures").inner_text()
    cards(page).first.get_by_label("HP").fill("13")
    expect(page).to_have_url(re.compile(re.escape(quote('"hp":13', safe=""))))
    expect(page).to_have_url(re.compile(re.escape(quote(f'"seed":{seed}', safe=""))))
    assert results(page).first.locator(".figures").inner_text().split("DR faced")[0] == \
        where.split("DR faced")[0]


def test_ap2_errors_name_the_forms_fields_and_keep_the_last_outcome(
    page: Page, server: str,
) -> None:
    page.goto(server + "/")  # Gray in NIJ Type III: penetrated, -4 (PA-2)
    expect(results(page).first.locator(".badge")).to_have_text(re.compile("-4"))
    armour = cards(page).first.get_by_label("Armour 1", exact=True)
    armour.fill("NIJ Ty")  # half typed
    error = cards(page).first.locator(".item .field.grow .error")
    expect(error).to_contain_text("Armour 1 of Gray: 'NIJ Ty'")
    expect(error).not_to_contain_text("line[")
    # the last outcome stays, marked as such, until the name is whole again
    expect(page.locator("#outcome .stale-note")).to_contain_text("Not updated: Armour 1 of Gray")
    expect(page.locator("#outcome")).to_have_class(re.compile("stale"))
    expect(results(page).first.locator(".badge")).to_have_text(re.compile("-4"))
    armour.fill("NIJ Type III")
    expect(page.locator("#outcome .stale-note")).to_have_count(0)
    expect(page.locator("#outcome")).not_to_have_class(re.compile("stale"))


def test_pa12_new_cover_goes_in_front_of_the_first_target(page: Page, server: str) -> None:
    page.goto(server + "/")  # Gray, then the VIP
    page.get_by_role("button", name="+ Cover").click()
    expect(cards(page)).to_have_count(3)
    assert [cards(page).nth(i).get_attribute("data-kind") for i in range(3)] == [
        "penav-cover", "person", "person"]
    # a new empty card does not wipe the outcome: the last one stays, marked, the error by it
    expect(results(page)).to_have_count(2)
    expect(page.locator("#outcome .stale-note")).to_be_visible()
    expect(page.locator("#outcome .stale-note")).to_contain_text("a name is required")
    expect(page.locator("#outcome .stale-note")).not_to_contain_text("is not allowed")
    expect(cards(page).first.locator(".error:not([hidden])").first).not_to_contain_text("line[")
    cards(page).first.get_by_label("Cover", exact=True).fill("Sandbag wall, single layer")
    expect(results(page)).to_have_count(3)
    expect(results(page).first).to_contain_text("Sandbag wall, single layer")
    page.goto(server + "/?rules=gurps")  # GURPS too: Agent Gray, the VIP
    page.get_by_role("button", name="+ Cover").click()
    assert cards(page).first.get_attribute("data-kind") == "gurps-cover"


def test_gcs_a_shared_address_asks_for_the_file_again_and_keeps_the_hp_typed(
    context: BrowserContext, server: str, tmp_path: Path,
) -> None:
    acrobat = tmp_path / "Acrobat.gcs"
    acrobat.write_text(json.dumps(character(name="Acrobat", hp=11)), encoding="utf-8")
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
            "line": [{"target": "Acrobat", "gcs": "Acrobat.gcs", "hp": 14}]}
    page = context.new_page()
    page.goto(server + "/?s=" + quote(json.dumps(data)))
    card = cards(page).first
    # the hint, the field's error and the outcome name the one file, in plain words
    expect(card.locator("[data-gcs-hint]")).to_have_text(
        "Choose Acrobat.gcs again: a shared address keeps a file's name, not the file.")
    error = card.locator(".field.gcs .error")
    expect(error).to_contain_text("GCS file of Acrobat: 'Acrobat.gcs'")
    expect(error).to_contain_text("choose the file again on the card")
    expect(error).not_to_contain_text("line[")
    expect(page.locator("#outcome")).to_contain_text("GCS file of Acrobat: 'Acrobat.gcs'")
    card.locator("[data-gcs-file]").set_input_files(str(acrobat))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Acrobat.gcs: Acrobat, HP 11")
    expect(card.get_by_label("HP")).to_have_value("14")  # typed over the file: kept
    # 7 against the file's torso DR 0: injury 7, not over half of HP 14 (GU-4, GU-12)
    badges = results(page).first.locator(".badge")
    expect(badges.first).to_have_text(re.compile("injury 7$"))
    expect(badges.filter(has_text="major wound")).to_have_count(0)
    page.close()


@pytest.mark.parametrize("width", [375, 1280])
def test_the_chart_of_the_shot_opens_larger_on_a_click(
    context: BrowserContext, server: str, width: int,
) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(server + "/?example=office-shootout")
    page.locator("#chart summary").click()
    small = page.locator("#chart .chart-body svg")
    expect(small).to_be_visible(timeout=20_000)
    small_width = small.bounding_box()["width"]  # type: ignore[index]
    page.get_by_role("button", name="Open larger").click()
    large = page.locator("#chart-large svg")
    expect(large).to_be_visible()
    box = large.bounding_box()
    assert box is not None and box["width"] >= 900 > small_width * (1.2 if width > 900 else 2)
    # its labels at a size one reads on a phone: ticks and titles about 9 px tall or more
    heights = large.evaluate(
        "s => [...s.querySelectorAll('text')].map(t => t.getBoundingClientRect().height)")
    assert heights and min(h for h in heights if h > 0) >= 8.5
    page.get_by_role("button", name="Close").click()
    expect(page.locator("#chart-large")).to_be_hidden()
    small.click()  # a click on the chart itself opens it too
    expect(large).to_be_visible()
    page.close()


@pytest.mark.parametrize("width", [1280, 375])
def test_layout_switches_show_their_words_and_the_slab_box_sits_by_its_label(
    context: BrowserContext, server: str, width: int,
) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server + "/")
    cut = page.evaluate("""() => [...document.querySelectorAll('.switch label')]
        .filter(l => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1)
        .map(l => l.textContent)""")
    assert cut == []  # "✓ front" whole
    page.goto(server + "/?example=office-shootout")
    box = page.locator("#c1-slab").bounding_box()
    label = page.locator("label[for=c1-slab]").bounding_box()
    assert box is not None and label is not None
    assert 0 <= label["x"] - (box["x"] + box["width"]) <= 16  # beside it, not below it
    assert label["y"] <= box["y"] + box["height"] / 2 <= label["y"] + label["height"]
    page.close()


def test_the_gm_chart_on_a_phone_keeps_its_header_and_attack_column(
    context: BrowserContext, server: str,
) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(server + "/table")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # no sideways page
    scroll = page.locator(".scroll").first
    head = scroll.locator("thead th").nth(3)
    attack = scroll.locator("tbody th[scope=row]").nth(5)
    scroll.evaluate("s => { s.scrollTop = 300; s.scrollLeft = 200; }")
    page.wait_for_timeout(100)
    assert scroll.evaluate("s => [s.scrollTop, s.scrollLeft]") == [300, 200]  # it did scroll
    frame, top, left = scroll.bounding_box(), head.bounding_box(), attack.bounding_box()
    assert frame and top and left
    # the header row at the top of the chart's box, the attack column at its left edge
    assert top["y"] == pytest.approx(frame["y"], abs=2)
    assert left["x"] == pytest.approx(frame["x"], abs=2)
    page.close()


def test_gu10_the_gms_location_roll_beside_a_random_location(page: Page, server: str) -> None:
    """Issue 24 item 11: the box for the GM's own location roll stands only where the location is
    random; 12 on the humanoid table is an arm (GU-10), and the step says it was the GM's roll."""
    card = one_new_target(page, server, "3d pi", 10)
    box = card.get_by_label("Location roll")
    expect(box).to_be_hidden()  # the attack's location, the torso: nothing to roll
    card.get_by_label("HP").fill("12")
    card.locator("select[data-key=location]").select_option("random")
    expect(box).to_be_visible()
    box.fill("12")
    steps = results(page).first.locator(".steps")
    expect(steps).to_contain_text("hit location 12 (the GM's roll) on the humanoid table: arm")
    expect(page).to_have_url(re.compile(re.escape(quote('"location_roll":12', safe=""))))
    box.fill("19")  # past 3d6: the field says what it takes
    expect(card.locator(".field.location-roll .error")).to_contain_text("3 to 18")
    card.locator("select[data-key=location]").select_option("torso")
    expect(box).to_be_hidden()
    expect(steps).not_to_contain_text("the GM's roll")
