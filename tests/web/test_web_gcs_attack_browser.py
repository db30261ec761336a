"""Issue 23 on the calculator, in a real browser: the attack panel takes the shooter's GCS file,
offers its usable weapons, lists the others with why, and the attack takes the chosen weapon's
damage and skill (GU-15), which a figure typed beside it overrides.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

from gcs.gcs_helpers import character, sample
from playwright.sync_api import Page, expect
from web.test_web_browser import cards, clear_line, context, page, results, server

__all__ = ["context", "page", "server"]  # the fixtures, used by name

OVERLORD = "The Overlord of Jupiter.gcs"


def test_gu15_the_attack_panel_takes_a_weapon_from_the_shooters_sheet(page: Page, server: str
                                                                      ) -> None:
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_role("button", name="+ Target").click()
    card = cards(page).first
    card.get_by_label("Name").fill("Kabal")
    card.get_by_label("HP").fill("13")
    card.get_by_label("DR", exact=True).fill("2")
    page.get_by_label("Dice total (with adds)").fill("10")
    page.get_by_label("Attack roll, 3d (GU-15)").fill("10")
    page.locator("#g-gcs").set_input_files(str(sample(OVERLORD)))
    # the sheet's 7 weapons: the two Beam Weapons' "(5)" has no rule behind it (GU-1)
    expect(page.locator("[data-gcs-attack-hint]")).to_have_text(
        f"{OVERLORD}: The Overlord of Jupiter, 5 of 7 weapons usable as attacks")
    unusable = page.locator("[data-gcs-unusable] li")
    expect(unusable).to_have_count(2)
    expect(unusable.first).to_contain_text("Beam Weapons (Pistol) (Beam Pistol): damage '(5)'")
    weapon = page.get_by_label("Weapon (from the file)")
    expect(weapon.locator("option")).to_have_count(6)  # none, and the 5 usable
    weapon.select_option(label="Innate Attack (Burn) - Look of Disdain: 8d burn, skill 13, RoF 1, "
                               "Rcl 1, 1/2D 10")
    expect(page.get_by_label("Damage")).to_have_attribute("placeholder", "sheet: 8d burn")
    # 8d burn rolling 10 at skill 13 (the sheet's calc.level): 10 <= 13 hits (GU-15); no range
    # given, so no 1/2D halving; DR 2: injury 8
    head = page.locator("#outcome .head")
    expect(head).to_contain_text("8d burn")
    expect(head).to_contain_text("skill 13: attack roll 10, hit")
    expect(results(page).first.locator(".badge").first).to_have_text(re.compile("injury 8$"))
    expect(page.locator('#outcome [data-why="attack"]')).to_contain_text(
        f"attack from {OVERLORD}: Innate Attack (Burn) - Look of Disdain")
    page.get_by_label("Skill (GU-16)").fill("9")  # typed beside the sheet: overrides it
    expect(head).to_contain_text("skill 9: attack roll 10, miss")
    assert "Overlord" in page.url  # the address keeps the file's name, not its contents


def test_gu19_a_burst_weapon_from_the_sheet_fires_its_rof(page: Page, server: str,
                                                          tmp_path: Path) -> None:
    agent = tmp_path / "Agent.gcs"
    agent.write_text(json.dumps(character(name="Agent", equipment=[{
        "description": "Thompson M1928A1", "weapons": [{
            "id": "Wthompson", "usage": "Burst", "damage": {"type": "pi+"},
            "calc": {"damage": "2d+2 pi+", "level": 14, "rate_of_fire": "13", "recoil": "2",
                     "range": "50/1,000"}}]}])), encoding="utf-8")
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_role("button", name="+ Target").click()
    card = cards(page).first
    card.get_by_label("HP").fill("13")
    card.get_by_label("DR", exact=True).fill("2")
    page.get_by_label("Dice total (with adds)").fill("10")
    page.get_by_label("Attack roll, 3d (GU-15)").fill("5")
    page.locator("#g-gcs").set_input_files(str(agent))
    expect(page.get_by_label("Weapon (from the file)")).to_have_value("Wthompson")
    # GU-19: 13 shots give +3, skill 17; roll 5, margin 12; Rcl 2: 1 + 6 = 7 shots land; the
    # dice typed are the first's: 10, DR 2, pi+ to the torso: 8 x 1.5 = 12
    why = page.locator('#outcome [data-why="attack"]')
    expect(why).to_contain_text("skill 14 (calc.level); shots 13 (its RoF 13, GU-19); Rcl 2")
    expect(why).to_contain_text("shots landed: 1 + floor(12 / Rcl 2) = 7")
    expect(why).to_contain_text("shot 1: 2d+2 pi+: fixed roll 10 (attack.rolls[0])")
    assert "seed" in unquote(page.url)  # the other shots rolled with the seed box's seed
