"""Issue 29 item 6 in a real browser: a GCS file chosen on a card replaces what came with the
page (the example's figures), keeps what the user typed, and keeps the roll (the attack's); a
weapon chosen from the shooter's sheet clears the attack figures the sheet gives.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, unquote

from gcs.gcs_helpers import sample
from playwright.sync_api import Page, expect
from web.test_web_browser import cards, context, page, results, server

__all__ = ["context", "page", "server"]  # the fixtures, used by name


def written(page: Page) -> dict[str, Any]:
    """The scenario the address holds."""
    data: dict[str, Any] = json.loads(unquote(page.url.split("?s=", 1)[1]))
    return data


def test_gu3_gu4_kabal_chosen_on_agent_grays_card_takes_his_own_figures(
    page: Page, server: str,
) -> None:
    page.goto(server + "/?example=agent-gray")  # Agent Gray HP 12, DR 8; 7d(2) pi- rolling 20
    card = cards(page).first
    card.locator("[data-gcs-file]").set_input_files(str(sample("Kabal.gcs")))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Kabal.gcs: Kabal, HP 13")
    # the example's name and figures were the page's: the file's now; the roll is the attack's
    expect(card.get_by_label("Name")).to_have_value("Kabal")
    expect(card.get_by_label("HP")).to_have_value("")
    expect(card.get_by_label("DR", exact=True)).to_have_value("")
    expect(page.get_by_label("Dice total (with adds)")).to_have_value("20")
    # Kabal's torso DR 0 (the sample file): DR 0 / 2 = 0 (GU-3), 20 - 0 = 20 penetrating,
    # pi- x0.5 = injury 10 (GU-4)
    result = results(page).first
    expect(result.locator(".badge").first).to_have_text(re.compile("injury 10$"))
    expect(result.locator(".figures div", has_text="DR faced").locator("dd")).to_have_text("0")
    expect(page).to_have_url(re.compile(re.escape(quote('"gcs":"Kabal.gcs"}', safe=""))))
    data = written(page)
    assert data["line"] == [{"target": "Kabal", "gcs": "Kabal.gcs"},
                            {"target": "VIP", "dr": 0, "hp": 10}]  # the VIP's untouched
    assert data["attack"] == {"damage": "7d(2) pi-", "roll": 20}


def test_gu3_what_the_gm_types_stays_when_a_file_is_chosen(page: Page, server: str) -> None:
    page.goto(server + "/?example=agent-gray")
    card = cards(page).first
    card.get_by_label("DR", exact=True).fill("4")  # typed: overrides any file chosen after
    card.locator("[data-gcs-file]").set_input_files(str(sample("Kabal.gcs")))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Kabal.gcs: Kabal, HP 13")
    expect(card.get_by_label("DR", exact=True)).to_have_value("4")
    expect(card.get_by_label("HP")).to_have_value("")  # the example's 12: the file's 13 now
    # DR 4 / 2 = 2 (GU-3), 20 - 2 = 18, pi- x0.5 = injury 9 (GU-4)
    badge = results(page).first.locator(".badge").first
    expect(badge).to_have_text(re.compile("injury 9$"))
    # another file: the name was the first file's, not the GM's, so the second's; DR 4 stays
    card.locator("[data-gcs-file]").set_input_files(str(sample("Giant Rat.gcs")))
    expect(card.locator("[data-gcs-hint]")).to_contain_text("Giant Rat.gcs: Giant Rat, HP 9")
    expect(card.get_by_label("Name")).to_have_value("Giant Rat")
    expect(card.get_by_label("DR", exact=True)).to_have_value("4")
    expect(results(page).first.locator(".steps")).to_contain_text("from Giant Rat.gcs: HP 9")
    expect(badge).to_have_text(re.compile("injury 9$"))
    assert written(page)["line"][0] == {"target": "Giant Rat", "gcs": "Giant Rat.gcs", "dr": 4}


OVERLORD = "The Overlord of Jupiter.gcs"


def test_gu15_a_weapon_from_the_sheet_clears_the_attack_figures_the_page_came_with(
    page: Page, server: str,
) -> None:
    data = {"rules": "gurps", "attack": {"damage": "7d(2) pi-", "roll": 20, "skill": 9,
                                         "half_damage_range": 50, "ranged": False},
            "line": [{"target": "Agent Gray", "dr": 8, "hp": 12}]}
    page.goto(server + "/?s=" + quote(json.dumps(data)))
    expect(page.get_by_label("Ranged (GU-5)")).not_to_be_checked()
    page.locator("#g-gcs").set_input_files(str(sample(OVERLORD)))
    weapon = page.get_by_label("Weapon (from the file)")
    expect(weapon).to_have_value(re.compile("."))  # the first usable: the Laser Gauntlets
    # the sheet's weapon gives damage, skill, 1/2D and ranged: the page's figures are cleared,
    # and its roll of 20, rolled on 7d(2), with them (the page asks for the GM's)
    for label in ("Damage", "Skill (GU-16)", "1/2D (yd, GU-23)", "Dice total (with adds)"):
        expect(page.get_by_label(label)).to_have_value("")
    expect(page.get_by_label("Damage")).to_have_attribute("placeholder", "sheet: 3d burn")
    expect(page.get_by_label("Ranged (GU-5)")).to_be_checked()
    expect(page.locator(".field:has(#g-roll) .error")).to_have_text(
        "Dice total (with adds): type the total of the dice you rolled")
    page.get_by_label("Dice total (with adds)").fill("10")
    page.get_by_label("Attack roll, 3d (GU-15)").fill("10")
    # 3d burn rolling 10 at the sheet's skill 13: 10 <= 13 hits (GU-15); no range given, no
    # 1/2D halving (GU-23); DR 8: 10 - 8 = 2, burn x1: injury 2 (GU-4)
    head = page.locator("#outcome .head")
    expect(head).to_contain_text("skill 13: attack roll 10, hit")
    expect(results(page).first.locator(".badge").first).to_have_text(re.compile("injury 2$"))
    attack = written(page)["attack"]
    assert attack["gcs"] == OVERLORD and attack["roll"] == 10
    assert not {"damage", "skill", "half_damage_range", "ranged"} & attack.keys()
    # a skill typed stays when another weapon is chosen: 10 > 9 misses (GU-15)
    page.get_by_label("Skill (GU-16)").fill("9")
    expect(head).to_contain_text("skill 9: attack roll 10, miss")
    weapon.select_option(label="Innate Attack (Burn) - Look of Disdain: 8d burn, skill 13, RoF 1, "
                               "Rcl 1, 1/2D 10")
    expect(page.get_by_label("Damage")).to_have_attribute("placeholder", "sheet: 8d burn")
    expect(page.get_by_label("Skill (GU-16)")).to_have_value("9")
    expect(page.get_by_label("Dice total (with adds)")).to_have_value("10")  # typed: stays
    expect(head).to_contain_text("8d burn")
    expect(head).to_contain_text("skill 9: attack roll 10, miss")
