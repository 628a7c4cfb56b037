"""The checks' memo kept on disk between processes (issue #31): a new `smersh check` after
an edit runs only the checks whose inputs moved, as the daemon does (checks/memo.py).

One file per working folder and paths checked, in the cache folder (``cachedir``),
sealed as the parse cache is: an HMAC under this user's key over its name and every byte,
checked before anything is unpickled. It holds each check's findings and inputs
(``CheckMemo.stamped``), the findings of the text checks per file (checks/text_memo.py),
the outlines of the files outlined (``CheckMemo.outlines``: a file edited again is
compared with the last one without reading its model back), and what it was made for: the code (the
version, the grammar, and a stamp of every module and data file of the package), the
working folder (findings name files relative to it) and the paths checked. A memo made
by other code, for other paths or from another folder, damaged, planted or missing, is
not used: the run is a full one, and leaves its own memo for the next.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from smersh_dsl import __version__
from smersh_dsl.cachedir import cache_dir, cache_root, seal, source_stamp, unseal
from smersh_dsl.checks import text_memo
from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.files.outputs import OutputFolder
from smersh_dsl.resources import grammar_path

_PACKAGE = Path(__file__).resolve().parent.parent
_CODE_SUFFIXES = (".py", ".json", ".txt")


@lru_cache(maxsize=1)
def _code() -> str:
    """What the findings depend on besides the sources and the settings: the code."""
    digest = hashlib.sha256(__version__.encode())
    digest.update(grammar_path().read_bytes())
    digest.update(source_stamp([_PACKAGE], _CODE_SUFFIXES).encode())
    return digest.hexdigest()


def _entry(paths: Sequence[Path]) -> tuple[Path, str, tuple] | None:
    """Where the memo of a check of ``paths`` from here is kept, its key, and what it is
    made for; None without a cache."""
    folder = cache_dir("checks")
    if folder is None:
        return None
    made_for = (_code(), os.getcwd(), tuple(os.path.abspath(p) for p in paths))
    key = hashlib.sha256(repr(made_for).encode("utf-8", "surrogatepass")).hexdigest()
    return folder / f"{key}.memo", key, made_for


def load_memo(paths: Sequence[Path]) -> CheckMemo:
    """The memo the last check of ``paths`` from here left, or an empty one; until
    ``save_memo``, the text checks' findings are kept for the next run too."""
    memo = CheckMemo()
    found = _entry(paths)
    if found is None:
        return memo
    text_memo.start({})
    entry, key, made_for = found
    try:
        data = unseal(entry.read_bytes(), key)
        if data is None:            # planted, damaged, or sealed under another key
            return memo
        stored_for, kept, texts, outlines = pickle.loads(data)
    except Exception:               # missing, unreadable, from another Python
        return memo
    if stored_for == made_for and all(isinstance(d, dict) for d in (kept, texts, outlines)):
        memo.adopt(kept, outlines)
        text_memo.start(texts)
    return memo


def save_memo(paths: Sequence[Path], memo: CheckMemo) -> None:
    """Keep ``memo`` for the next check of ``paths`` from here; a memo that cannot be
    written is no error (the next run is then a full one)."""
    found, root = _entry(paths), cache_root()
    kept, texts = memo.stamped(), text_memo.finish()
    if found is None or root is None or kept is None:
        return
    entry, key, made_for = found
    try:
        data = pickle.dumps((made_for, kept, texts, memo.outlines()), protocol=pickle.HIGHEST_PROTOCOL)
        sealed = seal(data, key)
        if sealed is not None:
            OutputFolder(root, private=True).write(entry, sealed, durable=False)
    except (OSError, pickle.PicklingError, AttributeError, TypeError, RecursionError):
        pass
