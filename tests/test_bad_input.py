"""Bad input: every kind gets a coded diagnostic or a one-line usage error, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import check_paths, smersh


def only(diagnostics, code):
    assert [d.code for d in diagnostics] == [code], [str(d) for d in diagnostics]
    return diagnostics[0]


def test_latin1_file_is_not_utf8_with_its_position(tmp_path: Path):
    path = tmp_path / "latin.smersh"
    path.write_bytes(b'entry 01.1.1 {\n  "Caf\xe9"\n}\n')
    d = only(check_paths(path), "I001")
    assert (d.span.line, d.span.column) == (2, 7)


def test_positions_count_every_kind_of_line_break(tmp_path: Path):
    """A lone carriage return (old Mac files) ends a line as `\\n` and `\\r\\n` do, so a bad
    byte on the third line is reported on the third line, whatever the file uses."""
    for newline in (b"\n", b"\r\n", b"\r"):
        lines = [b"entry 01.1.1 {", b'  "One."', b'  "Caf\xe9"', b"}", b""]
        path = tmp_path / "mixed.smersh"
        path.write_bytes(newline.join(lines))
        d = only(check_paths(path), "I001")
        assert (d.span.line, d.span.column) == (3, 7), newline
        path.write_bytes(newline.join(lines).replace(b"\xe9", b"\x01"))
        d = only(check_paths(path), "I003")
        assert (d.span.line, d.span.column) == (3, 7), newline


def test_empty_and_comment_only_files(tmp_path: Path):
    (tmp_path / "a.smersh").write_text("")
    (tmp_path / "b.smersh").write_text("# nothing yet\n\n")
    for name in ("a.smersh", "b.smersh"):
        only(check_paths(tmp_path / name), "I002")


def test_binary_junk(tmp_path: Path):
    path = tmp_path / "junk.smersh"
    path.write_bytes(bytes(range(256)) * 40)
    only(check_paths(path), "I003")


def test_three_megabyte_single_line(tmp_path: Path):
    path = tmp_path / "long.smersh"
    path.write_text('entry 01.1.1 { "' + "x" * 3_000_000 + '" }')
    d = only(check_paths(path), "I006")
    assert d.span.line == 1


def test_unreadable_file_is_a_diagnostic(tmp_path: Path):
    link = tmp_path / "dangling.smersh"
    link.symlink_to(tmp_path / "missing-target.smersh")
    only(check_paths(link), "I004")


def test_folder_without_sources(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("hello")
    only(check_paths(tmp_path), "I005")


def test_cli_missing_path_is_a_usage_error(tmp_path: Path):
    result = smersh("check", str(tmp_path / "nope"))
    assert result.returncode == 2
    assert "no such file or folder" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_cli_never_shows_a_traceback_on_junk(tmp_path: Path):
    for name, data in {"junk.smersh": os.urandom(4096), "nul.smersh": b"entry\x00 01.1.1 {}",
                       "half.smersh": b'entry 01.1.1 { test'}.items():
        (tmp_path / name).write_bytes(data)
    result = smersh("check", str(tmp_path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    for name in ("junk.smersh", "nul.smersh", "half.smersh"):
        assert name in result.stdout


def test_symlink_loop_does_not_hang(tmp_path: Path):
    (tmp_path / "a.smersh").write_text('status "Calm" { effect "x" }')
    (tmp_path / "loop").symlink_to(tmp_path)
    found = check_paths(tmp_path)
    assert [d.code for d in found if d.code.startswith("I")] == []
