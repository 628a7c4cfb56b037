"""`smersh build --format site` writes the site as one (issue #26, item 13): a refused
write used to leave a half-new site, the pages written before it new and the rest old.
Now every place is checked first and the site is written beside the old one, then
renamed into place; a refusal leaves the old site byte for byte, and no hidden folder."""

from __future__ import annotations

import errno
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.files import outputs
from smersh_dsl.files.outputs import OutputError
from smersh_dsl.site.write import write_site

REPO = Path(__file__).resolve().parent.parent
EPIC = REPO / "books" / "epic"


def listing(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def build(project: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smersh_dsl", "build", str(project), "--format",
                           "site", "--out", str(out)], capture_output=True, text=True)


@pytest.fixture
def built(tmp_path) -> tuple[Path, Path]:
    """A project, its site built once, and then its title changed (every page moves)."""
    project = tmp_path / "epic"
    shutil.copytree(EPIC, project)
    out = tmp_path / "out"
    assert build(project, out).returncode == 0
    manifest = project / "book.smersh"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        '"Agents of SMERSH: Epic Edition"', '"Agents of SMERSH: Second Printing"'), encoding="utf-8")
    return project, out


def test_a_folder_where_a_page_goes_refuses_the_build_and_leaves_the_old_site(built) -> None:
    project, out = built
    site = out / "site"
    (site / "smersh-odds.html").unlink()
    (site / "smersh-odds.html").mkdir()
    before = listing(site)
    done = build(project, out)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"cannot write {site / 'smersh-odds.html'}: it is not a regular file" in done.stderr
    assert listing(site) == before
    assert sorted(p.name for p in out.iterdir()) == ["site"], "no hidden folder left"


def test_a_disk_that_fills_half_way_leaves_the_old_site(built, monkeypatch) -> None:
    project, out = built
    before = listing(out / "site")
    real, calls = outputs.replace_in, []
    # checked first: the parse cache writes through the same step, as often as the
    # cache is cold (a fresh machine), and only the site's files are counted
    projects, found = check_paths([project])

    def filling(*args, **kwargs):
        calls.append(args[1])
        if len(calls) > 10:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(outputs, "replace_in", filling)
    with pytest.raises(OutputError, match="No space left on device"):
        write_site(projects, found, out)
    assert len(calls) == 11
    assert listing(out / "site") == before
    assert sorted(p.name for p in out.iterdir()) == ["site"], "no hidden folder left"


def test_the_new_site_replaces_the_old_one_whole(built) -> None:
    """Written, the site holds the new pages and nothing else: a page left from an older
    build (a section since removed) does not linger with its dead links."""
    project, out = built
    (out / "site" / "smersh-sd-henchman-gone.html").write_text("<p>old</p>")
    done = build(project, out)
    assert done.returncode == 0, done.stderr
    pages = listing(out / "site")
    assert "smersh-sd-henchman-gone.html" not in pages
    assert all(b"Epic Edition" not in data for name, data in pages.items() if name.endswith(".html"))
    assert any(b"Second Printing" in data for data in pages.values())
    assert sorted(p.name for p in out.iterdir()) == ["site"]
