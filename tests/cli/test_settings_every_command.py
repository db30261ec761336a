"""Every command reads the ``ARMOURPEN_MAX_*`` settings, even one that uses no cap (AP-2)."""

from __future__ import annotations

import pytest
from cli.cli_helpers import cli

# commands that use no cap: before, they never read the settings, so a misspelt or empty one
# went by without a word while every other command refused it
NO_CAP = [["roll", "3d cr", "--seed", "1"], ["thickness", "120mm"]]


@pytest.mark.parametrize("args", NO_CAP, ids=" ".join)
def test_ap2_an_unknown_setting_is_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
) -> None:
    monkeypatch.setenv("ARMOURPEN_MAX_BOGUS", "5")
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("armourpen: error: ARMOURPEN_MAX_BOGUS: ") and "unknown setting" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("args", NO_CAP, ids=" ".join)
def test_ap2_an_empty_setting_is_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
) -> None:
    monkeypatch.setenv("ARMOURPEN_MAX_FILE_BYTES", "")
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("armourpen: error: ARMOURPEN_MAX_FILE_BYTES: '' is not allowed")
    assert err.count("\n") == 1


@pytest.mark.parametrize("args", NO_CAP, ids=" ".join)
def test_help_is_shown_whatever_the_settings(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
) -> None:
    monkeypatch.setenv("ARMOURPEN_MAX_BOGUS", "5")
    code, out, _ = cli(capsys, args[0], "--help")
    assert code == 0 and "Usage:" in out


@pytest.mark.parametrize("args", NO_CAP, ids=" ".join)
def test_with_good_settings_the_command_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
) -> None:
    monkeypatch.setenv("ARMOURPEN_MAX_FILE_BYTES", "2_000_000")
    code, out, _ = cli(capsys, *args)
    assert code == 0 and out.strip()
