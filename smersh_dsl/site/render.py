"""The Jinja2 environment of the web pages: the print environment's filters and phrases,
with the site's templates first and the print templates (``steps.html.j2``) behind them,
so a step reads on a web page exactly as in the printed book."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FileSystemLoader

from smersh_dsl.print.env import TEMPLATES as PRINT_TEMPLATES
from smersh_dsl.print.env import environment as print_environment

TEMPLATES = Path(__file__).resolve().parent / "templates"
ASSETS = Path(__file__).resolve().parent / "assets"

# What every page may load, and nothing else: the package's own files, by these names.
ASSET_TYPES = {"site.css": "text/css", "site.js": "text/javascript",
               "live.js": "text/javascript"}

# The policy of every page: no inline script, no script but ours, nothing from elsewhere.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


@lru_cache(maxsize=1)
def environment() -> Environment:
    return print_environment().overlay(loader=ChoiceLoader(
        [FileSystemLoader(TEMPLATES), FileSystemLoader(PRINT_TEMPLATES)]))


def render(name: str, **values: object) -> str:
    return environment().get_template(name).render(**values)


def asset(name: str) -> bytes:
    """One of the package's page assets (ASSET_TYPES), never any other file."""
    if name not in ASSET_TYPES:
        raise KeyError(name)
    return (ASSETS / name).read_bytes()
