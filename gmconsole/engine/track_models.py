"""The shared track models: `BoxTrack`, `LevelTrack` and `PointPool` (see `gmconsole.engine.tracks`,
which is where they are imported from).

They live apart from the views because every system imports `tracks` for `TrackView` and
`StatusView`, while only the systems whose sheets hold these tracks need the models: building
three pydantic models with validators was ~1.5 ms of every start-up for a campaign whose system
uses none of them. `gmconsole.engine.tracks` imports this module on the first use of a name.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from gmconsole.engine.model import Model


class BoxTrack(Model):
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


class LevelTrack(Model):
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


class PointPool(Model):
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
