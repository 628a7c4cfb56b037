"""From a path as a writer wrote it to a file inside the project, or the reason it is not.

A reference is project-relative: no URL (`http://`, `file://`, `data:`), no absolute path,
nothing that leaves the project's folder once `..` and symbolic links are resolved. The
checker reports each refusal with its code; the print's fetcher admits only what
``locate`` accepts, so the same rule holds when the checker is skipped.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath, PureWindowsPath

from smersh_dsl.records import dataclass

# A scheme (`http:`, `file:`, `data:`) or a network path (`//host/...`); one letter and a
# colon is a Windows drive, an absolute path.
_URL = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]+:|//|\\\\)")


@dataclass(frozen=True)
class Located:
    path: Path           # resolved: no link, no `..`


@dataclass(frozen=True)
class Refused:
    code: str            # F001 missing or unreadable, F002 outside the project, F003 a URL
    reason: str


def locate(root: Path, written: str) -> Located | Refused:
    """The file ``written`` names below the project folder ``root``."""
    if _URL.match(written):
        return Refused("F003", "a URL: only files inside the project are read")
    if (not written or "\0" in written or PurePosixPath(written).is_absolute()
            or PureWindowsPath(written).is_absolute() or PureWindowsPath(written).drive):
        return Refused("F002", "an absolute path: write it relative to the project folder")
    base = Path(os.path.realpath(root))
    path = Path(os.path.realpath(base / written))
    if not path.is_relative_to(base):
        how = "a link that leads" if ".." not in PurePosixPath(written).parts else "a path that leads"
        return Refused("F002", f"{how} out of the project folder")
    if not path.exists():
        return Refused("F001", "no such file")
    if not path.is_file():
        return Refused("F001", "not a regular file")
    if not os.access(path, os.R_OK):
        return Refused("F001", "the file cannot be read")
    return Located(path)
