"""Experience and advancement: the level table, gradual costs, random progression (spec §3.9).

Rulings:
- A4: a statistic point at level 4 and every 4 levels after (the table's bold was lost).
- A5: random progression rolls only for skills ticked for a failure this session, plus one
  un-ticked skill of the player's choice.
- Past the printed level 30 the table continues its own pattern (+5 XP per step), closed form
  XP(L) = 5(L-1)(L+2)/2, which reproduces every printed value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import check_faces
from gmconsole.systems.myriad.errors import MyriadError

MAX_LEVEL = 100
SKILL_INCREASES_PER_NEW_SKILL = 5
STAT_TICKS_PER_POINT = 5
SFX_TALLY_PER_OWNED = 10


@cache
def _xp_table() -> tuple[int, ...]:
    levels = sorted(data.rows("advancement", "xp_levels"), key=lambda r: r["level"])
    return tuple(r["xp"] for r in levels)


def xp_for_level(level: int) -> int:
    """XP needed to attain ``level`` (level 1 needs 0)."""
    if not 1 <= level <= MAX_LEVEL:
        raise MyriadError(f"level: {level} is outside 1-{MAX_LEVEL}")
    table = _xp_table()
    if level <= len(table):
        return table[level - 1]
    return 5 * (level - 1) * (level + 2) // 2


def level_for_xp(xp: int) -> int:
    """The level a character with ``xp`` total experience has reached.

    >>> level_for_xp(270)
    10
    """
    if xp < 0:
        raise MyriadError(f"xp: {xp} is below 0")
    level = 1
    while level < MAX_LEVEL and xp_for_level(level + 1) <= xp:
        level += 1
    return level


@dataclass(frozen=True)
class LevelGains:
    skill_points: int
    sfx_points: int
    health_points: int
    stat_points: int


def gains_for_level(level: int, *, uses_sfx: bool = True) -> LevelGains:
    """What reaching ``level`` grants (T-6)."""
    if level < 2:
        raise MyriadError(f"level: {level} is not a level one can advance to")
    return LevelGains(skill_points=2, sfx_points=1 if uses_sfx and level % 2 == 0 else 0,
                      health_points=1, stat_points=1 if level % 4 == 0 else 0)


def gains_between(old_level: int, new_level: int, *, uses_sfx: bool = True) -> LevelGains:
    """Everything gained going from ``old_level`` to ``new_level`` (several levels at once)."""
    got = [gains_for_level(lv, uses_sfx=uses_sfx) for lv in range(old_level + 1, new_level + 1)]
    return LevelGains(*(sum(getattr(g, f) for g in got) for f in LevelGains.__dataclass_fields__))


# ---- gradual progression ---------------------------------------------------------------------

Purchase = Literal["stat", "skill", "new_skill", "new_sfx"]


def gradual_cost(purchase: Purchase, *, new_level: int = 0, owned_sfx: int = 0) -> int:
    """XP price in the gradual mode: stat 5 x new level, skill 3 x new level, new skill 3, new SFX
    5 + 2 x SFX already owned."""
    row = data.row("advancement", "gradual_costs", "purchase", purchase, what="purchase")
    if purchase in ("stat", "skill") and new_level < 1:
        raise MyriadError(f"new_level: raising a {purchase} needs the level it rises to")
    if owned_sfx < 0:
        raise MyriadError(f"owned_sfx: {owned_sfx} is below 0")
    return row["base"] + row["per_new_level"] * new_level + row["per_owned"] * owned_sfx


# ---- optional monster XP ---------------------------------------------------------------------

def monster_xp(pc_level: int, monster_level: int, *, fine: bool = False) -> int:
    """XP for defeating an enemy (optional). Coarse: 1 within a level either side, 2 for 2+ above,
    0 for 2+ below. ``fine`` (XP table x10): 3, -1 per level below (min 0), +1 above (max 10)."""
    diff = monster_level - pc_level
    if fine:
        return max(0, min(10, 3 + diff))
    if diff >= 2:
        return 2
    return 1 if diff >= -1 else 0


# ---- random progression ----------------------------------------------------------------------

def skill_advances(level: int, dice: Sequence[int], *, cap: int = 5) -> bool:
    """End-of-session roll: the skill rises iff both d6 beat its level and it is below ``cap``."""
    faces = check_faces(dice, what="advancement dice")
    if len(faces) != 2:
        raise MyriadError(f"advancement dice: roll 2d6, {len(faces)} faces given")
    return level < cap and all(face > level for face in faces)


class RandomProgress(Model):
    """Bookkeeping for the random progression mode; persisted on the sheet."""

    model_config = ConfigDict(extra="forbid")

    failed_skills: list[str] = Field(default=[])
    skill_increases: int = Field(default=0, ge=0)
    stat_ticks: dict[str, int] = Field(default={})
    dice_burnt: int = Field(default=0, ge=0)

    def tick_failure(self, skill: str) -> None:
        """The first failure with a skill this session ticks it."""
        if skill not in self.failed_skills:
            self.failed_skills.append(skill)

    def skill_increased(self, stat: str | None) -> tuple[bool, bool]:
        """Count a skill increase; returns (gain a new skill, +1 to ``stat``)."""
        self.skill_increases += 1
        new_skill = self.skill_increases >= SKILL_INCREASES_PER_NEW_SKILL
        if new_skill:
            self.skill_increases = 0
        stat_up = False
        if stat is not None:
            ticks = self.stat_ticks.get(stat, 0) + 1
            stat_up = ticks >= STAT_TICKS_PER_POINT
            self.stat_ticks[stat] = 0 if stat_up else ticks
        return new_skill, stat_up

    def burnt(self, dice: int, owned_sfx: int) -> bool:
        """Add burnt dice to the tally; True (and reset) once it exceeds 10 x SFX owned."""
        self.dice_burnt += dice
        if self.dice_burnt > SFX_TALLY_PER_OWNED * owned_sfx:
            self.dice_burnt = 0
            return True
        return False

    def end_session(self) -> list[str]:
        """The ticked skills to roll for, clearing the ticks for the next session."""
        ticked, self.failed_skills = self.failed_skills, []
        return ticked
