"""Card images kept between builds, each under a key of everything that made it.

The key (``image_key``) covers the HTML of the card's page, the pictures it shows, the
versions of smersh, WeasyPrint and pdftoppm, the size in pixels: the same key is the same
picture, so a card that did not change is neither laid out nor drawn again. Entries live
in ``cache_dir("card-images")`` (``SMERSH_CACHE_DIR`` moves it; empty turns it off),
sealed with this user's key (``cachedir.seal``): one that fails its check is drawn again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from smersh_dsl.cachedir import cache_dir, seal, unseal
from smersh_dsl.files.outputs import OutputFolder


def image_key(section_key: str, width_px: int, height_px: int, drawer: str) -> str:
    """``section_key``: the print cache's key of the card's page (``cache.section_key``)."""
    return hashlib.sha256(f"{section_key}\0{width_px}x{height_px}\0{drawer}".encode()).hexdigest()


class ImageCache:
    def __init__(self, folder: Path | None = None, enabled: bool = True) -> None:
        self.folder = (folder if folder is not None else cache_dir("card-images")) if enabled else None

    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / key[:2] / f"{key}.png"

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        if path is None:
            return None
        try:
            found = unseal(path.read_bytes(), key)
        except OSError:
            return None
        return None if found is None else bytes(found)

    def put(self, key: str, png: bytes) -> None:
        path = self._path(key)
        sealed = seal(png, key)
        if path is None or sealed is None:
            return
        try:
            OutputFolder(self.folder, private=True).write(path, sealed, durable=False)
        except OSError:
            pass   # a cache that cannot be written only costs time
