"""Check the golden cases in this folder against the public API; exit 1 on any mismatch.

- ``penav.txt``: one attack, worn armour and cover, one target (PEN, AV, outcome);
- ``lines.txt``: PEN/AV lines of fire through several targets, cover and vehicles (PA-12);
- ``gurps.txt``: GURPS chains with a fixed roll (GU-1 to GU-8), and bursts with every roll given
  (GU-19, GU-20);
- ``blasts.txt``: GURPS explosions with a fixed blast roll (GU-21, GU-22);
- ``who.txt``: GURPS shots whose rolls decide who is hit (GU-15 to GU-18) and the half damage range
  (GU-23), every roll fixed: the damage roll, the attack roll, and each further roll the shot asks
  for (a card's, a vehicle's occupant roll and which occupant it hits), in the order asked.

Every expected value was worked out by hand from the texts and the rulings (the comment above each
case shows how). Run by CI (`python tests/golden/check.py`) and by the test suite.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
Case = tuple[int, str, dict[str, Any], list[str]]


def _lines(path: Path) -> list[tuple[int, str]]:
    out = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((n, line))
    return out


def cases(path: Path) -> list[tuple[int, str, dict[str, object], tuple[int, int, str]]]:
    """``penav.txt``: weapon | range | armour (;) | cover (;) | from => PEN AV outcome."""
    out = []
    for n, line in _lines(path):
        left, right = line.split("=>")
        weapon, rng, armour, cover, direction = (p.strip() for p in left.split("|"))
        pen, av, outcome = right.split()
        attack: dict[str, object] = {"weapon": weapon, "from": direction}
        if rng == "contact":
            attack["contact"] = True
        else:
            attack["range"] = rng
        line_of_fire: list[dict[str, object]] = [
            {"cover": c.strip()} for c in cover.split(";") if c.strip()
        ]
        line_of_fire.append(
            {"target": "T", "armour": [a.strip() for a in armour.split(";") if a.strip()]}
        )
        data: dict[str, object] = {"attack": attack, "line": line_of_fire}
        out.append((n, line, data, (int(pen), int(av), outcome)))
    return out


def _penav_entry(text: str) -> dict[str, Any]:
    kind, _, rest = text.partition(" ")
    if kind == "cover":
        return {"cover": rest}
    name, _, rest = rest.partition(" ")
    entry: dict[str, Any] = {"target": name}
    if rest.startswith("wearing "):
        entry["armour"] = [a.strip() for a in rest.removeprefix("wearing ").split(" & ")]
    elif rest.startswith("vehicle "):
        entry["vehicle"] = rest.removeprefix("vehicle ")
    return entry


def line_cases(path: Path) -> list[Case]:
    """``lines.txt``: weapon | range | from | entries => PEN n ; NAME AV outcome ; ..."""
    out = []
    for n, line in _lines(path):
        left, right = line.split("=>")
        weapon, rng, direction, entries = (p.strip() for p in left.split("|"))
        attack: dict[str, Any] = {"weapon": weapon, "from": direction}
        if rng == "contact":
            attack["contact"] = True
        else:
            attack["range"] = rng
        data = {"attack": attack, "line": [_penav_entry(e.strip()) for e in entries.split(" ; ")]}
        out.append((n, line, data, [r.strip() for r in right.split(" ; ")]))
    return out


def _gurps_entry(text: str) -> dict[str, Any]:
    kind, name, *pairs = text.split()
    spec: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:  # a flag: "slab", "immediately_behind"
            spec[pair] = True
            continue
        key, value = pair.split("=")
        spec[key] = int(value) if value.isdigit() else value
    if kind == "cover":
        return {"cover": {"name": name, **spec}}
    return {"target": name, **spec}


def _gurps_attack(damage: str, roll: str) -> dict[str, Any]:
    """A fixed roll (``20``), or a burst's keys (``skill=10 shots=9 rcl=1 attack_roll=11
    rolls=7,7``: GU-19, GU-20), every roll given."""
    if roll.isdigit():
        return {"damage": damage, "roll": int(roll)}
    attack: dict[str, Any] = {"damage": damage}
    for pair in roll.split():
        key, value = pair.split("=")
        attack[key] = ([int(r) for r in value.split(",")] if key == "rolls"
                       else int(value) if value.isdigit() else value)
    return attack


def gurps_cases(path: Path) -> list[Case]:
    """``gurps.txt``: damage | roll or burst | entries => one result per entry."""
    out = []
    for n, line in _lines(path):
        left, right = line.split("=>")
        damage, roll, entries = (p.strip() for p in left.split("|"))
        data = {"rules": "gurps", "attack": _gurps_attack(damage, roll),
                "line": [_gurps_entry(e.strip()) for e in entries.split(" ; ")]}
        out.append((n, line, data, [r.strip() for r in right.split(" ; ")]))
    return out


def _shown(value: object) -> str:
    return "-" if value is None else str(value)


def _penav_got(d: dict[str, Any]) -> list[str]:
    return [f"PEN {d['attack']['pen']}",
            *(f"{t['name']} {_shown(t['av'])} {t['outcome']}" for t in d["targets"])]


def _gurps_got(d: dict[str, Any]) -> list[str]:
    rows: list[tuple[int, str]] = []
    for t in d["targets"]:
        if not t["reached"]:
            rows.append((t["index"], f"{t['name']} not_reached"))
            continue
        shot = "through" if t["overpenetrates"] else "stops"
        figures = " ".join(_shown(t[k]) for k in ("effective_dr", "penetrating", "injury",
                                                   "cover_dr"))
        hits = ""
        if "hits" in t:  # a burst (GU-19): how many shots hit it, and each one's injury
            hits = f" hits={t['hits']} injuries={'+'.join(map(str, t['injuries'])) or '-'}"
        rows.append((t["index"], f"{t['name']} {figures} {shot}{hits}"))
    for c in d["covers"]:
        if not c["reached"]:
            rows.append((c["index"], f"{c['name']} not_reached"))
            continue
        shot = "through" if c["overpenetrates"] else "stops"
        rows.append((c["index"], f"{c['name']} {_shown(c['cover_dr'])} {shot}"))
    return [text for _, text in sorted(rows)]


def _check(path: Path, found: list[Case],
           got_of: Callable[[dict[str, Any]], list[str]]) -> list[str]:
    import armourpen

    failures = []
    for n, text, data, want in found:
        got = got_of(armourpen.resolve(armourpen.load_scenario(data)).to_dict())
        if got != want:
            failures.append(f"{path.name}:{n}: {text}\n  got {' ; '.join(got)}")
    return failures


def _blast_entry(text: str) -> dict[str, Any]:
    """``NAME key=value ...``: a target card of an explosion; ``cover=N`` a thin slab of DR N."""
    name, *pairs = text.split()
    entry: dict[str, Any] = {"target": name}
    for pair in pairs:
        key, value = pair.split("=")
        if key == "cover":
            entry["cover"] = [{"name": "cover", "dr": int(value), "slab": True}]
        else:
            entry[key] = int(value) if value.isdigit() else value
    return entry


def blast_cases(path: Path) -> list[Case]:
    """``blasts.txt``: damage | roll | targets => one result per target."""
    out = []
    for n, line in _lines(path):
        left, right = line.split("=>")
        damage, roll, entries = (p.strip() for p in left.split("|"))
        data = {"rules": "gurps", "attack": {"damage": damage, "roll": int(roll)},
                "line": [_blast_entry(e.strip()) for e in entries.split(" ; ")]}
        out.append((n, line, data, [r.strip() for r in right.split(" ; ")]))
    return out


def _blast_got(d: dict[str, Any]) -> list[str]:
    keys = ("blast_divisor", "blast_damage", "large_area_dr", "blast_injury", "fragment_skill",
            "injury")
    return [f"{t['name']} " + " ".join(_shown(t[k]) for k in keys) for t in d["targets"]]


def check_blasts(path: Path = HERE / "blasts.txt") -> list[str]:
    """The explosions, resolved with seed 1: the cases are chosen so that no figure checked
    depends on the fragments' rolls."""
    import armourpen

    failures = []
    for n, text, data, want in blast_cases(path):
        got = _blast_got(armourpen.resolve(armourpen.load_scenario(data), seed=1).to_dict())
        if got != want:
            failures.append(f"{path.name}:{n}: {text}\n  got {' ; '.join(got)}")
    return failures


# ---- who.txt: who is hit (GU-15 to GU-18) and the half damage range (GU-23) ------------------

Rolls = list[tuple[str, int]]
WhoCase = tuple[int, str, dict[str, Any], Rolls, list[str]]


def _who_value(key: str, text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    if text.isdigit():
        return int(text)
    if key in ("inches", "dr_per_inch"):
        return float(text)
    return text.replace("_", " ") if key == "material" else text


def _who_pairs(tokens: list[str]) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        spec[key] = _who_value(key, value) if sep else True  # a bare word is a flag: "slab"
    return spec


def _who_entry(text: str) -> dict[str, Any]:
    kind, name, *pairs = text.split()
    spec = _who_pairs(pairs)
    if kind == "cover":
        return {"cover": {"name": name, **spec}}
    return {"target": name, **spec}


def who_cases(path: Path) -> list[WhoCase]:
    """``who.txt``: damage | roll | attack | rolls | entries => results. ``attack`` and ``rolls``
    are ``-`` or space-separated ``key=value``; a roll ``NAME=N`` is the 3d the shot asks of the
    card or vehicle NAME, ``NAME:pick=K`` the K-th of that vehicle's occupants (from 1)."""
    out = []
    for n, line in _lines(path):
        left, right = line.split("=>")
        damage, roll, attack, rolls, entries = (p.strip() for p in left.split("|"))
        given = {} if attack == "-" else _who_pairs(attack.split())
        data = {"rules": "gurps", "attack": {"damage": damage, "roll": int(roll), **given},
                "line": [_who_entry(e.strip()) for e in entries.split(" ; ")]}
        asked = [] if rolls == "-" else [(k, int(v)) for k, _, v in
                                         (r.partition("=") for r in rolls.split())]
        out.append((n, line, data, asked, [r.strip() for r in right.split(" ; ")]))
    return out


def _who_got(d: dict[str, Any]) -> list[str]:
    """The basic damage, the aimed roll (effective skill, hit or miss) when the rolls decide who
    is hit, then each line entry: a target "NAME BY DR penetrating injury cover-DR through|stops"
    (BY: aimed, behind, wrong_target, occupant; "hit" without who is hit), "NAME not_hit" (reached,
    not hit) or "NAME not_reached"; a cover as in gurps.txt. An occupant no card lists comes right
    after its vehicle, when it is hit."""
    head = [f"basic {d['attack']['basic_damage']}"]
    if "attack_roll" in d["attack"]:
        head.append(f"skill {d['attack']['effective_skill']} "
                    + ("hit" if d["attack"]["attack_hit"] else "miss"))
    covers = {c["name"]: c["index"] for c in d["covers"]}
    rows: list[tuple[float, str]] = []
    for t in d["targets"]:
        at = covers[t["inside"]] + 0.5 if t.get("unnamed") else t["index"]
        if not t["reached"] or not t["hit"]:
            rows.append((at, f"{t['name']} {'not_hit' if t['reached'] else 'not_reached'}"))
            continue
        figures = " ".join(_shown(t[k]) for k in ("effective_dr", "penetrating", "injury",
                                                   "cover_dr"))
        shot = "through" if t["overpenetrates"] else "stops"
        rows.append((at, f"{t['name']} {t.get('hit_by') or 'hit'} {figures} {shot}"))
    for c in d["covers"]:
        if not c["reached"]:
            rows.append((c["index"], f"{c['name']} not_reached"))
        else:
            shot = "through" if c["overpenetrates"] else "stops"
            rows.append((c["index"], f"{c['name']} {_shown(c['cover_dr'])} {shot}"))
    return head + [text for _, text in sorted(rows)]


class _RollsDiffer(Exception):
    """The shot asked for a roll the working does not give, or not for one it gives."""


@contextmanager
def _fixed_rolls(rolls: Rolls) -> Iterator[None]:
    """``resolve`` with each further roll of who is hit (GU-16, GU-17) taken from ``rolls`` in
    order, through the roller it is built to be given (``wrong_target.seeded``), as the unit tests
    of GU-16 give theirs; each roll asked must be the next one the working lists, by name."""
    from armourpen.gurps import wrong_target

    left = list(rolls)

    def take(name: str) -> int:
        if not left or left[0][0] != name:
            raise _RollsDiffer(f"the shot asks for {name}; the working lists "
                               f"{left[0][0] if left else 'no more rolls'}")
        return left.pop(0)[1]

    def choose(cover: str, n: int) -> int:
        pick = take(f"{cover}:pick")
        if not 1 <= pick <= n:
            raise _RollsDiffer(f"{cover} holds {n} occupants; the working picks {pick}")
        return pick - 1

    def seeded(rng: random.Random | None,  # noqa: ARG001 (nothing is drawn: rolls are fixed)
               later: Callable[[], random.Random] | None = None,  # noqa: ARG001
               ) -> tuple[Callable[[str], int], Callable[[str, int], int]]:
        return take, choose

    saved = wrong_target.seeded
    wrong_target.seeded = seeded
    try:
        yield
        if left:
            raise _RollsDiffer(f"the shot never asks for {' '.join(k for k, _ in left)}")
    finally:
        wrong_target.seeded = saved


def check_who(path: Path = HERE / "who.txt") -> list[str]:
    """Every case of ``who.txt`` against ``resolve``, its rolls fixed."""
    import armourpen

    failures = []
    for n, text, data, rolls, want in who_cases(path):
        try:
            with _fixed_rolls(rolls):
                got = _who_got(armourpen.resolve(armourpen.load_scenario(data)).to_dict())
        except _RollsDiffer as exc:
            got = [f"rolls differ: {exc}"]
        if got != want:
            failures.append(f"{path.name}:{n}: {text}\n  got {' ; '.join(got)}")
    return failures


def check(path: Path = HERE / "penav.txt") -> list[str]:
    import armourpen

    failures = []
    for n, text, data, want in cases(path):
        got_d = armourpen.resolve(armourpen.load_scenario(data)).to_dict()
        got = (got_d["attack"]["pen"], got_d["targets"][0]["av"], got_d["targets"][0]["outcome"])
        if got != want:
            failures.append(f"{path.name}:{n}: {text}\n  got PEN {got[0]} AV {got[1]} {got[2]}")
    return failures


def check_all() -> tuple[int, list[str]]:
    """How many cases there are in all the files, and every failure."""
    lines, gurps = HERE / "lines.txt", HERE / "gurps.txt"
    failures = [*check(), *_check(lines, line_cases(lines), _penav_got),
                *_check(gurps, gurps_cases(gurps), _gurps_got), *check_blasts()]
    count = len(cases(HERE / "penav.txt")) + len(line_cases(lines)) + len(gurps_cases(gurps))
    count += len(blast_cases(HERE / "blasts.txt"))
    failures += check_who()
    count += len(who_cases(HERE / "who.txt"))
    return count, failures


def main() -> int:
    count, failures = check_all()
    for f in failures:
        print(f)
    print(f"golden: {count} cases, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
