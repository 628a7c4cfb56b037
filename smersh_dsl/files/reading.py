"""Reading a file that a project holds, and nothing else (docs/robustness.md).

Content is untrusted: a contributor to a content repository can plant a FIFO named
`x.smersh` (reading it blocks for good), a link to `/dev/zero` (it never ends, and its
size says 0) or a link to a runner's secret (its lines would be quoted in the CI log).
So a file is read only when

- its real path, every link followed, lies inside the project's folder (`Outside`);
- it is a regular file, both before it is opened and once it is open (`NotRegular`):
  the open never blocks (``O_NONBLOCK``) and never takes a terminal (``O_NOCTTY``);
- it holds at most ``limit`` bytes, counted while reading it, not taken from its size
  (`TooLarge`), so a file that grows as it is read stops at the limit.

The file that was opened is checked again through ``/proc/self/fd`` where there is one,
so a link swapped between the check and the open still cannot lead outside.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

CHUNK = 1 << 16


class Refused(Exception):
    """A file that is not read, and why, in words for the user."""


class Outside(Refused):
    """The file's real path (links followed) is outside the project's folder."""


class NotRegular(Refused):
    """A FIFO, a device, a socket: reading it could block or never end."""


class TooLarge(Refused):
    """More bytes than the limit: ``size`` is the size found, or the bytes read so far."""

    def __init__(self, size: int) -> None:
        super().__init__(f"the file holds more than {size:,} bytes")
        self.size = size


def inside(path: str, folder: str) -> bool:
    """Whether the real ``path`` is ``folder`` or lies below it (both already real)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def _opened_path(handle: int, path: Path) -> str:
    """The real path of the file behind an open handle: the kernel's word where it has
    one (Linux), else the path resolved again."""
    try:
        return os.readlink(f"/proc/self/fd/{handle}")
    except OSError:
        return os.path.realpath(path)


def check_place(where: str, real_root: str | None) -> None:
    """Raise `Outside` if the real path ``where`` leaves ``real_root`` (both resolved)."""
    if real_root is not None and not inside(where, real_root):
        raise Outside("the file links to a place outside the project's folder, "
                      "so it is not read")


def check_kind(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "it is a folder")
    if not stat.S_ISREG(mode):
        raise NotRegular(f"it is {kind_of(mode)}, not a regular file, so it is not read")


def read_regular(path: Path, root: Path | None, limit: int) -> bytes:
    """The bytes of ``path``, a regular file inside ``root`` of at most ``limit`` bytes.

    Raises `Refused` (`Outside`, `NotRegular`, `TooLarge`) or `OSError` (cannot be read).
    ``root`` None means anywhere (a file the user named that belongs to no project)."""
    real_root = None if root is None else os.path.realpath(root)     # resolved once
    check_place(os.path.realpath(path), real_root)
    check_kind(os.stat(path).st_mode)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    handle = os.open(path, flags)
    try:
        opened = os.fstat(handle)
        check_kind(opened.st_mode)
        if real_root is not None:                   # the file opened, whatever the link says now
            check_place(_opened_path(handle, path), real_root)
        if opened.st_size > limit:
            raise TooLarge(opened.st_size)
        return _read_at_most(handle, limit)
    finally:
        os.close(handle)


def _read_at_most(handle: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = os.read(handle, min(CHUNK, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise TooLarge(total)
