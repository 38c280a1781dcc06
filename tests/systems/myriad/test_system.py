"""MyriadSystem through the plug-in contract: registry, sheets, tests, damage, tracks, tables."""

import random
from fractions import Fraction

import pytest
from pydantic import ValidationError

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.systems import get_system
from gmconsole.systems.myriad.effects import OngoingEffect
from gmconsole.systems.myriad.sheet import MyriadSheet
from gmconsole.systems.myriad.system import MyriadSystem

from .conftest import recommended_build


@pytest.fixture
def system() -> MyriadSystem:
    found = get_system("myriad")
    assert isinstance(found, MyriadSystem)
    return found


def test_registered_with_credit_and_licence(system):
    assert system.id == "myriad"
    assert "Ashok Desai" in system.credit and "CC BY 2.0 UK" in system.licence


def test_blank_sheet_and_round_trip(system, bronthar):
    blank = system.new_sheet()
    assert isinstance(blank, MyriadSheet) and blank.line("wounds").boxes == 4
    dumped = system.dump_sheet(bronthar)
    assert system.parse_sheet(dumped) == bronthar
    assert system.dump_sheet(system.parse_sheet(dumped)) == dumped
    with pytest.raises(ValidationError, match=r"stats.grace: 12 is impossible"):
        system.parse_sheet({**dumped, "stats": {**dumped["stats"], "grace": 12}})


def test_describe_lines_and_stat(system, bronthar):
    assert system.describe(bronthar) == "Pow 4 Gra 4 Int 4 Spi 4 · armour 3 · Long sword 4D"
    ogre = MyriadSheet(name="O", boons_flaws=[{"id": "natural_weapon"}, {"id": "natural_armour",
                                                                         "level": 2}])
    assert system.describe(ogre) == "Pow 4 Gra 4 Int 4 Spi 4 · armour 2 · unarmed 2D"
    labels = [label for label, _ in system.sheet_lines(bronthar)]
    assert labels[:4] == ["Power", "Grace", "Intellect", "Spirit"] and "Wounds" in labels
    assert system.stat(bronthar, "grace") == 4
    assert system.stat(bronthar, "initiative:social") == 4
    naga = recommended_build(boons_flaws=[])
    naga.boons_flaws = []
    assert system.stat(naga, "initiative:mortal") == 4
    fast = recommended_build()
    fast.boons_flaws[1].level = 3  # Fast 3: +1 mortal initiative (C19)
    assert system.stat(fast, "initiative:mortal") == 5
    assert system.stat(bronthar, "armour") == 3
    assert system.stat(bronthar, "nonsense") == 0


def test_check_with_typed_dice_against_a_tn(system, bronthar):
    request = CheckRequest(option="power/athletics", difficulty=9)
    result = system.check(bronthar, request, random.Random(1), dice=[2, 4, 5, 6], who="Helen")
    assert (result.total, result.success, result.margin) == (10, True, 1)
    assert result.label == "Helen: Power 4D + Athletics vs Very Hard"
    assert [d.face for d in result.dice] == [2, 4, 5, 6]
    assert result.outcome == "success"
    assert result.summary() == ("Helen: Power 4D + Athletics vs Very Hard: "
                                "[(2) (4) (5) 6] +3 Athletics +1 six = 10 vs 9: success (margin +1)")


def test_check_burning_a_six_for_an_sfx(system, bronthar):
    # EX-15 case B through the dialog: burn the six for Mighty Leap, still 9 >= 9
    request = CheckRequest(option="power/athletics", difficulty=9,
                           extra={"burn": [{"sfx": "mighty_leap", "dice": [4]}],
                                  "tags": ["jump"]})
    result = system.check(bronthar, request, random.Random(1), dice=[2, 4, 5, 6])
    assert (result.total, result.success) == (9, True)
    assert result.detail["burnt"] == {"mighty_leap": [4]}
    assert result.detail["extra_actions"] == 1
    assert result.dice[3].note == "burnt: Mighty Leap"


def test_check_refusals_are_clear(system, bronthar):
    rng = random.Random(1)
    with pytest.raises(RulesError, match="no statistic 'strength'"):
        system.check(bronthar, CheckRequest(option="strength/athletics", difficulty=6), rng)
    with pytest.raises(RulesError, match="lacks the skill 'medic'"):
        system.check(bronthar, CheckRequest(option="intellect/medic", difficulty=6,
                                            extra={"require_skill": True}), rng)
    with pytest.raises(RulesError, match="4 dice are rolled, but 2 faces"):
        system.check(bronthar, CheckRequest(option="power", difficulty=6), rng, dice=[1, 2])
    with pytest.raises(RulesError, match="Power Strike need a successful test"):
        system.check(bronthar, CheckRequest(option="power/close_combat", opponent_total=12,
                                            extra={"burn": [{"sfx": "power_strike",
                                                             "dice": [1]}],
                                                   "tags": ["attack", "unarmed"]}),
                     rng, dice=[6, 1, 1, 1])


def test_untrained_is_allowed_with_a_warning(system, bronthar):
    result = system.check(bronthar, CheckRequest(option="power/medic", difficulty=6),
                          random.Random(1), dice=[3, 3, 3, 3])
    assert result.total == 3 and result.success is False
    assert result.summary() == ("Bronthar: Power 4D + Medic (untrained) vs Average: "
                                "[3 (3) (3) (3)] = 3 vs 6: failure (margin -3)")
    assert "rolled untrained at 0" in result.detail["warnings"][0]


def test_opposed_check_ties_to_the_initiator(system, bronthar):
    attack = CheckRequest(option="power/close_combat", opponent_total=9)
    assert system.check(bronthar, attack, random.Random(1), dice=[5, 1, 1, 1]).success
    defence = CheckRequest(option="grace/close_combat", opponent_total=9,
                           extra={"initiator": False})
    assert not system.check(bronthar, defence, random.Random(1), dice=[5, 1, 1, 1]).success


def test_odds_before_rolling(system):
    average = MyriadSheet(name="Joe", stats={"power": 3, "grace": 3, "intellect": 3,
                                             "spirit": 3}, skills={"academia": 1})
    odds = system.odds(average, CheckRequest(option="intellect/academia", difficulty=6))
    assert odds is not None and odds.success == Fraction(19, 27)
    assert system.odds(average, CheckRequest(option="intellect")) is None
    responder = system.odds(average, CheckRequest(option="intellect/academia",
                                                  opponent_total=5, extra={"initiator": False}))
    assert responder is not None and responder.success == Fraction(19, 27)


def test_difficulties_and_options(system, bronthar):
    assert [d.value for d in system.difficulties()] == [4, 5, 6, 7, 8, 9, 11, 13, 15, 17]
    keys = [o.key for o in system.check_options(bronthar)]
    assert keys[:4] == ["power", "grace", "intellect", "spirit"]
    assert "power/close_combat" in keys and "grace/stealth" in keys


def test_apply_damage_returns_a_new_sheet_and_undo_is_the_old_one(system):
    nefarius = MyriadSheet(name="Nefarius", stats={"power": 4, "grace": 4, "intellect": 3,
                                                   "spirit": 3},
                           resilience={"wounds": {"boxes": 4, "critical": 3},
                                       "resolve": {"boxes": 3}})
    before = system.dump_sheet(nefarius)
    change = system.apply_damage(nefarius, 5)
    assert system.dump_sheet(nefarius) == before  # untouched
    wounds = change.sheet.line("wounds")
    assert (wounds.crossed, wounds.critical_crossed, wounds.status) == (4, 1, "incapacitated")
    assert change.harmed
    assert change.text == ("takes 5 boxes: 4 wounds + 1 critical "
                           "(wounds 0/4, critical 2/3 left): KO")
    status = system.status(change.sheet)
    assert (status.health, status.label, status.detail) == ("down", "KO",
                                                            "incapacitated: Wounds empty")
    assert system.status(nefarius).label == "active"
    assert system.status(system.apply_damage(nefarius, 1).sheet).label == "hurt"
    dead = system.apply_damage(change.sheet, 4)
    assert dead.text == ("takes 2 boxes on the critical row (wounds 0/4, critical 0/3 left), "
                         "2 past the last box: dead")
    assert (system.status(dead.sheet).health, system.status(dead.sheet).label) == ("dead", "dead")
    with pytest.raises(RulesError, match="Nefarius is dead: that is permanent"):
        system.heal(dead.sheet, 3)
    healed = system.heal(change.sheet, 3)
    assert healed.sheet.line("wounds").critical_crossed == 0


def test_damage_kinds(system, bronthar):
    crit = system.apply_damage(bronthar, 2, "critical")
    assert crit.sheet.line("wounds").critical_crossed == 2
    resolve = system.apply_damage(bronthar, 8, "resolve")
    assert system.status(resolve.sheet).label == "conceded"
    nerve = system.apply_damage(bronthar, 1, "nerve").sheet.line("nerve")
    assert (nerve.boxes, nerve.critical, nerve.crossed, nerve.permanent_effect) == (4, 2, 1,
                                                                                    "madness")
    with pytest.raises(RulesError, match="not a number of boxes"):
        system.apply_damage(bronthar, -2)


def test_damage_from_dice_counts_against_the_sheets_armour(system, bronthar):
    change = system.damage_from_dice(bronthar, [1, 2, 3, 4, 6])  # armour 3 (chain mail)
    assert change.detail["armour"] == 3 and change.sheet.line("wounds").crossed == 2
    social = system.damage_from_dice(bronthar, [1], "resolve")  # C7: social armour 0
    assert social.sheet.line("resolve").crossed == 1


def test_tracks_show_main_and_critical_rows(system, bronthar):
    views = system.tracks(system.apply_damage(bronthar, 7).sheet)
    assert [(v.name, v.value, v.maximum) for v in views] == [
        ("Wounds", 6, 6), ("Critical", 1, 6), ("Resolve", 0, 8)]
    assert [v.note for v in views] == ["KO at 0", "dead at 0", "concedes at 0"]
    assert all(v.kind == "boxes" for v in views)


def test_end_of_round_effects(system, bronthar):
    assert system.end_of_round(bronthar) is None
    bleeding = bronthar.model_copy(update={"effects": [OngoingEffect(kind="bleeding"),
                                                       OngoingEffect(kind="asphyxiation")]})
    pending = system.end_of_round(bleeding)
    assert pending is not None and "bleeding: roll 1D vs armour 2" in pending.text
    assert pending.sheet.line("wounds").crossed == 1  # asphyxiation applied
    rolled = system.end_of_round(bleeding, dice=[5])
    assert rolled is not None and rolled.sheet.line("wounds").crossed == 2
    burning = bronthar.model_copy(update={"effects": [OngoingEffect(kind="burning",
                                                                    rounds_left=1)]})
    after = system.end_of_round(burning, rng=random.Random(2))
    assert after is not None and after.sheet.effects == []


def test_end_conflict_clears_resolve_only(system, bronthar):
    hurt = system.apply_damage(system.apply_damage(bronthar, 2, "resolve").sheet, 1).sheet
    over = system.end_conflict(hurt).sheet
    assert over.line("resolve").crossed == 0 and over.line("wounds").crossed == 1


def test_spawn_clears_damage(system, bronthar):
    hurt = system.apply_damage(bronthar, 3).sheet
    fresh = system.spawn(hurt)
    assert fresh.line("wounds").crossed == 0 and hurt.line("wounds").crossed == 3


def test_healing_helpers(system):
    patient = MyriadSheet(name="P", resilience={"wounds": {"boxes": 4, "critical": 3,
                                                           "crossed": 3}, "resolve": {"boxes": 2}})
    change = system.medic_heal(patient, 10)  # EX-25: TN 8, restore 3
    assert change.detail == {"tn": 8, "margin": 2, "restored": 3}
    rest = system.natural_heal(patient, 2)
    assert rest.sheet.line("wounds").crossed == 1
    with pytest.raises(RulesError, match="no optional rule 'medic'"):
        system.medic_heal(patient, 10, {"medic": "x"})


def test_reference_tables_carry_credit(system):
    tables = system.tables()
    assert len(tables) >= 25
    tn = next(t for t in tables if t.name == "Target numbers")
    assert tn.lookup("very h")["Tn"] == 9
    assert all(t.credit and t.licence for t in tables)
    stand_ins = {t.name for t in tables if t.stand_in}
    assert stand_ins == {"Stand-in races", "Quick NPC archetypes", "Skill -> statistic links"}
    skills = next(t for t in tables if t.name == "Random skill (d100)")
    assert skills.lookup(20)["Skill"] == "Close Combat"


def test_build_report_uses_the_campaign_preset(system, bronthar):
    assert system.build_report(bronthar).ok
    report = system.build_report(bronthar, {"creation_preset": "mundane"})
    assert "stats.power: 4 is outside 1-5" not in report.problems
    assert any(p.startswith("skills.close_combat: 4 is above 3") for p in report.problems)


def test_itemised_modifiers_are_logged_and_situational_ones_warn_when_unopposed(system,
                                                                                bronthar):
    items = [{"label": "Stunt", "value": 1}, {"label": "Dim light", "value": -1,
                                               "situational": True}]
    result = system.check(bronthar, CheckRequest(option="power/athletics", difficulty=6,
                                                 modifiers=2, extra={"modifiers": items}),
                          random.Random(1), dice=[4, 1, 1, 1])
    assert result.total == 4 + 3 + 1 - 1 + 2
    assert [(m.label, m.value) for m in result.modifiers] == [
        ("Athletics", 3), ("Stunt", 1), ("Dim light", -1), ("modifiers", 2)]
    assert any("already holds the difficulty" in w for w in result.detail["warnings"])
    opposed = system.check(bronthar, CheckRequest(option="power/athletics", opponent_total=6,
                                                  extra={"modifiers": items}),
                           random.Random(1), dice=[4, 1, 1, 1])
    assert not opposed.detail["warnings"]
    odds = system.odds(bronthar, CheckRequest(option="power/athletics", difficulty=8,
                                              extra={"modifiers": items}))
    assert odds is not None
    with pytest.raises(RulesError, match="should look like"):
        system.check(bronthar, CheckRequest(option="power", difficulty=6,
                                            extra={"modifiers": [{"label": "x"}]}),
                     random.Random(1))


def test_end_encounter_hook_clears_resolve_and_is_none_when_nothing_resets(system, bronthar):
    # the contract's hook (GameSystem.end_encounter) is Myriad's end of conflict (spec §4.7)
    assert system.end_encounter(bronthar) is None
    hurt = system.apply_damage(bronthar, 2, "resolve").sheet
    over = system.end_encounter(hurt)
    assert over is not None and over.sheet.line("resolve").crossed == 0


def test_a_bleeding_condition_from_the_encounter_bleeds_at_round_end(system, bronthar):
    # `cond X bleeding` in the tracker acts like the sheet's own bleeding effect, for that round
    change = system.end_of_round(bronthar, dice=[6], conditions=["Bleeding"])
    assert change is not None and change.harmed
    assert change.sheet.effects == []  # the condition keeps its own duration; nothing sticks on the sheet
    assert change.sheet.line("wounds").crossed >= 1
    assert system.end_of_round(bronthar, dice=[6], conditions=["prone"]) is None


def test_conflict_type_is_an_encounter_setting(system):
    assert system.encounter_option("conflict", "social") == "social"
    with pytest.raises(RulesError, match="must be one of mortal, social"):
        system.encounter_option("conflict", "naval")


def test_status_words_and_which_line_speaks_first(system, bronthar):
    conceded = system.apply_damage(bronthar, 8, "resolve").sheet
    status = system.status(conceded)
    assert (status.health, status.label) == ("down", "conceded")
    assert status.detail == "Resolve empty: out of this conflict"
    both = system.apply_damage(conceded, 6).sheet  # wounds empty too: KO says more than conceded
    assert system.status(both).label == "KO"
    bleeding = bronthar.model_copy(update={"effects": [OngoingEffect(kind="bleeding")]})
    assert system.status(bleeding).flags == ("bleeding",)
    mad = MyriadSheet(name="M", resilience={"nerve": {"boxes": 2, "critical": 1,
                                                      "permanent_effect": "madness"}})
    views = system.tracks(mad)
    assert [(v.name, v.note) for v in views] == [("Nerve", "flees at 0"), ("Nerve crit", "insane at 0")]
    assert system.status(system.apply_damage(mad, 2, "nerve").sheet).label == "out"
    assert system.status(system.apply_damage(mad, 3, "nerve").sheet).label == "insane"


def test_healing_the_critical_row_alone_and_the_log_line(system, bronthar):
    hurt = system.apply_damage(bronthar, 8).sheet  # 6 wounds + 2 critical
    crit = system.heal(hurt, 1, "critical")
    line = crit.sheet.line("wounds")
    assert (line.crossed, line.critical_crossed) == (6, 1)
    assert crit.text == "wounds: 1 box restored (wounds 0/6, critical 5/6 left)"
    back = system.heal(crit.sheet, 2)  # criticals first, then the main row
    assert (back.sheet.line("wounds").crossed, back.sheet.line("wounds").critical_crossed) == (5, 0)
    assert system.status(back.sheet).label == "hurt"  # C5: one box back ends the KO


def test_a_new_modules_line_never_lands_on_the_sheet_given(system, bronthar):
    before = system.dump_sheet(bronthar)
    system.damage_from_dice(bronthar, [3, 5], "nerve")
    system.apply_damage(bronthar, 1, "cynicism")
    assert system.dump_sheet(bronthar) == before
