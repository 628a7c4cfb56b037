"""`smersh build`: one document per project, deterministic, atomic, never from broken content."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import REPO, smersh
from smersh_dsl.files.atomic import write_atomic


def test_build_writes_one_document_per_bundled_project(tmp_path: Path):
    result = smersh("build", str(REPO / "books"), "--out", str(tmp_path), "--merged",
                    "--format", "json")       # the PDFs: .ci/run builds books/ whole
    assert result.returncode == 0, result.stderr
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.json"))
    assert written == ["shield/campaign.schema.json", "shield/shield.json",
                       "smersh/game.schema.json", "smersh/smersh.json",
                       "smush/cardgame.schema.json", "smush/smush.json",
                       "swagmans_hope/expansion.schema.json", "swagmans_hope/game.schema.json",
                       "swagmans_hope/swagmans_hope.json", "swagmans_hope/swagmans_hope.merged.json"]
    expansion = json.loads((tmp_path / "swagmans_hope" / "swagmans_hope.json").read_text())
    assert expansion["kind"] == "expansion"
    assert expansion["extends"] == {"game": "smersh", "version": "1.0"} or expansion["extends"]["game"] == "smersh"
    merged = json.loads((tmp_path / "swagmans_hope" / "swagmans_hope.merged.json").read_text())
    assert merged["kind"] == "game" and merged["expansions"][0]["id"] == "swagmans_hope"
    australia = [r for r in merged["regions"] if r["name"] == "Australia"]
    assert len(australia) == 1 and any("hub" in loc["features"] for loc in australia[0]["locations"])


def test_the_same_input_gives_byte_identical_output(tmp_path: Path):
    for out in ("a", "b"):
        assert smersh("build", str(REPO / "books" / "smush"), "--out", str(tmp_path / out)).returncode == 0
    assert (tmp_path / "a/smush/smush.json").read_bytes() == (tmp_path / "b/smush/smush.json").read_bytes()


def test_sources_only_when_asked(tmp_path: Path):
    smersh("build", str(REPO / "books" / "smush"), "--out", str(tmp_path / "plain"))
    smersh("build", str(REPO / "books" / "smush"), "--out", str(tmp_path / "src"), "--with-sources")
    plain = (tmp_path / "plain/smush/smush.json").read_text()
    with_sources = json.loads((tmp_path / "src/smush/smush.json").read_text())
    assert '"source"' not in plain
    assert with_sources["gadget_cards"][0]["source"]["line"] >= 1


def test_broken_content_writes_nothing(tmp_path: Path):
    book = tmp_path / "book"
    book.mkdir()
    (book / "book.smersh").write_text('cardgame g "G" { types { Tech } }\ngadget_card 1 {\n')
    result = smersh("build", str(book), "--out", str(tmp_path / "out"))
    assert result.returncode == 1
    assert "nothing written" in result.stderr and not (tmp_path / "out").exists()


def test_an_interrupted_write_leaves_the_previous_file(tmp_path: Path, monkeypatch):
    target = tmp_path / "doc.json"
    target.write_text("previous")

    def crash(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new")
    assert target.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["doc.json"]     # no temporary left behind
