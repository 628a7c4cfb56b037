"""N: every reference must name something defined (in the project or its base)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.model.document import Project

from smersh_dsl.checks.registry import Context, check
from smersh_dsl.checks.suggest import did_you_mean
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.walk import refs
from smersh_dsl.model.world import ExpansionDef
from smersh_dsl.project.discover import real
from smersh_dsl.project.load import neighbourhood

CODES = {
    RefKind.SKILL: "N001", RefKind.ADVANCED_SKILL: "N002", RefKind.STATUS: "N003",
    RefKind.REGION: "N004", RefKind.LOCATION: "N005", RefKind.HENCHMAN: "N006",
    RefKind.TARGET: "N007", RefKind.LOG_FIELD: "N008", RefKind.HOLDABLE: "N009",
    RefKind.LOBO_SECTION: "N010", RefKind.DIFFICULTY: "N011", RefKind.CARD_TYPE: "N012",
    RefKind.BOARD_MEMBER: "N013", RefKind.EVIDENCE: "N014", RefKind.INTEL_ICON: "N015",
    RefKind.CARD_OR_TYPE: "N016", RefKind.GAME: "N017", RefKind.GADGET: "N021",
    RefKind.PLACE: "N022",
    RefKind.VARIANT: "V001",       # a variants rule (`lifts`), found like every other name
}


def showdown_targets(showdown: Showdown) -> list[str]:
    return ([str(e.number) for e in showdown.encounters] + [t.name.text for t in showdown.tallies]
            + [c.name.text for c in showdown.conclusions])


def written(ref: Ref) -> str:
    """A reference as the writer spelt it: a jump to `05` is kept as the number 5, and its
    token's width gives the zeros back."""
    span = ref.span
    if ref.kind is not RefKind.TARGET or not ref.name.isdigit() or span.end_line != span.line:
        return ref.name
    return ref.name.zfill(span.end_column - span.column)


def _unknown(ref: Ref, candidates: list[str], where: str = "",
             spelled: dict[str, str] | None = None) -> Diagnostic:
    return Diagnostic.of(CODES[ref.kind], ref.span,
                         f"unknown {ref.kind.value} `{written(ref)}`{where}",
                         did_you_mean(ref.name, candidates, spelled))


def _looked_in(expansion: Project) -> str:
    """Where an expansion's base game was looked for (docs/language.md, "Expansions")."""
    folder = real(neighbourhood(expansion))
    return f": looked for among the projects checked, the project folders in {folder} and the bundled books"


# How each kind of place says what it wants (N018), with its article.
WANTED = {
    RefKind.CARD_OR_TYPE: "a bonus names a defence face or a card type",
    RefKind.HOLDABLE: "`has`, `pass with` and `+N with` name an advanced skill, a status or a gadget",
}


def _article(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _wrong_kind(ref: Ref, found: str, candidates: list[str]) -> Diagnostic:
    # rule: SM-CARD-1 (a bonus matches the adjacent defence), EP-TEST-4 and the other
    # lookups: a name of the right spelling but another kind is not what the place reads
    wants = WANTED.get(ref.kind, f"here {_article(ref.kind.value)} is wanted")
    hint = did_you_mean(ref.name, candidates) or f"name {_article(ref.kind.value)} here"
    return Diagnostic.of("N018", ref.span, f"`{ref.name}` is {_article(found)}; {wants}", hint)


def _target(ref: Ref, known: list[str] | None, spelled: dict[str, str]) -> Diagnostic | None:
    if known is None:
        return Diagnostic.of("N007", ref.span, f"a jump to `{written(ref)}` outside a showdown",
                             "`goto` and `->` only jump between the encounters, tallies "
                             "and conclusions of one showdown or Dr. Lobo section")
    return None if ref.name in known else _unknown(ref, known, " in this section", spelled)


@check(*CODES.values(), "N018")
def unknown_names(ctx: Context) -> Iterator[Diagnostic]:
    """One pass over every reference: jumps against their section, names against the
    symbol table (all jumps are reported after all names, as before)."""
    symbols = ctx.symbols
    jumps: list[Diagnostic] = []
    for definition in ctx.project.definitions():
        known: list[str] | None = None
        spelled: dict[str, str] = {}
        for ref in refs(definition):
            kind = ref.kind
            if kind is RefKind.TARGET:
                if known is None and isinstance(definition, Showdown):
                    known = showdown_targets(definition)
                    spelled = {str(e.number): e.number_text for e in definition.encounters}
                found = _target(ref, known, spelled)
                if found is not None:
                    jumps.append(found)
            elif kind is RefKind.GAME:
                if isinstance(definition, ExpansionDef) and ctx.project.base is None:
                    yield _unknown(ref, ctx.game_names(), _looked_in(ctx.project))
            elif not symbols.resolves(kind, ref.name):
                found_as = symbols.kind_of(ref.name, kind)
                if found_as is None:
                    yield _unknown(ref, symbols.candidates(kind))
                else:
                    yield _wrong_kind(ref, found_as, symbols.candidates(kind))
    yield from jumps
