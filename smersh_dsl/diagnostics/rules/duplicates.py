"""D: the same thing defined twice."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E = Severity.ERROR
RULES = [
    Rule("D001", "duplicate-entry", E, "two encounter entries have the same key",
         "An ENCOUNTER.RESPONSE.DIE key (EP-ENC-1) must lead to exactly one entry, in one "
         "file or across files; otherwise the book cannot say which one the player reads.",
         'entry 91.1.1 { "One." }\nentry 91.1.1 { "Two." }',
         'entry 91.1.1 { "One." }\nentry 91.1.2 { "Two." }', phase="duplicates"),
    Rule("D002", "duplicate-card-number", E, "two encounter cards (or sections) share a number",
         "The encounter number is the first part of every entry key, so it must be unique "
         "across all regions and card sections of the game.",
         'card Europe 91 "Lost" { response 1 "Hide" }\ncard Asia 91 "Found" { response 1 "Run" }',
         'card Europe 91 "Lost" { response 1 "Hide" }\ncard Asia 92 "Found" { response 1 "Run" }',
         phase="duplicates"),
    Rule("D003", "duplicate-encounter", E, "a showdown defines the same encounter, tally or conclusion twice",
         "Inside one showdown or Dr. Lobo section, each encounter number, tally name and "
         "conclusion name is a `goto` target and must be unique.",
         'showdown Pierre { encounter 1 { goto victory } encounter 1 { goto victory } victory { "Won." } }',
         'showdown Pierre { encounter 1 { goto 2 } encounter 2 { goto victory } victory { "Won." } }',
         phase="duplicates"),
    Rule("D004", "duplicate-name", E, "the same name is defined twice",
         "Statuses, gadgets, regions, locations, henchmen, spies, missions, showdowns, "
         "scenarios and the rest each have one namespace; a name defined twice (in one "
         "file or across files) makes every use of it ambiguous.",
         'status "Shadowed" { effect "A." }\nstatus "Shadowed" { effect "B." }',
         'status "Shadowed" { effect "A." }\nstatus "Shadowed Twice" { effect "B." }',
         phase="duplicates"),
    Rule("D005", "duplicate-response", E, "a card lists the same response number twice",
         "The response number is the second part of the entry key; two responses with the "
         "same number on one card would share their entries.",
         'card Europe 91 "Lost" { response 1 "Hide" response 1 "Run" }',
         'card Europe 91 "Lost" { response 1 "Hide" response 2 "Run" }', phase="duplicates"),
    Rule("D006", "redefined-base-name", E, "an expansion redefines a base-game name without `override`",
         "An expansion may replace what its base game defines, but it must say so with "
         "`override`, so that an accidental clash of names is never silent.",
         'expansion extra "Extra" extends smersh { }\nstatus "Marked" { effect "New." }',
         'expansion extra "Extra" extends smersh { }\noverride status "Marked" { effect "New." }',
         phase="duplicates"),
]
