"""What WeasyPrint may read while it renders: smersh's own files, and nothing else.

WeasyPrint reads every URL a page names (a stylesheet, an image, a font, ``url(...)`` in
CSS) with its URL fetcher, and its default one reads any local file and any http(s) or
ftp address. Every WeasyPrint call of the print pipeline (``HTML()`` and ``CSS()`` in
``render.py``, laying out and writing the PDF, the warm-up of ``jobs.warm_up``, in this
process or in a rendering process) is handed the one fetcher of ``fetcher()`` instead.

- It reads a ``file:`` URL whose file, once links and ``..`` are resolved, lies in a
  folder of its allow-list (``AllowList``): by default the package's own folder,
  smersh_dsl/, which holds the fonts. It reads the file itself, from the resolved path,
  so what was checked is what is read.
- It refuses every other URL (another local file, http, https, ftp, data:, ...) without
  touching the network or the disk, and records it. WeasyPrint itself would only log a
  warning and print the page without the resource; ``jobs.render_section`` instead
  reports the refused URLs of the section it rendered (``watching``), and the pipeline
  makes each a P102 error: the build fails and names the URL.

The allow-list grows (``AllowList.also``) by a project's own pictures: single files, each
one that ``images.files.locate`` finds inside its project folder (no URL, no absolute path,
no ``..`` or link leading out) and whose first bytes are PNG, JPEG or SVG. Nothing else of
the project is readable, not even its .smersh files, and a picture is sniffed again when
it is read, so a file swapped for another kind after the check is refused. A rendering
call names the pictures its page may use (``watching(allowed)``); whatever else the page
names is refused and becomes P102, even when the checker was skipped.
"""

from __future__ import annotations

import mimetypes
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from weasyprint.urls import URLFetcher, URLFetcherResponse

from smersh_dsl.images.files import Located, locate
from smersh_dsl.images.formats import Format, sniff_file

PACKAGE = Path(__file__).resolve().parent.parent     # smersh_dsl/: fonts, templates


@dataclass(frozen=True)
class AllowList:
    """The folders whose files a print document may use; nothing outside them."""

    folders: tuple[Path, ...] = (PACKAGE,)
    images: frozenset[Path] = frozenset()     # single picture files, resolved

    def also(self, *folders: Path, pictures: tuple[tuple[str, str], ...] = ()) -> AllowList:
        """This allow-list and ``folders``, and of ``pictures`` (each a project folder and
        a path as written there) those that are a PNG, JPEG or SVG file inside it."""
        admitted = set(self.images)
        for root, written in pictures:
            found = locate(Path(root), written)
            if isinstance(found, Located) and _picture_format(found.path) is not None:
                admitted.add(found.path)
        return AllowList(self.folders + tuple(Path(f) for f in folders), frozenset(admitted))

    def path_of(self, url: str) -> Path | None:
        """The file ``url`` names, resolved, when it is allowed; None when it is not."""
        try:
            parts = urlsplit(url)
        except ValueError:
            return None
        if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
            return None
        raw = url2pathname(parts.path)      # with %XX decoded
        if not raw or "\0" in raw:
            return None
        path = Path(os.path.realpath(raw))
        for folder in self.folders:
            if path.is_relative_to(os.path.realpath(folder)):
                return path
        if path in self.images and _picture_format(path) is not None:
            return path
        return None


def _picture_format(path: Path) -> Format | None:
    try:
        return sniff_file(path) if path.is_file() else None
    except OSError:
        return None


class Refused(Exception):
    """A URL outside the allow-list: WeasyPrint goes on without it, the build does not."""

    def __init__(self, url: str) -> None:
        super().__init__(f"smersh reads only its own files while printing, not {url}")
        self.url = url


class Fetcher(URLFetcher):
    """WeasyPrint's URL fetcher, reading only what ``allowed`` allows."""

    def __init__(self, allowed: AllowList = AllowList()) -> None:
        super().__init__()
        self.allowed = allowed
        self._local = threading.local()

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        allowed = getattr(self._local, "allowed", None) or self.allowed
        path = allowed.path_of(url)
        if path is None:
            refused = getattr(self._local, "refused", None)
            if refused is not None and url not in refused:
                refused.append(url)
            raise Refused(url)
        picture = _picture_format(path) if path in allowed.images else None
        kind = (picture.media_type if picture is not None
                else mimetypes.guess_type(path.name)[0] or "application/octet-stream")
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": kind})

    @contextmanager
    def watching(self, allowed: AllowList | None = None) -> Iterator[list[str]]:
        """The URLs refused (in this thread) while the block runs, each once; with
        ``allowed``, what the block may read instead of the fetcher's own allow-list."""
        outer = getattr(self._local, "refused", None)
        outer_allowed = getattr(self._local, "allowed", None)
        refused: list[str] = []
        self._local.refused = refused
        if allowed is not None:
            self._local.allowed = allowed
        try:
            yield refused
        finally:
            if outer is not None:
                outer.extend(u for u in refused if u not in outer)
            self._local.refused = outer
            self._local.allowed = outer_allowed


@lru_cache(maxsize=1)
def fetcher() -> Fetcher:
    """The fetcher of every WeasyPrint call of this process."""
    return Fetcher()
