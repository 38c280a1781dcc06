"""The last messages of the status line, whole: the status line has one row, so a long refusal
("…(known: damage, stun, rp, shock, w…") is cut there; this page shows each one in full, newest
first, so nothing a GM was told is lost."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from gmconsole.tui.screens.reading import ReadingScreen


class RecentMessages(ReadingScreen):
    TITLE = "Messages"

    def __init__(self, messages: Sequence[tuple[str, bool]]) -> None:
        super().__init__()
        self.messages = list(messages)

    def pages(self) -> list[RenderableType]:
        if not self.messages:
            return [Text("No messages yet.", style="italic")]
        out = Text()
        for text, error in reversed(self.messages):
            out.append(f"✗ {text}\n" if error else f"• {text}\n", style="bold" if error else "")
        return [out]
