"""`smersh play` as a person reads it: prose wrapped at word boundaries to a narrow
terminal with its emphasis in italics (a real terminal, tmux), plain text down a pipe; a
failed roll says how many successes it needed; the odds beside a test are those of the
spy's own sheet, say what they assume, and the resolve question says what it offers."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from conftest import REPO, smersh
from waiting import HANG_GUARD_S, until
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document
from smersh_dsl.play.core.terminal import Screen

PIERRE = ("play", "epic", "books/epic", "--showdown", "Pierre", "--players", "1", "--seed", "1")
EMPHASIS = "Noir Absolu"              # the Pierre intro's `*Noir Absolu*`
WIDTH = 40


def _intro(stdout: str) -> list[str]:
    """The Pierre intro's paragraphs, as plain text prints them (one line each)."""
    lines = stdout.split("-- Encounter 01")[0].splitlines()[1:]
    return [line for line in lines if line]


# -- a real terminal ------------------------------------------------------------------

def _tmux(socket: str, *args: str, check: bool = False) -> str:
    """A tmux command on this test's own server (``-L``): started from this process, so
    the program in it runs with this environment, whatever other servers run."""
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True,
                          check=check).stdout


def _capture(socket: str, *flags: str) -> str:
    return _tmux(socket, "capture-pane", "-p", "-S", "-", *flags)


def _wait_for(socket: str, text: str) -> str:
    """The screen once ``text`` is on it."""
    try:
        until(lambda: text in _capture(socket), f"{text!r} appeared", poll_s=0.2)
    except AssertionError:
        raise AssertionError(f"{text!r} never appeared; the screen:\n{_capture(socket)}") from None
    return _capture(socket)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_prose_wraps_at_word_boundaries_and_shows_emphasis_in_a_narrow_terminal(tmp_path):
    plain = smersh(*PIERRE, "--auto", cwd=REPO)
    assert plain.returncode == 0, plain.stderr
    paragraphs = _intro(plain.stdout)
    assert len(paragraphs) == 2 and all(len(p) > 3 * WIDTH for p in paragraphs)
    socket = f"smersh-prose-{tmp_path.name}"
    exe = Path(sys.executable).with_name("smersh")
    # the game starts once the pane is WIDTH columns wide: a pane may be born wider
    command = f"tmux -L {socket} wait-for go && cd {REPO} && {exe} {' '.join(PIERRE)}; sleep 600"
    _tmux(socket, "new-session", "-d", "-x", str(WIDTH), "-y", "50", command, check=True)
    try:
        until(lambda: _tmux(socket, "display", "-p", "#{pane_width}").strip() == str(WIDTH),
              f"the pane was {WIDTH} columns wide", poll_s=0.2)
        _tmux(socket, "wait-for", "-S", "go", check=True)
        screen = _wait_for(socket, "choose [1]:")
        rows = screen.split("Showdown: Pierre\n", 1)[1].split("-- Encounter 01")[0].split("\n\n")
        assert len(rows) == 2
        for paragraph, shown in zip(paragraphs, rows):
            lines = shown.strip("\n").split("\n")
            assert len(lines) > 3 and all(len(line) <= WIDTH for line in lines)
            # every break is between words: the rows, rejoined with one space, are the text
            assert " ".join(lines) == paragraph
            # and each row is full: the next row's first word would not have fitted
            for line, after in zip(lines, lines[1:]):
                assert len(line) + 1 + len(after.split(" ")[0]) > WIDTH
        styled = _capture(socket, "-e")
        assert f"\x1b[3m{EMPHASIS}" in styled                   # italic, SGR 3
        assert f"*{EMPHASIS}*" not in styled
        options = screen.split("What do you do?\n", 1)[1].split("choose [1]:")[0].splitlines()
        assert options[:2] == ["  1. Take a front-row seat as a visiting", "     critic"]
    finally:
        _tmux(socket, "kill-server")


def test_down_a_pipe_prose_is_plain_text_unwrapped_without_stars_or_escapes():
    done = smersh(*PIERRE, "--auto", cwd=REPO, env={"COLUMNS": str(WIDTH)})
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout
    intro = _intro(done.stdout)
    assert EMPHASIS in intro[0] and f"*{EMPHASIS}*" not in intro[0]
    assert "*" not in done.stdout                               # no emphasis mark anywhere
    assert all(len(p) > 3 * WIDTH for p in intro)               # a paragraph is one line


# -- a roll, and the odds beside a test ------------------------------------------------

ROLL = re.compile(r"^(?P<spy>.+?) rolls (?P<dice>\d+) dic?e?: (?P<faces>[a-z, ]+)"
                  r"(?:; (?P<turned>\d+) resolve turned into \d+ success(?:es)?)?"
                  r" - (?P<got>\d+) success(?:es)?(?: of |, )(?P<needed>\d+) needed: "
                  r"(?P<result>PASS|FAIL)$")


def test_a_failed_roll_says_how_many_successes_it_needed():
    """EP-TEST-2: "[N] requires N successes"; the line counts what the dice gave."""
    done = smersh("play", "epic", "books/epic", "--showdown", "Pierre", "--auto", "--seed", "1",
                  cwd=REPO)
    assert done.returncode == 0, done.stderr
    rolls = [ROLL.match(line) for line in done.stdout.splitlines()
             if re.search(r" rolls \d+ dic?e?: ", line)]
    assert rolls and all(rolls), done.stdout
    failed = [r for r in rolls if r["result"] == "FAIL"]
    assert failed, "this seed fails a roll"
    for roll in rolls:
        faces = roll["faces"].split(", ")
        assert len(faces) == int(roll["dice"])
        got = faces.count("success") + int(roll["turned"] or 0)
        assert int(roll["got"]) == got
        assert (got >= int(roll["needed"])) == (roll["result"] == "PASS")
    assert any(f" - {r['got']} success{'' if r['got'] == '1' else 'es'} of {r['needed']} "
               "needed: FAIL" in r.string for r in failed)


def _chance(faces: tuple[str, ...], level: int, needed: int, resolve: int) -> Fraction:
    """The rulebook's odds, worked by rolling every face of every die: EP-TEST-1 (dice =
    level, 1 to 6), EP-TEST-6 (1 resolve before the roll: one level up), EP-TEST-7 (1
    resolve turns a rolled resolve icon into a success); resolve spent the best way."""
    best = Fraction(0)
    for before in range(resolve + 1):
        dice = max(1, min(6, level + before))
        passes = sum(1 for roll in product(faces, repeat=dice)
                     if roll.count("success") + min(roll.count("resolve"), resolve - before)
                     >= needed)
        best = max(best, Fraction(passes, len(faces) ** dice))
    return best


OPTION = re.compile(r"^  \d\. (?P<spy>[^:]+): (?P<skill>[A-Za-z ]+?) (?P<level>\d+) "
                    r"(?P<mod>[+-]\d+) \[(?P<needed>\d+)\], (?P<dice>\d+) dic?e?"
                    r"(?:, (?P<bare>\d+)% as rolled; with (?:(?P<first>\d+) resolve first|"
                    r"resolve on its icons))?   \((?P<chance>\d+)% to pass\)$")
OFFER = re.compile(r"Resolve to spend before rolling: (?P<spy>.+)'s (?P<own>\d+) resolve and "
                   r"the pool's (?P<pool>\d+) intel \(0-(?P<high>\d+)\)")


def test_the_odds_beside_a_test_are_the_spy_sheets_and_say_what_they_assume():
    """Pierre's encounter 05, `Spycraft +0 [2] or Deception -1 [2]`, played by Adebayo
    Okafor (Spycraft 2, Deception 1, resolve 4) with 4 intel: each option shows the
    sheet's level, its dice and its chance as the rules work it out; the resolve
    question offers his 4 resolve and the pool's 4 intel (EP-SHOW-3), 0-8."""
    projects, _ = check_paths([REPO / "books" / "epic"])
    doc = document(projects[0])
    faces = tuple(doc["vocabulary"]["dice"]["skill"])
    sheet = next(s for s in doc["spies"] if s["name"] == "Adebayo Okafor")
    answers = "1\n1\n0\n" + "\n" * 40      # the critic's seat; spend nothing at encounter 02
    done = subprocess.run([str(Path(sys.executable).with_name("smersh")), *PIERRE], cwd=REPO,
                          input=answers, capture_output=True, text=True, timeout=HANG_GUARD_S)
    assert done.returncode == 0, done.stderr
    asked = done.stdout.split("Who takes the test, with which skill?\n")[1:]
    assert asked
    first = asked[0].splitlines()
    assert first[0].startswith("Odds to pass spend the resolve offered before the roll")
    offer = OFFER.search(asked[0])
    assert offer and (offer["spy"], offer["own"], offer["pool"], offer["high"]) == \
        ("Adebayo Okafor", str(sheet["stats"]["resolve"]), "4", str(sheet["stats"]["resolve"] + 4))
    pierre_05 = next(block for block in asked if "Spycraft 2 +0 [2]" in block)
    options = [OPTION.match(line) for line in pierre_05.splitlines()[1:3]]
    assert all(options), pierre_05
    assert [(o["skill"], int(o["level"])) for o in options] == \
        [("Spycraft", sheet["skills"]["Spycraft"]), ("Deception", sheet["skills"]["Deception"])]
    resolve = int(OFFER.search(pierre_05)["high"])
    for option in options:
        level, needed = int(option["level"]) + int(option["mod"]), int(option["needed"])
        assert int(option["dice"]) == max(1, min(6, level))
        assert int(option["chance"]) == round(100 * _chance(faces, level, needed, resolve))
        assert int(option["bare"]) == round(100 * _chance(faces, level, needed, 0))
    spycraft, deception = options
    assert (spycraft["bare"], deception["bare"]) == ("11", "0")   # as the sheet's levels give
    assert int(spycraft["first"]) < int(deception["first"])       # Deception costs more resolve


# -- the markup, line by line ------------------------------------------------------------

@pytest.mark.parametrize("text, styled, plain", [
    ("a *b c* d", "a \x1b[3mb c\x1b[0m d", "a b c d"),
    ("a **b** d", "a \x1b[1mb\x1b[0m d", "a b d"),
    ("***b*** d", "\x1b[1m\x1b[3mb\x1b[0m d", "b d"),
    ("5 \\* 3", "5 * 3", "5 * 3"),                     # an escaped star is a star
    ("a *b\nc* d", "a \x1b[3mb\x1b[0m\n\x1b[3mc\x1b[0m d", "a b\nc d"),   # over a line end
])
def test_emphasis_is_styled_on_a_terminal_and_dropped_elsewhere(text, styled, plain):
    assert Screen(None, True).render(text) == styled
    assert Screen(None, False).render(text) == plain


def test_a_wrapped_emphasis_is_reset_at_each_line_end_and_taken_up_again():
    """A row never leaves its style on for whatever the terminal prints next."""
    shown = Screen(10, True).render("see *one two three* go")
    assert shown.split("\n") == ["see \x1b[3mone\x1b[0m", "\x1b[3mtwo three\x1b[0m", "go"]


def test_a_word_longer_than_the_line_stands_alone_and_is_never_cut():
    assert Screen(8, False).render("a Saint-Honore-Vendome b") == "a\nSaint-Honore-Vendome\nb"


@pytest.mark.parametrize("styled", [True, False])
def test_icons_are_spelled_out_where_no_picture_can_be_shown(styled):
    """The Hangover's effect, as the terminal shows it: the icons by name, not `:Name:`."""
    from smersh_dsl.play.core.terminal import Screen
    text = "-1 to :Athletics: Athletics and :Hand_to_Hand: *Hand to Hand* tests."
    shown = Screen(None, styled).render(text)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", shown)
    assert plain == "-1 to [Athletics] Athletics and [Hand to Hand] Hand to Hand tests."
