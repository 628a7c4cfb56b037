"""Completion by context (issue #29): what the grammar accepts at the cursor, and the
project's names of the kind wanted there, over a real LSP client (pytest-lsp)."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from conftest import REPO
from smersh_dsl.parse.errors import TOP_LEVEL
from lsp_helpers import apply_edits, client_in, opened, position

WORK = Path(tempfile.mkdtemp(prefix="smersh-lsp-complete-"))
BOOK = WORK / "epic"
shutil.copytree(REPO / "books" / "epic", BOOK, dirs_exist_ok=True)
EUROPE = BOOK / "entries" / "europe.smersh"
# The copy lacks entry 01.1.2: the grid of card 01 has a gap to offer.
_europe = EUROPE.read_text(encoding="utf-8")
_gap = re.search(r"^entry 01\.1\.2 \{.*?^\}\n", _europe, re.S | re.M)
assert _gap is not None
EUROPE.write_text(_europe[:_gap.start()] + _europe[_gap.end():], encoding="utf-8")
PIERRE = BOOK / "showdowns" / "pierre.smersh"
MR_BIG = BOOK / "showdowns" / "mr-big.smersh"
SKILLS = {"Spycraft", "Persuasion", "Deception", "Athletics", "Hand to Hand"}
STATUSES = {"Marked", "Black Eye", "Hangover"}
ADVANCED = {"Disguise", "Stealth", "Weapon Use"}


client = client_in(WORK)


async def _complete(client: LanguageClient, path: Path, text: str, at: lsp.Position,
                    trigger: str | None = None) -> list[lsp.CompletionItem]:
    await opened(client, path, text)
    context = (lsp.CompletionContext(lsp.CompletionTriggerKind.TriggerCharacter, trigger)
               if trigger else lsp.CompletionContext(lsp.CompletionTriggerKind.Invoked))
    found = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=path.as_uri()), position=at, context=context))
    return found.items


def _labels(items: list[lsp.CompletionItem], kind: lsp.CompletionItemKind | None = None) -> set[str]:
    return {i.label for i in items if kind is None or i.kind == kind}


def _apply(text: str, item: lsp.CompletionItem) -> str:
    """The buffer after the client applies ``item``'s edit."""
    assert isinstance(item.text_edit, lsp.TextEdit)
    return apply_edits(text, [item.text_edit])


async def test_after_test_the_basic_skills_and_nothing_else(client: LanguageClient):
    text = PIERRE.read_text(encoding="utf-8").replace("test Deception or", "test Dec or", 1)
    items = await _complete(client, PIERRE, text, position(text, "test Dec", len("test Dec")))
    names = _labels(items) - {"any", "d6"}          # the grammar's own words for a test
    assert names == SKILLS
    assert _labels(items, lsp.CompletionItemKind.Keyword) == {"any", "d6"}
    hand = next(i for i in items if i.label == "Hand to Hand")
    assert hand.detail == "skill, level 0-5"
    assert 'test "Hand to Hand" or Persuasion' in _apply(text, hand)   # quoted: it has spaces


async def test_pass_with_offers_what_a_player_holds(client: LanguageClient):
    text = PIERRE.read_text(encoding="utf-8")
    at = position(text, "(pass with Disguise", len("(pass with "))
    labels = _labels(await _complete(client, PIERRE, text, at, " "))
    assert ADVANCED | STATUSES <= labels
    assert not labels & SKILLS and "Paris" not in labels and "gain" not in labels


async def test_inside_gain_status_the_statuses_with_their_effect(client: LanguageClient):
    text = PIERRE.read_text(encoding="utf-8").replace('gain status "Marked"', 'gain status "Ma', 1)
    items = await _complete(client, PIERRE, text, position(text, 'gain status "Ma', len('gain status "Ma')))
    assert STATUSES <= _labels(items)
    assert not _labels(items) & (SKILLS | ADVANCED) and not _labels(items, lsp.CompletionItemKind.Keyword)
    black_eye = next(i for i in items if i.label == "Black Eye")
    assert black_eye.detail.startswith("status: -1 die to Persuasion")
    assert 'gain status "Black Eye\n' in _apply(text, black_eye)   # the typed `Ma` replaced


async def test_goto_and_arrows_offer_this_showdowns_targets_only(client: LanguageClient):
    text = PIERRE.read_text(encoding="utf-8")
    mine = set(re.findall(r"^  encounter (\d+)", text, re.M)) | {"end", "victory", "defeat"}
    other = MR_BIG.read_text(encoding="utf-8")
    assert {"15", "16"} <= set(re.findall(r"^  encounter (\d+)", other, re.M)) - mine
    assert {"bankrupt", "overboard"} <= set(re.findall(r"^  defeat (\w+)", other, re.M))
    items = await _complete(client, PIERRE, text, position(text, "-> 02", len("-> ")), " ")
    assert _labels(items) == mine       # not Mr. Big's 15, 16, bankrupt or overboard
    goto = await _complete(client, PIERRE, text, position(text, "goto 05", len("goto ")), " ")
    assert _labels(goto) == mine
    assert next(i for i in goto if i.label == "02").detail.startswith("encounter: Your gilt chair")
    assert next(i for i in goto if i.label == "end").detail == "tally"


async def test_after_move_the_places(client: LanguageClient):
    text = EUROPE.read_text(encoding="utf-8")
    spot = text.index("\n}\n", text.index("entry 01.1.3"))
    typed = text[:spot] + "\n  move " + text[spot:]
    items = await _complete(client, EUROPE, typed, position(typed, "  move ", len("  move ")), " ")
    labels = _labels(items)
    assert {"Paris", "Berlin", "North Atlantic"} <= labels and not labels & (SKILLS | STATUSES)
    assert _labels(items, lsp.CompletionItemKind.Keyword) == {"any"}
    assert next(i for i in items if i.label == "Paris").detail == "city in Europe"


async def test_a_keyword_where_one_stands_with_its_snippet(client: LanguageClient):
    text = EUROPE.read_text(encoding="utf-8")
    spot = text.index("\n}\n", text.index("entry 01.1.3"))
    typed = text[:spot] + "\n  ga" + text[spot:]
    items = await _complete(client, EUROPE, typed, position(typed, "  ga", len("  ga")))
    keywords = _labels(items, lsp.CompletionItemKind.Keyword)
    assert {"gain", "gamble", "goto", "test", "choose", "take"} <= keywords
    assert not keywords & {"entry", "card", "showdown", "pass", "response"}   # not in an entry's body
    assert not _labels(items) & (SKILLS | STATUSES)
    snippets = {i.label: i for i in items if i.kind == lsp.CompletionItemKind.Snippet}
    assert set(snippets) == {"test", "gamble", "choose"}
    assert snippets["gamble"].insert_text_format == lsp.InsertTextFormat.Snippet


async def test_at_the_top_the_blocks_and_the_entries_the_grid_lacks(client: LanguageClient):
    text = EUROPE.read_text(encoding="utf-8") + "\n"
    at = position(text, text, len(text))
    items = await _complete(client, EUROPE, text, at)
    # from the parser's tables: the very blocks the error recovery knows (parse/errors.py)
    assert _labels(items, lsp.CompletionItemKind.Keyword) == TOP_LEVEL
    gaps = [i for i in items if i.label.startswith("entry 01")]
    assert [i.label for i in gaps] == ["entry 01.1.2"]
    assert "response 1" in gaps[0].detail and "Lose him in the crowd" not in gaps[0].detail
    key = await _complete(client, EUROPE, text + "entry 01.", at.__class__(at.line, 9), ".")
    assert _labels(key, lsp.CompletionItemKind.Reference) == {"01.1.2"}


@pytest.mark.parametrize("word", ["entry", "card", "showdown", "encounter", "test", "gamble", "choose"])
def test_each_snippet_with_its_defaults_parses_where_it_is_offered(word: str):
    from smersh_dsl.lsp.complete import SNIPPETS
    from smersh_dsl.parse.parser import parse_text

    body = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", SNIPPETS[word]).replace("$0", "")
    body = re.sub(r"\$\d+", "", body)
    around = {"encounter": "showdown S {\n%s\n}", "test": 'entry 01.1.1 {\n%s\n}',
              "gamble": 'entry 01.1.1 {\n%s\n}', "choose": 'entry 01.1.1 {\n%s\n}'}
    text = around.get(word, "%s") % body
    _, problems = parse_text(text, "snippet.smersh")
    assert not [p for p in problems if p.code.startswith("S")], (text, problems)
