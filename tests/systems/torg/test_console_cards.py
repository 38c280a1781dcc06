"""Drama cards at the command line: the approved-action draw, pools and plays, the end-of-scene
refill, and hands that persist into the next encounter (they live on the sheets)."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.engine.roster import Character
from gmconsole.store import Session
from tests.systems.torg.conftest import every_card

PLAYERS = ("quinn", "tolwyn", "helena", "kaatok")


def held(s: Session, who: str):
    return s.resolve(who).sheet.held


def everything(s: Session) -> list[int]:
    """Every card: the active deck's piles and every roster sheet's hand, pool and table."""
    deck = every_card(s.order.deck_state(s.encounter)) if s.encounter else []
    return deck + [c for ch in s.roster.values() for c in s.sheet_of(ch).held.all()]


def test_a_success_at_an_approved_action_draws_a_card(demo: Session) -> None:
    effects = demo.order.effects(demo.encounter)
    assert "intimidate" in effects.approved and "attack" not in effects.approved
    hand = list(held(demo, "kaatok").hand)
    pile = len(demo.order.deck_state(demo.encounter).draw_pile)
    event = demo.execute("check kaatok intimidation dice 14 vs 10")
    assert event.data["detail"]["action"] == "intimidate"
    new = held(demo, "kaatok").hand
    assert len(new) == len(hand) + 1 and new[:-1] == hand
    assert len(demo.order.deck_state(demo.encounter).draw_pile) == pile - 1
    assert "approved action (intimidate): draws" in event.text
    demo.execute("undo")
    assert held(demo, "kaatok").hand == hand
    assert len(demo.order.deck_state(demo.encounter).draw_pile) == pile
    # a success at an action the card does not approve, or a failure, draws nothing
    demo.execute("check kaatok melee dice 14 vs 10")
    demo.execute("check kaatok intimidation dice 2 vs 10")
    assert len(held(demo, "kaatok").hand) == len(hand)
    demo.execute("check kaatok melee intimidate dice 14 vs 10")  # the GM calls it an intimidation
    assert len(held(demo, "kaatok").hand) == len(hand) + 1
    assert sorted(everything(demo)) == sorted(demo.order.deck.cards)


def test_one_card_a_round_into_the_pool_then_play_it(demo: Session) -> None:
    quinn = held(demo, "quinn")
    demo.execute("pool quinn supporter")
    with pytest.raises(RulesError, match="one a round"):
        demo.execute("pool quinn rally")
    supporter = held(demo, "quinn").pool[-1]
    event = demo.execute(f"play quinn {supporter}")
    assert "+3 to another character's total" in event.text
    assert supporter in demo.order.deck_state(demo.encounter).discard
    assert len(held(demo, "quinn").hand) == len(quinn.hand) - 1


def test_a_played_willpower_card_adds_three_to_min_rolls_this_round(demo: Session) -> None:
    demo.execute("pool tolwyn drama")
    with pytest.raises(RulesError, match="played in a test"):
        demo.execute("play tolwyn drama")
    with pytest.raises(RulesError, match="raises one of PER, MIN"):
        demo.execute("play helena willpower DEX")
    demo.execute("play helena willpower MIN")
    assert demo.resolve("helena").sheet.this_round == ["willpower:MIN"]
    event = demo.execute("check helena test dice 11 vs 5")  # test of wills: a MIN skill
    assert event.data["total"] == demo.resolve("helena").sheet.skill_value("test") + 0 + 3
    assert {"label": "Willpower card (MIN)", "value": 3} in event.data["modifiers"]
    find = demo.execute("check helena find dice 11 vs 5")  # a PER skill: no bonus
    assert find.data["total"] == demo.resolve("helena").sheet.skill_value("find")


def test_a_drama_card_in_the_pool_gives_an_extra_roll_in_a_test(demo: Session) -> None:
    drama = held(demo, "kaatok").pool[0]
    assert demo.order.deck.card(drama).play == "drama"
    event = demo.execute("check kaatok melee drama dice 4 13 vs 13")  # 4 fails; the card's die 13
    assert event.data["detail"]["cards_played"] == [drama] and event.data["success"]
    assert drama not in held(demo, "kaatok").all()
    assert drama in demo.order.deck_state(demo.encounter).discard


def test_seize_initiative_and_gm_fiat_through_set(demo: Session) -> None:
    card = demo.order.effects(demo.encounter).card
    demo.execute("set keep yes")
    assert "Seized: this card stays next round" in demo.order.header(demo.encounter)
    for _ in range(7):
        demo.execute("next")
    assert demo.encounter.round == 3 and demo.order.effects(demo.encounter).card == card
    demo.execute("set scene dramatic")
    demo.execute("set fiat peek")
    top = demo.order.deck_state(demo.encounter).draw_pile[:4]
    assert any(line.startswith(f" 3 #{top[2]} ") for line in demo.order.header(demo.encounter))
    demo.execute("set fiat 3")
    for _ in range(7):
        demo.execute("next")
    assert demo.order.effects(demo.encounter).card == top[2]
    assert "GM fiat (1/3)" in demo.log[-1].text


def test_end_of_scene_returns_pools_and_refills_hands_to_four(demo: Session) -> None:
    pool = held(demo, "helena").pool[0]
    demo.execute(f"play helena {pool} PER")  # Helena: 3 in hand, none in the pool
    before = list(held(demo, "helena").hand)
    quinn = held(demo, "quinn")
    top = demo.order.deck_state(demo.encounter).draw_pile[0]
    event = demo.execute("end")
    assert demo.encounter is None
    assert held(demo, "helena").hand == [*before, top] and held(demo, "helena").pool == []
    ended = demo.encounters["ambush-at-the-delaware-bridge"].state["deck"]
    assert top not in ended["draw_pile"] and not ended["action_stack"]  # drawn; the card in effect discarded
    assert sorted(held(demo, "quinn").hand) == sorted(quinn.hand + quinn.pool)  # 5: his to discard
    assert "discard down to 4" in event.text and "refill the hand to 4" in event.text
    demo.execute("discard quinn subplot")  # out of an encounter: the card simply leaves the hand
    assert len(held(demo, "quinn").hand) == 4
    demo.execute("undo")
    demo.execute("undo")
    assert demo.encounter is not None and len(held(demo, "helena").hand) == 3


def test_no_refill_after_the_final_encounter(demo: Session) -> None:
    pool = held(demo, "helena").pool[0]
    demo.execute(f"play helena {pool} PER")
    demo.execute("set final yes")
    assert "Final encounter: no refill at end" in demo.order.header(demo.encounter)
    demo.execute("end")
    assert len(held(demo, "helena").hand) == 3


def test_cards_persist_into_the_next_encounter_and_stay_out_of_its_deck(demo: Session) -> None:
    demo.execute("end")
    hands = {p: sorted(held(demo, p).all()) for p in PLAYERS}
    blank = demo.system.dump_sheet(demo.system.parse_sheet({"name": "Vance", "skills": {"reality": 1}}))
    demo.save_character("vance", Character(name="Vance", kind="pc", sheet=blank))
    for line in ("encounter Into the Pines", *(f"add {p}" for p in PLAYERS), "add vance", "add 2 edeinos"):
        demo.execute(line)
    demo.execute("start")
    for p in PLAYERS:
        assert sorted(held(demo, p).all()) == hands[p], p  # nobody is dealt again
    assert len(held(demo, "vance").hand) == 4  # a newcomer is dealt in
    deck = demo.order.deck_state(demo.encounter)
    kept = {c for cards in hands.values() for c in cards}
    assert not kept & set(every_card(deck))
    assert sorted(everything(demo)) == sorted(demo.order.deck.cards)


def test_refill_draw_and_strip(demo: Session) -> None:
    first = held(demo, "tolwyn").hand[0]
    demo.execute(f"refill tolwyn {first}")  # rally: discard one, draw back to 4
    tolwyn = held(demo, "tolwyn")
    assert first not in tolwyn.hand and len(tolwyn.hand) == 4
    demo.execute("draw tolwyn 2")
    assert len(held(demo, "tolwyn").hand) == 6
    pooled = held(demo, "kaatok").pool[0]
    demo.execute(f"strip kaatok {pooled}")
    assert held(demo, "kaatok").pool == []
    with pytest.raises(RulesError, match="is not in the pool"):
        demo.execute(f"strip kaatok {held(demo, 'kaatok').hand[0]}")
    assert sorted(everything(demo)) == sorted(demo.order.deck.cards)


def test_a_player_joining_mid_round_is_dealt_in_when_the_next_round_starts(demo: Session) -> None:
    blank = demo.system.dump_sheet(demo.system.parse_sheet({"name": "Vance", "skills": {"reality": 1}}))
    demo.save_character("vance", Character(name="Vance", kind="pc", sheet=blank))
    demo.execute("add vance")
    assert held(demo, "vance").hand == []  # no cards until the next flip deals the newcomer in
    heroes = [s.actors[0] for s in demo.encounter.steps if s.label == "Heroes"]
    assert heroes[-1] == "vance"  # acts at the end of the heroes' part of this round
    for _ in range(20):
        demo.execute("next")
        if demo.encounter.round == 3:
            break
    assert len(held(demo, "vance").hand) == 4
    assert sorted(everything(demo)) == sorted(demo.order.deck.cards)


def test_cards_held_by_pcs_outside_the_encounter_stay_out_of_a_new_deck(demo: Session) -> None:
    """A scene without Quinn and Helena must not deal the cards they are holding to anyone."""
    demo.execute("end")
    absent = {p: sorted(held(demo, p).all()) for p in ("quinn", "helena")}
    assert all(absent.values())
    for line in ("encounter Scouting the ridge", "add tolwyn", "add kaatok", "add 2 edeinos", "start"):
        demo.execute(line)
    deck = demo.order.deck_state(demo.encounter)
    away = {c for cards in absent.values() for c in cards}
    assert not away & set(every_card(deck))
    assert not away & {c for p in ("tolwyn", "kaatok") for c in held(demo, p).all()}
    assert sorted(everything(demo)) == sorted(demo.order.deck.cards)


def test_the_critical_moment_puts_hand_cards_in_the_pool_once_an_act(demo: Session) -> None:
    hand = list(held(demo, "quinn").hand)
    event = demo.execute(f"critical quinn {hand[0]} {hand[1]}")
    assert "critical moment" in event.text and "own action" in event.text
    now = held(demo, "quinn")
    assert now.pool[-2:] == hand[:2] and now.hand == hand[2:] and now.critical_used
    # not the round's one card: a card may still go to the pool this round
    demo.execute(f"pool quinn {hand[2]}")
    with pytest.raises(RulesError, match="already spent this act"):
        demo.execute(f"critical quinn {hand[3]}")
    demo.execute("actend quinn")
    assert not held(demo, "quinn").critical_used
    demo.execute(f"critical quinn {hand[3]}")
    assert held(demo, "quinn").hand == []
    with pytest.raises(RulesError, match="not in the hand"):
        demo.execute(f"critical tolwyn {held(demo, 'quinn').pool[0]}")


def test_surprise_sets_how_many_cards_go_into_the_pool(demo: Session) -> None:
    """Complete surprise: the surprising heroes put two cards into their pools besides the
    round's one; surprised heroes put none for two rounds (normal surprise: one round)."""
    demo.execute("end")
    for line in ("encounter Second fight", "add quinn", "add kurst", "set surprise complete_on_villains"):
        demo.execute(line)
    demo.execute("start")
    hand = held(demo, "quinn").hand
    for card in hand[:3]:
        demo.execute(f"pool quinn {card}")
    with pytest.raises(RulesError, match="surprise allowance"):
        demo.execute(f"pool quinn {hand[3]}")


def test_surprised_heroes_put_no_cards_into_the_pool(demo: Session) -> None:
    demo.execute("set surprise complete_on_heroes")
    card = held(demo, "quinn").hand[0]
    with pytest.raises(RulesError, match="surprised"):
        demo.execute(f"pool quinn {card}")  # round 2 of a complete surprise
    demo.execute("set surprise on_heroes")
    demo.execute(f"pool quinn {card}")  # a normal surprise lasts one round


def test_players_trade_one_for_one_pool_for_pool_in_rounds(demo: Session) -> None:
    """In rounds cards trade pool for pool, one for one; hand cards stay out of it."""
    quinn, kaatok = held(demo, "quinn"), held(demo, "kaatok")
    mine, theirs = quinn.pool[0], kaatok.pool[0]
    event = demo.execute(f"trade quinn kaatok {mine} {theirs}")
    assert "trades" in event.text and "pool for pool" in event.text
    assert theirs in held(demo, "quinn").pool and mine in held(demo, "kaatok").pool
    with pytest.raises(RulesError, match="pool for pool"):
        demo.execute(f"trade quinn kaatok {quinn.hand[0]} {kaatok.hand[0]}")
    demo.execute("undo")
    assert held(demo, "quinn").pool == quinn.pool and held(demo, "kaatok").pool == kaatok.pool
    assert sorted(everything(demo)) == sorted(demo.order.deck.cards)


def test_a_leadership_card_gives_two_cards_then_the_leader_refills(demo: Session) -> None:
    deck = demo.order.deck
    demo.execute("end")  # out of rounds: cards are played straight from the hand
    tolwyn = held(demo, "tolwyn")  # holds a leadership card in the hand
    gift = [c for c in tolwyn.hand if deck.card(c).play != "leadership"][:2]
    event = demo.execute(f"lead tolwyn quinn {gift[0]}")
    assert "Leadership" in event.text and "one more to give" in event.text
    demo.execute(f"lead tolwyn helena {gift[1]}")
    assert gift[0] in held(demo, "quinn").hand and gift[1] in held(demo, "helena").hand
    with pytest.raises(RulesError, match="no leadership card"):
        demo.execute(f"lead tolwyn quinn {held(demo, 'tolwyn').hand[0]}")
    assert all(c not in held(demo, "tolwyn").all() for c in gift)


def test_only_players_take_part_in_trades_and_gifts(demo: Session) -> None:
    """The GM has no hand: a villain or an NPC ally neither trades nor receives a gift."""
    with pytest.raises(RulesError, match="holds no cards"):
        demo.execute("lead tolwyn kurst drama")
    with pytest.raises(RulesError, match="holds no cards"):
        demo.execute(f"trade quinn ruiz {held(demo, 'quinn').pool[0]} 1")
    assert demo.resolve("kurst").sheet.cards is None
