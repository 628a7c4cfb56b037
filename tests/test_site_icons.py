"""Icons in prose (`:Name:`) on the web pages (issue #30): `smersh serve` and the static
site show the icon the project declares (`icon NAME "file"`), alt text its name, and the
picture loads in a real browser: served by the server, copied into the site's folder.

A copy of the bundled epic book whose Pierre showdown says `:Spycraft:` and
`:Hand_to_Hand:` in its intro (both declared icons, SVG files in icons/)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from waiting import HANG_GUARD_S

from serve_helpers import AUTH, browser, ready, serving, sign_in

REPO = Path(__file__).resolve().parent.parent
PAGE = "smersh-sd-henchman-pierre.html"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("icons")
    shutil.copytree(REPO / "books" / "epic", home / "epic")
    showdown = home / "epic" / "showdowns" / "pierre.smersh"
    text = showdown.read_text(encoding="utf-8")
    assert '"Paris in October:' in text
    showdown.write_text(text.replace('"Paris in October:',
                                     '"Paris :Spycraft: in :Hand_to_Hand: October:'), "utf-8")
    return home


def wait_for(driver, test, what: str):
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, HANG_GUARD_S, poll_frequency=0.05).until(lambda d: test(d), what)


def loaded_icons(driver) -> dict[str, int]:
    """Each img.icon of the open page: its alt text -> its natural width (0: not loaded)."""
    return driver.execute_script(
        "const out = {}; for (const i of document.querySelectorAll('img.icon'))"
        " { if (i.complete) out[i.alt] = i.naturalWidth; } return out;")


def test_the_served_book_page_shows_the_icon_and_it_loads(project) -> None:
    with serving(Path("epic"), cwd=project) as url:
        ready(url)
        request = urllib.request.Request(url + PAGE, headers=AUTH)
        with urllib.request.urlopen(request, timeout=HANG_GUARD_S) as reply:
            html = reply.read().decode()
        assert ":Spycraft:" not in html and 'alt="Spycraft"' in html
        driver = browser()
        try:
            sign_in(driver, url)
            driver.get(url + PAGE)
            wait_for(driver, lambda d: {"Spycraft", "Hand to Hand"} <= set(loaded_icons(d)),
                     "the icons loaded or failed")
            widths = loaded_icons(driver)
            assert widths["Spycraft"] > 0 and widths["Hand to Hand"] > 0, widths
            src = driver.execute_script("return document.querySelector('img.icon').src")
        finally:
            driver.quit()
        # the icon is a route like the pages: without the token it is refused
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(src, timeout=HANG_GUARD_S)
        assert refused.value.code == 403


def test_the_static_site_holds_the_icons_it_shows_and_they_load_from_disk(project, tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "smersh_dsl", "build", str(project / "epic"),
                           "--format", "site", "--out", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    site = tmp_path / "site"
    icons = sorted(p.name for p in site.glob("icon-*"))
    assert len(icons) == 2, icons          # the two shown, not every icon the book declares
    assert all(name.endswith(".svg") for name in icons)
    driver = browser(offline=True)
    try:
        driver.get((site / PAGE).as_uri())
        wait_for(driver, lambda d: {"Spycraft", "Hand to Hand"} <= set(loaded_icons(d)),
                 "the icons loaded or failed")
        widths = loaded_icons(driver)
        assert widths["Spycraft"] > 0 and widths["Hand to Hand"] > 0, widths
    finally:
        driver.quit()


def _over_budget_svg() -> str:
    """An SVG of more elements than the picture budget allows (images/budget.py)."""
    from smersh_dsl.images.budget import MAX_SVG_ELEMENTS
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
            + '<rect width="1" height="1"/>' * (MAX_SVG_ELEMENTS + 1) + "</svg>\n")


def test_an_icon_over_the_picture_budget_is_neither_shown_nor_copied(project, tmp_path) -> None:
    from smersh_dsl.project.load import load_paths
    from smersh_dsl.site.write import site_files
    copy = tmp_path / "epic"
    shutil.copytree(project / "epic", copy)
    (copy / "icons" / "spycraft.svg").write_text(_over_budget_svg(), encoding="utf-8")
    projects, _, _ = load_paths([copy])
    files = site_files(projects, [])
    page = files[PAGE].decode()
    assert ":Spycraft:" in page and 'alt="Spycraft"' not in page     # the text as written
    assert 'alt="Hand to Hand"' in page
    assert len([name for name in files if name.startswith("icon-")]) == 1


def test_the_server_measures_an_icon_again_as_it_serves_it(project, tmp_path) -> None:
    from starlette.testclient import TestClient
    from smersh_dsl.serve.app import make_app
    copy = tmp_path / "epic"
    shutil.copytree(project / "epic", copy)
    app = make_app([copy], "t0ken", watch=False, hosts=["testserver"])
    with TestClient(app, headers={"Authorization": "token t0ken"}) as client:
        page = client.get("/" + PAGE).text
        src = page.split('alt="Spycraft"')[0].rsplit('src="', 1)[1].split('"')[0]
        assert client.get(src).status_code == 200
        assert client.get(src).headers["content-type"].startswith("image/svg+xml")
        (copy / "icons" / "spycraft.svg").write_text(_over_budget_svg(), encoding="utf-8")
        assert client.get(src).status_code == 404          # grown over the budget since
        assert client.get("/icon-000000000000.svg").status_code == 404
