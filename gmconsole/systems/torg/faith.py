"""Miracles, group powers and eternity shards (L5056-L5229, L5907-L6124).

Miracles: a focus total (focus value + bonus + community) against the miracle's difficulty; if it
succeeds, a faith total (faith value + the *same* bonus) against the same difficulty sets the
success level. Only one Possibility per miracle roll: the focus character may spend it only if his
total did not exceed the difficulty; otherwise the faith character may (L6074-L6076).
Silence (ruling §9.3): a faith total that misses after a successful focus gives no effect but is
not a failed miracle for the 24-hour lockouts.
"""

from __future__ import annotations

from collections.abc import Mapping

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.multiaction import approximate_bonus
from gmconsole.systems.torg.totals import level_ordinal, success_level
from gmconsole.systems.torg.values import scale_value

CONDITION_MODIFIERS = {
    "violates_mythos": 15,
    "defends_faithful": -3,
    "not_immediate": 5,
    "urgent": -3,
    "target_not_providing_faith": 3,
}


def miracle_difficulty(base: int, conditions: tuple[str, ...] = (), enemy_faith_adds: int = 0) -> int:
    for c in conditions:
        if c not in CONDITION_MODIFIERS:
            raise TorgError(f"unknown miracle condition '{c}' ({', '.join(CONDITION_MODIFIERS)})")
    return base + sum(CONDITION_MODIFIERS[c] for c in conditions) + enemy_faith_adds


def possibility_spender(focus_total: int, difficulty: int) -> str:
    """Who may spend the miracle's one Possibility: "focus" if his total did not exceed the
    difficulty (literal reading: on an exact tie he still may), else "faith"."""
    return "focus" if focus_total <= difficulty else "faith"


def community_bonus(successful_helpers: int) -> int:
    """A community's bonus: value(helpers who succeeded + the focus character)."""
    return scale_value(successful_helpers + 1)


def community_approximation(members: int, average_faith: int, rating: int) -> int:
    """value(N) + average faith - community rating - 2, capped at value(N), ignored if <= 0."""
    return approximate_bonus(members, average_faith, rating)


def healing_miracle(wounds: int, faith_result_points: int) -> int:
    """*Healing*: any success removes shock and K/O; each success level removes one wound.
    Returns the wounds left."""
    level = success_level(faith_result_points)
    if level is None:
        return wounds
    return max(0, wounds - level_ordinal(level))


# ---------------------------------------------------------------------- group powers


def bearers(contributions: Mapping[str, int]) -> list[str]:
    """The top contributors to a group power purchase (every member gave at least 1)."""
    if not contributions or min(contributions.values()) < 1:
        raise TorgError("every member of a group power contributes at least one Possibility")
    top = max(contributions.values())
    return sorted(c for c, n in contributions.items() if n == top)


def group_power_bonus(participants_with_lead: int, supporter_levels: list[str]) -> int:
    """The lead's bonus modifier: value(successful participants incl. the lead) + 1 for every
    success level above minimal of each supporter (L5104-L5119)."""
    if not supporter_levels:
        raise TorgError("at least one supporter must succeed")
    return scale_value(participants_with_lead) + sum(level_ordinal(lv) - 1 for lv in supporter_levels)


def shift_possibility(own: int, others: list[int]) -> int:
    """*Shift possibility*: every participant rolls and the task character uses the best die."""
    return max([own, *others])


def send_skills_regained(level: str | None) -> int:
    """*Send*: the weekly reality roll regains skills: average 1, good 2, superior 3,
    spectacular 4 (none for minimal or a failure)."""
    return {"average": 1, "good": 2, "superior": 3, "spectacular": 4}.get(level or "", 0)


def shard_possibilities(level: str | None) -> int:
    """Tapping an eternity shard: minimal 1 ... spectacular 5 Possibilities, used at once."""
    return 0 if level is None else level_ordinal(level)


# ---------------------------------------------------------------------- spiritual damage


def spiritual_struggle(total_a: int, total_b: int) -> tuple[int | None, int | None]:
    """Two faiths after a miracle: each rolls faith; the higher total's margin is *stun* damage
    to the other (L5982-L5990). Returns (result points against b, result points against a),
    None for the side that takes nothing; a tie hurts b (0 result points)."""
    if total_a >= total_b:
        return total_a - total_b, None
    return None, total_b - total_a


def spiritual_losses(*, knocked_out: bool, wounds_after: int) -> tuple[bool, bool]:
    """Spiritual damage (L6010-L6022): a KO loses *focus*; wounds reaching heavy or worse lose
    faith and focus (and block healing past *wounded* until restored). Returns (focus lost,
    faith lost)."""
    heavy = wounds_after >= 2
    return knocked_out or heavy, heavy
