"""Back to the source (issue #29): a finding on the findings page of `smersh serve` and the
static site links to its file and line in the writer's editor, `vscode://file/...:line:col`
by default, as `editor_url` in smersh.toml says otherwise."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

from conftest import REPO, smersh


def _project(tmp_path: Path, config: str | None = None) -> Path:
    """A copy of the Epic Edition with a warning (T003), which the site is still built
    with, on line 22, column 6 of encounter 01 of Pierre's showdown."""
    project = tmp_path / "epic"
    shutil.copytree(REPO / "books" / "epic", project)
    pierre = project / "showdowns" / "pierre.smersh"
    text = pierre.read_text(encoding="utf-8")
    pierre.write_text(text.replace('"The salon is white', '"TODO: The salon is white', 1), encoding="utf-8")
    assert text.split("\n")[21].startswith('    "The salon')
    if config is not None:
        (project / "smersh.toml").write_text(config, encoding="utf-8")
    return project


def _links(project: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / "out"
    built = smersh("build", str(project), "--format", "site", "--out", str(out))
    assert built.returncode == 0, built.stderr
    page = (out / "site" / "findings.html").read_text(encoding="utf-8")
    return [html.unescape(h) for h in re.findall(r'<a class="source-link" href="([^"]+)"', page)]


def test_a_finding_opens_its_file_at_its_line_in_vs_code(tmp_path: Path):
    project = _project(tmp_path)
    links = _links(project, tmp_path)
    assert f"vscode://file/{(project / 'showdowns' / 'pierre.smersh').resolve().as_posix()}:22:6" in links


def test_the_link_follows_editor_url_in_smersh_toml(tmp_path: Path):
    project = _project(tmp_path, 'editor_url = "idea://open?file={path}&line={line}"\n')
    links = _links(project, tmp_path)
    assert f"idea://open?file={(project / 'showdowns' / 'pierre.smersh').resolve().as_posix()}&line=22" in links


def test_an_editor_url_without_the_path_is_a_finding_at_its_key(tmp_path: Path):
    project = _project(tmp_path, 'select = ["T"]\neditor_url = "vscode://file/{file}:{line}"\n')
    checked = smersh("check", str(project), "-q")
    assert re.search(r"smersh\.toml:2:1: error\[L003\]: `editor_url` must be a text with `\{path\}`",
                     checked.stdout), checked.stdout
