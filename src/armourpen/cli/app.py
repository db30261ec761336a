"""The ``armourpen`` command: a Typer app that each command module registers itself on.

Exit codes: 0 resolved (also when the reader of the output went away: a broken pipe ends quietly),
2 bad input (AP-2: one line on stderr), 3 the output could not be written (standard output closed
or full), 1 internal error. A message that cannot be written (standard error full or closed) is
lost, and the exit code stays what it would have been.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import typer

from armourpen.errors import InputError, printable

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2
EXIT_OUTPUT = 3

app = typer.Typer(
    name="armourpen",
    help="Resolve what happens when a shot meets armour, cover, vehicles and people.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Resolve what happens when a shot meets armour, cover, vehicles and people."""
    # A callback keeps `armourpen` a group of subcommands even while only one is registered.


def say(message: str, kind: str = "error") -> None:
    """One line on stderr, every character a user could have typed escaped; a stderr that cannot
    be written (closed, or a full disk) loses the line and nothing else happens."""
    line = f"armourpen: {kind}: {printable(message)}\n"
    try:
        sys.stderr.write(line)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # AttributeError: stderr is None when closed
        _discard(2)


def _discard(fd: int) -> None:
    """Point ``fd`` at the null device, so that the interpreter's last flush cannot fail."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def fail(message: str) -> typer.Exit:
    """Print one line on stderr and give the bad-input exit (AP-2)."""
    say(message)
    return typer.Exit(EXIT_INPUT)


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn an InputError raised by a command into the AP-2 one-liner and exit 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            raise fail(str(exc)) from None

    return wrapper


def _register_commands(argv: list[str]) -> None:
    # Import only the module of the command asked for; help and unknown commands get them all.
    import importlib

    from armourpen.cli import commands

    wanted = next((a for a in argv if not a.startswith("-")), None)
    names = [wanted] if wanted in commands.COMMAND_MODULES else list(commands.COMMAND_MODULES)
    for name in names:
        importlib.import_module(commands.COMMAND_MODULES[name]).register(app)
    for register in commands.REGISTRARS:
        register(app)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    args = sys.argv[1:] if argv is None else argv
    stdout_closed = sys.stdout is None
    code = _run(args)
    code = _finish_output(code, stdout_closed)
    sys.exit(code)


def _run(args: list[str]) -> int:
    """The command's exit code; every way it can end becomes a code and at most one line."""
    try:
        _register_commands(args)
        rc = app(args=args, prog_name="armourpen", standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except InputError as exc:
        say(str(exc))
        return EXIT_INPUT
    except SystemExit as exc:
        # the framework ends a broken pipe with its own exit; the OSError is the context
        if isinstance(exc.__context__, OSError):
            return _output_failed(exc.__context__)
        return exc.code if isinstance(exc.code, int) else EXIT_INTERNAL
    except OSError as exc:  # files are read through armourpen.reading: this is the output
        return _output_failed(exc)
    except Exception as exc:
        # Usage errors of the (vendored) click arrive here in non-standalone mode; duck-typed so
        # that it does not matter which click module Typer uses.
        if type(exc).__name__ == "Abort":
            return EXIT_INTERNAL
        format_message = getattr(exc, "format_message", None)
        if callable(format_message) and isinstance(getattr(exc, "exit_code", None), int):
            message = format_message()
            if message:  # `armourpen` alone prints its help and has nothing more to say
                say(message)
            return EXIT_INPUT
        say(f"{type(exc).__name__}: {exc}", "internal error")
        return EXIT_INTERNAL
    # Without standalone mode, click returns the code of a typer.Exit instead of raising it.
    return rc if isinstance(rc, int) else EXIT_OK


def _output_failed(exc: OSError) -> int:
    """A broken pipe ends quietly with 0 (the reader has what it wanted); other write errors
    (a full disk, a closed descriptor) are reported and end with 3."""
    import errno

    _discard(1)
    if isinstance(exc, BrokenPipeError) or exc.errno == errno.EPIPE:
        return EXIT_OK
    say(f"cannot write the output: {exc.strerror or exc}")
    return EXIT_OUTPUT


def _finish_output(code: int, stdout_closed: bool) -> int:
    """Flush the output now, so that a failure is ours to report, not the interpreter's."""
    if stdout_closed:
        if code == EXIT_OK:
            say("cannot write the output: standard output is closed")
            return EXIT_OUTPUT
        return code
    try:
        sys.stdout.flush()
    except OSError as exc:
        failed = _output_failed(exc)
        return code if code != EXIT_OK else failed
    except (ValueError, AttributeError):  # closed or replaced during the run
        pass
    return code
