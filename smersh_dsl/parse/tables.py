"""The parser's LALR tables, computed once instead of at every cold start.

Computing the tables of smersh's grammar (some 550 rules) takes most of a second, which a
fresh CI runner would pay on every `smersh check`. So the tables ship with the grammar,
in ``grammar/smersh.tables``, made by::

    python -m smersh_dsl.parse.tables

(which writes the fused loop's image beside them, ``grammar/smersh.driver``, see
parse/driver_image.py), and a test fails when the grammar changed since. The file starts with a JSON line naming
the grammar's digest, the Lark version and the options the tables depend on; when any of
them differs (another Lark release, an edited grammar), the tables are computed and kept
in the cache folder instead, in the same format sealed (``cachedir.seal``: an HMAC under
this user's key, checked before the tables are unpickled, so a file planted there is never
loaded), and a corrupt file is ignored. The shipped file is trusted as the code beside it
is. Lark's own `cache=` cannot serve here: its key includes the cache file's own path.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
import zlib
from io import BytesIO
from pathlib import Path
from typing import Any, Callable

import lark

from smersh_dsl.cachedir import cache_dir, cache_root, seal, unseal
from smersh_dsl.files.atomic import write_atomic
from smersh_dsl.files.outputs import OutputFolder
from smersh_dsl.resources import data_dir, grammar_path

OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}
_NOT_IN_TABLES = ("transformer", "tree_class", "lexer_callbacks", "propagate_positions")


def shipped_path() -> Path:
    return data_dir("grammar") / "smersh.tables"


def header(grammar: str) -> dict[str, str]:
    """What tables are valid for: this grammar, this Lark, these options."""
    return {"grammar": hashlib.sha256(grammar.encode()).hexdigest(), "lark": lark.__version__,
            "options": json.dumps(OPTIONS, sort_keys=True)}


def encode(grammar: str, built: lark.Lark) -> bytes:
    buffer = BytesIO()
    built.save(buffer, exclude_options=_NOT_IN_TABLES)
    return (json.dumps(header(grammar), sort_keys=True).encode() + b"\n"
            + zlib.compress(buffer.getvalue(), 6))


def read(path: Path, grammar: str, sealed: bool = False) -> dict | None:
    """The Lark data kept in ``path``, if the file is there, whole and made for ``grammar``
    and this Lark (and, if ``sealed``, passes its check); otherwise None."""
    try:
        raw = path.read_bytes()
        if sealed:
            raw = bytes(unseal(raw, path.name) or b"")
        line, _, body = raw.partition(b"\n")
        if json.loads(line) != header(grammar):
            return None
        data = pickle.loads(zlib.decompress(body))
        return data if isinstance(data, dict) and {"data", "memo"} <= set(data) else None
    except (OSError, ValueError, EOFError, pickle.UnpicklingError, zlib.error, TypeError,
            AttributeError, ImportError, IndexError):
        return None


def load_parser(cls: type[lark.Lark], grammar: str, **callbacks: Any) -> lark.Lark:
    """A parser of ``cls`` with the shipped or cached tables, or freshly computed ones (then
    kept in the cache folder). ``callbacks`` are the options the tables do not hold."""
    folder = cache_dir("grammar")
    cached = None if folder is None else folder / f"tables-{header(grammar)['grammar'][:16]}.pickle"
    for path, sealed in ((shipped_path(), False), (cached, True)):
        data = read(path, grammar, sealed) if path is not None else None
        if data is not None:
            try:
                return _from_tables(cls, data, callbacks)
            except Exception:     # noqa: BLE001  tables from another Lark: compute them
                pass
    built = cls(grammar, **OPTIONS, **callbacks)
    root = cache_root()
    if cached is not None and root is not None:
        try:
            blob = seal(encode(grammar, built), cached.name)
            if blob is not None:
                OutputFolder(root, private=True).write(cached, blob, durable=False)
        except OSError:
            pass                  # a read-only cache folder: compute them next time too
    return built


def _from_tables(cls: type[lark.Lark], data: dict, callbacks: dict) -> lark.Lark:
    # Lark's `cache=` loads its file the same way (`Lark._load` with the options a file
    # cannot hold); `Lark.load` takes no such options.
    inst = cls.__new__(cls)
    return inst._load(data, **callbacks)


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Write grammar/smersh.tables, and the fused loop's whole image beside it
    (grammar/smersh.driver, parse/driver_image.py), for the grammar and Lark of this
    checkout."""
    from smersh_dsl.parse import driver_image, parser   # they import this module
    grammar = grammar_path().read_text(encoding="utf-8")
    target = shipped_path()
    built = lark.Lark(grammar, **OPTIONS)
    write_atomic(target, encode(grammar, built))
    out(f"wrote {target} (Lark {lark.__version__}, grammar {header(grammar)['grammar'][:12]})")
    image = driver_image.shipped_path()
    write_atomic(image, driver_image.encode_shipped(grammar, parser.whole_image()))
    out(f"wrote {image}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
