"""Where the daemon for this smersh listens: a Unix socket in a folder only this user may
enter, named for everything that must match between a client and a daemon (the smersh
version and code, the Python running it, the cache folder). An edited checkout or another
virtual environment gets a daemon of its own; an old one exits when idle."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


class Unsafe(Exception):
    """The socket folder exists but is not this user's alone."""


MAX_SOCKET_PATH = 100      # a Unix socket's path holds at most 107 bytes on Linux


def folder() -> Path:
    """The private folder of this user's daemons (made 0700; refused if anyone else can
    enter it or it is not ours): in $XDG_RUNTIME_DIR, or the temporary folder when that
    is unset or too deep for a socket's path."""
    base = os.environ.get("XDG_RUNTIME_DIR", "")
    if not base or len(base) > MAX_SOCKET_PATH - 45:
        import tempfile                     # a writer's desktop has XDG_RUNTIME_DIR
        base = tempfile.gettempdir()
    where = Path(base) / f"smersh-dsl-{os.getuid()}"
    where.mkdir(mode=0o700, exist_ok=True)
    info = where.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise Unsafe(f"{where} is not a private folder of this user")
    return where


def key() -> str:
    """What a daemon must share with its client: code (newest source file), interpreter,
    cache folder and the environment that chooses it."""
    from smersh_dsl import __version__
    from smersh_dsl.cachedir import source_stamp
    from smersh_dsl.resources import grammar_path
    code = source_stamp([_PACKAGE, grammar_path().parent],
                        (".py", ".j2", ".html", ".lark", ".tables", ".json"))
    parts = [__version__, str(_PACKAGE), sys.executable, code,
             os.environ.get("SMERSH_CACHE_DIR", "<unset>"), os.environ.get("XDG_CACHE_HOME", ""),
             os.environ.get("HOME", "")]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:20]


def socket_path() -> Path:
    return folder() / f"{key()}.sock"
