"""Writing a file so that a failed or interrupted run leaves the previous one intact:
write a temporary file beside it, flush it to disk, then rename it over the target.

Two kinds of writer go through here:

- ``write_atomic`` rewrites a file the user named, in place: `smersh fmt` and the campaign
  log of `smersh play --log`. A symbolic link is written through: its target gets the new
  content, the link stays.
- ``replace_in``, the step both share, writes a name inside a folder already opened;
  ``smersh_dsl.files.outputs`` uses it for what smersh makes (`smersh build`, `smersh new
  -o`, the caches), which is never written through a link.

tests/test_interrupted_writes.py interrupts each writer half-way and finds the previous
file byte for byte.

- The rename is atomic on POSIX: a reader sees the old file or the new one, never half of
  one; an interruption (Ctrl-C, a full disk, a crash) before it leaves the old file, and
  the temporary file is removed on the way out.
- The new file keeps the permissions of the one it replaces (a new file gets the usual
  ones, 0666 less the umask, or those asked for), not the 0600 of a temporary file.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import suppress
from functools import lru_cache
from pathlib import Path

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


@lru_cache(maxsize=1)
def _umask() -> int:
    """The process's umask, read once (setting it to read it back is not thread-safe)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def new_file_mode() -> int:
    """The permissions a new file gets: 0666 less the umask."""
    return 0o666 & ~_umask()


def _mode_for(path: Path) -> int:
    """The permissions the file has, or those a new file would get."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return new_file_mode()


def replace_in(folder: int, name: str, raw: bytes, mode: int, durable: bool = True) -> None:
    """Write ``raw`` to a temporary file in the open ``folder`` and rename it over ``name``
    there. The temporary is made with O_EXCL and O_NOFOLLOW, so nothing planted beside it
    is opened; the rename replaces a link at ``name`` itself, never what it points to."""
    temporary = f".{name}.{secrets.token_hex(4)}.tmp"
    handle = os.open(temporary, _CREATE, 0o600, dir_fd=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
            if durable:
                out.flush()
                os.fsync(out.fileno())
            os.chmod(out.fileno(), mode)
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary, dir_fd=folder)
        raise


def write_atomic(path: Path, data: str | bytes, durable: bool = True) -> None:
    """Rewrite the file at ``path`` (through a link, if it is one) with ``data``, by way of
    a temporary file beside it. ``durable=False`` skips the flush to disk."""
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    mode = _mode_for(path)
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        replace_in(folder, path.name, raw, mode, durable)
    finally:
        os.close(folder)
