"""`smersh build --format site`: the pages as a static folder for playtesters.

The same pages as `smersh serve` shows (``pages``, not live: no push, no Play tab, the
Odds page without its party form), with the site's stylesheet and script beside them. It
opens from disk with no server and no network: every link is a relative name in the
folder (the icons that prose shows too, copied in: site/icons.py), and each page says its Content-Security-Policy in a meta element. Every page is
rendered first; the folder is then written as one (export/whole_folder.py), never
through a link: a refused write leaves the previous site as it was.
"""

from __future__ import annotations

from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.site.pages import pages
from smersh_dsl.site.render import asset
from smersh_dsl.site.snapshot import take

STATIC_ASSETS = ("site.css", "site.js")


def site_files(projects: list[Project], findings: list[Diagnostic]) -> dict[str, bytes]:
    """Every file of the static site by its name in the folder."""
    snap = take(projects, findings, 1)
    files = {name: page.make(page.made_of).encode("utf-8") for name, page in pages(snap, False).items()}
    for name in STATIC_ASSETS:
        files[name] = asset(name)
    return files | _icons_shown(snap, files)


def _icons_shown(snap, files: dict[str, bytes]) -> dict[str, bytes]:
    """The icon files (site/icons.py) that some page shows, by their names in the site."""
    shown: dict[str, bytes] = {}
    for name, icon in snap.icon_files.items():
        if any(f'src="{name}"'.encode() in page for page in files.values()):
            data = icon.read()
            if data is not None:
                shown[name] = data
    return shown


def write_site(projects: list[Project], findings: list[Diagnostic], out: Path) -> Path:
    """Write the site to ``out``/site/, all of it at once and never through a link
    (export/whole_folder.py); the folder written."""
    from smersh_dsl.files.outputs import OutputFolder
    from smersh_dsl.export.whole_folder import write_folder
    target = Path(out) / "site"
    write_folder(OutputFolder(out), target, site_files(projects, findings))
    return target
