"""The ``armourpen`` command: a Click group that imports only the module of the command it runs.

Exit codes: 0 resolved (also when the reader of the output went away: a broken pipe ends quietly),
2 bad input (AP-2: one line on stderr), 3 the output could not be written (standard output closed
or full), 1 internal error. A message that cannot be written (standard error full or closed) is
lost, and the exit code stays what it would have been. Click's own usage errors (an unknown option,
a value that is no number, a missing argument) become the same one line as every bad input,
naming the flag and what was typed.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Sequence
from typing import Any

import click

from armourpen.cli.commands import COMMAND_MODULES
from armourpen.cli.params import CONTEXT, Group
from armourpen.errors import MISSING, InputError, printable

ABOUT = "Resolve what happens when a shot meets armour, cover, vehicles and people."

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2
EXIT_OUTPUT = 3


class Commands(Group):
    """The top-level group: each subcommand's module is imported when that command is asked for
    (help lists them all), so a one-shot ``armourpen resolve`` pays for nothing else."""

    def list_commands(self, ctx: click.Context) -> list[str]:  # noqa: ARG002 (Click's signature)
        return list(COMMAND_MODULES)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:  # noqa: ARG002 (Click's signature)
        where = COMMAND_MODULES.get(cmd_name)
        if where is None:
            return None
        import importlib

        module, attribute = where.split(":")
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command


    # An OSError here is a write to the output (files are read through armourpen.reading): it is
    # carried past click's own handler (which would exit 1 on a broken pipe) to ``_run``.
    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except OSError as exc:
            raise OutputFailed(exc) from exc

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as exc:
            raise OutputFailed(exc) from exc


class OutputFailed(Exception):
    """The output could not be written (``error`` says why)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def _print_version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from armourpen.version import __version__

        click.echo(f"armourpen {__version__}")
        ctx.exit(0)


app = Commands(name="armourpen", help=ABOUT, context_settings=CONTEXT, field="COMMAND", params=[
    click.Option(["--version"], is_flag=True, expose_value=False, is_eager=True,
                 callback=_print_version, help="Print the version and exit.")])


def usage_error(exc: click.UsageError, argv: Sequence[str]) -> str:
    """Click's usage error as the AP-2 line: the flag or argument, the value typed, what is allowed."""
    from armourpen.cli.params import help_of

    ctx = exc.ctx
    if isinstance(exc, click.NoSuchOption):
        where = f"`{ctx.command_path}`" if ctx is not None else "this command"
        near = sorted(exc.possibilities or ())
        hint = f"; did you mean {', '.join(near)}?" if near else f" (see {where.strip('`')} --help)"
        return str(InputError("option", exc.option_name, f"{where} has no such option{hint}"))
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        param = exc.param
        name = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
        return str(InputError(name, MISSING, "required: " + (help_of(param) or "a value")))
    if isinstance(exc, click.BadOptionUsage):
        opt = exc.option_name
        typed = next((a.split("=", 1)[1] for a in argv if a.startswith(opt + "=")), None)
        if typed is not None:  # `--json=1`: a flag given a value
            return str(InputError(opt, typed, "a flag that takes no value"))
        option = _option(ctx, opt)
        wanted = help_of(option) if option is not None else None
        return str(InputError(opt, MISSING, "a value is required after it" + (f": {wanted}" if wanted
                                                                          else "")))
    return exc.format_message()


def _option(ctx: click.Context | None, opt: str) -> click.Parameter | None:
    if ctx is None:
        return None
    return next((p for p in ctx.command.params if opt in getattr(p, "opts", ())), None)


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


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point (``argv``: the arguments, when not the process's own)."""
    args = sys.argv[1:] if argv is None else argv
    stdout_closed = sys.stdout is None
    code = _run(args)
    code = _finish_output(code, stdout_closed)
    if argv is None:  # the process's own command: the process ends here
        import gc

        # Its objects are frozen, so that the interpreter's last garbage collections at exit
        # skip them: a tenth of a one-shot command's time (bench/startup.py). Exit handlers,
        # flushes and module teardown still run.
        gc.freeze()
    sys.exit(code)


def _run(args: list[str]) -> int:  # noqa: PLR0911 (one exit code per way a command ends)
    """The command's exit code; every way it can end becomes a code and at most one line."""
    try:
        rc = app.main(args=args, prog_name="armourpen", standalone_mode=False)
    except InputError as exc:  # several problems of one input: all on the line, "|" between
        say(str(exc))
        return EXIT_INPUT
    except click.UsageError as exc:
        say(usage_error(exc, args))
        return EXIT_INPUT
    except click.Abort:
        return EXIT_INTERNAL
    except click.ClickException as exc:  # pragma: no cover - every click error is a usage error
        say(exc.format_message())
        return EXIT_INPUT
    except OutputFailed as exc:
        return _output_failed(exc.error)
    except SystemExit as exc:
        # Rich ends a broken pipe with its own exit; the OSError is the context
        if _broken_pipe(exc.__context__):
            return _output_failed(exc.__context__)  # type: ignore[arg-type]
        return exc.code if isinstance(exc.code, int) else EXIT_INTERNAL
    except OSError as exc:  # files are read through armourpen.reading: this is the output
        return _output_failed(exc)
    except Exception as exc:
        say(f"{type(exc).__name__}: {exc}", "internal error")
        return EXIT_INTERNAL
    # Without standalone mode, click returns the code of an exit (--help: 0) instead of raising it.
    return rc if isinstance(rc, int) else EXIT_OK


def _broken_pipe(exc: BaseException | None) -> bool:
    return isinstance(exc, OSError) and (isinstance(exc, BrokenPipeError) or exc.errno == errno.EPIPE)


# What a failed write to the output says (a full disk or quota, a closed or read-only descriptor).
_WRITE_ERRORS = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "EBADF", "EROFS")
    if hasattr(errno, name)
)


def _output_failed(exc: OSError) -> int:
    """A broken pipe ends quietly with 0 (the reader has what it wanted); a failed write (a full
    disk, a closed descriptor) is reported and ends with 3. Any other OSError (a server that
    cannot listen, say) is no output failure: an internal error."""
    if _broken_pipe(exc):
        _discard(1)
        return EXIT_OK
    if exc.errno in _WRITE_ERRORS:
        _discard(1)
        say(f"cannot write the output: {exc.strerror or exc}")
        return EXIT_OUTPUT
    say(f"{type(exc).__name__}: {exc}", "internal error")
    return EXIT_INTERNAL


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
