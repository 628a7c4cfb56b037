"""What every answer of `smersh serve` carries, and its short answers: a page, a 404, a
400. The headers say ``Content-Security-Policy`` (no inline script, nothing from
elsewhere), ``nosniff``, no framing and no caching; the guard answers with them too."""

from __future__ import annotations

from starlette.responses import Response

from smersh_dsl.site.pages import HTML
from smersh_dsl.site.render import CSP

PLAIN = "text/plain; charset=utf-8"


def headers() -> dict[str, str]:
    return {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
            "Cross-Origin-Resource-Policy": "same-origin"}


def page(text: str | bytes, media: str = HTML, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type=media, headers=headers())


def gone() -> Response:
    """The answer to a client that went away before its page was made."""
    return page("", status=204)


def not_found(what: str) -> Response:
    return page(f"smersh serve: no page {what[:100]!r}\n", PLAIN, 404)


def bad_request(problem: str) -> Response:
    return page(f"smersh serve: {problem}\n", PLAIN, 400)
