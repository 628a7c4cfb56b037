"""What both books share: how steps are written out, anchors, links and the page setup.

Steps are typeset the same way everywhere: prose and effects run together in one
paragraph ("It works. Gain 1 Intel."), a test is a TEST line followed by PASS and FAIL
blocks, a gamble a GAMBLE line with the same blocks, a choice a list of options each with
its "go to". Python groups the steps into runs; the ``steps`` macro in
``templates/steps.html.j2`` lays the runs out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import Markup

from smersh_dsl.print.markup import html

from smersh_dsl.print import phrases
from smersh_dsl.print.profiles import Profile

from smersh_dsl.print.merge import LINK_SCHEME  # noqa: E402  (a link to another section)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


@dataclass(frozen=True)
class Run:
    kind: str                        # "text" or the kind of a block step
    paragraphs: tuple[Markup, ...] = ()
    step: dict | None = None


@dataclass
class StepContext:
    """How to link a goto: ``target`` maps a node id to (anchor id, label)."""

    target: Callable[[str], tuple[str, str]]
    links: bool
    same_section: bool = True
    _memo: dict = field(default_factory=dict, repr=False)

    def href(self, anchor: str) -> str:
        return f"#{anchor}" if self.same_section else f"{LINK_SCHEME}{anchor}"

    def goto(self, node: str) -> Markup:
        anchor, label = self.target(node)
        if self.links:
            return html('<a class="goto" href="%s">%s</a>', self.href(anchor), label)
        return html('<span class="goto">%s</span>', label)

    def runs(self, steps: list[dict]) -> list[Run]:
        """The steps grouped into runs (remembered: the macros ask more than once)."""
        known = self._memo.get(id(steps))
        if known is not None and known[0] is steps:
            return known[1]
        found = self._runs(steps)
        self._memo[id(steps)] = (steps, found)
        return found

    def _runs(self, steps: list[dict]) -> list[Run]:
        return [Run(kind, paragraphs=content) if kind == "text" else Run(kind, step=content)
                for kind, content in phrases.runs(steps, self.goto)]


def page_setup(profile: Profile) -> dict:
    """The values the book stylesheet needs from a profile."""
    return {
        "page_size": profile.book_page_css,
        "bleeds": profile.bleed_mm > 0,
        "bleed_mm": profile.bleed_mm,
        "paper_width_mm": profile.paper.width_mm,
        "links": profile.links,
        "profile": profile.name,
    }
