"""The dice log pane: every roll and change of the whole campaign, newest last.

It shows `Session.log` (all the day files, oldest first, then this session's events), adding
only the new events on each update so a long campaign stays cheap to redraw. The cursor picks
an event (for re-rolling); it follows the newest event unless the GM has moved it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical

from gmconsole.engine.events import Event
from gmconsole.tui.render import event_text
from gmconsole.tui.widgets.line_list import LineList, Row

if TYPE_CHECKING:
    from gmconsole.store.session import Session


class DiceLog(Vertical):
    """Log pane; `selected` is the id of the event under the cursor."""

    BORDER_TITLE = "3 Log"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rows: list[Row] = []
        self._events: list[Event] = []

    def compose(self) -> ComposeResult:
        yield LineList(id="log-list")

    @property
    def selected(self) -> str | None:
        return self.query_one(LineList).cursor_key

    def event(self, event_id: str) -> Event | None:
        return next((e for e in reversed(self._events) if e.id == event_id), None)

    def focus_list(self) -> None:
        self.query_one(LineList).focus()

    def show(self, session: Session) -> None:
        log = session.log
        known = len(self._events)
        if known > len(log) or (known and log[known - 1].id != self._events[-1].id):
            self._rows, self._events, known = [], [], 0  # history replaced: rebuild
        if known == len(log) and self._rows:
            return
        new = log[known:]
        self._rows += [Row(event_text(e), key=e.id, cache_key=e.id) for e in new]
        self._events += new
        lines = self.query_one(LineList)
        at_end = lines.cursor is None or lines.cursor >= len(lines.rows) - 1
        lines.set_rows(list(self._rows), select=self._events[-1].id if at_end and new else None)
        if at_end:
            lines.scroll_end(animate=False, immediate=True)
        self.border_subtitle = f"{len(self._events)} events"
