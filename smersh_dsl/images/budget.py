"""The budget of a picture: how big a file, how many pixels, how many SVG elements a
project may hand to the renderer. One place states it; the checker (F006) and the print's
fetcher (P104) both read it, from the file's header or an XML parse, never by rendering.

Why these numbers (docs/robustness.md keeps the table):

- Pixels: the largest picture smersh prints is the cover, 221.9 x 303 mm with its bleed
  (``placement.BOXES``), which at 300 dpi is 2,621 x 3,579 pixels, 9.4 million. Twice that
  resolution (600 dpi, 37.5 Mpx) is still within ``MAX_PIXELS``; a 13,000 x 13,000
  picture (169 Mpx) is not. Decoded as RGBA, 50 Mpx is 200 MB in each rendering process.
- Bytes: ``MAX_RASTER_BYTES`` holds a 50 Mpx photograph as JPEG or PNG; an SVG is text,
  and ``MAX_SVG_BYTES`` holds ``MAX_SVG_ELEMENTS`` elements with long paths.
- SVG elements, counted after following every reference (`<use>`, `url(#...)`, pictures
  the SVG shows): WeasyPrint draws a reference by drawing what it names again, so ten
  levels of ten `<use>` each are ten billion elements in a 2 KB file. 50,000 elements
  render in about 7 s and 240 MB; detailed illustrations have a few thousand.
- References nested at most ``MAX_REFERENCE_DEPTH`` deep, elements at most
  ``MAX_NESTING`` (WeasyPrint draws each level by recursion), and no picture that shows
  itself, directly or through another.

The rendering processes have their own limits below (``WORKER_MEMORY_BYTES``,
``SECTION_CPU_SECONDS``): whatever passes the budget and still costs too much ends there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote

from smersh_dsl.images.formats import SNIFF_BYTES, Format, pixel_size_of, sniff
from smersh_dsl.images.svgscan import Part, Scan, TooMany, Unreadable, scan
from smersh_dsl.records import dataclass

MAX_PIXELS = 50_000_000
MAX_RASTER_BYTES = 64 * 1024 * 1024
MAX_SVG_BYTES = 8 * 1024 * 1024
MAX_SVG_ELEMENTS = 50_000
MAX_REFERENCE_DEPTH = 8
MAX_NESTING = 100

# Each rendering process of `smersh build --format pdf` (print/limits.py): its address
# space, and the CPU time of one section. Measured on the bundled books' build (2 processes,
# uncached, 3 min on a shared 2-CPU machine): each process peaked at 158 MB resident in
# 476 MB of address space; a section showing a picture at the pixel budget (7,000 x 7,000
# RGBA) needs between 550 and 700 MB of address space. The same build passes with the
# limits lowered to 1 GiB and 30 s (SMERSH_WORKER_MEMORY_MB=1024 SMERSH_SECTION_CPU_S=30).
WORKER_MEMORY_BYTES = 2 * 1024 * 1024 * 1024
SECTION_CPU_SECONDS = 120

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


@dataclass(frozen=True)
class Breach:
    """A limit a picture passes: ``limit`` names it (bytes, pixels, elements, nesting,
    reference depth, self-reference, svg), ``message`` says it with the numbers."""

    limit: str
    message: str


class _Over(Exception):
    def __init__(self, breach: Breach) -> None:
        super().__init__(breach.message)
        self.breach = breach


def over_budget(path: Path, within: Iterable[Path] = ()) -> Breach | None:
    """What limit the picture at ``path`` passes, or None. Pictures it shows are followed
    when they lie in one of the folders ``within`` (its project), never elsewhere."""
    try:
        _Walk(within).cost(Path(os.path.realpath(path)))
    except _Over as over:
        return over.breach
    return None


def over_budget_data(path: Path, data: bytes, within: Iterable[Path] = ()) -> Breach | None:
    """`over_budget` of the bytes ``data`` read from ``path`` (what the renderer will get)."""
    try:
        _Walk(within).cost(Path(os.path.realpath(path)), data)
    except _Over as over:
        return over.breach
    return None


def read_capped(path: Path) -> bytes:
    """The bytes of a picture, never more than the largest byte budget: `OverBytes` when
    the file is larger."""
    with path.open("rb") as handle:
        if os.fstat(handle.fileno()).st_size > MAX_RASTER_BYTES:
            raise OverBytes(path)
        data = handle.read(MAX_RASTER_BYTES + 1)
    if len(data) > MAX_RASTER_BYTES:
        raise OverBytes(path)
    return data


class OverBytes(Exception):
    """A file larger than any picture may be: it was not read to its end."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path


def _n(value: int) -> str:
    return f"{value:,}"


class _Walk:
    """One measurement: the pictures met on the way, each measured once."""

    def __init__(self, within: Iterable[Path]) -> None:
        self.roots = tuple(Path(os.path.realpath(r)) for r in within)
        self.known: dict[Path, tuple[int, int]] = {}     # (elements, reference depth)
        self.chain: list[Path] = []

    def cost(self, path: Path, data: bytes | None = None) -> tuple[int, int]:
        if path in self.chain:
            loop = " → ".join(p.name for p in [*self.chain[self.chain.index(path):], path])
            raise _Over(Breach("self-reference", f"it shows itself ({loop}), which never ends"))
        if path in self.known:
            return self.known[path]
        if len(self.chain) > MAX_REFERENCE_DEPTH:
            raise _Over(Breach("reference depth", "it shows pictures that show pictures more "
                                                  f"than {MAX_REFERENCE_DEPTH} deep"))
        if data is None:
            try:
                data = read_capped(path)
            except OverBytes:
                self._over_bytes(path, None, MAX_RASTER_BYTES)
            except OSError:
                return 0, 0       # what cannot be read is not drawn either
        kind = sniff(data[:SNIFF_BYTES])
        self.chain.append(path)
        try:
            found = self._svg(path, data) if kind is Format.SVG else self._raster(path, data, kind)
        finally:
            self.chain.pop()
        self.known[path] = found
        return found

    def _where(self, path: Path) -> str:
        return "" if not self.chain or self.chain[0] == path else f" (`{path.name}`, which it shows)"

    def _over_bytes(self, path: Path, size: int | None, limit: int) -> None:
        much = f"{_n(size)} bytes" if size is not None else f"more than {_n(limit)} bytes"
        raise _Over(Breach("bytes", f"the file{self._where(path)} is {much}, over the budget "
                                    f"of {_n(limit)}"))

    def _raster(self, path: Path, data: bytes, kind: Format | None) -> tuple[int, int]:
        if len(data) > MAX_RASTER_BYTES:
            self._over_bytes(path, len(data), MAX_RASTER_BYTES)
        pixels = pixel_size_of(data, kind) if kind is not None else None
        if pixels is not None and pixels[0] * pixels[1] > MAX_PIXELS:
            raise _Over(Breach("pixels", f"the picture{self._where(path)} is {pixels[0]} x "
                                         f"{pixels[1]} = {_n(pixels[0] * pixels[1])} pixels, "
                                         f"over the budget of {_n(MAX_PIXELS)}"))
        return 1, 0

    def _svg(self, path: Path, data: bytes) -> tuple[int, int]:
        if len(data) > MAX_SVG_BYTES:
            self._over_bytes(path, len(data), MAX_SVG_BYTES)
        try:
            found = scan(data, MAX_SVG_ELEMENTS, MAX_NESTING)
        except TooMany as too_many:
            if too_many.what == "nesting":
                raise _Over(Breach("nesting", f"the SVG{self._where(path)} nests elements more "
                                              f"than {MAX_NESTING} deep")) from None
            self._over_elements(path, f"more than {_n(MAX_SVG_ELEMENTS)}")
        except Unreadable as error:
            raise _Over(Breach("svg", f"the SVG{self._where(path)} cannot be read: {error}")) from None
        elements, depth = _Expansion(self, path, found).total()
        if elements > MAX_SVG_ELEMENTS:
            self._over_elements(path, _n(elements) if elements < _CAP else f"more than {_n(_CAP)}")
        return elements, depth

    def _over_elements(self, path: Path, how_many: str) -> None:
        raise _Over(Breach("elements", f"the SVG{self._where(path)} draws {how_many} elements "
                                       "once its references (`<use>`, `url(#...)`, pictures "
                                       f"it shows) are followed, over the budget of "
                                       f"{_n(MAX_SVG_ELEMENTS)}"))

    def picture_named(self, svg: Path, written: str) -> Path | None:
        """The file inside the project that an SVG's reference names, or None."""
        written = written.split("#", 1)[0]
        if not written or _SCHEME.match(written) or written.startswith(("/", "\\")):
            return None
        written = unquote(written)
        if "\0" in written:
            return None
        try:
            target = Path(os.path.realpath(svg.parent / written))
            inside = any(target.is_relative_to(root) for root in self.roots)
            return target if inside and target.is_file() else None
        except (OSError, ValueError):     # a name too long for the system, and the like
            return None


_CAP = 10 ** 12      # past this, "more than": the count only has to be over the budget


class _Expansion:
    """The elements an SVG draws once each reference is replaced by what it names."""

    def __init__(self, walk: _Walk, path: Path, found: Scan) -> None:
        self.walk, self.path, self.scan = walk, path, found
        self.known: dict[str, tuple[int, int]] = {}
        self.chain: list[str] = []

    def total(self) -> tuple[int, int]:
        return self._part(self.scan.whole)

    def _part(self, part: Part) -> tuple[int, int]:
        elements, depth = part.elements, 0
        for ref, times in part.refs.items():
            more, deeper = self._ref(ref)
            elements = min(_CAP, elements + times * more)
            depth = max(depth, deeper + 1 if more else 0)
        if depth > MAX_REFERENCE_DEPTH:
            self._too_deep()
        return elements, depth

    def _too_deep(self) -> None:
        raise _Over(Breach("reference depth", f"the SVG{self.walk._where(self.path)} nests "
                                              "references (`<use>`, `url(#...)`, pictures) "
                                              f"more than {MAX_REFERENCE_DEPTH} deep"))

    def _ref(self, ref: str) -> tuple[int, int]:
        if not ref.startswith("#"):
            target = self.walk.picture_named(self.path, ref)
            return self.walk.cost(target) if target is not None else (0, 0)
        ident = ref[1:]
        if ident in self.chain:
            raise _Over(Breach("self-reference", f"its element `#{ident}` refers to itself "
                                                 "(through `<use>` or `url(#...)`), which never ends"))
        if ident in self.known:
            return self.known[ident]
        part = self.scan.parts.get(ident)
        if part is None:
            return 0, 0
        if len(self.chain) > MAX_REFERENCE_DEPTH:
            self._too_deep()
        self.chain.append(ident)
        try:
            self.known[ident] = self._part(part)
        finally:
            self.chain.pop()
        return self.known[ident]
