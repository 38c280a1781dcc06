"""`calc KEY ARGS`: the book's lookups and small procedures a GM asks for mid-game. Every number
is read through `engine.numbers` with its bounds, so a hostile figure is refused by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.base import Calculator
from gmconsole.systems.mythmagica import procedures, rules

CALCULATORS = (
    Calculator("yield", "Attribute yield", "VALUE [basic|derived]", "percent of the human norm"),
    Calculator("guts", "Guts cost", "TOTAL THRESHOLD", "Guts to turn a failure into a bare success"),
    Calculator(
        "bid", "Guts bidding war", "OPENING [COUNTER]", "named against named: counter-bid and winning re-bid"
    ),
    Calculator("level", "Level for XP", "XP"),
    Calculator("rank", "Raw rank", "XP BASE"),
    Calculator("boss", "Boss swings", "LEVEL TARGET_LEVEL...", "swings in one flurry"),
    Calculator("cover", "Cover bonus", "EXPOSED (1/8, 0.5)", "threshold bonus for the exposed part"),
    Calculator(
        "dual", "Dual weapons", "AB1 AB2 DMG1 DMG2 PARRY1 PARRY2 [same]", "attack bonus, damage, parry"
    ),
    Calculator("mixed", "Mixed attack", "DAMAGE DAMAGE...", "one blow from several attack modes"),
    Calculator("group", "Group roll", "SIZE", "Edges (assisted) or Drawbacks (impeded), at most 4"),
    Calculator("climb", "Climb", "FEET", "Drawbacks for the height"),
    Calculator("jump", "Jump threshold", "FEET [up]", "5 + feet across, 5 + 2 x feet up"),
    Calculator("size", "Size", "SIZE [ITEM_SIZE]", "reach, footprint, vertical threat; item's relative size"),
    Calculator("move", "Movement", "SPEED [FEET]", "steps per Move, mph, impeded Speed, rounds to cover"),
    Calculator("choke", "Choking", "ROUND", "Suffocating Damage that Round (also Accursed/Blessed areas)"),
    Calculator("air", "Sealed air", "CUBIC_FEET [PEOPLE]", "hours of air; when suffocating begins"),
    Calculator("zone", "Body zone", "D6 D10"),
    Calculator(
        "harm",
        "Harm from a margin",
        "BASE MARGIN",
        "Setback of the form BASE + Margin to whoever lost the roll (climb 4, chase 7, jump 7)",
    ),
    Calculator("coin", "Coins", "COIN [SIZE]", "value in silver pieces, diameter, piece of eight"),
    Calculator("offer", "Counter-offer", "PRICE", "how far a counter-offer may move it"),
    Calculator("buy", "Attribute purchase", "BASELINE TARGET", "Attribute Bonuses with the Baseline Damper"),
    Calculator("classes", "Classes and free abilities", "LEVEL"),
    Calculator("fiat", "Difficulty", "NAME|THRESHOLD", "Overlord-fiat Threshold and Difficulty Level"),
    Calculator(
        "mods", "Temporary modifiers", "MOD MOD...", "to one attribute: the best bonus and worst penalty"
    ),
    Calculator("mooks", "Mook groups", "COUNT", "initiative groups of 3-4"),
    Calculator("morph", "Morph rank", "SPELL_RANK TARGET_LEVEL"),
    Calculator("area", "Area", "SQUARES_INSIDE FOOTPRINT_SIDE", "whether an area affects a creature"),
    Calculator("height", "Elevation chips", "FEET"),
    Calculator("magic", "Magic load", "ITEM...", "items: plain, consumable, charged, unattuned, attuned"),
    Calculator("doses", "Concoction doses", "SPELL_RANK", "doses a creating spell yields: 2 + half the rank"),
    Calculator("orders", "Conjured creatures", "COMMAND...", "Actions to give these commands"),
)
BIG = 10_000_000


def _n(text: str, what: str, low: int = 0, high: int = BIG) -> int:
    return whole(text, what, low, high)


def _need(args: Sequence[str], count: int, key: str) -> None:
    if len(args) < count:
        usage = next(c.usage for c in CALCULATORS if c.key == key)
        raise RulesError(f"usage: calc {key} {usage}")


def _yield(args: Sequence[str]) -> str:
    _need(args, 1, "yield")
    derived = any(a.lower() == "derived" for a in args[1:])
    value = _n(args[0], "the attribute", -50, 50)
    pct = rules.derived_yield(value) if derived else rules.basic_yield(value)
    return f"{'derived' if derived else 'basic'} {value:+d}: {pct:g}% of the human norm"


def _guts(args: Sequence[str]) -> str:
    _need(args, 2, "guts")
    total, threshold = _n(args[0], "total", -200, 200), _n(args[1], "threshold", -200, 200)
    return f"{total} vs {threshold}: {rules.guts_cost(total, threshold)} Guts for a bare success"


def _bid(args: Sequence[str]) -> str:
    _need(args, 1, "bid")
    opening = _n(args[0], "the opening bid", 1, rules.GUTS_MAX)
    least = procedures.min_counter_bid(opening)
    if len(args) < 2:
        return f"opening bid {opening}: the opponent may counter once with {least} or more, or let it stand"
    counter = _n(args[1], "the counter-bid", least, rules.GUTS_MAX)
    return (
        f"counter-bid {counter}: the first bidder wins by paying {procedures.winning_rebid(counter)}; "
        f"otherwise the opponent pays {counter} and the dice stand"
    )


def _boss(args: Sequence[str]) -> str:
    _need(args, 2, "boss")
    level = _n(args[0], "the attacker's Level", 0, 40)
    targets = [_n(a, "a target's Level", 0, 40) for a in args[1:21]]
    swings = rules.boss_swings(level, targets)
    more = ""
    if swings > len(targets):
        more = f" (swing {swings} at a foe of Level {level - 2 * swings} or lower earns another)"
    return f"Level {level} against {', '.join(map(str, targets))}: {swings} swings{more}"


def _fraction(text: str) -> Decimal:
    top, slash, bottom = text.partition("/")
    if slash:
        den = decimal(bottom, "the exposed part's denominator", 1, 1000)
        return decimal(top, "the exposed part", 0, 1000) / den
    return decimal(text, "the exposed part", 0, 1)


def _cover(args: Sequence[str]) -> str:
    _need(args, 1, "cover")
    bonus = procedures.cover_bonus(float(_fraction(args[0])))
    return f"exposed {args[0]}: " + (f"cover +{bonus}" if bonus else "beyond +10: cannot be hit")


def _dual(args: Sequence[str]) -> str:
    _need(args, 6, "dual")
    ab1, ab2 = _n(args[0], "attack bonus", -50, 100), _n(args[1], "attack bonus", -50, 100)
    d1, d2 = _n(args[2], "damage", 0, 1000), _n(args[3], "damage", 0, 1000)
    p1, p2 = _n(args[4], "parry", 0, 50), _n(args[5], "parry", 0, 50)
    same = len(args) > 6 and args[6].lower() == "same"
    return (
        f"dual weapons: attack bonus {procedures.dual_attack_bonus(ab1, ab2, same):+d}, "
        f"damage {procedures.dual_damage(max(d1, d2), min(d1, d2))}, parry {procedures.dual_parry(p1, p2)}"
    )


def _mixed(args: Sequence[str]) -> str:
    _need(args, 1, "mixed")
    damages = [_n(a, "damage", 0, 10_000) for a in args[:12]]
    return (
        f"mixed attack {'/'.join(map(str, damages))}: damage {rules.mixed_damage(damages)} (+ ST for melee)"
    )


def _group(args: Sequence[str]) -> str:
    _need(args, 1, "group")
    size = _n(args[0], "the group's size", 1, 4)
    return f"a group of {size}: {rules.group_edges(size)} Edge(s) assisted, as many Drawbacks impeded"


def _climb(args: Sequence[str]) -> str:
    _need(args, 1, "climb")
    feet = _n(args[0], "the height", 0, 100_000)
    drawbacks = procedures.climb_drawbacks(feet)
    return f"a {feet} ft climb: {drawbacks} Drawback(s) (Climbing Surface table for the threshold)"


def _jump(args: Sequence[str]) -> str:
    _need(args, 1, "jump")
    feet = _n(args[0], "the distance", 0, 1000)
    up = any(a.lower() == "up" for a in args[1:])
    return f"a {feet} ft jump {'up' if up else 'across'}: threshold {procedures.jump_threshold(feet, up)}"


def _size(args: Sequence[str]) -> str:
    _need(args, 1, "size")
    size = procedures.SIZES[procedures.size_index(args[0][:20])]
    text = (
        f"{size}: reach {procedures.reach_ft(size)} ft, footprint {procedures.footprint_squares(size)} "
        f"square(s) a side, threatens {procedures.vertical_threat_ft(size)} ft up"
    )
    if len(args) > 1:
        item = procedures.SIZES[procedures.size_index(args[1][:20])]
        word, usable = procedures.relative_size(size, item)
        squeeze = procedures.can_squeeze(size, item)
        text += (
            f"; a {item} item is {word} ({'usable' if usable else 'unusable'})"
            f"; a {item} space {'can' if squeeze else 'cannot'} be squeezed through"
        )
    return text


def _move(args: Sequence[str]) -> str:
    _need(args, 1, "move")
    speed = _n(args[0], "Speed", 1, 10_000)
    text = (
        f"Speed {speed}: {procedures.steps_per_move(speed)} steps per Move, about "
        f"{procedures.speed_mph(speed)} mph, {procedures.impeded_speed(speed)} in Impeding Terrain"
    )
    if len(args) > 1:
        feet = _n(args[1], "the distance", 0, BIG)
        text += f"; {feet} ft takes {procedures.rounds_to_cover(feet, speed)} Move(s)"
    return text


def _choke(args: Sequence[str]) -> str:
    _need(args, 1, "choke")
    n = _n(args[0], "the Round", 1, 1000)
    total = sum(procedures.ramping_damage(r) for r in range(1, n + 1))
    return f"Round {n}: {procedures.ramping_damage(n)} Suffocating Damage ({total} so far)"


def _air(args: Sequence[str]) -> str:
    _need(args, 1, "air")
    volume = _n(args[0], "the volume", 1, 10**9)
    people = _n(args[1], "people", 1, 10_000) if len(args) > 1 else 1
    hours, start = procedures.air_hours(volume, people)
    return f"{volume} cu ft for {people}: air lasts {hours:g} hours; suffocating begins after {start:g} hours"


def _zone(args: Sequence[str]) -> str:
    _need(args, 2, "zone")
    return f"Body Zone {procedures.body_zone(_n(args[0], 'the d6', 1, 6), _n(args[1], 'the d10', 1, 10))}"


def _harm(args: Sequence[str]) -> str:
    _need(args, 2, "harm")
    base, margin = _n(args[0], "the base", 0, 1000), _n(args[1], "the margin", -1000, 1000)
    return f"{base} + |{margin}|: {procedures.harm_from_margin(base, margin)} Setback"


def _coin(args: Sequence[str]) -> str:
    _need(args, 1, "coin")
    size = args[1][:20] if len(args) > 1 else "Medium"
    metal = args[0][:20]
    value = procedures.coin_value(metal, size)
    return (
        f"a {size} {metal}: {value:g} sp, {procedures.coin_diameter_in(size):g} in across; "
        f"a Medium one's eighth is worth {procedures.piece_of_eight(metal):g} sp"
    )


def _offer(args: Sequence[str]) -> str:
    _need(args, 1, "offer")
    price = float(decimal(args[0], "the price", 0, BIG))
    low, high = procedures.counter_offer_range(price)
    return f"price {price:g}: a counter-offer may run from {low:g} to {high:g}"


def _buy(args: Sequence[str]) -> str:
    _need(args, 2, "buy")
    base, target = _n(args[0], "the baseline", -50, 50), _n(args[1], "the target", -50, 50)
    if target < base:
        raise RulesError(f"the target must be at least the baseline {base}, got {target}")
    cost = rules.purchase_cost(base, target)
    return f"{base:+d} to {target:+d}: {cost} Attribute Bonuses (damper {base + 3:+d})"


def _classes(args: Sequence[str]) -> str:
    _need(args, 1, "classes")
    level = _n(args[0], "the Level", 0, 20)
    return (
        f"Level {level}: at most {rules.max_classes(level)} classes, {level} Attribute Bonuses, "
        f"{procedures.bonus_abilities(level)} free Schooled abilities (odd levels)"
    )


def _fiat(args: Sequence[str]) -> str:
    _need(args, 1, "fiat")
    text = args[0]
    threshold = (
        procedures.fiat_threshold(text)
        if not text.lstrip("+-").isdigit()
        else _n(text, "the threshold", 0, 1000)
    )
    return f"threshold {threshold}: Difficulty Level {procedures.difficulty_level(threshold)} (for XP)"


def _mods(args: Sequence[str]) -> str:
    _need(args, 1, "mods")
    values = [_n(a, "a modifier", -50, 50) for a in args[:20]]
    return (
        f"modifiers {' '.join(f'{v:+d}' for v in values)}: {procedures.strongest_modifier(values):+d} apply"
    )


def _mooks(args: Sequence[str]) -> str:
    _need(args, 1, "mooks")
    groups = procedures.mook_groups(_n(args[0], "mooks", 0, 1000))
    return f"{len(groups)} group(s): {', '.join(map(str, groups)) or 'none'}"


def _morph(args: Sequence[str]) -> str:
    _need(args, 2, "morph")
    rank, level = _n(args[0], "spell rank", 0, 100), _n(args[1], "target Level", 0, 40)
    return f"the morph works at rank {procedures.effective_morph_rank(rank, level)}"


def _area(args: Sequence[str]) -> str:
    _need(args, 2, "area")
    inside, side = _n(args[0], "squares inside", 0, 10_000), _n(args[1], "footprint side", 1, 100)
    hit = "affected" if procedures.area_affects(inside, side) else "not affected"
    return f"{inside} of {side * side} squares inside: {hit}"


def _height(args: Sequence[str]) -> str:
    _need(args, 1, "height")
    feet = _n(args[0], "the height", 0, 100_000)
    return f"{feet} ft: chips {' + '.join(procedures.elevation_chips(feet)) or 'none'}"


ITEMS = {
    "plain": {},
    "consumable": {"consumable": True},
    "charged": {"charges": True},
    "unattuned": {"needs_attunement": True},
    "attuned": {"needs_attunement": True, "attuned": True},
}


def _magic(args: Sequence[str]) -> str:
    _need(args, 1, "magic")
    bad = [a for a in args if a.lower() not in ITEMS]
    if bad:
        raise RulesError(f"unknown item kind {bad[0][:20]!r} (kinds: {', '.join(ITEMS)})")
    return (
        f"{procedures.magic_load(ITEMS[a.lower()] for a in args[:100])} count toward the Magic Limit (WS + 4)"
    )


def _orders(args: Sequence[str]) -> str:
    _need(args, 1, "orders")
    return f"{procedures.command_actions(a.lower() for a in args[:100])} Action(s): one per distinct command"


def _doses(args: Sequence[str]) -> str:
    _need(args, 1, "doses")
    rank = _n(args[0], "spell rank", 0, 100)
    return f"rank {rank}: {2 + rank // 2} doses"


def _level(args: Sequence[str]) -> str:
    _need(args, 1, "level")
    xp = _n(args[0], "XP", 0, 10**11)
    return f"{xp} XP: Level {rules.level_for_xp(xp)}"


def _rank(args: Sequence[str]) -> str:
    _need(args, 2, "rank")
    xp, base = _n(args[0], "XP", 0, 10**11), _n(args[1], "the base", 1, 10_000)
    return f"{xp} XP at base {base}: raw rank {rules.raw_rank(xp, base)}"


RUN: dict[str, Callable[[Sequence[str]], str]] = {
    "yield": _yield,
    "guts": _guts,
    "bid": _bid,
    "level": _level,
    "rank": _rank,
    "boss": _boss,
    "cover": _cover,
    "dual": _dual,
    "mixed": _mixed,
    "group": _group,
    "climb": _climb,
    "jump": _jump,
    "size": _size,
    "move": _move,
    "choke": _choke,
    "air": _air,
    "zone": _zone,
    "harm": _harm,
    "coin": _coin,
    "offer": _offer,
    "buy": _buy,
    "classes": _classes,
    "fiat": _fiat,
    "mods": _mods,
    "mooks": _mooks,
    "morph": _morph,
    "area": _area,
    "height": _height,
    "magic": _magic,
    "orders": _orders,
    "doses": _doses,
}


def calculate(key: str, args: Sequence[str]) -> str:
    if key not in RUN:
        raise RulesError(f"unknown calculator {key!r} (calculators: {', '.join(RUN)})")
    return RUN[key](list(args))
