"""`smersh fmt`: canonical, idempotent, and never a change of meaning."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO, smersh
from waiting import HANG_GUARD_S
from regen_golden import GOLDEN
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.fmt.run import meaning
from smersh_dsl.parse.parser import parse_text

BOOK_FILES = sorted((REPO / "books").rglob("*.smersh"))


@pytest.mark.parametrize("source", sorted((GOLDEN / "fmt").glob("*.in.smersh")), ids=lambda p: p.stem)
def test_golden_layout(source: Path):
    expected = source.with_name(source.name.replace(".in.", ".out.")).read_text(encoding="utf-8")
    assert format_text(source.read_text(encoding="utf-8")) == expected


@pytest.mark.parametrize("path", BOOK_FILES, ids=lambda p: p.relative_to(REPO / "books").as_posix())
def test_bundled_books_are_formatted_and_keep_their_meaning(path: Path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text                          # `smersh fmt --check books` is clean
    squashed = "\n".join(line.strip() for line in text.split("\n"))
    again = format_text(squashed)
    assert meaning(parse_text(again, "x")[0].definitions) == meaning(parse_text(text, "x")[0].definitions)
    assert format_text(again) == again                        # idempotent


_SAMPLE = [p.read_text(encoding="utf-8") for p in BOOK_FILES[:12]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_SAMPLE), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(
    ["\t", "   ", "\n\n\n", "  \n", " \r\n"])), max_size=8))
def test_whitespace_noise_never_changes_meaning(text: str, noise: list[tuple[int, str]]):
    lines = text.split("\n")
    for position, junk in noise:          # noise at line starts and ends, outside and inside strings
        i = position % len(lines)
        lines[i] = junk + lines[i] + (junk if junk.strip(" \t") == "" else "")
    noisy = "\n".join(lines)
    original, problems = parse_text(noisy, "x")
    if any(p.code.startswith("S") for p in problems):
        return                            # the noise broke a token: fmt leaves such files alone
    formatted = format_text(noisy)
    assert meaning(parse_text(formatted, "x")[0].definitions) == meaning(original.definitions)
    assert format_text(formatted) == formatted


def test_cli_check_diff_and_write(tmp_path: Path):
    messy = (GOLDEN / "fmt" / "messy.in.smersh").read_text(encoding="utf-8")
    target = tmp_path / "messy.smersh"
    target.write_text(messy, encoding="utf-8")
    check = smersh("fmt", "--check", str(tmp_path))
    assert check.returncode == 1 and "would reformat" in check.stdout
    diff = smersh("fmt", "--diff", str(target))
    assert diff.returncode == 1 and diff.stdout.startswith("---")
    assert target.read_text(encoding="utf-8") == messy          # --check and --diff change nothing
    assert smersh("fmt", str(target)).returncode == 0
    assert target.read_text(encoding="utf-8") == format_text(messy)
    assert smersh("fmt", "--check", str(target)).returncode == 0


def test_a_file_with_syntax_errors_is_left_alone(tmp_path: Path):
    broken = tmp_path / "broken.smersh"
    broken.write_text("entry 01.1.1 {\n      \"unclosed\n", encoding="utf-8")
    result = smersh("fmt", str(broken))
    assert result.returncode == 1 and "syntax errors" in result.stderr
    assert broken.read_text(encoding="utf-8") == "entry 01.1.1 {\n      \"unclosed\n"


# ---------------------------------------------------------------------------- hardening (#21)

def _fmt_limited(path: Path, memory: int) -> subprocess.CompletedProcess:
    """`smersh fmt --check PATH` in an address space of ``memory`` bytes: a formatter
    that laid out 40,000 open braces took 4.9 GB and here fails with MemoryError."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    exe = Path(sys.executable).with_name("smersh")
    return subprocess.run([str(exe), "fmt", "--check", str(path)], capture_output=True,
                          text=True, timeout=HANG_GUARD_S, preexec_fn=limit)


def test_fmt_on_forty_thousand_open_braces_refuses_without_laying_it_out(tmp_path: Path):
    """Item 1: fmt parses first and lays out only a text that parses. The 80 KB file
    is refused for its syntax (S006, as `smersh check` says) in a 1 GiB address space."""
    path = tmp_path / "p.smersh"
    path.write_text("{\n" * 40_000)
    result = _fmt_limited(path, 1 << 30)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "not formatted: it has syntax errors" in result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert path.read_text() == "{\n" * 40_000


def test_the_layout_of_a_text_that_parses_is_linear_in_memory():
    """A text that parses nests at most 64 deep, so its layout costs at most a small
    multiple of its size: under 10x (measured with tracemalloc) for every bundled file."""
    for path in BOOK_FILES:
        text = path.read_text(encoding="utf-8")
        tracemalloc.start()
        try:
            format_text(text)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        size = len(text.encode("utf-8"))
        assert peak <= 10 * size + 65_536, (path.name, peak / size)


def test_trailing_blanks_after_a_comment_are_formatted_away(tmp_path: Path):
    """Item 11: a comment's trailing blanks made fmt say "the layout would change its
    meaning"; they are layout, like any line's."""
    path = tmp_path / "c.smersh"
    path.write_text('# top   \nstatus "A" {   # note \t \n  effect "x"\n}\n')
    assert smersh("fmt", str(path)).returncode == 0
    assert path.read_text() == '# top\nstatus "A" {  # note\n  effect "x"\n}\n'


UNFORMATTED = 'status "A" {\n      effect "x"\n}\n'
FORMATTED = 'status "A" {\n  effect "x"\n}\n'


def test_fmt_keeps_hard_links(tmp_path: Path):
    """Item 11: fmt replaced the file by a new one, so its other hard links kept the
    old text; now the file is rewritten in place and every link sees the new one."""
    path = tmp_path / "a.smersh"
    path.write_text(UNFORMATTED)
    other = tmp_path / "elsewhere.txt"
    os.link(path, other)
    inode = path.stat().st_ino
    assert smersh("fmt", str(path)).returncode == 0
    assert path.read_text() == other.read_text() == FORMATTED
    assert path.stat().st_ino == inode and path.stat().st_nlink == 2
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]     # no backup left


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another owner")
def test_fmt_keeps_the_files_owner(tmp_path: Path):
    """Item 11: run by root (a CI job, a container), fmt gave the writer's file to root."""
    path = tmp_path / "a.smersh"
    path.write_text(UNFORMATTED)
    os.chown(path, 65534, 65534)
    os.chmod(path, 0o640)
    assert smersh("fmt", str(path)).returncode == 0
    info = path.stat()
    assert path.read_text() == FORMATTED
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (65534, 65534, 0o640)


def test_fmt_leaves_a_read_only_file_alone_and_says_so(tmp_path: Path):
    """Item 11: fmt rewrote read-only files (renaming over them needs only the folder's
    permission, and root may write anything)."""
    path = tmp_path / "a.smersh"
    path.write_text(UNFORMATTED)
    path.chmod(0o444)
    result = smersh("fmt", str(path))
    assert result.returncode == 1
    assert f"{path}: not formatted: the file is read-only" in result.stderr
    assert path.read_text() == UNFORMATTED and stat.S_IMODE(path.stat().st_mode) == 0o444


def test_fmt_through_a_link_inside_the_project_formats_its_target(tmp_path: Path):
    path = tmp_path / "a.smersh"
    path.write_text(UNFORMATTED)
    (tmp_path / "link.smersh").symlink_to("a.smersh")
    assert smersh("fmt", str(tmp_path / "link.smersh")).returncode == 0
    assert (tmp_path / "link.smersh").is_symlink() and path.read_text() == FORMATTED


def test_no_break_spaces_survive_fmt(tmp_path: Path):
    """Item 12: a no-break space at the edge of a string's line is text, not a blank."""
    path = tmp_path / "a.smersh"
    text = 'status "A" {\n      effect "Mr.\u00a0Big\n  \u00a0takes\u202f10\u00a0"\n}\n'
    path.write_text(text, encoding="utf-8")
    assert smersh("fmt", str(path)).returncode == 0
    after = path.read_text(encoding="utf-8")
    assert "\u00a0takes\u202f10\u00a0\"" in after and "Mr.\u00a0Big" in after
    assert meaning(parse_text(after, "a")[0].definitions) == meaning(parse_text(text, "a")[0].definitions)


def test_an_interrupted_rewrite_in_place_puts_the_previous_text_back(tmp_path: Path, monkeypatch):
    """A file with other hard links is rewritten in place; Ctrl-C once the new text is
    written (before it is on disk) writes the previous text back, and the backup goes."""
    from smersh_dsl.fmt import rewrite as module
    path = tmp_path / "a.smersh"
    path.write_text(UNFORMATTED)
    os.link(path, tmp_path / "other.txt")
    calls = []
    real_fsync = os.fsync

    def fsync(handle: int) -> None:
        calls.append(handle)
        if len(calls) == 2:          # the first is the backup's, the second the file's
            raise KeyboardInterrupt
        real_fsync(handle)

    monkeypatch.setattr(module.os, "fsync", fsync)
    with pytest.raises(KeyboardInterrupt):
        module.rewrite(path, FORMATTED)
    assert path.read_text() == (tmp_path / "other.txt").read_text() == UNFORMATTED
    assert len(calls) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.smersh", "other.txt"]
