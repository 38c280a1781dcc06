"""TorgSystem behind the plug-in contract: registry, sheets, tracks, damage, tests, odds, tables."""

import random
from fractions import Fraction

import pytest
from pydantic import ValidationError

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.systems import get_system, system_ids
from gmconsole.systems.torg.damage import Reduction
from gmconsole.systems.torg.system import TorgSystem

QUIN = {
    "name": "Quin",
    "attributes": {"DEX": 11, "STR": 9, "TOU": 11, "PER": 9, "MIN": 9, "CHA": 9, "SPI": 8},
    "skills": {"dodge": 2, "fire_combat": 3, "reality": 1},
    "possibilities": {"history": [{"delta": 10, "reason": "starting"}]},
}


@pytest.fixture
def torg():
    return get_system("torg")


@pytest.fixture
def quin(torg):
    return torg.parse_sheet(QUIN)


def test_registered_through_the_entry_point(torg):
    assert "torg" in system_ids() and isinstance(torg, TorgSystem) and torg.id == "torg"
    assert "West End Games" in torg.credit and torg.licence


def test_sheet_round_trip_and_blank_sheet(torg, quin):
    assert torg.parse_sheet(torg.dump_sheet(quin)) == quin
    assert torg.dump_sheet(quin) == torg.dump_sheet(torg.parse_sheet(torg.dump_sheet(quin)))
    blank = torg.new_sheet()
    assert torg.parse_sheet(torg.dump_sheet(blank)) == blank


def test_bad_sheets_are_refused_with_the_field(torg):
    with pytest.raises(ValidationError, match="did you mean 'dodge'"):
        torg.parse_sheet({**QUIN, "skills": {"dodgy": 2}})
    with pytest.raises(ValidationError, match="DEX"):
        torg.parse_sheet({**QUIN, "attributes": {"DEX": 90}})


def test_damage_returns_a_new_sheet_and_leaves_the_old_one(torg, quin):
    """`dmg` takes the damage total: 21 - Toughness 11 = 10 result points."""
    change = torg.apply_damage(quin, 21)
    assert quin.damage.shock == 0 and quin.damage.wounds == 0
    d = change.sheet.damage
    assert (d.wounds, d.K, d.shock) == (1, True, 4) and change.harmed
    assert "Wnd K 4" in change.text and "damage 21 vs Toughness 11" in change.text
    assert torg.apply_damage(quin, 10, "rp").sheet.damage == d


def test_armour_raises_the_toughness_the_total_is_measured_against(torg):
    armoured = torg.parse_sheet({**QUIN, "armour": {"name": "kevlar", "add": 5, "max": 22}})
    change = torg.apply_damage(armoured, 21)  # 21 - 16 = 5 RP: "2" on the PR column
    assert change.detail["result_points"] == 5 and "Toughness 16" in change.text


def test_stun_and_raw_kinds(torg, quin):
    assert torg.apply_damage(quin, 20, "stun").sheet.damage.knockdown
    assert torg.apply_damage(quin, 3, "shock").sheet.damage.shock == 3
    assert torg.apply_damage(quin, 2, "wound").sheet.damage.wounds == 2
    assert not torg.apply_damage(quin, -2).harmed
    with pytest.raises(RulesError, match="unknown kind of harm"):
        torg.apply_damage(quin, 2, "fire")


def test_blow_bought_down_spends_the_possibility(torg, quin):
    change = torg.apply_blow(quin, 15, reductions=[Reduction("possibility", ("shock", "K", "wound"))])
    assert change.sheet.damage.wounds == 2 and change.sheet.possibilities.count == 9
    assert quin.possibilities.count == 10


def test_blow_refused_without_a_possibility_changes_nothing(torg):
    broke = torg.parse_sheet({**QUIN, "possibilities": {"history": []}})
    with pytest.raises(RulesError, match="needs 1 Possibilities, has 0"):
        torg.apply_blow(broke, 10, reductions=[Reduction("possibility", ("wound",))])
    assert broke.damage.wounds == 0


def test_heal_kinds(torg, quin):
    hurt = torg.apply_damage(quin, 23).sheet  # 12 RP: Wnd K 5
    assert torg.heal(hurt, 2).sheet.damage.shock == 3
    assert torg.heal(hurt, 1, "wound").sheet.damage.wounds == 0
    aided = torg.heal(hurt, 0, "first_aid").sheet.damage
    assert aided.shock == 0 and not aided.K
    with pytest.raises(RulesError):
        torg.heal(hurt, 1, "soul")


def test_status_and_tracks(torg, quin):
    assert torg.status(quin).health == "ok"
    out = torg.apply_damage(quin, 14, "rp").sheet
    st = torg.status(out)
    assert st.health == "down" and "K" in st.flags
    assert torg.status(torg.apply_damage(quin, 4, "wound").sheet).health == "dead"
    names = [t.name for t in torg.tracks(out)]
    assert names == ["Shock", "K/O", "Wounds", "Possibilities"]


def test_end_of_round_bleeds(torg, quin):
    mortal = torg.apply_damage(quin, 3, "wound").sheet
    change = torg.end_of_round(mortal)
    assert change.sheet.damage.shock == 1 and "bleeds" in change.text
    assert torg.end_of_round(quin) is None


def test_check_with_typed_dice_and_possibility(torg, quin):
    req = CheckRequest(option="skill:fire_combat", difficulty=15, extra={"possibility": True})
    r = torg.check(quin, req, random.Random(1), dice=[5, 12])
    assert r.total == 18 and r.success and r.detail["possibilities_spent"] == 1
    assert r.detail["level"] == "good" and [d.face for d in r.dice] == [5, 12]
    plain = torg.check(
        quin,
        CheckRequest(option="skill:fire_combat", difficulty=15, extra={"possibility": True}),
        random.Random(1),
        dice=[18],
    )
    assert plain.detail["possibilities_spent"] == 0 and plain.success


def test_the_log_line_shows_the_action_value_beside_the_skill_not_as_a_bonus(torg, quin):
    """Fire combat 14 (DEX 11 + 3) rolled 16: the value reads "fire combat 14", and the only
    signed number before the total is the bonus (+3), so nobody reads a +14 bonus."""
    r = torg.check(quin, CheckRequest(option="skill:fire_combat", difficulty=12), random.Random(1), dice=[16])
    line = r.summary()
    assert line.startswith("Quin: fire combat 14: [16] +3 bonus (die roll 16) = 17 vs 12")
    assert "+14" not in line and r.detail["value"] == 14


def test_check_refusals(torg, quin):
    rng = random.Random(1)
    with pytest.raises(RulesError, match="cannot be used unskilled"):
        torg.check(quin, CheckRequest(option="skill:medicine", difficulty=8), rng, dice=[10, 3])
    with pytest.raises(RulesError, match="unknown skill"):
        torg.check(quin, CheckRequest(option="skill:hacking", difficulty=8), rng)
    with pytest.raises(RulesError, match="not used"):
        torg.check(quin, CheckRequest(option="attr:DEX", difficulty=8), rng, dice=[5, 6])
    with pytest.raises(RulesError, match="unknown test switch"):
        torg.check(quin, CheckRequest(option="attr:DEX", difficulty=8, extra={"lucky": True}), rng)


def test_effect_total_reuses_the_bonus(torg, quin):
    req = CheckRequest(
        option="skill:fire_combat", difficulty=12, extra={"effect_value": 17, "effect_difficulty": 12}
    )
    r = torg.check(quin, req, random.Random(1), dice=[15])
    assert r.detail["effect_total"] == 19 and r.detail["effect_result_points"] == 7


def test_odds_before_rolling(torg, quin):
    """DEX 11 vs 11 needs a final die roll of 11: 11-20, or a 10 rolled again."""
    odds = torg.odds(quin, CheckRequest(option="attr:DEX", difficulty=11))
    assert odds.success == Fraction(11, 20)
    assert sum(p for _, p in odds.bars) == 1
    ord_ = torg.parse_sheet({"name": "guard", "attributes": {"DEX": 11}})
    assert torg.odds(ord_, CheckRequest(option="skill:running", difficulty=11)).success == Fraction(10, 20)
    assert torg.odds(quin, CheckRequest(option="attr:DEX")) is None


def test_options_and_difficulties(torg, quin):
    keys = [o.key for o in torg.check_options(quin)]
    assert keys[:7] == ["DEX", "STR", "TOU", "PER", "MIN", "CHA", "SPI"]
    assert "dodge" in keys and "running" in keys and "medicine" not in keys
    assert [d.value for d in torg.difficulties()][:3] == [3, 5, 8]


def test_stat_for_turn_orders(torg, quin):
    assert torg.stat(quin, "dex") == 11 and torg.stat(quin, "pc") == 1 and torg.stat(quin, "villain") == 0
    assert torg.stat(quin, "dodge") == 13 and torg.stat(quin, "medicine") == 0


def test_unknown_option_is_refused(torg):
    with pytest.raises(RulesError, match="no optional rule"):
        torg.turn_order({"house_rule": True})


def test_reference_tables_carry_credit_and_badges(torg):
    tables = torg.tables()
    assert len(tables) > 30
    assert all(t.credit == torg.credit and t.licence and t.confidence for t in tables)
    deck = next(t for t in tables if t.id == "drama-deck-cards")
    assert deck.stand_in and deck.confidence == "stand-in"
    bonus = next(t for t in tables if t.name == "Bonus chart")
    assert bonus.lookup(38)["Bonus"] == 11
    crt = next(t for t in tables if t.name == "Combat Results Table")
    assert crt.lookup(14)["Possibility-rated"] == "2 Wnd KO 5"
    verbs = next(t for t in tables if t.name == "Torg at the command line")
    assert "damage total" in verbs.rows[0][1] and any(r[0].startswith("buyoff WHO") for r in verbs.rows)
    assert any(r[0] == "set scene standard|dramatic" for r in verbs.rows)


def test_round_start_fatigue_with_an_armour_penalty_and_inspiration(torg, quin):
    from gmconsole.engine.encounter import Combatant, Encounter
    from gmconsole.systems.base import Scene
    from gmconsole.systems.torg.deck import DeckState

    def scene_for(card_id, side):
        c = Combatant(id="q", name="Quin", side=side)
        enc = Encounter(name="x", order="torg-drama", combatants=[c])
        enc.state["deck"] = DeckState(draw_pile=[20, 21, 22, 23, 24], action_stack=[card_id]).model_dump()
        return Scene(rng=random.Random(1), encounter=enc, combatant=c)

    # stand-in card 7: standard line "heroes fatigued"; card 5: heroes inspired
    armoured = torg.parse_sheet(
        {**QUIN, "armour": {"name": "kevlar", "add": 5, "max": 22, "fatigue_penalty": True}}
    )
    assert torg.start_of_round(quin, scene_for(7, "heroes")).sheet.damage.shock == 2
    assert torg.start_of_round(armoured, scene_for(7, "heroes")).sheet.damage.shock == 3
    assert torg.start_of_round(quin, scene_for(7, "villains")) is None
    shaken = torg.apply_damage(quin, 3, "shock").sheet
    inspired = torg.start_of_round(shaken, scene_for(5, "heroes"))
    assert inspired.sheet.damage.shock == 0 and "inspired" in inspired.text
    assert inspired.sheet.cards.hand == [20, 21, 22, 23, 24]  # dealt 4, then 1 for inspiration
    assert "is dealt 4 card(s)" in inspired.text and "(inspiration)" in inspired.text
    assert quin.damage.shock == 0 and quin.cards is None


def test_check_switches_fit_the_dialog_and_follow_the_round(torg, quin):
    keys = [s.key for s in torg.check_switches(quin)]
    assert keys[:7] == [
        "possibility",
        "possibility_anyway",
        "up",
        "stymied",
        "active_defence",
        "action",
        "effect_value",
    ]
    assert {"range", "cover", "concealment", "attack", "fire", "held", "aimed", "blindside"} <= set(keys)
    assert all(len(s.label) <= 11 for s in torg.check_switches(quin))
    up = torg.parse_sheet({**torg.dump_sheet(quin), "this_round": ["up"], "cards": {"hand": [1]}})
    switches = {s.key: s for s in torg.check_switches(up)}
    assert switches["up"].default is True and "hero" in switches  # card 1 of the stand-in deck is a hero
    guard = torg.parse_sheet({"name": "guard"})
    assert not {"possibility", "possibility_anyway"} & {s.key for s in torg.check_switches(guard)}


def test_the_optional_failing_result_follows_the_campaign(torg, quin):
    """A miss by 1 or 2 is "failing" only under the optional rule (a switch the session fills in)."""
    assert "failing" not in [s.key for s in torg.check_switches(quin, torg.option_defaults())]
    on = {s.key: s.default for s in torg.check_switches(quin, {**torg.option_defaults(), "failing": True})}
    assert on["failing"] is True
    miss = CheckRequest(option="DEX", difficulty=12)  # DEX 11 + 0 (die 11) = 11: misses by 1
    assert "failing" not in torg.check(quin, miss, random.Random(1), dice=[11]).outcome
    ruled = CheckRequest(option="DEX", difficulty=12, extra={"failing": True})
    assert "failing" in torg.check(quin, ruled, random.Random(1), dice=[11]).outcome
