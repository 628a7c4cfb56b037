"""X, A, K, M: rules of one game each: expansions, Swagman's Hope, the campaign, S.M.U.S.H."""

from smersh_dsl.diagnostics.catalogue import Rule
from smersh_dsl.diagnostics.diagnostic import Severity

E, W = Severity.ERROR, Severity.WARNING

_AUS = ('override region Australia {\n  city Darwin [coastal fate 1]\n  city Perth [coastal fate 2]\n'
        '  city Hub [hub values 1..4]\n  area Outback [stranded_only]\n  route Hub Darwin\n'
        '  route Hub Perth\n}\n')
_CAMPAIGN = ('campaign c "C" {\n  log { field count number "Count" }\n'
             '  board { "Chief" "Deputy" }\n'
             '  evidence { means { "A" "B" } motive { "M" "N" } opportunity { "O" "P" } }\n'
             '  combinations {\n'
             + "".join(f'    "{a}" "{m}" "{o}" -> "{"Chief" if (a, m) < ("B", "N") else "Deputy"}"\n'
                       for a in "AB" for m in "MN" for o in "OP")
             + '  }\n}\n')
_S1 = 'scenario 1 "One" { victory { "Write it down." record count } }\n'
_S2 = 'scenario 2 "Two" { setup { "Read it back." read count from 1 } }\n'
_SMUSH = ('cardgame g "G" {\n  rules { gadget_cards 1 defence_cards 1 }\n  types { Tech Force }\n}\n'
          'gadget_card 1 { half "Watch" { type Tech strength 1 } half "Gum" { type Force strength 1 } }\n')
_DEF_GOOD = 'defence_card 1 { face "Wall" { type Tech strength 2 } face "Door" { type Force strength 1 } }\n'
_DEF_BAD = 'defence_card 1 { face "Wall" { type Tech strength 2 } face "Door" { type Tech strength 1 } }\n'

RULES = [
    Rule("X001", "unknown-base-rule", E, "an expansion sets a rule its base game does not have",
         "An expansion changes the rules its base game defines (`intel_overflow`, "
         "`hand_limit`, ...); a rule the base does not know is usually a misspelling, and "
         "no player would apply it.",
         'expansion extra "Extra" extends smersh { rules { intel_overflw 6 } }',
         'expansion extra "Extra" extends smersh { rules { intel_overflow 6 } }', phase="domain"),
    Rule("A001", "stranded-in-outback", E, "a stranded card path that leaves the spy in the Outback",
         "A stranded spy reads a Stranded card as the encounter, and the card says where the "
         "spy ends (SH-STRAND-1); the Outback is never a place to stay (SH-BOARD-4). Every "
         "path through the card (each outcome, option and arm) must end with a `move` to a "
         "place off the Outback.",
         _AUS + 'stranded "Lost" { test Athletics pass { move Darwin } fail { take 1 injury } }',
         _AUS + 'stranded "Lost" { test Athletics pass { move Darwin } fail { take 1 injury move Perth } }',
         phase="domain"),
    Rule("A002", "red-intel-value", E, "a red intel token numbered other than 1 or 2",
         "Red intel tokens carry a number, 1 or 2, and an icon (SH-INTEL-1); the number is "
         "how far Dr. Lobo moves back when the token is rescued.",
         'expansion e "E" extends smersh { intel_icons { Weapons } }\nred_intel 3 Weapons',
         'expansion e "E" extends smersh { intel_icons { Weapons } }\nred_intel 2 Weapons',
         phase="domain"),
    Rule("A003", "missing-hub-section", E, "a card of a region with a hub has no section for the hub",
         "Australia cards carry a coastal encounter and a Swagman's Hope encounter (SH-ENC-1): "
         "every card of a region with a `[hub]` place needs an `at HUB` section.",
         _AUS + 'card Australia 91 "Crocodile" { response 1 "Run" }',
         _AUS + 'card Australia 91 "Crocodile" { response 1 "Run"\n'
                '  at Hub 92 "Dry Well" { response 1 "Dig" } }', phase="domain"),
    Rule("A004", "outback-entered", E, "a move or route into the Outback",
         "The Outback is entered only by a Stranded card (SH-BOARD-4): no entry may `move` a "
         "spy there and no route may lead there. Use the `stranded` effect instead.",
         _AUS + 'entry 91.1.1 { "Lost." move Outback }',
         _AUS + 'entry 91.1.1 { "Lost." stranded }', phase="domain"),
    Rule("A005", "duplicate-fate-number", E, "two coastal cities share a fate number",
         "The fate card's blue number picks one coastal city (SH-BOARD-1), so each coastal "
         "city of a region has its own number.",
         _AUS.replace("Perth [coastal fate 2]", "Perth [coastal fate 1]"), _AUS, phase="domain"),
    Rule("A006", "hub-off-the-coast", E, "the hub lacks a route to a coastal city",
         "Swagman's Hope is connected to all four coastal cities (SH-BOARD-1): a spy leaves it "
         "for any of them, so each needs a `route` from the hub.",
         _AUS.replace("  route Hub Perth\n", ""), _AUS, phase="domain"),
    Rule("K001", "read-before-recorded", E, "a log field read before any earlier scenario records it",
         "A setup reads only what an earlier scenario recorded (SC-LOG-2): `read FIELD from N` "
         "needs scenario N to come first and to `record FIELD`. Each mode of the campaign is "
         "its own world (SC-EXPERT-1: expert-only steps are ignored \"unless you are playing an "
         "expert campaign\"): a step taken in standard play that reads what only expert-only "
         "steps record reads nothing, and the finding names the mode.",
         _CAMPAIGN + _S1 + 'scenario 2 "Two" { setup { "Read it back." read count from 2 } }\n',
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K002", "recorded-never-read", W, "a log field recorded but never read",
         "A field that scenarios write into the campaign log but that no setup ever reads "
         "costs players time for nothing; either read it later or stop recording it.",
         _CAMPAIGN + _S1, _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K003", "scenario-gap", E, "scenario numbers that do not run 1, 2, 3 ...",
         "The scenarios are played in order (SC-CAMP-1) and `read ... from N` names them by "
         "number, so they are numbered from 1 without gaps.",
         _CAMPAIGN + _S1 + _S2.replace("scenario 2", "scenario 3").replace("from 1", "from 1"),
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K004", "evidence-sets-unequal", E, "the evidence sets are not of equal size",
         "The evidence cards come in three sets, means, motive and opportunity, of the same "
         "size (three each, SC-EVID-1), one of each hidden in the envelope.",
         _CAMPAIGN.replace('opportunity { "O" "P" }', 'opportunity { "O" "P" "Q" }') + _S1 + _S2,
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K005", "evidence-combination-missing", E, "a means x motive x opportunity that implicates nobody",
         "Every combination of one means, one motive and one opportunity implicates exactly "
         "one board member (SC-EVID-2); the table must list all of them.",
         _CAMPAIGN.replace('    "A" "M" "O" -> "Chief"\n', "") + _S1 + _S2,
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K006", "evidence-combination-twice", E, "an evidence combination listed twice",
         "Each combination names exactly one board member (SC-EVID-2); listing it again, "
         "even with the same member, leaves the table ambiguous.",
         _CAMPAIGN.replace('  }\n}', '    "A" "M" "O" -> "Deputy"\n  }\n}') + _S1 + _S2,
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K007", "board-member-never-implicated", E, "a board member no combination implicates",
         "Any board member may be the traitor; one whom no evidence combination implicates "
         "can never be accused (SC-EVID-2, SC-ACCUSE-1).",
         _CAMPAIGN.replace('"Chief" "Deputy" }', '"Chief" "Deputy" "Intern" }') + _S1 + _S2,
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("M001", "card-count-mismatch", E, "the number of cards differs from the rules block",
         "The rules block says how many gadget and defence cards the game has (three and "
         "six, SM-SETUP-1); the project must hold exactly that many.",
         _SMUSH.replace("defence_cards 1", "defence_cards 2") + _DEF_GOOD, _SMUSH + _DEF_GOOD,
         phase="domain"),
    Rule("M002", "card-faces", E, "a gadget card without two halves or a defence card without two faces",
         "A gadget card has two halves, one upside down, and a defence card two diagonal "
         "faces (SM-SETUP-1).",
         _SMUSH + 'defence_card 1 { face "Wall" { type Tech strength 2 } }\n', _SMUSH + _DEF_GOOD,
         phase="domain"),
    Rule("M003", "gadget-type-unmatched", W, "a gadget type that no defence face has",
         "A gadget overcomes only a defence with the same type symbol (SM-INC-2); a gadget "
         "whose type no defence has can never be used to overcome anything.",
         _SMUSH + _DEF_BAD, _SMUSH + _DEF_GOOD, phase="domain"),
    Rule("K008", "evidence-wrong-column", E, "an evidence card in another set's column",
         "Each row of `combinations` reads means, motive, opportunity (SC-EVID-2); a card of "
         "another set in a column is usually two columns swapped.",
         _CAMPAIGN.replace('    "A" "M" "O" -> "Chief"\n', '    "A" "O" "M" -> "Chief"\n') + _S1 + _S2,
         _CAMPAIGN + _S1 + _S2, phase="domain"),
    Rule("K009", "hit-point-cap-misplaced", E, "a hit-point cap on a field that is no player's number",
         "In an expert campaign each player records their remaining hit points, never more "
         "than their identity's base hit points (SC-EXPERT-1). `cap base_hit_points of F` "
         "belongs on a number kept per player, and F is the per-player field holding each "
         "player's identity.",
         _CAMPAIGN.replace('log { field count number "Count" }',
                           'log {\n    field count number "Count"\n    field identities text per player "Identity"\n'
                           '    field hit_points number expert cap base_hit_points of identities "Hit points"\n  }')
         + _S1.replace("record count", "record count record hit_points")
         + _S2.replace("read count from 1", "read count from 1 read hit_points from 1"),
         _CAMPAIGN.replace('log { field count number "Count" }',
                           'log {\n    field count number "Count"\n    field identities text per player "Identity"\n'
                           '    field hit_points number per player expert cap base_hit_points of identities "Hit points"\n  }')
         + _S1.replace("record count", "record count record hit_points")
         + _S2.replace("read count from 1", "read count from 1 read hit_points from 1"),
         phase="domain"),
    Rule("K010", "evidence-icon-shared", E, "two evidence cards with the same icon",
         "Gaining an evidence card crosses out every combination that includes its icon "
         "(SC-EVID-3). Two cards sharing an icon fall together, so gaining one can cross out "
         "the combination of the A.I.M. envelope, and the players are left with no mole.",
         _CAMPAIGN.replace('means { "A" "B" }', 'means { "A" icon:ear "B" icon:ear }') + _S1 + _S2,
         _CAMPAIGN.replace('means { "A" "B" }', 'means { "A" icon:ear "B" icon:film }') + _S1 + _S2,
         phase="domain"),
    Rule("M004", "untyped-face", E, "a gadget half or defence face without a type",
         "A gadget overcomes a defence only with the same type symbol (SM-INC-2), so every "
         "half and face carries a type.",
         _SMUSH + 'defence_card 1 { face "Wall" { strength 2 } face "Door" { type Force strength 1 } }\n',
         _SMUSH + _DEF_GOOD, phase="domain"),
    Rule("M005", "power-without-effect", W, "a flip, on-bypass or passive power with only its prose",
         "A power keeps its printed prose and says in a block what it does in play, from a "
         "small closed vocabulary (`gain 3 cp`, `weaken 2`, `bypass`, `peek`, ...; see "
         "docs/smush.md). `smersh play` and `smersh simulate` ignore a power with no effect, "
         "so the game they play is not the printed one.",
         _SMUSH.replace('half "Watch" { type Tech strength 1 }',
                        'half "Watch" { type Tech strength 1 flip "Gain 3 CP now." }') + _DEF_GOOD,
         _SMUSH.replace('half "Watch" { type Tech strength 1 }',
                        'half "Watch" { type Tech strength 1 flip "Gain 3 CP now." { gain 3 cp } }')
         + _DEF_GOOD, phase="domain"),
    Rule("M006", "power-out-of-place", W, "a power the player cannot play where it is written",
         "Flip powers are the spy's and sit on gadget halves (SM-INC-3); on-bypass and passive "
         "powers act while she overcomes a defence and sit on defence faces. Each effect kind "
         "belongs to one of those slots: a `bypass` written as a passive, or a flip power on "
         "a defence face, is never played.",
         _SMUSH + _DEF_GOOD.replace('face "Door" { type Force strength 1 }',
                                    'face "Door" { type Force strength 1 passive "Let her through." { bypass } }'),
         _SMUSH + _DEF_GOOD.replace('face "Door" { type Force strength 1 }',
                                    'face "Door" { type Force strength 1 passive "No flips here." { flip_immune } }'),
         phase="domain"),
    Rule("E001", "mission-city-elsewhere", E, "a secret mission's city outside its region",
         "A secret mission card names a region and a city of that region (EP-MISSION-1); a "
         "city of another region is a copying slip.",
         'mission "Lost Luggage" { region Europe city Tokyo }',
         'mission "Lost Luggage" { region Europe city Paris }', phase="domain"),
    Rule("E002", "spy-skill-over-board", E, "a spy sheet starts a skill above the skill board",
         "A basic skill's track runs up to the game's `max` (EP-SKILL-1: up to 5); a spy "
         "sheet cannot start a skill beyond it, and the player could never mark it.",
         'spy "Ann" { skills { Spycraft 6 Athletics 1 } }    # skills { ... } max 5',
         'spy "Ann" { skills { Spycraft 5 Athletics 1 } }', phase="domain"),
    Rule("E003", "too-many-advanced-skills", E,
         "a spy sheet holds an advanced skill twice, or more than the game allows",
         "A spy holds each advanced skill at most once, and at most the game's `limit` of "
         "them (EP-SKILL-2: at most 7).",
         'spy "Ann" { advanced_skills { Stealth Disguise Stealth } }',
         'spy "Ann" { advanced_skills { Stealth Disguise } }', phase="domain"),
]
