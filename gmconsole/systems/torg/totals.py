"""Action totals, effect totals, result points and success levels.

action total = action value + bonus number + modifiers; success iff total >= difficulty
(ruling §9.2 #1/#2: "exceeds" and "higher than" in the book's examples read as >=, the core rule
at L455-L459). Result points = total - difficulty (0 is written S, a minimal success).
An *effect total* (damage, speed, spell effect, faith...) adds the **same** bonus number to a
second value: no new roll (L443-L445).

Bonus floors: active defence, pushes, active find and point-blank shots treat a bonus below 1 as
1; the floor applies to the bonus number, and modifiers (aggressive defence -2...) come after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load

LEVELS = ("minimal", "average", "good", "superior", "spectacular")


@cache
def _success_bands() -> tuple[tuple[int, str, int], ...]:
    rows = tuple((int(lo), str(name), int(n)) for lo, name, n in load("general_results")["success"])
    if rows[0][0] != 0 or tuple(r[1] for r in rows) != LEVELS:
        raise TorgError("general_results.toml: success bands must be minimal..spectacular from 0")
    return rows


def success_level(result_points: int) -> str | None:
    """The success level of result points: minimal (0), average (1-2), good (3-6),
    superior (7-11), spectacular (12+); None for a failure (negative result points)."""
    if result_points < 0:
        return None
    level = None
    for lo, name, _ in _success_bands():
        if result_points >= lo:
            level = name
    return level


def level_ordinal(level: str) -> int:
    """minimal 1 ... spectacular 5: what "each success level" rules count (bless, group powers)."""
    try:
        return LEVELS.index(level) + 1
    except ValueError:
        raise TorgError(f"unknown success level '{level}' (one of {', '.join(LEVELS)})") from None


def format_rp(result_points: int) -> str:
    """Result points as the book writes them: 0 is "S"."""
    return "S" if result_points == 0 else str(result_points)


@dataclass(frozen=True)
class Modifier:
    """A labelled adjustment to a total. `to_effect`: it also applies to the effect total
    (opportunity attack -3 "for action and effect", coup de grace is effect-only)."""

    label: str
    value: int
    to_effect: bool = False


@dataclass(frozen=True)
class Total:
    """An action or effect total measured against a difficulty (or none yet)."""

    kind: str
    """"action" or "effect"."""
    value: int
    roll_bonus: int
    """The bonus chart's number for the final die roll."""
    modifiers: tuple[Modifier, ...] = ()
    difficulty: int | None = None
    bonus_floor: int | None = None

    @property
    def bonus(self) -> int:
        """The bonus actually used: the chart's, raised to the floor if there is one."""
        return self.roll_bonus if self.bonus_floor is None else max(self.roll_bonus, self.bonus_floor)

    @property
    def total(self) -> int:
        return self.value + self.bonus + sum(m.value for m in self.modifiers)

    @property
    def margin(self) -> int | None:
        return None if self.difficulty is None else self.total - self.difficulty

    @property
    def success(self) -> bool | None:
        return None if self.difficulty is None else self.total >= self.difficulty

    @property
    def result_points(self) -> int | None:
        """Total - difficulty on a success; None on a failure or with no difficulty."""
        return self.margin if self.success else None

    @property
    def level(self) -> str | None:
        rp = self.result_points
        return None if rp is None else success_level(rp)

    @property
    def failing(self) -> bool:
        """Optional "failing" result (L1874-L1896): missed by 1 or 2; later tries at +1 DN."""
        return self.margin is not None and -2 <= self.margin <= -1

    def outcome(self) -> str:
        if self.success is None:
            return ""
        if not self.success:
            return "failure"
        return f"{self.level} success ({format_rp(self.margin or 0)})"


def action_total(
    value: int,
    roll_bonus: int,
    *,
    difficulty: int | None = None,
    modifiers: Sequence[Modifier] = (),
    bonus_floor: int | None = None,
) -> Total:
    """An action total; `bonus_floor=1` for active defence, pushes, active find, point-blank."""
    return Total("action", value, roll_bonus, tuple(modifiers), difficulty, bonus_floor)


def effect_total(
    effect_value: int,
    action: Total,
    *,
    difficulty: int | None = None,
    modifiers: Sequence[Modifier] = (),
) -> Total:
    """An effect total: the second value plus the action's bonus number, the action's
    `to_effect` modifiers and the effect's own (coup de grace +3, all-out +1...)."""
    carried = tuple(m for m in action.modifiers if m.to_effect)
    return Total(
        "effect", effect_value, action.roll_bonus, (*carried, *modifiers), difficulty, action.bonus_floor
    )
