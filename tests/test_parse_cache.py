"""The parse cache and parallel parsing (issue #8): faster, and never a different answer."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import time
from dataclasses import replace
from pathlib import Path

import pytest

from smersh_dsl import __version__
from smersh_dsl.model.document import SourceFile
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.parse import cache as disk_cache
from smersh_dsl.parse import parallel, parser
from smersh_dsl.parse.lazy_source import LazySource
from conftest import REPO, count_parses, smersh

EPIC = REPO / "books" / "epic"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder, and a process that remembers no parse in memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("SMERSH_CACHE_DIR", str(folder))
    monkeypatch.setattr(parser, "remembered", type(parser.remembered)())
    return folder


def _forget(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a new process knows: nothing in memory (the disk cache stays)."""
    fresh = type(parser.remembered)()
    monkeypatch.setattr(parser, "remembered", fresh)


def test_an_unchanged_file_is_read_from_the_cache_not_parsed(cache, monkeypatch, tmp_path):
    project = tmp_path / "epic"
    shutil.copytree(EPIC, project)
    first = check_paths([project])[1]
    assert any(cache.rglob("*.pickle")), "the first run fills the cache"
    _forget(monkeypatch)
    parsed = count_parses(monkeypatch)
    again = check_paths([project])[1]
    assert parsed == [] and again == first
    entry = next(project.rglob("europe.smersh"))
    entry.write_text(entry.read_text(encoding="utf-8").replace("Paris", "Paris ", 1), encoding="utf-8")
    _forget(monkeypatch)
    check_paths([project])
    assert [Path(p).name for p in parsed] == ["europe.smersh"], "only the edited file is parsed"


def test_a_corrupt_or_truncated_entry_is_ignored_and_written_again(cache, monkeypatch, tmp_path):
    source = tmp_path / "case.smersh"
    source.write_text('status "Marked" { effect "Roll one die less." }\n', encoding="utf-8")
    expected = parser.parse_file(source)
    for bad in (b"", b"not a pickle", b"\x80\x05\x95garbage"):
        for entry in cache.rglob("*.pickle"):
            entry.write_bytes(bad)
        _forget(monkeypatch)
        parsed = count_parses(monkeypatch)
        assert parser.parse_file(source) == expected
        assert len(parsed) == 1, f"a bad entry ({bad!r}) is parsed again"
        monkeypatch.undo()
        monkeypatch.setenv("SMERSH_CACHE_DIR", str(cache))
    text = source.read_text(encoding="utf-8")
    assert disk_cache.load(text, str(source)) is not None, "the entry was rebuilt"


def test_spans_keep_the_name_they_were_parsed_under(cache, monkeypatch, tmp_path):
    source = tmp_path / "case.smersh"
    source.write_text('status "Marked" { effect "x" }\nstatus Broken {\n', encoding="utf-8")
    parser.parse_file(source, "one.smersh")
    _forget(monkeypatch)
    file, problems = parser.parse_file(source, "two.smersh")
    assert file.path == "two.smersh" and file.definitions[0].span.file == "two.smersh"
    assert problems and {d.span.file for d in problems} == {"two.smersh"}


def test_a_file_read_back_is_its_parse_whether_or_not_its_blocks_were_read(cache, monkeypatch,
                                                                          tmp_path):
    source = next(EPIC.rglob("europe.smersh"))
    fresh = parser.parse_file(source, "europe.smersh")
    _forget(monkeypatch)
    back = parser.parse_file(source, "europe.smersh")
    assert back[0].block_types() == fresh[0].block_types()
    assert type(back[0]) is LazySource, "its block types are known without its blocks"
    assert back == fresh and type(back[0]) is SourceFile, "compared, it is read, and plain"
    _forget(monkeypatch)
    shut = parser.parse_file(source, "europe.smersh")[0]
    assert pickle.loads(pickle.dumps(shut)) == fresh[0] and replace(shut, lost=("x",)).lost == ("x",)
    assert type(shut) is SourceFile and shut.definitions == fresh[0].definitions


def test_a_model_that_cannot_be_read_back_is_parsed_again(cache, monkeypatch):
    source = next(EPIC.rglob("europe.smersh"))
    fresh = parser.parse_file(source, "europe.smersh")
    _forget(monkeypatch)
    back = parser.parse_file(source, "europe.smersh")
    monkeypatch.setattr(disk_cache, "_read", lambda blob, shown: pickle.loads(b"not a pickle"))
    assert back[0].definitions == fresh[0].definitions and back == fresh


def test_caching_can_be_turned_off(monkeypatch, tmp_path):
    monkeypatch.setenv("SMERSH_CACHE_DIR", "")
    source = tmp_path / "case.smersh"
    source.write_text('status "Marked" { effect "Roll one die less." }\n', encoding="utf-8")
    parser.parse_file(source)
    assert disk_cache.load(source.read_text(encoding="utf-8"), str(source)) is None
    assert not list(tmp_path.rglob("*.pickle"))


def test_parsing_in_parallel_gives_the_same_findings_as_one_at_a_time(cache, monkeypatch, tmp_path):
    project = tmp_path / "epic"
    shutil.copytree(EPIC, project)
    broken = next(project.rglob("europe.smersh"))
    broken.write_text(broken.read_text(encoding="utf-8") + '\nentry 99.1.1 { "open\n', encoding="utf-8")
    monkeypatch.setenv("SMERSH_CACHE_DIR", "")
    serial = check_paths([project])[1]
    assert any(d.code.startswith("S") for d in serial)
    _forget(monkeypatch)
    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", 0)
    monkeypatch.setattr(parallel, "_workers", lambda: 2)
    parsed = count_parses(monkeypatch)       # counts only what the parent parses itself
    together = check_paths([project])[1]
    assert together == serial
    files = len(list(project.rglob("*.smersh")))
    assert 0 < len(parsed) < files, "the parent and the worker both parse some files"
    assert len(set(parsed)) == len(parsed)


def test_a_deleted_cache_folder_is_rebuilt_by_the_next_run(tmp_path):
    folder = tmp_path / "cache"
    env = {"SMERSH_CACHE_DIR": str(folder)}
    first = smersh("check", str(EPIC), env=env)
    assert first.returncode == 0 and any(folder.rglob("*.pickle"))
    shutil.rmtree(folder)
    again = smersh("check", str(EPIC), env=env)
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    assert any(folder.rglob("*.pickle"))
    assert os.listdir(folder)


def test_a_file_is_read_again_only_when_it_changed(tmp_path, monkeypatch):
    """The language server re-checks a project after every keystroke: files on disk are
    read once until they change, even a change that keeps their size and their
    modification time (a tool that restores the time still moves the change time)."""
    from smersh_dsl.parse import source

    path = tmp_path / "a.smersh"
    path.write_text('status "Marked" { effect "One." }\n', encoding="utf-8")
    past = time.time() - 60
    os.utime(path, (past, past))
    reads: list[Path] = []
    real = source.read_regular

    def counting(path: Path, *args) -> bytes:
        reads.append(path)
        return real(path, *args)
    monkeypatch.setattr(source, "read_regular", counting)
    assert source.read_source(path, "a.smersh")[0] == source.read_source(path, "a.smersh")[0]
    assert len(reads) == 1
    path.write_text('status "Marked" { effect "Two." }\n', encoding="utf-8")
    os.utime(path, (past, past))
    text, _ = source.read_source(path, "a.smersh")
    assert "Two." in text and len(reads) == 2


# ---------------------------------------------------------------------------- hostile caches

class _Planted:
    """A pickle that, once loaded, creates ``marker``: what a planted entry would run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def _planted(marker: Path, sealed: bool) -> bytes:
    import pickle
    blob = pickle.dumps(_Planted(marker))
    return b"smersh-sealed-1\n" + b"\0" * 32 + blob if sealed else blob


@pytest.mark.parametrize("sealed", [False, True], ids=["bare-pickle", "forged-seal"])
def test_a_planted_pickle_is_never_loaded_and_the_check_stays_right(cache, tmp_path, sealed):
    project = tmp_path / "smush"
    shutil.copytree(REPO / "books" / "smush", project)
    (project / "bad.smersh").write_text("entry 01.1.1 { test\n", encoding="utf-8")
    first = smersh("check", str(project))
    entries = list(cache.rglob("*.pickle"))
    assert first.returncode == 1 and entries, "the first run fills the cache"
    marker = tmp_path / "ran"
    for entry in entries:                  # at the exact path of every real entry
        entry.write_bytes(_planted(marker, sealed))
    again = smersh("check", str(project))
    assert not marker.exists(), "a planted pickle was unpickled"
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    assert "Traceback" not in again.stderr


def test_an_entry_changed_on_disk_is_parsed_again(cache, monkeypatch, tmp_path):
    """One byte of the model changed, the text it came from left whole: the check of the
    whole entry finds it (the text's own check would not)."""
    source = tmp_path / "case.smersh"
    source.write_text('status "Marked" { effect "Roll one die less." }\n', encoding="utf-8")
    expected = parser.parse_file(source)
    entry, = cache.rglob("*.pickle")
    data = entry.read_bytes()
    at = data.rindex(b"Roll one die less.")
    entry.write_bytes(data[:at] + b"T" + data[at + 1:])
    _forget(monkeypatch)
    parsed = count_parses(monkeypatch)
    assert parser.parse_file(source) == expected and len(parsed) == 1


def test_cache_files_are_private(cache, tmp_path):
    smersh("check", str(EPIC))
    found = [cache, *cache.rglob("*")]
    assert any(p.suffix == ".pickle" for p in found)
    folders = {str(p): oct(p.stat().st_mode & 0o777) for p in found if p.is_dir()}
    files = {str(p): oct(p.stat().st_mode & 0o777) for p in found if p.is_file()}
    assert set(folders.values()) == {"0o700"}, folders
    assert set(files.values()) == {"0o600"}, files
    assert (cache / __version__ / "key").is_file()


def test_an_open_cache_folder_is_made_private(cache, monkeypatch, tmp_path):
    root = cache / __version__
    (root / "parse").mkdir(parents=True)
    cache.chmod(0o755)
    root.chmod(0o777)
    source = tmp_path / "case.smersh"
    source.write_text('status "Marked" { effect "x" }\n', encoding="utf-8")
    parser.parse_file(source)
    assert (cache.stat().st_mode & 0o777, root.stat().st_mode & 0o777) == (0o700, 0o700)


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_a_cache_folder_of_another_user_is_not_used(cache, tmp_path):
    project = tmp_path / "smush"
    shutil.copytree(REPO / "books" / "smush", project)
    clean = smersh("check", str(project), env={"SMERSH_CACHE_DIR": ""})
    smersh("check", str(project))
    marker = tmp_path / "ran"
    for entry in cache.rglob("*.pickle"):
        entry.write_bytes(_planted(marker, False))
    key = cache / __version__ / "key"
    for path in [cache, *cache.rglob("*")]:
        os.chown(path, 65534, 65534, follow_symlinks=False)
    before = sorted(p.stat().st_mtime_ns for p in cache.rglob("*"))
    again = smersh("check", str(project))
    assert (again.returncode, again.stdout) == (clean.returncode, clean.stdout)
    assert not marker.exists() and key.stat().st_uid == 65534
    assert sorted(p.stat().st_mtime_ns for p in cache.rglob("*")) == before, "nothing written"


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_nothing_is_made_in_a_cache_folder_of_another_user(cache, tmp_path):
    cache.mkdir()
    cache.chmod(0o777)
    os.chown(cache, 65534, 65534)
    source = tmp_path / "case.smersh"
    source.write_text('status "Marked" { effect "x" }\n', encoding="utf-8")
    assert parser.parse_file(source)[1] == []
    assert list(cache.iterdir()) == [] and cache.stat().st_mode & 0o777 == 0o777


def test_planted_parser_tables_in_the_cache_are_never_loaded(cache, monkeypatch, tmp_path):
    import pickle
    import zlib

    from smersh_dsl.parse import tables
    from smersh_dsl.resources import grammar_path

    grammar = grammar_path().read_text(encoding="utf-8")
    monkeypatch.setattr(tables, "shipped_path", lambda: tmp_path / "none.tables")
    parser.parser.cache_clear()
    try:
        parser.parser()                                # computes the tables, keeps them
        kept, = tables.cache_dir("grammar").glob("tables-*.pickle")
        marker = tmp_path / "ran"
        header = json.dumps(tables.header(grammar), sort_keys=True).encode()
        kept.write_bytes(header + b"\n" + zlib.compress(pickle.dumps(_Planted(marker))))
        parser.parser.cache_clear()
        built = parser.parser()
    finally:
        parser.parser.cache_clear()
    assert not marker.exists(), "planted tables were unpickled"
    assert built.parse('status "Marked" { effect "x" }\n') is not None


def test_held_entries_are_written_when_the_report_is_out(cache, tmp_path, monkeypatch):
    """`smersh check` holds its own cache writes back until it has printed (issue #31;
    a parsing worker process writes its own as it goes): held, nothing is on disk;
    flushed, every entry is, whole, and read back as the parse."""
    monkeypatch.setattr(parallel, "_processes_allowed", False)
    project = tmp_path / "epic"
    shutil.copytree(EPIC, project)
    with disk_cache.deferred():
        found = check_paths([project])[1]
        # the parsed files' entries (the parser's own image, kept when a process first
        # parses, is not one: whether it is written depends on what ran before)
        assert not list(cache.glob("*/parse/**/*.pickle")), "written before the report"
        disk_cache.flush()
        written = sorted(cache.glob("*/parse/**/*.pickle"))
        assert len(written) == len(list(project.rglob("*.smersh")))
        source = next(project.rglob("europe.smersh"))
        text = source.read_text(encoding="utf-8")
        assert disk_cache.load(text, "europe.smersh") == parser.parse_fresh(text, "europe.smersh")
    assert check_paths([project])[1] == found
