"""The fused loop's tables and lexers (parse/driver.py) kept in the cache folder, so that a
new process parses its first file without building Lark's parser (issue #31).

A warm re-check after a prose edit parses one file; building the Lark parser from its
tables, then the driver's rows and the regexes of the lexers it meets, took some 0.25 s
of that. The image holds them as plain data: the parse table's rows (a reduction names
its rule's shape, from which parse/transform/embedded.py makes the callback again) and
the regex of each lexer met so far (by any process: a new image is merged with the one
it replaces), so only those regexes are compiled again. A state whose lexer is not in
the image is lexed as before, with Lark's parser built then, and the image is kept again
with it.

The file is for one grammar and one Lark (``tables.header``) and this format; it is sealed
as the parse cache is (``cachedir.seal``), checked before it is unpickled. A file that is
missing, damaged, planted or for another grammar is not used: the driver is built from
Lark as it always was.

A whole image, with the lexer of every state, also ships beside the grammar's tables
(``grammar/smersh.driver``, made with them by ``python -m smersh_dsl.parse.tables``;
a test fails when it is not this grammar's): a cold check with an empty cache folder then
builds neither Lark's parser nor a lexer from Lark's, in this process or in its parsing
workers, which built each the lexers they met (about 0.25 s of CPU each, measured on the
10k project, issue #31). Like the shipped tables it is trusted as the code beside it is,
and used only when made for this grammar, this Lark and this format.
"""

from __future__ import annotations

import json
import pickle
import zlib
from pathlib import Path

from smersh_dsl.cachedir import cache_dir, cache_root, seal, unseal
from smersh_dsl.files.outputs import OutputFolder
from smersh_dsl.parse.tables import header
from smersh_dsl.resources import data_dir

FORMAT = 1


def _path(grammar: str) -> tuple[Path, dict] | None:
    folder = cache_dir("grammar")
    if folder is None:
        return None
    made_for = {**header(grammar), "format": FORMAT}
    return folder / f"driver-{made_for['grammar'][:16]}.pickle", made_for


def shipped_path() -> Path:
    return data_dir("grammar") / "smersh.driver"


def encode_shipped(grammar: str, image: dict) -> bytes:
    """The shipped file: a JSON line saying what the image is for, then the image."""
    made_for = {**header(grammar), "format": FORMAT}
    return (json.dumps(made_for, sort_keys=True).encode() + b"\n"
            + zlib.compress(pickle.dumps(image, protocol=pickle.HIGHEST_PROTOCOL), 6))


def shipped(grammar: str) -> dict | None:
    """The image shipped with the grammar, if it is whole and made for ``grammar``."""
    try:
        line, _, body = shipped_path().read_bytes().partition(b"\n")
        if json.loads(line) != {**header(grammar), "format": FORMAT}:
            return None
        image = pickle.loads(zlib.decompress(body))
    except (OSError, ValueError, EOFError, pickle.UnpicklingError, zlib.error, TypeError,
            AttributeError, ImportError, IndexError, KeyError):
        return None
    return image if isinstance(image, dict) else None


def load(grammar: str) -> dict | None:
    """The image kept for ``grammar``, if there is a sound one."""
    found = _path(grammar)
    if found is None:
        return None
    path, made_for = found
    try:
        blob = unseal(path.read_bytes(), path.name)
        if blob is None:
            return None
        kept_for, image = pickle.loads(blob)
    except (OSError, ValueError, EOFError, pickle.UnpicklingError, TypeError,
            AttributeError, ImportError, IndexError, KeyError):
        return None
    return image if kept_for == made_for and isinstance(image, dict) else None


def save(grammar: str, image: dict) -> None:
    """Keep ``image`` for ``grammar``; a cache folder that cannot take it is passed over."""
    found, root = _path(grammar), cache_root()
    if found is None or root is None:
        return
    path, made_for = found
    image = merged(image, load(grammar))
    try:
        blob = seal(pickle.dumps((made_for, image), protocol=pickle.HIGHEST_PROTOCOL), path.name)
        if blob is not None:
            OutputFolder(root, private=True).write(path, blob, durable=False)
    except OSError:
        pass


def merged(image: dict, kept: dict | None) -> dict:
    """``image`` with the lexers of ``kept`` (the image kept before, for the same grammar
    and Lark) that it lacks: the workers of a cold parse each meet some, and each keeps
    what it met."""
    if kept is None:
        return image
    known, specs = dict(image["known"]), list(image["specs"])
    for state, index in kept["known"].items():
        if state not in known:
            spec = kept["specs"][index]
            known[state] = next((i for i, same in enumerate(specs) if same == spec), len(specs))
            if known[state] == len(specs):
                specs.append(spec)
    return {**image, "known": known, "specs": specs}
