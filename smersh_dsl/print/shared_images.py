"""One copy of each picture per PDF, however many sections show it.

Sections are rendered apart, so each section's PDF embeds its own copy of a picture that
several sections show (a deck back's picture on every deck, an icon in every part of the
book). After the merge, image XObjects with the same bytes and the same dictionary are
pointed at the first of them, and the copies no page uses any more are dropped.
"""

from __future__ import annotations

import hashlib
import inspect

from pypdf import PdfWriter
from pypdf.generic import DictionaryObject, IndirectObject, NameObject, StreamObject


def _identity(image: StreamObject) -> bytes:
    """What makes two image XObjects the same picture: their bytes and their dictionary
    (with a soft mask, the mask's own identity)."""
    digest = hashlib.sha256(getattr(image, "_data", None) or image.get_data())
    for key in sorted(k for k in image.keys() if k not in ("/Length", "/SMask")):
        digest.update(f"{key}={image[key]!r};".encode())
    mask = image.get("/SMask")
    if mask is not None:
        digest.update(_identity(mask.get_object()))
    return digest.digest()


def share_images(writer: PdfWriter) -> int:
    """Point every page at one copy of each picture; how many references moved to it."""
    first: dict[bytes, IndirectObject] = {}
    seen: dict[int, IndirectObject] = {}      # by object number: pages share resources
    shared = 0
    for page in writer.pages:
        resources = page.get("/Resources")
        xobjects = resources.get_object().get("/XObject") if resources is not None else None
        if xobjects is None:
            continue
        xobjects = xobjects.get_object()
        assert isinstance(xobjects, DictionaryObject)
        for name, ref in list(xobjects.items()):
            image = ref.get_object()
            if not isinstance(ref, IndirectObject) or image.get("/Subtype") != "/Image":
                continue
            known = seen.get(ref.idnum)
            if known is None:
                known = seen[ref.idnum] = first.setdefault(_identity(image), ref)
            if known.idnum != ref.idnum:
                xobjects[NameObject(name)] = known
                shared += 1
    if shared:
        _drop_orphans(writer)
    return shared


def _drop_orphans(writer: PdfWriter) -> None:
    """Drop the objects nothing refers to (the copies): pypdf's own pass, whose option for
    leaving duplicates alone was renamed in pypdf 7 (and which pypdf 4 lacks: the copies
    then stay in the file, unused)."""
    compress = getattr(writer, "compress_identical_objects", None)
    if compress is None:
        return
    options = inspect.signature(compress).parameters
    if "remove_duplicates" in options:
        compress(remove_duplicates=False, remove_unreferenced=True)
    else:
        compress(remove_identicals=False, remove_orphans=True)
