"""Cards passing between two players at the command line, `ACTION WHO OTHER [ARGS...]` (the
contract's two-character actions: both sheets are saved in one event).

    trade WHO OTHER CARD THEIR_CARD   one for one, both agreeing: hand for hand out of rounds,
                                      pool for pool in them (L927-L931, L3445-L3447)
    lead WHO OTHER CARD [CARD]        WHO plays a leadership card and gives OTHER up to two
                                      cards (hand to hand, pool to pool); a gift left over goes
                                      to a second player with `lead WHO THIRD CARD`; then WHO
                                      may discard and draw to 4 with `refill WHO [CARD...]`
                                      (L1055-L1057, L3303-L3309)

Both take working copies of the two sheets and change them in place; nothing is changed when
either refuses.
"""

from __future__ import annotations

from gmconsole.systems.base import Scene
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.hand import HeldCards, describe_cards
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.round_hooks import is_player, save_deck, scene_deck
from gmconsole.systems.torg.sheet import TorgSheet

GIFTS = 2
"""Cards one leadership card gives away (L1055)."""
GIFT_LEFT = "leadership"
"""The mark a leadership card leaves while one of its two gifts is still to give."""


def _held(s: TorgSheet) -> HeldCards:
    if not is_player(s, s.side):
        raise TorgError(f"{s.name} holds no cards: only the players' heroes do (the GM has no hand)")
    if s.cards is None:
        s.cards = HeldCards()
    return s.cards


def trade(order: DramaDeckOrder, s: TorgSheet, other: TorgSheet, args: list[str], scene: Scene) -> str:
    if len(args) != 2:
        raise TorgError("usage: trade WHO OTHER CARD THEIR_CARD (one card each)")
    state = scene_deck(order, scene)
    in_rounds = state is not None and state.in_rounds
    place = ("pool",) if in_rounds else ("hand",)
    held, theirs_held = _held(s), _held(other)
    try:
        mine = held.find(args[0], order.deck, place)
        theirs = theirs_held.find(args[1], order.deck, place)
    except TorgError as e:
        raise TorgError(f"{e}: {'in rounds, pool for pool' if in_rounds else 'hand for hand'}") from e
    where = held.trade(mine, theirs_held, theirs, order.deck, in_rounds)
    return (
        f"trades {describe_cards([mine], order.deck)} to {other.name} for "
        f"{describe_cards([theirs], order.deck)} ({where} for {where})"
    )


def lead(order: DramaDeckOrder, s: TorgSheet, other: TorgSheet, args: list[str], scene: Scene) -> str:
    if not 1 <= len(args) <= GIFTS:
        raise TorgError(f"usage: lead WHO OTHER CARD [CARD] (up to {GIFTS} cards to give)")
    state = scene_deck(order, scene)
    held, receiver = _held(s), _held(other)
    notes = []
    if GIFT_LEFT in s.this_round:
        if len(args) > 1:
            raise TorgError("one card is left to give from the leadership card already played")
        s.this_round.remove(GIFT_LEFT)
    else:
        card = held.find("leadership", order.deck, ("pool", "hand"))
        held.play(card, order.deck, state)
        notes.append(f"plays {describe_cards([card], order.deck)}")
    gifts = []
    for token in args:
        card = held.find(token, order.deck, ("hand", "pool"))
        held.give([card], receiver)
        gifts.append(card)
    if len(gifts) < GIFTS and notes:
        s.this_round.append(GIFT_LEFT)
    save_deck(order, scene, state)
    notes.append(f"gives {describe_cards(gifts, order.deck)} to {other.name}")
    more = f"; one more to give (lead {'WHO'} OTHER CARD)" if GIFT_LEFT in s.this_round else ""
    return "; ".join(notes) + more + "; then refill WHO [CARD...] discards and draws to 4"
