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


def _register_commands() -> None:
    # Each module adds its commands; imported here so that `app` is complete before main() runs.
    from armourpen.cli import commands

    for register in commands.REGISTRARS:
        register(app)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    _register_commands()
    try:
        app(args=argv, prog_name="armourpen", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except InputError as exc:
        typer.echo(f"armourpen: error: {exc}", err=True)
        sys.exit(2)
    except Exception as exc:  # click's usage errors arrive here in non-standalone mode
        import click

        if isinstance(exc, click.exceptions.Abort):
            sys.exit(1)
        if isinstance(exc, click.ClickException):
            typer.echo(f"armourpen: error: {exc.format_message()}", err=True)
            sys.exit(2)
        typer.echo(f"armourpen: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(1)
    sys.exit(0)
