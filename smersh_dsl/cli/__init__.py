"""The `smersh` command: one click group, one module per family of commands."""

from smersh_dsl.cli import check, data, simulate, writer  # noqa: F401  (registration)
from smersh_dsl.cli.app import cli, main

__all__ = ["cli", "main"]
