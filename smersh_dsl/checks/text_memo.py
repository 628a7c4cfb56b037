"""Findings per file and text, for the checks that read the sources' text (the prose
checks, N019): they run on every check (checks/memo.py), and an unchanged file is not
scanned again, in this process (the language server, the daemon) or, while a memo on
disk is in use (checks/memo_store.py), in the next one, which knows a text by its key in
the parse cache."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.parse import cache as disk_cache

Found = tuple[Diagnostic, ...]
Scan = TypeVar("Scan", bound=Callable[..., Found])

# (scan, path, text's key, other arguments) -> findings: read from the memo on disk, and
# what this run found, to be kept there; None while no memo on disk is in use.
_stored: dict[tuple, Found] | None = None
_kept: dict[tuple, Found] = {}


def per_text(scan: Scan) -> Scan:
    """``scan(path, text, *args)`` memoised by its arguments (``args`` hashable, and
    picklable to be kept on disk)."""
    cached = lru_cache(maxsize=4096)(scan)
    name = f"{scan.__module__}.{scan.__qualname__}"

    @wraps(scan)
    def memoised(path: str, text: str, *args: Any) -> Found:
        if _stored is None:
            return cached(path, text, *args)
        key = (name, path, disk_cache.key_of(text), *args)
        found = _stored.get(key)
        if found is None:
            found = cached(path, text, *args)
        _kept[key] = found
        return found
    return memoised  # type: ignore[return-value]


def start(stored: dict[tuple, Found]) -> None:
    """Use what the memo on disk holds, and keep this run's findings for it."""
    global _stored, _kept
    _stored, _kept = stored, {}


def finish() -> dict[tuple, Found]:
    """This run's findings since ``start``, and no memo on disk used any more."""
    global _stored, _kept
    kept, _stored, _kept = _kept, None, {}
    return kept
