"""Where smersh writes what it makes: inside one folder, never through a link.

`smersh build --out DIR` writes DIR/<id>/<id>.json and DIR/<id>/print/...; a link planted
in DIR (by a hostile contributor, or left by a careless script) must not turn a build into
a write over some other file. So an ``OutputFolder`` resolves its folder once and then
opens every folder below it with O_NOFOLLOW, one at a time from the one before: a link
anywhere below the root, or at the file's own name, is refused with an ``OutputError``
naming it, and a path that leaves the root (``..``) is refused before anything is opened.
Holding each folder open also means that a link swapped in while the build runs cannot
redirect it: the name is looked up in the folder already opened, not walked again.

The same folder writes `smersh new -o` (``exclusive``: never over anything there, a
dangling link included) and the caches (``private``: folders 0700, files 0600).
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import suppress
from pathlib import Path

from smersh_dsl.files.atomic import new_file_mode, replace_in

_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class OutputError(OSError):
    """An output that was refused or could not be written; the message names the file
    and the reason, for the user, without a traceback."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(reason)
        self.path, self.reason = str(path), reason

    def __str__(self) -> str:
        return f"cannot write {self.path}: {self.reason}"


def _link(what: str) -> str:
    return f"{what} is a symbolic link, and outputs are never written through one (remove it)"


class OutputFolder:
    """A folder that outputs go into (``root``), resolved once, here and now."""

    def __init__(self, root: Path, private: bool = False) -> None:
        self.shown = Path(root)
        self.real = Path(os.path.realpath(root))
        self.private = private

    def parts(self, path: Path) -> tuple[list[str], str]:
        """The folders from the root down to ``path``, and its name; refused outside it."""
        lexical = Path(os.path.abspath(path))
        for base in (Path(os.path.abspath(self.shown)), self.real):
            if lexical.is_relative_to(base) and lexical != base:
                *folders, name = lexical.relative_to(base).parts
                return folders, name
        raise OutputError(path, f"it is outside the output folder {self.shown}")

    def check(self, path: Path) -> None:
        """Refuse ``path`` now, before anything is written, if writing it would be refused
        (a link on the way or at its name, a file where a folder should be)."""
        folders, name = self.parts(path)
        for depth in range(1, len(folders) + 1):
            if not self._allowed(path, folders[:depth], folder=True):
                return                     # missing: made when written
        self._allowed(path, [*folders, name], folder=False)

    def write(self, path: Path, data: str | bytes, durable: bool = True,
              exclusive: bool = False) -> None:
        """Write ``data`` to ``path`` atomically, refusing links; ``exclusive``: refuse
        anything already at ``path``. Every failure is an ``OutputError`` naming it."""
        folders, name = self.parts(path)
        raw = data.encode("utf-8") if isinstance(data, str) else data
        try:
            handle = self._open_root()
            try:
                for depth in range(1, len(folders) + 1):
                    inner = self._descend(handle, folders[:depth], path)
                    os.close(handle)
                    handle = inner
                mode = self._mode(handle, name, path, exclusive)
                replace_in(handle, name, raw, mode, durable)
            finally:
                os.close(handle)
        except OutputError:
            raise
        except OSError as error:
            raise OutputError(path, error.strerror or str(error)) from None

    # ------------------------------------------------------------------ the steps

    def _allowed(self, path: Path, parts: list[str], folder: bool) -> bool:
        """Whether ``parts`` below the root exist (and are what they should be); refused
        otherwise."""
        try:
            found = os.lstat(self.real.joinpath(*parts))
        except FileNotFoundError:
            return False
        except OSError as error:
            raise OutputError(path, error.strerror or str(error)) from None
        if stat.S_ISLNK(found.st_mode):
            raise OutputError(path, _link(str(self.shown.joinpath(*parts)) if folder else "it"))
        if folder and not stat.S_ISDIR(found.st_mode):
            raise OutputError(path, f"{self.shown.joinpath(*parts)} is not a folder")
        if not folder and not stat.S_ISREG(found.st_mode):
            raise OutputError(path, "it is not a regular file")
        return True

    def _open_root(self) -> int:
        os.makedirs(self.real, mode=0o700 if self.private else 0o777, exist_ok=True)
        return self._tightened(os.open(self.real, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC))

    def _tightened(self, handle: int) -> int:
        """A private folder left open to others (made by an older smersh) is made 0700."""
        if self.private:
            found = os.fstat(handle)
            if found.st_mode & 0o077 and found.st_uid == os.geteuid():
                os.fchmod(handle, 0o700)
        return handle

    def _descend(self, handle: int, parts: list[str], path: Path) -> int:
        """The last folder of ``parts``, inside the open ``handle`` (made if missing),
        opened without following a link."""
        with suppress(FileExistsError):
            os.mkdir(parts[-1], 0o700 if self.private else 0o777, dir_fd=handle)
        try:
            return self._tightened(os.open(parts[-1], _FOLDER, dir_fd=handle))
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise OutputError(path, _link(str(self.shown.joinpath(*parts)))) from None
            if error.errno == errno.ENOTDIR:
                raise OutputError(path, f"{self.shown.joinpath(*parts)} is not a folder") from None
            raise

    def _mode(self, handle: int, name: str, path: Path, exclusive: bool) -> int:
        """The new file's permissions: those of the file it replaces, or a new file's."""
        try:
            found = os.stat(name, dir_fd=handle, follow_symlinks=False)
        except FileNotFoundError:
            return 0o600 if self.private else new_file_mode()
        if stat.S_ISLNK(found.st_mode):
            raise OutputError(path, _link("it"))
        if exclusive:
            raise OutputError(path, "it exists already; choose another file")
        if not stat.S_ISREG(found.st_mode):
            raise OutputError(path, "it is not a regular file")
        return 0o600 if self.private else stat.S_IMODE(found.st_mode)
