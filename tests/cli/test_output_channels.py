"""The output channels, in a real process: a broken pipe ends quietly with 0 for every command; a
closed or full stdout ends with 3 and one line; a stderr that cannot be written loses the line but
not the exit code; a tiny COLUMNS still prints the whole result; names print as typed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from armourpen.cli.commands import COMMAND_MODULES

GRAY = "example:agent-gray"
# One ordinary invocation of every command (each prints something on stdout).
EVERY_COMMAND: dict[str, list[str]] = {
    "resolve": ["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--armour",
                "NIJ Type III"],
    "roll": ["roll", "7d(2) pi-", "--seed", "7"],
    "catalog": ["catalog", "list"],
    "thickness": ["thickness", "120mm"],
    "estimate": ["estimate", "--calibre", "6.5mm", "--mass", "9g", "--velocity", "820"],
    "odds": ["odds", GRAY],
    "table": ["table", "--armour", "NIJ Type III"],
    "examples": ["examples"],
    "schema": ["schema"],
    "chart": ["chart", "slope", "--thickness", "60mm", "--json"],
    "screen": ["screen", "--help"],
    "gcs": ["gcs", "--help"],
    "serve": ["serve", "--help"],
}
UNWRITABLE = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")


def run(args: list[str], *, env: dict[str, str] | None = None, **kwargs: object
        ) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, **(env or {})}
    done: subprocess.CompletedProcess[str] = subprocess.run(  # type: ignore[call-overload]
        [sys.executable, "-m", "armourpen", *args], env=full_env, text=True, timeout=120,
        check=False, **kwargs)
    return done


def test_every_command_has_an_invocation_here() -> None:
    assert set(EVERY_COMMAND) == set(COMMAND_MODULES)


@pytest.mark.parametrize("command", sorted(EVERY_COMMAND))
def test_a_broken_pipe_ends_quietly_with_0(command: str) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte
    try:
        done = run(EVERY_COMMAND[command], stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (0, "")


def test_a_closed_stdout_ends_with_3_and_one_line() -> None:
    done = run(["catalog", "list"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
               preexec_fn=lambda: os.close(1))
    assert done.returncode == 3
    assert done.stderr == "armourpen: error: cannot write the output: standard output is closed\n"


def test_bad_input_with_a_closed_stdout_is_still_bad_input() -> None:
    done = run(["resolve", "no-such-file.toml"], stderr=subprocess.PIPE,
               preexec_fn=lambda: os.close(1))
    assert done.returncode == 2 and done.stderr.count("\n") == 1


@UNWRITABLE
@pytest.mark.parametrize("args", [["catalog", "list"], ["catalog", "list", "--json"], ["--help"]])
def test_a_full_stdout_ends_with_3_and_one_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = run(args, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 3
    assert done.stderr.startswith("armourpen: error: cannot write the output: ")
    assert done.stderr.count("\n") == 1


@UNWRITABLE
def test_a_full_stderr_keeps_the_exit_code() -> None:
    with open("/dev/full", "w") as full:
        bad = run(["resolve", "no-such-file.toml"], stdout=subprocess.PIPE, stderr=full)
        usage = run(["resolve", "--no-such-flag"], stdout=subprocess.PIPE, stderr=full)
        good = run(["thickness", "120mm"], stdout=subprocess.PIPE, stderr=full)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert usage.returncode == 2
    assert good.returncode == 0 and "AV 60 (SAV 12)" in good.stdout


def test_a_closed_stderr_keeps_the_exit_code() -> None:
    done = run(["resolve", "no-such-file.toml"], stdout=subprocess.PIPE,
               preexec_fn=lambda: os.close(2))
    assert done.returncode == 2


@pytest.mark.parametrize("columns", ["0", "1", "5"])
@pytest.mark.parametrize("args", [EVERY_COMMAND["resolve"], ["odds", GRAY], ["catalog", "list",
                                                                             "ammo"]])
def test_a_tiny_columns_still_prints_the_whole_result(columns: str, args: list[str]) -> None:
    normal = run(args, env={"COLUMNS": "80"}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    tiny = run(args, env={"COLUMNS": columns}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert tiny.returncode == normal.returncode == 0
    assert tiny.stdout == normal.stdout
    assert "…" not in tiny.stdout


def on_a_terminal(args: list[str], columns: str) -> str:
    """What ``armourpen ARGS`` shows on a (pseudo-)terminal, colours taken out."""
    import pty
    import re

    leader, follower = pty.openpty()
    try:
        done = run(args, env={"COLUMNS": columns, "TERM": "xterm", "NO_COLOR": ""},
                   stdout=follower, stderr=subprocess.PIPE)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal is drained and closed
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    assert done.returncode == 0, done.stderr
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8"))


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("columns", ["0", "1"])
@pytest.mark.parametrize("args", [EVERY_COMMAND["resolve"], ["catalog", "list", "ammo"]])
def test_a_tiny_columns_on_a_terminal_still_prints_the_whole_result(
    columns: str, args: list[str]
) -> None:
    shown = on_a_terminal(args, columns)
    assert shown == on_a_terminal(args, "80")
    assert "…" not in shown and ("NIJ Type III" in shown or "ball" in shown)


def test_names_print_as_typed_never_as_markup_or_emoji() -> None:
    name = "[/bold] :skull: [red]x"
    done = run(["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--target", name],
               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert name in done.stdout and "\N{SKULL}" not in done.stdout


def test_control_characters_never_reach_the_terminal() -> None:
    name = "a\x1b[2Jb\x07c\x9b31m"
    done = run(["resolve", "--weapon", "7.62x51mm NATO", "--range", "150m", "--target", name],
               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("armourpen: error: --target: ")
    assert not any(c in done.stderr for c in "\x1b\x07\x9b")
    assert "\\x1b[2J" in done.stderr and done.stderr.count("\n") == 1


def test_serve_refuses_a_host_or_port_it_cannot_listen_on_as_bad_input() -> None:
    import socket

    pytest.importorskip("uvicorn")
    for host in ("nosuch.invalid", "\x1b[2J", ""):
        done = run(["serve", "--host", host, "--port", "0"], stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE)
        assert done.returncode == 2 and done.stderr.startswith("armourpen: error: --host: ")
        assert "\x1b" not in done.stderr and done.stdout == ""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run(["serve", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 2 and done.stderr.startswith(f"armourpen: error: --port: {port} ")


def test_serve_on_port_0_prints_the_port_the_os_chose() -> None:
    # before, the URL read `:0`, which no browser can open
    import re
    import time
    import urllib.request

    pytest.importorskip("uvicorn")
    proc = subprocess.Popen([sys.executable, "-m", "armourpen", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.match(r"armourpen: serving on http://127\.0\.0\.1:(\d+)/ ", line)
        assert found is not None, line
        port = int(found.group(1))
        assert port != 0
        for _ in range(200):  # until it listens (the line is printed just before)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=5) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                proc.poll()
                assert proc.returncode is None
                time.sleep(0.1)
        else:
            pytest.fail(f"nothing listens on port {port}")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
