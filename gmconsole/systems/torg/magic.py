"""Magic: spell prerequisites, casting, backlash as mental damage, disbelief (L5235-L5481).

A spell needs skill value + knowledge adds >= its requirement (ruling §9.2 #20: enforced even
where a book example skips it). The spell skill total vs the spell's difficulty decides success;
backlash is checked on every attempt: backlash - total (a grimoire caster never counts less
than his MIN) read on the Combat Results Table as mental damage. The same bonus number goes to
the spell's "bonus number to" field (negatives apply).
Ruling §9.2 #12: where a spell's sample block and the spell list differ, the list wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmconsole.systems.torg.combat import CombatResult, combat_result
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.multiaction import one_on_many_dn

MAGE_POINTS = 12
"""Extra points a starting mage spends only on arcane-knowledge adds and spells (1 each)."""
DISBELIEF_DN = 8


def spells_from_mage_points(knowledge_adds: int, points: int = MAGE_POINTS) -> int:
    """Spells a starting mage still learns after buying knowledge adds (1 point each)."""
    if not 0 <= knowledge_adds <= points:
        raise TorgError(f"knowledge adds must be 0-{points}")
    return points - knowledge_adds


def can_cast(skill_value: int, knowledge_adds: int, requirement: int) -> bool:
    return skill_value + knowledge_adds >= requirement


@dataclass(frozen=True)
class Casting:
    success: bool
    backlash_rp: int | None
    backlash: CombatResult
    """Mental damage to the caster (harmless when backlash_rp is None)."""
    effect: int | None
    """The effect field after the bonus ("bonus number to"), on a success."""


def cast(
    *,
    skill_value: int,
    knowledge_adds: int,
    requirement: int,
    difficulty: int,
    backlash: int,
    roll_bonus: int,
    mind: int | None = None,
    bonus_to_value: int | None = None,
    possibility_rated: bool = True,
) -> Casting:
    """Cast a spell: `mind` given means cast from a grimoire (backlash is checked against at
    least MIN); `bonus_to_value` is the field the bonus number is added to (effect, range...)."""
    if not can_cast(skill_value, knowledge_adds, requirement):
        raise TorgError(
            f"skill {skill_value} + knowledge {knowledge_adds} is below the spell's requirement {requirement}"
        )
    total = skill_value + roll_bonus
    against = total if mind is None else max(total, mind)
    rp = backlash - against
    damage = combat_result(rp, possibility_rated=possibility_rated) if rp >= 0 else CombatResult()
    success = total >= difficulty
    effect = bonus_to_value + roll_bonus if success and bonus_to_value is not None else None
    return Casting(success, rp if rp >= 0 else None, damage, effect)


def loses_knowledge(knocked_out: bool, wounds_after: int) -> tuple[bool, bool]:
    """Mental damage from backlash (L5351-L5357): a KO loses the arcane knowledge used; wounds
    reaching heavy or worse lose the knowledge and the magic skill (and block healing past
    *wounded* until restored). Returns (knowledge lost, skill lost)."""
    heavy = wounds_after >= 2
    return knocked_out or heavy, heavy


def disbelief_difficulty(believers: int, modifier: int = 0) -> int:
    """Disbelieving an illusion: MIN total vs 8 (+ spell modifiers) + the One On Many increase
    for the number of believers (six -> +8, a hundred -> +20)."""
    return DISBELIEF_DN + modifier + (one_on_many_dn(believers) if believers > 0 else 0)
