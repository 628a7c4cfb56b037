"""``dataclass``: the standard library's, with the methods it generates compiled once per
Python and kept in the cache folder (issue #31).

``dataclasses.dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and, for a frozen class, ``__setattr__`` as source text and compiles it, at
every import. smersh's model and checks hold some 230 dataclasses: compiling their 600
methods was 0.14 of the 0.38 CPU s a `smersh check` spends importing, on every command
(a warm re-check included). Here the text is compiled as ``dataclasses`` compiles it
(``<string>``, no inherited ``__future__`` flags) and the code kept, keyed by the text;
a later process executes the kept code instead. The classes are the standard library's
in every respect (``dataclasses.fields``, ``replace`` and ``asdict`` work on them): only
where the compiled code comes from differs.

The kept code is one file a Python (its cache tag, bytecode magic number and optimize
level), sealed as the parse cache is (``cachedir.seal``) and checked before it is
unmarshalled, since code from a planted file would run. A file that is missing, damaged,
planted or for another Python is not used: the methods are compiled as ever, and the
file is written again when the process ends (``atexit``), if it compiled anything. With
caching off (``SMERSH_CACHE_DIR=``), nothing is kept. A Python whose ``dataclasses`` does
not compile through ``exec`` of a string is simply not helped. The other code smersh
writes out and compiles at run time (the model's quicker ``__init__``, the parser's
reductions) is kept the same way (``code_of``).
"""

from __future__ import annotations

import atexit
import dataclasses
import importlib.util
import marshal
import sys
import threading
from types import CodeType
from typing import Any

LIMIT = 5000              # kept functions before the file starts again from this process's
_lock = threading.RLock()
_known: dict[str, CodeType] = {}              # read at the first class, then kept
_loaded = False
_used: set[str] = set()
compiled = 0              # methods this process compiled (what a test reads)
_saving = False


def dataclass(cls: type | None = None, /, **params: Any) -> Any:
    """``dataclasses.dataclass(cls, **params)``, its methods' code taken from the cache."""
    def wrap(cls: type) -> type:
        with _lock:
            _load()
            before = vars(dataclasses).get("exec")
            dataclasses.exec = _exec           # the name its module calls to compile
            try:
                return dataclasses.dataclass(cls, **params)
            finally:
                if before is None:
                    del dataclasses.exec
                else:
                    dataclasses.exec = before
    return wrap if cls is None else wrap(cls)


def _exec(source: Any, globals_: dict | None = None, locals_: dict | None = None) -> None:
    if not isinstance(source, str):
        return exec(source, globals_, locals_)
    exec(code_of(source), globals_, locals_)


def code_of(source: str) -> CodeType:
    """``source`` compiled as ``exec`` compiles it (``<string>``, no ``__future__`` flags
    of the caller), from the cache where it was compiled before: for the other code smersh
    writes out at run time (model/fast_init.py, parse/transform/embedded.py)."""
    global compiled, _saving
    with _lock:
        _load()
        code = _known.get(source)
        if code is None:
            code = _known[source] = compile(source, "<string>", "exec", dont_inherit=True)
            compiled += 1
            if not _saving:
                _saving = True
                atexit.register(_save)
        _used.add(source)
    return code


def _name() -> str:
    tag = sys.implementation.cache_tag or sys.implementation.name
    return f"dataclasses-{tag}-{importlib.util.MAGIC_NUMBER.hex()}-O{sys.flags.optimize}.marshal"


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from smersh_dsl.cachedir import cache_dir, unseal
    folder = cache_dir("code")
    if folder is None:
        return
    try:
        blob = unseal((folder / _name()).read_bytes(), _name())
        kept = marshal.loads(blob) if blob is not None else None
    except (OSError, ValueError, EOFError, TypeError):
        return
    if isinstance(kept, dict) and all(isinstance(k, str) and isinstance(v, CodeType)
                                      for k, v in kept.items()):
        _known.update(kept)


def _save() -> None:
    """Write the kept code again with what this process compiled; a cache folder that
    cannot take it is passed over."""
    from smersh_dsl.cachedir import cache_root, seal
    from smersh_dsl.files.outputs import OutputFolder
    root = cache_root()
    if root is None:
        return
    with _lock:
        keep = _known if len(_known) <= LIMIT else {k: _known[k] for k in _used}
        try:
            blob = seal(marshal.dumps(keep), _name())
            if blob is not None:
                OutputFolder(root, private=True).write(root / "code" / _name(), blob, durable=False)
        except (OSError, ValueError):
            pass
