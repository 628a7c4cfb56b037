"""The output intent of the ``pod`` profile: the press its PDF/X-3 is meant for.

PDF/X-3 asks every file to say which printing condition its colours are prepared for: an
``/OutputIntents`` array in the catalog holding one ``/GTS_PDFX`` output intent whose
``/DestOutputProfile`` is the ICC profile of an output device (class ``prtr``). WeasyPrint
writes the PDF/X keys and the XMP metadata but no such intent unless a stylesheet brings a
CMYK profile, so ``pdf_bytes`` hands WeasyPrint ``add_output_intent`` as its finisher.

- The profile is Ghostscript's "Artifex CMYK SWOP Profile", ``default_cmyk.icc``, which
  Debian ships in ``libgs-common`` (a dependency of ``ghostscript``), found where Linux
  distributions and Homebrew put it. ``SMERSH_OUTPUT_PROFILE`` names another one, such as
  the profile a print shop asks for; it must be an ICC version 2 CMYK printer profile,
  since PDF/X-3 is PDF 1.4. The profile is read from the disk, never committed here.
- The pages' colours are RGB (``rg`` in the content: DeviceRGB). PDF/X-3 admits device
  colour only in the output intent's own colour space, so each page's colour spaces get a
  ``/DefaultRGB`` of sRGB (the ICC profile WeasyPrint ships for PDF/A): the RGB is then
  calibrated, device-independent colour, which PDF/X-3 accepts, and the print shop's RIP
  converts it to its CMYK.
- No profile, or a file that is not one: ``OutputProfileMissing``, whose message starts
  with its rule code, P103, and names the package to install.
"""

from __future__ import annotations

import glob
import hashlib
import os
import struct
from dataclasses import field
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from smersh_dsl.records import dataclass

ENVIRONMENT = "SMERSH_OUTPUT_PROFILE"
PACKAGE = "libgs-common"           # Debian's package of Ghostscript's ICC profiles
FILE = "default_cmyk.icc"

# Where Ghostscript's ICC profiles are installed: Debian and Ubuntu, then other Linux
# distributions (share/ghostscript/<version>/iccprofiles), then Homebrew.
SEARCHED = (
    f"/usr/share/color/icc/ghostscript/{FILE}",
    f"/usr/share/ghostscript/*/iccprofiles/{FILE}",
    f"/usr/local/share/ghostscript/*/iccprofiles/{FILE}",
    f"/opt/homebrew/share/ghostscript/*/iccprofiles/{FILE}",
)

# The one output intent PDF/X-3 defines, and the identifier of a printing condition that
# no registry names: the profile itself is embedded and says what it is.
SUBTYPE = "/GTS_PDFX"
CUSTOM_CONDITION = "Custom"
REGISTRY = "http://www.color.org"


class OutputProfileMissing(Exception):
    """P103: no usable CMYK output profile for the ``pod`` profile's output intent."""


@dataclass(frozen=True)
class OutputProfile:
    path: str
    description: str
    sha256: str
    data: bytes = field(repr=False, compare=False)

    @property
    def identity(self) -> str:
        """What the section cache keys a ``pod`` section by: a new profile renders anew."""
        return f"{self.description} sha256:{self.sha256}"


def _missing(why: str) -> OutputProfileMissing:
    return OutputProfileMissing(
        f"P103 output-profile-missing: {why}; the pod profile's PDF/X-3 output intent needs "
        f"Ghostscript's CMYK profile {FILE} (Debian: apt-get install {PACKAGE}; elsewhere: "
        f"install Ghostscript) or {ENVIRONMENT} naming an ICC v2 CMYK printer profile")


def read_profile(path: Path) -> OutputProfile:
    """The ICC profile at ``path``, once its header says it can be a PDF/X-3 output intent."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise _missing(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) < 132 or data[36:40] != b"acsp":
        raise _missing(f"{path} is not an ICC profile")
    declared, major = struct.unpack(">I", data[:4])[0], data[8]
    device_class, colour_space = data[12:16], data[16:20]
    if declared != len(data):
        raise _missing(f"{path} is cut short ({len(data)} of the {declared} bytes it declares)")
    if device_class != b"prtr" or colour_space != b"CMYK":
        raise _missing(f"{path} is a {device_class.decode('latin-1').strip()} profile of "
                       f"{colour_space.decode('latin-1').strip()}, not a CMYK printer (prtr) one")
    if major != 2:
        raise _missing(f"{path} is an ICC version {major} profile; PDF/X-3 (PDF 1.4) reads version 2")
    return OutputProfile(str(path), description(data) or path.stem,
                         hashlib.sha256(data).hexdigest(), data)


def description(data: bytes) -> str:
    """The profile's ``desc`` tag: an ICC v2 textDescription or a v4 multiLocalizedUnicode."""
    count = struct.unpack(">I", data[128:132])[0]
    for index in range(min(count, (len(data) - 132) // 12)):
        signature, offset, size = struct.unpack(">4sII", data[132 + 12 * index:144 + 12 * index])
        if signature != b"desc":
            continue
        tag = data[offset:offset + size]
        if tag[:4] == b"desc" and len(tag) >= 12:
            length = struct.unpack(">I", tag[8:12])[0]
            return tag[12:12 + length].split(b"\0")[0].decode("latin-1").strip()
        if tag[:4] == b"mluc" and len(tag) >= 28:
            length, start = struct.unpack(">II", tag[20:28])
            return data[offset + start:offset + start + length].decode("utf-16-be", "replace").strip()
    return ""


def find_profile() -> Path:
    """``SMERSH_OUTPUT_PROFILE`` when it is set, else the first installed Ghostscript profile."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen:
        return Path(chosen)
    for pattern in SEARCHED:
        found = sorted(glob.glob(pattern))
        if found:
            return Path(found[-1])
    raise _missing(f"{FILE} is not installed (looked in {', '.join(SEARCHED)})")


@lru_cache(maxsize=4)
def _profile_at(path: str, size: int, mtime_ns: int) -> OutputProfile:
    return read_profile(Path(path))


def output_profile() -> OutputProfile:
    """The output profile, read once a process (again if the file changes)."""
    path = find_profile()
    try:
        stat = path.stat()
    except OSError as error:
        raise _missing(f"cannot read {path}: {error.strerror or error}") from None
    return _profile_at(str(path), stat.st_size, stat.st_mtime_ns)


def identity() -> str:
    """The output profile's identity, or why there is none (the render then fails, P103)."""
    try:
        return output_profile().identity
    except OutputProfileMissing:
        return "missing"


@lru_cache(maxsize=1)
def _srgb() -> bytes:
    return (files("weasyprint.pdf") / "sRGB2014.icc").read_bytes()


def add_output_intent(document, pdf) -> None:
    """WeasyPrint's finisher for ``pod``: the output intent in the catalog, and sRGB as
    the default RGB of every page, so the pages' RGB is calibrated colour."""
    import pydyf

    profile = output_profile()
    destination = pydyf.Stream([profile.data], pydyf.Dictionary({"N": 4}), compress=True)
    pdf.add_object(destination)
    pdf.catalog["OutputIntents"] = pydyf.Array([pydyf.Dictionary({
        "Type": "/OutputIntent",
        "S": SUBTYPE,
        "OutputConditionIdentifier": pydyf.String(CUSTOM_CONDITION),
        "OutputCondition": pydyf.String(profile.description),
        "Info": pydyf.String(profile.description),
        "RegistryName": pydyf.String(REGISTRY),
        "DestOutputProfile": destination.reference,
    })])
    srgb = pydyf.Stream([_srgb()], pydyf.Dictionary({"N": 3}), compress=True)
    pdf.add_object(srgb)
    default_rgb = pydyf.Array(("/ICCBased", srgb.reference))
    for colour_spaces in _page_colour_spaces(pdf):
        colour_spaces["DefaultRGB"] = default_rgb


def _page_colour_spaces(pdf) -> list:
    """The ColorSpace dictionaries of the pages' resources, each once (WeasyPrint shares
    one among a document's pages and the groups drawn on them)."""
    found: dict[int, object] = {}
    for number in pdf.pages["Kids"][::3]:
        resources = _resolve(pdf, pdf.objects[number].get("Resources"))
        spaces = _resolve(pdf, resources.get("ColorSpace")) if resources is not None else None
        if spaces is not None:
            found[id(spaces)] = spaces
    return list(found.values())


def _resolve(pdf, value):
    """A pydyf reference (b"12 0 R") as its object; any other value as it is."""
    if isinstance(value, bytes) and value.endswith(b" R"):
        return pdf.objects[int(value.split()[0])]
    return value
