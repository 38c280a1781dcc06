"""Healing and recovery (spec §4.7).

- Natural: each good night's sleep restores 1 main-line box, and every 3 nights 1 critical box, the
  two running in parallel; at most once a day.
- Medical: Intellect/Medic against TN = 12 - (main boxes left + critical boxes left); success
  restores 1 + margin boxes, critical boxes first. About 30 minutes, never mid-combat.
- Resolve is wiped when a conflict ends.

Rulings:
- D1: the book's own example prints TN 9 where its formula gives 8. The formula is the default;
  ``mode="critical_only_if_any_lost"`` counts only the critical boxes while any are crossed, which
  reproduces the printed 9.
- D2: the 1-per-3-nights critical counter counts nights slept while critical boxes are crossed,
  ticking alongside the main-line healing; it resets when the critical line is whole again.
- D3: one medical attempt per 30 minutes of treatment (the console's clock enforces it).
- C5: a character stops being incapacitated as soon as one main-line box is restored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.resilience import HealResult, Resilience

MedicMode = Literal["all_boxes", "critical_only_if_any_lost"]
MEDIC_BASE_TN = 12
NIGHTS_PER_CRITICAL = 3
MEDIC_MINUTES = 30
DEAD_REVIVAL_MINUTES = 10


def natural_heal(line: Resilience, nights: int = 1) -> HealResult:
    """Sleep ``nights`` good nights: 1 main box a night, 1 critical box every third night."""
    if nights < 0:
        raise MyriadError(f"nights: {nights} is not a number of nights")
    main = critical = 0
    for _ in range(nights):
        main += line.line.clear(1)
        if line.critical_line is not None and line.critical_crossed:
            nights_slept = line.healing_nights + 1
            if nights_slept >= NIGHTS_PER_CRITICAL:
                critical += line.critical_line.clear(1)
                nights_slept = 0
            line.healing_nights = nights_slept if line.critical_crossed else 0
    return HealResult(main=main, critical=critical)


def medic_tn(line: Resilience, mode: MedicMode = "all_boxes") -> int:
    """TN of a medical (Intellect/Medic) or repair (Intellect/Mechanics) test on this line."""
    if mode == "critical_only_if_any_lost" and line.critical_crossed:
        return MEDIC_BASE_TN - line.critical_remaining
    return MEDIC_BASE_TN - line.boxes_left


@dataclass(frozen=True)
class MedicOutcome:
    tn: int
    result: int
    healed: HealResult | None

    @property
    def success(self) -> bool:
        return self.result >= self.tn

    @property
    def margin(self) -> int:
        return self.result - self.tn


def medic_heal(line: Resilience, result: int, *, mode: MedicMode = "all_boxes") -> MedicOutcome:
    """Apply a medic test's result: on success restore 1 + margin boxes, critical boxes first.

    A dead patient (no boxes left) may be tried within 10 minutes if the Guide agrees; that
    permission is the caller's to give.
    """
    tn = medic_tn(line, mode)
    if result < tn:
        return MedicOutcome(tn=tn, result=result, healed=None)
    healed = line.restore(1 + result - tn, criticals_first=True)
    return MedicOutcome(tn=tn, result=result, healed=healed)


def magic_heal(line: Resilience, sixes: int) -> HealResult:
    """The Heal spell component: per six, 2 main boxes or 1 critical box, critical boxes first."""
    if sixes < 0:
        raise MyriadError(f"sixes: {sixes} is not a number of sixes")
    main = critical = 0
    for _ in range(sixes):
        if line.critical_crossed:
            critical += line.restore(1, criticals_first=True).critical
        elif line.crossed:
            main += line.restore(2).main
    return HealResult(main=main, critical=critical)


def end_conflict(lines: dict[str, Resilience], reset_ids: set[str]) -> dict[str, HealResult]:
    """Clear every line that resets when a conflict ends (Resolve); the others are untouched."""
    return {rid: line.clear() for rid, line in lines.items() if rid in reset_ids}
