"""What one row of the initiative tracker shows of a combatant, and the step rows as last drawn.

A `Look` is the words a row shows (name, health figure, state badges, side tag), so two looks
with equal words draw the same row; `DrawnSteps` remembers the rows built for each step, so a
turn that leaves most steps as they were (the store hands back the very models a change did
not touch) rebuilds only the rows of the steps that changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmconsole.engine.encounter import Combatant, Step
from gmconsole.engine.tracks import StatusView
from gmconsole.tui.render import condition_text
from gmconsole.tui.widgets.line_list import Row

if TYPE_CHECKING:
    from gmconsole.store.session import Session


def vitals_of(session: Session, c: Combatant) -> tuple[StatusView | None, str]:
    """Status and the system's compact health figure ("W2 S1", "HP 7/12") of a combatant; None
    and "" when its sheet cannot be read (a bad sheet is the roster's to report, not the
    tracker's)."""
    sheet = session.sheet_of(c)
    if sheet is None:
        return None, ""
    return session.system.status(sheet), session.system.health(sheet)


def side_tags(sides: list[str]) -> dict[str, str]:
    """A short tag per side, unique within the encounter ("P" pcs, "F" foes; "He"/"Hi" when two
    start alike), so sides read apart without colour."""
    tags: dict[str, str] = {}
    for side in sides:
        n = 1
        while n < len(side) and any(
            other != side and other[:n].lower() == side[:n].lower() for other in sides
        ):
            n += 1
        tags[side] = (side[:n] or "?").capitalize()
    return tags


def badges(c: Combatant, status: StatusView | None) -> str:
    """Words for a combatant's state beside its name."""
    out: list[str] = []
    if c.status == "held":
        out.append("[held]")
    elif c.status == "ready":
        out.append(f"[ready: {c.trigger}]" if c.trigger else "[ready]")
    elif c.status == "out":
        out.append("[out]")
    if status is not None and status.health != "ok":
        if status.health == "dead":
            out.append(f"✝ {status.label}")
        elif status.health == "down":
            out.append("KO" if status.label in ("down", "KO") else status.label)
        else:
            out.append(status.label)
        if status.detail and status.detail.lower() != status.label.lower():
            out.append(f"({status.detail})")
    if c.conditions:
        out.append(" ".join(condition_text(k) for k in c.conditions))
    if status is not None and status.flags:  # the sheet's own marks: stunned, prone, hurt arm
        named = {k.name.lower() for k in c.conditions}
        out += [f"[{flag}]" for flag in status.flags if flag.lower() not in named]
    if c.declared:
        out.append(f"declares: {c.declared}")
    return " ".join(out)


@dataclass(frozen=True, slots=True)
class Look:
    """A combatant as the tracker draws it, and the model that was read from."""

    combatant: Combatant
    health: str
    """The system's compact health figure ("W2 S1", "HP 7/12")."""
    badges: str
    tag: str
    """Its side's short tag."""

    @property
    def extra(self) -> str:
        """What follows the name on its row: health, then badges."""
        return f"{self.health}  {self.badges}" if self.health and self.badges else self.health or self.badges

    @property
    def words(self) -> tuple[str, str, str, str]:
        """Everything of it a row shows (equal words: an equal row)."""
        return (self.combatant.name, self.health, self.badges, self.tag)


@dataclass(slots=True)
class DrawnSteps:
    """The step rows as last built, and what from: a turn that leaves the steps as they were
    (the very models: the store keeps those a change did not touch) rebuilds only the rows of
    the steps that changed."""

    steps: list[Step]
    pointer: int
    label_width: int
    rows: list[Row]
    starts: list[int]
    """Index in `rows` of each step's first row, then of the first row after the steps."""
    step_of: dict[str, list[int]]
    """The steps each combatant acts in (one in each phase of a declare-then-resolve round)."""
    placed: set[str]
    """Who has a step (everyone else is waiting, next round or out)."""
