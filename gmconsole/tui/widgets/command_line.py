"""The command line: dice ("3d6+2") and verbs ("dmg orc 5", "next", "undo") typed by hand.

Up/Down walk the history, Tab completes names and verbs from `Session.completions` (again to
cycle), Enter sends the line up as a `Command`. Enter and Escape both give the keys back to the
panes, so one-key actions work again at once (":" comes back here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

from gmconsole.tui.messages import Command
from gmconsole.tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from gmconsole.store.session import Session

HISTORY_LIMIT = 200


class CommandLine(TextInput):
    """One-line input with history and completion; knows nothing of what the lines mean."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "history(-1)", "Previous", show=False),
        Binding("down", "history(1)", "Next", show=False),
        Binding("tab", "complete", "Complete", show=False, priority=True),
        Binding("escape", "leave", "Back to panes", show=False),
    ]

    class Leave(Message):
        """The GM is done typing; focus goes back to the pane it came from."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            placeholder=": dice (3d6+2) or a verb (next, dmg orc 5, undo) · Tab completes",
            id=id,
            select_on_focus=False,
        )
        self.history: list[str] = []
        self._pos = 0
        self._completer: Callable[[str], list[str]] = lambda _prefix: []
        self._cycle: tuple[str, list[str], int] | None = None

    def show(self, session: Session) -> None:
        self._completer = session.completions

    def prefill(self, text: str) -> None:
        self._set(text)
        self.screen.set_focus(self)  # now, not on the next message: the keys after the one
        # that began the line (typed fast, or pasted) belong in it

    # ------------------------------------------------------------------ history

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._pos = max(0, min(len(self.history), self._pos + step))
        self._set(self.history[self._pos] if self._pos < len(self.history) else "")

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
            del self.history[:-HISTORY_LIMIT]
        self._pos = len(self.history)

    # ------------------------------------------------------------------ completion

    def action_complete(self) -> None:
        """Complete the line from `Session.completions` (whole lines: verbs, then the names
        that fit the verb); pressing Tab again cycles through the other candidates."""
        if self._cycle and self.value == self._cycle[1][self._cycle[2]]:
            base, options, i = self._cycle
            i = (i + 1) % len(options)
            self._cycle = (base, options, i)
            self._set(options[i])
            return
        line = self.value
        options = list(dict.fromkeys(o for o in self._completer(line) if o.lower() != line.lower()))
        if not options:
            self.app.bell()
            return
        self._cycle = (line, options, 0)
        self._set(options[0])

    def _set(self, value: str) -> None:
        self.value = value
        self.cursor_position = len(value)

    # ------------------------------------------------------------------ submit / leave

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = event.value.strip()
        self.value = ""
        self._cycle = None
        if line:
            self.remember(line)
            self.post_message(Command(line))
        self.post_message(self.Leave())

    def action_leave(self) -> None:
        self.value = ""
        self.post_message(self.Leave())
