"""The evidence icons of the S.H.I.E.L.D. campaign log, drawn: a small SVG glyph for each
icon a campaign names (`"Microfilm" icon:film`), at text size, so the combination grid
shows the icon printed on the evidence cards rather than its name in brackets.

Each glyph is drawn on a 16 x 16 grid in the ink of the text (``currentColor``). An icon
this module does not draw prints as its name, so a campaign may name any icon it likes.
"""

from __future__ import annotations

from markupsafe import Markup, escape

# name: the SVG elements of its glyph (viewBox 0 0 16 16), strokes and fills of currentColor
GLYPHS: dict[str, str] = {
    "coin": '<circle cx="8" cy="8" r="6.5" fill="none" stroke-width="1.6"/>'
            '<circle cx="8" cy="8" r="3.5" fill="none" stroke-width="1.2"/>',
    "crown": '<path d="M2 12.5V5l3.2 3.3L8 3l2.8 5.3L14 5v7.5Z" stroke="none"/>',
    "moon": '<path d="M10.5 1.8A6.5 6.5 0 1 0 14.6 11 5.2 5.2 0 0 1 10.5 1.8Z" stroke="none"/>',
    "key": '<circle cx="4.6" cy="8" r="3" fill="none" stroke-width="1.6"/>'
           '<path d="M7.6 8H15M12.5 8v3M14.5 8v2.4" fill="none" stroke-width="1.6"/>',
    "dagger": '<path d="M8 1l1.6 9H6.4Z" stroke="none"/>'
              '<path d="M4.5 10.5h7M8 10.5V15" fill="none" stroke-width="1.6"/>',
    "plane": '<path d="M8 1.2c.8 0 1.1.8 1.1 1.8V6.2L15 9.6v1.6L9.1 9.4v3l1.8 1.4V15L8 14.2 '
             '5.1 15v-1.2l1.8-1.4v-3L1 11.2V9.6l5.9-3.4V3c0-1 .3-1.8 1.1-1.8Z" stroke="none"/>',
    "film": '<rect x="2" y="1.5" width="12" height="13" rx="1" stroke="none"/>'
            '<path d="M3.2 3h1.3M3.2 6h1.3M3.2 9h1.3M3.2 12h1.3M11.5 3h1.3M11.5 6h1.3'
            'M11.5 9h1.3M11.5 12h1.3" stroke="#fff" stroke-width="1.2"/>'
            '<rect x="5.8" y="3.5" width="4.4" height="9" fill="#fff" stroke="none"/>',
    "antenna": '<path d="M8 6v9M5 15h6" fill="none" stroke-width="1.6"/>'
               '<circle cx="8" cy="5" r="1.4" stroke="none"/>'
               '<path d="M4.8 2a4.6 4.6 0 0 0 0 6M11.2 2a4.6 4.6 0 0 1 0 6M2.6 0.6a7.2 7.2 0 0 0 0 8.8'
               'M13.4 0.6a7.2 7.2 0 0 1 0 8.8" fill="none" stroke-width="1.1"/>',
    "ear": '<path d="M4 6a4 4 0 0 1 8 0c0 2.4-2.2 3.2-2.2 5.2A2.6 2.6 0 0 1 5 12.4" fill="none" '
           'stroke-width="1.6"/><path d="M6.6 6.2a1.5 1.5 0 0 1 2.9.2c0 1-1.2 1.4-1.2 2.4" '
           'fill="none" stroke-width="1.3"/>',
}


def icon_svg(name: str) -> Markup:
    """The glyph of ``name`` as inline SVG (its name as its title, for a screen reader and
    a PDF's text), or the name in brackets when there is no glyph of it."""
    glyph = GLYPHS.get(name)
    if glyph is None:
        return Markup('<span class="icon">({})</span>').format(name)
    return Markup(f'<svg class="icon-glyph" viewBox="0 0 16 16" width="3.4mm" height="3.4mm" '
                  f'fill="currentColor" stroke="currentColor" role="img" '
                  f'aria-label="{escape(name)}">{glyph}</svg>')
