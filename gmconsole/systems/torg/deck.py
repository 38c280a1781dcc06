"""The drama deck of one encounter: draw pile, action stack and discards.

Procedures (rule book L849-L949, L1793-L1799, L3435-L3447):
- each round the GM flips a card onto the action stack; only its top card has effect;
- a player who seizes initiative before the flip keeps the current card another round;
- GM fiat (dramatic conflicts only, at most 3 times): take the top 4, keep one as the flip;
- draws (the deal, an approved action, inspiration, the end-of-scene refill) come off the top,
  and the discards are reshuffled when the draw pile runs out.

Where the cards are: the deck state is kept with the encounter (``enc.state["deck"]``), but the
cards a player *holds* (hand, pool, table) are kept on the character's sheet (`hand.HeldCards`),
because they carry over scene to scene and act to act while each encounter shuffles its own deck.
A new deck is therefore built from every card *not held* by a combatant (`shuffled(exclude=...)`)
and a player's held cards are taken out of its piles again when the player is first seen in it
(`claim`), so no card is in two places. `DeckState` methods change it in place and refuse
illegal moves with a clear message before touching anything. Cards are ids from a
`DeckDefinition`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.torg.cards import DeckDefinition
from gmconsole.systems.torg.errors import TorgError

HAND_SIZE = 4
FIAT_LIMIT = 3
FIAT_OFFER = 4


def cards_mask(cards: Iterable[int]) -> int:
    """A set of card ids as one number (bit k for card k): how a turn order, which sees only a
    combatant's numeric stats, learns which cards a player holds."""
    mask = 0
    for card in cards:
        if card < 0:
            raise TorgError(f"card ids are 0 or more, not {card}")
        mask |= 1 << card
    return mask


def mask_cards(mask: int) -> list[int]:
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


class DeckState(Model):
    model_config = ConfigDict(extra="forbid")

    draw_pile: list[int] = Field(default=[])
    """Top first."""
    action_stack: list[int] = Field(default=[])
    """Top last: the card in effect this round."""
    discard: list[int] = Field(default=[])
    """Top last."""
    in_rounds: bool = False
    line: str = "standard"
    """The conflict line ("standard" or "dramatic") the card in effect was read with: a scene
    changed mid-round takes effect from the next card."""
    pooled_this_round: list[str] = Field(default=[])
    """Combatant ids who moved a card from hand to pool this round (one each)."""
    pools_opened: bool = False
    """A card went into a pool since rounds began (an escape card must be the first)."""
    dealt: list[str] = Field(default=[])
    """Combatant ids whose held cards this deck has accounted for (claimed, hand topped up)."""
    fiat_used: int = 0
    fiat_offer: list[int] = Field(default=[])

    # ------------------------------------------------------------------ setting up

    @classmethod
    def shuffled(cls, deck: DeckDefinition, rng: random.Random, exclude: Iterable[int] = ()) -> DeckState:
        """A fresh deck of every card but those held by players (`exclude`)."""
        held = set(exclude)
        ids = sorted(c for c in deck.cards if c not in held)
        rng.shuffle(ids)
        return cls(draw_pile=ids)

    def claim(self, cards: Iterable[int]) -> list[int]:
        """Take cards a player already holds out of the draw pile and discards (a deck built
        before the player was seen, or a card left in it by hand-editing). Returns those taken."""
        taken = []
        for card in cards:
            for pile in (self.draw_pile, self.discard):
                if card in pile:
                    pile.remove(card)
                    taken.append(card)
        return taken

    def take(self, rng: random.Random) -> int:
        """The top card of the draw pile, reshuffling the discards into it when it is empty."""
        if not self.draw_pile:
            if not self.discard:
                raise TorgError("the deck is exhausted: no cards left to draw or reshuffle")
            self.draw_pile = list(self.discard)
            self.discard.clear()
            rng.shuffle(self.draw_pile)
        return self.draw_pile.pop(0)

    def take_many(self, rng: random.Random, n: int) -> list[int]:
        if n > len(self.draw_pile) + len(self.discard):
            raise TorgError(f"the deck is exhausted: {n} cards needed, {len(self.draw_pile)} left to draw")
        return [self.take(rng) for _ in range(n)]

    def discard_cards(self, cards: Iterable[int]) -> None:
        self.discard.extend(cards)

    # ------------------------------------------------------------------ rounds

    def begin_rounds(self) -> None:
        self.in_rounds = True
        self.fiat_used = 0

    def flip(self, rng: random.Random) -> int:
        """The GM flips the round's card onto the action stack."""
        self._no_fiat_pending()
        self.in_rounds = True
        card = self.take(rng)
        self.action_stack.append(card)
        self.pooled_this_round.clear()
        return card

    def keep_current(self) -> int:
        """Seize initiative played before the flip: the current card stays another round."""
        if not self.action_stack:
            raise TorgError("no card is in effect to keep")
        self.pooled_this_round.clear()
        return self.action_stack[-1]

    @property
    def current(self) -> int | None:
        return self.action_stack[-1] if self.action_stack else None

    def gm_fiat(self, rng: random.Random, *, dramatic: bool) -> list[int]:
        """GM fiat, at the start of a round in a dramatic conflict (<= 3 times): take the top 4."""
        if not dramatic:
            raise TorgError("GM fiat is only for dramatic conflicts")
        if self.fiat_used >= FIAT_LIMIT:
            raise TorgError(f"GM fiat may be used at most {FIAT_LIMIT} times in a conflict")
        self._no_fiat_pending()
        self.fiat_offer = self.take_many(rng, FIAT_OFFER)
        return list(self.fiat_offer)

    def fiat_choose(self, card: int) -> None:
        """Keep one of the four as this round's flip; the other three are discarded."""
        if card not in self.fiat_offer:
            raise TorgError(f"card {card} is not among the GM fiat cards {self.fiat_offer}")
        self.discard.extend(c for c in self.fiat_offer if c != card)
        self.action_stack.append(card)
        self.fiat_offer = []
        self.fiat_used += 1
        self.pooled_this_round.clear()

    def _no_fiat_pending(self) -> None:
        if self.fiat_offer:
            raise TorgError("choose one of the GM fiat cards first")

    def end_rounds(self) -> None:
        """Rounds are over: the action stack goes to the discards (reshuffled when the pile ends)."""
        self.in_rounds = False
        self.pools_opened = False
        self.pooled_this_round.clear()
        self.discard.extend(self.action_stack)
        self.action_stack.clear()
