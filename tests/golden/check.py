"""Check the golden cases in this folder against the public API; exit 1 on any mismatch.

Run by CI (`python tests/golden/check.py`) and by the test suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent


def cases(path: Path) -> list[tuple[int, str, dict[str, object], tuple[int, int, str]]]:
    out = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
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


def check(path: Path = HERE / "penav.txt") -> list[str]:
    import armourpen

    failures = []
    for n, text, data, want in cases(path):
        got_d = armourpen.resolve(armourpen.load_scenario(data)).to_dict()
        got = (got_d["attack"]["pen"], got_d["targets"][0]["av"], got_d["targets"][0]["outcome"])
        if got != want:
            failures.append(f"{path.name}:{n}: {text}\n  got PEN {got[0]} AV {got[1]} {got[2]}")
    return failures


def main() -> int:
    failures = check()
    for f in failures:
        print(f)
    print(f"golden: {len(cases(HERE / 'penav.txt'))} cases, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
