"""What the flipped card, a finished round, a rolled test and the end of a scene do to one
character: the bodies of `TorgSystem`'s scene hooks.

The hooks see one sheet and the scene (a working copy of the encounter, whose ``state["deck"]``
is the drama deck, and the combatant). Everything they change, the sheet and the deck, is saved
by the session with the event that caused it, so one undo takes it all back.

- start of round: a player's cards are accounted for in this encounter's deck (held cards taken
  out of its piles, a short hand topped up to 4: the deal); the card's fatigue and inspiration
  (a hero inspiration also draws each player a card); up, stymied, setback and confused marked
  on the sheet for the round, so the roll and the odds apply them by themselves;
- end of round: mortal bleeding (unless a Possibility held it off), the recovery clock, and the
  round's marks and card values end;
- after a test: Possibilities and hero/drama cards the roll used come off the sheet, the round's
  up or stymie is used up, and a player's success at an action the card approves draws a card;
- end of the encounter (the scene): pool cards return to the hand and the hand is refilled to 4
  from the encounter's deck (not after the final encounter: ``set final yes``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.base import Scene, SheetChange
from gmconsole.systems.torg.conflict import start_of_round as card_damage
from gmconsole.systems.torg.damage import rounds_per_minute
from gmconsole.systems.torg.deck import DeckState
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.hand import HeldCards, describe_cards
from gmconsole.systems.torg.initiative import DramaDeckOrder, side_of
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.views import round_text

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult

LINE_MARKS = ("up", "stymied", "setback", "confused")
"""Conflict-line results kept on the sheet for the round (the rest are card values)."""


def scene_side(sheet: TorgSheet, scene: Scene | None) -> str:
    c = scene.combatant if scene is not None else None
    return side_of(c.side, sheet.side == "villain") if c is not None else sheet.side


def is_player(sheet: TorgSheet, side: str) -> bool:
    """Players hold cards; the GM (every villain and NPC) has no hand."""
    return sheet.kind == "pc" and side == "hero"


def scene_deck(order: DramaDeckOrder, scene: Scene | None) -> DeckState | None:
    if scene is None or scene.encounter is None or not order.use_deck:
        return None
    return order.deck_state(scene.encounter)


def save_deck(order: DramaDeckOrder, scene: Scene | None, state: DeckState | None) -> None:
    if state is not None and scene is not None and scene.encounter is not None:
        order.save(scene.encounter, state)


def holder_id(sheet: TorgSheet, scene: Scene | None) -> str:
    c = scene.combatant if scene is not None else None
    return c.id if c is not None else sheet.name


def _change(old: TorgSheet, new: TorgSheet, notes: list[str]) -> SheetChange | None:
    if new == old:
        return None
    harmed = new.damage.shock > old.damage.shock
    return SheetChange(new, ", ".join(n for n in notes if n) or "round effects updated", harmed=harmed)


def start_of_round(order: DramaDeckOrder, sheet: TorgSheet, scene: Scene) -> SheetChange | None:
    enc, c = scene.encounter, scene.combatant
    if enc is None or c is None:
        return None
    side = scene_side(sheet, scene)
    new = sheet.model_copy(deep=True)
    notes: list[str] = []
    state = scene_deck(order, scene)
    eff = order.effects(enc) if state is not None else None
    player = is_player(new, side)
    if state is not None and player and c.id not in state.dealt:
        held = new.cards or HeldCards()
        state.claim(held.all())
        got = held.top_up(state, scene.rng, partial=True)  # an empty deck must not stop the round
        new.cards = held
        state.dealt.append(c.id)
        if got:
            notes.append(f"is dealt {len(got)} card(s): {describe_cards(got, order.deck)}")
    if eff is not None:
        mine = eff.effects(side)
        before = new.damage.marks()
        penalty = {"c": bool(new.armour and new.armour.fatigue_penalty)}
        for note in card_damage(eff, {"c": new.damage}, {"c": side}, penalty):
            notes.append(note.split(": ", 1)[1])
        new.damage.forget_blow_if_changed(before)
        if "inspiration" in mine and player and state is not None and new.cards is not None:
            state.claim(new.cards.all())
            got = new.cards.top_up(state, scene.rng, len(new.cards.hand) + 1, partial=True)
            notes.append(f"draws {describe_cards(got, order.deck)} (inspiration)")
        marks = [m for m in LINE_MARKS if m in mine and (m != "confused" or side == "hero")]
        gone = [m for m in new.this_round if m in LINE_MARKS and m not in marks]
        kept = [m for m in new.this_round if m.partition(":")[0] not in LINE_MARKS]
        new.this_round = [*marks, *kept]
        if marks:
            notes.append(f"{', '.join(marks)} this round")
        if gone:
            notes.append(f"no longer {', '.join(gone)}")
    save_deck(order, scene, state)
    change = _change(sheet, new, notes)
    if change is not None and c.status != "out" and (new.damage.unconscious or new.damage.dead):
        enc.set_out(c.id)  # fatigue can drop someone: out before their turn comes round
    return change


def end_of_round(sheet: TorgSheet, scene: Scene | None = None) -> SheetChange | None:
    """Bleeding, a minute of recovery every 6th round of the encounter, and the values of
    cards played this round run out. The conflict line's marks stay until the next card
    replaces them (`start_of_round`), so a quiet round logs nothing."""
    new = sheet.model_copy(deep=True)
    enc = scene.encounter if scene is not None else None
    minute = None if enc is None else enc.round % rounds_per_minute() == 0
    notes = new.damage.end_round(minute=minute)
    played = [m for m in new.this_round if m.partition(":")[0] not in LINE_MARKS]
    if played:
        notes.append(f"{round_text(played)} card over")
        new.this_round = [m for m in new.this_round if m not in played]
    return _change(sheet, new, notes)


def after_check(
    order: DramaDeckOrder, sheet: TorgSheet, request: CheckRequest, result: CheckResult, scene: Scene
) -> SheetChange | None:
    d = result.detail
    new = sheet.model_copy(deep=True)
    notes: list[str] = []
    state = scene_deck(order, scene)
    spent = int(d.get("possibilities_spent", 0))
    if spent:
        new.possibilities.spend(spent, f"extra roll: {result.label.split(': ', 1)[-1]}")
        notes.append(f"spends a Possibility ({new.possibilities.count} left)")
    played = [int(c) for c in d.get("cards_played", ())]
    if played and new.cards is not None:
        in_hand = [c for c in played if c in new.cards.hand and c not in new.cards.pool]
        if in_hand and state is not None and state.in_rounds:  # the test is refused, nothing spent
            raise TorgError(
                f"in rounds, cards are played only from the pool: {describe_cards(in_hand, order.deck)} "
                "is in the hand (move it there first: pool WHO CARD)"
            )
        new.cards.discard(played, state)
        notes.append(f"plays {describe_cards(played, order.deck)}")
    for mark, used in (("up", "up_used"), ("stymied", "stymie_used")):
        if d.get(used) and mark in new.this_round:
            new.this_round.remove(mark)
    action = d.get("action")
    eff = order.effects(scene.encounter) if state is not None and scene.encounter is not None else None
    side = scene_side(new, scene)
    approved = eff is not None and bool(action) and eff.is_approved(str(action))
    if result.success and approved and state is not None and is_player(new, side):
        held = new.cards or HeldCards()
        state.claim(held.all())
        got = held.draw(state, scene.rng)
        new.cards = held
        notes.append(f"approved action ({action}): draws {describe_cards(got, order.deck)}")
    save_deck(order, scene, state)
    return _change(sheet, new, notes)


def end_encounter(order: DramaDeckOrder, sheet: TorgSheet, scene: Scene | None) -> SheetChange | None:
    new = sheet.model_copy(deep=True)
    notes: list[str] = []
    state = scene_deck(order, scene)
    if state is not None and state.in_rounds:
        state.end_rounds()
    enc = scene.encounter if scene is not None else None
    if new.cards is not None:
        if state is not None:
            state.claim(new.cards.all())
        final = enc is not None and enc.state.get("final") == "yes"
        notes += new.cards.end_scene(state, scene.rng if scene is not None else None, refill=not final)
    if new.this_round:
        notes.append(f"{round_text(new.this_round)} ends")
        new.this_round = []
    save_deck(order, scene, state)
    return _change(sheet, new, notes)
