"""Result objects for tests of skill: what every system's resolution returns.

The five systems roll very differently (a d6 pool keeping the highest, d6-d6, d20 with edges,
open-ended d20 through a bonus chart, d100 under), but a GM reads the same things off each:
the dice (kept and dropped), the modifiers, the total, what it was against, the outcome and
the margin. `CheckResult` carries exactly that, so the dice log and its file are system-blind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

SIGNS = {"plus": "+", "minus": "-"}
"""Dice noted "plus" or "minus" (ARM's d6 - d6) are shown with their sign: [+3 -5]."""


@dataclass(frozen=True)
class Die:
    """One die as rolled: its face and marks a reader needs without colour."""

    sides: int
    face: int
    kept: bool = True
    note: str = ""
    """Why it matters: "exploded", "rerolled", "burnt" (Myriad SFX), "roll again"..."""


@dataclass(frozen=True)
class Modifier:
    label: str
    value: int


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one test, as the dice log shows it.

    `success` is None for rolls that have no pass/fail (a damage roll, an effect total).
    `margin` is total minus target (or the system's own margin, e.g. Torg result points).
    """

    label: str
    """What was tested: "Ayla: Grace + Dodge vs Average (TN 8)"."""
    dice: tuple[Die, ...]
    modifiers: tuple[Modifier, ...] = ()
    total: int = 0
    target: int | None = None
    success: bool | None = None
    outcome: str = ""
    """The system's word for it: "good success", "critical", "fumble", "Bare Success"..."""
    margin: int | None = None
    who: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    """System-specific facts worth logging (sixes burnt, bonus number, result points...)."""

    def summary(self) -> str:
        """One plain line: dice, modifiers, total, target, outcome (for logs and the CLI)."""
        faces = " ".join(
            (f"{SIGNS.get(d.note, '')}{d.face}" if d.kept else f"({d.face})")
            + ("!" if d.note == "exploded" else "")
            for d in self.dice
        )
        mods = "".join(f" {m.value:+d} {m.label}" for m in self.modifiers)
        versus = "" if self.target is None else f" vs {self.target}"
        margin = "" if self.margin is None else f" (margin {self.margin:+d})"
        outcome = f": {self.outcome}" if self.outcome else ""
        return f"{self.label}: [{faces}]{mods} = {self.total}{versus}{outcome}{margin}"


@dataclass(frozen=True)
class CheckOption:
    """Something a character can be tested on: a statistic, a skill, an attack..."""

    key: str
    """Stable key the system understands ("grace", "skill:dodge")."""
    label: str
    value: int | None = None
    """The number a GM sees beside it (pool size, skill value, percentage...)."""


@dataclass(frozen=True)
class Difficulty:
    """A named difficulty from the system's ladder."""

    key: str
    label: str
    value: int


@dataclass(frozen=True)
class CheckRequest:
    """What the test dialog collects before rolling (system-blind)."""

    option: str
    difficulty: int | None = None
    modifiers: int = 0
    opponent_total: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """System-specific switches (spend a Possibility, burn sixes, an edge...). The store adds
    ``conditions`` (the tester's encounter conditions, by name) and, for a test at a target,
    ``target_conditions`` (the target's), for systems whose conditions change tests."""


@dataclass(frozen=True)
class Odds:
    """The exact chance of success shown before a test is rolled."""

    success: Fraction
    note: str = ""
    """Any truncation or assumption ("roll-again chain truncated at 6 rolls")."""
    bars: tuple[tuple[str, Fraction], ...] = ()
    """Optional outcome bands with their chances, for the small bar chart."""
