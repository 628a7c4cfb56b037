"""A disk cache of parsed files, keyed by the file's text and the tool.

A cold `smersh check` spends most of its time in the parser; a file whose text has not
changed since the last run is read back from the cache instead (about seven times
faster than parsing it). The key covers the text, the tool's version, and the grammar and
code that build the model, so an edit to any of them misses the cache. It does not cover
the name the file is shown by (relative to the working folder, so it changes with the
folder `smersh check` runs from): an entry holds a reference where the parse held that name
(every span's file, the file's own path), and the name of the run reading it back takes
its place, so a project checked from another folder is not parsed again. The folder
(``smersh_dsl.cachedir``) is safe to delete; an entry that cannot be read, for whatever
reason, is ignored and written again.

An entry is a pickle, sealed (``cachedir.seal``): an HMAC under this user's key, over the
entry's name and every byte of the pickle, is checked before anything is unpickled, so a
pickle planted in the folder, or one byte of an entry changed on disk, is never loaded.
Entries are written 0600 in folders of 0700, and never through a link.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from smersh_dsl import __version__
from smersh_dsl.cachedir import cache_dir, cache_root, seal, source_stamp, unseal
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.files.outputs import OutputFolder
from smersh_dsl.model.document import SourceFile
from smersh_dsl.parse.collector import paused
from smersh_dsl.parse.lazy_source import LazySource, Model
from smersh_dsl.resources import grammar_path

Parsed = tuple[SourceFile, tuple[Diagnostic, ...]]   # as parse/parser.py names it
_PACKAGE = Path(__file__).resolve().parent.parent
_BUILDERS = ("parse", "model", "diagnostics")   # the code whose output the cache holds (findings and their fixes)


@lru_cache(maxsize=1)
def _tool_digest() -> str:
    """What the cached results depend on besides the text: version, grammar, builders."""
    digest = hashlib.sha256(__version__.encode())
    digest.update(grammar_path().read_bytes())
    digest.update(source_stamp([_PACKAGE / folder for folder in _BUILDERS]).encode())
    return digest.hexdigest()


def _entry(text: str) -> tuple[Path, str] | None:
    """Where the parse of this text is kept, and its key."""
    folder = cache_dir("parse")
    if folder is None:
        return None
    key = _key(text)
    return _place(folder, key), key


@lru_cache(maxsize=4096)
def _key(text: str) -> str:
    """A text's key, hashed once a process (a check asks it of each file several times:
    to read it back, and to name it in the checks' memo and the text checks')."""
    digest = hashlib.sha256(_tool_digest().encode())
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _place(folder: Path, key: str) -> Path:
    return folder / key[:2] / f"{key[2:]}.pickle"


def key_of(text: str) -> str | None:
    """The key of this text's entry (what names it, with this tool), or None without a
    cache: a text's stand-in where the text itself need not be kept (checks/memo.py)."""
    found = _entry(text)
    return None if found is None else found[1]


# The shown name is pickled as nothing at all: both sides start with it in the pickle's
# memo, at this index, so every span and the file's own path refer to it by that index
# (one byte, and no Python code run per span; a dispatch table per span and a
# `find_class` hook made writing 13 MB at 10,000 entries a sixth of a cold check).
_SHOWN = 0


class _Writer(pickle.Pickler):
    """Pickles a parse with the name ``shown`` left out: a parse names its file by that
    one string object (every span's, the file's own), which is in the memo from the
    start, so the pickle holds a reference to the memo where the name was."""

    def __init__(self, file: io.BytesIO, shown: str) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.memo = {id(shown): (_SHOWN, shown)}


def _read(blob: bytes, shown: str) -> Any:
    """Unpickles a parse with ``shown`` in the memo where the writer left its own name.
    The name goes in by a few opcodes put before the entry's own (pickle ``shown``, keep
    it in the memo, drop it from the stack): setting an Unpickler's ``memo`` leaves the
    next free index at 0 in CPython 3.11, and the entry's first object would take it."""
    if blob[:2] != _PROTOCOL:
        raise pickle.UnpicklingError("not a parse cache entry of this protocol")
    lead = pickle.dumps(shown, protocol=pickle.HIGHEST_PROTOCOL)
    return pickle.loads(lead[:-1] + pickle.POP + blob[2:])


_PROTOCOL = pickle.PROTO + bytes([pickle.HIGHEST_PROTOCOL])


def load(text: str, shown: str) -> Any | None:
    """The cached parse of this text, naming the file ``shown``, or None."""
    found = _entry(text)
    if found is None:
        return None
    entry, key = found
    try:
        data = unseal(entry.read_bytes(), key)
        if data is None:    # planted, damaged, moved, or sealed under another key
            return None
        stored_text, result = _decode_lazily(data, shown)
    except Exception:       # missing, unreadable, from another Python: parse again
        return None
    return result if stored_text == text else None


def load_keyed(key: str, shown: str) -> Any | None:
    """The cached parse whose key is ``key`` (``key_of`` a text read before, whatever the
    text was), naming the file ``shown``, or None."""
    folder = cache_dir("parse")
    if folder is None or len(key) != 64 or not all(c in "0123456789abcdef" for c in key):
        return None
    try:
        data = unseal(_place(folder, key).read_bytes(), key)
        return None if data is None else _decode_lazily(data, shown)[1]
    except Exception:       # missing, unreadable, from another Python
        return None


def encode(text: str, shown: str, result: Parsed) -> bytes:
    """A cache entry's data: the text it was parsed from (checked on reading), the result
    without the name ``shown``. Also what a worker process sends back (``parallel``),
    unsealed: a pipe, not a file. The file's model is pickled apart, inside, so that
    reading an entry back leaves it shut until it is needed (``LazySource``)."""
    source, problems = result
    model = _pickled((source.definitions, source.comments, source.lost), shown)
    return _pickled((text, problems, source.block_types(), model), shown)


def _pickled(value: Any, shown: str) -> bytes:
    buffer = io.BytesIO()
    _Writer(buffer, shown).dump(value)
    return buffer.getvalue()


def decode(blob: bytes, shown: str) -> tuple[str, Parsed]:
    """What ``encode`` made, naming the file ``shown``, its model read now: from a
    worker process of this one, whose results are read while the workers still parse."""
    text, parsed = _decode_lazily(blob, shown)
    source = parsed[0]
    if isinstance(source, LazySource):
        source.open()
    return text, parsed


def _decode_lazily(blob: bytes, shown: str) -> tuple[str, Parsed]:
    """What ``encode`` made, naming the file ``shown``, its model read when first asked
    for (a sealed entry: a re-check may need none of it)."""
    with paused():
        text, problems, types, model = _read(blob, shown)
    return text, (LazySource(shown, text, types, partial(_model, model, text, shown)), problems)


def _model(blob: bytes, text: str, shown: str) -> Model:
    """A file's model, read back; parsed again if it cannot be (its entry was sealed, so
    that is another Python's pickle at worst), as ``load`` does with a whole entry."""
    try:
        with paused():
            return _read(blob, shown)
    except Exception:       # noqa: BLE001  whatever unpickling raised: the parse is the truth
        from smersh_dsl.parse.parser import parse_fresh     # parser.py imports this module
        source = parse_fresh(text, shown)[0]
        return source.definitions, source.comments, source.lost


# Entries a command holds back until its report is out (``deferred``): (text, shown,
# result, blob), and the process that holds them (a forked parsing worker writes its own).
_pending: list[tuple[str, str, Any, bytes | None]] | None = None
_pending_pid = 0


@contextmanager
def deferred() -> Iterator[None]:
    """Hold the entries this process would write until ``flush`` (or the end of the block):
    a command prints its report first, and writes the cache after (issue #31)."""
    global _pending, _pending_pid
    _pending, _pending_pid = [], os.getpid()
    try:
        yield
    finally:
        flush()


def flush() -> None:
    """Write the entries held back, each whole (an entry is written atomically or not at
    all), and stop holding them."""
    global _pending
    held, _pending = _pending, None
    for job in held or ():
        _write(*job)


def store(text: str, shown: str, result: Any, blob: bytes | None = None) -> None:
    """Keep a parse for next time (``blob``: already encoded); a cache that cannot be
    written is no error."""
    if _pending is not None and _pending_pid == os.getpid():
        _pending.append((text, shown, result, blob))
    else:
        _write(text, shown, result, blob)


def _write(text: str, shown: str, result: Any, blob: bytes | None) -> None:
    found = _entry(text)
    root = cache_root()
    if found is None or root is None:
        return
    entry, key = found
    try:
        sealed = seal(blob if blob is not None else encode(text, shown, result), key)
        if sealed is not None:
            OutputFolder(root, private=True).write(entry, sealed, durable=False)
    except (OSError, pickle.PicklingError, RecursionError):
        pass
