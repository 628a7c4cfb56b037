"""Card faces and backs from the Jinja2 macros in ``templates/cards/faces.html``.

Every value reaches the macros as data; writer prose goes through the ``prose`` filter
(escaped, then emphasis applied), so markup or template syntax in a card is printed.
"""

from __future__ import annotations

from markupsafe import Markup

from smersh_dsl.print.env import environment


def face(macro: str, **values: object) -> Markup:
    """The HTML of the macro ``macro`` of templates/cards/faces.html."""
    module = environment().get_template("cards/faces.html").module
    return Markup(getattr(module, macro)(**values))
