"""X: an expansion changes only what its base game has (DESIGN: expansions)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.checks.registry import Context, check
from smersh_dsl.checks.suggest import did_you_mean
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.model.world import ExpansionDef, GameDef, rule_key


def _base_rules(project: Project | None) -> set[str]:
    return {rule_key(r) for member in (project.lineage() if project else [])
            if isinstance(member.header, GameDef) for r in member.header.rules}


@check("X001")
def rules_the_base_defines(ctx: Context) -> Iterator[Diagnostic]:
    header = ctx.project.header
    if not isinstance(header, ExpansionDef) or ctx.project.base is None:
        return   # no base found is N017's finding
    known = _base_rules(ctx.project.base)
    for setting in header.rules:
        key = rule_key(setting)
        if key not in known:
            yield Diagnostic.of(
                "X001", setting.name.span,
                f"rule `{key}` is not a rule of `{header.extends.name}`",
                did_you_mean(key, sorted(known))
                or "an expansion may only change rules its base game defines")
