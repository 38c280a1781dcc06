"""Drama deck definitions and play (003-torg.md §5.1-§5.2)."""

import random

import pytest

from gmconsole.systems.torg.cards import APPROVED_ACTIONS, DeckDefinition, stand_in_deck
from gmconsole.systems.torg.deck import DeckState, cards_mask, mask_cards
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.hand import HeldCards
from gmconsole.systems.torg.tables import load, parse_data_file
from tests.systems.torg.conftest import every_card

DECK = stand_in_deck()


def card_of(play):
    return next(c.id for c in DECK.cards.values() if c.play == play)


def fresh(seed=3, players=("quin", "crab")):
    """A deck in an encounter and each player's cards (kept on their sheets in play)."""
    rng = random.Random(seed)
    state = DeckState.shuffled(DECK, rng)
    hands = {p: HeldCards() for p in players}
    for held in hands.values():
        held.top_up(state, rng)
    return state, hands, rng


def ordinary(held, n=2):
    """Cards from a hand that go to the pool (not GM-tinted, not escape)."""
    return [c for c in held.hand if not DECK.card(c).gm_tinted and DECK.card(c).play != "escape"][:n]


def test_stand_in_deck_is_marked_as_the_projects_own():
    data = load("drama_deck")
    assert data.confidence == "stand-in" and DECK.stand_in and data["stand_in"] is True
    assert any("gmconsole's own" in n for n in data.notes)


def test_stand_in_keeps_the_books_stated_counts():
    plays = [c.play for c in DECK.cards.values()]
    assert plays.count("escape") == plays.count("monologue") == plays.count("rally") == 1
    assert [c.subplot for c in DECK.cards.values()].count("romance") == 2


def test_standard_lines_favour_heroes_and_dramatic_lines_villains():
    cards = DECK.cards.values()
    assert sum(c.standard.initiative == "hero" for c in cards) > len(cards) / 2
    assert sum(c.dramatic.initiative == "villain" for c in cards) > len(cards) / 2


def test_approved_any_expands_and_a_line_list_wins():
    """Ruling §9.3: approved actions per card and per line; the line wins."""
    body = {**load("drama_deck").body}
    body["card"] = [
        {
            "id": 1,
            "play": "action",
            "approved": ["any"],
            "dsr": "AB",
            "standard": {"initiative": "hero", "approved": ["trick", "taunt"]},
            "dramatic": {"initiative": "villain"},
        }
    ]
    deck = DeckDefinition.from_data(parse_data_file("mine", {**_meta(), **body}))
    assert deck.card(1).approved_for("standard") == ("trick", "taunt")
    assert deck.card(1).approved_for("dramatic") == APPROVED_ACTIONS


def _meta():
    m = load("drama_deck")
    return {"title": "mine", "credit": m.credit, "licence": m.licence, "confidence": "stand-in"}


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ({"id": 1, "play": "nope"}, "unknown play result"),
        ({"id": 1, "play": "action", "standard": {"initiative": "both"}}, "initiative"),
        (
            {
                "id": 1,
                "play": "action",
                "standard": {"initiative": "hero", "hero": ["break"]},
                "dramatic": {"initiative": "hero"},
            },
            "break affects villains only",
        ),
        (
            {
                "id": 1,
                "play": "action",
                "standard": {"initiative": "hero", "villain": ["taunt"]},
                "dramatic": {"initiative": "hero"},
            },
            "not a villain result on a standard line",
        ),
        (
            {
                "id": 1,
                "play": "action",
                "dsr": "BA",
                "standard": {"initiative": "hero"},
                "dramatic": {"initiative": "hero"},
            },
            "DSR steps",
        ),
        (
            {
                "id": 1,
                "play": "subplot",
                "standard": {"initiative": "hero"},
                "dramatic": {"initiative": "hero"},
            },
            "names its subplot",
        ),
    ],
)
def test_bad_deck_files_are_refused(card, message):
    with pytest.raises(TorgError, match=message):
        DeckDefinition.from_data(parse_data_file("mine", {**_meta(), "card": [card]}))


def test_deal_four_each_and_nothing_is_lost():
    state, hands, _ = fresh()
    assert all(len(h.hand) == 4 for h in hands.values())
    held = [c for h in hands.values() for c in h.all()]
    assert sorted(every_card(state) + held) == sorted(DECK.cards)


def test_a_new_deck_leaves_out_the_cards_players_hold():
    rng = random.Random(1)
    held = [1, 5, 9]
    state = DeckState.shuffled(DECK, rng, exclude=held)
    assert not set(held) & set(every_card(state)) and len(state.draw_pile) == len(DECK.cards) - 3
    assert mask_cards(cards_mask(held)) == held
    gone = state.draw_pile.pop()
    state.discard.append(gone)
    assert state.claim([gone, 1]) == [gone] and not state.discard  # 1 was never in this deck
    again = DeckState.shuffled(DECK, rng)
    assert again.claim([1, 5]) == [1, 5] and 1 not in every_card(again)


def test_flip_puts_the_top_card_on_the_action_stack():
    state, _, rng = fresh()
    top = state.draw_pile[0]
    assert state.flip(rng) == top and state.current == top and state.in_rounds


def test_one_card_a_round_into_the_pool_and_play_only_from_pool():
    state, hands, rng = fresh()
    quin = hands["quin"]
    state.flip(rng)
    a, b = ordinary(quin)
    quin.to_pool(a, DECK, state, "quin")
    with pytest.raises(TorgError, match="already gone into the pool"):
        quin.to_pool(b, DECK, state, "quin")
    with pytest.raises(TorgError, match="only from the pool"):
        quin.play(b, DECK, state)
    assert quin.play(a, DECK, state).id == a and state.discard[-1] == a
    state.flip(rng)
    quin.to_pool(b, DECK, state, "quin")


def test_out_of_rounds_cards_play_from_hand():
    state, hands, _ = fresh()
    card = hands["crab"].hand[0]
    hands["crab"].play(card, DECK, state)
    assert card not in hands["crab"].hand and card in state.discard


def test_escape_must_be_first_into_a_pool():
    state, hands, rng = fresh()
    escape = card_of("escape")
    for held in hands.values():
        if escape in held.hand:
            held.hand.remove(escape)
    if escape in state.draw_pile:
        state.draw_pile.remove(escape)
    hands["quin"].hand.append(escape)
    other = ordinary(hands["crab"], 1)[0]
    state.flip(rng)
    hands["crab"].to_pool(other, DECK, state, "crab")
    with pytest.raises(TorgError, match="escape card must be the first"):
        hands["quin"].to_pool(escape, DECK, state, "quin")


def test_gm_tinted_cards_go_on_the_table_and_stay_at_scene_end():
    state, hands, rng = fresh()
    subplot = card_of("subplot")
    for held in hands.values():
        if subplot in held.hand:
            held.hand.remove(subplot)
    state.claim([subplot])
    quin = hands["quin"]
    quin.hand.append(subplot)
    assert quin.to_pool(subplot, DECK, None, "quin") == "table"
    quin.end_scene(state, rng, refill=True)
    assert quin.table == [subplot] and len(quin.hand) == 4  # table cards do not count


def test_end_of_scene_returns_pool_and_refills_to_four():
    state, hands, rng = fresh()
    quin = hands["quin"]
    state.flip(rng)
    card = ordinary(quin, 1)[0]
    quin.to_pool(card, DECK, state, "quin")
    quin.play(card, DECK, state)
    other = ordinary(quin, 1)[0]
    state.flip(rng)
    quin.to_pool(other, DECK, state, "quin")
    notes = quin.end_scene(state, rng, refill=True)
    assert len(quin.hand) == 4 and other in quin.hand and quin.pool == []
    assert any("back to the hand" in n for n in notes) and any("refill" in n for n in notes)


def test_a_hand_above_four_is_left_for_the_player_to_discard():
    state, hands, rng = fresh()
    quin = hands["quin"]
    quin.draw(state, rng, 2)
    notes = quin.end_scene(state, rng, refill=True)
    assert len(quin.hand) == 6 and "discard down to 4" in notes[-1]
    quin.discard(quin.hand[:2], state)
    assert len(quin.hand) == 4 and len(state.discard) == 2


def test_no_refill_after_the_final_encounter():
    state, hands, rng = fresh()
    hands["quin"].play(hands["quin"].hand[0], DECK, state)
    hands["quin"].end_scene(state, rng, refill=False)
    assert len(hands["quin"].hand) == 3


def test_gm_fiat_only_dramatic_and_at_most_three_times():
    state, _, rng = fresh()
    with pytest.raises(TorgError, match="dramatic"):
        state.gm_fiat(rng, dramatic=False)
    for _ in range(3):
        offer = state.gm_fiat(rng, dramatic=True)
        assert len(offer) == 4
        state.fiat_choose(offer[2])
        assert state.current == offer[2] and all(c in state.discard for c in (offer[0], offer[1], offer[3]))
    with pytest.raises(TorgError, match="at most 3"):
        state.gm_fiat(rng, dramatic=True)


def test_deck_reshuffles_discards_when_the_pile_runs_out():
    state, hands, rng = fresh()
    state.discard.extend(state.draw_pile)
    state.draw_pile.clear()
    hands["quin"].draw(state, rng)
    assert len(hands["quin"].hand) == 5 and state.draw_pile


def test_an_exhausted_deck_is_refused_before_anything_moves():
    state, hands, rng = fresh()
    state.draw_pile, state.discard = state.draw_pile[:1], []
    before = (state.model_dump(), hands["quin"].model_dump())
    with pytest.raises(TorgError, match="exhausted"):
        hands["quin"].draw(state, rng, 2)
    assert (state.model_dump(), hands["quin"].model_dump()) == before


def test_cards_are_named_by_number_or_type():
    _, hands, _ = fresh()
    quin = hands["quin"]
    first = quin.hand[0]
    assert quin.find(str(first), DECK) == first and quin.find(f"#{first}", DECK) == first
    assert quin.find(DECK.card(first).play, DECK) == first
    with pytest.raises(TorgError, match="is not in the pool or hand"):
        quin.find("999", DECK)
    with pytest.raises(TorgError, match="give its number or a type"):
        quin.find("joker", DECK)


def test_held_cards_refuse_duplicates_and_unknown_ids():
    with pytest.raises(ValueError, match="held twice"):
        HeldCards(hand=[1], pool=[1])
    with pytest.raises(ValueError, match="not in the drama deck"):
        HeldCards(hand=[999])


def test_deck_state_round_trips():
    state, _, rng = fresh()
    state.flip(rng)
    assert DeckState.model_validate(state.model_dump(mode="json")) == state
