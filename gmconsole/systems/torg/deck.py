"""The drama deck in play: draw pile, action stack, discards, and the players' hands and pools.

Procedures (rule book L849-L949, L1793-L1799, L3435-L3447):
- deal 4 cards to each player (the GM has no hand);
- each round the GM flips a card onto the action stack; only its top card has effect;
- in rounds a player moves at most one card a round from hand to pool, and plays cards only from
  the pool; out of rounds, straight from the hand;
- a success at an approved action draws one card into the hand;
- end of scene: pool cards go back to the hand (table cards stay), over 4 discard down to 4, at
  4 or fewer one optional discard, then draw to 4; after the adventure's final encounter, no refill;
- GM fiat (dramatic conflicts only, at most 3 times): take the top 4, keep one as the flip.

`DeckState` is persisted with the encounter; its methods change it in place and refuse illegal
moves with a clear message before touching anything. Cards are ids from a `DeckDefinition`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from gmconsole.systems.torg.cards import DeckDefinition, DramaCard
from gmconsole.systems.torg.errors import TorgError

HAND_SIZE = 4
FIAT_LIMIT = 3


class DeckState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    draw_pile: list[int] = Field(default_factory=list)
    """Top first."""
    action_stack: list[int] = Field(default_factory=list)
    """Top last: the card in effect this round."""
    discard: list[int] = Field(default_factory=list)
    """Top last."""
    hands: dict[str, list[int]] = Field(default_factory=dict)
    pools: dict[str, list[int]] = Field(default_factory=dict)
    table: dict[str, list[int]] = Field(default_factory=dict)
    """GM-tinted cards in play before a player: subplot, alertness, connection, campaign."""
    in_rounds: bool = False
    pooled_this_round: list[str] = Field(default_factory=list)
    fiat_used: int = 0
    fiat_offer: list[int] = Field(default_factory=list)
    final_encounter: bool = False
    """After the adventure's final encounter hands are not refilled."""

    # ------------------------------------------------------------------ setting up

    @classmethod
    def shuffled(cls, deck: DeckDefinition, rng: random.Random) -> DeckState:
        ids = sorted(deck.cards)
        rng.shuffle(ids)
        return cls(draw_pile=ids)

    def all_cards(self) -> list[int]:
        held = [
            c for group in (self.hands, self.pools, self.table) for cards in group.values() for c in cards
        ]
        return self.draw_pile + self.action_stack + self.discard + self.fiat_offer + held

    def deal(self, players: Iterable[str], rng: random.Random, n: int = HAND_SIZE) -> None:
        for p in players:
            self.hands.setdefault(p, [])
            self.pools.setdefault(p, [])
            self.draw(p, rng, n)

    def _take(self, rng: random.Random) -> int:
        if not self.draw_pile:
            if not self.discard:
                raise TorgError("the deck is exhausted: no cards left to draw or reshuffle")
            self.draw_pile = list(self.discard)
            self.discard.clear()
            rng.shuffle(self.draw_pile)
        return self.draw_pile.pop(0)

    def draw(self, player: str, rng: random.Random, n: int = 1) -> list[int]:
        """Draw `n` cards into a player's hand (reshuffling the discards when the pile runs out)."""
        hand = self._hand(player)
        got = [self._take(rng) for _ in range(n)]
        hand.extend(got)
        return got

    # ------------------------------------------------------------------ rounds

    def begin_rounds(self) -> None:
        self.in_rounds = True
        self.fiat_used = 0

    def flip(self, rng: random.Random) -> int:
        """The GM flips the round's card onto the action stack."""
        self._no_fiat_pending()
        self.in_rounds = True
        card = self._take(rng)
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
        self.fiat_offer = [self._take(rng) for _ in range(4)]
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
        self.pooled_this_round.clear()
        self.discard.extend(self.action_stack)
        self.action_stack.clear()

    # ------------------------------------------------------------------ player cards

    def _hand(self, player: str) -> list[int]:
        if player not in self.hands:
            known = ", ".join(sorted(self.hands)) or "nobody has cards yet"
            raise TorgError(f"'{player}' holds no drama cards ({known})")
        self.pools.setdefault(player, [])
        return self.hands[player]

    def to_pool(self, player: str, card: int, deck: DeckDefinition) -> None:
        """Move one card from hand to pool: once a round in rounds (the GM may also deny it).
        An escape card must be the first card played into a pool when rounds begin."""
        hand = self._hand(player)
        if card not in hand:
            raise TorgError(f"card {card} is not in {player}'s hand")
        if self.in_rounds and player in self.pooled_this_round:
            raise TorgError(f"{player} has already added a card to the pool this round")
        if deck.card(card).play == "escape" and any(self.pools.values()):
            raise TorgError("an escape card must be the first card played into a pool")
        hand.remove(card)
        target = self.table if deck.card(card).gm_tinted else self.pools
        target.setdefault(player, []).append(card)
        if self.in_rounds:
            self.pooled_this_round.append(player)

    def play(self, player: str, card: int, deck: DeckDefinition) -> DramaCard:
        """Play a card for its effect: from the pool in rounds, from hand or pool out of them.
        It goes to the discard pile; the caller applies the effect (see card_types.toml)."""
        self._hand(player)
        pool, hand = self.pools[player], self.hands[player]
        table = self.table.get(player, [])
        if card in pool:
            pool.remove(card)
        elif card in table:
            table.remove(card)
        elif card in hand and not self.in_rounds:
            hand.remove(card)
        elif card in hand:
            raise TorgError("in rounds, cards are played only from the pool")
        else:
            raise TorgError(f"card {card} is not in {player}'s hand or pool")
        self.discard.append(card)
        return deck.card(card)

    def approved_success(self, player: str, rng: random.Random) -> int:
        """A success at an approved action (or a DSR round with no step to take): draw one."""
        return self.draw(player, rng)[0]

    def trade(self, a: str, card_a: int, b: str, card_b: int) -> None:
        """A one-for-one trade both players agree to: hand for hand out of rounds, pool for pool
        in rounds (L927-L931)."""
        where = self.pools if self.in_rounds else self.hands
        label = "pool" if self.in_rounds else "hand"
        self._hand(a)
        self._hand(b)
        if card_a not in where[a] or card_b not in where[b]:
            raise TorgError(f"trades are {label} for {label} now: both cards must be in the {label}s")
        where[a][where[a].index(card_a)] = card_b
        where[b][where[b].index(card_b)] = card_a

    def strip_pool(self, player: str, cards: Iterable[int]) -> None:
        """The GM takes cards from a pool (villain instruction or successful trick/test/taunt)."""
        pool = self.pools.get(player, [])
        cards = list(cards)
        if any(c not in pool for c in cards):
            raise TorgError(f"those cards are not all in {player}'s pool")
        for c in cards:
            pool.remove(c)
            self.discard.append(c)

    def end_scene(self, rng: random.Random, discards: Mapping[str, Iterable[int]] | None = None) -> None:
        """Scene end: pool cards return to the hand; a hand above 4 must name its discards down
        to 4, one at or below 4 may discard one; then draw to 4 (not after the final encounter).
        Everything is checked before anything moves."""
        discards = {p: list(c) for p, c in (discards or {}).items()}
        plans: dict[str, list[int]] = {}
        dropped: list[int] = []
        for player in self.hands:
            hand = self.hands[player] + self.pools.get(player, [])
            drop = discards.pop(player, [])
            if any(c not in hand for c in drop):
                raise TorgError(f"{player} can only discard cards in hand or pool")
            left = len(hand) - len(drop)
            if len(hand) > HAND_SIZE and left != HAND_SIZE:
                raise TorgError(f"{player} holds {len(hand)} cards: discard exactly {len(hand) - HAND_SIZE}")
            if len(hand) <= HAND_SIZE and len(drop) > 1:
                raise TorgError(f"{player} may discard at most one card")
            plans[player] = [c for c in hand if c not in drop]
            dropped.extend(drop)
        if discards:
            raise TorgError(f"no hand for {', '.join(sorted(discards))}")
        needed = 0 if self.final_encounter else sum(max(0, HAND_SIZE - len(h)) for h in plans.values())
        if needed > len(self.draw_pile) + len(self.discard) + len(dropped):
            raise TorgError("the deck is exhausted: not enough cards to refill the hands")
        self.discard.extend(dropped)
        for player, hand in plans.items():
            self.hands[player] = hand
            self.pools[player] = []
            if not self.final_encounter:
                self.draw(player, rng, max(0, HAND_SIZE - len(hand)))
        self.end_rounds()

    def rally(self, rng: random.Random, discards: Mapping[str, Iterable[int]] | None = None) -> None:
        """Rally (ruling §9.2 #7): every player may discard any cards from hand, then fills to 4."""
        for player, cards in (discards or {}).items():
            hand = self._hand(player)
            for c in cards:
                if c not in hand:
                    raise TorgError(f"card {c} is not in {player}'s hand")
        for player, cards in (discards or {}).items():
            for c in cards:
                self.hands[player].remove(c)
                self.discard.append(c)
        for player, hand in self.hands.items():
            self.draw(player, rng, max(0, HAND_SIZE - len(hand)))
