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
    return env


def render_template(name: str, **values: object) -> str:
    return environment().get_template(name).render(**values)
