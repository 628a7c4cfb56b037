"""Rename across the project and semantic tokens (issue #29), over a real LSP client: a
renamed status, henchman, place, showdown encounter or card number leaves the project
checking as it did, with the new name everywhere; what cannot be renamed safely is refused."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from conftest import REPO, check_paths
from lsp_helpers import apply_edits, client_in, opened, position

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-rename-"))
ORIGINAL = REPO / "books" / "epic"
SHARED = WORK / "unchanged"            # a copy the tests that rename nothing share
shutil.copytree(ORIGINAL, SHARED)


client = client_in(WORK)


def _book(name: str) -> Path:
    book = WORK / name
    shutil.copytree(ORIGINAL, book)
    return book


def _texts(book: Path) -> dict[str, str]:
    return {str(p.relative_to(book)): p.read_text(encoding="utf-8") for p in sorted(book.rglob("*.smersh"))}


def _findings(book: Path) -> list[tuple[str, str]]:
    return sorted((d.code, d.message) for d in check_paths(book))


async def _rename(client: LanguageClient, file: Path, at: lsp.Position, new: str) -> None:
    """Prepare, rename and apply the edit to the files, as an editor would, then save."""
    await opened(client, file)
    doc = lsp.TextDocumentIdentifier(uri=file.as_uri())
    prepared = await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(doc, at))
    assert prepared is not None
    edit = await client.text_document_rename_async(lsp.RenameParams(doc, at, new))
    for uri, edits in edit.changes.items():
        path = Path(unquote(urlparse(uri).path))
        text = apply_edits(path.read_text(encoding="utf-8"), edits)
        path.write_text(text, encoding="utf-8")


async def test_a_status_renamed_everywhere_and_the_project_checks_as_before(client: LanguageClient):
    book = _book("status")
    before, findings = _texts(book), _findings(book)
    uses = sum(t.count('"Marked"') for t in before.values())
    pierre = book / "showdowns" / "pierre.smersh"
    text = pierre.read_text(encoding="utf-8")
    await _rename(client, pierre, position(text, 'gain status "Marked"', len('gain status "')), "Spotted")
    after = _texts(book)
    assert sum(t.count('"Marked"') for t in after.values()) == 0
    assert sum(t.count('"Spotted"') for t in after.values()) == uses
    assert _findings(book) == findings


async def test_a_showdown_encounter_renumbered_in_its_section_only(client: LanguageClient):
    book = _book("encounter")
    findings = _findings(book)
    pierre, mr_big = book / "showdowns" / "pierre.smersh", book / "showdowns" / "mr-big.smersh"
    text, other = pierre.read_text(encoding="utf-8"), mr_big.read_text(encoding="utf-8")
    jumps = len(re.findall(r"(?:goto|->) 05\b", text))
    await _rename(client, pierre, position(text, "goto 05", len("goto ")), "50")
    renamed = pierre.read_text(encoding="utf-8")
    assert "encounter 50 {" in renamed and "encounter 05" not in renamed
    assert len(re.findall(r"(?:goto|->) 50\b", renamed)) == jumps and not re.search(r"(?:goto|->) 05\b", renamed)
    assert mr_big.read_text(encoding="utf-8") == other
    assert _findings(book) == findings


async def test_a_card_number_moves_its_entries_with_it(client: LanguageClient):
    book = _book("card")
    findings = _findings(book)
    cards = book / "cards" / "encounters.smersh"
    europe = book / "entries" / "europe.smersh"
    keys = len(re.findall(r"^entry 01\.", europe.read_text(encoding="utf-8"), re.M))
    text = cards.read_text(encoding="utf-8")
    await _rename(client, cards, position(text, "card Europe 01", len("card Europe ")), "99")
    moved = europe.read_text(encoding="utf-8")
    assert len(re.findall(r"^entry 99\.", moved, re.M)) == keys and not re.search(r"^entry 01\.", moved, re.M)
    assert "card Europe 99 " in cards.read_text(encoding="utf-8")
    assert _findings(book) == findings


async def test_a_henchman_and_a_place_renamed(client: LanguageClient):
    book = _book("henchman")
    findings = _findings(book)
    henchmen = book / "henchmen.smersh"
    text = henchmen.read_text(encoding="utf-8")
    await _rename(client, henchmen, position(text, "henchman Pierre", len("henchman ")), "Pierrot")
    assert "showdown Pierrot {" in (book / "showdowns" / "pierre.smersh").read_text(encoding="utf-8")
    board = book / "board.smersh"
    text = board.read_text(encoding="utf-8")
    await _rename(client, board, position(text, "city Paris", len("city ")), "Lutetia")
    board_text = board.read_text(encoding="utf-8")
    assert {"city Lutetia", "route London Lutetia", "route Lutetia Berlin"} <= set(
        line.strip().split(" [")[0] for line in board_text.split("\n"))
    assert _findings(book) == findings


@pytest.mark.parametrize(("needle", "offset", "why"), [
    ("test Deception", len("test "), "skill"),                   # the game's vocabulary
    ("goto end", len("goto "), "numbered encounters"),            # a tally
])
async def test_what_cannot_be_renamed_safely_is_refused(client: LanguageClient, needle: str, offset: int,
                                                        why: str):
    pierre = SHARED / "showdowns" / "pierre.smersh"
    text = await opened(client, pierre)
    with pytest.raises(JsonRpcException, match=why):
        await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
            lsp.TextDocumentIdentifier(uri=pierre.as_uri()), position(text, needle, offset)))


async def test_a_rename_onto_a_taken_name_or_of_a_base_games_name_is_refused(client: LanguageClient):
    pierre = SHARED / "showdowns" / "pierre.smersh"
    text = await opened(client, pierre)
    doc = lsp.TextDocumentIdentifier(uri=pierre.as_uri())
    with pytest.raises(JsonRpcException, match="already a status `Hangover`"):
        await client.text_document_rename_async(lsp.RenameParams(
            doc, position(text, 'gain status "Marked"', len('gain status "')), "Hangover"))
    expansion = WORK / "expansion"
    expansion.mkdir()
    (expansion / "book.smersh").write_text('expansion nights "Nights" extends smersh { }\n', encoding="utf-8")
    entry = expansion / "entries.smersh"
    entry.write_text('card Europe 40 "Night" { response 1 "Go" }\n'
                     'entry 40.1.1 { "Rain." gain status "Marked" }\n', encoding="utf-8")
    entry_text = await opened(client, entry)
    with pytest.raises(JsonRpcException, match="base game"):
        await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
            lsp.TextDocumentIdentifier(uri=entry.as_uri()), position(entry_text, '"Marked"', 1)))


async def test_semantic_tokens_colour_names_by_kind(client: LanguageClient):
    pierre = SHARED / "showdowns" / "pierre.smersh"
    text = await opened(client, pierre)
    found = await client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(
        lsp.TextDocumentIdentifier(uri=pierre.as_uri())))
    from smersh_dsl.lsp.tokens import TOKEN_TYPES
    lines = text.split("\n")
    line = start = 0
    kinds: dict[str, set[str]] = {}
    data = found.data
    for i in range(0, len(data), 5):
        line += data[i]
        start = data[i + 1] if data[i] else start + data[i + 1]
        word = lines[line][start:start + data[i + 2]]
        kinds.setdefault(TOKEN_TYPES[data[i + 3]], set()).add(word)
    assert "Deception" in kinds["property"] and '"Marked"' in kinds["enumMember"]
    assert "05" in kinds["label"] and "Pierre" in kinds["class"]
    assert not kinds["property"] & kinds["enumMember"]
