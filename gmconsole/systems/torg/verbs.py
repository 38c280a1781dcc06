"""The Torg verbs a GM types at the command line: `ACTION WHO [ARGS...]` (`TorgSystem.perform`).

    buyoff WHO [poss|hero|drama|#N] [shock|k|o|ko|knockdown|wound]...
        buy off the latest blow with a Possibility (the default) or a hero/drama card: up to
        three removals (3 shock each, one K or O, the knockdown, one wound level); with none
        named, the worst go first (wounds, K/O, knockdown, shock)
    spend WHO [N] [bleed|REASON...]   spend Possibilities (bleed: hold off this round's bleeding)
    gain WHO [N] [REASON...]          award Possibilities
    pool WHO CARD                     hand to pool (one a round in rounds)
    play WHO CARD [ATTRIBUTE]         play a card for its effect (pool in rounds, else hand)
    discard WHO CARD...               give up cards (over 4 at the end of a scene, or any time)
    refill WHO [CARD...]              discard those, then draw to 4 (rally, leadership)
    draw WHO [N]                      draw cards (an approved action the test did not show)
    strip WHO CARD...                 the GM takes pool cards (a villain's trick, test, taunt)
    critical WHO CARD...              the critical moment: hand cards straight into the pool
    trade WHO OTHER CARD THEIR_CARD   one for one (see `card_trades`)
    lead WHO OTHER CARD [CARD]        a leadership card's gifts (see `card_trades`)
    getup WHO                         the knocked-down character has taken the next action
    firstaid WHO                      a successful first aid: shock, K and O gone, bleeding stopped

A CARD is its number (12 or #12) or its type ("hero", "action": the first such card held).
Every verb refuses bad input by name and changes nothing then. The verbs' labels, usages and
help lines are declared in `verb_list`, so listing them does not import this module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene, SheetChange
from gmconsole.systems.torg import card_trades, care_verbs, miracles, reality_verbs, social_verbs, spells
from gmconsole.systems.torg.buyoff import auto_removals, buy_off, removal_words
from gmconsole.systems.torg.cards import card_types
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.hand import HeldCards, describe_cards
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.round_hooks import holder_id, save_deck, scene_deck
from gmconsole.systems.torg.sheet import ATTRIBUTES, TorgSheet
from gmconsole.systems.torg.views import damage_text


def _count(args: list[str]) -> tuple[int, list[str]]:
    if args and args[0][:1].isdigit():
        return whole(args[0], "the number", 1, 999), args[1:]
    return 1, args


def perform(
    order: DramaDeckOrder, sheet: TorgSheet, action: str, args: Sequence[str], scene: Scene
) -> SheetChange:
    verbs = {
        "buyoff": _buyoff,
        "spend": _spend,
        "gain": _gain,
        "pool": _pool,
        "play": _play,
        "discard": _discard,
        "refill": _refill,
        "draw": _draw,
        "strip": _strip,
        "critical": _critical,
        "getup": _getup,
        "firstaid": _first_aid,
        "recover": care_verbs.recover,
        "medicine": care_verbs.medicine,
        "bubble": care_verbs.bubble,
        "improve": care_verbs.improve,
        "actend": care_verbs.act_end,
        "creation": care_verbs.creation,
        "attitude": social_verbs.attitude,
        "charm": social_verbs.charm,
        "press": social_verbs.press,
        "persuade": social_verbs.persuade,
        "calm": social_verbs.calm,
        "awe": social_verbs.awe,
        "disconnect": reality_verbs.disconnect,
        "reconnect": reality_verbs.reconnect,
        "transform": reality_verbs.transform,
        "cast": spells.cast,
        "pray": miracles.pray,
    }
    between = {"trade": card_trades.trade, "lead": card_trades.lead}
    if action in between:
        return _between(order, sheet, action, between[action], args, scene)
    if action not in verbs:
        raise TorgError(f"Torg has no action {action!r} (known: {', '.join([*verbs, *between])})")
    new = sheet.model_copy(deep=True)
    text = verbs[action](order, new, list(args), scene)
    return SheetChange(new, text, detail={"action": action})


def _between(
    order: DramaDeckOrder,
    sheet: TorgSheet,
    action: str,
    verb: Callable[[DramaDeckOrder, TorgSheet, TorgSheet, list[str], Scene], str],
    args: Sequence[str],
    scene: Scene,
) -> SheetChange:
    """An action between two characters: both sheets are working copies, saved in one event."""
    if not isinstance(scene.other, TorgSheet):
        raise TorgError(f"usage: {action} WHO OTHER ... (name the other character)")
    if scene.other is sheet:
        raise TorgError(f"{action} needs two different characters")
    new, other = sheet.model_copy(deep=True), scene.other.model_copy(deep=True)
    text = verb(order, new, other, list(args), scene)
    return SheetChange(new, text, detail={"action": action}, other=other)


def _needs(args: list[str], what: str) -> None:
    if not args:
        raise TorgError(f"name {what}")


# ------------------------------------------------------------------ Possibilities and damage


def _buyoff(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    blow = s.damage.last_blow
    if blow is None:
        raise TorgError(f"{s.name} has no blow to buy off (buy it off right after the damage)")
    state = scene_deck(order, scene)
    source, card, words = "possibility", None, []
    for word in args:
        low = word.lower()
        if low in ("poss", "possibility"):
            source = "possibility"
        elif low in ("hero", "drama") or low.lstrip("#").isdigit():
            card = s.held.find(low, order.deck, ("pool", "hand"))
            source = order.deck.card(card).play
            if source not in ("hero", "drama"):
                raise TorgError(
                    f"only hero and drama cards buy off damage, not {order.deck.card(card).label()}"
                )
        else:
            words.append(word)
    removals = removal_words(words, blow) if words else auto_removals(blow)
    if source == "possibility" and not s.connected:
        raise TorgError(f"{s.name} is disconnected: no Possibilities until reconnected (buyoff WHO hero)")
    if source == "possibility" and s.possibilities.count < 1:
        raise TorgError(f"{s.name} has no Possibility to spend (buyoff WHO hero: with a card)")
    was_down = s.damage.unconscious or s.damage.dead
    reduced = buy_off(s.damage, source, removals)
    if source == "possibility":
        s.possibilities.spend(1, "buy off damage")
        paid = f"a Possibility ({s.possibilities.count} left)"
    else:
        assert card is not None and s.cards is not None
        s.cards.play(card, order.deck, state)
        paid = describe_cards([card], order.deck)
    save_deck(order, scene, state)
    if was_down and not (s.damage.unconscious or s.damage.dead):
        _back_in(scene)
    return f"buys off {', '.join(removals)} with {paid}: the blow is now {reduced}; {damage_text(s.damage)}"


def _back_in(scene: Scene) -> None:
    """A combatant marked out by the blow is back in once it is bought off."""
    c, enc = scene.combatant, scene.encounter
    if c is not None and enc is not None and c.status == "out":
        enc.set_out(c.id, out=False)


def _spend(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    if not s.connected:
        raise TorgError(f"{s.name} is disconnected: no Possibilities until reconnected")
    n, rest = _count(args)
    reason = " ".join(rest) or "spent"
    if reason.lower() in ("bleed", "bleeding"):
        if not s.damage.bleeding:
            raise TorgError(f"{s.name} is not bleeding from a mortal wound")
        if s.damage.bleeding_held:
            raise TorgError("a Possibility already holds off this round's bleeding")
        n, reason = 1, "holds off the bleeding this round"
        s.damage.bleeding_held = True
    if s.possibilities.count < n:
        raise TorgError(f"{s.name} has {s.possibilities.count} Possibilities, not {n}")
    s.possibilities.spend(n, reason)
    return f"spends {n} Possibilit{'y' if n == 1 else 'ies'} ({reason}): {s.possibilities.count} left"


def _gain(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    n, rest = _count(args)
    if not s.possibility_rated:
        raise TorgError(f"{s.name} is an Ord and cannot hold Possibilities")
    reason = " ".join(rest) or "award"
    s.possibilities.gain(n, reason)
    return f"gains {n} Possibilit{'y' if n == 1 else 'ies'} ({reason}): {s.possibilities.count}"


def _getup(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    if not (s.damage.knockdown or s.damage.pass_next_action):
        raise TorgError(f"{s.name} is not knocked down")
    s.damage.clear_knockdown()
    return "is back on their feet (knockdown over)"


def _first_aid(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    if args:
        raise TorgError("firstaid takes nobody else: roll the healer's first aid, then firstaid PATIENT")
    dn = s.damage.first_aid_difficulty()
    was_down = s.damage.unconscious
    before = s.damage.marks()
    notes = s.damage.first_aid()
    s.damage.forget_blow_if_changed(before)
    if was_down and not s.damage.unconscious:
        _back_in(scene)
    return f"first aid (DN {dn}): {', '.join(notes)}; {damage_text(s.damage)}"


# ------------------------------------------------------------------ cards


def _held(s: TorgSheet) -> HeldCards:
    if s.cards is None:
        s.cards = HeldCards()
    return s.cards


def _cards(s: TorgSheet, order: DramaDeckOrder, args: list[str], places: tuple[str, ...]) -> list[int]:
    held = _held(s).model_copy(deep=True)
    out = []
    for token in args:
        card = held.find(token, order.deck, places)
        held.discard([card], None)
        out.append(card)
    return out


def _pool(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    _needs(args, "the card to put in the pool")
    state = scene_deck(order, scene)
    card = _held(s).find(" ".join(args), order.deck, ("hand",))
    place = _held(s).to_pool(card, order.deck, state, holder_id(s, scene), pool_allowance(s, scene))
    save_deck(order, scene, state)
    return f"puts {describe_cards([card], order.deck)} on the {place}"


def pool_allowance(s: TorgSheet, scene: Scene) -> int:
    """Cards this character may put into the pool this round (L3924-L3942): one; under a
    surprise, none for the surprised heroes in the first round (complete surprise: two
    rounds), and for heroes surprising the villains one more (complete: two more) in the first."""
    enc = scene.encounter
    surprise = str(enc.state.get("surprise", "none")) if enc is not None else "none"
    if enc is None or surprise == "none":
        return 1
    rounds = 2 if surprise.startswith("complete") else 1
    if surprise.endswith("heroes"):
        return 0 if s.side == "hero" and enc.round <= rounds else 1
    return 1 + rounds if s.side == "hero" and enc.round <= 1 else 1


def _play(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    _needs(args, "the card to play")
    state = scene_deck(order, scene)
    held = _held(s)
    attribute = args[-1].upper() if len(args) > 1 and args[-1].upper() in ATTRIBUTES else ""
    card = held.find(" ".join(args[:-1] if attribute else args), order.deck, ("pool", "table", "hand"))
    kind = order.deck.card(card).play
    info = card_types()[kind]
    if kind in ("hero", "drama"):
        raise TorgError(
            f"a {kind} card is played in a test (check WHO SKILL {kind}) or on damage (buyoff WHO {kind})"
        )
    if card in held.pool and "confused" in s.this_round:
        raise TorgError(f"{s.name} is confused this round: no cards from the pool")
    mark = kind
    if "attribute_bonus" in info:
        allowed = list(info["attributes"])
        if attribute not in allowed:
            raise TorgError(f"a {info['name'].lower()} card raises one of {', '.join(allowed)}: name it")
        mark = f"{kind}:{attribute}"
    label = describe_cards([card], order.deck)
    held.play(card, order.deck, state)
    notes = [f"plays {label}: {info['effect']}"]
    if kind in ("action", "coup_de_grace") or "attribute_bonus" in info:
        s.this_round.append(mark)
    elif kind == "seize_initiative" and scene.encounter is not None:
        scene.encounter.state["keep"] = "yes"
        notes.append("the card in effect stays next round")
    elif kind == "glory" and s.possibility_rated:
        s.possibilities.gain(3, "glory card")
        notes.append(f"+3 Possibilities ({s.possibilities.count}); gain WHO 3 glory for each other player")
    elif kind in ("subplot", "campaign") and s.possibility_rated:
        s.possibilities.gain(1, f"{kind} card discarded")
        notes.append(f"+1 Possibility ({s.possibilities.count})")
    elif kind == "rally" and state is not None:
        got = held.top_up(state, scene.rng)
        notes.append(f"draws {len(got)} to 4 (refill WHO for each other player)")
    save_deck(order, scene, state)
    return "; ".join(notes)


def _discard(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    _needs(args, "the cards to discard")
    state = scene_deck(order, scene)
    cards = _cards(s, order, args, ("hand", "pool", "table"))
    _held(s).discard(cards, state)
    save_deck(order, scene, state)
    return f"discards {describe_cards(cards, order.deck)} (hand {len(_held(s).hand)})"


def _needs_deck(order: DramaDeckOrder, s: TorgSheet, scene: Scene):
    state = scene_deck(order, scene)
    if state is None:
        raise TorgError("no drama deck: cards are drawn in an encounter once its rounds have begun")
    state.claim(_held(s).all())
    return state


def _refill(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    state = _needs_deck(order, s, scene)
    cards = _cards(s, order, args, ("hand", "pool", "table"))
    held = _held(s)
    held.discard(cards, state)
    got = held.top_up(state, scene.rng)
    save_deck(order, scene, state)
    dropped = f"discards {describe_cards(cards, order.deck)}, " if cards else ""
    return f"{dropped}draws {len(got)} to {len(held.hand)}: {describe_cards(got, order.deck)}"


def _draw(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    n, rest = _count(args)
    if rest:
        raise TorgError(f"draw takes a number of cards, not {' '.join(rest)!r}")
    state = _needs_deck(order, s, scene)
    got = _held(s).draw(state, scene.rng, n)
    save_deck(order, scene, state)
    return f"draws {describe_cards(got, order.deck)}"


def _strip(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    _needs(args, "the pool cards the GM takes")
    state = scene_deck(order, scene)
    cards = _cards(s, order, args, ("pool",))
    _held(s).strip(cards, state)
    save_deck(order, scene, state)
    return f"loses {describe_cards(cards, order.deck)} from the pool"


def _critical(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    _needs(args, "the hand cards for the critical moment")
    state = scene_deck(order, scene)
    cards = _cards(s, order, args, ("hand",))
    _held(s).critical_moment(cards, order.deck, state)
    save_deck(order, scene, state)
    return (
        f"plays the critical moment: {describe_cards(cards, order.deck)} into the pool, for {s.name}'s "
        "own action this round only (once an act)"
    )
