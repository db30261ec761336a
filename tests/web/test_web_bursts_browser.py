"""Bursts and explosions (GU-19 to GU-22) on the calculator, in a real browser: an explosion's
cards with their blast figures and odds, and a burst typed in as a GM would, whose odds are those
of ``armourpen odds``.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import re
import subprocess
import sys
from urllib.parse import quote

from playwright.sync_api import Locator, Page, expect
from web.test_web_browser import cards, clear_line, context, page, results, server

__all__ = ["context", "page", "server"]  # the fixtures, used by name


def figures(card: Locator) -> dict[str, str]:
    """A result card's figures, by label."""
    found: dict[str, str] = {}
    for item in card.locator("dl.figures > div").all():
        found[item.locator("dt").text_content() or ""] = item.locator("dd").text_content() or ""
    return found


def hit_bars(card: Locator) -> str:
    """The bars of a card's hits (shots landed or fragments), as their label reads them."""
    return card.locator('svg[data-bars="hits"]').get_attribute("aria-label") or ""


def test_gu21_the_grenade_in_the_courtyard_shows_each_targets_blast_and_odds(
        page: Page, server: str) -> None:
    page.goto(server + "/?example=grenade-courtyard")
    expect(results(page)).to_have_count(4)
    expect(results(page).first.locator(".odds")).to_be_visible()
    # roll 21 x 2 = 42, in air divided by 3 x distance (GU-21)
    ann, bob, cid, dan = (results(page).nth(i) for i in range(4))
    assert {k: figures(ann)[k] for k in ("distance", "divisor", "blast damage", "blast injury")} \
        == {"distance": "1 yd", "divisor": "3", "blast damage": "14", "blast injury": "14"}
    assert (figures(bob)["divisor"], figures(bob)["blast damage"], figures(bob)["large-area DR"],
            figures(bob)["blast injury"]) == ("9", "4", "2", "2")  # 42 / 9 = 4, less his DR 2
    assert (figures(cid)["cover in front"], figures(cid)["blast injury"]) == ("8", "0")
    assert (figures(dan)["divisor"], figures(dan)["fragments"]) == ("36", "out of reach")
    # the fragments: Bob at skill 15 - 1 (3 yd) - 4 (prone) = 10 is missed on half the rolls,
    # struck by one on rolls 8-10 (73 of 216)
    assert "0: 50%; 1: 33.80%" in hit_bars(bob)
    # Dan, beyond their 10 yd: no bars of fragments, but his injury bars
    expect(dan.locator('svg[data-bars="hits"]')).to_have_count(0)
    expect(dan.locator('svg[data-bars="injury"]')).to_have_count(1)
    expect(page.locator("#outcome [data-joint]")).to_contain_text("nobody hurt")


def cli_hits(example: str) -> str:
    """The line of ``armourpen odds`` that gives the shots landed on the (one) target."""
    out = subprocess.run([sys.executable, "-m", "armourpen", "odds", example], check=True,
                         capture_output=True, text=True).stdout
    found = re.search(r"shots landed on it \(GU-19\): (.*?); expected", out)
    assert found is not None
    return found.group(1)


def test_gu19_a_burst_typed_in_has_the_shots_landed_of_armourpen_odds(
        page: Page, server: str) -> None:
    # the SMG burst at the car door, typed in: skill 12, 10 shots, Rcl 2, the rolls left to the
    # page (the odds weigh every roll)
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_label("Damage").fill("2d+2 pi")
    page.get_by_label("roll for me").check()  # a burst rolls each landed shot (GU-19)
    page.get_by_label("Skill (GU-16)").fill("12")
    page.locator("details.burst > summary").click()
    page.get_by_label("Shots").fill("10")
    page.get_by_label("Rcl").fill("2")
    page.get_by_role("button", name="+ Cover").click()
    door = cards(page).last
    door.get_by_label("Name").fill("car door")
    door.get_by_label("DR", exact=True).fill("2")
    door.get_by_label("Thin slab: its DR alone (GU-6)").check()
    page.get_by_role("button", name="+ Target").click()
    thug = cards(page).last
    thug.get_by_label("Name").fill("Thug")
    thug.get_by_label("HP").fill("11")
    thug.get_by_label("DR", exact=True).fill("2")
    card = results(page).nth(1)
    # the outcome follows the typing: wait for the one with every figure typed in (the attack
    # roll is the page's own, so the thug may be missed: the odds are there either way)
    expect(page).to_have_url(re.compile(re.escape(quote('"hp":11,"dr":2', safe=""))),
                             timeout=20_000)
    expect(card.locator('svg[data-bars="hits"]')).to_have_attribute(
        "aria-label", re.compile(r"^shots landed on it \(GU-19\): Thug: "), timeout=20_000)
    # by hand, skill 14: no shot on 15-18 (20 of 216), six on 3-4 (4 of 216)
    shown = hit_bars(card)
    assert shown.startswith("shots landed on it (GU-19): Thug: 0: 9.26%; 1: 16.67%")
    assert shown.endswith("6: 1.85%")
    # and as the command line gives them, number for number (the page drops needless zeros)
    cli = dict(x.split(" ") for x in cli_hits("example:smg-burst-car-door").split(", "))
    on_page = dict(x.split(": ") for x in shown.split("Thug: ")[1].split("; "))
    assert {k: float(v.rstrip("%")) for k, v in on_page.items()} == {
        k: float(v.rstrip("%")) for k, v in cli.items()}


def test_gu21_each_targets_own_cover_from_the_blast_is_edited_on_its_card(
        page: Page, server: str) -> None:
    # the grenade in the courtyard: roll 21, basic damage 42 (GU-21). Cid at 6 yd takes 42 // 18
    # = 2, all stopped by the low wall (DR 8, a thin slab, GU-6); Ann at 1 yd takes 42 // 3 = 14
    page.goto(server + "/?example=grenade-courtyard")
    expect(results(page)).to_have_count(4)
    ann, cid = cards(page).nth(0), cards(page).nth(2)
    assert cid.get_attribute("data-kind") == "target"  # a target with its own cover, no cover card
    wall = cid.locator(".blast-cover")
    expect(wall).to_have_count(1)
    expect(wall.get_by_label("Cover 1", exact=True)).to_have_value("low wall")
    expect(wall.get_by_label("DR", exact=True)).to_have_value("8")
    expect(wall.get_by_label("Thin slab: its DR alone (GU-6)")).to_be_checked()
    assert (figures(results(page).nth(2))["cover in front"],
            figures(results(page).nth(2))["blast injury"]) == ("8", "0")
    # the wall taken away: Cid takes the 2 on his skin (no DR)
    cid.get_by_role("button", name="Remove cover 1 of Target 3 (Cid)").click()
    expect(results(page).nth(2).locator("dl.figures")).not_to_contain_text("cover in front",
                                                                           timeout=20_000)
    assert figures(results(page).nth(2))["blast injury"] == "2"
    # a door of DR 20 put between Ann and the blast stops her 14
    ann.get_by_role("button", name="+ Cover in front").click()
    door = ann.locator(".blast-cover")
    door.get_by_label("Cover 1", exact=True).fill("door")
    door.get_by_label("DR", exact=True).fill("20")
    door.get_by_label("Thin slab: its DR alone (GU-6)").check()
    expect(results(page).nth(0).locator("dl.figures")).to_contain_text("cover in front20",
                                                                        timeout=20_000)
    assert figures(results(page).nth(0))["blast injury"] == "0"
    # and the address keeps it: opened again, Ann's card has the door
    expect(page).to_have_url(re.compile(re.escape(quote('"cover":[{"name":"door","dr":20,'
                                                        '"slab":true}]', safe=""))))
    page.goto(page.url)
    expect(cards(page).nth(0).locator(".blast-cover").get_by_label("DR", exact=True)).to_have_value("20")
    expect(cards(page).nth(2).locator(".blast-cover")).to_have_count(0)
