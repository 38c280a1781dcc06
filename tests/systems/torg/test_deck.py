"""Drama deck definitions and play (003-torg.md §5.1-§5.2)."""

import random

import pytest

from gmconsole.systems.torg.cards import APPROVED_ACTIONS, DeckDefinition, stand_in_deck
from gmconsole.systems.torg.deck import DeckState
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load, parse_data_file

DECK = stand_in_deck()


def card_of(play):
    return next(c.id for c in DECK.cards.values() if c.play == play)


def fresh(seed=3, players=("quin", "crab")):
    rng = random.Random(seed)
    state = DeckState.shuffled(DECK, rng)
    state.deal(players, rng)
    return state, rng


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
    state, _ = fresh()
    assert all(len(h) == 4 for h in state.hands.values())
    assert sorted(state.all_cards()) == sorted(DECK.cards)


def test_flip_puts_the_top_card_on_the_action_stack():
    state, rng = fresh()
    top = state.draw_pile[0]
    assert state.flip(rng) == top and state.current == top and state.in_rounds


def test_one_card_a_round_into_the_pool_and_play_only_from_pool():
    state, rng = fresh()
    state.flip(rng)
    a, b = [c for c in state.hands["quin"] if DECK.card(c).play != "escape"][:2]
    state.to_pool("quin", a, DECK)
    with pytest.raises(TorgError, match="already added"):
        state.to_pool("quin", b, DECK)
    with pytest.raises(TorgError, match="only from the pool"):
        state.play("quin", b, DECK)
    assert state.play("quin", a, DECK).id == a and state.discard[-1] == a
    state.flip(rng)
    state.to_pool("quin", b, DECK)


def test_out_of_rounds_cards_play_from_hand():
    state, _ = fresh()
    card = state.hands["crab"][0]
    state.play("crab", card, DECK)
    assert card not in state.hands["crab"]


def test_escape_must_be_first_into_a_pool():
    state, rng = fresh()
    escape = card_of("escape")
    for pile in (state.draw_pile, *state.hands.values()):
        if escape in pile:
            pile.remove(escape)
    state.hands["quin"].append(escape)
    other = next(c for c in state.hands["crab"] if not DECK.card(c).gm_tinted)
    state.flip(rng)
    state.to_pool("crab", other, DECK)
    with pytest.raises(TorgError, match="escape card must be the first"):
        state.to_pool("quin", escape, DECK)


def test_approved_success_draws_a_card():
    state, rng = fresh()
    before = len(state.hands["quin"])
    state.approved_success("quin", rng)
    assert len(state.hands["quin"]) == before + 1


def test_end_of_scene_returns_pool_and_refills_to_four():
    state, rng = fresh()
    state.flip(rng)
    card = next(
        c for c in state.hands["quin"] if not DECK.card(c).gm_tinted and DECK.card(c).play != "escape"
    )
    state.to_pool("quin", card, DECK)
    state.approved_success("quin", rng)
    state.approved_success("quin", rng)  # quin now holds 6 (4 hand/pool + 2)
    with pytest.raises(TorgError, match="discard exactly 2"):
        state.end_scene(rng)
    drop = state.hands["quin"][:2]
    state.end_scene(rng, {"quin": drop})
    assert len(state.hands["quin"]) == 4 and card in state.hands["quin"] and state.pools["quin"] == []
    assert all(c in state.discard for c in drop) and not state.in_rounds


def test_one_optional_discard_at_four_or_fewer():
    state, rng = fresh()
    with pytest.raises(TorgError, match="at most one"):
        state.end_scene(rng, {"crab": state.hands["crab"][:2]})
    old = state.hands["crab"][0]
    state.end_scene(rng, {"crab": [old]})
    assert old not in state.hands["crab"] and len(state.hands["crab"]) == 4


def test_no_refill_after_the_final_encounter():
    state, rng = fresh()
    state.play("quin", state.hands["quin"][0], DECK)
    state.final_encounter = True
    state.end_scene(rng)
    assert len(state.hands["quin"]) == 3


def test_gm_fiat_only_dramatic_and_at_most_three_times():
    state, rng = fresh()
    with pytest.raises(TorgError, match="dramatic"):
        state.gm_fiat(rng, dramatic=False)
    for _ in range(3):
        offer = state.gm_fiat(rng, dramatic=True)
        assert len(offer) == 4
        state.fiat_choose(offer[2])
        assert state.current == offer[2] and all(c in state.discard for c in (offer[0], offer[1], offer[3]))
    with pytest.raises(TorgError, match="at most 3"):
        state.gm_fiat(rng, dramatic=True)


def test_trades_are_hand_for_hand_out_of_rounds():
    state, rng = fresh()
    a, b = state.hands["quin"][0], state.hands["crab"][0]
    state.trade("quin", a, "crab", b)
    assert b in state.hands["quin"] and a in state.hands["crab"]
    state.flip(rng)
    with pytest.raises(TorgError, match="pool for pool"):
        state.trade("quin", b, "crab", a)


def test_deck_reshuffles_discards_when_the_pile_runs_out():
    state, rng = fresh()
    state.discard.extend(state.draw_pile)
    state.draw_pile.clear()
    state.draw("quin", rng)
    assert len(state.hands["quin"]) == 5 and state.draw_pile


def test_rally_refills_everyone_after_optional_discards():
    state, rng = fresh()
    state.play("quin", state.hands["quin"][0], DECK)
    gone = state.hands["crab"][0]
    state.rally(rng, {"crab": [gone]})
    assert all(len(h) == 4 for h in state.hands.values()) and gone in state.discard


def test_unknown_player_is_named():
    state, rng = fresh()
    with pytest.raises(TorgError, match="'vancen' holds no drama cards"):
        state.draw("vancen", rng)


def test_deck_state_round_trips():
    state, rng = fresh()
    state.flip(rng)
    assert DeckState.model_validate(state.model_dump(mode="json")) == state


def test_card_bonuses_by_play_result():
    from gmconsole.systems.torg.cards import CardBonus, card_bonus

    assert card_bonus("action") == CardBonus("bonus", 3)
    assert card_bonus("supporter") == CardBonus("total", 3)
    assert card_bonus("coup_de_grace") == CardBonus("effect", 3)
    assert card_bonus("adrenalin", "STR") == CardBonus("STR", 3)
    assert card_bonus("hero") is None
    with pytest.raises(TorgError, match="raises one of PER, MIN"):
        card_bonus("willpower", "DEX")
    with pytest.raises(TorgError, match="unknown card"):
        card_bonus("joker")


def test_a_refused_end_of_scene_changes_nothing():
    state, rng = fresh()
    before = state.model_dump()
    with pytest.raises(TorgError, match="no hand for vancen"):
        state.end_scene(rng, {"quin": state.hands["quin"][:1], "vancen": [1]})
    assert state.model_dump() == before
