"""``--out`` (chart, screen): a file written over keeps its permissions, a symbolic link is refused
and left as it was, a device is never replaced, and nothing is left half-written."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from cli.cli_helpers import cli

from armourpen.cli.outfile import write_whole
from armourpen.errors import InputError

SLOPE = ("chart", "slope", "--av", "30", "--out")
SCREEN = ("screen", "-a", "7.62x51mm NATO", "--armour", "NIJ Type III", "--out")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


@pytest.mark.parametrize(("command", "name"), [(SLOPE, "slope.svg"), (SCREEN, "gm.pdf")])
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o444 | 0o200])
def test_out_over_an_existing_file_keeps_its_permissions(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...], name: str,
        mode: int) -> None:
    out = tmp_path / name
    out.write_bytes(b"old")
    out.chmod(mode)
    code, _, err = cli(capsys, *command, str(out))
    assert code == 0, err
    assert out.read_bytes() != b"old" and _mode(out) == mode
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # no temporary file left


@pytest.mark.parametrize("special", [stat.S_ISUID, stat.S_ISGID, stat.S_ISVTX,
                                     stat.S_ISUID | stat.S_ISGID | stat.S_ISVTX])
def test_out_over_a_set_uid_file_keeps_its_permission_bits_only(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, special: int) -> None:
    # before, 0o4755 stayed 0o4755: a set-uid bit on a file whose contents are now a chart
    out = tmp_path / "slope.svg"
    out.write_bytes(b"old")
    out.chmod(0o755 | special)
    if _mode(out) != 0o755 | special:
        pytest.skip("this file system does not keep the bit")
    code, _, err = cli(capsys, *SLOPE, str(out))
    assert code == 0, err
    assert out.read_bytes() != b"old" and _mode(out) == 0o755


def test_out_to_a_new_file_gets_the_usual_permissions(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        code, _, err = cli(capsys, *SLOPE, str(tmp_path / "new.svg"))
    finally:
        os.umask(mask)
    assert code == 0, err
    assert _mode(tmp_path / "new.svg") == 0o640  # 0666 less the umask


@pytest.mark.parametrize("dangling", [False, True])
def test_out_onto_a_symbolic_link_is_refused_and_both_are_left_as_they_were(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, dangling: bool) -> None:
    target = tmp_path / "private.svg"
    if not dangling:
        target.write_bytes(b"mine")
        target.chmod(0o600)
    link = tmp_path / "chart.svg"
    link.symlink_to(target)
    code, _, err = cli(capsys, *SLOPE, str(link))
    assert code == 2 and "--out" in err and "symbolic link" in err
    assert link.is_symlink() and os.readlink(link) == str(target)
    if not dangling:
        assert target.read_bytes() == b"mine" and _mode(target) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["chart.svg"] + ([] if dangling else ["private.svg"]))


def test_a_link_made_while_the_chart_was_drawn_is_refused_too(tmp_path: Path) -> None:
    target, out = tmp_path / "other.svg", tmp_path / "chart.svg"
    target.write_bytes(b"mine")
    out.symlink_to(target)  # after the check before the work, before the write
    with pytest.raises(InputError, match="symbolic link"):
        write_whole(out, b"<svg/>")
    assert out.is_symlink() and target.read_bytes() == b"mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart.svg", "other.svg"]


def test_out_onto_a_fifo_is_refused_not_replaced(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    code, _, err = cli(capsys, *SLOPE, str(fifo))
    assert code == 2 and "regular file" in err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
