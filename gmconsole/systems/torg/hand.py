"""The drama cards one player holds: hand, pool and table, kept on the character's sheet.

A player's cards outlive encounters (they carry over scene to scene and act to act, L3443), so
they belong to the character, not to the encounter whose deck they were drawn from. Every
operation that moves a card to or from the deck takes that encounter's `DeckState` (None outside
an encounter: a discarded card then simply stops being held, and the next deck includes it).

Rules (L849-L949, L3435-L3447):
- in rounds a player moves at most one card a round from hand to pool (the GM may deny it) and
  plays cards only from the pool; out of rounds, straight from the hand;
- an escape card must be the first card played into a pool once rounds begin;
- GM-tinted cards (alertness, connection, subplot, campaign) go on the table before the player:
  they do not count toward the hand and are not returned at the end of a scene;
- once an act, the critical moment puts any number of hand cards straight into the pool;
- a surprise changes the round's allowance: none for the surprised heroes, more for heroes who
  surprise (the encounter's `surprise` setting);
- players trade one for one (hand for hand out of rounds, pool for pool in them), never a
  subplot; a leadership card gives two cards away;
- end of scene: pool cards go back to the hand; then draw to 4 (not after the adventure's final
  encounter). A hand above 4 is the player's to discard down (`discard`), one at or below 4 may
  discard one first.

Methods change the model in place (the system works on a copy of the sheet) and check
everything before moving anything.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from pydantic import ConfigDict, Field, model_validator

from gmconsole.engine.model import Model
from gmconsole.engine.numbers import whole
from gmconsole.systems.torg.cards import DeckDefinition, DramaCard, card_types, stand_in_deck
from gmconsole.systems.torg.deck import HAND_SIZE, DeckState
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.rules_data import normalise


class HeldCards(Model):
    """Card ids in a player's hand, pool (face up, in play this scene) and on the table."""

    model_config = ConfigDict(extra="forbid")

    hand: list[int] = Field(default=[])
    pool: list[int] = Field(default=[])
    table: list[int] = Field(default=[])
    """GM-tinted cards in play before the player (subplot, alertness, connection, campaign)."""
    critical_used: bool = False
    """The critical moment (once an act) is spent; the end of the act (`actend`) clears it."""

    @model_validator(mode="after")
    def _known_and_once(self) -> HeldCards:
        seen: set[int] = set()
        deck = stand_in_deck()
        for card in self.all():
            if card in seen:
                raise ValueError(f"card {card} is held twice")
            if card not in deck.cards:
                raise ValueError(f"card {card} is not in the drama deck ({deck.title})")
            seen.add(card)
        return self

    def all(self) -> list[int]:
        return [*self.hand, *self.pool, *self.table]

    def __bool__(self) -> bool:
        return bool(self.hand or self.pool or self.table)

    # ------------------------------------------------------------------ naming a card

    def find(self, token: str, deck: DeckDefinition, places: Iterable[str] = ("pool", "hand")) -> int:
        """The card a GM typed: its number ("12" or "#12"), or its type ("hero", "coup de
        grace"): the first of that type in the first of `places` holding one."""
        text = token.strip().lstrip("#")
        where = list(places)
        held = [c for p in where for c in getattr(self, p)]
        if text[:1].isdigit():
            card = whole(text, "the card number", 1, 999)
            if card not in held:
                raise TorgError(
                    f"card #{card} is not in the {' or '.join(where)}{self._listing(deck, where)}"
                )
            return card
        kind = normalise(text)
        if kind not in card_types():
            raise TorgError(
                f"no card {token!r}: give its number or a type ({', '.join(sorted(card_types()))})"
            )
        for card in held:
            if deck.card(card).play == kind:
                return card
        raise TorgError(
            f"no {kind.replace('_', ' ')} card in the {' or '.join(where)}{self._listing(deck, where)}"
        )

    def _listing(self, deck: DeckDefinition, where: list[str]) -> str:
        held = [c for p in where for c in getattr(self, p)]
        if not held:
            return " (none held)"
        return " (holds " + ", ".join(deck.card(c).label() for c in held) + ")"

    def place_of(self, card: int) -> str:
        for place in ("hand", "pool", "table"):
            if card in getattr(self, place):
                return place
        raise TorgError(f"card #{card} is not held")

    # ------------------------------------------------------------------ moving cards

    def draw(self, state: DeckState, rng: random.Random, n: int = 1) -> list[int]:
        """Draw `n` cards from the deck into the hand."""
        got = state.take_many(rng, n)
        self.hand.extend(got)
        return got

    def top_up(
        self, state: DeckState, rng: random.Random, size: int = HAND_SIZE, *, partial: bool = False
    ) -> list[int]:
        """Draw until the hand holds `size` cards (nothing when it already does). `partial`:
        take what the deck still has rather than refuse when it runs out."""
        n = max(0, size - len(self.hand))
        if partial:
            n = min(n, len(state.draw_pile) + len(state.discard))
        return self.draw(state, rng, n)

    def to_pool(
        self, card: int, deck: DeckDefinition, state: DeckState | None, who: str, allowance: int = 1
    ) -> str:
        """Move one card from hand to pool (or to the table, for a GM-tinted card). In rounds:
        `allowance` cards a round (one; none for the surprised, more for those surprising
        them), and an escape card only as the first card into any pool."""
        if card not in self.hand:
            raise TorgError(f"card #{card} is not in the hand")
        in_rounds = state is not None and state.in_rounds
        if in_rounds and state is not None and state.pooled_this_round.count(who) >= allowance:
            if allowance == 0:
                raise TorgError("surprised: no cards into the pool this round")
            if allowance == 1:
                raise TorgError("a card has already gone into the pool this round (one a round)")
            raise TorgError(
                f"{allowance} cards have already gone into the pool this round (the surprise allowance)"
            )
        if deck.card(card).play == "escape" and in_rounds and state is not None and state.pools_opened:
            raise TorgError("an escape card must be the first card played into a pool")
        self.hand.remove(card)
        place = "table" if deck.card(card).gm_tinted else "pool"
        getattr(self, place).append(card)
        if in_rounds and state is not None:
            state.pooled_this_round.append(who)
            state.pools_opened = True
        return place

    def critical_moment(self, cards: list[int], deck: DeckDefinition, state: DeckState | None) -> None:
        """Once an act, in rounds, any number of hand cards straight into the pool (L909-L917):
        they do not count as the round's one card, and serve only this character's action this
        round. An escape card still has to be the first card into any pool."""
        if state is None or not state.in_rounds:
            raise TorgError("the critical moment is played in rounds (out of them, play from the hand)")
        if self.critical_used:
            raise TorgError("the critical moment is already spent this act (actend clears it)")
        if not cards:
            raise TorgError("name the hand cards to put in the pool")
        if any(c not in self.hand for c in cards):
            raise TorgError("the critical moment moves cards from the hand")
        if any(deck.card(c).play == "escape" for c in cards) and state.pools_opened:
            raise TorgError("an escape card must be the first card played into a pool")
        for card in cards:
            self.hand.remove(card)
            getattr(self, "table" if deck.card(card).gm_tinted else "pool").append(card)
        self.critical_used = True
        state.pools_opened = True

    def trade(self, mine: int, other: HeldCards, theirs: int, deck: DeckDefinition, in_rounds: bool) -> str:
        """One card for one, both players agreeing (L927-L931, L3445-L3447): hand for hand out
        of rounds, pool for pool in them. Subplot and campaign cards are never traded. Returns
        where the cards changed hands."""
        place = "pool" if in_rounds else "hand"
        why = " (in rounds, pool for pool)" if in_rounds else " (out of rounds, hand for hand)"
        for held, card in ((self, mine), (other, theirs)):
            if card not in getattr(held, place):
                raise TorgError(f"card #{card} is not in the {place}{why}")
            if deck.card(card).play in ("subplot", "campaign"):
                raise TorgError(f"{deck.card(card).label()} cannot be traded")
        mine_at, theirs_at = getattr(self, place).index(mine), getattr(other, place).index(theirs)
        getattr(self, place)[mine_at], getattr(other, place)[theirs_at] = theirs, mine
        return place

    def give(self, cards: list[int], other: HeldCards) -> None:
        """A leadership card's gift (L1055-L1057, L3303-L3309): cards from this hand into the
        other's hand, from this pool into the other's pool."""
        for card in cards:
            place = self.place_of(card)
            if place == "table":
                raise TorgError(f"card #{card} is on the table: only hand and pool cards are given")
        for card in cards:
            place = self.place_of(card)
            getattr(self, place).remove(card)
            getattr(other, place).append(card)

    def play(self, card: int, deck: DeckDefinition, state: DeckState | None) -> DramaCard:
        """Play a card for its effect: from the pool in rounds, from hand or pool out of them;
        table cards any time. It goes to the discards; the caller applies the effect."""
        in_rounds = state is not None and state.in_rounds
        if card in self.pool:
            self.pool.remove(card)
        elif card in self.table:
            self.table.remove(card)
        elif card in self.hand and not in_rounds:
            self.hand.remove(card)
        elif card in self.hand:
            raise TorgError(
                "in rounds, cards are played only from the pool (move it there first: pool WHO CARD)"
            )
        else:
            raise TorgError(f"card #{card} is not held")
        if state is not None:
            state.discard_cards([card])
        return deck.card(card)

    def discard(self, cards: Iterable[int], state: DeckState | None) -> None:
        """Give up cards from hand, pool or table (to the deck's discards, when there is a deck)."""
        cards = list(cards)
        for card in cards:
            self.place_of(card)
        for card in cards:
            getattr(self, self.place_of(card)).remove(card)
        if state is not None:
            state.discard_cards(cards)

    def strip(self, cards: Iterable[int], state: DeckState | None) -> None:
        """The GM takes cards from the pool (a villain's successful trick, test or taunt)."""
        cards = list(cards)
        if any(c not in self.pool for c in cards):
            raise TorgError("the GM can only take cards from the pool")
        self.discard(cards, state)

    def end_scene(self, state: DeckState | None, rng: random.Random | None, *, refill: bool) -> list[str]:
        """Pool cards back to the hand; then, if `refill` and the hand holds fewer than 4, draw
        to 4 from the deck. A hand above 4 is left for the player to discard down."""
        notes = []
        if self.pool:
            notes.append(f"{len(self.pool)} pool card(s) back to the hand")
            self.hand.extend(self.pool)
            self.pool = []
        if refill and state is not None and rng is not None and len(self.hand) < HAND_SIZE:
            got = self.top_up(state, rng)
            notes.append(f"draws {len(got)} to refill the hand to {HAND_SIZE}")
        elif refill and len(self.hand) < HAND_SIZE:
            notes.append(f"hand of {len(self.hand)}: refilled when the next deck is dealt")
        if len(self.hand) > HAND_SIZE:
            notes.append(f"holds {len(self.hand)} cards: discard down to {HAND_SIZE} (discard WHO CARD)")
        return notes


def describe_cards(cards: Iterable[int], deck: DeckDefinition | None = None) -> str:
    deck = deck or stand_in_deck()
    return ", ".join(deck.card(c).label() for c in cards) or "-"
