"""Where smersh keeps caches (parsed files, rendered PDF sections): a folder safe to delete.

``SMERSH_CACHE_DIR`` wins; then ``$XDG_CACHE_HOME/smersh-dsl``; then ``~/.cache/smersh-dsl``.
Set ``SMERSH_CACHE_DIR`` to an empty string to turn every cache off.
"""

from __future__ import annotations

import os
from pathlib import Path

from smersh_dsl import __version__


def cache_root() -> Path | None:
    """The cache folder for this version of smersh, or None when caching is off."""
    chosen = os.environ.get("SMERSH_CACHE_DIR")
    if chosen is not None:
        if not chosen.strip():
            return None
        base = Path(chosen)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = (Path(xdg) if xdg else Path.home() / ".cache") / "smersh-dsl"
    return base / __version__


def cache_dir(kind: str) -> Path | None:
    root = cache_root()
    return None if root is None else root / kind


def source_stamp(folders: list[Path], suffixes: tuple[str, ...] = (".py",)) -> str:
    """A digest of the files below ``folders`` ending in ``suffixes``: each one's path, size
    and modification time. What is cached or kept running was made by code with this
    stamp; an edit to any of those files changes it."""
    import hashlib
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.suffix in suffixes):
            stat = path.stat()
            digest.update(f"{path.relative_to(folder.parent)}:{stat.st_size}:{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()
