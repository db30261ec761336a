"""Issue 29 item 6: what a GCS file chosen on the calculator replaces, and what it keeps.

A key written beside ``gcs`` overrides the file (``docs/gcs.md``). On the page, a value the user
did not type (the example's, a default's, a shared address's card without a file) is no such
override: a file chosen for the card replaces it (the name the file's, the figures left to the
file), and a weapon chosen from the shooter's sheet clears the attack's figures the sheet gives
(and the page's roll, which was rolled on the page's damage). The page marks those values
``data-preset``; what the user types there loses the mark and is kept. Beside a file the
address already names (a shared address keeps a file's name, not the file), the values were
written over that file, and are kept when it is chosen again.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient

from armourpen.web.form import FILE_TRAITS, GURPS_DEFAULT, SHEET_KEYS, card_of, form_state


def address(data: dict[str, Any]) -> str:
    return "/?s=" + quote(json.dumps(data))


def preset_ids(html: str) -> set[str]:
    """The ids of the page's controls marked as the page's own values (data-preset)."""
    return set(re.findall(r'<(?:input|select) id="([^"]+)"[^>]*?data-preset="true"', html))


def test_gu7_agent_grays_example_figures_are_the_pages_not_the_users() -> None:
    # the Basic Set's example: Agent Gray HP 12, DR 8; the VIP HP 10; 7d(2) pi- rolling 20
    form = form_state(GURPS_DEFAULT)
    gray, vip = form.cards
    assert gray.preset == {"target", "hp", "dr"}
    assert vip.preset == {"target", "hp"}
    assert form.attack_preset == {"damage", "roll"}


def test_gcs_figures_written_beside_a_file_the_card_names_are_kept() -> None:
    # an address keeps the file's name: what it writes beside the file overrides the file
    card = card_of({"target": "Acrobat", "gcs": "Acrobat.gcs", "hp": 14, "dr": 3}, "gurps")
    assert card.preset == frozenset()
    assert card.preset_extra == "[]"
    attack = form_state({"rules": "gurps", "attack": {"gcs": "Agent.gcs", "weapon": "Wthompson",
                                                      "skill": 9, "roll": 10}, "line": []})
    assert attack.attack_preset == frozenset()


def test_gcs_every_key_a_file_gives_is_replaced_and_no_other() -> None:
    entry = {"target": "Brute", "hp": 15, "dr": 2, "dr_back": 1, "st": 14, "hardened": 1,
             "injury_tolerance": "unliving", "perfect_balance": True, "high_pain_threshold": True,
             "low_pain_threshold": False, "vulnerability": 2, "flexible": True, "range": 10,
             "hit_chance": 0.5, "location": "torso", "skill": 12, "distance": "3 yd"}
    card = card_of(entry, "gurps")
    # the name, HP, ST, DR, Hardened, the injury tolerance and the file's traits (docs/gcs.md);
    # a trait the file does not give (Flexible), Vulnerability (a file's is a warning) and where
    # the target stands are the scenario's alone
    assert card.preset == {"target", "hp", "dr", "dr_back", "st", "hardened", "injury_tolerance",
                           "perfect_balance", "high_pain_threshold", "low_pain_threshold"}
    assert set(SHEET_KEYS) == {"target", "hp", "dr", "dr_back", "st", "hardened",
                               "injury_tolerance", *FILE_TRAITS}


def test_gu3_a_dr_table_and_what_the_form_keeps_aside_are_replaced_too() -> None:
    # DR by location (GU-3) is the file's too; two injury tolerances are kept beside the form
    # (its list shows one), and the file gives them: named for the page to drop
    card = card_of({"target": "Vest", "dr": {"torso": 12, "vitals": 12}, "hp": 10,
                    "injury_tolerance": ["unliving", "homogenous"], "notes": "kept"}, "gurps")
    assert card.preset == {"target", "hp", "dr.torso", "dr.vitals"}
    assert json.loads(card.preset_extra) == ["injury_tolerance"]


def test_gu15_a_sheets_weapon_replaces_the_attack_figures_it_gives() -> None:
    form = form_state({"rules": "gurps", "attack": {
        "damage": "7d(2) pi-", "roll": 20, "skill": 9, "half_damage_range": 50, "ranged": False,
        "shots": 3, "rcl": 2, "location": "skull", "attack_roll": 10, "aim": "Agent Gray"},
        "line": []})
    # damage, skill (GU-15), shots and Rcl (GU-19), 1/2D (GU-23), melee or ranged (GU-5), and
    # the roll rolled on the page's damage; the location, the attack roll and the aim are not
    # the sheet's
    assert form.attack_preset == {"damage", "roll", "skill", "half_damage_range", "ranged",
                                  "shots", "rcl"}


def test_gu7_the_page_marks_the_examples_figures_and_not_a_files(client: TestClient) -> None:
    page = client.get("/?example=agent-gray").text
    assert preset_ids(page) == {"c0-target", "c0-hp", "c0-dr", "c1-target", "c1-hp", "c1-dr",
                                "g-damage", "g-roll"}
    data = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
            "line": [{"target": "Acrobat", "gcs": "Acrobat.gcs", "hp": 14}]}
    # beside the file it names: only the attack's, which names no sheet
    assert preset_ids(client.get(address(data)).text) == {"g-damage", "g-roll"}
    traits = {"rules": "gurps", "attack": {"damage": "2d pi", "roll": 7},
              "line": [{"target": "Kabal", "high_pain_threshold": True,
                        "injury_tolerance": ["unliving", "homogenous"]}]}
    page = client.get(address(traits)).text
    # a trait's box and the choice of three waiting for a file are both marked
    assert len(re.findall(r'id="c0-high_pain_threshold"[^>]*data-preset="true"', page)) == 2
    assert 'data-preset-extra="[&#34;injury_tolerance&#34;]"' in page
