"""A folder of outputs written as one (`smersh build --format site`): the old folder is
left as it was until the new one is whole.

Writing a site file by file into its folder left, when a write was refused half-way (a
full disk, a folder where a page should go), a site of new pages beside old ones. So
every file's place is checked first (``OutputFolder.check``: no link, nothing that is not
a regular file where a file goes); then the files are written into a hidden folder beside
the target (``.NAME.XXXX.tmp``), each as the output folder writes; only then is the old
folder moved aside and the new one renamed into its place, two renames a moment apart,
and the old one removed. A failure before the renames removes the hidden folder and
leaves the old one untouched; the new folder holds exactly the files given, so pages of
sections that are gone do not linger.
"""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

from smersh_dsl.files.outputs import OutputError, OutputFolder


def write_folder(folder: OutputFolder, target: Path, files: dict[str, bytes]) -> None:
    """Put ``files`` (name -> bytes) in place as the folder ``target`` inside ``folder``."""
    target = Path(target)
    for name in sorted(files):
        folder.check(target / name)
    tag = secrets.token_hex(4)
    staging = target.parent / f".{target.name}.{tag}.tmp"
    try:
        for name, data in sorted(files.items()):
            folder.write(staging / name, data)
        _swap(folder.real / _inside(folder, staging), folder.real / _inside(folder, target),
              target, tag)
    finally:
        shutil.rmtree(folder.real / _inside(folder, staging), ignore_errors=True)


def _inside(folder: OutputFolder, path: Path) -> Path:
    parts, name = folder.parts(path)
    return Path(*parts, name)


def _swap(new: Path, old: Path, shown: Path, tag: str) -> None:
    """Rename ``new`` over the folder ``old`` (moved aside first, put back on failure)."""
    aside = old.with_name(f".{old.name}.{tag}.old")
    had = os.path.lexists(old)
    try:
        if had:
            os.rename(old, aside)
        try:
            os.rename(new, old)
        except OSError:
            if had:
                os.rename(aside, old)
            raise
    except OSError as error:
        raise OutputError(shown, error.strerror or str(error)) from None
    if had:
        shutil.rmtree(aside, ignore_errors=True)
