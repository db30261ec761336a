"""The command-line front end: Click commands over the public API; readable output through the
layout's backends (Rich at a terminal, plain text otherwise)."""
