"""Where the grammar, schemas and bundled books live, installed or in a checkout.

In a wheel they sit under ``smersh_dsl/_data/``; in a source checkout they are the
top-level ``grammar/``, ``schemas/`` and ``books/`` folders beside the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder ``name`` (grammar, schemas or books), installed or checked out."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def grammar_path() -> Path:
    return data_dir("grammar") / "smersh.lark"


def bundled_books() -> Path:
    return data_dir("books")


def schemas_dir() -> Path:
    return data_dir("schemas")
