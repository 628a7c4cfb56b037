"""What a card does (issue #27) in the writer's tools: `smersh fmt` lays the new items out
and keeps their meaning, the highlighters colour their words as keywords, and the editor's
outline, hover and go-to-definition work on them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name
from pygments.token import Keyword

from conftest import REPO, check_paths, smersh
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.highlight.textmate import textmate_grammar
from smersh_dsl.lsp.hover import hover_text
from smersh_dsl.lsp.index import ProjectIndex
from smersh_dsl.lsp.outline import outline

GOLDEN = REPO / "tests" / "golden" / "fmt"
NEW_WORDS = ("does", "leaves", "top_secret", "starts", "any_time", "before_test", "after_roll",
             "after_pass", "on_injury", "on_gain_intel", "start_of_turn", "end_of_turn",
             "while_held", "when_drawn", "auto_pass", "prevent", "airport", "toggle", "keep",
             "uses", "reaches", "rest_hq", "pass_at_hq", "encounter_in", "after_use",
             "lobo_advances", "spend")


def test_fmt_lays_out_every_card_item_and_keeps_its_meaning(tmp_path: Path):
    messy = tmp_path / "cards.smersh"
    shutil.copy(GOLDEN / "cards.in.smersh", messy)
    done = smersh("fmt", str(messy))
    assert done.returncode == 0 and "1 reformatted" in done.stdout + done.stderr
    laid_out = messy.read_text(encoding="utf-8")
    assert laid_out == (GOLDEN / "cards.out.smersh").read_text(encoding="utf-8")
    assert format_text(laid_out) == laid_out                          # idempotent
    assert "  does before_test on \"Hand to Hand\" { auto_pass }\n" in laid_out
    assert "  starts { gadget \"Shoe Phone\" status \"Black Eye\"\n" in laid_out
    assert smersh("fmt", "--check", str(messy)).returncode == 0


@pytest.mark.parametrize("word", NEW_WORDS)
def test_the_highlighters_know_the_new_words(word: str):
    tokens = list(get_lexer_by_name("smersh").get_tokens(f'gadget "X" {{ {word} }}'))
    assert [t for t, v in tokens if v == word][0] in Keyword
    assert word in textmate_grammar()


BOOK = '''game g "G" {
  skills { Athletics Spycraft }
}
region Europe { values 1..1 city Paris [airport hq] }
card Europe 01 "Followed" { response 1 "Hide" }
entry 01.1.1 { "You hide." }
gadget "Shoe Phone" { does any_time { gain 1 intel } }
status "Limp" { does while_held on Athletics if in Paris { dice -1 } leaves rest_hq }
top_secret "Dossier" { does any_time { gain 2 intel } }
villain "Fog" { does end_of_turn { close airport Paris } }
spy "Ann" { health 5 starts { gadget "Shoe Phone" top_secret 1 } }
'''


def _index(tmp_path: Path) -> tuple[ProjectIndex, str]:
    book = tmp_path / "book.smersh"
    book.write_text(BOOK, encoding="utf-8")
    assert check_paths(book) == []
    from smersh_dsl.pipeline.run import check_run
    project = check_run([book]).projects[0]
    return ProjectIndex(project), project.files[0].path


def test_the_outline_names_top_secret_cards_and_every_card(tmp_path: Path):
    index, file = _index(tmp_path)
    names = [s.name for s in outline(index.definitions_in(file), lambda span: None)]
    assert names[-5:] == ['gadget Shoe Phone', 'status Limp', 'top_secret Dossier',
                          'villain Fog', 'spy Ann']


def test_go_to_definition_from_a_power_and_from_starts(tmp_path: Path):
    index, file = _index(tmp_path)
    lines = BOOK.splitlines()

    def defined(name: str, line: int) -> tuple[int, int]:
        column = lines[line - 1].index(name) + 1
        use = index.use_at(file, line, column)
        assert use is not None, name
        target = index.definition(use)
        return target.line, target.column
    assert defined('"Shoe Phone"', 11) == (7, 8)          # starts { gadget ... }
    assert defined("Athletics", 8) == (2, 12)             # does ... on SKILL
    assert defined("Paris {", 8)[0] == 4                  # if in PLACE
    assert defined("Paris }", 10)[0] == 4                 # close airport PLACE


def test_hover_over_every_column_of_the_card_lines_answers(tmp_path: Path):
    """Hover runs over the new items without an error (it gives odds on tests only)."""
    index, file = _index(tmp_path)
    for number, line in enumerate(BOOK.splitlines()[6:], start=7):
        answers = {hover_text(index, file, number, column) for column in range(1, len(line) + 1)}
        assert answers == {None}, (number, answers)
