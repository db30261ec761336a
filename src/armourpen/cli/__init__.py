"""The command-line front end: Typer commands and Rich renderers over the public API."""
