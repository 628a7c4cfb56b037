"""SVG through Graphviz, and a self-contained HTML page around it (no script, no network):
a writer opens it in any browser."""

from __future__ import annotations

import html
import shutil
import subprocess

from smersh_dsl import termination
from smersh_dsl.graphs import budget
from smersh_dsl.graphs.budget import GraphTooLarge, over_budget, size
from smersh_dsl.graphs.diagram import Diagram
from smersh_dsl.graphs.render import to_dot


class GraphvizMissing(Exception):
    """`dot` is not installed: the message says how to get it."""


def to_svg(diagram: Diagram) -> str:
    """The SVG of ``diagram``; GraphTooLarge over the budget (graphs/budget.py)."""
    problem = over_budget(diagram)
    if problem is not None:
        raise problem
    return to_svg_text(to_dot(diagram), size(diagram))


def to_svg_text(dot_text: str, counts: tuple[int, int]) -> str:
    """The SVG Graphviz draws from DOT text (of a graph of ``counts`` nodes and edges),
    or GraphTooLarge when it takes longer than ``budget.DOT_S``."""
    dot = shutil.which("dot")
    if dot is None:
        raise GraphvizMissing("SVG and HTML need Graphviz's `dot`: install it (Debian/Ubuntu: "
                              "apt-get install graphviz; macOS: brew install graphviz), or use "
                              "--format dot or --format mermaid")
    try:
        done = termination.run([dot, "-Tsvg"], input=dot_text, text=True, timeout=budget.DOT_S)
    except subprocess.TimeoutExpired:
        raise GraphTooLarge(*counts, timed_out=True) from None
    if done.returncode != 0:
        raise GraphvizMissing(f"dot failed: {done.stderr.strip()[:300]}")
    return done.stdout


LEGEND = [("encounter", "#ffffff"), ("tally", "#fff6d5"), ("victory", "#d7f0d2"),
          ("defeat", "#f6d5d5")]


def to_html(diagram: Diagram, findings: list[str]) -> str:
    svg = to_svg(diagram)
    svg = svg[svg.index("<svg"):]                     # drop the XML prologue and doctype
    legend = "".join(f'<span class="key" style="background:{colour}">{html.escape(name)}</span>'
                     for name, colour in LEGEND)
    notes = "".join(f"<li>{html.escape(f)}</li>" for f in findings) or "<li>no problems found</li>"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{html.escape(diagram.title)}</title>
<style>
body {{ font-family: Helvetica, Arial, sans-serif; margin: 2em; color: #222; }}
.key {{ border: 1px solid #888; padding: 2px 8px; margin-right: 6px; border-radius: 3px; }}
.problems {{ color: #a00; }}
svg {{ max-width: 100%; height: auto; }}
</style></head>
<body>
<h1>{html.escape(diagram.title)}</h1>
<p>{legend} <span class="key" style="border-style:dashed">unreachable</span>
<span class="key" style="border-color:#cc0000">dead end</span>
<span class="key" style="border-color:#cc6600">no way out</span></p>
{svg}
<h2>Findings</h2>
<ul class="problems">{notes}</ul>
</body></html>
"""
