"""P: how files come together as projects."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

RULES = [
    Rule("P001", "multiple-headers", Severity.ERROR, "a project has more than one header block",
         "A project is one game, expansion, campaign or card game: exactly one `game`, "
         "`expansion`, `campaign` or `cardgame` block, conventionally in its manifest "
         "(book.smersh). A second header belongs in a project of its own.",
         'game smersh "Agents of SMERSH" { }\ngame other "Another" { }',
         'game smersh "Agents of SMERSH" { }', phase="project"),
    Rule("P002", "misplaced-block", Severity.ERROR, "a block does not belong in this kind of project",
         "Each kind of project holds its own blocks: encounter entries and regions in a "
         "game or expansion, scenarios in a campaign, gadget and defence cards in a card "
         "game. A block of another game's kind is almost always in the wrong folder.",
         'campaign shield "S.H.I.E.L.D." { }\nentry 01.1.1 { "Out of place." }',
         'campaign shield "S.H.I.E.L.D." { }\nscenario 1 "Black Widow" { }', phase="project"),
    Rule("P003", "needless-override", Severity.WARNING, "`override` replaces nothing",
         "`override` says a block deliberately replaces a base game's definition of the "
         "same name. Where the base defines no such name, the word is misleading: the "
         "block adds, it does not replace.",
         'override status "Brand New Status" { effect "..." }',
         'status "Brand New Status" { effect "..." }', phase="project"),
]
