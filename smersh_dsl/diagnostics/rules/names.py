"""N: names that are used but never defined. Each namespace has its own code."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity
from smersh_dsl.model.refs import RefKind
from smersh_dsl.wording import a

E = Severity.ERROR


def _unknown(code: str, kind: RefKind, slug: str, where: str, bad: str, good: str) -> Rule:
    return Rule(code, f"unknown-{slug}", E, f"{a(kind.value)} that is not defined",
                f"The name must be one that the project (or the game it extends) defines: "
                f"{where}. Names are case-sensitive; the hint suggests the closest defined "
                f"name.", bad, good, phase="names")


RULES = [
    _unknown("N001", RefKind.SKILL, "skill", "a basic skill in the game's `skills` block",
             'entry 01.1.1 { test Spycrfat }', 'entry 01.1.1 { test Spycraft }'),
    _unknown("N002", RefKind.ADVANCED_SKILL, "advanced-skill",
             "an advanced skill in the game's `advanced_skills` block",
             'entry 01.1.1 { gain advanced_skill Stelth }', 'entry 01.1.1 { gain advanced_skill Stealth }'),
    _unknown("N003", RefKind.STATUS, "status", "a `status` card",
             'entry 01.1.1 { gain status "Markd" }', 'entry 01.1.1 { gain status "Marked" }'),
    _unknown("N004", RefKind.REGION, "region", "a `region` block",
             'card Eurpoe 91 "Lost" { response 1 "Hide" }', 'card Europe 91 "Lost" { response 1 "Hide" }'),
    _unknown("N005", RefKind.LOCATION, "location", "a city, ocean space or area of some region",
             'entry 01.1.1 { move Pariss }', 'entry 01.1.1 { move Paris }'),
    _unknown("N006", RefKind.HENCHMAN, "henchman", "a `henchman` block",
             'entry 01.1.1 { reroll if confronted Pierr }', 'entry 01.1.1 { reroll if confronted Pierre }'),
    _unknown("N007", RefKind.TARGET, "target",
             "an encounter number, tally or conclusion of the same showdown or Dr. Lobo section "
             "(`goto` only works inside one)",
             'showdown Pierre { encounter 1 { goto 7 } victory { "Won." } }',
             'showdown Pierre { encounter 1 { goto victory } victory { "Won." } }'),
    _unknown("N008", RefKind.LOG_FIELD, "log-field", "a `field` in the campaign's `log` block",
             'scenario 9 "Extra" { victory { "Note it." record minion_count } }',
             'scenario 9 "Extra" { victory { "Note it." record minions_and_side_schemes } }'),
    _unknown("N009", RefKind.HOLDABLE, "holdable",
             "an advanced skill, a status or a gadget (what `pass with` and `+1 with` accept)",
             'entry 01.1.1 { test Athletics (pass with Adventuringg) }',
             'entry 01.1.1 { test Athletics (pass with Adventuring) }'),
    _unknown("N010", RefKind.LOBO_SECTION, "lobo-section", "a `lobo` section (A, B, C, D)",
             'henchman "Nobody" { lobo Q }', 'henchman "Nobody" { lobo A }'),
    _unknown("N011", RefKind.DIFFICULTY, "difficulty", "a level in the game's `difficulties` block",
             'henchman "Nobody" { difficulty impossible }', 'henchman "Nobody" { difficulty hard }'),
    _unknown("N012", RefKind.CARD_TYPE, "card-type", "a type in the card game's `types` block",
             'cardgame g "G" { types { Tech } }\ndefence_card 1 { face "Wall" { type Tehc } }',
             'cardgame g "G" { types { Tech } }\ndefence_card 1 { face "Wall" { type Tech } }'),
    _unknown("N013", RefKind.BOARD_MEMBER, "board-member", "a member of the campaign's `board`",
             'campaign c "C" { board { "Chief" } evidence { means { "A" } motive { "B" } opportunity { "C" } }\n'
             '  combinations { "A" "B" "C" -> "Cheif" } }',
             'campaign c "C" { board { "Chief" } evidence { means { "A" } motive { "B" } opportunity { "C" } }\n'
             '  combinations { "A" "B" "C" -> "Chief" } }'),
    _unknown("N014", RefKind.EVIDENCE, "evidence", "an evidence card in the campaign's `evidence` block",
             'campaign c "C" { board { "Chief" } evidence { means { "A" } motive { "B" } opportunity { "C" } }\n'
             '  combinations { "A" "X" "C" -> "Chief" } }',
             'campaign c "C" { board { "Chief" } evidence { means { "A" } motive { "B" } opportunity { "C" } }\n'
             '  combinations { "A" "B" "C" -> "Chief" } }'),
    _unknown("N015", RefKind.INTEL_ICON, "intel-icon", "an icon in the header's `intel_icons` block",
             'game g "G" { intel_icons { Weapons } }\nred_intel 1 Weapns',
             'game g "G" { intel_icons { Weapons } }\nred_intel 1 Weapons'),
    _unknown("N016", RefKind.CARD_OR_TYPE, "card-or-type", "a card face or a card type of the card game",
             'cardgame g "G" { types { Tech } }\ndefence_card 1 { face "Wall" { type Tech bonus +1 inward if "Gaurd" } }',
             'cardgame g "G" { types { Tech } }\ndefence_card 1 { face "Wall" { type Tech bonus +1 inward if "Wall" } }'),
    _unknown("N021", RefKind.GADGET, "gadget", "a `gadget` card (what a spy `starts` with)",
             'spy "Ada" { starts { gadget "Shoe Phnoe" } }\ngadget "Shoe Phone" { does any_time { gain 1 intel } }',
             'spy "Ada" { starts { gadget "Shoe Phone" } }\ngadget "Shoe Phone" { does any_time { gain 1 intel } }'),
    _unknown("N022", RefKind.PLACE, "place", "a `region` block, or a city, ocean space or area of "
             "some region (what a card power's `if in` names)",
             'status "Seasick" { does while_held if in Ocaen { dice -1 } leaves rest }',
             'status "Seasick" { does while_held if in Ocean { dice -1 } leaves rest }'),
    _unknown("N017", RefKind.GAME, "game",
             "a game among the paths checked, the project folders beside the expansion's, "
             "or the bundled books",
             'expansion extra "Extra" extends smrsh { }', 'expansion extra "Extra" extends smersh { }'),
]

RULES.append(Rule(
    "N019", "unknown-icon", E, "an icon named in text that the game does not declare",
    "Writer text prints an icon where it says `:Name:` (a space in the name written as "
    "`_`: `:Hand_to_Hand:`). The name must be one that the game's header (or the header "
    "of the game it extends) declares with `icon NAME \"path\"`; otherwise the text "
    "would print the colons and the word.",
    'game g "G" { skills { Spycraft } icon Spycraft "icons/spycraft.svg" }\n'
    'status "Marked" { effect "Roll one :Spycfart: die less." }',
    'game g "G" { skills { Spycraft } icon Spycraft "icons/spycraft.svg" }\n'
    'status "Marked" { effect "Roll one :Spycraft: die less." }', phase="names"))

RULES.append(Rule(
    "N020", "unknown-deck", E, "a card back for a deck the game does not have",
    "`back DECK art \"...\"` in the header gives every card of one deck the same back. "
    "DECK is a region (its encounter deck) or one of `status`, `gadget`, `mission`, "
    "`villain`, `\"Top Secret\"`, `stranded`, `\"Dead Drop\"`, `\"Red Intel\"`; any other name would give a back "
    "that no card ever gets.",
    'game g "G" { skills { Spycraft } back Eurpoe art "art/europe-back.svg" }\n'
    'region Europe { city Paris }',
    'game g "G" { skills { Spycraft } back Europe art "art/europe-back.svg" }\n'
    'region Europe { city Paris }', phase="names"))

_SMUSH = ('cardgame g "G" { types { Tech } }\n'
          'gadget_card 1 { half "Glass Cutter" { type Tech } half "Rope" { type Tech } }\n')

RULES.append(Rule(
    "N018", "wrong-kind", E, "a name of something defined, but not of the kind the place wants",
    "Every place that names something wants one kind of thing: a test a skill, `gain status` "
    "a status, `has` an advanced skill, a status or a gadget, a card bonus a defence face "
    "or a card type (SM-CARD-1: the bonus looks at the adjacent defence). A name that is "
    "defined as something else (a gadget half, a henchman, a location) is not an unknown "
    "name but the wrong one: the finding says what it is and what the place wants.",
    _SMUSH + 'defence_card 1 { face "Wall" { type Tech bonus +1 inward if "Glass Cutter" } '
    'face "Moat" { type Tech } }',
    _SMUSH + 'defence_card 1 { face "Wall" { type Tech bonus +1 inward if "Moat" } '
    'face "Moat" { type Tech } }', phase="names"))
