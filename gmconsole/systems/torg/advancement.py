"""Advancement costs in Possibilities (L817-L833, L2965-L2971, L5367, L6004-L6008)."""

from __future__ import annotations

from gmconsole.systems.torg.errors import TorgError

TYPE_SPECIALISATION = 1
TRADEMARK = 3
NEW_SPELL = 1


def skill_add_cost(
    current_adds: int,
    new_adds: int,
    *,
    taught: bool = True,
    unskilled_ok: bool = True,
    foreign: bool = False,
    held: bool = False,
) -> int:
    """Raising a skill one add at a time: each step to n costs n; the first add of a *new* skill
    costs 2 taught / 5 self-taught (5 / 10 for a skill that cannot be used unskilled); double for
    knowledge not native to the character's cosm. `held`: the skill is already the character's
    at 0 adds (faith after a conversion), so its first add costs 1."""
    if not 0 <= current_adds < new_adds:
        raise TorgError("adds only go up, from the current number")
    cost = 0
    for n in range(current_adds + 1, new_adds + 1):
        if n == 1 and not held:
            cost += (2 if taught else 5) if unskilled_ok else (5 if taught else 10)
        else:
            cost += n
    return cost * (2 if foreign else 1)


def attribute_cost(new_value: int, *, racial_max: int | None = None) -> int:
    """Raising an attribute to n costs 3 x n; never above the racial maximum."""
    if racial_max is not None and new_value > racial_max:
        raise TorgError(f"{new_value} is above the racial maximum {racial_max}")
    return 3 * new_value


def converted_faith_adds(faith_adds: int) -> int:
    """Conversion to another religion costs one faith add (1 add -> the skill at 0 adds)."""
    if faith_adds < 1:
        raise TorgError("only a character with faith adds converts")
    return faith_adds - 1
