"""The ``armourpen`` command: a Typer app that each command module registers itself on.

Exit codes: 0 resolved, 2 bad input (AP-2: one line on stderr), 1 internal error.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import typer

from armourpen.errors import InputError

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


def fail(message: str) -> typer.Exit:
    """Print one line on stderr and give the bad-input exit (AP-2)."""
    typer.echo(f"armourpen: error: {message}", err=True)
    return typer.Exit(2)


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
    _register_commands(args)
    try:
        rc = app(args=args, prog_name="armourpen", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except InputError as exc:
        typer.echo(f"armourpen: error: {exc}", err=True)
        sys.exit(2)
    except Exception as exc:
        # Usage errors of the (vendored) click arrive here in non-standalone mode; duck-typed so
        # that it does not matter which click module Typer uses.
        if type(exc).__name__ == "Abort":
            sys.exit(1)
        format_message = getattr(exc, "format_message", None)
        if callable(format_message) and isinstance(getattr(exc, "exit_code", None), int):
            message = format_message()
            if message:  # `armourpen` alone prints its help and has nothing more to say
                typer.echo(f"armourpen: error: {message}", err=True)
            sys.exit(2)
        typer.echo(f"armourpen: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(1)
    # Without standalone mode, click returns the code of a typer.Exit instead of raising it.
    sys.exit(rc if isinstance(rc, int) else 0)
