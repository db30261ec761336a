"""The command-line front end: Click commands over the public API, rendered with Rich."""
