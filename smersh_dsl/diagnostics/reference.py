"""The rule reference in Markdown (docs/rules.md), written from the catalogue."""

from __future__ import annotations

from smersh_dsl.diagnostics.catalogue import catalogue

PHASES = {
    "input": "I: input files", "syntax": "S: syntax", "project": "P: projects",
    "names": "N: names", "duplicates": "D: duplicates", "flow": "G: showdown flow graphs",
    "coverage": "C: encounter grid coverage", "henchmen": "H: henchmen",
    "variants": "V: variants",
    "domain": "X, A, K, M: expansions, Swagman's Hope, the campaign, S.M.U.S.H.",
    "text": "T: text", "settings": "L: suppressions and configuration",
    "files": "F: art and icon files (found by `smersh check`, without rendering)",
    "print": "P1: print (`smersh build --format pdf`)",
}


def rules_markdown() -> str:
    rules = list(catalogue().values())
    out = ["# Rules", "",
           "Every finding of `smersh check` has one of these codes. This file is written by",
           "`smersh rules --format markdown`; `smersh explain CODE` shows one rule.", "",
           "| code | name | severity | what it finds |", "|---|---|---|---|"]
    out += [f"| [{r.code}](#{r.code.lower()}) | `{r.name}` | {r.severity.value} | {r.summary} |"
            for r in rules]
    phase = None
    for r in rules:
        if r.phase != phase:
            phase = r.phase
            out += ["", f"## {PHASES.get(phase, phase)}"]
        fence = "```"
        out += ["", f"### {r.code}", "", f"`{r.name}` ({r.severity.value}): {r.summary}.", "",
                r.explanation, "", "Bad:", "", fence, r.bad, fence, "", "Good:", "", fence, r.good, fence]
    return "\n".join(out) + "\n"
