"""The app of `smersh serve`, assembled: the routes (serve/routes/) bound to their paths
and to the state they share (serve/served.py), behind the guards. Safe by default: a
page is one of the snapshot's pages or one of the package's assets (a fixed list) or an
icon the projects declare (by its name in the site: site/icons.py), never a path looked
up on disk; every response carries the headers of serve/responses.py
(``Content-Security-Policy``: no inline script, nothing from elsewhere; ``nosniff``; no
framing); a request must name a loopback host (or the one served), which keeps other
web sites out by DNS rebinding; and every request must hold the server's token and come
from one of its own pages, or from the user (``guard``). Numbers typed into a form or a
query string are read strictly (smersh_dsl/digits.py); the Odds page's solver runs in
processes of its own, within a budget (``solver``), and so do the Entries page's games
(``entries``).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Route

from smersh_dsl.serve import entries
from smersh_dsl.serve.guard import Guard
from smersh_dsl.serve.live import Live
from smersh_dsl.serve.play import Sessions
from smersh_dsl.serve.responses import headers
from smersh_dsl.serve.routes.events import events
from smersh_dsl.serve.routes.pages import named
from smersh_dsl.serve.routes.play import play_new, play_session
from smersh_dsl.serve.served import Served
from smersh_dsl.serve.solver import Solver

LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"]


def make_app(paths: list[Path], token: str, watch: bool = True, hosts: list[str] | None = None,
             solver: Solver | None = None, figures: Solver | None = None) -> Starlette:
    served = Served(Live(paths), Sessions(), solver or Solver(),
                    figures or entries.entry_solver())
    allowed = list(dict.fromkeys(LOOPBACK + (hosts or [])))
    return Starlette(routes=routes(served),
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=allowed),
                                 Middleware(Guard, token=token, headers=headers())],
                     lifespan=lambda _app: served.running(watch))


def routes(served: Served) -> list[Route]:
    """Every path the server answers, each bound to the shared state."""
    return [Route("/", partial(named, served)),
            Route("/events", partial(events, served)),
            Route("/play/new", partial(play_new, served), methods=["POST"]),
            Route("/play/{token}", partial(play_session, served), methods=["GET", "POST"]),
            Route("/{name}", partial(named, served))]
