"""GU-24 and GU-25 on the calculator, in a real browser: the knight's defense and shield in the
card's folded section, the shield struck in the steps, and a clear block typed in.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect
from web.test_web_browser import cards, context, page, results, server

from armourpen.scenario import read_scenario_file

__all__ = ["context", "page", "server"]  # the fixtures, used by name


def test_gu25_the_knight_example_shows_its_defense_and_the_shield_struck(
        page: Page, server: str) -> None:
    page.goto(server + "/?example=knight-blocks-arrow")
    knight = cards(page).first
    expect(knight.locator("details.guard")).to_have_attribute("open", "")
    expect(knight.get_by_label("Defense", exact=True)).to_have_value("block")
    expect(knight.get_by_label("Level", exact=True)).to_have_value("10")
    expect(knight.get_by_label("Roll", exact=True)).to_have_value("11")
    expect(knight.get_by_label("Shield", exact=True)).to_have_value("medium")
    expect(knight.get_by_label("Punch-through 1d")).to_have_value("4")
    # worked by hand (the example): block 11 against 12, by 1 <= DB 2: the shield takes
    # 20 - 7 = 13, x1/2 = 6, HP 40 -> 34; 20 > 17: through to the torso, injury 2
    expect(results(page).first).to_contain_text("HP 40 -> 34")
    expect(results(page).first).to_contain_text("punches through")


def test_gu24_a_clear_block_typed_in_stops_the_blow(page: Page, server: str) -> None:
    page.goto(server + "/?example=knight-blocks-arrow")
    knight = cards(page).first
    # block 8 against 10 + DB 2 = 12: by 4 > 2: blocked, the blow stops; the shield untouched
    knight.get_by_label("Roll", exact=True).fill("8")
    expect(results(page).first).to_contain_text("blocked, the blow stops")
    # the address holds the card's keys as a scenario file writes them
    expect(page).to_have_url(re.compile("s="))
    data: dict[str, Any] = json.loads(parse_qs(urlsplit(page.url).query)["s"][0])
    card = read_scenario_file("example:knight-blocks-arrow")["line"][0]
    assert data["line"][0] == {**card, "defense": {**card["defense"], "roll": 8}}
