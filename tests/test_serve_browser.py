"""`smersh serve` and the static site in a real browser (issue #19): headless Chromium
from Debian's packages, driven by Selenium.

One server and one browser for the whole file (starting Chromium costs a second or two),
over a copy of the bundled epic book that a test edits to break a goto."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from waiting import HANG_GUARD_S

from serve_helpers import browser, differing, ready, serving, shoot, sign_in

REPO = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "serve"
WAIT_S = HANG_GUARD_S   # a hang guard only (tests/waiting.py); bench/ measures the time


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("serve")
    shutil.copytree(REPO / "books" / "epic", home / "epic")
    return home


@pytest.fixture(scope="module")
def url(project: Path):
    with serving(Path("epic"), cwd=project) as address:
        ready(address)
        yield address


@pytest.fixture(scope="module")
def driver(url):
    found = browser()
    sign_in(found, url)
    yield found
    found.quit()


def wait_for(driver, test, what: str, wait_s: float = WAIT_S):
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, wait_s, poll_frequency=0.05).until(lambda d: test(d), what)


def by_css(driver, selector: str):
    from selenium.webdriver.common.by import By
    return driver.find_elements(By.CSS_SELECTOR, selector)


def test_a_goto_in_the_showdown_book_is_a_link_to_its_encounter(url, driver) -> None:
    driver.get(url + "smersh-sd-henchman-pierre.html")
    assert "Pierre: Epic Showdown" in driver.find_element("css selector", "h1").text
    link = by_css(driver, "#sd-henchman-pierre-encounter-1 a.goto")[0]
    label, href = link.text, link.get_attribute("href")
    link.click()
    wait_for(driver, lambda d: d.current_url == href, "the goto link followed")
    target = href.split("#", 1)[1]
    assert driver.find_element("id", target).find_element("css selector", "h2").text.startswith(label)


def test_jump_to_a_key_opens_its_entry(url, driver) -> None:
    """EP-ENC-1: "James finds page "01.7" in the Encounter book, then, 01.7.4 on that exact
    page." The jump box takes the key as the book is read."""
    driver.get(url + "index.html")
    box = driver.find_element("id", "jump-key")
    box.send_keys("01.1.2\n")
    wait_for(driver, lambda d: d.current_url.endswith("smersh-encounters-01.html#e-01-1-2"),
             "the jump to 01.1.2")
    entry = driver.find_element("id", "e-01-1-2")
    assert entry.find_element("css selector", ".key").text == "01.1.2"


def test_a_goto_to_a_conclusion_opens_the_back_of_the_section(url, driver) -> None:
    """EP-SHOW-6: "When you are directed to read a conclusion, find it in the back of that
    Henchman's section." The conclusions are folded at the back until a goto opens one."""
    driver.get(url + "smersh-sd-henchman-pierre.html")
    folded = by_css(driver, "details.back")[0]
    assert folded.get_attribute("open") is None
    link = next(a for a in by_css(driver, ".tally a.goto")
                if "conclusion" in a.get_attribute("href"))
    target = link.get_attribute("href").split("#", 1)[1]
    link.click()
    wait_for(driver, lambda d: d.find_element("id", target).is_displayed(), "the conclusion shown")
    assert folded.get_attribute("open") is not None


def test_search_finds_prose(url, driver) -> None:
    driver.get(url + "search.html?q=Noir+Absolu")
    wait_for(driver, lambda d: by_css(d, "#search-results li"), "search results")
    first = by_css(driver, "#search-results li a")[0]
    assert "Pierre" in first.text


def test_a_showdown_is_played_to_its_conclusion_by_clicking(url, driver) -> None:
    driver.get(url + "play.html")
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element("id", "play-showdown-1")).select_by_visible_text("Pierre")
    driver.find_element("name", "seed").send_keys("7")
    from selenium.webdriver.support import expected_conditions as gone
    driver.find_element("id", "play-showdown-go-1").click()
    for _ in range(60):
        wait_for(driver, lambda d: by_css(d, "#outcome, #choices button"), "a question or the outcome")
        if by_css(driver, "#outcome"):
            break
        page = driver.find_element("id", "transcript")
        by_css(driver, "#choices button")[0].click()
        wait_for(driver, gone.staleness_of(page), "the next page after a click")
    outcome = driver.find_element("id", "outcome")
    assert outcome.text.startswith(("Victory", "Defeat", "Every spy is dead")), outcome.text
    assert by_css(driver, "#transcript .die"), "the dice are shown as they fell"


def test_the_game_page_is_styled_its_dice_stand_apart_and_its_tabs_lead_somewhere(url, driver) -> None:
    """Issue #32: the game page (/play/TOKEN) named its stylesheet, scripts and tabs by
    relative names, which are 404s below /play/: unstyled, every tab a dead link, and
    the dice faces run together ("resolveblank")."""
    from selenium.webdriver.support import expected_conditions as gone
    from selenium.webdriver.support.ui import Select
    driver.get(url + "play.html")
    Select(driver.find_element("id", "play-showdown-1")).select_by_visible_text("Pierre")
    driver.find_element("name", "seed").send_keys("11")
    driver.find_element("id", "play-showdown-go-1").click()
    wait_for(driver, lambda d: "/play/" in d.current_url and by_css(d, "#transcript"), "the game page")
    header = driver.execute_script(
        "return getComputedStyle(document.querySelector('header')).backgroundColor")
    assert header == "rgb(29, 43, 58)", "site.css applies on the game page"
    pairs = "return [...document.querySelectorAll('li.dice')].filter(l => l.querySelectorAll('.die').length > 1)"
    for _ in range(60):
        if driver.execute_script(pairs + ".length") or by_css(driver, "#outcome"):
            break
        page = driver.find_element("id", "transcript")
        by_css(driver, "#choices button")[0].click()
        wait_for(driver, gone.staleness_of(page), "the next page after a click")
    gaps = driver.execute_script(pairs + """.map(l => { const d = l.querySelectorAll('.die');
        return d[1].offsetLeft - (d[0].offsetLeft + d[0].offsetWidth); })""")   # the layout's, not the animation's
    assert gaps and min(gaps) >= 4, f"the dice stand apart: {gaps}"
    driver.find_element("id", "findings-tab").click()
    wait_for(driver, lambda d: d.current_url.endswith("/findings.html"), "the Findings tab")
    assert driver.find_element("css selector", "h1").text == "Findings"


def test_breaking_a_goto_on_disk_shows_the_finding_in_the_open_page(url, driver, project) -> None:
    driver.get(url + "findings.html")
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.version"),
             "the page connected to the server")
    assert not by_css(driver, '.finding[data-code="N003"]')
    source = project / "epic" / "showdowns" / "pierre.smersh"
    text = source.read_text(encoding="utf-8")
    broken = text.replace("\n    goto 01\n", "\n    goto 41\n", 1)
    assert broken != text
    driver.execute_script("window.smershNotReloaded = true")
    source.write_text(broken, encoding="utf-8")
    try:
        wait_for(driver, lambda d: by_css(d, ".finding .place"), "the finding in the open page")
        found = by_css(driver, ".finding")
        assert any("41" in f.text for f in found), [f.text for f in found]
        assert driver.execute_script("return window.smershNotReloaded") is True, "no full reload"
    finally:
        source.write_text(text, encoding="utf-8")
    wait_for(driver, lambda d: by_css(d, "#no-findings"), "the finding gone once fixed")


def test_screenshots_match_the_golden_ones(url, driver, tmp_path) -> None:
    """The showdown, flow and findings pages look as they did when the golden screenshots
    were taken (tests/regen_golden.py), within a tolerance for the fonts' rendering."""
    for name, shot in shoot(driver, url, tmp_path).items():
        golden = GOLDEN / f"{name}.png"
        if not golden.exists():
            pytest.fail(f"no golden screenshot {golden}: run tests/regen_golden.py")
        assert differing(shot, golden) < 0.03, f"{name}: compare {shot} with {golden}"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "smersh_dsl", "build", str(REPO / "books" / "epic"),
                    "--format", "site", "--out", str(out)], check=True, capture_output=True)
    return out / "site"


@pytest.fixture(scope="module")
def offline():
    found = browser(offline=True)
    yield found
    found.quit()


def test_the_static_site_reads_from_disk_with_the_network_cut_off(site, offline) -> None:
    offline.get((site / "smersh-sd-henchman-pierre.html").as_uri())
    link = by_css(offline, "#sd-henchman-pierre-encounter-1 a.goto")[0]
    href = link.get_attribute("href")
    link.click()
    wait_for(offline, lambda d: d.current_url == href, "the goto link followed")
    box = offline.find_element("id", "jump-key")
    box.send_keys("01.1.2\n")
    wait_for(offline, lambda d: d.current_url.endswith("smersh-encounters-01.html#e-01-1-2"),
             "the jump to 01.1.2")
    offline.get((site / "search.html").as_uri() + "?q=Noir+Absolu")
    wait_for(offline, lambda d: by_css(d, "#search-results li"), "search results")
    offline.get((site / "smersh-flow.html").as_uri())
    drawn = by_css(offline, ".graph figure.drawn svg")
    assert drawn and all(offline.execute_script("return arguments[0].getBBox().width", svg) > 0
                         for svg in drawn), "every flow graph drawn"
    assert "Live" not in offline.page_source and not by_css(offline, "script[src='live.js']")
