"""Back to the source (issue #29), in a real browser: each entry of the encounter book,
each node of a showdown (and the section's heading) and each box of a flow graph opens
its file at its line and column in the writer's editor (`vscode://file/...:line:col` by
default, `editor_url` in smersh.toml), on the pages of `smersh serve` and of the static
site alike."""

from __future__ import annotations

from pathlib import Path

from test_serve_browser import driver, offline, project, site, url  # noqa: F401  (fixtures)

REPO = Path(__file__).resolve().parent.parent

# Where, in the bundled epic book, the blocks the tests look at are written.
ENTRY = ("entries/europe.smersh", "entry 01.1.2 {")
ENCOUNTER = ("showdowns/pierre.smersh", "encounter 01 {")
SHOWDOWN = ("showdowns/pierre.smersh", "showdown Pierre {")


def editor_link(book: Path, where: tuple[str, str]) -> str:
    """The VS Code link of the line of ``book``'s file that starts (after its indent)
    with the given text, read from the file itself."""
    file, start = where
    lines = (book / file).read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.lstrip().startswith(start))
    column = len(lines[number]) - len(lines[number].lstrip()) + 1
    return f"vscode://file/{(book / file).resolve().as_posix()}:{number + 1}:{column}"


def source_link(driver, selector: str) -> str:
    """The href of the visible "source" link inside the element ``selector`` names."""
    link = driver.find_element("css selector", f"{selector} a.source-link")
    assert link.is_displayed() and link.text == "source"
    return link.get_attribute("href")


def box_link(driver, section: str, label: str) -> str | None:
    """The link that a click in the middle of the flow graph box ``label`` of the graph
    of ``section`` follows (None: the click reaches no link)."""
    return driver.execute_script("""
        const [section, label] = arguments;
        const graph = [...document.querySelectorAll('section.graph')]
            .find(s => s.querySelector('h2 a').textContent === section);
        const text = [...graph.querySelectorAll('svg g.node text')]
            .find(t => t.textContent === label);
        text.scrollIntoView({block: 'center'});
        const box = text.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        const link = hit && hit.closest('a');
        return link && (link.getAttribute('href')
                        || link.getAttributeNS('http://www.w3.org/1999/xlink', 'href'));
    """, section, label)


def pages_link_to_the_source(driver, open_page, book: Path) -> None:
    open_page("smersh-encounters-01.html")
    assert source_link(driver, "#e-01-1-2") == editor_link(book, ENTRY)
    open_page("smersh-sd-henchman-pierre.html")
    assert source_link(driver, "#sd-henchman-pierre-encounter-1 h2") == editor_link(book, ENCOUNTER)
    assert source_link(driver, "h1.opening") == editor_link(book, SHOWDOWN)
    open_page("smersh-flow.html")
    assert box_link(driver, "Pierre", "encounter 01") == editor_link(book, ENCOUNTER)


def test_the_served_book_and_flow_graph_open_the_editor_at_the_line(url, driver, project) -> None:
    pages_link_to_the_source(driver, lambda page: driver.get(url + page), project / "epic")


def test_the_static_site_opens_the_editor_at_the_line(site, offline) -> None:
    pages_link_to_the_source(offline, lambda page: offline.get((site / page).as_uri()),
                             REPO / "books" / "epic")
