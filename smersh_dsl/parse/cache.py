"""A disk cache of parsed files, keyed by the file's text, its shown name and the tool.

A cold `smersh check` spends most of its time in the parser; a file whose text has not
changed since the last run is read back from the cache instead (about seven times
faster than parsing it). The key covers the text, the name shown in diagnostics (spans
hold it), the tool's version, and the grammar and code that build the model, so an edit
to any of them misses the cache. The folder (``smersh_dsl.cachedir``) is safe to delete;
an entry that cannot be read, for whatever reason, is ignored and written again.

An entry is a pickle, sealed (``cachedir.seal``): an HMAC under this user's key, over the
entry's name and every byte of the pickle, is checked before anything is unpickled, so a
pickle planted in the folder, or one byte of an entry changed on disk, is never loaded.
Entries are written 0600 in folders of 0700, and never through a link.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from smersh_dsl import __version__
from smersh_dsl.cachedir import cache_dir, cache_root, seal, source_stamp, unseal
from smersh_dsl.export.outputs import OutputFolder
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


def _entry(text: str, shown: str) -> tuple[Path, str] | None:
    """Where the parse of this text under this name is kept, and its key."""
    folder = cache_dir("parse")
    if folder is None:
        return None
    digest = hashlib.sha256(_tool_digest().encode())
    digest.update(shown.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    key = digest.hexdigest()
    return folder / key[:2] / f"{key[2:]}.pickle", key


def load(text: str, shown: str) -> Any | None:
    """The cached parse of this text under this name, or None."""
    found = _entry(text, shown)
    if found is None:
        return None
    entry, key = found
    try:
        data = unseal(entry.read_bytes(), key)
        if data is None:    # planted, damaged, moved, or sealed under another key
            return None
        with paused():
            stored_text, result = pickle.loads(data)
    except Exception:       # missing, unreadable, from another Python: parse again
        return None
    return result if stored_text == text else None


def encode(text: str, result: Any) -> bytes:
    """A cache entry's data: the text it was parsed from (checked on reading), the result.
    Also what a worker process sends back (``parallel``), unsealed: a pipe, not a file."""
    return pickle.dumps((text, result), protocol=pickle.HIGHEST_PROTOCOL)


def decode(blob: bytes) -> tuple[str, Any]:
    """What ``encode`` made, from a worker process of this one (never from a file)."""
    with paused():
        return pickle.loads(blob)


def store(text: str, shown: str, result: Any, blob: bytes | None = None) -> None:
    """Keep a parse for next time (``blob``: already encoded); a cache that cannot be
    written is no error."""
    found = _entry(text, shown)
    root = cache_root()
    if found is None or root is None:
        return
    entry, key = found
    try:
        sealed = seal(blob if blob is not None else encode(text, result), key)
        if sealed is not None:
            OutputFolder(root, private=True).write(entry, sealed, durable=False)
    except (OSError, pickle.PicklingError, RecursionError):
        pass
