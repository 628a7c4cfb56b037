"""The print cache uses an entry only if it is whole and its own (``print/cache.py``).

A damaged entry once passed the check (``%PDF`` at the start, ``%%EOF`` at the end) and
gave PDFs that silently lost half their text until the cache was deleted; two swapped
entries gave the wrong sections. Each entry now carries a SHA-256 of its key and its
whole PDF; these tests damage real entries and build again.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import TESTS
from smersh_dsl.print.books.encounter_book import encounter_book
from smersh_dsl.print.cache import MAGIC, SectionCache
from smersh_dsl.print.pipeline import Planned, build
from smersh_dsl.print.profiles import profile

KEY_A, KEY_B = "ab" + "0" * 62, "cd" + "1" * 62
PDF = b"%PDF-1.7\n" + bytes(range(256)) * 40 + b"\n%%EOF\n"


def small_doc() -> dict:
    return json.loads((TESTS / "golden" / "print" / "book.json").read_text(encoding="utf-8"))


def entries(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf"))


def garble_middle(path: Path) -> None:
    """Change bytes in the middle of an entry; its first and last kB stay as they were
    (the header, the PDF's %PDF and its trailer, %%EOF; a book's folios are a 3 kB entry)."""
    data = bytearray(path.read_bytes())
    assert len(data) > 2048 + 64
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(b ^ 0x5A for b in data[middle:middle + 64])
    path.write_bytes(bytes(data))


# ---------------------------------------------------------------- entries

def test_an_entry_is_read_back_as_written(tmp_path):
    cache = SectionCache(tmp_path)
    cache.put(KEY_A, PDF)
    [path] = entries(tmp_path)
    assert path.read_bytes().startswith(MAGIC)
    assert cache.get(KEY_A) == PDF and cache.discarded == 0
    assert cache.get(KEY_B) is None and cache.discarded == 0       # a miss is no damage


@pytest.mark.parametrize("damage", ["middle", "last-byte", "cut-short", "empty",
                                    "checksum", "old-format"])
def test_a_damaged_entry_is_deleted_not_used(tmp_path, damage):
    cache = SectionCache(tmp_path)
    cache.put(KEY_A, PDF)
    [path] = entries(tmp_path)
    data = path.read_bytes()
    if damage == "middle":
        garble_middle(path)
    elif damage == "last-byte":
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    elif damage == "cut-short":
        path.write_bytes(data[:len(data) // 2] + b"\n%%EOF\n")
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "checksum":
        at = len(MAGIC) + 10
        path.write_bytes(data[:at] + (b"0" if data[at:at + 1] != b"0" else b"1") + data[at + 1:])
    else:                                    # an entry of the version before checksums
        path.write_bytes(PDF)
    assert cache.get(KEY_A) is None
    assert cache.discarded == 1 and not path.exists()
    cache.put(KEY_A, PDF)                    # rendered again, and put back whole
    assert cache.get(KEY_A) == PDF


def test_swapped_entries_are_not_used(tmp_path):
    """The right bytes under another key: each checksum covers its key, so both fail."""
    cache = SectionCache(tmp_path)
    other = PDF.replace(b"%PDF-1.7", b"%PDF-1.4")
    cache.put(KEY_A, PDF)
    cache.put(KEY_B, other)
    a, b = (cache._path(KEY_A), cache._path(KEY_B))
    first, second = a.read_bytes(), b.read_bytes()
    a.write_bytes(second)
    b.write_bytes(first)
    assert cache.get(KEY_A) is None and cache.get(KEY_B) is None
    assert cache.discarded == 2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_entries_are_0600_in_0700_folders(tmp_path):
    folder = tmp_path / "print"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)               # a folder made by an older smersh
    cache = SectionCache(folder)
    cache.put(KEY_A, PDF)
    [path] = entries(folder)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    path.chmod(0o644)                     # an entry made by an older smersh
    cache.put(KEY_A, PDF)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not [p for p in path.parent.iterdir() if p != path]      # no temporary left


# ---------------------------------------------------------------- builds

@pytest.fixture
def built(tmp_path):
    """The small encounter book built once into a fresh cache: (build, its page texts)."""
    chosen = profile("screen")
    cache_folder = tmp_path / "cache"

    def run(name: str):
        target = tmp_path / name / "encounter-book.pdf"
        lines: list[str] = []
        result = build([Planned(target, encounter_book(small_doc(), chosen))], chosen,
                       jobs=1, cache=SectionCache(cache_folder), progress=lines.append)
        assert result.written == [target], result.diagnostics
        result.progress = lines
        return result, [page.extract_text() for page in PdfReader(target).pages]

    first, pages = run("first")
    assert first.rendered == 5 and len(entries(cache_folder)) == 5   # and title, index, folios
    return run, pages, cache_folder


def test_a_build_over_garbled_entries_renders_them_again_and_prints_everything(built):
    run, pages, folder = built
    for path in entries(folder):
        garble_middle(path)
    again, again_pages = run("again")
    assert (again.rendered, again.cached) == (5, 0)
    assert "3 damaged cache entries deleted: rendering again" in again.progress
    assert again_pages == pages
    third, third_pages = run("third")      # the entries were put back whole
    assert (third.rendered, third.cached) == (0, 5) and third_pages == pages


def test_a_build_over_swapped_entries_renders_them_again_in_order(built):
    run, pages, folder = built
    first, second, *_ = entries(folder)
    one, two = first.read_bytes(), second.read_bytes()
    first.write_bytes(two)
    second.write_bytes(one)
    again, again_pages = run("again")
    assert (again.rendered, again.cached) == (2, 3)
    assert again_pages == pages
