"""The dice log pane: every roll and change of the whole campaign, newest last.

It shows `Session.log` (all the day files, oldest first, then this session's events), adding
only the new events on each update and drawing older ones a page at a time as the GM scrolls
up, so a long campaign stays cheap to open and to redraw. The cursor picks an event (for
re-rolling); it follows the newest event unless the GM has moved it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from gmconsole.engine.events import Event
from gmconsole.tui.render import event_text
from gmconsole.tui.widgets.line_list import LineList, Row

if TYPE_CHECKING:
    from gmconsole.store.session import Session


PAGE = 1000
"""Events drawn at a time: the newest page at first, one more each time the GM scrolls past
the top, so a campaign of ten thousand rolls opens as fast as a new one."""
MORE = "\x00earlier"
"""Key of the row standing for the events not drawn yet."""


class DiceLog(Vertical):
    """Log pane; `selected` is the id of the event under the cursor."""

    BORDER_TITLE = "3 Log"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._log: list[Event] = []
        """The session's log as last shown."""
        self._start = 0
        """Index in the log of the first event drawn."""
        self._rows: list[Row] = []
        """Rows for `_log[_start:]`."""
        self._seen = 0
        """How many events of the log have been drawn (the session appends to the same list)."""
        self._last_id: str | None = None

    def compose(self) -> ComposeResult:
        yield LineList(id="log-list")

    @property
    def selected(self) -> str | None:
        key = self.query_one(LineList).cursor_key
        return None if key == MORE else key

    def event(self, event_id: str) -> Event | None:
        return next((e for e in reversed(self._log) if e.id == event_id), None)

    def focus_list(self) -> None:
        self.query_one(LineList).focus()

    def show(self, session: Session) -> None:
        log = session.log
        seen = self._seen
        if seen > len(log) or (seen and log[seen - 1].id != self._last_id):
            seen = 0  # the history was replaced: draw it afresh
        if seen == 0:
            self._rows, self._start = [], max(0, len(log) - PAGE)
        elif seen == len(log):
            return
        new = log[max(seen, self._start) :]
        self._rows += [_row(e) for e in new]
        self._log, self._seen, self._last_id = log, len(log), (log[-1].id if log else None)
        lines = self.query_one(LineList)
        at_end = lines.cursor is None or lines.cursor >= len(lines.rows) - 1
        self._publish(select=log[-1].id if at_end and new else None)
        if at_end:
            lines.scroll_end(animate=False, immediate=True)
        self.border_subtitle = f"{len(log)} events"

    def _publish(self, select: str | None = None) -> None:
        more = (
            [
                Row(
                    Text(f"── {self._start} earlier events: keep going up to see them ──"),
                    key=MORE,
                    kind="heading",
                )
            ]
            if self._start
            else []
        )
        self.query_one(LineList).set_rows(more + self._rows, select=select)

    @on(LineList.Highlighted)
    def _load_earlier(self, message: LineList.Highlighted) -> None:
        """The cursor reached the "earlier events" row: draw one more page above."""
        if message.key != MORE:
            return
        message.stop()
        old = self._start
        self._start = max(0, old - PAGE)
        self._rows = [_row(e) for e in self._log[self._start : old]] + self._rows
        self._publish(select=self._log[old - 1].id)


def _row(event: Event) -> Row:
    return Row(event_text(event), key=event.id, cache_key=event.id, indent=5)  # under the kind tag
