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

from markupsafe import Markup

from smersh_dsl.print import phrases
from smersh_dsl.print.markup import html
from smersh_dsl.print.profiles import Profile
from smersh_dsl.records import dataclass


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

    def goto(self, node: str) -> Markup:
        """A jump to a node of the same section: a link to its anchor, or its label."""
        anchor, label = self.target(node)
        if self.links:
            return html('<a class="goto" href="#%s">%s</a>', anchor, label)
        return html('<span class="goto">%s</span>', label)

    def runs(self, steps: list[dict]) -> list[Run]:
        """The steps grouped into runs, as templates/steps.html.j2 lays them out."""
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
