"""The import layers hold (pyproject.toml's import-linter contracts; CI runs `lint-imports`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_layers_hold() -> None:
    # The rules and the catalog import no front end and no UI library; the catalog no rule set.
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "BROKEN" not in done.stdout and done.stdout.count("KEPT") >= 7  # every contract
