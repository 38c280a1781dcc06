"""Smaller Mythmagica procedures: sizes and reach, internal damage, cover, dual wielding,
resistances, surprise, athletics thresholds, the Guts bidding war, per-round hazards,
resizing, XP awards and coins.

Rulings taken where the book is unclear:

- "Fails by N" in the Guts rules means "needs N more to succeed" (threshold + 1 - total).
- Margins that add harm to the side that lost a roll count their absolute value.
- Halving damage or setback rounds down (at least 1 when any got through).
- Resizing across Wee, Yar and Zot counts Yar as a step.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.booktables import named_rows, table_rows

# ---------------------------------------------------------------------- sizes

SIZES = ("Zot", "Yar", "Wee", "Ultratiny", "Tiny", "Small", "Medium", "Large", "Great", "Epic",
         "Colossal", "Astronomical")
"""Smallest to largest; each step doubles linear size."""


def size_index(size: str) -> int:
    """Position of a size category on the ladder (Medium is 6)."""
    key = size.strip().lower()
    for i, name in enumerate(SIZES):
        if name.lower() == key or name[0].lower() == key:
            return i
    raise RulesError(f"unknown size {size!r} (sizes: {', '.join(SIZES)})")


def size_steps(from_size: str, to_size: str) -> int:
    """Size steps from one category to another (positive when `to_size` is larger)."""
    return size_index(to_size) - size_index(from_size)


def reach_ft(size: str) -> int:
    """Reach, the side of the footprint: 5 ft for Medium and smaller, doubling per step above."""
    return 5 * 2 ** max(0, size_steps("Medium", size))


def footprint_squares(size: str) -> int:
    """Squares along one side of a creature's battle-grid footprint (Medium and smaller: 1)."""
    return reach_ft(size) // 5


def vertical_threat_ft(size: str) -> int:
    """How high above its base a creature threatens: its height (= width) plus its reach."""
    return 2 * reach_ft(size)


def relative_size(user_size: str, item_size: str) -> tuple[str, bool]:
    """The term for an item's size relative to its user and whether it is usable at all
    (Undersize, Proportional and Oversize are; anything with a "Very" is not)."""
    diff = size_steps(user_size, item_size)
    if diff == 0:
        return "Proportional", True
    word = "Oversize" if diff > 0 else "Undersize"
    verys = ", ".join(["Very"] * (abs(diff) - 1))
    return (f"{verys} {word}" if verys else word), abs(diff) == 1


def can_squeeze(creature_size: str, space_size: str) -> bool:
    """A creature may squeeze through a space one size category smaller than itself (at half
    Speed, with a Drawback on Agility rolls)."""
    return 0 <= size_steps(space_size, creature_size) <= 1


# ---------------------------------------------------------------------- combat

INTERNAL_IMMUNITY_STEPS = 3


def internal_damage(margin: int, weapon_size: str = "Medium", target_size: str = "Medium",
                    has_organs: bool = True) -> int:
    """Internal (margin) damage of a hit: the margin, unless the target has no internal organs or
    is 3 or more size categories larger than the weapon."""
    if margin <= 0 or not has_organs:
        return 0
    if size_steps(weapon_size, target_size) >= INTERNAL_IMMUNITY_STEPS:
        return 0
    return margin


MAX_COVER = 10
SHIELD_COVER = {"undersize": 1, "proportional": 2, "oversize": 3}


def cover_bonus(exposed: float) -> int | None:
    """Threshold bonus for cover: the denominator of the exposed fraction rounded to 1/n (slight
    cover counts as 1/1, +1). None means cover beyond +10: the covered side succeeds
    automatically (the target cannot be hit)."""
    if not 0 <= exposed <= 1:
        raise RulesError(f"the exposed part is a fraction from 0 to 1, got {exposed}")
    if exposed == 0:
        return None
    n = max(1, round(1 / exposed))
    return n if n <= MAX_COVER else None


def shield_cover(relative: str) -> int:
    """Cover a shield counts as: Undersize +1, Proportional +2, Oversize +3."""
    key = relative.strip().lower()
    if key not in SHIELD_COVER:
        raise RulesError(f"a usable shield is Undersize, Proportional or Oversize, got {relative!r}")
    return SHIELD_COVER[key]


def dual_attack_bonus(ab1: int, ab2: int, same_type: bool) -> int:
    """Attack bonus with two weapons: the lower one, +1 synergy when the weapons differ."""
    return min(ab1, ab2) + (0 if same_type else 1)


def dual_damage(primary: int, secondary: int) -> int:
    """Damage (or Setback) with two weapons: the primary's plus half the secondary's, rounded
    down."""
    return primary + secondary // 2


def dual_parry(parry1: int, parry2: int) -> int:
    """Parry with two weapons: the better one + 1."""
    return max(parry1, parry2) + 1


RESISTANCE = {
    "immune": (0, 1), "highly resistant": (1, 2), "resistant": (1, 2), "affected": (1, 1),
    "sensitive": (2, 1), "highly sensitive": (2, 1),
}


def resist_scale(amount: int, resistance: str = "affected") -> int:
    """Damage or Setback after a resistance: Resistant halves (rounded down, at least 1 when any
    got through), Sensitive doubles, Immune takes none. The "highly" degrees scale the same and
    add an Edge or Drawback to the roll instead."""
    key = resistance.strip().lower()
    if key not in RESISTANCE:
        raise RulesError(f"unknown resistance {resistance!r} (known: {', '.join(RESISTANCE)})")
    if amount <= 0:
        return 0
    num, den = RESISTANCE[key]
    if num == 0:
        return 0
    return max(1, amount * num // den)


def harm_from_margin(base: int, margin: int) -> int:
    """Harm of the form "base plus the margin" dealt to the side that lost a roll: the margin
    counts its absolute value, so a worse failure hurts more."""
    return base + abs(margin)


def ability_setback_cost(base: int, attribute: int) -> int:
    """A Setback cost of the form "base minus an attribute (minimum 1)"."""
    return max(1, base - attribute)


# ---------------------------------------------------------------------- initiative

SURPRISE_GAP = 5


def surprised(unaware_total: int, other_total: int) -> bool:
    """An unaware side is Surprised when it loses the opening roll by 5 or more."""
    return other_total - unaware_total >= SURPRISE_GAP


def mook_groups(count: int, largest: int = 4) -> list[int]:
    """Split identical mooks into initiative groups of at most `largest` (3-4 each when there
    are enough), as even as possible."""
    if count < 0:
        raise RulesError(f"a number of mooks cannot be negative, got {count}")
    if count == 0:
        return []
    n = math.ceil(count / largest)
    return [count // n + (1 if i < count % n else 0) for i in range(n)]


# ---------------------------------------------------------------------- athletics and movement

CLIMB_FREE_FT = 20


def climb_drawbacks(feet: int) -> int:
    """Drawbacks for a long climb: one per doubling beyond 20 ft (21-40: 1, 41-80: 2 ...)."""
    n = 0
    while CLIMB_FREE_FT * 2**n < feet:
        n += 1
    return n


def jump_threshold(feet: int, vertical: bool = False) -> int:
    """Threshold of a jump: 5 + feet across, 5 + twice the feet up."""
    return 5 + (2 * feet if vertical else feet)


def steps_per_move(speed: int) -> int:
    """Grid squares per Move: Speed / 5."""
    return speed // 5


def impeded_speed(speed: int) -> int:
    """Speed across Impeding Terrain: half (flyers are unaffected)."""
    return speed // 2


def rounds_to_cover(distance_ft: int, speed: int) -> int:
    """Rounds (one Move each) needed to cover a distance."""
    if speed <= 0:
        raise RulesError(f"speed must be positive, got {speed}")
    return math.ceil(distance_ft / speed)


def speed_mph(feet_per_round: int) -> int:
    """Feet per 6-second Round as miles per hour, to the nearest whole mile."""
    return round(feet_per_round * 600 / 5280)


def area_affects(squares_inside: int, footprint_side: int) -> bool:
    """An area (e.g. Slick ground) affects a creature with at least half its footprint in it."""
    return 2 * squares_inside >= footprint_side**2


ELEVATION_CHIPS = (("blue", 4), ("red", 2), ("white", 1))


def elevation_chips(height_ft: int) -> list[str]:
    """Chips marking a flyer's height in Stories (10 ft) above the lowest ground on the map:
    blue 4, red 2, white 1."""
    stories = height_ft // 10
    chips: list[str] = []
    for colour, value in ELEVATION_CHIPS:
        while stories >= value:
            chips.append(colour)
            stories -= value
    return chips


def body_zone(d6: int, d10: int) -> int:
    """Body Zone 1-30 from a d6 and a d10: the d6 picks +0, +10 or +20, the d10 adds 1-10."""
    if not (1 <= d6 <= 6 and 1 <= d10 <= 10):
        raise RulesError(f"a d6 shows 1-6 and a d10 1-10, got {d6} and {d10}")
    return 10 * ((d6 - 1) // 2) + d10


# ---------------------------------------------------------------------- per-round hazards


def ramping_damage(round_number: int) -> int:
    """Damage of a hazard that grows by 2 each Round (choking; staying in a Blessed or Accursed
    area after the 2 taken on entering): 2, 4, 6 ..."""
    if round_number < 1:
        raise RulesError(f"rounds count from 1, got {round_number}")
    return 2 * round_number


AIR_PER_PERSON_HOUR = 10


def air_hours(volume_cu_ft: float, people: int = 1) -> tuple[float, float]:
    """Hours a sealed space's air lasts for `people` human-sized creatures, and the hour at which
    suffocating damage begins (a quarter of the air used)."""
    if people < 1:
        raise RulesError(f"at least one creature breathes the air, got {people}")
    total = volume_cu_ft / (AIR_PER_PERSON_HOUR * people)
    return total, total / 4


# ---------------------------------------------------------------------- Guts bidding war


def min_counter_bid(opening_bid: int) -> int:
    """The least an opponent may counter-bid: one more than the opening bid."""
    return opening_bid + 1


def winning_rebid(counter_bid: int) -> int:
    """What the first bidder pays to win after a counter-bid: one more than the counter."""
    return counter_bid + 1


# ---------------------------------------------------------------------- advancement and XP


def bonus_abilities(level: int) -> int:
    """Free Schooled abilities earned by odd levels up to `level` (1, 3, 5 ...)."""
    return (max(0, level) + 1) // 2


def difficulty_level(threshold: int) -> int:
    """The Level of a barrier or fiat task: its Threshold - 10."""
    return threshold - 10


def fiat_threshold(difficulty: str) -> int:
    """The Overlord-fiat Threshold of a named difficulty (Trivial ... Herculean)."""
    rows = named_rows("advancement.toml", "Overlord Fiat Threshold")
    key = difficulty.strip().lower()
    if key not in rows:
        known = ", ".join(str(r[0]) for r in rows.values())
        raise RulesError(f"unknown difficulty {difficulty!r} (known: {known})")
    return int(rows[key][1])


def strongest_modifier(modifiers: Iterable[int]) -> int:
    """Temporary modifiers to one basic attribute do not stack: the largest bonus and the worst
    penalty apply."""
    mods = list(modifiers)
    return max((m for m in mods if m > 0), default=0) + min((m for m in mods if m < 0), default=0)


def _xp_row(level: int) -> tuple[int, ...]:
    rows = {int(r[0]): tuple(int(x) for x in r) for r in table_rows("advancement.toml", "XP rewards")}
    if level not in rows:
        raise RulesError(f"the XP table runs from Level {min(rows)} to {max(rows)}, got {level}")
    return rows[level]


def milestone_award(party_level: int, guts_spent: int) -> int:
    """XP at a Milestone: the party Level's share times the Avatar's Glory Status."""
    return int(_xp_row(party_level)[1]) * rules.glory_status(guts_spent)


def chapter_award(party_level: int, guts_spent: int) -> int:
    """XP at the end of a Chapter: the party Level's share times the Avatar's Glory Status."""
    return int(_xp_row(party_level)[2]) * rules.glory_status(guts_spent)


def encounter_basis(party_level: int, foe_level: int, extended: bool) -> int:
    """XP basis of one defeated foe or barrier: its Level capped at the party's, single-roll or
    extended column."""
    row = _xp_row(min(party_level, foe_level))
    return int(row[4] if extended else row[3])


def encounter_award(party_level: int, foes: Sequence[tuple[int, bool]], participants: int,
                    guts_spent: int) -> float:
    """XP of one Avatar in encounter mode: the foes' bases summed, shared among the
    participants, times the Avatar's Glory Status (fractions kept until the final award)."""
    if participants < 1:
        raise RulesError(f"at least one participant shares the XP, got {participants}")
    total = sum(encounter_basis(party_level, lvl, ext) for lvl, ext in foes)
    return total / participants * rules.glory_status(guts_spent)


# ---------------------------------------------------------------------- magic and resizing


def effective_morph_rank(spell_rank: int, target_level: int) -> int:
    """A morphing spell works at no more than the target creature's Level."""
    return min(spell_rank, target_level)


RESIZE_BASICS = {"TN": -2, "ST": -6, "AG": 6, "CR": 2}
"""Change to each basic attribute per size step shrunk (enlarging reverses the signs)."""


def resize_basics(basics: dict[str, int], steps: int) -> dict[str, int]:
    """Basic attributes after resizing `steps` categories (negative shrinks, positive enlarges)."""
    out = dict(basics)
    for key, per_shrink in RESIZE_BASICS.items():
        out[key] = out.get(key, 0) - per_shrink * steps
    return out


def resized_hp(max_hp: int, current_hp: int, new_max: int) -> int:
    """Current HP after a size change: the same fraction of the new maximum, rounded down."""
    if max_hp <= 0:
        raise RulesError(f"max HP must be positive, got {max_hp}")
    return current_hp * new_max // max_hp


def magic_load(items: Iterable[dict[str, bool]]) -> int:
    """Magic items counting toward the Magic Limit: not consumables or charged items, and items
    needing attunement only once attuned (siphoning items need it)."""
    n = 0
    for item in items:
        if item.get("consumable") or item.get("charges"):
            continue
        if item.get("needs_attunement") and not item.get("attuned"):
            continue
        n += 1
    return n


def command_actions(commands: Iterable[str]) -> int:
    """Actions a conjurer spends ordering creatures: one per distinct command."""
    return len(set(commands))


# ---------------------------------------------------------------------- money

COIN_VALUES_SP = {"tp": 1 / 64, "cp": 1 / 8, "sp": 1, "ep": 8, "gp": 64, "op": 64, "np": 512}


def coin_value(metal: str, size: str = "Medium") -> float:
    """Value in (Medium) silver pieces of one coin: x8 per metal grade, x8 per size step."""
    key = metal.strip().lower()
    if key not in COIN_VALUES_SP:
        raise RulesError(f"unknown coin {metal!r} (coins: {', '.join(COIN_VALUES_SP)})")
    return COIN_VALUES_SP[key] * 8 ** size_steps("Medium", size)


def coin_diameter_in(size: str) -> float:
    """A coin's diameter in inches: 1 for Medium, doubling per size step."""
    return float(2 ** size_steps("Medium", size))


def piece_of_eight(metal: str) -> float:
    """Value in silver pieces of an eighth cut from a coin."""
    return coin_value(metal) / 8


COUNTER_OFFER_SWING = 0.2


def counter_offer_range(price: float) -> tuple[float, float]:
    """How far a counter-offer may move a price: 20% either way."""
    return price * (1 - COUNTER_OFFER_SWING), price * (1 + COUNTER_OFFER_SWING)
