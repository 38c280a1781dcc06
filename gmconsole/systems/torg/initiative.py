"""Torg's turn order: a drama card flipped each round picks the side that acts first.

Built on the engine's `SideOrder`. Each round (rule book L1773-L1785, L3728-L3730):
- the GM flips the top card of the drama deck onto the action stack (or keeps the current one,
  when a player seized initiative before the flip: ``enc.state["keep_card"] = True``; or plays a
  GM fiat choice: ``enc.state["next_card"] = id``);
- its standard or dramatic line (``enc.state["scene"]``, "standard" by default) names the side
  with initiative; that side acts first, its characters in DEX order (ties by a die roll, ruling
  §9.3), then the other side; a side with *flurry* goes through its order twice first;
- the line's results are announced (up, stymied, fatigue, inspiration, setback, confused, break,
  the villains' instructions) with the approved actions and the DSR box; hero inspiration deals
  every player a card.

Which side a combatant is on: a combatant side named like "heroes"/"pcs" or "villains"/"npcs"
says it; otherwise the sheet's own side (``stat(c, "villain")``). Players are the heroes whose
sheet is a PC (``stat(c, "pc")``); they are dealt 4 cards when the deck starts, or when they join.

The deck (``enc.state["deck"]``: draw pile, action stack, discards, hands, pools) is kept with the
encounter. Without the deck (campaign option ``drama_deck = false``, L3469-L3477) each round is an
opposed d20: +5 to the heroes in a standard scene, to the villains in a dramatic one; ties re-roll.
"""

from __future__ import annotations

import random

from gmconsole.engine.encounter import Combatant, Encounter, Notice, Step
from gmconsole.engine.turn_order import InitiativeRoll, RoundContext, SideOrder
from gmconsole.systems.torg.cards import DeckDefinition, stand_in_deck
from gmconsole.systems.torg.conflict import RoundEffects, round_effects
from gmconsole.systems.torg.deck import DeckState
from gmconsole.systems.torg.errors import TorgError

HERO_SIDES = frozenset({"hero", "heroes", "pcs", "pc", "players", "party", "allies"})
VILLAIN_SIDES = frozenset({"villain", "villains", "npcs", "npc", "enemies", "foes", "opposition"})
SIDE_LABEL = {"hero": "Heroes", "villain": "Villains"}
CARDLESS_EDGE = 5
MAX_REROLLS = 50


class DramaDeckOrder(SideOrder):
    id = "torg-drama"
    name = "Drama deck (side initiative)"

    def __init__(self, *, use_deck: bool = True, deck: DeckDefinition | None = None) -> None:
        super().__init__(stat="dex")
        self.use_deck = use_deck
        self._deck = deck

    @property
    def deck(self) -> DeckDefinition:
        return self._deck or stand_in_deck()

    # ------------------------------------------------------------------ state

    def scene(self, enc: Encounter) -> str:
        scene = enc.state.get("scene", "standard")
        if scene not in ("standard", "dramatic"):
            raise TorgError(f"the scene is 'standard' or 'dramatic', not {scene!r}")
        return scene

    def deck_state(self, enc: Encounter) -> DeckState | None:
        raw = enc.state.get("deck")
        return None if raw is None else DeckState.model_validate(raw)

    def effects(self, enc: Encounter) -> RoundEffects | None:
        """What the card in effect means this round (None before the first flip or card-less)."""
        state = self.deck_state(enc)
        if state is None or state.current is None:
            return None
        return round_effects(self.deck.card(state.current), self.scene(enc))

    def side_of(self, c: Combatant, ctx: RoundContext) -> str:
        side = c.side.strip().lower()
        if side in HERO_SIDES:
            return "hero"
        if side in VILLAIN_SIDES:
            return "villain"
        return "villain" if ctx.stat(c, "villain") else "hero"

    def _players(self, enc: Encounter, ctx: RoundContext) -> list[str]:
        return [c.id for c in enc.combatants if self.side_of(c, ctx) == "hero" and ctx.stat(c, "pc")]

    # ------------------------------------------------------------------ planning

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        if self.use_deck:
            first, passes, notices = self._flip(enc, ctx)
        else:
            first, notices = self._cardless(enc, ctx)
            passes = {"hero": 1, "villain": 1}
        steps: list[Step] = []
        for side in (first, "villain" if first == "hero" else "hero"):
            members = [c for c in enc.combatants if c.status != "out" and self.side_of(c, ctx) == side]
            order = self.within_side(members, ctx)
            for n in range(passes[side]):
                label = SIDE_LABEL[side] + (" (flurry)" if n else "")
                steps += [Step(actors=[cid], label=label) for cid in order]
        enc.steps = steps
        return notices

    def _flip(self, enc: Encounter, ctx: RoundContext) -> tuple[str, dict[str, int], list[Notice]]:
        notices: list[Notice] = []
        state = self.deck_state(enc)
        if state is None:
            state = DeckState.shuffled(self.deck, ctx.rng)
            players = self._players(enc, ctx)
            state.deal(players, ctx.rng)
            state.begin_rounds()
            if players:
                notices.append(
                    Notice(kind="cards", text=f"Drama deck shuffled; 4 cards each to {', '.join(players)}")
                )
        chosen = enc.state.pop("next_card", None)
        if enc.state.pop("keep_card", False) and state.current is not None:
            card = state.keep_current()
            notices.append(Notice(kind="card", text="Initiative seized: the card stays in effect"))
        elif chosen is not None:
            card = int(chosen)
            if card not in state.draw_pile:
                raise TorgError(f"card {card} is not in the draw pile")
            state.draw_pile.remove(card)
            state.action_stack.append(card)
            state.pooled_this_round.clear()
        else:
            card = state.flip(ctx.rng)
        eff = round_effects(self.deck.card(card), self.scene(enc))
        notices.append(Notice(kind="card", text=f"Card {self.deck.card(card).label()}: {eff.summary()}"))
        notices += self._announce(eff)
        if "inspiration" in eff.hero:
            players = [p for p in self._players(enc, ctx) if p in state.hands]
            for p in players:
                state.draw(p, ctx.rng)
            if players:
                notices.append(Notice(kind="cards", text=f"Inspiration: {', '.join(players)} draw a card"))
        enc.state["deck"] = state.model_dump(mode="json")
        return eff.initiative, {s: eff.passes(s) for s in ("hero", "villain")}, notices

    @staticmethod
    def _announce(eff: RoundEffects) -> list[Notice]:
        lines = {
            "fatigue": "{side} are fatigued: 2 shock each (3 with an armour fatigue penalty)",
            "inspiration": "{side} are inspired: shock and K/O removed as by first aid",
            "setback": "{side} are set back: the GM's setback, or no harmful action this round",
            "stymied": "{side} are stymied: each loses the next roll-again chance this round",
            "up": "{side} are up: one additional roll each this round",
            "flurry": "{side} flurry: two rounds of action before the others respond",
            "confused": "Heroes are confused: no cards from pools this round",
            "break": "Villains may break: the damaged who do no harm this round flee",
        }
        out = []
        for side in ("hero", "villain"):
            for effect in eff.effects(side):
                if effect in lines:
                    out.append(Notice(kind="effect", text=lines[effect].format(side=SIDE_LABEL[side])))
        for instruction in eff.instructions():
            out.append(Notice(kind="effect", text=f"Villains may {instruction}: a success strips pool cards"))
        return out

    def _cardless(self, enc: Encounter, ctx: RoundContext) -> tuple[str, list[Notice]]:
        edge = "villain" if self.scene(enc) == "dramatic" else "hero"
        for _ in range(MAX_REROLLS):
            rolls = {}
            for side in ("hero", "villain"):
                face = ctx.die(20)
                mod = CARDLESS_EDGE if side == edge else 0
                rolls[side] = face + mod
                ctx.rolls.append(
                    InitiativeRoll(who=SIDE_LABEL[side], dice=(face,), modifier=mod, total=face + mod)
                )
            if rolls["hero"] != rolls["villain"]:
                first = max(rolls, key=lambda s: rolls[s])
                totals = f"heroes {rolls['hero']}, villains {rolls['villain']}"
                text = f"Initiative: {totals}: {SIDE_LABEL[first]} first"
                return first, [Notice(kind="initiative", text=text)]
        raise TorgError("initiative kept tying; type the dice")

    # ------------------------------------------------------------------ the rest of the round

    def insert(self, enc: Encounter, combatant: Combatant, ctx: RoundContext) -> list[Notice]:
        """A late joiner acts at the end of its side's part of the round; a player gets cards."""
        notices: list[Notice] = []
        state = self.deck_state(enc)
        side = self.side_of(combatant, ctx)
        if (
            state is not None
            and side == "hero"
            and ctx.stat(combatant, "pc")
            and combatant.id not in state.hands
        ):
            state.deal([combatant.id], ctx.rng)
            enc.state["deck"] = state.model_dump(mode="json")
            notices.append(Notice(kind="cards", text=f"{combatant.name} is dealt 4 cards", who=combatant.id))
        label = SIDE_LABEL[side]
        last = max((i for i, s in enumerate(enc.steps) if s.label.startswith(label)), default=None)
        at = len(enc.steps) if last is None or last < enc.pointer else last + 1
        enc.steps.insert(at, Step(actors=[combatant.id], label=label))
        return notices

    def approved_success(self, enc: Encounter, cid: str, action: str, rng: random.Random) -> list[Notice]:
        """A player's success at an action: if the card in effect approves it, draw a card into
        the hand (L903-L907). Returns the notice, or nothing when it is not approved."""
        eff = self.effects(enc)
        state = self.deck_state(enc)
        if eff is None or state is None or not eff.is_approved(action):
            return []
        card = state.approved_success(cid, rng)
        enc.state["deck"] = state.model_dump(mode="json")
        label = self.deck.card(card).label()
        return [Notice(kind="cards", text=f"Approved action ({action}): draws {label}", who=cid)]

    def header(self, enc: Encounter) -> list[str]:
        scene = self.scene(enc)
        if not self.use_deck:
            return [f"No drama deck ({scene} scene)"]
        eff = self.effects(enc)
        if eff is None:
            return [f"Drama deck ready ({scene} scene)"]
        card = self.deck.card(eff.card)
        return [f"{card.label()} ({scene})", eff.summary()]

    def end_round(self, enc: Encounter) -> list[Notice]:
        eff = self.effects(enc) if self.use_deck else None
        if eff is not None and "break" in eff.villain:
            return [
                Notice(
                    kind="effect", text="Break: damaged villains who did no harm this round flee or give up"
                )
            ]
        return []
