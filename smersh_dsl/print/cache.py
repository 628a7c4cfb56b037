"""Rendered section PDFs, kept by a hash of what made them, and checked before reuse.

The key covers the section's HTML, the profile, whether forms are on, and the versions of
smersh and WeasyPrint: the same key always means the same PDF, so a good entry is reused
as is. Entries live in ``cache_dir("print")`` (``SMERSH_CACHE_DIR`` moves it; empty turns
it off) and are written atomically (``OutputFolder``, private), so an interrupted build never leaves half a PDF there.

Each entry carries a SHA-256 checksum of its key and its whole PDF (``_seal``), verified on
every read: an entry with a byte changed anywhere (not only its first or last bytes), cut
short, or holding the right PDF of another key (two entries swapped) fails it, is
deleted, and its section is rendered again. The folder is 0700 and each entry 0600: what a
book says before it is published is nobody else's to read.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path

from smersh_dsl import __version__
from smersh_dsl.cachedir import cache_dir
from smersh_dsl.files.outputs import OutputFolder
from smersh_dsl.print.profiles import Profile

MAGIC = b"smersh print cache 2\n"      # then the checksum in hex, a newline, the PDF
_DIGEST = 64                              # characters of a SHA-256 in hex


@lru_cache(maxsize=1)
def _weasyprint_version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("weasyprint")
    except PackageNotFoundError:
        return "?"


def section_key(html: str, profile: Profile, forms: bool, pictures: str = "") -> str:
    """``pictures``: a digest of the contents of the pictures the HTML shows
    (``pictures.pictures_digest``), so that a changed picture renders its sections again."""
    identity = json.dumps([__version__, _weasyprint_version(), asdict(profile), forms, pictures],
                          sort_keys=True, default=str)
    digest = hashlib.sha256(identity.encode("utf-8"))
    digest.update(b"\0")
    digest.update(html.encode("utf-8"))
    return digest.hexdigest()


def _checksum(key: str, pdf: bytes) -> bytes:
    """SHA-256 of the key and the PDF: the right bytes under another key fail it too."""
    digest = hashlib.sha256(MAGIC)
    digest.update(key.encode("ascii", "replace"))
    digest.update(b"\0")
    digest.update(pdf)
    return digest.hexdigest().encode("ascii")


def _seal(key: str, pdf: bytes) -> bytes:
    return MAGIC + _checksum(key, pdf) + b"\n" + pdf


def _open(key: str, entry: bytes) -> bytes | None:
    """The PDF of a sealed entry of ``key``, or None when the entry is not whole and its own."""
    start = len(MAGIC) + _DIGEST + 1
    if not entry.startswith(MAGIC) or entry[start - 1:start] != b"\n":
        return None
    pdf = entry[start:]
    if not hmac.compare_digest(entry[len(MAGIC):start - 1], _checksum(key, pdf)):
        return None
    return pdf


class SectionCache:
    def __init__(self, folder: Path | None = None, enabled: bool = True) -> None:
        self.folder = (folder if folder is not None else cache_dir("print")) if enabled else None
        self.discarded = 0          # entries found damaged (or another key's) and deleted

    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / key[:2] / f"{key}.pdf"

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        if path is None:
            return None
        try:
            entry = path.read_bytes()
        except OSError:
            return None
        pdf = _open(key, entry)
        if pdf is None:
            self.discarded += 1
            try:
                path.unlink()       # rendered again, and put back whole, by this build
            except OSError:
                pass
        return pdf

    def put(self, key: str, data: bytes) -> None:
        path = self._path(key)
        if path is None:
            return
        try:           # folders 0700, the entry 0600, never through a link: as the parse cache
            OutputFolder(self.folder, private=True).write(path, _seal(key, data), durable=False)
        except OSError:
            pass   # a cache that cannot be written only costs time
