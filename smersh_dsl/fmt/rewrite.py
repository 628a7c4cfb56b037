"""Putting a formatted text back into its file, as the writer keeps it.

A formatter edits the writer's own file; it must leave it what it was in every way but
its text:

- a read-only file is not rewritten (`ReadOnly`): the writer (or git, or a package
  manager) made it so on purpose; root may write anything, so the mode's write bits
  are asked, not `os.access` alone;
- a file with other hard links, or owned by someone else, is rewritten in place, so it
  keeps its inode: every link sees the new text and the owner stays. The previous text
  waits in a hidden `.NAME.XXXX.orig` beside it until the new one is on disk, and is
  written back if the rewrite fails;
- any other file is replaced atomically (`files.atomic.write_atomic`), keeping its mode.

A link is followed to the file it names (the reader already refused one that leads out
of the project), so the link stays a link.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from smersh_dsl.files.atomic import write_atomic


class ReadOnly(Exception):
    """The file may not be written."""


def _writable(path: Path, info: os.stat_result) -> bool:
    return bool(info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) and os.access(path, os.W_OK)


def rewrite(path: Path, text: str) -> None:
    """Give ``path`` the new ``text``; raise `ReadOnly` or `OSError` and change nothing."""
    target = Path(os.path.realpath(path))
    info = target.stat()
    if not _writable(target, info):
        raise ReadOnly(f"{path}: not formatted: the file is read-only")
    if info.st_nlink > 1 or info.st_uid != os.geteuid():
        _in_place(target, text.encode("utf-8"))
    else:
        write_atomic(target, text)


def _in_place(target: Path, data: bytes) -> None:
    previous = target.read_bytes()
    backup = target.parent / f".{target.name}.{os.getpid()}.orig"
    _write(backup, previous, os.O_CREAT | os.O_EXCL, 0o600)     # for no other eyes
    try:
        _write(target, data)
    except BaseException:
        _write(target, previous)      # if this fails too, the backup stays to say what was
        backup.unlink(missing_ok=True)
        raise
    backup.unlink(missing_ok=True)


def _write(target: Path, data: bytes, flags: int = 0, mode: int = 0o600) -> None:
    """Write ``data`` over the file's own bytes (its inode stays), and flush it to disk."""
    handle = os.open(target, os.O_WRONLY | flags | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
        os.ftruncate(handle, len(data))
        os.fsync(handle)
    finally:
        os.close(handle)
