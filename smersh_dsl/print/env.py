"""The Jinja2 environment of the print templates: autoescaping on, undefined names fail.

Templates ship in ``smersh_dsl/print/templates/``; writer text only ever enters them as
values, escaped for HTML (``markup.prose``, or autoescaping) or, where a stylesheet prints
it, for CSS (the ``css_string`` filter), so nothing a writer types is interpreted.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from smersh_dsl.print import phrases
from smersh_dsl.print.markup import css_string, prose

TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(
        enabled_extensions=("html", "css", "j2"), default_for_string=True, default=True),
        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["prose"] = prose
    env.filters["css_string"] = css_string   # text in a stylesheet: `content: {{ x | css_string }}`
    env.globals["phrases"] = phrases   # the wording of effects, conditions and tests
    env.globals["art_url"] = art_url   # a picture's URL (print/pictures.py), or None
    env.globals["icon_url"] = icon_url
    return env


def art_url(art: dict | None) -> str | None:
    """The URL of a JSON ``art`` object's picture in the document being built; None when
    there is none, or when the document is built without its project's pictures."""
    from smersh_dsl.print.pictures import current

    pictures = current()
    if not art or pictures is None:
        return None
    return pictures.url(art["path"])


def icon_url(name: str) -> str | None:
    """The URL of the icon declared under ``name`` (a skill, region, intel kind), or None."""
    from smersh_dsl.print.pictures import current

    pictures = current()
    return None if pictures is None else pictures.icon_for(name)


def render_template(name: str, **values: object) -> str:
    return environment().get_template(name).render(**values)
