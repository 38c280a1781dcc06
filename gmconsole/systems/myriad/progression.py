"""Experience at the table: awarding XP and the random progression of the book (spec §3.9).

- ``xp WHO N``: award N experience points (typically 3-10 a session); the log says the level
  reached and, level by level, what it grants (T-6: 2 skill points, an SFX point on even levels,
  1 health point, a statistic point every fourth level).
- With the campaign's ``progression = "random"``: the first failed test with a skill in a session
  ticks it, and every die burnt for an SFX joins the tally (done after each test, see
  `MyriadSystem.after_check`). ``advance WHO [SKILL] [DICE...]`` at the session's end rolls 2d6
  for each ticked skill, plus one un-ticked SKILL the player picks (ruling A5); a skill rises
  by one iff both dice beat its level. Five increases bring a new skill; each increase ticks
  the skill's statistic, five ticks raise it. A tally past 10 x the SFX owned brings a new SFX.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import SheetAction
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.advancement import gains_between, skill_advances
from gmconsole.systems.myriad.errors import MyriadError

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckResult
    from gmconsole.systems.myriad.sheet import MyriadSheet

MAX_AWARD = 1_000
MAX_XP = 100_000

PROGRESSION = (
    SheetAction("xp", "Award XP", "N", "award XP: the level reached, its gains"),
    SheetAction("advance", "Random progression", "[SKILL] [DICE...]",
                "end of session: 2d6 for ticked skills"),
)
KEYS = tuple(a.key for a in PROGRESSION)


def award(sheet: MyriadSheet, args: Sequence[str]) -> tuple[MyriadSheet, str, dict[str, Any]]:
    if len(args) != 1:
        raise MyriadError("usage: xp WHO N")
    points = whole(args[0], "the XP awarded", 1, MAX_AWARD)
    new = sheet.model_copy(deep=True)
    before = new.level
    new.xp = min(MAX_XP, new.xp + points)
    text = f"gains {points} XP ({new.xp} in all): level {new.level}"
    if new.level > before:
        g = gains_between(before, new.level)
        text += (f", up from {before}: +{g.skill_points} skill points, +{g.sfx_points} SFX, "
                 f"+{g.health_points} health, +{g.stat_points} statistic")
    return new, text, {"xp": new.xp, "level": new.level}


def after_test(sheet: MyriadSheet, result: CheckResult) -> list[str]:
    """Random progression's bookkeeping for one test (changes ``sheet``)."""
    out = []
    skill = result.detail.get("skill")
    if result.success is False and skill and skill not in sheet.progress.failed_skills:
        sheet.progress.tick_failure(skill)
        out.append(f"{skill.replace('_', ' ')} ticked for advancement")
    burnt = sum(len(d) for d in dict(result.detail.get("burnt") or {}).values())
    if burnt and sheet.progress.burnt(burnt, len(sheet.sfx)):
        out.append("burnt enough dice for a new SFX")
    return out


def advance(sheet: MyriadSheet, args: Sequence[str], rng: random.Random,
            typed: list[int]) -> tuple[MyriadSheet, str, dict[str, Any]]:
    words = [a for a in args if not a.isdigit()]
    faces = [whole(a, "a die", 1, 6) for a in args if a.isdigit()] + list(typed)
    if len(words) > 1:
        raise MyriadError("usage: advance WHO [SKILL] [DICE...]")
    new = sheet.model_copy(deep=True)
    rolls = new.progress.end_session()
    if words:
        extra = data.normalise(words[0])
        if extra in rolls:
            raise MyriadError(f"{extra} is ticked already: choose an un-ticked skill")
        new.skill(extra)  # refuses a skill that does not exist
        rolls.append(extra)
    if not rolls:
        return new, "has no skill to roll for this session", {}
    links = {r["skill"]: r["stat"] for r in data.rows("skill_stats", "links")}
    texts, risen = [], []
    for skill in rolls:
        pair = [faces.pop(0) if faces else rng.randint(1, 6) for _ in range(2)]
        level = new.skills.get(skill, 0)
        if skill_advances(level, pair):
            new.skills = {**new.skills, skill: level + 1}
            risen.append(skill)
            new_skill, stat_up = new.progress.skill_increased(links.get(skill))
            note = f"{skill} [{pair[0]} {pair[1]}] rises to {level + 1}"
            if stat_up:
                stat = links[skill]
                new.stats = {**new.stats, stat: min(10, new.stats[stat] + 1)}
                note += f", {stat} +1"
            if new_skill:
                note += ", and a new skill at 1 may be chosen"
            texts.append(note)
        else:
            texts.append(f"{skill} [{pair[0]} {pair[1]}] stays at {level}")
    if faces:
        raise MyriadError(f"{len(faces)} typed dice were not needed")
    return new, "advances: " + "; ".join(texts), {"risen": risen}
