"""Damage and resource tracks the five systems share, and a neutral view of them for display.

Three shapes cover every system's bookkeeping:

- `BoxTrack`: a row of boxes crossed off in order (Myriad's wound and critical lines, resolve).
- `LevelTrack`: a named level that rises and falls (ARM's wound and shock levels 0-5, Torg's
  wound levels, conditions with stages).
- `PointPool`: a number between 0 and a maximum (HP, Life Points, Fate, Possibilities, Guts).

Systems put these inside their sheet models and describe them with `TrackView`, which the TUI
draws the way the book draws them without knowing the system.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field, model_validator


class BoxTrack(BaseModel):
    """`boxes` boxes, of which the first `marked` are crossed off."""

    boxes: int = Field(ge=0, le=999)
    marked: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _marked_fits(self) -> BoxTrack:
        if self.marked > self.boxes:
            raise ValueError(f"marked ({self.marked}) exceeds boxes ({self.boxes})")
        return self

    @property
    def remaining(self) -> int:
        return self.boxes - self.marked

    @property
    def full(self) -> bool:
        return self.marked >= self.boxes

    def mark(self, n: int) -> int:
        """Cross off up to `n` boxes; returns what did not fit (spills to the next line)."""
        if n < 0:
            raise ValueError("cannot mark a negative number of boxes")
        taken = min(n, self.remaining)
        self.marked += taken
        return n - taken

    def clear(self, n: int | None = None) -> int:
        """Clear `n` boxes (all when None); returns how many were cleared."""
        n = self.marked if n is None else min(n, self.marked)
        self.marked -= n
        return n


class LevelTrack(BaseModel):
    """A level on a named ladder; 0 is the first label (usually "none" / "unhurt")."""

    levels: list[str] = Field(min_length=1)
    value: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _value_fits(self) -> LevelTrack:
        if self.value >= len(self.levels):
            raise ValueError(f"level {self.value} is past the last level ({len(self.levels) - 1})")
        return self

    @property
    def label(self) -> str:
        return self.levels[self.value]

    @property
    def top(self) -> int:
        return len(self.levels) - 1

    def raise_by(self, n: int) -> int:
        """Raise the level, capped at the top; returns how far past the top it would have gone."""
        target = self.value + n
        self.value = max(0, min(target, self.top))
        return max(0, target - self.top)

    def lower_by(self, n: int) -> None:
        self.value = max(0, self.value - n)


class PointPool(BaseModel):
    """`current` points out of `maximum`; systems decide whether it may go below 0."""

    maximum: int = Field(ge=0)
    current: int
    floor: int | None = 0
    """Lowest allowed value (None: unbounded below, e.g. Life Points into the negatives)."""

    @model_validator(mode="after")
    def _bounds(self) -> PointPool:
        if self.current > self.maximum:
            raise ValueError(f"current ({self.current}) exceeds maximum ({self.maximum})")
        if self.floor is not None and self.current < self.floor:
            raise ValueError(f"current ({self.current}) is below the floor ({self.floor})")
        return self

    def spend(self, n: int) -> int:
        """Remove `n` points (respecting the floor); returns how many were actually removed."""
        target = self.current - n
        if self.floor is not None:
            target = max(self.floor, target)
        taken = self.current - target
        self.current = target
        return taken

    def restore(self, n: int) -> int:
        target = min(self.maximum, self.current + n)
        given = target - self.current
        self.current = target
        return given


TrackKind = Literal["boxes", "levels", "points"]
Health = Literal["ok", "hurt", "down", "dead"]


@dataclass(frozen=True)
class TrackView:
    """How to draw one track; the TUI renders boxes as `[x][x][ ]`, levels as a ladder with
    the current rung marked, points as `current/maximum` (never colour alone)."""

    name: str
    kind: TrackKind
    value: int
    """Boxes marked, the level index, or the current points."""
    maximum: int
    """Box count, top level index, or the maximum points."""
    labels: tuple[str, ...] = ()
    """Level names for `levels` tracks; band names for `points` tracks if any."""
    note: str = ""
    """Short text after the track ("KO at 0", "bleeding")."""


@dataclass(frozen=True)
class StatusView:
    """A one-word condition of a character plus the reason, for roster and tracker badges."""

    health: Health = "ok"
    label: str = "ok"
    detail: str = ""
    flags: tuple[str, ...] = field(default_factory=tuple)
