"""The Entries page (issue #28) as a writer meets it: in a real headless Chromium, from
the server's navigation, the table of entries, a heading that sorts it, and a key that
opens the entry in the book. Every wait is on what the page shows (tests/waiting.py's
hang guard only bounds a hang)."""

from __future__ import annotations

# the server over a copy of the bundled epic book, and a signed-in Chromium: the
# fixtures of test_serve_browser.py (a server and a browser of this module's own)
from test_serve_browser import by_css as css, driver, project, url, wait_for  # noqa: F401


def loaded(driver) -> bool:  # noqa: F811
    return driver.execute_script("return document.readyState") == "complete"


def test_the_entries_table_sorts_and_its_keys_open_the_book(url, driver) -> None:  # noqa: F811
    driver.get(url + "findings.html")
    tab = next(a for a in css(driver, "nav.tabs a") if a.text == "Entries")
    # fewer games than the default, typed into the page's form as a writer would
    tab.click()
    games = wait_for(driver, lambda d: css(d, "input[name=games]"), "the Entries form")[0]
    games.clear()
    games.send_keys("12")
    css(driver, "#entries-go")[0].click()
    wait_for(driver, lambda d: "games=12" in d.current_url and loaded(d), "the page for 12 games")
    rows = wait_for(driver, lambda d: css(d, "#entries-table tbody tr"), "the table's rows")
    about = driver.find_element("id", "entries-about").text
    assert "12 games of 4 honest spies, seed 1" in about and "only what a player sees" in about
    assert len(rows) > 10
    read = [int(r.find_elements("css selector", "td")[0].text) for r in rows]
    assert read == sorted(read, reverse=True)            # the most read first
    css(driver, "a[data-sort=pass_rate]")[0].click()
    wait_for(driver, lambda d: "sort=pass_rate" in d.current_url and loaded(d)
             and css(d, "a.here[data-sort=pass_rate]"), "the table sorted by pass rate")
    passed = [int(td.text.rstrip("%"))
              for td in css(driver, "#entries-table tbody tr td:nth-of-type(3)")]
    assert passed == sorted(passed) and len(passed) == len(rows)
    link = css(driver, "#entries-table tbody tr a.entry-key")[0]
    key = link.text
    link.click()
    wait_for(driver, lambda d: d.current_url.endswith("#e-" + key.replace(".", "-")),
             f"the book at entry {key}")
    entry = driver.find_element("css selector", f'div.entry[data-key="{key}"]')
    assert entry.is_displayed() and entry.find_element("css selector", "a.key").text == key
    # the entry is where the browser scrolled: in view
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", entry)
    assert 0 <= top < driver.execute_script("return window.innerHeight")


def test_the_page_says_when_a_file_changed_after_its_games(url, driver, project) -> None:  # noqa: F811
    """The page is not one the server pushes: it must not say it is gone from the book,
    and once a file changes it says its games were played on the book as it was."""
    status = "return document.getElementById('live-status')"
    driver.get(url + "smersh-entries.html?games=5")
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.version"),
             "the page connected to the server")
    assert css(driver, "#entries-table tbody tr")
    assert driver.execute_script(status + ".hidden"), driver.execute_script(status + ".textContent")
    source = project / "epic" / "board.smersh"
    text = source.read_text(encoding="utf-8")
    try:
        source.write_text(text + "# a writer's note\n", encoding="utf-8")
        wait_for(driver, lambda d: "A file changed after these games were played"
                 in d.execute_script(status + ".textContent"), "the page's word that a file changed")
    finally:
        source.write_text(text, encoding="utf-8")
