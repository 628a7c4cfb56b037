"""Every construct of the language parses and reaches the model with the right spans."""

from __future__ import annotations

import pytest

from smersh_dsl.model.campaign import ActionKind, CampaignDef, Scenario, StepMode
from smersh_dsl.model.cardgame import DefenceCard, Direction, SmushGadgetCard
from smersh_dsl.model.cards import EncounterCard, SpySheet, StatusCard
from smersh_dsl.model.effects import ConditionKind, Effect, EffectKind, HenchmanState
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.expansion import DeadDrop, RedIntel, StrandedCard
from smersh_dsl.model.showdowns import ConclusionKind, Henchman, SectionKind, Showdown
from smersh_dsl.model.span import Span
from smersh_dsl.model.steps import Check, Choice, ClauseKind, Gamble, IfStep, Prose, Reroll, SkillPick
from smersh_dsl.model.walk import nodes
from smersh_dsl.model.world import ExpansionDef, GameDef, Region
from smersh_dsl.parse.parser import parse_text

GAME = '''game smersh "Agents" {
  version "2.0"
  skills { Spycraft "Hand to Hand" } max 5
  advanced_skills { Stealth } limit 7
  die fate { 1 2 3 4 5 resolve_reroll }
  lobo_track { rounds 20 lobo_after 10 12 lair_intel 4 8 }
  difficulties { easy hard }
  players 1..4
  rules { intel_overflow 6 hand_limit "UN Transport" 3 }
  variant clones "Any spy may face any henchman."
}
'''


def parse_one(text: str):
    source, problems = parse_text(text, "t.smersh")
    assert problems == []
    return source.definitions


def test_game_header_fields_and_spans():
    (game,) = parse_one(GAME)
    assert isinstance(game, GameDef)
    assert [s.text for s in game.skills] == ["Spycraft", "Hand to Hand"]
    assert game.skills[1].span == Span("t.smersh", 3, 21, 3, 35)
    assert game.skill_max == 5 and game.advanced_limit == 7
    assert game.dice[0].numeric_faces() == (1, 2, 3, 4, 5)
    assert game.lobo_track.lobo_after == (10, 12) and game.lobo_track.lair_intel == (4, 8)
    assert game.players == (1, 4)
    assert [(r.name.text, r.values) for r in game.rules] == [("intel_overflow", (6,)),
                                                            ("hand_limit", ("UN Transport", 3))]
    assert game.span == Span("t.smersh", 1, 1, 11, 2)


def test_region_locations_features_routes_bonus():
    (region,) = parse_one('region Ocean {\n  values 1..4\n  ocean "North Sea" [resolve gadget]\n'
                          '  city Rome [airport hq lair skill Spycraft fate 2 values 1..3]\n'
                          '  route Rome "North Sea" cost 2\n'
                          '  bonus "Spend 2." { lose 2 intel gain 1 un_transport }\n}')
    assert isinstance(region, Region) and region.values == (1, 2, 3, 4)
    sea, rome = region.locations
    assert sea.resolve and sea.gadget and not sea.airport
    assert rome.airport and rome.hq and rome.lair and rome.skill.name == "Spycraft"
    assert rome.fate == 2 and rome.values == (1, 2, 3)
    assert rome.skill.span == Span("t.smersh", 4, 36, 4, 44)
    assert region.routes[0].cost == 2 and region.routes[0].end.name == "North Sea"
    assert [e.kind for e in region.bonus.effects] == [EffectKind.LOSE_INTEL, EffectKind.GAIN_UN_TRANSPORT]


def test_entry_test_with_alternatives_clauses_and_outcomes():
    (entry,) = parse_one('entry 01.7.4 {\n  reroll if confronted Pierre\n  "You spin."\n'
                         '  test Spycraft +2 [2] or "Hand to Hand" -1 (pass with Stealth, +1 with Disguise, -1 if "Marked")\n'
                         '  pass { gain 1 intel gain status "Marked" }\n  fail { take 2 injury lower Athletics }\n}')
    assert isinstance(entry, EncounterEntry) and entry.key.triple == (1, 7, 4)
    assert entry.key.span == Span("t.smersh", 1, 7, 1, 13)
    reroll, prose, check = entry.steps
    assert isinstance(reroll, Reroll) and reroll.henchman.name == "Pierre"
    assert isinstance(prose, Prose) and prose.text == "You spin."
    assert isinstance(check, Check)
    first, second = check.action.options
    assert (first.skill.name, first.modifier, first.successes) == ("Spycraft", 2, 2)
    assert (second.skill.name, second.modifier, second.successes) == ("Hand to Hand", -1, 1)
    assert second.skill.span == Span("t.smersh", 4, 27, 4, 41)
    kinds = [(c.kind, c.dice, c.ref.name) for c in check.action.clauses]
    assert kinds == [(ClauseKind.AUTO_PASS, 0, "Stealth"), (ClauseKind.DICE, 1, "Disguise"),
                     (ClauseKind.DICE, -1, "Marked")]
    assert [e.kind for e in check.on_pass.steps] == [EffectKind.GAIN_INTEL, EffectKind.GAIN_STATUS]
    assert check.on_fail.steps[0].amount == 2
    assert check.on_fail.steps[1].ref.name == "Athletics"


def test_gamble_choice_if_and_every_effect():
    text = ('entry 02.1.1 { gamble pass { gain 1 intel } fail { lose 1 intel }\n'
            '  choose { "Run" { move any } "Hide" if has Stealth { heal 1 injury } }\n'
            '  if status "Marked" { raise any } else if not henchman Pierre defeated { lower Spycraft } else { flip }\n'
            '  test any -1  test d6 -2\n'
            '  gain advanced_skill any lose advanced_skill Stealth gain gadget lose gadget stranded lose_game\n'
            '  place 2 intel lairs place 1 intel Paris advance lobo 2 retreat lobo draw 1 villain_card\n'
            '  gain 2 resolve lose 1 un_transport gain 1 red_intel lose status "Marked" move Paris\n}')
    (entry,) = parse_one(text)
    gamble, choice, branch, any_test, rolled, *effects = entry.steps
    assert isinstance(gamble.action, Gamble)
    assert isinstance(choice, Choice) and choice.options[1].guard.kind is ConditionKind.HAS
    assert isinstance(branch, IfStep)
    inner = branch.otherwise.steps[0]
    assert inner.condition.kind is ConditionKind.NOT
    assert inner.condition.operand.state is HenchmanState.DEFEATED
    assert any_test.action.options[0].pick is SkillPick.ANY
    assert rolled.action.options[0].pick is SkillPick.ROLLED
    assert all(isinstance(e, Effect) for e in effects)
    assert effects[6].on_lairs and effects[6].amount == 2
    assert effects[7].ref.name == "Paris"
    assert {e.kind for e in effects} >= {EffectKind.STRANDED, EffectKind.LOSE_GAME,
                                         EffectKind.DRAW_VILLAIN_CARD, EffectKind.RETREAT_LOBO}


def test_cards_and_spies():
    defs = parse_one('status "Marked" [companion] { effect "Watched." discard "Rest." flavour "Hm." copies 2 }\n'
                     'card Australia 61 "Heat" { response 1 "Hide" response 2 "Run"\n'
                     '  at "Swagman\'s Hope" 71 "Red" { response 1 "Dig" } }\n'
                     'spy "Pierre, Double Agent" { skills { Spycraft 2 } advanced_skills { Stealth } health 5 double_agent Pierre }')
    status, card, spy = defs
    assert isinstance(status, StatusCard) and status.companion and status.copies == 2
    assert isinstance(card, EncounterCard) and card.number == 61 and len(card.responses) == 2
    assert card.sections[0].location.name == "Swagman's Hope" and card.sections[0].number == 71
    assert isinstance(spy, SpySheet) and spy.double_agent_of.name == "Pierre"
    assert spy.stats[0].name == "health" and spy.stats[0].value == 5


def test_henchmen_showdowns_and_lobo_sections():
    defs = parse_one('henchman Pierre { difficulty medium intel { 1: 4 2: 6 } lobo B successes 3 }\n'
                     'henchman "Aussie Butcher" { level 1 { test Spycraft -1 } level 2 { test d6 -2 } }\n'
                     'showdown Pierre { intro { goto 01 } encounter 01 { gamble pass { gain 1 success goto end } fail { goto end } }\n'
                     '  tally end { successes >= 3 -> victory else -> defeat }\n'
                     '  victory { "Won." } defeat captured { "Lost." } }\n'
                     'lobo B { successes 4 intro { goto 01 } encounter 01 { if main_henchman undefeated { goto victory } else { goto victory } } victory { "W." } }')
    pierre, butcher, showdown, lobo = defs
    assert isinstance(pierre, Henchman) and [(c.players, c.intel) for c in pierre.intel_cost] == [(1, 4), (2, 6)]
    assert pierre.lobo.name == "B" and pierre.successes == 3
    assert [lv.number for lv in butcher.levels] == [1, 2]
    assert isinstance(showdown, Showdown) and showdown.kind is SectionKind.HENCHMAN
    assert showdown.tallies[0].otherwise.name == "defeat"
    assert [(c.kind, c.name.text) for c in showdown.conclusions] == [
        (ConclusionKind.VICTORY, "victory"), (ConclusionKind.DEFEAT, "captured")]
    gotos = [e.ref.name for e in nodes(showdown, Effect) if e.kind is EffectKind.GOTO]
    assert gotos == ["1", "end", "end"]
    assert lobo.kind is SectionKind.LOBO and lobo.successes == 4


def test_expansion_pieces():
    defs = parse_one('expansion sh "Swagman\'s Hope" extends smersh { rules { intel_overflow 6 } intel_icons { Weapons } }\n'
                     'stranded "Lost" { test Athletics pass { move Darwin } fail { move Perth } }\n'
                     'dead_drop "The Bomb" { take 1 injury }\nred_intel 2 Weapons\n'
                     'override status "Explorer" { effect "x" }')
    expansion, stranded, drop, red, status = defs
    assert isinstance(expansion, ExpansionDef) and expansion.extends.name == "smersh"
    assert isinstance(stranded, StrandedCard) and isinstance(drop, DeadDrop)
    assert isinstance(red, RedIntel) and red.value == 2 and red.icon.name == "Weapons"
    assert status.override and not expansion.override


def test_campaign_and_scenarios():
    defs = parse_one('campaign shield "S" { log { field secrets number per board_member expert "Secrets" }\n'
                     '  board { "CMO" } betrayal 4 expert 3\n'
                     '  evidence { means { "Wiretap" icon:ear } motive { "Greed" } opportunity { "Access" } }\n'
                     '  combinations { "Wiretap" "Greed" "Access" -> "CMO" } }\n'
                     'scenario 2 "Batroc" { villain "Batroc (A)" expert "Batroc (B)" main_scheme "M"\n'
                     '  setup { "Secrets." read secrets from 1 expert "HP." } victory { "Rec." record secrets "Ev." gain evidence cross_out }\n'
                     '  defeat { standard "Again." } }')
    campaign, scenario = defs
    assert isinstance(campaign, CampaignDef) and campaign.betrayal == 4 and campaign.betrayal_expert == 3
    assert campaign.log_fields[0].expert and campaign.log_fields[0].label == "Secrets"
    assert campaign.evidence[0].icon == "ear" and campaign.combinations[0].member.name == "CMO"
    assert isinstance(scenario, Scenario) and scenario.villain_expert == "Batroc (B)"
    assert scenario.setup[0].actions[0].kind is ActionKind.READ and scenario.setup[0].actions[0].source == 1
    assert scenario.setup[1].mode is StepMode.EXPERT and scenario.defeat[0].mode is StepMode.STANDARD
    assert [a.kind for a in scenario.victory[1].actions] == [ActionKind.GAIN_EVIDENCE, ActionKind.CROSS_OUT]


def test_card_game():
    defs = parse_one('cardgame smush "S" { rules { rounds 6 } types { Tech } }\n'
                     'gadget_card 1 { half "Dynamite Gum" { type Tech strength 1 boost 1 cp +2 flip "Swap." flavour "Boom." } half "Laser Watch" { type Tech } }\n'
                     'defence_card 1 { face "Freeze Ray" { type Tech strength 2 bonus +2 inward if "Guard" on_bypass "Give 1 CP." passive "Cold." } face "Guard" { strength 1 } }')
    header, gadget, defence = defs
    assert isinstance(gadget, SmushGadgetCard) and gadget.halves[0].boost.amount == 2
    assert isinstance(defence, DefenceCard)
    bonus = defence.faces[0].bonuses[0]
    assert (bonus.amount, bonus.direction, bonus.condition.name) == (2, Direction.INWARD, "Guard")


def test_multiline_prose_folds_lines_and_keeps_paragraphs():
    (entry,) = parse_one('entry 01.1.1 {\n  "One line\n   continues here.\n\n   A new *paragraph*."\n}')
    assert entry.steps[0].text == "One line continues here.\n\nA new *paragraph*."


def test_comments_are_kept_with_positions():
    source, problems = parse_text('# head\nentry 01.1.1 { "x" } # tail\n', "t.smersh")
    assert problems == []
    assert [(c.text, c.span.line, c.span.column) for c in source.comments] == [("# head", 1, 1), ("# tail", 2, 22)]


@pytest.mark.parametrize("raw, text", [
    (r'"He said \"run\" and ran"', 'He said "run" and ran'),
    (r'"a \\ b"', "a \\ b"),
    ('"one\n    line,\n\n  two"', "one line,\n\ntwo"),
    (r'"ends with \\"', "ends with \\"),
    (r'"\q is itself"', "q is itself"),
])
def test_strings_resolve_escapes_and_fold_lines(raw: str, text: str):
    from smersh_dsl.parse.text import unquote
    assert unquote(raw) == text
