"""Property-based robustness tests: whatever the input, `check_paths` and the reporters
never crash, and every diagnostic points inside the file it names.

Three generators feed `check_paths`:

1. mutations of real content: a bundled book file (or a window of 20-200 of its lines)
   with 1-5 random edits (delete, duplicate, insert a token of the language, swap two
   lines, truncate); a second test mutates a copy of a whole bundled project;
2. small well-formed-ish programs from a grammar-shaped strategy;
3. raw junk: random unicode, random bytes (NUL, invalid UTF-8), CR/CRLF line endings,
   very long lines (around the 20,000-character limit) and deep nesting.

For each input the tests assert that

- `check_paths` raises nothing;
- every diagnostic's span lies inside the file it names: 1 <= line <= lines + 1,
  column >= 1, end_line <= lines + 1, (end_line, end_column) >= (line, column);
- every reporter (text, json, sarif, github) renders the diagnostics, and the JSON and
  SARIF outputs parse with `json.loads`.

A fourth test feeds all three generators to `smersh fmt` (`format_and_verify`): it never
raises, what it formats parses to the same model and comments and formats to itself, it
never finds that its layout would change a file's meaning, and the layout holds at most
10x its input in memory. A fifth (`test_fmt_puts_random_spacing_back`) takes a text in
fmt's layout (a grammar-shaped program or a bundled file, formatted), puts random blanks,
tabs and blank lines where the layout has its own (docs/fmt.md), and asserts that fmt
gives the tidy text back, and all of the above for the messy one.

The default run is small (about a minute on two slow cores). A long fuzz run:

    SMERSH_FUZZ_EXAMPLES=100000 pytest -q -p no:cacheprovider tests/test_fuzz.py -x

Environment variables:

- ``SMERSH_FUZZ_EXAMPLES=N``: ``max_examples`` for every test of this file (the long run);
- ``SMERSH_FUZZ_DB=PATH``: keep Hypothesis' example database there (default: none, so a
  CI run writes nothing beside the sources; failures are still printed and shrunk);
- ``SMERSH_FUZZ_TIMEOUT=S`` (default 120): one check using more CPU seconds than that
  fails as ``TooSlow`` (CPU, not wall time: a loaded machine slows a check down, it does
  not make it spend more CPU);
- ``SMERSH_FUZZ_MEMORY_MB=M`` (default 2048): one check may grow the address space by
  that much, beyond which it fails with MemoryError instead of waking the OOM killer;
- ``SMERSH_FUZZ_PROGRESS=FILE``: keep there, as JSON, how many checks each test has run
  and for how long (rewritten after every check), so a run stopped by a time limit still
  says how far it got.

docs/robustness.md describes the long run and records its last result.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import threading
import time
import traceback
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.diagnostics.report import REPORTERS
from smersh_dsl.files.atomic import write_atomic
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.fmt.run import comments, format_file, meaning
from smersh_dsl.parse.parser import parse_text
from smersh_dsl.resources import bundled_books, grammar_path

REPO = Path(__file__).resolve().parent.parent
BOOKS = REPO / "books"


# ---------------------------------------------------------------------------- settings

def _examples(default: int) -> int:
    value = os.environ.get("SMERSH_FUZZ_EXAMPLES")
    return int(value) if value else default


def fuzz_settings(default_examples: int):
    db = os.environ.get("SMERSH_FUZZ_DB")
    return settings(
        max_examples=_examples(default_examples),
        deadline=None,
        database=DirectoryBasedExampleDatabase(db) if db else None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.large_base_example, HealthCheck.filter_too_much],
        print_blob=True,
    )


# ---------------------------------------------------------------------------- book sources

def _book_files() -> dict[str, str]:
    """Every bundled book file (path relative to books/ -> text), read once."""
    return {p.relative_to(BOOKS).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(BOOKS.rglob("*.smersh"))}


BOOK_TEXT = _book_files()
BOOK_LINES = {name: text.splitlines(keepends=True) for name, text in BOOK_TEXT.items()}
PROJECTS = sorted({name.split("/")[0] for name in BOOK_TEXT})


# ---------------------------------------------------------------------------- the properties

def _normalised_lines(data: bytes) -> list[str]:
    """The file's lines as the reader sees them (BOM dropped, CRLF and CR folded)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    text = data.decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _lines_of(file: str, sources: dict[str, str]) -> list[str]:
    if file in sources:
        return sources[file].split("\n")
    prefix = "<bundled>/"
    path = bundled_books() / file[len(prefix):] if file.startswith(prefix) else Path(file)
    if path.is_dir():            # I005: a folder without sources, reported at 1:1
        return [""]
    assert path.is_file(), f"a diagnostic names {file!r}, which is neither a file nor a folder"
    return _normalised_lines(path.read_bytes())


MEMORY_HEADROOM = int(os.environ.get("SMERSH_FUZZ_MEMORY_MB", "2048")) * 2**20
TIME_LIMIT = int(os.environ.get("SMERSH_FUZZ_TIMEOUT", "120"))


class TooSlow(Exception):
    """One check used more than SMERSH_FUZZ_TIMEOUT CPU seconds (a hang, or nearly)."""


@contextmanager
def guarded():
    """Bound one check: a MemoryError beyond MEMORY_HEADROOM more address space (instead of
    the machine's OOM killer: a number such as 2147483648 in the wrong place can ask for
    gigabytes), and TooSlow after TIME_LIMIT seconds of this process's CPU (ITIMER_PROF:
    the time it computed, whatever else the machine runs). POSIX only; a no-op elsewhere."""
    try:
        import resource
        import signal
        page = os.sysconf("SC_PAGE_SIZE")
        used = int(Path("/proc/self/statm").read_text().split()[0]) * page
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError, AttributeError):
        yield
        return
    limit = used + MEMORY_HEADROOM
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    in_main = threading.current_thread() is threading.main_thread()

    def alarm(signum, frame):
        raise TooSlow(f"one check took more than {TIME_LIMIT} CPU seconds")

    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    previous = signal.signal(signal.SIGPROF, alarm) if in_main else None
    if in_main:
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    try:
        yield
    finally:
        if in_main:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _too_deep(error: BaseException | None) -> bool:
    """Whether ``error`` is, or wraps, a RecursionError."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, RecursionError):
            return True
        seen.add(id(error))
        error = getattr(error, "orig_exc", None) or error.__cause__ or error.__context__
    return False


PROGRESS = os.environ.get("SMERSH_FUZZ_PROGRESS")
_progress: dict[str, dict[str, float]] = {}


def _count_check() -> None:
    """SMERSH_FUZZ_PROGRESS: one more check run by the current test."""
    if not PROGRESS:
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" (")[0]
    now = time.monotonic()
    entry = _progress.setdefault(test, {"checks": 0, "first": now, "seconds": 0.0})
    entry["checks"] += 1
    entry["seconds"] = round(now - entry["first"], 1)
    shown = {name: {"checks": int(e["checks"]), "seconds": e["seconds"]}
             for name, e in _progress.items()}
    write_atomic(Path(PROGRESS), json.dumps(shown, indent=1) + "\n")    # read while running


def check_and_render(path: Path) -> list:
    """Check ``path`` (a file or folder) and assert every property; return the diagnostics."""
    _count_check()
    too_deep = None
    try:
        with guarded():
            projects, diagnostics = check_paths([path])  # must not raise
    except Exception as error:
        if not _too_deep(error):
            raise
        too_deep = "".join(traceback.format_exception(error, limit=-4))
    if too_deep is not None:
        # Where the stack runs out varies from run to run (and lark wraps it in a
        # VisitError or not): one stable failure, raised outside the handler so that it
        # has no varying __context__, lets Hypothesis shrink it instead of calling it flaky.
        raise AssertionError(f"check_paths raised RecursionError (input nested too deep):\n{too_deep}")
    sources = {f.path: f.text for p in projects for f in p.files}
    for d in diagnostics:
        s = d.span
        lines = _lines_of(s.file, sources)
        where = f"{d.code} {s} ({d.message})"
        assert 1 <= s.line <= len(lines) + 1, f"line outside the file of {len(lines)} lines: {where}"
        assert s.column >= 1, f"column < 1: {where}"
        assert s.end_line <= len(lines) + 1, f"end line outside the file of {len(lines)} lines: {where}"
        assert (s.end_line, s.end_column) >= (s.line, s.column), f"span ends before it starts: {where}"
    for fmt, render in sorted(REPORTERS.items()):
        with guarded():
            out = render(diagnostics, sources, True)        # must not raise
        assert isinstance(out, str), fmt
        if fmt == "json":
            assert len(json.loads(out)["diagnostics"]) == len(diagnostics)
        elif fmt == "sarif":
            assert len(json.loads(out)["runs"][0]["results"]) == len(diagnostics)
    assert isinstance(REPORTERS["text"](diagnostics, sources, False), str)    # --quiet
    return diagnostics


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def check_file(scratch: Path, name: str, data: bytes) -> list:
    """Write one lone file in a fresh folder and check it."""
    folder = Path(tempfile.mkdtemp(dir=scratch))
    try:
        path = folder / name
        path.write_bytes(data)
        return check_and_render(path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------------------- vocabulary

KEYWORDS = sorted(set(re.findall(r'"([A-Za-z_][A-Za-z0-9_]*)"',
                                 grammar_path().read_text(encoding="utf-8"))))
PUNCTUATION = ["{", "}", "[", "]", "(", ")", "->", "..", '"', "#", ":", ",", "\\", '\\"',
               ">=", "<=", "==", "!=", ">", "<", "+", "-", "*", "**", "icon:eye"]
LITERALS = ["01.1.1", "1.1.1", "00.0.0", "99.99.99", "01.7", "-1", "+2", "+0", "-0", "[7]",
            "[0]", "0", "1", "01", "5", "6", "99", "1..4", "4..1", "0..0", "2147483648",
            "99999999999999999999999", "1" * 4301, '""', '"x"', '"Marked"', '"Hand to Hand"',
            "'", "_", "Spycraft", "Athletics", "Stealth", "Pierre", "Paris", "Europe", "smersh",
            "end", "victory", "defeat", "any", "d6", "\t", "\n", "\r\n", "\r", "\x0c",
            "\ufeff", "\u201c", "\u201d", "\u00e9", "\U0001d518", "\u202e", "\u0301"]
VOCABULARY = KEYWORDS + PUNCTUATION + LITERALS


# ---------------------------------------------------------------------------- generator 1

@st.composite
def book_piece(draw) -> tuple[str, str]:
    """(file name, text): a bundled file, or a window of 20-200 of its lines."""
    name = draw(st.sampled_from(sorted(BOOK_LINES)))
    lines = BOOK_LINES[name]
    if len(lines) > 200 or (len(lines) > 20 and draw(st.booleans())):
        size = draw(st.integers(min(20, len(lines)), min(200, len(lines))))
        start = draw(st.integers(0, len(lines) - size))
        lines = lines[start:start + size]
    return name, "".join(lines)


@st.composite
def edited(draw, text: str) -> str:
    """``text`` after 1-5 random edits."""
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["delete", "duplicate", "insert", "insert", "swap", "truncate"]))
        n = len(text)
        if op == "delete" and n:
            i = draw(st.integers(0, n - 1))
            text = text[:i] + text[i + draw(st.integers(1, 200)):]
        elif op == "duplicate" and n:
            i = draw(st.integers(0, n - 1))
            piece = text[i:i + draw(st.integers(1, 200))]
            k = draw(st.integers(0, n))
            text = text[:k] + piece + text[k:]
        elif op == "insert":
            k = draw(st.integers(0, n))
            sep = draw(st.sampled_from(["", " ", "\n"]))
            token = draw(st.sampled_from(VOCABULARY))
            text = text[:k] + sep + token + sep + text[k:]
        elif op == "swap":
            lines = text.splitlines(keepends=True)
            if len(lines) >= 2:
                i = draw(st.integers(0, len(lines) - 1))
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
                text = "".join(lines)
        elif op == "truncate":
            text = text[:draw(st.integers(0, n))]
    return text


@st.composite
def mutated_book_file(draw) -> tuple[str, bytes]:
    source, text = draw(book_piece())
    text = draw(edited(text))
    name = draw(st.sampled_from([Path(source).name, "case.smersh", "fuzz case é.smersh"]))
    return name, text.encode("utf-8")


@settings(parent=fuzz_settings(150))
@given(case=mutated_book_file())
def test_mutated_book_files(scratch, case):
    name, data = case
    check_file(scratch, name, data)


@st.composite
def mutated_project(draw) -> tuple[str, dict[str, bytes | None]]:
    """(project, {file: new bytes, or None to delete it}): a bundled project, changed."""
    project = draw(st.sampled_from(PROJECTS))
    files = sorted(n for n in BOOK_TEXT if n.startswith(project + "/"))
    changes: dict[str, bytes | None] = {}
    for _ in range(draw(st.integers(1, 2))):
        target = draw(st.sampled_from(files))
        op = draw(st.sampled_from(["edit", "edit", "edit", "delete", "add"]))
        if op == "edit":
            changes[target] = draw(edited(BOOK_TEXT[target])).encode("utf-8")
        elif op == "delete":
            changes[target] = None
        else:
            _, text = draw(book_piece())
            folder = Path(target).parent.as_posix()
            changes[f"{folder}/fuzz-added.smersh"] = draw(edited(text)).encode("utf-8")
    return project, changes


@settings(parent=fuzz_settings(25))
@given(case=mutated_project())
def test_mutated_projects(scratch, case):
    project, changes = case
    # The same folder for every example (shown paths stay equal, so the parser's own memo
    # serves the unmodified files); restored from the books each time.
    root = scratch / "projects" / project
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(BOOKS / project, root.parent / project)
    for rel, data in changes.items():
        target = root.parent / rel
        if data is None:
            target.unlink(missing_ok=True)
        else:
            target.write_bytes(data)
    check_and_render(root)


# ---------------------------------------------------------------------------- generator 2

BASE_NAMES = ["Spycraft", "Persuasion", "Deception", "Athletics", '"Hand to Hand"',
              "Stealth", "Disguise", "Detection", "Seduction", '"Weapon Use"', '"Marked"',
              '"Hunted"', '"Exploding Pen"', "Paris", "Rome", "Cairo", '"Cape Town"',
              "Europe", "Ocean", "Africa", "Pierre", "Darling", "Fedor", '"Mr Big"',
              "smersh", "A", "B", "Weapons", "Tech", "Force"]
bare = st.from_regex(r"[A-Za-z_][A-Za-z0-9_']{0,8}", fullmatch=True)
quoted = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters='"\\'),
                 max_size=12).map(lambda s: f'"{s}"')
base_names = st.sampled_from(BASE_NAMES)
names = st.one_of(base_names, base_names, base_names, bare, quoted, st.sampled_from(KEYWORDS))
small = st.integers(0, 12).map(str)
HUGE = "1" * 4301          # past int()'s default limit of 4300 digits
numbers = st.one_of(small, small, st.sampled_from(["00", "01", "07", "20", "99", "100",
                                                   "2147483648", "99999999999999999999", HUGE]))
signed = st.builds(lambda s, n: s + n, st.sampled_from("+-"), small)
prose = st.one_of(st.sampled_from(['""', '"You run."', '"*bold* and **strong**"',
                                   '"two\n  lines"', '"para\n\n  two"', '"TODO"',
                                   '"esc \\" and \\\\"', '"unclosed *emph"']), quoted)
entry_key = st.builds(lambda a, b, c: f"{a}.{b}.{c}",
                      st.sampled_from(["01", "1", "02", "05", "09", "00", "61", "99"]),
                      st.integers(0, 9), st.integers(0, 7))
RESOURCES = ["intel", "resolve", "success", "un_transport", "blue_un_transport",
             "red_un_transport", "top_secret", "red_intel", "evidence"]


def _maybe(draw, strategy, default=""):
    return draw(strategy) if draw(st.booleans()) else default


@st.composite
def condition(draw, depth: int = 0) -> str:
    kind = draw(st.integers(0, 7 if depth < 3 else 6))
    if kind == 0:
        return f"status {draw(names)}"
    if kind == 1:
        return f"has {draw(names)}"
    if kind == 2:
        state = draw(st.sampled_from(["defeated", "undefeated", "in_play", "confronted"]))
        return f"henchman {draw(names)} {state}"
    if kind == 3:
        return f"main_henchman {draw(st.sampled_from(['defeated', 'undefeated']))}"
    if kind == 4:
        return f"level {draw(numbers)}"
    if kind == 5:
        counter = draw(st.sampled_from(["successes", "players", "intel", "resolve", "round"]))
        op = draw(st.sampled_from([">=", "<=", "==", "!=", ">", "<"]))
        return f"{counter} {op} {draw(numbers)}"
    if kind == 6:
        return "expert"
    return f"not {draw(condition(depth + 1))}"


target = st.one_of(numbers, st.sampled_from(["end", "victory", "defeat", "captured", "t"]), bare)


@st.composite
def effect(draw) -> str:
    amount = _maybe(draw, numbers) + " "
    return draw(st.sampled_from([
        f"gain {amount}{draw(st.sampled_from(RESOURCES))}",
        f"lose {amount}{draw(st.sampled_from(RESOURCES))}",
        f"gain status {draw(names)}", f"lose status {draw(names)}",
        f"gain advanced_skill {draw(st.one_of(names, st.just('any')))}",
        f"lose advanced_skill {draw(st.one_of(names, st.just('any')))}",
        "gain gadget", "lose gadget", f"take {amount}injury", f"heal {amount}injury",
        f"raise {draw(st.one_of(names, st.just('any')))}",
        f"lower {draw(st.one_of(names, st.just('any')))}",
        f"move {draw(st.one_of(names, st.just('any')))}",
        f"place {amount}intel {draw(st.one_of(names, st.just('lairs')))}",
        f"advance lobo {_maybe(draw, numbers)}", f"retreat lobo {_maybe(draw, numbers)}",
        f"goto {draw(target)}", "stranded", "flip", "lose_game",
        f"draw {amount}{draw(st.sampled_from(['villain_card', 'top_secret', 'fate_card']))}",
    ]))


@st.composite
def a_test(draw) -> str:
    options = []
    for _ in range(draw(st.integers(1, 3))):
        skill = draw(st.one_of(names, st.sampled_from(["any", "d6"])))
        options.append(f"{skill} {_maybe(draw, signed)} {_maybe(draw, numbers.map(lambda n: f'[{n}]'))}")
    text = "test " + " or ".join(options)
    if draw(st.booleans()):
        clauses = []
        for _ in range(draw(st.integers(1, 3))):
            how = draw(st.sampled_from(["pass with", "pass if"]) | signed.map(lambda s: s + " with")
                       | signed.map(lambda s: s + " if"))
            clauses.append(f"{how} {draw(names)}")
        text += " (" + ", ".join(clauses) + ")"
    return text


@st.composite
def body(draw, depth: int) -> str:
    return "{ " + " ".join(draw(st.lists(step(depth + 1), max_size=4))) + " }"


@st.composite
def step(draw, depth: int = 0) -> str:
    kinds = ["prose", "effect", "effect", "test", "gamble", "reroll"]
    if depth < 4:
        kinds += ["choose", "if", "test"]
    kind = draw(st.sampled_from(kinds))
    if kind == "prose":
        return draw(prose)
    if kind == "effect":
        return draw(effect())
    if kind == "reroll":
        return f"reroll if confronted {draw(names)}"
    if kind in ("test", "gamble"):
        head = draw(a_test()) if kind == "test" else "gamble"
        if depth < 4:
            head += _maybe(draw, body(depth).map(lambda b: " pass " + b))
            head += _maybe(draw, body(depth).map(lambda b: " fail " + b))
        return head
    if kind == "choose":
        options = []
        for _ in range(draw(st.integers(0, 3))):
            guard = _maybe(draw, condition().map(lambda c: f" if {c}"))
            then = draw(st.one_of(target.map(lambda t: f" -> {t}"), body(depth)))
            options.append(f"{draw(prose)}{guard}{then}")
        return "choose { " + " ".join(options) + " }"
    text = f"if {draw(condition())} {draw(body(depth))}"
    for _ in range(draw(st.integers(0, 2))):
        text += f" else if {draw(condition())} {draw(body(depth))}"
    return text + _maybe(draw, body(depth).map(lambda b: " else " + b))


@st.composite
def section_items(draw) -> str:
    items = []
    if draw(st.booleans()):
        items.append(f"intro {draw(body(0))}")
    for _ in range(draw(st.integers(0, 4))):
        items.append(f"encounter {draw(numbers)} {draw(body(0))}")
    if draw(st.booleans()):
        rows = " ".join(f"{draw(condition())} -> {draw(target)}"
                        for _ in range(draw(st.integers(0, 3))))
        tail = _maybe(draw, target.map(lambda t: f" else -> {t}"))
        items.append(f"tally {draw(bare)} {{ {rows}{tail} }}")
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["victory", "defeat"]))
        items.append(f"{kind} {_maybe(draw, bare)} {draw(body(0))}")
    if draw(st.booleans()):
        items.append(f"successes {draw(numbers)}")
    return " ".join(draw(st.permutations(items)))


@st.composite
def power(draw) -> str:
    return draw(st.sampled_from([
        f"type {draw(names)}", f"strength {draw(st.one_of(numbers, signed))}",
        f"boost {draw(numbers)} cp {draw(signed)}",
        f"bonus {draw(signed)} {draw(st.sampled_from(['inward', 'outward']))} if {draw(names)}",
        f"flip {draw(prose)}", f"on_bypass {draw(prose)}", f"passive {draw(prose)}",
        f"flavour {draw(prose)}",
    ]))


@st.composite
def block(draw) -> str:
    kind = draw(st.sampled_from([
        "entry", "entry", "entry", "showdown", "lobo", "henchman", "card", "region", "status",
        "gadget", "villain", "mission", "spy", "stranded", "dead_drop", "red_intel",
        "scenario", "gadget_card", "defence_card"]))
    n = draw(names)
    if kind == "entry":
        text = f"entry {draw(entry_key)} {draw(body(0))}"
    elif kind == "showdown":
        text = f"showdown {n} {{ {draw(section_items())} }}"
    elif kind == "lobo":
        text = f"lobo {draw(bare)} {{ {draw(section_items())} }}"
    elif kind == "henchman":
        items = [f"difficulty {draw(bare)}",
                 "intel { " + " ".join(f"{draw(numbers)}: {draw(numbers)}"
                                       for _ in range(draw(st.integers(0, 4)))) + " }",
                 f"lobo {draw(bare)}", f"successes {draw(numbers)}",
                 f"level {draw(numbers)} {draw(body(0))}", draw(prose)]
        text = f"henchman {n} {{ {' '.join(draw(st.lists(st.sampled_from(items), max_size=6)))} }}"
    elif kind == "card":
        responses = " ".join(f"response {draw(numbers)} {draw(prose)}"
                             for _ in range(draw(st.integers(0, 4))))
        section = _maybe(draw, st.builds(lambda p, k, t, r: f" at {p} {k} {t} {{ {r} }}",
                                         names, numbers, prose, st.just(responses)))
        text = f"card {n} {draw(numbers)} {draw(prose)} {{ {responses}{section} }}"
    elif kind == "region":
        features = ["airport", "hq", "lair", "resolve", "gadget", "advanced_skill", "coastal",
                    "hub", "stranded_only", "closed", f"skill {draw(names)}",
                    f"fate {draw(numbers)}", f"values {draw(numbers)}..{draw(numbers)}"]
        items = [f"values {draw(numbers)}..{draw(numbers)}"]
        for _ in range(draw(st.integers(0, 4))):
            place = draw(st.sampled_from(["city", "ocean", "area"]))
            feats = " ".join(draw(st.lists(st.sampled_from(features), max_size=3)))
            items.append(f"{place} {draw(names)} [{feats}]")
        items.append(f"route {draw(names)} {draw(names)} {_maybe(draw, numbers.map(lambda c: 'cost ' + c))}")
        items.append(f"bonus {draw(prose)} {{ {draw(effect())} }}")
        text = f"region {n} {{ {' '.join(draw(st.permutations(items)))} }}"
    elif kind in ("status", "gadget", "villain"):
        tags = _maybe(draw, st.lists(bare, max_size=2).map(lambda t: "[" + " ".join(t) + "]"))
        texts = [f"effect {draw(prose)}", f"discard {draw(prose)}", f"flavour {draw(prose)}",
                 f"copies {draw(numbers)}", draw(prose)]
        inner = " ".join(draw(st.lists(st.sampled_from(texts), max_size=4)))
        text = f"{kind} {n} {tags if kind == 'status' else ''} {{ {inner} }}"
    elif kind == "mission":
        items = [f"region {draw(names)}", f"city {draw(names)}", f"reward {draw(body(0))}",
                 f"reward {draw(body(0))}", f"flavour {draw(prose)}"]
        text = f"mission {n} {{ {' '.join(draw(st.lists(st.sampled_from(items), max_size=5)))} }}"
    elif kind == "spy":
        skills = " ".join(f"{draw(names)} {draw(numbers)}" for _ in range(draw(st.integers(0, 5))))
        items = [f"skills {{ {skills} }}", f"advanced_skills {{ {draw(names)} }}",
                 f"health {draw(numbers)}", f"resolve {draw(numbers)}", f"rest {draw(numbers)}",
                 f"skill_points {draw(numbers)}", f"double_agent {draw(names)}", draw(prose)]
        text = f"spy {n} {{ {' '.join(draw(st.lists(st.sampled_from(items), max_size=6)))} }}"
    elif kind in ("stranded", "dead_drop"):
        text = f"{kind} {n} {draw(body(0))}"
    elif kind == "red_intel":
        text = f"red_intel {draw(numbers)} {n}"
    elif kind == "scenario":
        steps = " ".join(
            f"{_maybe(draw, st.sampled_from(['expert', 'standard']))} {draw(prose)} "
            + draw(st.sampled_from(["", f"record {draw(bare)}", f"read {draw(bare)} from {draw(numbers)}",
                                    "gain evidence", "cross_out", "gain evidence cross_out"]))
            for _ in range(draw(st.integers(0, 3))))
        items = [f"villain {draw(prose)} {_maybe(draw, prose.map(lambda p: 'expert ' + p))}",
                 f"main_scheme {draw(prose)}", f"encounter_sets {{ {draw(names)} }}", draw(prose),
                 f"setup {{ {steps} }}", f"victory {{ {steps} }}", f"defeat {{ {steps} }}"]
        text = (f"scenario {draw(numbers)} {draw(prose)} "
                f"{{ {' '.join(draw(st.lists(st.sampled_from(items), max_size=6)))} }}")
    else:
        part = "half" if kind == "gadget_card" else "face"
        parts = " ".join(f"{part} {draw(names)} {{ {' '.join(draw(st.lists(power(), max_size=4)))} }}"
                         for _ in range(draw(st.integers(0, 3))))
        text = f"{kind} {draw(numbers)} {{ {parts} }}"
    return ("override " if draw(st.integers(0, 9)) == 0 else "") + text


@st.composite
def header(draw) -> str:
    kind = draw(st.sampled_from(["game", "expansion", "campaign", "cardgame"]))
    items = [f'version {draw(prose)}',
             f"skills {{ {' '.join(draw(st.lists(names, max_size=5)))} }} {_maybe(draw, numbers.map(lambda n: 'max ' + n))}",
             f"advanced_skills {{ {' '.join(draw(st.lists(names, max_size=5)))} }}",
             f"die {draw(bare)} {{ {' '.join(draw(st.lists(st.one_of(numbers, bare), min_size=1, max_size=7)))} }}",
             f"lobo_track {{ rounds {draw(numbers)} lobo_after {draw(numbers)} {draw(numbers)} lair_intel {draw(numbers)} }}",
             f"difficulties {{ {' '.join(draw(st.lists(names, max_size=4)))} }}",
             f"players {draw(numbers)}..{draw(numbers)}",
             f"rules {{ {draw(bare)} {draw(st.one_of(numbers, signed, prose))} }}",
             f"variant {draw(bare)} {draw(prose)}",
             f"intel_icons {{ {' '.join(draw(st.lists(names, max_size=4)))} }}"]
    if kind == "campaign":
        items = [f'version {draw(prose)}',
                 "log { " + " ".join(
                     f"field {draw(bare)} {draw(st.sampled_from(['number', 'text', 'list', 'check']))} "
                     f"{_maybe(draw, st.sampled_from(['per player', 'per board_member', 'per scenario']))} "
                     f"{_maybe(draw, st.just('expert'))} {_maybe(draw, prose)}"
                     for _ in range(draw(st.integers(0, 3)))) + " }",
                 f"board {{ {' '.join(draw(st.lists(names, max_size=3)))} }}",
                 f"betrayal {draw(numbers)} expert {draw(numbers)}",
                 f"evidence {{ means {{ {draw(names)} icon:eye }} motive {{ {draw(names)} }} }}",
                 f"combinations {{ {draw(names)} {draw(names)} {draw(names)} -> {draw(names)} }}"]
    elif kind == "cardgame":
        items = [f'version {draw(prose)}', f"rules {{ rounds {draw(numbers)} cp_cap {draw(numbers)} }}",
                 f"types {{ {' '.join(draw(st.lists(names, max_size=3)))} }}"]
    inner = " ".join(draw(st.lists(st.sampled_from(items), max_size=6)))
    extends = f" extends {draw(st.sampled_from(['smersh', 'nowhere', 'swagmans_hope']))}" if kind == "expansion" else ""
    return f"{kind} {draw(bare)} {draw(prose)}{extends} {{ {inner} }}"


separator = st.sampled_from([" ", "\n", "\n\n", "\t", "  # a comment\n", "\r\n"])


@st.composite
def program(draw) -> str:
    blocks = draw(st.lists(block(), min_size=0, max_size=4))
    if draw(st.integers(0, 3)) == 0:
        blocks.insert(0, draw(header()))
    return draw(separator).join(blocks) + draw(st.sampled_from(["", "\n"]))


@settings(parent=fuzz_settings(150))
@given(text=program(), name=st.sampled_from(["case.smersh", "book.smersh"]))
def test_grammar_shaped_programs(scratch, text, name):
    check_file(scratch, name, text.encode("utf-8"))


# ---------------------------------------------------------------------------- generator 3

def _nested(kind: str, depth: int) -> str:
    """``depth`` levels of one construct, one level a line (so no line is too long)."""
    if kind == "braces":
        return "{\n" * depth
    if kind == "closed-braces":
        return "entry 01.1.1 " + "{\n" * depth + "}\n" * depth
    if kind == "if":
        return "entry 01.1.1 {\n" + " if expert {\n" * depth + " }\n" * depth + "}\n"
    if kind == "choose":
        return "entry 01.1.1 {\n" + ' choose { "a" {\n' * depth + " } }\n" * depth + "}\n"
    if kind == "pass":
        return "entry 01.1.1 {\n" + " test Spycraft pass {\n" * depth + " }\n" * depth + "}\n"
    if kind == "not":
        return "entry 01.1.1 { if\n" + "not\n" * depth + "expert { } }\n"
    if kind == "else-if":
        return "entry 01.1.1 { if expert { }\n" + " else if expert { }\n" * depth + "}\n"
    return "entry 01.1.1 {\n" + " (\n" * depth + "}\n"


NESTING = ["braces", "closed-braces", "if", "choose", "pass", "not", "else-if", "parens"]


def _join(parts: list[str]) -> str:
    return "".join(parts)


junk_text = st.one_of(
    st.text(max_size=400),
    st.lists(st.one_of(st.sampled_from(VOCABULARY), st.text(max_size=5)), max_size=60)
      .map(" ".join),
    st.lists(st.sampled_from(VOCABULARY + [" ", " ", "\n", "\r\n", "\r"]), max_size=200).map(_join),
)


@st.composite
def junk(draw) -> bytes:
    kind = draw(st.sampled_from(["text", "bytes", "crlf", "long", "nested", "spliced"]))
    if kind == "text":
        return draw(junk_text).encode("utf-8")
    if kind == "bytes":
        return draw(st.binary(max_size=400))
    if kind == "crlf":
        _, text = draw(book_piece())
        ending = draw(st.sampled_from(["\r\n", "\r", "\n\r", "\u2028", "\x0c\n"]))
        return (draw(st.sampled_from(["", "\ufeff"])) + text.replace("\n", ending)).encode("utf-8")
    if kind == "long":
        width = draw(st.one_of(st.integers(0, 20_010), st.sampled_from([19_999, 20_000, 20_001])))
        fill = draw(st.sampled_from(["x", "é", "{", " ", '"', "#", "𝔘"]))
        prefix = draw(st.sampled_from(["", 'entry 01.1.1 { "', "# ", "entry 01.1.1 {\n"]))
        line = prefix + fill * max(0, width - len(prefix))
        lines = draw(st.lists(st.sampled_from([line, "", "entry 01.1.1 { }"]), min_size=1, max_size=3))
        return "\n".join(lines).encode("utf-8")
    if kind == "nested":
        depth = draw(st.one_of(st.integers(1, 50), st.integers(50, 600), st.just(500)))
        return _nested(draw(st.sampled_from(NESTING)), depth).encode("utf-8")
    _, text = draw(book_piece())
    data = text.encode("utf-8")
    k = draw(st.integers(0, len(data)))
    insert = draw(st.one_of(st.binary(min_size=1, max_size=8),
                            st.sampled_from([b"\x00", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\xed\xa0\x80"])))
    return data[:k] + insert + data[k:]


@settings(parent=fuzz_settings(150))
@given(data=junk())
@example(data=b"")
@example(data=b"\x00")
@example(data=b"\xef\xbb\xbf")
@example(data=b"{" * 500)
def test_junk(scratch, data):
    check_file(scratch, "junk.smersh", data)


# ---------------------------------------------------------------------------- fmt (#21)

LAYOUT_FACTOR = 10          # the layout of a text may hold at most this many times its size
LAYOUT_SLACK = 65_536


def format_and_verify(scratch: Path, data: bytes) -> None:
    """fmt never raises; what it formats parses to the same model with the same comments
    and is a fixed point; it never says "would change its meaning" (a formatter bug);
    and its layout holds at most LAYOUT_FACTOR times the input's bytes in memory
    (tracemalloc).
    The parse before it is the checker's own, whose model takes about 11x the text."""
    _count_check()
    folder = Path(tempfile.mkdtemp(dir=scratch))
    try:
        path = folder / "fmt.smersh"
        path.write_bytes(data)
        with guarded():
            result = format_file(path, folder)           # must not raise
        assert result.problem is None or "change its meaning" not in result.problem, result.problem
        if result.problem is not None:
            assert result.after == result.before
            return
        tracemalloc.start()
        try:
            again = format_text(result.before)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert again == result.after and format_text(result.after) == result.after   # idempotent
        # Against the input's size in bytes, as a file's size is told: a text of astral
        # characters (`𝔘`, 4 bytes in UTF-8) takes 4 bytes a character in Python too.
        assert peak <= LAYOUT_FACTOR * len(data) + LAYOUT_SLACK, (peak, len(data))
        before, _ = parse_text(result.before, "fmt.smersh")
        after, problems = parse_text(result.after, "fmt.smersh")
        assert not [p for p in problems if p.code.startswith("S")]
        assert meaning(after.definitions) == meaning(before.definitions)
        assert comments(after) == comments(before)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@settings(parent=fuzz_settings(100))
@given(data=st.one_of(mutated_book_file().map(lambda case: case[1]),
                      program().map(lambda text: text.encode("utf-8")), junk()))
@example(data=b"{\n" * 40_000)
@example(data=(BOOKS / "shield" / "book.smersh").read_bytes().replace(b"\n", b"\n\r"))    # found so
@example(data=b'# top   \nstatus "A" {   # note \t \n  effect "x"\n}\n')
@example(data='status "A" {\n effect "Mr.\u00a0Big\n \u00a0x\u202f"\n}\n'.encode("utf-8"))
def test_fmt_keeps_meaning_and_memory(scratch, data):
    format_and_verify(scratch, data)


# ---------------------------------------------------------------------------- fmt's spacing (#32)

# A text in the layout, cut into strings, comments and the code between them.
_PARTS = re.compile(r'"(?:[^"\\]|\\.)*"|#[^\n]*|[^"#]+', re.DOTALL)
_BLANK_RUNS = st.sampled_from(["", " ", "  ", "\t", "   \t", " \f "])
_GAPS = re.compile(r"\n| |(?<=[\[(])|(?=[\]),])")
_LOOSE_LEFT = ("{", "}", "]", ")", ",", ":", "->")
_LOOSE_RIGHT = ("{", "}", "[", "(", "->")


@st.composite
def messed_up(draw, tidy: str) -> str:
    """``tidy``, a text in fmt's layout, with random blanks where the layout puts its own
    (docs/fmt.md): runs of blanks and tabs between words, blanks taken away beside braces,
    arrows, brackets and commas and put inside brackets, random indentation and trailing
    blanks, blank lines just inside blocks, longer runs of blank lines, blank lines at the
    ends. A string's text and a comment's are left as they are, and a blank between two
    words is never taken away (that would join them)."""
    def blanks(empty_too: bool = True) -> str:
        return draw(_BLANK_RUNS.filter(lambda b: empty_too or b != ""))

    def gap(part: str, m: re.Match) -> str:
        left, right = part[:m.start()], part[m.end():]
        if m.group() == "\n":
            inside_block = left.rstrip(" ").endswith("{") or right.lstrip(" \n").startswith("}")
            extra = draw(st.integers(0, 3)) if right.startswith("\n") or inside_block else 0
            return blanks() + "\n" + "".join(blanks() + "\n" for _ in range(extra)) + blanks()
        if m.group() == "":
            return blanks()
        return blanks(left.endswith(_LOOSE_LEFT) or right.startswith(_LOOSE_RIGHT))

    def code(part: str) -> str:
        return _GAPS.sub(lambda m: gap(part, m), part)

    def string(part: str) -> str:
        return re.sub(r"\n(?=[^\n])", lambda _: "\n" + blanks(), part)

    out = []
    for match in _PARTS.finditer(tidy):
        part = match.group()
        out.append(string(part) if part.startswith('"') else part if part.startswith("#") else code(part))
    return "\n" * draw(st.integers(0, 2)) + "".join(out) + "\n" * draw(st.integers(0, 2))


@st.composite
def tidy_and_messy(draw) -> tuple[str, str]:
    source = draw(st.one_of(program(), st.sampled_from(sorted(BOOK_TEXT.values()))))
    tidy = format_text(source)
    return tidy, draw(messed_up(tidy))


@settings(parent=fuzz_settings(100))
@given(case=tidy_and_messy())
@example(case=("entry 07.1.1 {\n  test Spycraft\n  fail { }\n}\n",
               "entry    07.1.1 {\n  test   Spycraft\n  fail{}\n\n}\n"))
def test_fmt_puts_random_spacing_back(scratch, case):
    """Random spacing, tabs and blank lines around the tokens of a text in the layout
    format back to that text, and fmt keeps the messy text's meaning and is idempotent."""
    tidy, messy = case
    if any(p.code.startswith("S") for p in parse_text(tidy, "fmt.smersh")[1]):
        return                        # fmt lays out only a text that parses
    assert format_text(messy) == tidy
    format_and_verify(scratch, messy.encode("utf-8"))


# Inputs that crashed or hung the checker once (found by this file), and the deep nesting
# that random generation seldom reaches: always tried, whatever the example budget.
REGRESSIONS = {
    **{f"deep-{kind}-{depth}": _nested(kind, depth) for kind in NESTING for depth in (500, 2000)},
    "int-of-4301-digits": f"entry 01.1.1 {{ gain {HUGE} intel }}\n",
    "entry-key-of-4301-digits": f"entry {HUGE}.1.1 {{ }}\n",
    "range-past-ssize_t": "region R { values 1..99999999999999999999 }\n",
    "range-of-2-gigavalues": "region R { values 1..2147483648 }\n",
    "players-range-of-2-gigavalues": 'game g "G" { players 1..2147483648 }\n',
    "tally-threshold-of-a-billion": "showdown X { tally t { successes >= 999999999 -> victory } }\n",
    "scenario-number-gap-of-a-billion": 'scenario 999999999 "Far" { }\n',
    "henchman-level-gap-of-a-billion": "henchman Butcher { level 999999999 { gain 1 intel } }\n",
}


@pytest.mark.parametrize("name", sorted(REGRESSIONS))
def test_regressions(scratch, name):
    check_file(scratch, f"{name}.smersh", REGRESSIONS[name].encode("utf-8"))
