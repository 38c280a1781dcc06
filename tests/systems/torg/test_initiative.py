"""The drama-deck turn order on the engine's encounter (003-torg.md §5.2-§5.4)."""

import random

import pytest

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.errors import RulesError
from gmconsole.engine.turn_order import RoundContext
from gmconsole.systems import get_system
from gmconsole.systems.torg.cards import ConflictLine, DeckDefinition, DramaCard
from gmconsole.systems.torg.deck import DeckState
from gmconsole.systems.torg.initiative import DramaDeckOrder
from tests.systems.torg.conftest import every_card

TORG = get_system("torg")
SHEETS = {
    "quin": TORG.parse_sheet({"name": "Quin", "attributes": {"DEX": 11}, "skills": {"reality": 1}}),
    "crab": TORG.parse_sheet({"name": "Crab", "attributes": {"DEX": 10}, "skills": {"reality": 1}}),
    "mobius": TORG.parse_sheet(
        {"name": "Mobius", "kind": "npc", "side": "villain", "attributes": {"DEX": 12}}
    ),
    "guard": TORG.parse_sheet({"name": "Guard", "kind": "npc", "side": "villain", "attributes": {"DEX": 8}}),
}


def deck_of(*cards):
    return DeckDefinition({c.id: c for c in [*cards, *FILLER]}, "test deck", stand_in=True)


def card(cid, initiative, hero=(), villain=(), dramatic=None):
    return DramaCard(
        cid,
        "action",
        ConflictLine(initiative, hero, villain),
        dramatic or ConflictLine("villain"),
        ("attack", "trick"),
        "AB",
    )


def setup(order, sides=None, seed=2, dice=None):
    combatants = [Combatant(id=k, name=s.name, side=(sides or {}).get(k, "x")) for k, s in SHEETS.items()]
    enc = Encounter(name="fight", order=order.id, combatants=combatants)
    ctx = RoundContext(
        rng=random.Random(seed), dice=list(dice or []), stat=lambda c, n: TORG.stat(SHEETS[c.id], n)
    )
    return enc, ctx


FILLER = [
    DramaCard(i, "action", ConflictLine("villain"), ConflictLine("villain"), ("any",))
    for i in range(100, 116)
]


def fixed(order, enc, *flips):
    """Stack the deck: these cards flip first, in order."""
    ids = [c.id for c in order.deck.cards.values() if c.id not in flips]
    state = DeckState(draw_pile=[*flips, *ids], in_rounds=True)
    enc.state["deck"] = state.model_dump(mode="json")


def actors(enc):
    return [s.actors[0] for s in enc.steps]


def test_heroes_first_in_dex_order_then_villains():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero")))
    enc, ctx = setup(order)
    notices = enc.start(order, ctx)
    fresh = order.deck_state(enc)
    assert len(fresh.action_stack) == 1 and len(every_card(fresh)) == len(order.deck.cards)
    assert any("Drama deck shuffled" in n.text for n in notices)
    enc, ctx = setup(order)
    fixed(order, enc, 1)
    enc.start(order, ctx)
    assert actors(enc) == ["quin", "crab", "mobius", "guard"]
    assert order.header(enc)[1].startswith("Heroes first")
    assert all(len(line) <= 36 for line in order.header(enc))


def test_villain_flurry_acts_twice_first():
    order = DramaDeckOrder(deck=deck_of(card(1, "villain", villain=("flurry",))))
    enc, ctx = setup(order)
    fixed(order, enc, 1)
    enc.start(order, ctx)
    assert actors(enc) == ["mobius", "guard", "mobius", "guard", "quin", "crab"]
    assert enc.steps[2].label == "Villains (flurry)"


def test_dramatic_scene_reads_the_d_line():
    order = DramaDeckOrder(
        deck=deck_of(card(1, "hero", dramatic=ConflictLine("villain", villain=("taunt",))))
    )
    enc, ctx = setup(order)
    fixed(order, enc, 1)
    enc.state["scene"] = "dramatic"
    notices = enc.start(order, ctx)
    assert actors(enc)[0] == "mobius"
    assert any("Villains may taunt" in n.text for n in notices)


def test_combatant_side_names_win_over_the_sheet():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero")))
    enc, ctx = setup(order, sides={"guard": "heroes"})
    fixed(order, enc, 1)
    enc.start(order, ctx)
    assert actors(enc) == ["quin", "crab", "guard", "mobius"]


def test_seized_initiative_keeps_the_card_and_gm_fiat_places_one():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero"), card(2, "villain"), card(3, "hero")))
    enc, ctx = setup(order)
    fixed(order, enc, 1, 2, 3)
    enc.start(order, ctx)
    assert order.effects(enc).card == 1
    enc.state["keep"] = "yes"
    assert "Seized: this card stays next round" in order.header(enc)
    for _ in range(4):
        enc.advance(order, ctx)
    assert enc.round == 2 and order.effects(enc).card == 1 and "keep" not in enc.state
    enc.state["scene"] = "dramatic"
    enc.state["fiat"] = "peek"
    peek = order.header(enc)
    assert any(line.startswith(" 2 #3") for line in peek), peek
    enc.state["fiat"] = "2"
    for _ in range(4):
        enc.advance(order, ctx)
    assert order.effects(enc).card == 3 and order.deck_state(enc).fiat_used == 1
    assert 2 in order.deck_state(enc).discard


def test_gm_fiat_outside_a_dramatic_scene_flips_normally():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero"), card(2, "villain")))
    enc, ctx = setup(order)
    fixed(order, enc, 1, 2)
    enc.state["fiat"] = "2"
    notices = enc.start(order, ctx)
    assert order.effects(enc).card == 1 and any("GM fiat not allowed" in n.text for n in notices)


def test_a_new_deck_leaves_out_the_cards_combatants_hold():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero")))
    enc, ctx = setup(order)
    held = {"quin": [1, 100, 101]}
    ctx.stat = lambda c, n: (
        sum(1 << k for k in held.get(c.id, [])) if n == "drama_cards" else TORG.stat(SHEETS[c.id], n)
    )
    notices = enc.start(order, ctx)
    state = order.deck_state(enc)
    assert not {1, 100, 101} & set(every_card(state))
    assert any("3 held by players" in n.text for n in notices)


def test_hero_inspiration_is_announced():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero", hero=("inspiration",))))
    enc, ctx = setup(order)
    fixed(order, enc, 1)
    notices = enc.start(order, ctx)
    assert any("inspired" in n.text for n in notices)


def test_break_is_announced_at_the_end_of_the_round():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero", villain=("break",))))
    enc, ctx = setup(order)
    fixed(order, enc, 1)
    enc.start(order, ctx)
    assert "flee" in order.end_round(enc)[0].text


def test_a_joining_player_acts_with_the_heroes():
    order = DramaDeckOrder(deck=deck_of(*(card(i, "villain") for i in range(1, 20))))
    enc, ctx = setup(order)
    enc.start(order, ctx)
    SHEETS["vancen"] = TORG.parse_sheet(
        {"name": "Vancen", "attributes": {"DEX": 9}, "skills": {"reality": 1}}
    )
    try:
        enc.add(Combatant(id="vancen", name="Vancen", side="x"), order, ctx)
        assert actors(enc)[-1] == "vancen" and enc.steps[-1].label == "Heroes"
    finally:
        del SHEETS["vancen"]


def test_without_the_deck_an_opposed_roll_with_plus_five():
    order = TORG.turn_order({"drama_deck": False})
    enc, ctx = setup(order, dice=[8, 12])  # heroes 8 + 5 = 13 beat villains 12
    notices = enc.start(order, ctx)
    assert actors(enc)[0] == "quin" and any("heroes 13, villains 12" in n.text for n in notices)
    enc2, ctx2 = setup(order, dice=[8, 13, 3, 2])  # a tie re-rolls: 13 vs 13, then 8 vs 2
    enc2.start(order, ctx2)
    assert actors(enc2)[0] == "quin"
    assert order.header(enc2) == ["No drama deck (standard scene)"]


def test_unknown_scene_is_refused():
    order = DramaDeckOrder(deck=deck_of(card(1, "hero")))
    enc, ctx = setup(order)
    fixed(order, enc, 1)
    enc.state["scene"] = "epic"
    with pytest.raises(RulesError, match="'standard' or 'dramatic'"):
        enc.start(order, ctx)


def test_a_scene_changed_mid_round_takes_effect_from_the_next_card():
    order = DramaDeckOrder(
        deck=deck_of(
            card(1, "hero", dramatic=ConflictLine("villain")),
            card(2, "hero", dramatic=ConflictLine("villain")),
        )
    )
    enc, ctx = setup(order)
    fixed(order, enc, 1, 2)
    enc.start(order, ctx)
    enc.state["scene"] = "dramatic"
    assert order.effects(enc).initiative == "hero"  # the order planned on the S line stands
    assert order.header(enc)[0].endswith("· standard") and "Dramatic from the next card" in order.header(enc)
    for _ in range(4):
        enc.advance(order, ctx)
    assert order.effects(enc).initiative == "villain" and actors(enc)[0] == "mobius"
