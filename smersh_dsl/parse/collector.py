"""Pausing Python's cycle collector while a model is built or read back.

Parsing and unpickling create hundreds of thousands of small objects that live on; the
collector would walk them all again and again to find cycles that are not there (the
model is a tree). Measured on a 100-entry file: parsing 25-40% faster, and reading a
cached model back about five times faster, with the collector paused.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


_one_shot = False


def one_shot(yes: bool = True) -> None:
    """Say this process runs once and exits (a command, not the language server): what
    is built while the collector is paused is then kept until exit ("frozen"), instead
    of being scanned once the collector resumes, which costs as much again."""
    global _one_shot
    _one_shot = yes


@contextmanager
def paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _one_shot:
            gc.freeze()
        if enabled:
            gc.enable()
