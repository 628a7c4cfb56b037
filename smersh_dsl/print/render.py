"""HTML to PDF with WeasyPrint, the project's fonts embedded.

The fonts ship with the package (``fonts/``: DejaVu Serif and Sans Condensed, under the
Bitstream Vera licence, ``fonts/LICENSE-DejaVu.txt``), so a PDF looks the same on every
machine and never depends on what the system happens to have installed.

WeasyPrint reads what a page names (the fonts here) through ``fetch.fetcher()``, which
allows the package's own files and nothing else.
"""

from __future__ import annotations

import atexit
from functools import lru_cache
from pathlib import Path

from smersh_dsl.print.profiles import Profile

FONTS = Path(__file__).resolve().parent / "fonts"

_FACES = (
    ("Smersh Serif", "DejaVuSerif.ttf", "normal", "normal"),
    ("Smersh Serif", "DejaVuSerif-Bold.ttf", "bold", "normal"),
    ("Smersh Serif", "DejaVuSerif-Italic.ttf", "normal", "italic"),
    ("Smersh Serif", "DejaVuSerif-BoldItalic.ttf", "bold", "italic"),
    ("Smersh Sans", "DejaVuSansCondensed.ttf", "normal", "normal"),
    ("Smersh Sans", "DejaVuSansCondensed-Bold.ttf", "bold", "normal"),
)


# ``fonts/latin/`` holds each font cut down to the characters of Western European text
# (LATIN_RANGE), made with fontTools: pyftsubset FONT --unicodes=LATIN_RANGE
# --layout-features='*'. They are the families "Smersh Serif Latin" and "Smersh Sans
# Latin"; the books ask for them first (``font-family: "Smersh Serif Latin", "Smersh
# Serif"``): embedding a subset of a small font is several times faster than of the whole
# font, and every section of a book embeds its own. A character outside the range
# (Cyrillic, Greek, a symbol) falls back to the whole font, so nothing is lost.
LATIN_RANGE = ("U+0020-007E, U+00A0-017F, U+2010-2027, U+2030-203A, U+2212, U+2190-2193, "
               "U+25A0-25CF, U+2713-2717")


def font_faces_css() -> str:
    """@font-face rules for the bundled fonts; templates use "Smersh Serif" / "Smersh Sans"
    (or "Smersh Serif Latin", "Smersh Serif" / "Smersh Sans Latin", "Smersh Sans")."""
    rules = []
    for family, file, weight, style in _FACES:
        rules.append(f'@font-face {{ font-family: "{family}"; src: url("{(FONTS / file).as_uri()}"); '
                     f"font-weight: {weight}; font-style: {style}; }}")
        rules.append(f'@font-face {{ font-family: "{family} Latin"; '
                     f'src: url("{(FONTS / "latin" / file).as_uri()}"); '
                     f"font-weight: {weight}; font-style: {style}; }}")
    return "\n".join(rules)


def _forget_fonts() -> None:
    # Drop the font configuration while the interpreter still runs: its finaliser removes
    # a temporary folder, which fails noisily once modules are being torn down.
    _stylesheets.cache_clear()
    _font_config.cache_clear()


atexit.register(_forget_fonts)


@lru_cache(maxsize=1)
def _font_config():
    from weasyprint.text.fonts import FontConfiguration
    return FontConfiguration()


@lru_cache(maxsize=1)
def _stylesheets():
    # Made once a process: building it registers (copies) every font with fontconfig.
    from weasyprint import CSS

    from smersh_dsl.print.fetch import fetcher
    return [CSS(string=font_faces_css(), font_config=_font_config(), url_fetcher=fetcher())]


def layout(html: str):
    """Lay the HTML out into pages (a weasyprint Document) without writing a PDF.

    Used to find prose that overflows its box before anything is written.
    """
    from weasyprint import HTML

    from smersh_dsl.print.fetch import fetcher
    return HTML(string=html, url_fetcher=fetcher()).render(
        stylesheets=_stylesheets(), font_config=_font_config())


def pdf_bytes(html: str, profile: Profile, *, forms: bool = False, document=None) -> bytes:
    """The PDF of ``html`` (or of an already laid-out ``document``) for ``profile``."""
    if document is None:
        document = layout(html)
    options = {"pdf_forms": True} if forms else {}
    if profile.pdf_variant:
        options["pdf_variant"] = profile.pdf_variant
    if profile.output_intent:
        # PDF/X: the output intent and calibrated RGB (print/intent.py); P103 without one.
        from smersh_dsl.print.intent import add_output_intent, output_profile
        output_profile()
        options["finisher"] = add_output_intent
    return document.write_pdf(**options)
