"""Reading the outcome on the calculator (issue 34 items 7 to 9), in a real browser at a phone's
375 px and a desk's 1280 px: each fragment's location beside its injury and the limb crippled
(GU-10, GU-22), the skill as typed and what hit each target (GU-15, GU-16), and the odds' long
tail in one bar. Screenshots go to ``$ARMOURPEN_SHOTS`` (default /tmp) to be looked at.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from web.test_web_browser import context, page, results, server
from web.test_web_bursts_browser import figures

__all__ = ["context", "page", "server"]  # the fixtures, used by name

SHOTS = Path(os.environ.get("ARMOURPEN_SHOTS", "/tmp"))


@pytest.mark.parametrize("width", [375, 1280])
def test_gu10_gu22_fragments_show_where_each_landed_and_the_limb_crippled(
        page: Page, server: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server + "/?example=grenade-courtyard")
    expect(results(page)).to_have_count(4)
    ann, bob = results(page).nth(0), results(page).nth(1)
    expect(ann.locator(".odds")).to_be_visible()
    # Ann's four fragments (seed 4): leg 6, arm 3, leg 4, leg 6; a leg crippled past HP/2 = 5
    # (worked in tests/cli/test_cli_reading_the_outcome.py); Bob's one: arm 4
    assert figures(ann)["fragment injuries"] == "leg 6, arm 3, leg 4, leg 6"
    assert figures(bob)["fragment injuries"] == "arm 4"
    expect(ann.locator('[data-outcome="crippled"]')).to_have_text(
        re.compile(r"leg crippled \(GU-10\)"))
    # the injury bars end with the long tail in one bar, "over K"
    injury = ann.locator('svg[data-bars="injury"]').get_attribute("aria-label") or ""
    assert re.search(r"; over \d+: [\d.]+%$", injury), injury
    # nothing spills sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ann.scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / f"reading-fragments-{width}.png"))


@pytest.mark.parametrize("width", [375, 1280])
def test_gu16_who_is_hit_shows_the_skill_as_typed_and_what_hit_each(
        page: Page, server: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server + "/?example=shot-past-the-bodyguards")
    expect(results(page)).to_have_count(4)
    # skill 14, -4 for each of the two bodyguards in the way: 14 - 8 = 6 (GU-16)
    expect(page.locator("#outcome .head")).to_contain_text("skill 14 -8 = 6: attack roll 14")
    first, second = results(page).nth(0), results(page).nth(1)
    assert figures(first)["hit by"] == "wrong-target roll 7 (GU-16)"
    assert figures(second)["hit by"] == "wrong-target roll 9 (GU-16)"
    expect(first.locator(".card-no")).to_have_text("1")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#outcome").screenshot(path=str(SHOTS / f"reading-who-{width}.png"))
