"""Where smersh keeps caches (parsed files, rendered PDF sections): a folder safe to delete.

``SMERSH_CACHE_DIR`` wins; then ``$XDG_CACHE_HOME/smersh-dsl``; then ``~/.cache/smersh-dsl``.
Set ``SMERSH_CACHE_DIR`` to an empty string to turn every cache off.

The folder is private: what is cached holds whole sources, and what is read back from it
is unpickled. So the folder and the one of this version are made 0700 (an existing one
is put right), a folder owned by another user is not used at all (caching is then off),
files are written 0600 (``smersh_dsl.files.outputs``), and what is unpickled is sealed
first (``seal``): an HMAC-SHA256 under a per-user key kept in the folder, 0600, checked
before a single byte is unpickled. A planted or damaged entry is then one that fails its
check, and is parsed again.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path

from smersh_dsl import __version__

KEY_BYTES = 32
SEAL = b"smersh-sealed-1\n"       # what a sealed file starts with, then the HMAC, then data
_verified: dict[str, tuple[int, int]] = {}     # folder -> (device, inode) found private
_keys: dict[str, bytes] = {}                   # folder -> its key


def cache_base() -> Path | None:
    """The cache folder chosen by the environment, or None when caching is off."""
    chosen = os.environ.get("SMERSH_CACHE_DIR")
    if chosen is not None:
        if not chosen.strip():
            return None
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "smersh-dsl"


def cache_root() -> Path | None:
    """The cache folder for this version of smersh, made private; None when caching is off
    or the folder cannot be private (owned by another user, not a folder, not writable)."""
    base = cache_base()
    if base is None:
        return None
    root = base / __version__
    found = _stat(root, follow=False)
    if found is not None and _verified.get(str(root)) == found:
        return root
    _verified.pop(str(root), None)
    _keys.pop(str(root), None)           # a folder made again has a key made again
    try:                                  # the base first: nothing is made in another's
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(base, follow=True):
            return None
        root.mkdir(mode=0o700, exist_ok=True)
        if not _private(root, follow=False):
            return None
    except OSError:
        return None
    _verified[str(root)] = _stat(root, follow=False) or (0, 0)
    return root


def _stat(folder: Path, follow: bool) -> tuple[int, int] | None:
    """A private folder's identity as last seen: device and inode, or None if it is gone
    or has been opened to others since."""
    try:
        found = os.stat(folder, follow_symlinks=follow)
    except OSError:
        return None
    return None if found.st_mode & 0o077 else (found.st_dev, found.st_ino)


def _private(folder: Path, follow: bool) -> bool:
    """Whether ``folder`` is a folder of this user (a link to one, if ``follow``), made
    0700 if it was open to others."""
    found = os.stat(folder, follow_symlinks=follow)
    if not stat.S_ISDIR(found.st_mode) or found.st_uid != os.geteuid():
        return False
    if found.st_mode & 0o077:
        os.chmod(folder, 0o700)
    return True


def cache_dir(kind: str) -> Path | None:
    root = cache_root()
    return None if root is None else root / kind


def cache_key() -> bytes | None:
    """This user's key for sealing cache files, made at first use; None without a cache."""
    root = cache_root()
    if root is None:
        return None
    known = _keys.get(str(root))
    if known is not None:
        return known
    try:
        key = _read_key(root / "key")
        if key is None:
            key = _make_key(root)
    except OSError:
        return None
    if key is not None:
        _keys[str(root)] = key
    return key


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``: a regular file of this user, of the right size (made 0600 if
    it was open to others); None if there is none. A key that is not right is removed."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    with os.fdopen(handle, "rb") as file:
        found = os.fstat(handle)
        key = file.read(KEY_BYTES + 1)
        if stat.S_ISREG(found.st_mode) and found.st_uid == os.geteuid() and len(key) == KEY_BYTES:
            if found.st_mode & 0o077:
                os.fchmod(handle, 0o600)
            return key
    path.unlink()
    return None


def _make_key(root: Path) -> bytes | None:
    """A new key, written whole to a temporary file made with O_EXCL, then linked to
    ``key``: a process that reads it never finds half a key, and of two processes making
    one at once, the second reads the first's."""
    key = secrets.token_bytes(KEY_BYTES)
    temporary = root / f".key.{secrets.token_hex(4)}.tmp"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                     | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(key)
        try:
            os.link(temporary, root / "key")
        except FileExistsError:
            return _read_key(root / "key")
        return key
    finally:
        with suppress(OSError):
            temporary.unlink()


def seal(data: bytes, label: str) -> bytes | None:
    """``data`` with the HMAC of this user's key over ``label`` and ``data`` before it
    (``label`` names the entry, so an entry moved to another name fails its check);
    None when there is no cache to keep it in."""
    key = cache_key()
    if key is None:
        return None
    return SEAL + _mac(key, label, data) + data


def unseal(blob: bytes, label: str) -> memoryview | None:
    """The data ``seal`` sealed under ``label``, or None if its check fails."""
    key = cache_key()
    if key is None or not blob.startswith(SEAL):
        return None
    view = memoryview(blob)
    start = len(SEAL) + hashlib.sha256().digest_size
    data = view[start:]
    return data if hmac.compare_digest(view[len(SEAL):start], _mac(key, label, data)) else None


def _mac(key: bytes, label: str, data: bytes | memoryview) -> bytes:
    digest = hmac.new(key, label.encode("utf-8", "surrogatepass") + b"\0", hashlib.sha256)
    digest.update(data)
    return digest.digest()


def source_stamp(folders: list[Path], suffixes: tuple[str, ...] = (".py",)) -> str:
    """A digest of the files below ``folders`` ending in ``suffixes``: each one's path, size
    and modification time. What is cached or kept running was made by code with this
    stamp; an edit to any of those files changes it. (Walked with ``os.scandir``, whose
    entries carry their type: pathlib's ``rglob`` took twice as long, and every command
    that reads a cache pays for the walk.)"""
    digest = hashlib.sha256()
    for folder in folders:
        parent = os.path.dirname(os.fspath(folder))
        for name, size, mtime in sorted(_files_below(os.fspath(folder), suffixes, parent)):
            digest.update(f"{name}:{size}:{mtime}\0".encode())
    return digest.hexdigest()


def _files_below(folder: str, suffixes: tuple[str, ...], parent: str) -> list[tuple[str, int, int]]:
    """(path relative to ``parent``, size, mtime in ns) of every file below ``folder``
    whose name ends in one of ``suffixes``; links to folders are not followed."""
    found, todo = [], [folder]
    start = len(os.path.join(parent, ""))          # entry paths all begin with parent/
    while todo:
        try:
            entries = list(os.scandir(todo.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                todo.append(entry.path)
            elif os.path.splitext(entry.name)[1] in suffixes:
                info = entry.stat()
                found.append((entry.path[start:], info.st_size, info.st_mtime_ns))
    return found
