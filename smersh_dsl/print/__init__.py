"""Print-ready PDFs: encounter and showdown books, card sheets, campaign sheets (issue #6).

HTML from Jinja2 templates (``templates/``), laid out with CSS paged media and rendered
by WeasyPrint. ``profiles`` says what a print shop, a home printer or a screen needs;
``markup`` escapes writer prose; ``render`` turns HTML into PDF bytes with the bundled
fonts embedded.

``catalogue`` lists the documents (``books/``: the encounter and showdown books;
``cards/``, ``campaign/``); ``pipeline`` renders their sections (``jobs``) in parallel,
reuses unchanged ones (``cache``), turns overflowing text into P101, merges the sections
(``merge``) and writes the PDFs atomically. See docs/printing.md.
"""
