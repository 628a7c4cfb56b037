"""Who may ask `smersh serve` anything: the holder of its token, from its own pages.

The server prints (and opens) its address with a random token, as Jupyter does
(``?token=...``). A request that presents the token in its URL is sent back to the same
address without it, with a cookie that carries it from then on (HttpOnly, SameSite=Strict,
named for the port, so two servers on one machine keep theirs apart): the pages' links
stay plain, and the token stays out of the history and of the Referer. A script may send
``Authorization: token ...`` instead. Without the token, every route (the pages, the
assets, the event stream, the game) answers 403 with a short page that says to open the
address the server printed.

A request another site's page made is refused before anything computes, token or not:
the browser says where it comes from (``Sec-Fetch-Site``, ``Origin``, ``Referer``), and
it must be this server itself, or the user (an address typed or opened from a terminal).
"""

from __future__ import annotations

import re
import secrets
from urllib.parse import urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

TOKEN_PARAMETER = "token"
TOKEN_FORM = re.compile(r"[A-Za-z0-9_~.-]{1,200}")
SAME_SITE = ("same-origin", "none")

REFUSED = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>smersh serve: open the address it printed</title></head>
<body><h1>Open the address smersh serve printed</h1>
<p>This server answers only the address <code>smersh serve</code> printed when it started,
the one that ends with <code>?token=</code> and a long random word. Open that address
(copy it from the terminal); its pages then open from here on.</p></body></html>
"""


def new_token() -> str:
    return secrets.token_urlsafe(32)


def valid_token(token: str) -> bool:
    return bool(TOKEN_FORM.fullmatch(token))


def cookie_name(scope: Scope) -> str:
    server = scope.get("server") or ("", 0)
    return f"smersh-serve-{server[1]}"


def from_this_site(request: Request) -> bool:
    """Whether the browser says the request comes from this server's own pages, or from
    the user (no page at all)."""
    if request.headers.get("sec-fetch-site", "none") not in SAME_SITE:
        return False
    host = request.headers.get("host", "")
    for header in ("origin", "referer"):
        value = request.headers.get(header)
        if value is not None and (value == "null" or urlsplit(value).netloc != host):
            return False
    return True


def _presented(request: Request, token: str) -> tuple[bool, bool]:
    """(the token is presented, it is presented in the URL)."""
    def same(given: str | None) -> bool:
        return given is not None and secrets.compare_digest(given.encode(), token.encode())

    in_url = request.query_params.get(TOKEN_PARAMETER)
    if in_url is not None:
        return same(in_url), True
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "token" and same(value.strip()):
        return True, False
    return same(request.cookies.get(cookie_name(request.scope))), False


class Guard:
    """ASGI middleware in front of every route (``headers`` are every response's)."""

    def __init__(self, app: ASGIApp, token: str, headers: dict[str, str]) -> None:
        self.app, self.token, self.headers = app, token, headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        if not from_this_site(request):
            refused = Response("smersh serve: a request from another site is refused\n",
                               403, self.headers, "text/plain; charset=utf-8")
            await refused(scope, receive, send)
            return
        good, in_url = _presented(request, self.token)
        if not good:
            await Response(REFUSED, 403, self.headers, "text/html; charset=utf-8")(
                scope, receive, send)
            return
        if in_url:
            await self._sign_in(request)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _sign_in(self, request: Request) -> Response:
        """The same address without the token, and the cookie that carries it."""
        rest = [(k, v) for k, v in request.query_params.multi_items() if k != TOKEN_PARAMETER]
        target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
        reply = RedirectResponse(target, status_code=303, headers=self.headers)
        reply.set_cookie(cookie_name(request.scope), self.token, httponly=True,
                         samesite="strict", path="/")
        return reply
