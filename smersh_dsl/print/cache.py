"""Rendered section PDFs, kept by a hash of what made them.

The key covers the section's HTML, the profile, whether forms are on, and the versions of
smersh and WeasyPrint: the same key always means the same PDF, so a hit is reused as is.
Entries live in ``cache_dir("print")`` (``SMERSH_CACHE_DIR`` moves it; empty turns it off)
and are written atomically, so an interrupted build never leaves half a PDF in the cache.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from dataclasses import asdict
from pathlib import Path

from smersh_dsl import __version__
from smersh_dsl.cachedir import cache_dir
from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.print.profiles import Profile


@lru_cache(maxsize=1)
def _weasyprint_version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("weasyprint")
    except PackageNotFoundError:
        return "?"


def section_key(html: str, profile: Profile, forms: bool) -> str:
    identity = json.dumps([__version__, _weasyprint_version(), asdict(profile), forms],
                          sort_keys=True, default=str)
    digest = hashlib.sha256(identity.encode("utf-8"))
    digest.update(b"\0")
    digest.update(html.encode("utf-8"))
    return digest.hexdigest()


class SectionCache:
    def __init__(self, folder: Path | None = None, enabled: bool = True) -> None:
        self.folder = (folder if folder is not None else cache_dir("print")) if enabled else None

    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / key[:2] / f"{key}.pdf"

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        if path is None:
            return None
        try:
            data = path.read_bytes()
        except OSError:
            return None
        return data if data.startswith(b"%PDF") and b"%%EOF" in data[-1024:] else None

    def put(self, key: str, data: bytes) -> None:
        path = self._path(key)
        if path is None:
            return
        try:
            write_atomic(path, data, durable=False)   # checked when read: %PDF ... %%EOF
        except OSError:
            pass   # a cache that cannot be written only costs time
