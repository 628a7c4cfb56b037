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

Every picture is held to the picture budget (``images.budget``: bytes, pixels, SVG
elements once references are followed, no picture that shows itself) on the bytes read,
before WeasyPrint gets them: one over it is refused and becomes P104, naming the picture
and the section, so a picture that would render for hours or decode to gigabytes never
reaches the renderer, even when the checker was skipped.
"""

from __future__ import annotations

import mimetypes
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import field
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from weasyprint.urls import URLFetcher, URLFetcherResponse

from smersh_dsl.images.budget import (MAX_RASTER_BYTES, Breach, OverBytes, over_budget_data,
                                      read_capped)
from smersh_dsl.images.files import Located, locate
from smersh_dsl.images.formats import SNIFF_BYTES, Format, sniff, sniff_file
from smersh_dsl.records import dataclass
from smersh_dsl.termination import stop_if_terminated

PACKAGE = Path(__file__).resolve().parent.parent     # smersh_dsl/: fonts, templates


@dataclass(frozen=True)
class AllowList:
    """The folders whose files a print document may use; nothing outside them."""

    folders: tuple[Path, ...] = (PACKAGE,)
    images: frozenset[Path] = frozenset()     # single picture files, resolved
    roots: tuple[Path, ...] = ()              # their project folders, resolved

    def also(self, *folders: Path, pictures: tuple[tuple[str, str], ...] = ()) -> AllowList:
        """This allow-list and ``folders``, and of ``pictures`` (each a project folder and
        a path as written there) those that are a PNG, JPEG or SVG file inside it."""
        admitted, roots = set(self.images), dict.fromkeys(self.roots)
        for root, written in pictures:
            found = locate(Path(root), written)
            if isinstance(found, Located) and _picture_format(found.path) is not None:
                admitted.add(found.path)
                roots[Path(os.path.realpath(root))] = None
        return AllowList(self.folders + tuple(Path(f) for f in folders), frozenset(admitted),
                         tuple(roots))

    def shown_as(self, path: Path) -> str:
        """A picture's path as its project names it (from the project folder)."""
        for root in self.roots:
            if path.is_relative_to(root):
                return path.relative_to(root).as_posix()
        return str(path)

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


class OverBudget(Exception):
    """A picture over the picture budget (images/budget.py): refused, and a P104 error."""

    def __init__(self, picture: str, breach: Breach) -> None:
        super().__init__(f"{picture} is over the picture budget: {breach.message}")
        self.picture, self.breach = picture, breach


@dataclass
class Watch:
    """What the fetcher refused while a block ran: URLs outside the allow-list (P102) and
    (picture, why) for pictures over the budget (P104), each once."""

    refused: list[str] = field(default_factory=list)
    over_budget: list[tuple[str, str]] = field(default_factory=list)

    def take(self, other: Watch) -> None:
        self.refused.extend(u for u in other.refused if u not in self.refused)
        self.over_budget.extend(o for o in other.over_budget if o not in self.over_budget)


class Fetcher(URLFetcher):
    """WeasyPrint's URL fetcher, reading only what ``allowed`` allows."""

    def __init__(self, allowed: AllowList = AllowList()) -> None:
        super().__init__()
        self.allowed = allowed
        self._local = threading.local()

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        stop_if_terminated()      # WeasyPrint may have swallowed it: it ends here again
        allowed = getattr(self._local, "allowed", None) or self.allowed
        path = allowed.path_of(url)
        if path is None:
            self._note_refused(url)
            raise Refused(url)
        if path not in allowed.images:
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": kind})
        data, picture = self._picture(path, allowed)
        return URLFetcherResponse(path.as_uri(), data, {"Content-Type": picture.media_type})

    def _picture(self, path: Path, allowed: AllowList) -> tuple[bytes, Format]:
        """A picture's bytes, read once and held to the budget: what is measured is what
        WeasyPrint gets. A file swapped for another kind after the check is refused."""
        try:
            data = read_capped(path)
            breach = over_budget_data(path, data, allowed.roots)
        except OverBytes:
            breach = Breach("bytes", f"the file is more than {MAX_RASTER_BYTES:,} bytes, "
                                     f"over the budget of {MAX_RASTER_BYTES:,}")
            data = b""
        if breach is not None:
            shown = allowed.shown_as(path)
            watch = getattr(self._local, "watch", None)
            if watch is not None and (shown, breach.message) not in watch.over_budget:
                watch.over_budget.append((shown, breach.message))
            raise OverBudget(shown, breach)
        picture = sniff(data[:SNIFF_BYTES])
        if picture is None:
            self._note_refused(path.as_uri())
            raise Refused(path.as_uri())
        return data, picture

    def _note_refused(self, url: str) -> None:
        watch = getattr(self._local, "watch", None)
        if watch is not None and url not in watch.refused:
            watch.refused.append(url)

    @contextmanager
    def watching(self, allowed: AllowList | None = None) -> Iterator[Watch]:
        """What is refused (in this thread) while the block runs; with ``allowed``, what
        the block may read instead of the fetcher's own allow-list."""
        outer = getattr(self._local, "watch", None)
        outer_allowed = getattr(self._local, "allowed", None)
        watch = Watch()
        self._local.watch = watch
        if allowed is not None:
            self._local.allowed = allowed
        try:
            yield watch
        finally:
            if outer is not None:
                outer.take(watch)
            self._local.watch = outer
            self._local.allowed = outer_allowed


@lru_cache(maxsize=1)
def fetcher() -> Fetcher:
    """The fetcher of every WeasyPrint call of this process."""
    return Fetcher()
