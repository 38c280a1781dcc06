"""The list of a campaign's bad files, shown on open: the campaign still opens without them.

Each line is ``path:line: what is wrong`` so the GM can fix the file in an editor; nothing here
changes a file.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class ProblemsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ProblemsScreen { align: center middle; }
    ProblemsScreen > Vertical {
        width: 90%; max-width: 110; height: auto; max-height: 90%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    ProblemsScreen VerticalScroll { height: auto; max-height: 18; }
    ProblemsScreen .hint { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "dismiss", "Close", id="problems.close")
    ]

    def __init__(self, problems: list[str]) -> None:
        super().__init__()
        self.problems = problems

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"{len(self.problems)} problem(s) found"
            if self.problems:
                yield Static("These files were skipped; the rest of the campaign is open:")
                with VerticalScroll():
                    for line in self.problems:
                        yield Static(f"• {line}", markup=False)
            else:
                yield Static("No problems: every file of the campaign was read.")
            yield Static("Enter or Esc to close · ! shows this list again", classes="hint")
