"""The dice log pane: every roll and change of the whole campaign, newest last.

It shows `Session.log` (the events read so far, oldest first, then this session's), adding only
the new events on each update and drawing older ones a page at a time as the GM scrolls up, so a
long campaign stays cheap to open and to redraw. The session itself reads only the newest day
files at open; when the GM scrolls past the loaded events, the pane asks it for the older day
files (`Session.load_earlier_log`), which come in front of the same list. The cursor picks an
event (for re-rolling); it follows the newest event unless the GM has moved it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical

from gmconsole.engine.events import Event
from gmconsole.store.log import LOG_PAGE
from gmconsole.tui.render import event_text
from gmconsole.tui.widgets.line_list import LineList, Row
from gmconsole.tui.widgets.static_text import set_border_subtitle

if TYPE_CHECKING:
    from gmconsole.store.session import Session


PAGE = LOG_PAGE
"""Events drawn at a time: the newest page at first, one more each time the GM scrolls past
the top, so a campaign of ten thousand rolls opens as fast as a new one. The session reads as
many at open, so the first page never waits for the disk."""
MORE = "\x00earlier"
"""Key of the row standing for the events not drawn yet."""
EMPTY = "Nothing yet: every roll and change lands here. : then 3d6+2 rolls dice."
"""What an empty log says (a new campaign's), rather than a blank pane."""


class DiceLog(Vertical):
    """Log pane; `selected` is the id of the event under the cursor."""

    BORDER_TITLE = "3 Log"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._session: Session | None = None
        self._log: list[Event] = []
        """The session's log as last shown (the session appends to it and puts earlier
        events in front of it, so positions in it move: the pane keeps ids, not indexes)."""
        self._rows: list[Row] = []
        """Rows for the newest `len(_rows)` events of `_log`."""
        self._last_id: str | None = None
        """Id of the newest event drawn."""
        self._more = ""
        """The "earlier events" row's text as last drawn ("" when there was none)."""

    def compose(self) -> ComposeResult:
        yield LineList(id="log-list")

    @property
    def _start(self) -> int:
        """Index in the log of the first event drawn (the events above it are not drawn)."""
        return len(self._log) - len(self._rows)

    @property
    def selected(self) -> str | None:
        key = self.query_one(LineList).cursor_key
        return None if key == MORE else key

    def focus_list(self) -> None:
        self.query_one(LineList).focus()

    def fit(self) -> None:
        """Wrap the events to the width the list has now (see `MainScreen.on_resize`)."""
        self.query_one(LineList).fit()

    def show(self, session: Session) -> None:
        self._session = session
        log = session.log
        last = self._drawn_up_to(log)
        if last is None:  # first time, or the history was replaced (reload): draw it afresh
            new = log[max(0, len(log) - PAGE) :]
            self._rows = []
        else:
            new = log[last + 1 :]
            if not new and self._more == self._more_text():
                return
        self._rows += [_row(e) for e in new]
        self._log, self._last_id = log, (log[-1].id if log else None)
        lines = self.query_one(LineList)
        at_end = lines.cursor is None or lines.cursor >= len(lines.rows) - 1
        self._publish(select=log[-1].id if at_end and new else None)
        if at_end:
            lines.scroll_end(animate=False, immediate=True)
        self._subtitle()

    def _subtitle(self) -> None:
        """How many events there are ("1200+ events" while older log files are unread)."""
        unread = self._session is not None and not self._session.log_complete
        set_border_subtitle(self, f"{len(self._log)}{'+' if unread else ''} events")

    def _drawn_up_to(self, log: list[Event]) -> int | None:
        """Where in `log` the newest event drawn is now (None: start afresh). Searched from
        the end: only what was appended since the last update lies after it."""
        if log is not self._log or self._last_id is None:
            return None
        return next((i for i in range(len(log) - 1, -1, -1) if log[i].id == self._last_id), None)

    def _more_text(self) -> str:
        """What the "earlier events" row says: events in memory not drawn yet, and the older
        day files the session has not read ("" when everything is drawn)."""
        loaded = f"{self._start} earlier events" if self._start else ""
        days = self._session.log_unread_days if self._session is not None else 0
        older = f"{days} older log file{'s' if days != 1 else ''}" if days else ""
        if not (loaded or older):
            return ""
        return f"── {' and '.join(p for p in (loaded, older) if p)}: keep going up to see them ──"

    def _publish(self, select: str | None = None) -> None:
        self._more = self._more_text()
        more = [Row(Text(self._more), key=MORE, kind="heading")] if self._more else []
        rows = more + self._rows or [Row(Text(EMPTY), kind="muted")]
        self.query_one(LineList).set_rows(rows, select=select)

    @on(LineList.Highlighted)
    def _load_earlier(self, message: LineList.Highlighted) -> None:
        """The cursor reached the "earlier events" row: draw one more page above, first
        asking the session for older log files when fewer than a page are in memory."""
        if message.key != MORE:
            return
        message.stop()
        session = self._session
        if session is not None and self._start < PAGE and not session.log_complete:
            known = len(session.problems)
            session.load_earlier_log(PAGE - self._start)
            if len(session.problems) > known:  # a bad older log file: say so, as opening would
                bad = len(session.problems) - known
                self.notify(
                    f"{bad} problem{'s' if bad != 1 else ''} in older log files: ! lists them",
                    severity="warning",
                )
        old = self._start
        first = max(0, old - PAGE)
        self._rows = [_row(e) for e in self._log[first:old]] + self._rows
        self._publish(select=self._log[old - 1].id if old else self._first_drawn())
        self._subtitle()

    def _first_drawn(self) -> str | None:
        """The oldest event drawn (the cursor's place when older log files gave nothing)."""
        return self._rows[0].key if self._rows else None


def _row(event: Event) -> Row:
    return Row(event_text(event), key=event.id, cache_key=event.id, indent=5)  # under the kind tag
