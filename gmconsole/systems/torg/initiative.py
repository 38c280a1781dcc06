"""Torg's turn order: a drama card flipped each round picks the side that acts first.

Built on the engine's `SideOrder`. Each round (rule book L1773-L1785, L3728-L3730):
- the GM flips the top card of the drama deck onto the action stack, or keeps the current one
  when a player seized initiative before the flip (``set keep yes``), or plays GM fiat in a
  dramatic conflict (``set fiat peek`` shows the top four in the header, ``set fiat 2`` keeps the
  second of them as the flip; at most 3 times a conflict);
- its standard or dramatic line (``set scene dramatic``; "standard" by default) names the side
  with initiative; that side acts first, its characters in DEX order (ties by a die roll, ruling
  §9.3), then the other side; a side with *flurry* goes through its order twice first;
- the line's results are announced; what they do to each character (fatigue, inspiration and
  its card draw, up, stymied...) is the system's start-of-round hook, which sees the sheets.

Which side a combatant is on: a combatant side named like "heroes"/"pcs" or "villains"/"npcs"
says it; otherwise the sheet's own side (``stat(c, "villain")``).

The deck (`DeckState`: draw pile, action stack, discards) is kept with the encounter in
``enc.state["deck"]``; the cards players hold are on their sheets. A new encounter's deck leaves
out every card a combatant holds (read through ``stat(c, "drama_cards")``, a bit set). Without
the deck (campaign option ``drama_deck = false``, L3469-L3477) each round is an opposed d20: +5
to the heroes in a standard scene, to the villains in a dramatic one; ties re-roll.
"""

from __future__ import annotations

import textwrap

from gmconsole.engine.encounter import Combatant, Encounter, Notice, Step
from gmconsole.engine.turn_order import InitiativeRoll, RoundContext, SideOrder
from gmconsole.systems.torg.cards import APPROVED_ACTIONS, DeckDefinition, stand_in_deck
from gmconsole.systems.torg.conflict import RoundEffects, round_effects
from gmconsole.systems.torg.deck import FIAT_LIMIT, FIAT_OFFER, DeckState, mask_cards
from gmconsole.systems.torg.errors import TorgError

HERO_SIDES = frozenset({"hero", "heroes", "pcs", "pc", "players", "party", "allies"})
VILLAIN_SIDES = frozenset({"villain", "villains", "npcs", "npc", "enemies", "foes", "opposition"})
SIDE_LABEL = {"hero": "Heroes", "villain": "Villains"}
CARDLESS_EDGE = 5
MAX_REROLLS = 50
HEADER_WIDTH = 36
"""The initiative pane is 38 columns at 80x24; header lines stay inside it."""
FIAT_CHOICES = ("off", "peek", *(str(n) for n in range(1, FIAT_OFFER + 1)))


def side_of(combatant_side: str, villain: bool) -> str:
    """'hero' or 'villain': the combatant's side name when it says, else the sheet's side."""
    side = combatant_side.strip().lower()
    if side in HERO_SIDES:
        return "hero"
    if side in VILLAIN_SIDES:
        return "villain"
    return "villain" if villain else "hero"


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

    @staticmethod
    def save(enc: Encounter, state: DeckState) -> None:
        enc.state["deck"] = state.model_dump(mode="json")

    def effects(self, enc: Encounter) -> RoundEffects | None:
        """What the card in effect means this round (None before the first flip or card-less)."""
        state = self.deck_state(enc)
        if state is None or state.current is None:
            return None
        return round_effects(self.deck.card(state.current), state.line)

    def side_of(self, c: Combatant, ctx: RoundContext) -> str:
        return side_of(c.side, bool(ctx.stat(c, "villain")))

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

    def _new_deck(self, enc: Encounter, ctx: RoundContext) -> tuple[DeckState, list[Notice]]:
        held: set[int] = set()
        for c in [*enc.combatants, *ctx.bystanders]:  # PCs elsewhere keep their cards too
            held.update(mask_cards(ctx.stat(c, "drama_cards")))
        state = DeckState.shuffled(self.deck, ctx.rng, exclude=held)
        state.begin_rounds()
        text = f"Drama deck shuffled: {len(state.draw_pile)} cards"
        if held:
            text += f" ({len(held)} held by players stay with them)"
        return state, [Notice(kind="cards", text=text)]

    def _flip(self, enc: Encounter, ctx: RoundContext) -> tuple[str, dict[str, int], list[Notice]]:
        state = self.deck_state(enc)
        notices: list[Notice] = []
        if state is None:
            state, notices = self._new_deck(enc, ctx)
        state.in_rounds = True
        scene = self.scene(enc)
        fiat = str(enc.state.pop("fiat", "off"))
        keep = enc.state.pop("keep", "no") == "yes"
        if keep and state.current is not None:
            card = state.keep_current()
            notices.append(Notice(kind="card", text="Initiative seized: the card stays in effect"))
        elif fiat.isdigit():
            card, more = self._fiat(state, int(fiat), scene, ctx)
            notices += more
        else:
            if fiat == "peek":
                enc.state["fiat"] = "peek"  # still looking: the header keeps showing the top four
            card = state.flip(ctx.rng)
        state.line = scene
        eff = round_effects(self.deck.card(card), scene)
        notices.append(Notice(kind="card", text=f"Card {self.deck.card(card).label()}: {eff.summary()}"))
        notices += self._announce(eff)
        self.save(enc, state)
        return eff.initiative, {s: eff.passes(s) for s in ("hero", "villain")}, notices

    def _fiat(self, state: DeckState, pick: int, scene: str, ctx: RoundContext) -> tuple[int, list[Notice]]:
        """GM fiat: the top four, keep the `pick`-th; refused fiat flips normally, said why."""
        if scene != "dramatic" or state.fiat_used >= FIAT_LIMIT:
            why = "only in dramatic scenes" if scene != "dramatic" else f"used {FIAT_LIMIT} times already"
            return state.flip(ctx.rng), [
                Notice(kind="card", text=f"GM fiat not allowed ({why}): card flipped")
            ]
        offer = state.gm_fiat(ctx.rng, dramatic=True)
        card = offer[pick - 1]
        state.fiat_choose(card)
        others = ", ".join(f"#{c}" for c in offer if c != card)
        text = f"GM fiat ({state.fiat_used}/{FIAT_LIMIT}): keeps #{card}, discards {others}"
        return card, [Notice(kind="card", text=text)]

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
        """A late joiner acts at the end of its side's part of the round (a player's cards are
        accounted for, and a short hand topped up, when the next round starts)."""
        label = SIDE_LABEL[self.side_of(combatant, ctx)]
        last = max((i for i, s in enumerate(enc.steps) if s.label.startswith(label)), default=None)
        at = len(enc.steps) if last is None or last < enc.pointer else last + 1
        enc.steps.insert(at, Step(actors=[combatant.id], label=label))
        return []

    def end_round(self, enc: Encounter) -> list[Notice]:
        eff = self.effects(enc) if self.use_deck else None
        if eff is not None and "break" in eff.villain:
            return [
                Notice(
                    kind="effect", text="Break: damaged villains who did no harm this round flee or give up"
                )
            ]
        return []

    # ------------------------------------------------------------------ what the pane shows

    def header(self, enc: Encounter) -> list[str]:
        """The card in effect in lines that fit the 38-column initiative pane, the essentials in
        the first four (the pane may show no more): the card and scene, who goes first and the
        DSR box, each side's results, the approved actions. Then the GM's pending choices
        (seized card, GM fiat, final encounter), then the scene trackers (chase...)."""
        from gmconsole.systems.torg.trackers import header_lines

        trackers = [part for line in header_lines(enc) for part in _wrapped(line)]
        return [line[:HEADER_WIDTH] for line in (*self._card_header(enc), *trackers)]

    def _card_header(self, enc: Encounter) -> list[str]:
        scene = self.scene(enc)
        if not self.use_deck:
            return [f"No drama deck ({scene} scene)"]
        eff = self.effects(enc)
        state = self.deck_state(enc)
        if eff is None or state is None:
            return [f"Drama deck ready ({scene} scene)"]
        card = self.deck.card(eff.card)
        box = eff.hazard.replace("_", " ") if eff.hazard else (eff.dsr or "-")
        approved = "any" if set(eff.approved) == set(APPROVED_ACTIONS) else ", ".join(eff.approved)
        first = f"{SIDE_LABEL[eff.initiative]} first"
        hero, villain = ", ".join(eff.hero) or "-", ", ".join(eff.villain) or "-"
        act = f" · act {enc.state['act']}" if "act" in enc.state else ""
        lines = [
            f"{card.label()} · {eff.scene}{act}",
            *_fit(f"{first} · DSR {box}", [first, f"DSR: {box}"]),
            *_fit(
                f"H: {hero} · V: {villain}", [*_wrapped(f"Heroes: {hero}"), *_wrapped(f"Villains: {villain}")]
            ),
            *_wrapped(f"Act: {approved}"),
        ]
        if scene != eff.scene:
            lines.append(f"{scene.capitalize()} from the next card")
        if enc.state.get("keep") == "yes":
            lines.append("Seized: this card stays next round")
        if enc.state.get("fiat") == "peek" and scene == "dramatic":
            lines += self._peek(state)
        elif str(enc.state.get("fiat", "")).isdigit():
            lines.append(f"GM fiat: keeps top card {enc.state['fiat']} next")
        if enc.state.get("final") == "yes":
            lines.append("Final encounter: no refill at end")
        return lines

    def _peek(self, state: DeckState) -> list[str]:
        left = FIAT_LIMIT - state.fiat_used
        if left <= 0:
            return [f"GM fiat used {FIAT_LIMIT} times"]
        out = [f"GM fiat ({left} left): set fiat N"]
        for n, cid in enumerate(state.draw_pile[:FIAT_OFFER], start=1):
            line = round_effects(self.deck.card(cid), "dramatic")
            first = "H" if line.initiative == "hero" else "V"
            out.append(f" {n} #{cid} {first} {', '.join(line.hero + line.villain) or '-'}")
        return out


def _fit(text: str, fallback: list[str]) -> list[str]:
    """`text` on one line if it fits the pane, else the `fallback` lines."""
    return [text] if len(text) <= HEADER_WIDTH else fallback


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, HEADER_WIDTH, subsequent_indent="  ") or [text]
