"""Damage through the Combat Results Table, buying it off, bleeding and first aid, all typed at
the command line on a copy of the demo; every step undone again."""

from __future__ import annotations

import random

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems.torg import combat_result
from tests.store.conftest import file_snapshot


def sheet(s: Session, who: str):
    return s.resolve(who).sheet


def test_a_damage_total_goes_through_toughness_and_the_crt(demo: Session) -> None:
    """Helena (TOU 8): a damage total of 20 is 12 result points, "Wnd K 5" on her column."""
    cell = combat_result(12, possibility_rated=True)
    assert str(cell) == "Wnd K 5"
    event = demo.execute("dmg helena 20")
    d = sheet(demo, "helena").damage
    assert (d.wounds, d.K, d.O, d.shock) == (1, True, False, 5)
    assert event.data["detail"]["result_points"] == 12 and "20 vs Toughness 8" in event.text
    assert demo.system.status(sheet(demo, "helena")).label == "wounded"
    demo.execute("undo")
    assert sheet(demo, "helena").damage.wounds == 0 and sheet(demo, "helena").damage.shock == 0


def test_armour_and_the_ords_column(demo: Session) -> None:
    """Quinn in kevlar (TOU 10 + 5 = 15); Ruiz is an Ord: 18 - 9 = 9 RP is "Wnd K/O 10"."""
    demo.execute("dmg quinn 20")
    assert sheet(demo, "quinn").damage.shock == 2  # 5 RP on the possibility-rated column: "2"
    event = demo.execute("dmg ruiz 18")
    assert str(combat_result(9, possibility_rated=False)) == "Wnd K/O 10"
    d = sheet(demo, "ruiz").damage
    assert (d.wounds, d.K, d.shock) == (1, True, 10) and d.unconscious
    assert demo.encounter.get("ruiz").status == "out" and "is out" in event.text


def test_a_second_k_and_a_knockout_drop_a_combatant(demo: Session) -> None:
    demo.execute("dmg helena 20")  # Wnd K 5
    demo.execute("dmg helena 22")  # 14 RP: 2 Wnd KO 5
    d = sheet(demo, "helena").damage
    assert d.K and d.O and d.wounds == 3 and d.dead  # mortally wounded, shock past Toughness
    assert demo.encounter.get("helena").status == "out"


def test_buying_off_with_a_possibility_then_undo(demo: Session) -> None:
    before = sheet(demo, "helena").possibilities.count
    demo.execute("dmg helena 20")  # Wnd K 5
    event = demo.execute("buyoff helena")  # the worst three: the wound, the K, 3 shock
    helena = sheet(demo, "helena")
    assert (helena.damage.wounds, helena.damage.K, helena.damage.shock) == (0, False, 2)
    assert helena.possibilities.count == before - 1
    assert helena.possibilities.history[-1].reason == "buy off damage"
    assert "buys off wound, K, shock with a Possibility" in event.text
    with pytest.raises(RulesError, match="already reduced this blow"):
        demo.execute("buyoff helena shock")
    demo.execute("undo")
    helena = sheet(demo, "helena")
    assert (helena.damage.wounds, helena.damage.K, helena.possibilities.count) == (1, True, before)
    demo.execute("buyoff helena shock shock")
    assert sheet(demo, "helena").damage.shock == 0 and sheet(demo, "helena").damage.wounds == 1


def test_buying_off_a_knockout_brings_the_combatant_back_in(demo: Session) -> None:
    demo.execute("dmg quinn 29")  # 29 - 15 = 14 RP: 2 Wnd KO 5 -> unconscious, out
    assert demo.encounter.get("quinn").status == "out"
    demo.execute("buyoff quinn k wound")  # K gone (the O alone does nothing), one wound less
    d = sheet(demo, "quinn").damage
    assert not d.unconscious and d.wounds == 1
    assert demo.encounter.get("quinn").status == "active"
    demo.execute("undo")
    assert demo.encounter.get("quinn").status == "out"


def test_a_hero_card_buys_off_too_but_only_from_the_pool_in_rounds(demo: Session) -> None:
    demo.execute("dmg quinn 25")  # 10 RP: Wnd K 4
    with pytest.raises(RulesError, match="only from the pool"):
        demo.execute("buyoff quinn hero wound")
    demo.execute("pool quinn hero")
    hero = next(c for c in sheet(demo, "quinn").held.pool if demo.order.deck.card(c).play == "hero")
    possibilities = sheet(demo, "quinn").possibilities.count
    demo.execute("buyoff quinn hero wound")
    quinn = sheet(demo, "quinn")
    assert quinn.damage.wounds == 0 and hero not in quinn.held.all()
    assert quinn.possibilities.count == possibilities  # a card, not a Possibility
    assert hero in demo.order.deck_state(demo.encounter).discard


def test_mortal_bleeding_each_round_unless_a_possibility_holds_it(demo: Session) -> None:
    demo.execute("dmg tolwyn 3 wound")
    assert sheet(demo, "tolwyn").damage.bleeding
    shock = sheet(demo, "tolwyn").damage.shock
    demo.execute("spend tolwyn bleed")
    for _ in range(7):
        demo.execute("next")
    assert demo.encounter.round == 3 and sheet(demo, "tolwyn").damage.shock == shock
    for _ in range(7):
        demo.execute("next")
    assert sheet(demo, "tolwyn").damage.shock == shock + 1  # bled this time
    assert "bleeds: +1 shock" in demo.log[-1].text
    demo.execute("firstaid tolwyn")
    d = sheet(demo, "tolwyn").damage
    assert d.shock == 0 and not d.bleeding and d.wounds == 3


def test_refusals_name_the_problem_and_change_nothing(demo: Session) -> None:
    before = file_snapshot(demo.path)
    for line, message in (
        ("buyoff ruiz", "no blow to buy off"),
        ("spend ruiz", "has 0 Possibilities"),
        ("gain ruiz 2", "is an Ord"),
        ("play quinn joker", "give its number or a type"),
        ("pool quinn 999", "is not in the hand"),
        ("check quinn hacking vs 8", "unknown skill 'hacking'"),
        ("check helena medicine flurry vs 8", "unknown word 'flurry'"),
        ("check ruiz medicine vs 8", "cannot be used unskilled"),
        ("dmg quinn 5 fire", "no damage kind 'fire'"),
        ("set scene epic", "must be one of standard, dramatic"),
        ("getup quinn", "not knocked down"),
    ):
        with pytest.raises(RulesError, match=message):
            demo.execute(line)
    assert file_snapshot(demo.path) == before


def test_a_stabilised_mortal_wound_dies_past_toughness_unless_the_campaign_spares_it(demo: Session) -> None:
    """The recommended ruling (the toggle's default): shock above Toughness still kills a
    stabilised mortal wound. With the campaign's stabilised_mortal_dies off, it does not: the
    shock stops at Toughness and the character lies unconscious."""
    for line in ("dmg quinn 3 wound", "firstaid quinn"):
        demo.execute(line)
    assert "dead" in demo.execute("dmg quinn 15 shock").text and sheet(demo, "quinn").damage.dead
    path = demo.path
    demo.close()
    campaign = path / "campaign.toml"
    campaign.write_text(campaign.read_text() + "\n[options]\nstabilised_mortal_dies = false\n")
    with Session.open(path, rng=random.Random(3)) as s:
        for line in ("dmg helena 3 wound", "firstaid helena"):
            s.execute(line)
        event = s.execute("dmg helena 15 shock")
        d = sheet(s, "helena").damage
        assert not d.dead and d.unconscious and d.shock == 8 and d.wounds == 3
        assert "stabilised mortal wound holds" in event.text
        assert sheet(s, "helena").damage.dead is False
        assert s.execute("dmg helena 1 wound") and sheet(s, "helena").damage.dead  # a fourth wound kills
