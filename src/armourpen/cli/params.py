"""The Click pieces every command is built from: commands and groups whose unexpected arguments
and unknown subcommands are bad input, and value types whose errors are AP-2 lines naming the flag.

A value that is not what a flag takes raises :class:`~armourpen.errors.InputError` with the flag
and the text typed (``--seed: 'abc' is not allowed; allowed: a whole number``), so Click's usage
errors read like every other error of the CLI.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from armourpen.errors import InputError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from armourpen.limits import Limits

CONTEXT: dict[str, Any] = {"help_option_names": ["--help"], "show_default": True,
                           "max_content_width": 110}

F = TypeVar("F", bound=Callable[..., Any])

# the key of a command's arguments, as typed, in its context's meta
TYPED = "armourpen.typed_args"


def help_of(param: click.Parameter) -> str | None:
    """The help text of an option or an argument."""
    text = getattr(param, "help", None)
    return text if isinstance(text, str) else None


def shown_name(param: click.Parameter | None) -> str:
    """How the user typed the parameter: ``--seed`` for an option, ``DAMAGE`` for an argument."""
    if isinstance(param, click.Option):
        return param.opts[0]
    return param.human_readable_name if param is not None else "value"


class Command(click.Command):
    """A command that refuses extra arguments with an AP-2 line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["context_settings"] = {**CONTEXT, "allow_extra_args": True,
                                      **(kwargs.get("context_settings") or {})}
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            _refuse_repeats(self, args)
        ctx.meta[TYPED] = tuple(args)  # as typed, for messages that name a word's neighbour
        try:
            rest = super().parse_args(ctx, args)
        except click.UsageError as exc:
            exc.ctx = exc.ctx or ctx  # the parser raises some without it; the message needs it
            raise
        if ctx.args and not ctx.resilient_parsing:
            takes = [p.human_readable_name for p in self.params if isinstance(p, click.Argument)]
            raise InputError("argument", ctx.args[0],
                             f"`{ctx.command_path}` takes "
                             + (" and ".join(takes) + " only" if takes else "no arguments"))
        return rest

    def invoke(self, ctx: click.Context) -> Any:
        # every command reads the ARMOURPEN_MAX_* settings before it runs, even one that uses no
        # cap (`roll`, `thickness`): a misspelt or empty setting is refused the same everywhere
        if not ctx.resilient_parsing:
            limits()
        return super().invoke(ctx)


def _refuse_repeats(command: click.Command, args: list[str]) -> None:
    """An option that takes one value, given twice, is bad input (AP-2): the last one would win
    in silence (``--weapon Sword --weapon Punch``). Repeatable options (``--armour``) are not
    concerned; ``--flag/--no-flag`` is one option, whichever way it is spelt."""
    by_name: dict[str, click.Option] = {}
    for p in command.params:
        if isinstance(p, click.Option):
            for opt in (*p.opts, *p.secondary_opts):
                by_name[opt] = p
    seen: dict[str, str] = {}  # the option's name -> how it was given first
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if token == "--":
            return
        name, eq, value = token.partition("=") if token.startswith("--") else (token, "", "")
        option = by_name.get(name)
        if option is None:
            continue
        if not option.is_flag and not option.count and not eq and i < len(args):
            value = args[i]  # its value, whatever it looks like
            i += 1
        if option.multiple or option.count or option.name is None:
            continue
        given = f"{name} {value!r}" if not option.is_flag else name
        if option.name in seen:
            raise InputError(name, value if not option.is_flag else name,
                             f"it was given already ({seen[option.name]}): give it once")
        seen[option.name] = given


class Group(click.Group):
    """A group of subcommands: alone it prints its help (exit 2), and an unknown subcommand is bad
    input (AP-2) naming ``field`` and listing what is allowed."""

    command_class = Command

    def __init__(self, *args: Any, field: str = "COMMAND", **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", CONTEXT)
        super().__init__(*args, **kwargs)
        self.field = field

    def list_commands(self, ctx: click.Context) -> list[str]:  # noqa: ARG002 (Click's signature)
        return list(self.commands)  # in the order they were added, as help lists them

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), color=ctx.color)
            ctx.exit(2)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if (not ctx.resilient_parsing and not name.startswith("-")
                and self.get_command(ctx, name) is None):
            raise InputError(self.field, name, "allowed: " + ", ".join(self.list_commands(ctx)))
        return super().resolve_command(ctx, args)


def command(name: str | None = None, **attrs: Any) -> Callable[[F], Command]:
    """``@click.command`` with :class:`Command` (AP-2 for extra arguments)."""
    decorator: Callable[[F], Command] = click.command(name, cls=Command, **attrs)
    return decorator


def apply(*decorators: Callable[[F], F]) -> Callable[[F], F]:
    """Several option decorators as one, in the order listed (as the help shows them)."""

    def wrap(fn: F) -> F:
        for decorate in reversed(decorators):
            fn = decorate(fn)
        return fn

    return wrap


class Whole(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.3 on
    """A whole number, as typed (``12``, ``-3``); anything else names the flag (AP-2)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:  # noqa: ARG002 (Click's signature)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip()
        if text.lstrip("+-").isdigit() and text.isascii():
            try:
                return int(text)
            except ValueError:  # past Python's limit on digits converted
                pass
        raise InputError(shown_name(param), value, "allowed: a whole number")


class Number(click.ParamType):  # type: ignore[type-arg]
    """A finite number (``45``, ``-12.5``); ``nan``, ``inf`` and ``1e309`` name the flag (AP-2)."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:  # noqa: ARG002 (Click's signature)
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
        else:
            from armourpen.numeric import exact_number

            try:
                number = float(str(value))
            except ValueError:
                number = 0.0
            if math.isfinite(number):  # the grammar of numbers in files: float() takes '١٢', '1_0'
                exact = exact_number(str(value), shown_name(param))
                if exact.denominator == 1 and str(value).strip().lstrip("+-").isdigit():
                    return int(exact)  # shown as typed (95, not 95.0) should a rule refuse it
                number = float(exact)
        if not math.isfinite(number):
            raise InputError(shown_name(param), value, "allowed: a finite number")
        return number


class OutFile(click.Path):
    """A file to write (``--out``): a path, but never empty nor ending in a separator, which a
    :class:`~pathlib.Path` would silently turn into ``.`` or drop (``x.png/`` -> ``x.png``)."""

    def __init__(self) -> None:
        super().__init__(path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        text = os.fsdecode(value) if isinstance(value, str | bytes) else value
        if isinstance(text, str) and (not text or text.endswith(_SEPARATORS)):
            raise InputError(shown_name(param), text,
                             "a file name to write (not empty, not a folder ending in /)")
        return super().convert(value, param, ctx)


class InFile(click.Path):
    """A file to read: a path, never empty, which a :class:`~pathlib.Path` would turn into
    ``.`` (the message would then name a folder nobody typed); the rest is read and checked by
    the API, which names the file (AP-2)."""

    def __init__(self) -> None:
        super().__init__(path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str | bytes) and not value:
            raise InputError(shown_name(param), "", "a path to a file to read (it is required, "
                             "and was given empty)")
        return super().convert(value, param, ctx)


WHOLE = Whole()
NUMBER = Number()
PATH = InFile()
OUT_FILE = OutFile()
_SEPARATORS = tuple({os.sep, os.altsep or os.sep})


def completer(values: Callable[[], Iterable[str]]) -> Callable[..., list[CompletionItem]]:
    """A shell-completion callback offering ``values()`` that start with what was typed."""

    def complete(ctx: click.Context, param: click.Parameter,  # noqa: ARG001 (Click's signature)
                 incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        typed = incomplete.casefold()
        try:
            found = [v for v in values() if v.casefold().startswith(typed)]
        except Exception:  # completion never breaks the shell
            return []
        return [CompletionItem(v) for v in found]

    return complete


DIRECTIONS = ("front", "rear", "left", "right", "above", "below")
complete_direction = completer(lambda: DIRECTIONS)


def complete_catalog(kind: str) -> Callable[..., list[CompletionItem]]:
    """Complete the names of the built-in catalog's items of one kind."""

    def names() -> list[str]:
        from armourpen import Catalog

        return [item.name for item in Catalog.builtin(cache=True).items(kind)]

    return completer(names)


def limits() -> Limits:
    """The caps, as the ``ARMOURPEN_MAX_<NAME>`` environment variables set them."""
    import os

    from armourpen.limits import Limits

    return Limits.from_env(os.environ)
