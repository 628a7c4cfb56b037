"""The pictures a print document shows: art and icons, from the project's own folder.

A document is built (``DocumentBuilder.build``) inside ``showing(pictures)``, so that the
templates' ``art_url`` and the prose's ``:Name:`` icons find their files without every
builder passing them along. The URL of a picture is its resolved ``file:`` URL when
``images.files.locate`` finds it inside its project folder; otherwise it is what the
writer's path means (the URL itself, or the path joined to the project folder, ``..`` and
all): the fetcher refuses that, and the build stops with P102 naming it, even when the
checker was skipped. Nothing here reads a file but ``pictures_digest``, for the cache.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import field
from functools import lru_cache
from pathlib import Path

from smersh_dsl.images.budget import MAX_RASTER_BYTES
from smersh_dsl.images.files import Located, locate
from smersh_dsl.model.art import icon_key
from smersh_dsl.model.document import Project
from smersh_dsl.model.world import GameDef
from smersh_dsl.records import dataclass

Ref = tuple[str, str]          # (project folder, path as written there)


@dataclass(frozen=True)
class Pictures:
    root: str                                  # the project's folder: its art's paths start here
    icons: dict[str, Ref] = field(default_factory=dict)   # by the name text writes (`Hand_to_Hand`)
    icon_names: dict[str, str] = field(default_factory=dict)   # skill, region... -> icon key
    art: tuple[Ref, ...] = ()
    served: dict[str, str] | None = None   # icon key -> the URL a web page loads it by
    #                                        (site/icons.py); None in print: a file: URL


    @property
    def refs(self) -> tuple[Ref, ...]:
        """Every picture the document may show, each once, in a stable order."""
        return tuple(sorted({*self.art, *self.icons.values()}))

    def url(self, written: str, root: str | None = None) -> str:
        return picture_url(root or self.root, written)

    def icon_url(self, key: str) -> str | None:
        if self.served is not None:
            return self.served.get(key)
        ref = self.icons.get(key)
        return picture_url(*ref) if ref is not None else None

    def icon_for(self, name: str) -> str | None:
        """The icon of a skill, region or intel kind (an icon named like it), if any."""
        key = self.icon_names.get(name)
        return self.icon_url(key) if key is not None else None


def pictures_of(project: Project) -> Pictures:
    """The project's art (from its JSON paths) and the icons of it and its base games."""
    from smersh_dsl.checks.art import placed_art

    icons: dict[str, Ref] = {}
    for member in reversed(project.lineage()):         # the nearest declaration wins
        if isinstance(member.header, GameDef):
            for icon in member.header.icons:
                icons[icon_key(icon.name.text)] = (str(member.root), icon.path)
    art = tuple((str(project.root), a.path) for a, _ in placed_art(project))
    names = {key.replace("_", " "): key for key in icons} | {key: key for key in icons}
    return Pictures(str(project.root), icons, names, art)


@lru_cache(maxsize=4096)
def picture_url(root: str, written: str) -> str:
    found = locate(Path(root), written)
    if isinstance(found, Located):
        return found.path.as_uri()
    if "://" in written or written.startswith("data:"):
        return written
    return Path(os.path.abspath(os.path.join(root, written))).as_uri()


_SHOWING: ContextVar[Pictures | None] = ContextVar("pictures", default=None)


@contextmanager
def showing(pictures: Pictures | None) -> Iterator[None]:
    token = _SHOWING.set(pictures)
    try:
        yield
    finally:
        _SHOWING.reset(token)


def current() -> Pictures | None:
    """The pictures of the document being built, or None (no art printed)."""
    return _SHOWING.get()


def _file_digest(path: Path) -> str:
    stat = path.stat()
    return _digest_of(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=1024)
def _digest_of(path: str, mtime_ns: int, size: int) -> str:
    if size > MAX_RASTER_BYTES:         # refused by the fetcher: never read it whole
        return f"over-budget:{mtime_ns}:{size}"
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def pictures_digest(pictures: tuple[Ref, ...], html: str) -> str:
    """A digest of the contents of the pictures ``html`` shows: the section cache's key
    includes it, so changing a picture's bytes renders the sections that show it again."""
    if not pictures:
        return ""
    digest = hashlib.sha256()
    for root, written in pictures:
        found = locate(Path(root), written)
        if isinstance(found, Located) and found.path.as_uri() in html:
            try:
                digest.update(f"{found.path}\0{_file_digest(found.path)}\0".encode())
            except OSError:
                continue
    return digest.hexdigest()
