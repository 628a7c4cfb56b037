"""A disk cache of parsed files, keyed by the file's text, its shown name and the tool.

A cold `smersh check` spends most of its time in the parser; a file whose text has not
changed since the last run is read back from the cache instead (about seven times
faster than parsing it). The key covers the text, the name shown in diagnostics (spans
hold it), the tool's version, and the grammar and code that build the model, so an edit
to any of them misses the cache. The folder (``smersh_dsl.cachedir``) is safe to delete;
an entry that cannot be read, for whatever reason, is ignored and written again.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from smersh_dsl import __version__
from smersh_dsl.cachedir import cache_dir, source_stamp
from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.parse.collector import paused
from smersh_dsl.resources import grammar_path

_PACKAGE = Path(__file__).resolve().parent.parent
_BUILDERS = ("parse", "model")      # the code whose output the cache holds


@lru_cache(maxsize=1)
def _tool_digest() -> str:
    """What the cached results depend on besides the text: version, grammar, builders."""
    digest = hashlib.sha256(__version__.encode())
    digest.update(grammar_path().read_bytes())
    digest.update(source_stamp([_PACKAGE / folder for folder in _BUILDERS]).encode())
    return digest.hexdigest()


def _entry(text: str, shown: str) -> Path | None:
    folder = cache_dir("parse")
    if folder is None:
        return None
    digest = hashlib.sha256(_tool_digest().encode())
    digest.update(shown.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    key = digest.hexdigest()
    return folder / key[:2] / f"{key[2:]}.pickle"


def load(text: str, shown: str) -> Any | None:
    """The cached parse of this text under this name, or None."""
    entry = _entry(text, shown)
    if entry is None:
        return None
    try:
        with entry.open("rb") as handle, paused():
            stored_text, result = pickle.load(handle)
    except Exception:       # missing, truncated, corrupt, from another Python: parse again
        return None
    return result if stored_text == text else None


def encode(text: str, result: Any) -> bytes:
    """A cache entry's bytes: the text it was parsed from (checked on reading), the result."""
    return pickle.dumps((text, result), protocol=pickle.HIGHEST_PROTOCOL)


def decode(blob: bytes) -> tuple[str, Any]:
    with paused():
        return pickle.loads(blob)


def store(text: str, shown: str, result: Any, blob: bytes | None = None) -> None:
    """Keep a parse for next time (``blob``: already encoded); a cache that cannot be
    written is no error."""
    entry = _entry(text, shown)
    if entry is None:
        return
    try:
        write_atomic(entry, blob if blob is not None else encode(text, result), durable=False)
    except (OSError, pickle.PicklingError, RecursionError):
        pass
