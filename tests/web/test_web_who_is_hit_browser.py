"""Who is hit (GU-15 to GU-18) on the calculator, in a real browser, entered as a GM would: the
shooter's skill, the aimed target, who sits in the taxi, the taxi's occupants and SM, a wall of
brick by the inch; the odds show each card's chance of being hit, as ``armourpen odds`` does.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from itertools import product
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from playwright.sync_api import BrowserContext, Page, expect
from web.test_web_browser import cards, clear_line, context, page, results, server

from armourpen.scenario import read_scenario_file

__all__ = ["context", "page", "server"]  # the fixtures, used by name


def seven_dice_over(dr: int) -> Fraction:
    """The chance that 7d6 beats ``dr``, by counting every roll."""
    rolls = list(product(range(1, 7), repeat=7))
    return Fraction(sum(sum(r) > dr for r in rolls), len(rolls))


def holding(text: str) -> re.Pattern[str]:
    """An address whose scenario holds ``text``."""
    return re.compile(re.escape(quote(text, safe="")))


def shared(page: Page) -> dict[str, Any]:
    """The scenario the page's address holds (``?s=``)."""
    data: dict[str, Any] = json.loads(parse_qs(urlsplit(page.url).query)["s"][0])
    return data


def cli_p_hit(example: str) -> dict[str, str]:
    """Each target's p_hit as ``armourpen odds`` prints it, as the page writes a chance."""
    out = subprocess.run([sys.executable, "-m", "armourpen", "odds", example], check=True,
                         capture_output=True, text=True).stdout
    found = re.findall(r"^(\S.*?)  reached \S+  hit (\S+)", out, flags=re.MULTILINE)
    return {name: p.replace(".00%", "%") for name, p in found}


def page_p_hit(page: Page) -> dict[str, str]:
    """Each target card's chance of being hit, as its odds show it (a cover has none)."""
    out = {}
    for card in results(page).all():
        if card.locator(".odds").count():
            name = card.locator("h3.name").text_content() or ""
            out[name] = (card.locator(".odds .p-hit").text_content() or "").removeprefix("hit ")
    return out


def open_section(card: Any, kind: str) -> None:
    """Open a card's folded section (``who``, ``occupants``, ``material``)."""
    details = card.locator(f"details.{kind}")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def enter_taxi(page: Page, server: str) -> None:
    """The taxi example typed in: a shot at a gunman past a taxi of 4 (SM +3), 2 of them named."""
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_label("Damage").fill("7d pi")
    page.get_by_label("I rolled").check()
    page.get_by_label("Dice total (with adds)").fill("30")
    page.get_by_label("Attack roll, 3d (GU-15)").fill("12")
    page.get_by_label("Skill (GU-16)").fill("12")
    page.get_by_role("button", name="+ Cover").click()
    taxi = cards(page).last
    taxi.get_by_label("Name").fill("Taxi")
    taxi.get_by_label("DR", exact=True).fill("3")
    taxi.get_by_label("HP").fill("30")
    taxi.get_by_label("Injury tolerance").select_option("unliving")
    open_section(taxi, "occupants")
    taxi.get_by_label("Occupants").fill("4")
    taxi.get_by_label("SM").fill("3")
    for name, dr, hp, inside in (("Driver", "", "10", "Taxi"), ("Fare", "2", "10", "Taxi"),
                                 ("Gunman", "", "11", "")):
        page.get_by_role("button", name="+ Target").click()
        card = cards(page).last
        card.get_by_label("Name").fill(name)
        card.get_by_label("HP").fill(hp)
        card.get_by_label("DR", exact=True).fill(dr)
        if inside:
            open_section(card, "who")
            card.get_by_label("Inside (GU-17)").select_option(inside)
    page.get_by_label("Aimed at").select_option("Gunman")


def test_gu17_the_taxi_entered_by_hand_has_the_odds_of_armourpen_odds(
        page: Page, server: str) -> None:
    enter_taxi(page, server)
    expect(results(page)).to_have_count(5)  # the taxi, its unnamed occupants, 3 targets
    expect(results(page).nth(4).locator(".odds .p-hit")).to_be_visible()
    # the address holds the example itself (its seed aside: the page draws the further rolls)
    example = json.loads(json.dumps(read_scenario_file("example:taxi")))  # a checked tree is read-only
    del example["attack"]["seed"]
    expect(page).to_have_url(holding('"aim":"Gunman"'))
    assert shared(page) == example
    # by hand: the taxi's cover DR 3 + 3 + 30/2 = 21 is passed when 7d > 21; its occupant roll
    # is against 10 (4 occupants, SM +3): 108 of 216; each of the 4 alike. The driver and the
    # fare: each 1 in 4; the two no card lists: 2 in 4
    passed = seven_dice_over(21)
    one = passed * Fraction(108, 216) / 4
    assert f"{float(one) * 100:.2f}%" == "9.29%"
    shown = page_p_hit(page)
    assert (shown["Driver"], shown["Fare"]) == ("9.29%", "9.29%")
    assert shown["unnamed occupant of Taxi"] == f"{float(2 * one) * 100:.2f}%" == "18.57%"
    # and every card as the command line gives it, the gunman's too
    assert shown == cli_p_hit("example:taxi")


def test_gu16_the_shared_address_brings_back_every_key_of_who_is_hit(
        page: Page, server: str, context: BrowserContext) -> None:
    enter_taxi(page, server)
    expect(page).to_have_url(holding('"aim":"Gunman"'))
    other = context.new_page()
    other.goto(page.url)
    expect(other.get_by_label("Skill (GU-16)")).to_have_value("12")
    expect(other.get_by_label("Aimed at")).to_have_value("Gunman")
    expect(other.get_by_label("Attack roll, 3d (GU-15)")).to_have_value("12")
    taxi, driver, fare, gunman = (cards(other).nth(i) for i in range(4))
    expect(taxi.get_by_label("Occupants")).to_have_value("4")
    expect(taxi.get_by_label("SM")).to_have_value("3")
    expect(driver.get_by_label("Inside (GU-17)")).to_have_value("Taxi")
    expect(fare.get_by_label("Inside (GU-17)")).to_have_value("Taxi")
    expect(gunman.get_by_label("Inside (GU-17)")).to_have_value("")
    # a card that does not obscure, and one right behind: written, and read back
    open_section(gunman, "who")
    gunman.get_by_label("Obscures those behind (-4)").uncheck()
    gunman.get_by_label("Right behind the one in front").check()
    gunman.get_by_label("Skill against it").fill("12")
    expect(other).to_have_url(holding('"immediately_behind":true'))
    line = shared(other)["line"]
    assert line[3] == {"target": "Gunman", "hp": 11, "skill": 12, "obscures": False,
                       "immediately_behind": True}
    again = other.context.new_page()
    again.goto(other.url)
    last = cards(again).nth(3)
    expect(last.get_by_label("Obscures those behind (-4)")).not_to_be_checked()
    expect(last.get_by_label("Right behind the one in front")).to_be_checked()
    expect(last.get_by_label("Skill against it")).to_have_value("12")
    again.close()
    other.close()


def test_gu17_the_single_shot_says_who_was_hit_by_which_roll(page: Page, server: str) -> None:
    page.goto(server + "/?example=taxi")  # its seed 8 rolls the taxi's occupant roll
    fare = results(page).filter(has_text="Fare")
    # the attack roll 12 against skill 12 (nobody in the way: the two inside the taxi do not
    # count): a hit, as the attack's steps say
    page.get_by_text("Why: the attack").click()
    expect(page.locator("details[data-why=attack] .steps")).to_contain_text(
        "the attack roll (given): 3d rolled 12 against 12")
    hit_by = fare.locator("dl.figures div", has_text="hit by").locator("dd")
    expect(hit_by).to_have_text(re.compile(r"^occupant roll (\d+) \(GU-17\)$"))
    rolled = int(re.findall(r"\d+", hit_by.inner_text())[0])
    assert rolled <= 10  # the table's number for 4 occupants at SM +3
    # the unnamed occupants were not hit: a card for their odds, with no number of the line
    unnamed = results(page).filter(has_text="unnamed occupant of Taxi")
    expect(unnamed.locator(".card-no")).to_have_text("·")
    expect(unnamed.locator(".badge")).to_have_text(re.compile("not hit"))


def test_gu18_a_brick_wall_by_the_inch(page: Page, server: str) -> None:
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_label("Damage").fill("7d pi")
    page.get_by_label("I rolled").check()
    page.get_by_label("Dice total (with adds)").fill("33")
    page.get_by_label("Attack roll, 3d (GU-15)").fill("9")
    page.get_by_label("Skill (GU-16)").fill("12")
    page.get_by_role("button", name="+ Cover").click()
    wall = cards(page).first
    open_section(wall, "material")
    wall.get_by_label("Material").select_option("brick")
    wall.get_by_label("Inches").fill("6")
    expect(wall.get_by_label("Thin slab: its DR alone (GU-6)")).to_be_checked()
    page.get_by_role("button", name="+ Target").click()
    gunman = cards(page).last
    gunman.get_by_label("Name").fill("Gunman")
    gunman.get_by_label("HP").fill("11")
    # 6 inches of brick at 5 per inch (the low end): DR 30, a thin slab; 33 - 30 = 3: injury 3
    expect(page).to_have_url(holding('"target":"Gunman","hp":11'))
    expect(results(page).nth(1)).to_contain_text("Gunman")
    expect(results(page).nth(1).locator(".badge").first).to_have_text(re.compile("injury 3$"))
    assert shared(page) == read_scenario_file("example:brick-wall")
    # the high end: 8 x 6 = 48, more than 33: the shot stops in the wall
    wall.get_by_label("DR per inch", exact=True).select_option("high")
    expect(results(page).nth(1).locator(".badge").first).to_have_text(re.compile("not reached"))
