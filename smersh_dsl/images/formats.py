"""What an image file is, from its first bytes (never its suffix), and its size in pixels,
read from the PNG or JPEG header without decoding the picture."""

from __future__ import annotations

import io
import re
import struct
from enum import Enum
from pathlib import Path
from typing import BinaryIO


class Format(str, Enum):
    PNG = "png"
    JPEG = "jpeg"
    SVG = "svg"

    @property
    def media_type(self) -> str:
        return {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}[self.value]


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_SVG_ROOT = re.compile(rb"<svg[\s>/]")
_SVG_PROLOG = re.compile(rb"^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*>\s*|<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]",
                         re.S)
SNIFF_BYTES = 4096


def sniff(head: bytes) -> Format | None:
    """The format whose signature ``head`` (a file's first bytes) starts with."""
    if head.startswith(PNG_SIGNATURE):
        return Format.PNG
    if head.startswith(b"\xff\xd8\xff"):
        return Format.JPEG
    if _SVG_ROOT.search(head) and _SVG_PROLOG.match(head):
        return Format.SVG
    return None


def sniff_file(path: Path) -> Format | None:
    with path.open("rb") as handle:
        return sniff(handle.read(SNIFF_BYTES))


def _png_size(handle: BinaryIO) -> tuple[int, int] | None:
    header = handle.read(24)
    if len(header) < 24 or header[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", header[16:24])
    return width, height


# Start-of-frame markers carry the picture's size; C4 (Huffman), C8 and CC are not frames.
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_size(handle: BinaryIO) -> tuple[int, int] | None:
    handle.read(2)
    for _ in range(1000):           # a header has a few dozen segments at most
        marker = handle.read(2)
        while len(marker) == 2 and marker[1] == 0xFF:      # fill bytes
            marker = marker[1:] + handle.read(1)
        if len(marker) < 2 or marker[0] != 0xFF:
            return None
        kind = marker[1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            continue
        length = handle.read(2)
        if len(length) < 2:
            return None
        size = struct.unpack(">H", length)[0]
        if kind in _SOF:
            frame = handle.read(5)
            if len(frame) < 5:
                return None
            height, width = struct.unpack(">HH", frame[1:5])
            return width, height
        if kind == 0xDA or size < 2:
            return None
        handle.seek(size - 2, 1)
    return None


def pixel_size(path: Path, kind: Format) -> tuple[int, int] | None:
    """(width, height) in pixels of a PNG or JPEG; None for SVG (it has no pixels) or a
    header that does not say."""
    if kind not in _READERS:
        return None
    with path.open("rb") as handle:
        return _measured(_READERS[kind](handle))


def pixel_size_of(data: bytes, kind: Format) -> tuple[int, int] | None:
    """`pixel_size` of a picture already read."""
    return _measured(_READERS[kind](io.BytesIO(data))) if kind in _READERS else None


_READERS = {Format.PNG: _png_size, Format.JPEG: _jpeg_size}


def _measured(found: tuple[int, int] | None) -> tuple[int, int] | None:
    if found is None or found[0] < 1 or found[1] < 1:
        return None
    return found
