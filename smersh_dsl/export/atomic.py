"""Writing a file so that a failed or interrupted run leaves the previous one intact:
write a temporary file beside it, flush it to disk, then rename it over the target.

Every writer of files goes through here: `smersh build` (JSON), `smersh fmt` (in place),
`smersh new -o`, and the campaign log of `smersh play --log`. tests/test_interrupted_writes.py
interrupts each of them half-way and finds the previous file byte for byte.

- The rename is atomic on POSIX and Windows: a reader sees the old file or the new one,
  never half of one; an interruption (Ctrl-C, a full disk, a crash) before it leaves the
  old file, and the temporary file is removed on the way out.
- A symbolic link is written through: its target gets the new content, the link stays.
- The new file keeps the permissions of the one it replaces (a new file gets the usual
  ones, 0666 less the umask), not the 0600 of a temporary file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path


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


def _mode_for(path: Path) -> int:
    """The permissions the file has, or those a new file would get."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def write_atomic(path: Path, data: str | bytes, durable: bool = True) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``.
    ``durable=False`` skips the flush to disk: for caches, whose entries are checked on
    reading (a power cut may leave one empty, never half of another)."""
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    mode = _mode_for(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
