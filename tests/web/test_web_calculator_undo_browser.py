"""Issue 34 items 11 to 14 on the calculator, in a real browser at 1280 px and 375 px: an
explosion hides what it refuses; a stale outcome's bar on a phone; Back, undo remove, copy link,
copy as text and download JSON; errors in the form's words.

The browser, the server and the page come from ``test_web_browser`` (skipped without Chromium).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from web.test_web_browser import cards, clear_line, context, page, results, server

from armourpen.scenario import example_path, read_scenario_file

__all__ = ["context", "page", "server"]  # the fixtures, used by name

SHOTS = Path(os.environ.get("ARMOURPEN_SHOTS", "/tmp"))


def shared(page: Page) -> dict[str, Any]:
    """The scenario the page's address holds (``?s=``)."""
    data: dict[str, Any] = json.loads(parse_qs(urlsplit(page.url).query)["s"][0])
    return data


def blast(page: Page, server: str) -> None:
    """A grenade (3d cr ex) at one target 2 yd away, typed in."""
    page.goto(server + "/?rules=gurps")
    clear_line(page)
    page.get_by_label("Damage").fill("3d cr ex")
    page.get_by_label("Dice total (with adds)").fill("10")
    page.get_by_role("button", name="+ Target").click()
    card = cards(page).first
    card.get_by_label("Distance").fill("2")


@pytest.mark.parametrize("width", [1280, 375])
def test_gu21_explosion_hides_what_it_refuses(context: BrowserContext, server: str,
                                              width: int) -> None:
    pg = context.new_page()
    pg.set_viewport_size({"width": width, "height": 900})
    blast(pg, server)
    card = cards(pg).first
    for label in ("Skill (GU-16)", "Aimed at", "Attack roll, 3d (GU-15)", "1/2D (yd, GU-23)"):
        expect(pg.locator(".attack[data-for=gurps]").get_by_label(label, exact=True)).to_be_hidden()
    for label in ("Range (yd)", "Hit chance"):
        expect(card.get_by_label(label)).to_be_hidden()
    expect(card.locator("details.who")).to_be_hidden()
    expect(pg.get_by_role("button", name="+ Cover", exact=True)).to_be_disabled()
    expect(pg.locator("#blast-cover-note")).to_be_visible()
    # a cover between the blast and the target: a thin slab unless unticked, so no HP is needed
    card.get_by_role("button", name="+ Cover in front").click()
    shield = card.locator(".blast-cover").first
    expect(shield.get_by_label(re.compile("^Thin slab"))).to_be_checked()
    shield.get_by_label("DR", exact=True).fill("4")
    # 3d cr ex, 10 rolled, at 2 yd: 10 // (3 x 2) = 1 (GU-21), less DR 4: nothing through
    expect(results(pg).first).to_be_visible()
    expect(pg.locator("#outcome .outcome-error")).to_have_count(0)
    pg.wait_for_url(re.compile("%22dr%22%3A4"))
    s = shared(pg)
    assert s["line"][0]["cover"] == [{"name": "cover", "dr": 4, "slab": True}]
    assert "skill" not in s["attack"] and "range" not in s["line"][0]
    pg.screenshot(path=str(SHOTS / f"calc34-blast-{width}.png"), full_page=False)
    # damage no longer marked ex: the fields come back
    pg.get_by_label("Damage").fill("3d cr")
    expect(pg.locator(".attack[data-for=gurps]").get_by_label("Skill (GU-16)")).to_be_visible()
    expect(card.get_by_label("Range (yd)")).to_be_visible()
    pg.close()


def test_stale_bar_on_a_phone_says_what_is_missing_in_one_line(context: BrowserContext,
                                                                server: str) -> None:
    phone = context.new_page()
    phone.set_viewport_size({"width": 375, "height": 740})
    phone.goto(server + "/?example=agent-gray")
    expect(results(phone).first).to_be_visible()
    damage = phone.get_by_label("Damage")
    damage.fill("")
    expect(phone.locator("#outcome")).to_have_class(re.compile("stale"))
    peek = phone.locator("#peek")
    # what is missing (the dice typed for an example are cleared with its damage), not old figures
    expect(peek).to_have_text(re.compile("^Not updated: Dice total \\(with adds\\): "))
    # one line: no taller than one line of its text (and its padding and border)
    box = peek.bounding_box()
    line = phone.evaluate("parseFloat(getComputedStyle(document.getElementById('peek')).lineHeight)"
                          " || 24")
    assert box is not None and box["height"] <= line + 2 * 12 + 4 + 1
    # the field being typed is never under the bar: a field near the bottom of the screen
    last = cards(phone).last.locator("input").first
    last.scroll_into_view_if_needed()
    phone.evaluate("""() => { const el = document.querySelector('#cards > li:last-child input');
        const r = el.getBoundingClientRect();
        window.scrollBy(0, r.bottom - (window.innerHeight - 20)); }""")
    last.focus()
    phone.wait_for_timeout(100)
    field = last.bounding_box()
    bar = peek.bounding_box() if peek.is_visible() else None
    assert field is not None
    assert bar is None or bar["y"] >= field["y"] + field["height"] or bar["y"] + bar["height"] <= field["y"]
    phone.screenshot(path=str(SHOTS / "calc34-stale-375.png"))
    phone.close()


def test_back_returns_to_the_last_settled_state_and_a_removal_is_undone(
    page: Page, server: str
) -> None:
    page.goto(server + "/?example=agent-gray")
    expect(results(page).first).to_be_visible()
    first = shared(page) if "s=" in page.url else None
    n = cards(page).count()
    name = cards(page).first.locator('[data-key="target"], [data-key="name"]').first.input_value()
    cards(page).first.locator(".tools").get_by_role("button", name=re.compile("^Remove ")).click()
    expect(cards(page)).to_have_count(n - 1)
    toast = page.locator("#toast")
    expect(toast).to_contain_text("Removed")
    page.screenshot(path=str(SHOTS / "calc34-undo-1280.png"))
    toast.get_by_role("button", name="Undo remove").click()
    expect(cards(page)).to_have_count(n)
    expect(cards(page).first.locator('[data-key="target"], [data-key="name"]').first).to_have_value(name)
    # a settled change (a card removed) is an entry of the history: Back restores the line
    cards(page).first.locator(".tools").get_by_role("button", name=re.compile("^Remove ")).click()
    expect(cards(page)).to_have_count(n - 1)
    page.wait_for_function("() => !document.body.classList.contains('updating')")
    page.wait_for_timeout(300)
    page.go_back()
    expect(cards(page)).to_have_count(n)
    if first is not None:
        assert shared(page) == first


def test_copy_as_text_is_the_clis_plain_output_and_json_downloads(
    context: BrowserContext, server: str, tmp_path: Path
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    pg = context.new_page()
    pg.goto(server + "/?example=grenade-courtyard")
    expect(results(pg).first).to_be_visible()
    with pg.expect_request("**/api/resolve/text") as sent:
        pg.get_by_role("button", name="Copy as text").click()
    expect(pg.locator("#share-status")).to_have_text("Outcome copied as text.")
    copied = pg.evaluate("navigator.clipboard.readText()")
    # the scenario on the page (the form's seed for the fragments), through the CLI
    data = json.loads(sent.value.post_data or "{}")
    assert data["attack"]["damage"] == read_scenario_file(
        example_path("grenade-courtyard", "example"))["attack"]["damage"]
    file = tmp_path / "s.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "armourpen", "resolve", str(file)],
                         capture_output=True, text=True, check=True).stdout
    assert copied == cli
    pg.get_by_role("button", name="Copy link").click()
    expect(pg.locator("#share-status")).to_have_text("Link copied.")
    assert pg.evaluate("navigator.clipboard.readText()") == pg.url
    with pg.expect_download() as got:
        pg.get_by_role("button", name="Download JSON").click()
    body = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    cli_json = json.loads(subprocess.run(
        [sys.executable, "-m", "armourpen", "resolve", str(file), "--json"],
        capture_output=True, text=True, check=True).stdout)
    assert body == cli_json
    pg.screenshot(path=str(SHOTS / "calc34-share-1280.png"))
    pg.close()


def test_ap2_a_blast_covers_hp_is_named_in_the_forms_words(page: Page, server: str) -> None:
    blast(page, server)
    card = cards(page).first
    card.get_by_role("button", name="+ Cover in front").click()
    shield = card.locator(".blast-cover").first
    shield.get_by_label("DR", exact=True).fill("4")
    shield.get_by_label(re.compile("^Thin slab")).uncheck()
    error = card.locator(".card-error")
    expect(error).to_contain_text("Cover 1: HP")
    expect(error).to_contain_text('tick "Thin slab"')
    expect(error).not_to_contain_text("cover[0]")
