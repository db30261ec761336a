"""The README's commands (issue 34, items 1, 2 and 6): it opens with a virtual environment and
the two commands a new user needs, `.ci/run` runs its test command word for word, the quick run
skips the tests marked slow, and every command of "What it covers" and of the GURPS quick flags
runs as pasted."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from cli.cli_helpers import cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _first_block() -> list[str]:
    block = README.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line and not line.startswith("#")]


def _section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_readme_opens_with_a_venv_then_the_main_job_and_the_tests() -> None:
    lines = _first_block()
    assert lines[0] == "python3 -m venv .venv && . .venv/bin/activate"
    assert lines[1].startswith("pip install . && armourpen resolve ")
    assert lines[2] == "pip install -e '.[test]' && python -m pytest"
    # the web install keeps the editable install of the line before editable
    assert lines[3] == "pip install -e '.[web]' && armourpen serve"


def test_ci_runs_the_readmes_test_command_word_for_word() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip("\n").splitlines()
    assert ci[-1] == _first_block()[2]


def test_the_quick_run_skips_the_marked_slow_tests() -> None:
    assert 'python -m pytest -m "not slow"' in README
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    markers = options["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":", 1)[0] for m in markers} == {"slow", "browser"}


def test_slow_reason_marks_browsers_schemathesis_benches_and_properties() -> None:
    from markers import slow_reason

    assert slow_reason(Path("tests/web/test_web_bursts_browser.py"), False) == "browser"
    assert slow_reason(Path("tests/web/test_web_schemathesis.py"), False) == "schemathesis"
    assert slow_reason(Path("tests/test_bench_smoke.py"), False) == "bench"
    assert slow_reason(Path("tests/test_reading.py"), True) == "property"
    assert slow_reason(Path("tests/cli/test_roll.py"), False) is None


def _covers_commands() -> list[str]:
    return re.findall(r"`(armourpen [^`]+)`", _section("What it covers"))


def _quick_flag_commands() -> list[str]:
    block = README.split("GURPS has quick flags too", 1)[1].split("```sh\n", 1)[1]
    return [line for line in block.split("```", 1)[0].splitlines() if line.strip()]


def test_what_it_covers_gives_an_example_of_each_new_rule() -> None:
    text = _section("What it covers")
    for name in ("who is hit", "bursts and pellets", "explosions and fragments", "1/2D",
                 "attacks from a sheet's weapons"):
        bullet = text.split(f"**{name}**", 1)[1].split("\n  - ", 1)[0]
        assert "`armourpen " in bullet, name


@pytest.mark.parametrize("command", _covers_commands() + _quick_flag_commands())
def test_readme_command_runs_as_pasted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str,
) -> None:
    monkeypatch.chdir(ROOT)  # the sheet named is the repository's own sample
    args = shlex.split(command, comments=True)
    assert args[0] == "armourpen"
    code, out, err = cli(capsys, *args[1:])
    assert code == 0, err
    assert out
