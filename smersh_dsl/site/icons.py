"""The icons a web page shows where prose says `:Name:`: the project's `icon NAME "file"`
declarations, as print/pictures.py reads them for the PDFs (the nearest declaration of a
game or its base wins), each given a flat name of its own in the site
(``icon-<digest>.svg``): the static folder holds a copy by that name and `smersh serve`
answers it by that name, never any other file.

A declaration whose file is missing, outside its project, not a PNG, JPEG or SVG, or over
the picture budget (images/budget.py) gets no name, and its `:Name:` stays as written
(the checker reports the file: F001, F002, F006)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from smersh_dsl.images.budget import over_budget
from smersh_dsl.images.files import Located, locate
from smersh_dsl.images.formats import Format, sniff_file
from smersh_dsl.model.document import Project
from smersh_dsl.print.pictures import Pictures, pictures_of
from smersh_dsl.records import dataclass

_SUFFIX = {Format.PNG: "png", Format.JPEG: "jpg", Format.SVG: "svg"}


@dataclass(frozen=True)
class IconFile:
    path: Path           # resolved, inside its project
    root: Path           # its project's folder: what an SVG may show lies there
    media: str           # its media type, from its first bytes

    def read(self) -> bytes | None:
        """The file's bytes, or None when it is gone or has grown over the budget since
        the check."""
        try:
            if over_budget(self.path, [self.root]) is not None:
                return None
            return self.path.read_bytes()
        except OSError:
            return None


def icons_of(project: Project) -> tuple[dict[str, str], dict[str, IconFile]]:
    """(icon key -> its name in the site, that name -> the file) of one project."""
    keys: dict[str, str] = {}
    files: dict[str, IconFile] = {}
    for key, (root, written) in pictures_of(project).icons.items():
        found = locate(Path(root), written)
        if not isinstance(found, Located):
            continue
        try:
            kind = sniff_file(found.path)
            if kind is None or over_budget(found.path, [Path(root)]) is not None:
                continue
        except OSError:
            continue
        tag = hashlib.blake2b(str(found.path).encode(), digest_size=6).hexdigest()
        name = keys[key] = f"icon-{tag}.{_SUFFIX[kind]}"
        files[name] = IconFile(found.path, Path(root), kind.media_type)
    return keys, files


def shown(keys: dict[str, str], root: str) -> Pictures:
    """What a page's prose shows its icons by: ``root`` (what every link of the page starts
    with, site/pages.py's ``frame_of``) and the icon's name in the site."""
    return Pictures(root="", served={key: root + name for key, name in keys.items()})
