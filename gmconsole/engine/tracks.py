"""Damage and resource tracks the five systems share, and a neutral view of them for display.

Three shapes cover every system's bookkeeping:

- `BoxTrack`: a row of boxes crossed off in order (Myriad's wound and critical lines, resolve).
- `LevelTrack`: a named level that rises and falls (ARM's wound and shock levels 0-5, Torg's
  wound levels, conditions with stages).
- `PointPool`: a number between 0 and a maximum (HP, Life Points, Fate, Possibilities, Guts).

Systems put these inside their sheet models and describe them with `TrackView`, which the TUI
draws the way the book draws them without knowing the system.

The three models are defined in `gmconsole.engine.track_models` and imported from here on first
use (PEP 562): every system imports this module for the views, few sheets hold the models, and
building them was part of every start-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from gmconsole.engine.track_models import BoxTrack, LevelTrack, PointPool

__all__ = ["BoxTrack", "Health", "LevelTrack", "PointPool", "StatusView", "TrackKind", "TrackView"]

_MODELS = frozenset({"BoxTrack", "LevelTrack", "PointPool"})


def __getattr__(name: str) -> Any:
    """`BoxTrack`, `LevelTrack` and `PointPool`, built when first asked for, then kept here."""
    if name not in _MODELS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from gmconsole.engine import track_models

    value = getattr(track_models, name)
    globals()[name] = value
    return value


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
