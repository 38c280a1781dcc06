"""The core rules of the conflict roll, Guts and Glory, attributes, ranks and damage.

Procedures live here; the printed tables are read from ``data/*.toml``. Rulings taken where the
book contradicts itself:

- Raw Stability is 10 + Toughness + Perception (the creature stat blocks only fit that).
- The Guts cost to turn a failure into a bare success is threshold + 1 - total (every worked
  example charges that, so a tie costs 1).
- Raw ranks come from the cost formula (base x 2^(rank-1)), not from a misprinted cell.
- Natural Ward above Toughness 12 goes on at +1 per point (Toughness - 4).
- A natural 20 succeeds by at least 2 and a natural 1 fails by at least 2, even on a tie.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica.booktables import int_lookup, range_lookup, ranges

BASICS = ("TN", "ST", "AG", "CR", "PC", "HT", "IN")
BASIC_NAMES = {
    "TN": "Toughness", "ST": "Strength", "AG": "Agility", "CR": "Craftiness",
    "PC": "Perception", "HT": "Heart", "IN": "Intelligence",
}
DERIVED_NAMES = {
    "AC": "Acumen", "BR": "Brawn", "CH": "Charisma", "GR": "Grace", "VG": "Vigor", "WS": "Wisdom",
}
TIERS = ("pure success", "bare success", "bare failure", "pure failure")
GUTS_MAX = 63
MAX_DICE = 3


@dataclass(frozen=True)
class ConflictResult:
    """One judged conflict roll. `success` is None for a tie to re-roll (margin 0; its tier
    reads "bare failure" because a tie is not a success until re-rolled or bought with Guts)."""

    success: bool | None
    margin: int
    tier: str
    natural: bool
    total: int = 0


def dice_count(net_edges: int) -> int:
    """How many d20s a roll with `net_edges` (edges minus drawbacks) uses: 1 to 3."""
    return 1 + min(abs(net_edges), MAX_DICE - 1)


def kept_die(dice: Sequence[int], net_edges: int) -> int:
    """The die a roll keeps: the highest with net edges, the lowest with net drawbacks.

    `dice` holds exactly 1 + min(|net|, 2) d20s; a net beyond +-2 still means three dice."""
    need = dice_count(net_edges)
    if len(dice) != need:
        raise RulesError(f"a roll with net edges {net_edges:+d} uses {need} d20, got {len(dice)}")
    for face in dice:
        if not 1 <= face <= 20:
            raise RulesError(f"a d20 shows 1-20, got {face}")
    if net_edges > 0:
        return max(dice)
    if net_edges < 0:
        return min(dice)
    return dice[0]


def tier_for(margin: int) -> str:
    """One of `TIERS`: pure (by 2 or more) or bare (by 1) success or failure."""
    if margin > 0:
        return TIERS[0] if margin >= 2 else TIERS[1]
    return TIERS[2] if margin >= -1 else TIERS[3]


def conflict_result(kept_die: int, adjustments: int, threshold: int) -> ConflictResult:
    """Judge a kept d20 + adjustments against a threshold.

    A natural 20 succeeds (margin at least +2) and a natural 1 fails (margin at most -2); the
    natural is decided before a tie. Otherwise a total above the threshold succeeds, below
    fails, and an exact tie is re-rolled (success None, margin 0)."""
    if not 1 <= kept_die <= 20:
        raise RulesError(f"a d20 shows 1-20, got {kept_die}")
    total = kept_die + adjustments
    margin = total - threshold
    if kept_die == 20:
        margin = max(margin, 2)
        return ConflictResult(True, margin, tier_for(margin), True, total)
    if kept_die == 1:
        margin = min(margin, -2)
        return ConflictResult(False, margin, tier_for(margin), True, total)
    if margin == 0:
        return ConflictResult(None, 0, "bare failure", False, total)
    return ConflictResult(margin > 0, margin, tier_for(margin), False, total)


# ---------------------------------------------------------------------- Guts and Glory


def guts_cost(total: int, threshold: int) -> int:
    """Guts to turn a failed roll into a bare success: threshold + 1 - total (0 when the roll
    already succeeds). A defender calls it with its own threshold as `total` and the attack
    total as `threshold` (an attack hitting by 13 costs the defender 14)."""
    return max(0, threshold + 1 - total)


def _check_spent(guts_spent: int) -> None:
    if not 0 <= guts_spent <= GUTS_MAX:
        raise RulesError(f"Guts spent must be 0-{GUTS_MAX}, got {guts_spent}")


def glory_status(guts_spent: int) -> int:
    """Glory Status 1-6 from the Guts spent (0-63)."""
    _check_spent(guts_spent)
    return int(range_lookup("advancement.toml", "Glory Status", guts_spent))


def glory_band(status: int) -> tuple[int, int]:
    """The lowest and highest Guts spent of a Glory Status."""
    for lo, hi, value in ranges("advancement.toml", "Glory Status"):
        if value == status:
            return lo, int(hi if hi is not None else GUTS_MAX)
    raise RulesError(f"Glory Status runs 1-6, got {status}")


def minor_refresh(guts_spent: int) -> int:
    """Guts spent after a minor refresh: the bottom of the current Glory Status band."""
    return glory_band(glory_status(guts_spent))[0]


def guts_it(guts_spent: int) -> int:
    """Guts spent after "Guts it" on a hidden roll: the top of the current band, or the top of
    the next band when already at the top. The roll then counts as a bare success."""
    status = glory_status(guts_spent)
    top = glory_band(status)[1]
    if guts_spent < top:
        return top
    if status == 6:
        raise RulesError(f"cannot Guts it: Guts spent is already {GUTS_MAX}")
    return glory_band(status + 1)[1]


# ---------------------------------------------------------------------- attributes


def basic_yield(value: int) -> float:
    """Percent of the human norm for a basic attribute (doubles every 4 points)."""
    row = int_lookup("attributes.toml", "Attribute Yield", 1).get(value)
    return float(row) if row is not None else _three_figures(100 * 2 ** (value / 4))


def derived_yield(value: int) -> float:
    """Percent of the human norm for a derived attribute (doubles every 8 points)."""
    row = int_lookup("attributes.toml", "Attribute Yield", 2).get(value)
    return float(row) if row is not None else _three_figures(100 * 2 ** (value / 8))


def _three_figures(x: float) -> float:
    digits = 3 - math.floor(math.log10(abs(x))) - 1
    return float(round(x, digits))


def _half_up(x: float) -> int:
    return math.floor(x + 0.5)


def points_for(value: int) -> int:
    """HP from Brawn or FP from Wisdom (one table); 32 x 2^(n/8) between printed rows."""
    row = int_lookup("attributes.toml", "Fate Points and Hit Points").get(value)
    return int(row) if row is not None else max(1, _half_up(32 * 2 ** (value / 8)))


def raw_speed(value: int) -> int:
    """Raw Speed in feet from Vigor + Perception; 30 x 2^(n/12) to the nearest 5 between rows."""
    row = int_lookup("attributes.toml", "Raw Speed").get(value)
    return int(row) if row is not None else max(5, 5 * _half_up(30 * 2 ** (value / 12) / 5))


def natural_ward(toughness: int) -> int:
    """Natural Ward from Toughness; above the printed rows, Toughness - 4; below them, 0."""
    rows = ranges("attributes.toml", "Natural Ward")
    top = max(hi for _, hi, _ in rows if hi is not None)
    if toughness > top:
        return toughness - 4
    if toughness < min(lo for lo, _, _ in rows):
        return 0
    return int(range_lookup("attributes.toml", "Natural Ward", toughness))


def derived_attributes(basics: Mapping[str, int]) -> dict[str, int]:
    """Every derived attribute from the seven basics (a missing key counts 0)."""
    b = {k: int(basics.get(k, 0)) for k in BASICS}
    out = {
        "AC": b["CR"] + b["PC"],
        "BR": b["TN"] + b["ST"],
        "CH": b["HT"] + b["IN"],
        "GR": b["AG"] + b["CR"],
        "VG": b["ST"] + b["AG"],
        "WS": b["PC"] + b["HT"],
    }
    out["HP"] = points_for(out["BR"])
    out["FP"] = points_for(out["WS"])
    out["DHR"] = max(1, _half_up(out["HP"] / 7))
    out["magic_limit"] = out["WS"] + 4
    out["RD"] = 10 + b["TN"] + b["AG"]
    out["RS"] = 10 + b["TN"] + b["PC"]
    out["raw_speed"] = raw_speed(out["VG"] + b["PC"])
    out["natural_ward"] = natural_ward(b["TN"])
    return out


def attribute_check_bonus(basics: Mapping[str, int], names: Sequence[str]) -> int:
    """The roll adjustment of an attribute check: one basic attribute named alone counts
    double; otherwise each named basic or derived attribute counts once. Level and ranks
    never count."""
    if not names:
        raise RulesError("an attribute check names at least one attribute")
    derived = derived_attributes(basics)
    keys = [n.upper() for n in names]
    values: list[int] = []
    for key in keys:
        if key in BASICS:
            values.append(int(basics.get(key, 0)))
        elif key in DERIVED_NAMES:
            values.append(derived[key])
        else:
            known = ", ".join((*BASICS, *DERIVED_NAMES))
            raise RulesError(f"an attribute check cannot use {key!r} (attributes: {known})")
    if len(keys) == 1 and keys[0] in BASICS:
        return 2 * values[0]
    return sum(values)


# ---------------------------------------------------------------------- advancement


def level_for_xp(xp: int) -> int:
    """Level from total XP: 16 XP for Level 1, doubling per level, capped at 20."""
    if xp < 0:
        raise RulesError(f"XP cannot be negative, got {xp}")
    return min(20, (xp // 16).bit_length())


def raw_rank(spent_xp: int, base: int) -> int:
    """Raw rank from XP spent on an ability: 0 below the base, else floor(log2(spent/base)) + 1."""
    if base <= 0:
        raise RulesError(f"an ability's base must be positive, got {base}")
    if spent_xp < 0:
        raise RulesError(f"XP spent cannot be negative, got {spent_xp}")
    return (spent_xp // base).bit_length()


def rank_bonus(degrees: Iterable[str]) -> int:
    """The highest rank bonus among the degrees held (never summed); 0 with none."""
    table = {k: int(v[1]) for k, v in _degree_rows().items()}
    best = 0
    for degree in degrees:
        key = degree.strip().lower()
        if key not in table:
            raise RulesError(f"unknown degree {degree!r} (degrees: {', '.join(d.title() for d in table)})")
        best = max(best, table[key])
    return best


def _degree_rows() -> dict[str, tuple]:
    from gmconsole.systems.mythmagica.booktables import named_rows

    return named_rows("advancement.toml", "Rank Bonus")


def max_classes(level: int) -> int:
    """How many classes a character of `level` may hold: 1 + floor(level / 2)."""
    return 1 + level // 2


def purchase_cost(baseline: int, target: int) -> int:
    """Attribute Bonuses to raise a basic attribute from its baseline: 1 per point up to the
    damper (baseline + 3), 2 per point above it."""
    damper = baseline + 3
    return sum(1 if v <= damper else 2 for v in range(baseline + 1, target + 1))


# ---------------------------------------------------------------------- combat


def damage(weapon_damage: int, strength: int, margin: int, ward: int) -> int:
    """Damage of a hit: weapon damage + Strength (only when positive) + margin damage - Ward,
    at least 1. Doubling on a natural 20 and resistances are the caller's."""
    return max(1, weapon_damage + max(0, strength) + margin - ward)


def setback(weapon_setback: int, craftiness: int, margin: int) -> int:
    """Setback of an entrapment hit: weapon Setback + Craftiness (only when positive) + margin;
    Ward does not reduce it."""
    return max(0, weapon_setback + max(0, craftiness) + margin)


def boss_swings(attacker_level: int, target_levels: Sequence[int]) -> int:
    """Swings in one assault: the k-th swing earns another when its target's Level is at most
    the attacker's Level - 2k. It stops at the first swing that earns none; when the last listed
    target still earned one, that further swing counts too (its target not yet chosen)."""
    if not target_levels:
        return 0
    for k, level in enumerate(target_levels, start=1):
        if level > attacker_level - 2 * k:
            return k
    return len(target_levels) + 1


def mixed_damage(damages: Sequence[int]) -> int:
    """A mixed attack mode's damage: sorted high to low, halved per step, summed, rounded."""
    total = sum(d / 2**i for i, d in enumerate(sorted(damages, reverse=True)))
    return _half_up(total)


def group_edges(size: int) -> int:
    """Edges (or drawbacks) a group earns: one per doubling of its size."""
    return max(0, size).bit_length() - 1 if size > 1 else 0
