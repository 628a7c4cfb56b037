"""Property-based tests of the picture budget's reader (images/budget.py, issue #26):
whatever a picture's header or structure says, `over_budget_data` returns None or a
`Breach` naming one of its limits, and raises nothing, within a time bound.

Three generators: PNG headers (IHDR width, height, depth, colour type, CRC; truncated,
with junk after), JPEG headers (segments of random kinds and lengths, fill bytes, a
start-of-frame with random sizes, truncated), and SVG documents (width, height, viewBox;
trees of `g`, `use`, `image`, `defs`, `symbol`, `pattern` whose `href` and `url(#...)`
point at random ids, at themselves, at another picture of the folder or out of it; a
DOCTYPE with entities; truncated). The default run is small; a long one:

    SMERSH_FUZZ_EXAMPLES=30000 pytest -q -p no:cacheprovider tests/test_fuzz_pictures.py

(``SMERSH_FUZZ_TIMEOUT=S``, default 60: one example taking longer fails as TooSlow.)
docs/robustness.md records the last long run.
"""

from __future__ import annotations

import os
import signal
import struct
import zlib
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smersh_dsl.images.budget import Breach, over_budget_data

LIMITS = {"bytes", "pixels", "elements", "nesting", "reference depth", "self-reference", "svg"}
TIME_LIMIT = int(os.environ.get("SMERSH_FUZZ_TIMEOUT", "60"))
FUZZ = settings(max_examples=int(os.environ.get("SMERSH_FUZZ_EXAMPLES") or 150), deadline=None,
                database=None, suppress_health_check=list(HealthCheck))


class TooSlow(Exception):
    """One example took longer than SMERSH_FUZZ_TIMEOUT seconds."""


@contextmanager
def bounded():
    def too_slow(*_):
        raise TooSlow(f"over {TIME_LIMIT} s")
    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(TIME_LIMIT)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("pictures")
    (root / "other.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><use href="self.svg"/>'
                                    '<rect/></svg>', encoding="utf-8")
    (root / "big.png").write_bytes(_png(20000, 20000, 8, 6, None, b"", 0))
    return root


def _measured(folder: Path, data: bytes) -> None:
    path = folder / "self.svg"
    path.write_bytes(data)           # a picture an SVG names may be this one
    with bounded():
        found = over_budget_data(path, data, [folder])
    assert found is None or (isinstance(found, Breach) and found.limit in LIMITS
                             and isinstance(found.message, str) and found.message), found


# ---------------------------------------------------------------------------- PNG

def _png(width: int, height: int, depth: int, colour: int, crc: int | None, tail: bytes,
         cut: int) -> bytes:
    body = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    check = zlib.crc32(b"IHDR" + body) if crc is None else crc
    data = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + body
            + struct.pack(">I", check) + tail)
    return data[:len(data) - cut] if cut else data


@FUZZ
@given(width=st.integers(0, 2**32 - 1), height=st.integers(0, 2**32 - 1),
       depth=st.integers(0, 255), colour=st.integers(0, 255),
       crc=st.none() | st.integers(0, 2**32 - 1), tail=st.binary(max_size=64),
       cut=st.integers(0, 40))
def test_png_headers(folder, width, height, depth, colour, crc, tail, cut):
    _measured(folder, _png(width, height, depth, colour, crc, tail, cut))


# ---------------------------------------------------------------------------- JPEG

_MARKERS = st.sampled_from([0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC8, 0xCC, 0xCF, 0xD0, 0xD8,
                            0xDA, 0xDB, 0xDD, 0xE0, 0xE1, 0xEE, 0xFE, 0x01, 0xFF, 0x00])


@st.composite
def jpegs(draw) -> bytes:
    parts = [b"\xff\xd8"]
    for _ in range(draw(st.integers(0, 8))):
        marker = draw(_MARKERS)
        fill = b"\xff" * draw(st.integers(0, 3))
        length = draw(st.integers(0, 0xFFFF))
        body = draw(st.binary(max_size=32))
        parts.append(fill + bytes([0xFF, marker]) + struct.pack(">H", length) + body)
    if draw(st.booleans()):
        kind = draw(st.sampled_from([0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC9, 0xCF]))
        parts.append(bytes([0xFF, kind]) + struct.pack(">HBHHB", 11, 8, draw(st.integers(0, 0xFFFF)),
                                                       draw(st.integers(0, 0xFFFF)), 1))
    data = b"".join(parts) + draw(st.binary(max_size=32))
    return data[:draw(st.integers(3, max(3, len(data))))]


@FUZZ
@given(data=jpegs())
def test_jpeg_headers(folder, data):
    _measured(folder, data)


# ---------------------------------------------------------------------------- SVG

_IDS = ["a", "b", "c", "d"]
_REFS = st.sampled_from(["#a", "#b", "#c", "#d", "#missing", "self.svg", "other.svg",
                         "big.png", "other.svg#a", "../outside.svg", "/etc/passwd",
                         "http://example.com/x.svg", "data:image/png;base64,AAAA",
                         "%00", "x" * 300, ""])
_TAGS = st.sampled_from(["g", "use", "image", "defs", "symbol", "pattern", "rect", "feImage"])
_SIZES = st.sampled_from(["", "10", "1e999", "-5", "100%", "abc", "0", "NaN", "9" * 40])


@st.composite
def elements(draw, depth: int = 0) -> str:
    tag = draw(_TAGS)
    attributes = []
    if draw(st.booleans()):
        attributes.append(f'id="{draw(st.sampled_from(_IDS))}"')
    if draw(st.booleans()):
        attributes.append(f'{draw(st.sampled_from(["href", "xlink:href"]))}="{draw(_REFS)}"')
    if draw(st.booleans()):
        attributes.append(f'fill="url({draw(_REFS)})"')
    children = "" if depth >= 3 else "".join(
        draw(st.lists(elements(depth + 1), max_size=draw(st.integers(0, 4)))))
    times = draw(st.integers(1, 3))
    return f'<{tag} {" ".join(attributes)}>{children}</{tag}>' * times


@st.composite
def svgs(draw) -> bytes:
    doctype = draw(st.sampled_from(["", '<!DOCTYPE svg [<!ENTITY e "ee">]>',
                                    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd">']))
    size = f'width="{draw(_SIZES)}" height="{draw(_SIZES)}" viewBox="{draw(_SIZES)} 0 {draw(_SIZES)} 9"'
    body = "".join(draw(st.lists(elements(), max_size=5)))
    text = (f'<?xml version="1.0"?>{doctype}<svg xmlns="http://www.w3.org/2000/svg" '
            f'xmlns:xlink="http://www.w3.org/1999/xlink" {size}>{body}</svg>').encode()
    if draw(st.booleans()):
        text = text[:draw(st.integers(0, len(text)))]
    return text


@FUZZ
@given(data=svgs())
def test_svg_structures(folder, data):
    _measured(folder, data)
