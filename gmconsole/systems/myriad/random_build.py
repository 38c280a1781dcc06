"""Random character generation, `gen random [mundane|heroic|godlike] [points] [as NAME]`
(spec §3.8, T-3, T-4).

- Statistics: one die per statistic, d4 / d6 / d8 by power level; with ``points`` the
  points-average dice instead: d3 (a d6 halved, rounded up) for Mundane, d5 (a d10 halved)
  for Heroic (EX-02; Godlike has no such die and keeps its d8).
- Skills: 7 rolls on the d100 skill table (T-4), each at d4 (Mundane d4 - 1, at least 0 and
  then left out; Godlike d4 + 1), never above the power level's skill cap; a skill rolled twice
  keeps its better level.
- SFX: 3 / 5 / 7 rolls on the SFX list, re-rolling any the character has already.
- Resilience: each line's base + d4 / d6 / d8 boxes (Wounds' extra boxes on the main line).
- Boons and flaws: d4 - 2 of each, rolled on the boon and flaw lists (levels 1).

The sheet is a starting point: the GM edits what the dice made unlikely (a Deadly Weakness
with no material named).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.burning import catalogue_sfx, sfx_catalogue
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.modules import half_die, random_skill
from gmconsole.systems.myriad.resilience import resolve_line, wounds_line
from gmconsole.systems.myriad.sheet import STATS, BoonFlaw, MyriadSheet

LEVEL_DIE = {"mundane": 4, "heroic": 6, "godlike": 8}
POINTS_DIE = {"mundane": 6, "heroic": 10}
"""The die halved (rounded up) for the points-average statistics: d3, d5."""
SKILL_SHIFT = {"mundane": -1, "heroic": 0, "godlike": 1}
SFX_ROLLS = {"mundane": 3, "heroic": 5, "godlike": 7}
SKILL_ROLLS = 7


def random_character(args: Sequence[str], rng: random.Random) -> MyriadSheet:
    words = [data.normalise(a) for a in args]
    points = "points" in words
    levels = [w for w in words if w != "points"]
    if len(levels) > 1 or any(w not in LEVEL_DIE for w in levels):
        raise MyriadError("usage: gen random [mundane|heroic|godlike] [points] [as NAME]")
    level = levels[0] if levels else "heroic"
    die = LEVEL_DIE[level]
    if points and level in POINTS_DIE:
        sides = POINTS_DIE[level]
        stats = {s: half_die(rng.randint(1, sides), sides) for s in STATS}
    else:
        stats = {s: rng.randint(1, die) for s in STATS}
    cap = int(data.row("power_levels", "pools", "id", level, what="power level")["skill_max"])
    skills: dict[str, int] = {}
    for _ in range(SKILL_ROLLS):
        skill = random_skill(rng.randint(1, 100))
        rank = min(cap, max(0, rng.randint(1, 4) + SKILL_SHIFT[level]))
        if rank:
            skills[skill] = max(rank, skills.get(skill, 0))
    catalogue = sorted(sfx_catalogue())
    owned: list[str] = []
    for _ in range(SFX_ROLLS[level]):
        left = [s for s in catalogue if s not in owned]
        if left:
            owned.append(rng.choice(left))
    boons = _boons_and_flaws(rng)
    power, spirit = stats["power"], stats["spirit"]
    return MyriadSheet(
        name=f"Random {level}", power_level=level, stats=stats, skills=skills,
        sfx=[catalogue_sfx(s) for s in owned], boons_flaws=boons,
        resilience={"wounds": wounds_line(power, extra_boxes=rng.randint(1, die)),
                    "resolve": resolve_line(spirit, extra_boxes=rng.randint(1, die))},
        notes=f"Random generation ({level}{', points-average stats' if points else ''})")


def _boons_and_flaws(rng: random.Random) -> list[BoonFlaw]:
    rows = data.rows("boons_flaws", "boons_flaws")
    out: list[BoonFlaw] = []
    for kind in ("boon", "flaw"):
        pool = sorted(r["id"] for r in rows if r["kind"] == kind and not r.get("requires"))
        for _ in range(max(0, rng.randint(1, 4) - 2)):
            left = [b for b in pool if b not in {x.id for x in out}]
            out.append(BoonFlaw(id=rng.choice(left), level=1))
    return out
