"""The roster entry: a PC, NPC or creature as the campaign keeps it (one file each).

The system-specific sheet stays a plain dict here and is validated by the system's own model
(`GameSystem.parse_sheet`), so the engine and the store never need to know any sheet format.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from gmconsole.engine.model import Model
from gmconsole.engine.names import Name

Kind = Literal["pc", "npc", "creature"]


class Character(Model):
    """Who they are at the table; what they can do lives in `sheet`."""

    name: Name = Field(min_length=1)
    kind: Kind = "npc"
    template: bool = False
    """A stat block to spawn copies from (`add 4 goblin`) rather than one individual."""
    player: str = ""
    side: Name = ""
    """Side when added to an encounter; empty means "pcs" for PCs and "foes" otherwise."""
    tags: list[str] = Field(default=[])
    notes: str = ""
    sheet: dict[str, Any] = Field(default={})

    @property
    def default_side(self) -> str:
        return self.side or ("pcs" if self.kind == "pc" else "foes")
