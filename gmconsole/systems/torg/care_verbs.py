"""Verbs for what happens between fights and beside them: the daily wound-healing roll, a
medicine roll's result points carried to it, a reality bubble, improving a character with
Possibilities, and the end of an act's awards (`recover`, `medicine`, `bubble`, `improve`,
`actend`; listed in `verb_list.VERBS`).

Each works on the copy of the sheet `verbs.perform` hands it and returns the log line; every
number typed is bounded where it is read, and an improvement past the sheet's own limits is
refused before anything is spent.
"""

from __future__ import annotations

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.advancement import attribute_cost, skill_add_cost
from gmconsole.systems.torg.check_words import find_skill
from gmconsole.systems.torg.dice import roll_d20
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.reality import BUBBLE_COST, BUBBLE_ROUNDS
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.rules_data import ATTRIBUTE_NAMES, knowledge_names, normalise, skill_info
from gmconsole.systems.torg.sheet import ADDS_MAX, ATTRIBUTE_MAX, TorgSheet
from gmconsole.systems.torg.views import damage_text


def recover(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """The daily healing roll (L741-L751): Toughness + bonus (+ the medicine result points
    waiting) vs Toughness (+3 heavy, +6 mortal); success heals one wound level."""
    given = parse_roll_words(args, scene, "usage: recover WHO [dice F...] [+N]")
    roll = roll_d20(
        possibility_rated=s.possibility_rated, dice=given.dice or None, rng=None if given.dice else scene.rng
    )
    mods = sum(m.value for m in given.modifiers)
    medicine = s.damage.medicine_bonus
    total, dn, healed = s.damage.healing_roll(roll.bonus + mods)
    faces = " ".join(map(str, roll.faces))
    extra = f" + medicine {medicine}" if medicine else ""
    verdict = "heals one wound level" if healed else "no better today"
    return (
        f"healing roll [{faces}] bonus {roll.bonus:+d}{extra}: Toughness total {total} vs {dn}: "
        f"{verdict}; {damage_text(s.damage)}"
    )


def medicine(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """A successful medicine roll on this patient today: its result points wait for the next
    healing roll (the best of the day counts)."""
    if len(args) != 1:
        raise TorgError("usage: medicine PATIENT RP (the result points of the healer's medicine roll)")
    if s.damage.wounds == 0:
        raise TorgError(f"{s.name} has no wound for medicine to treat")
    rp = whole(args[0], "the medicine result points", 0, 99)
    s.damage.medicine(rp)
    return f"medicine: +{s.damage.medicine_bonus} to the next healing roll"


def bubble(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """A reality bubble: a Possibility makes the land count as the character's own cosm for 15
    minutes (no contradiction from the land)."""
    if args:
        raise TorgError("usage: bubble WHO")
    s.possibilities.spend(BUBBLE_COST, "reality bubble")
    return (
        f"raises a reality bubble: the land is {s.cosm.replace('_', ' ')} for {BUBBLE_ROUNDS} rounds "
        f"(15 minutes); {s.possibilities.count} Possibilities left"
    )


def _improve_knowledge(s: TorgSheet, key: str, target: int | None, *, self_taught: bool) -> str:
    """An arcane knowledge's adds: bought as a skill that cannot be used unskilled."""
    now = s.knowledges.get(key, 0)
    new = target if target is not None else now + 1
    if not now < new <= ADDS_MAX:
        raise TorgError(f"{key.replace('_', ' ')} adds go up from {now}, to {ADDS_MAX} at most, not {new}")
    cost = skill_add_cost(now, new, taught=not self_taught, unskilled_ok=False)
    s.possibilities.spend(cost, f"{key.replace('_', ' ')} knowledge {now} -> {new}")
    s.knowledges = dict(sorted({**s.knowledges, key: new}.items()))
    return f"raises {key.replace('_', ' ')} knowledge {now} -> {new} for {cost} Possibilities"


def improve(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """Raise a skill's adds or an attribute, paying the book's cost in Possibilities:
    `improve WHO SKILL [N] [self] [foreign]` (adds to N, one more by default; self-taught,
    knowledge foreign to the cosm), `improve WHO ATTRIBUTE N` (3 x N)."""
    words = [a.lower() for a in args]
    self_taught, foreign = "self" in words, "foreign" in words
    words = [w for w in words if w not in ("self", "foreign")]
    target = None
    if words and words[-1][:1].isdigit():
        target = whole(words.pop(), "the new number", 1, ATTRIBUTE_MAX)
    if not words:
        raise TorgError("usage: improve WHO SKILL|ATTRIBUTE [N] [self] [foreign]")
    if normalise(" ".join(words)) in knowledge_names():
        return _improve_knowledge(s, normalise(" ".join(words)), target, self_taught=self_taught)
    what = find_skill(" ".join(words))
    if what in ATTRIBUTE_NAMES:
        now = s.attribute(what)
        new = target if target is not None else now + 1
        if new <= now:
            raise TorgError(f"{what} is already {now}")
        cost = sum(attribute_cost(v) for v in range(now + 1, new + 1))
        s.possibilities.spend(cost, f"{what} {now} -> {new}")
        setattr(s.attributes, what, new)
        return f"raises {what} {now} -> {new} for {cost} Possibilities ({s.possibilities.count} left)"
    now = s.adds(what)
    new = target if target is not None else now + 1
    if not now < new <= ADDS_MAX:
        raise TorgError(f"{what.replace('_', ' ')} adds go up from {now}, to {ADDS_MAX} at most, not {new}")
    unskilled_ok = skill_info(what)["unskilled"] != "no"
    cost = skill_add_cost(now, new, taught=not self_taught, unskilled_ok=unskilled_ok, foreign=foreign)
    s.possibilities.spend(cost, f"{what.replace('_', ' ')} adds {now} -> {new}")
    s.skills = dict(sorted({**s.skills, what: new}.items()))
    return (
        f"raises {what.replace('_', ' ')} adds {now} -> {new} for {cost} Possibilities "
        f"({s.possibilities.count} left)"
    )


def act_end(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """The end of an act: the act's Possibility award the GM gives (0 if none typed) and +1 for
    every subplot card the player has in play (on the table)."""
    if len(args) > 1:
        raise TorgError("usage: actend WHO [AWARD]")
    award = whole(args[0], "the act's award", 0, 99) if args else 0
    subplots = [c for c in s.held.table if order.deck.card(c).play == "subplot"]
    total = award + len(subplots)
    if s.cards is not None:
        s.cards.critical_used = False
    if total == 0:
        return "ends the act: no award, no subplot in play"
    if not s.possibility_rated:
        raise TorgError(f"{s.name} is an Ord and cannot hold Possibilities")
    s.possibilities.gain(total, "end of act")
    parts = [f"award {award}"] if award else []
    parts += [f"{len(subplots)} subplot(s)"] if subplots else []
    return f"ends the act: +{total} Possibilities ({', '.join(parts)}): {s.possibilities.count}"


CREATION = {"attribute_points": 66, "attribute_max": 13, "adds": 16, "adds_max": 3, "possibilities": 10}
"""A from-scratch starting character (L6710-L6714): 66 attribute points, none above 13 (Core
Earth), 16 skill adds, at most 3 in a skill and exactly the tag skill at 3, at least 1 in
reality, 10 Possibilities."""


def creation(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """Check a new character against the book's creation rules; the sheet is not changed."""
    if args:
        raise TorgError("usage: creation WHO")
    points = sum(s.attribute(a) for a in ATTRIBUTE_NAMES)
    high = [a for a in ATTRIBUTE_NAMES if s.attribute(a) > CREATION["attribute_max"]]
    adds = sum(s.skills.values())
    over = [k for k, n in s.skills.items() if n > CREATION["adds_max"]]
    tags = [k for k, n in s.skills.items() if n == CREATION["adds_max"]]
    checks = [
        (points == CREATION["attribute_points"], f"attribute points {points} (66)"),
        (not high, "no attribute above 13" if not high else f"above 13: {', '.join(high)}"),
        (adds == CREATION["adds"], f"skill adds {adds} (16)"),
        (not over, "no skill above 3 adds" if not over else f"above 3 adds: {', '.join(over)}"),
        (len(tags) >= 1, f"tag skill at 3: {', '.join(tags) or 'none'}"),
        (s.possibility_rated, "reality at least 1 add" if s.possibility_rated else "no reality add"),
        (
            s.possibilities.count == CREATION["possibilities"],
            f"{s.possibilities.count} Possibilities (10)",
        ),
    ]
    bad = [text for ok, text in checks if not ok]
    good = [text for ok, text in checks if ok]
    if not bad:
        return "a legal starting character: " + "; ".join(good)
    return (
        "not a starting character as the book builds one: "
        + "; ".join(bad)
        + " (fine: "
        + "; ".join(good)
        + ")"
    )
