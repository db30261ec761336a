"""Running the command-line app in-process, as the CLI tests do."""

from __future__ import annotations

import pytest

from armourpen.cli.app import main


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``armourpen ARGS``; return its exit code, stdout and stderr."""
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    code = info.value.code
    return (code if isinstance(code, int) else 1), out, err
