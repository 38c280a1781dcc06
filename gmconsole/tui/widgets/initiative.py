"""The initiative tracker pane: round, the acting step, who waits, who is out, and reminders.

It draws whatever the campaign's turn order plans, system-blind: steps from the encounter
(simultaneous actors bracketed as one step), the order's `header()` lines (a flipped drama
card, the phase of a declare-then-resolve round) and its `columns()` (popcorn's "yet to go" /
"gone"). State is always a word or symbol: "▶" acting, "✓" done, "[held]", "[ready: ...]",
"✝ dead", "KO", "[out]".
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from rich.text import Span, Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import Static

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.tracks import StatusView
from gmconsole.tui.render import condition_reminder, condition_text
from gmconsole.tui.widgets.line_list import LineList, Row
from gmconsole.tui.widgets.static_text import set_content

if TYPE_CHECKING:
    from gmconsole.store.session import Session


def status_of(session: Session, c: Combatant) -> StatusView | None:
    """The system's view of a combatant's health, or None when its sheet cannot be read (a bad
    sheet is the roster's to report, not the tracker's)."""
    return vitals_of(session, c)[0]


def vitals_of(session: Session, c: Combatant) -> tuple[StatusView | None, str]:
    """Status and the system's compact health figure ("W2 S1", "HP 7/12") of a combatant."""
    sheet = session.sheet_of(c)
    if sheet is None:
        return None, ""
    return session.system.status(sheet), session.system.health(sheet)


def side_tags(sides: list[str]) -> dict[str, str]:
    """A short tag per side, unique within the encounter ("P" pcs, "F" foes; "He"/"Hi" when two
    start alike), so sides read apart without colour."""
    tags: dict[str, str] = {}
    for side in sides:
        n = 1
        while n < len(side) and any(
            other != side and other[:n].lower() == side[:n].lower() for other in sides
        ):
            n += 1
        tags[side] = (side[:n] or "?").capitalize()
    return tags


def badges(c: Combatant, status: StatusView | None) -> str:
    """Words for a combatant's state beside its name."""
    out: list[str] = []
    if c.status == "held":
        out.append("[held]")
    elif c.status == "ready":
        out.append(f"[ready: {c.trigger}]" if c.trigger else "[ready]")
    elif c.status == "out":
        out.append("[out]")
    if status is not None and status.health != "ok":
        if status.health == "dead":
            out.append(f"✝ {status.label}")
        elif status.health == "down":
            out.append("KO" if status.label in ("down", "KO") else status.label)
        else:
            out.append(status.label)
        if status.detail and status.detail.lower() != status.label.lower():
            out.append(f"({status.detail})")
    if c.conditions:
        out.append(" ".join(condition_text(k) for k in c.conditions))
    if c.declared:
        out.append(f"declares: {c.declared}")
    return " ".join(out)


LABEL_MAX = 10
"""Longest step label shown in full ("villains", "declare"); longer ones are cut."""
HEADER_MAX = 8
"""Most header lines shown (Torg's card, its peek at the deck, a seized card, a final scene)."""
MIN_LIST = 3
"""Tracker rows kept on screen under the header: the acting step, one before, one after."""
FOLD_BELOW = 16
"""Under this pane height the header's lines are run together into FOLDED_LINES lines, so an
80x24 tracker keeps its rows for the combatants (a Torg card took half the pane)."""
FOLDED_LINES = 2
SIDE_WIDTH = 72
"""From this pane width on, a header too tall for the space above the list goes beside it."""


def fold_header(lines: list[str], width: int, most: int) -> list[str]:
    """Header lines run together with " · " and wrapped to `width`, at most `most` lines; the
    last one says that zoom (z) shows the rest when something was cut."""
    wrapped = textwrap.wrap(" · ".join(lines), max(width, 20)) or [""]
    if len(wrapped) <= most:
        return wrapped
    cut = wrapped[:most]
    tail = " … z zooms"
    cut[-1] = cut[-1][: max(0, width - len(tail))].rstrip() + tail
    return cut


class InitiativePane(Vertical):
    """Tracker pane; `show(session)` redraws it, `selected` is the combatant under the cursor."""

    BORDER_TITLE = "1 Initiative"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._turn: tuple[str, int, int, tuple[str, ...]] | None = None
        self._label_width = 4
        self._subtitle: str | None = None
        self._head: list[str] = []
        self._header_width: int | None = None
        """The turn order's header lines, as last shown."""
        self._status_cache: dict[str, tuple[StatusView | None, str]] = {}
        self._health: dict[str, str] = {}
        """Each combatant's compact health figure, from the last `_statuses`."""
        self._sides: dict[str, str] = {}
        """Each side's short tag in this encounter."""
        self._status_system: object = None
        self._row_cache: dict[tuple, Row] = {}
        self._old_rows: dict[tuple, Row] = {}
        """Rows and health by content, kept from one redraw to the next: a turn advance with 500
        combatants changes two or three lines, and only those should cost anything."""
        """Width of the step-label column (a score, a side's name) for the rows being built."""

    def compose(self) -> ComposeResult:
        yield Static(id="init-title")
        with Container(id="init-body"):
            yield Static(id="init-header")
            yield LineList(id="init-list")
        yield Static(id="init-reminder")

    @property
    def selected(self) -> str | None:
        return self.query_one(LineList).cursor_key

    def focus_list(self) -> None:
        self.query_one(LineList).focus()

    def show(self, session: Session) -> None:
        enc, order = session.encounter, session.order
        title = self.query_one("#init-title", Static)
        header = self.query_one("#init-header", Static)
        reminder = self.query_one("#init-reminder", Static)
        lines = self.query_one(LineList)
        if enc is None:
            set_content(title, Text("No encounter. Type 'encounter <name>' (: to type) to begin one."))
            header.display = reminder.display = False
            lines.set_rows([])
            return
        statuses = self._statuses(session, enc)
        self._sides = side_tags(list(dict.fromkeys(c.side for c in enc.combatants)))
        set_content(title, self._title(enc))
        subtitle = order.name if order else enc.order
        if subtitle != self._subtitle:  # setting a border title always repaints the whole pane
            self.border_subtitle = self._subtitle = subtitle
        self._head = list(order.header(enc)) if order and enc.started else []
        columns = order.columns(enc) if order and enc.started else None
        self._old_rows, self._row_cache = self._row_cache, {}
        rows = self._column_rows(enc, columns, statuses) if columns else self._step_rows(enc, statuses)
        self._old_rows = {}
        acting = [c.id for c in enc.acting]
        turn = (enc.name, enc.round, enc.pointer, tuple(acting))
        moved = turn != self._turn
        self._turn = turn
        at = next((i for i, row in enumerate(rows) if row.kind == "acting"), None)
        lines.set_rows(rows, select=acting[0] if moved and acting else None, select_at=at if moved else None)
        index = {row.key: i for i, row in enumerate(rows) if row.key is not None}
        if moved and at is not None:  # the acting step at the top, one done above
            lines.scroll_to_row(max(0, at - 1), top=True)
        touched = self._touched(session)
        if touched in index and touched not in acting:
            lines.scroll_to_row(index[touched])  # who was just hit or healed stays in sight
        text = self._reminder(enc)
        set_content(reminder, Text(text))
        reminder.display = bool(text)
        self._place_header()

    @staticmethod
    def _touched(session: Session) -> str | None:
        """The combatant the newest logged event was about (damage, a condition, a test)."""
        log = getattr(session, "log", None)  # a pane may be drawn from a bare encounter view
        return log[-1].who if log else None

    def on_resize(self) -> None:
        self._place_header()

    def fit(self) -> None:
        """Lay the list and the header out for the size the pane has now (see
        `MainScreen.on_resize`)."""
        self.query_one(LineList).fit()
        self._place_header()

    def _place_header(self) -> None:
        """Show the order's header lines without hiding the acting step: above the list (up to
        HEADER_MAX lines) while MIN_LIST rows stay under it; beside the list, as tall as the
        pane, when the pane is wide but short (80x24 with a Torg card and a peek at the deck);
        else as many as fit, the last line saying how many more there are and that z zooms."""
        header = self.query_one("#init-header", Static)
        reminder = self.query_one("#init-reminder", Static)
        head = self._head
        inner = self.content_region
        if inner.height and inner.height < FOLD_BELOW and len(head) > FOLDED_LINES:
            folded = fold_header(head, inner.width - 2, len(head))
            if len(folded) <= FOLDED_LINES:  # else too much to run together: beside the list
                head = folded
        used = self.query_one("#init-title", Static).outer_size.height or 1
        if reminder.display:
            used += reminder.outer_size.height or 2
        room = min(HEADER_MAX, inner.height - used - MIN_LIST) if inner.height else HEADER_MAX
        side = len(head) > room and inner.width >= SIDE_WIDTH
        width = min(max(len(line) for line in head) + 3, inner.width // 2) if side else None
        if side:
            room = inner.height - used
        if width != self._header_width:  # a style set, even to the same value, lays out again
            header.styles.width = self._header_width = width
        self.query_one("#init-body").set_class(side, "-side")
        if len(head) > max(room, 1):
            keep = max(room - 1, 1)
            head = [*head[:keep], f"… {len(head) - keep} more: z zooms"]
        header.display = bool(head)
        set_content(header, Text("\n".join(head)))  # Text: a "[card]" is not markup

    # ------------------------------------------------------------------ pieces

    @staticmethod
    def _title(enc: Encounter) -> Text:
        out = Text()
        if not enc.started:
            out.append(f"{enc.name}: not started", style="bold")
            out.append(f" · {len(enc.combatants)} combatants · s to start")
            return out
        out.append(f"Round {enc.round}", style="bold")
        step = enc.current
        if step is not None and step.phase:
            out.append(f" · {step.phase} phase", style="bold")
        out.append(f" · {enc.name}")
        return out

    def _statuses(self, session: Session, enc: Encounter) -> dict[str, StatusView | None]:
        """Each combatant's health through `Session.sheet_of`; for creatures carrying their own
        sheet, worked out again only when that sheet changed (its stored form is the key), as
        500 spawned goblins are what makes a big fight slow. The few roster characters are read
        every time (their sheets live in the roster, which this pane does not look into)."""
        old, self._status_cache = self._status_cache, {}
        if self._status_system is not session.system:  # another campaign, or its options changed
            old, self._status_system = {}, session.system
        out: dict[str, StatusView | None] = {}
        self._health = {}
        for c in enc.combatants:
            if c.sheet is None:
                out[c.id], self._health[c.id] = vitals_of(session, c)
                continue
            key = repr(c.sheet)
            if key in old:
                vitals = old[key]
            elif key in self._status_cache:
                vitals = self._status_cache[key]
            else:
                vitals = vitals_of(session, c)
            self._status_cache[key] = vitals
            out[c.id], self._health[c.id] = vitals
        return out

    def _row(
        self, c: Combatant, mark: str, label: str, bracket: str, statuses: dict, kind: str = ""
    ) -> Row:
        """One combatant line, built as one string plus spans; a line drawn last time with the
        same content is reused (this runs 500 times a turn)."""
        w = self._label_width
        extra = badges(c, statuses.get(c.id))
        health = self._health.get(c.id, "")
        if health:
            extra = f"{health}  {extra}" if extra else health
        tag = self._sides.get(c.side, "")
        key = (c.id, c.name, mark, label, bracket, kind, w, extra, tag)
        row = self._old_rows.get(key) or self._row_cache.get(key)
        if row is None:
            row = self._new_row(c, mark, label, bracket, kind, extra, tag)
        self._row_cache[key] = row
        return row

    def _new_row(
        self, c: Combatant, mark: str, label: str, bracket: str, kind: str, extra: str, tag: str = ""
    ) -> Row:
        w = self._label_width
        width = max((len(t) for t in self._sides.values()), default=1)
        head = f"{mark} {label[:w]:>{w}} {tag:<{width}} " if tag else f"{mark} {label[:w]:>{w}} "
        name_at = len(head) + (len(bracket) + 1 if bracket else 0)
        plain = f"{head}{bracket + ' ' if bracket else ''}{c.name}{'  ' + extra if extra else ''}"
        spans = [Span(2, len(head), "dim")]
        if mark == "▶":
            spans.append(Span(name_at, name_at + len(c.name), "bold"))
        return Row(Text(plain, spans=spans), key=c.id, kind=kind, indent=name_at)

    def _step_rows(self, enc: Encounter, statuses: dict) -> list[Row]:
        rows: list[Row] = []
        placed: set[str] = set()
        self._label_width = 1
        if not enc.started:
            rows += [self._row(c, " ", "", "", statuses) for c in enc.combatants]
            return rows
        by_id = {c.id: c for c in enc.combatants}
        self._label_width = max((len(step.label) for step in enc.steps), default=0)
        self._label_width = max(1, min(LABEL_MAX, self._label_width))
        previous_label = None
        for i, step in enumerate(enc.steps):
            mark = "▶" if i == enc.pointer else ("✓" if i < enc.pointer else " ")
            # a side is named once; a phase (declare, resolve) on every row, as one
            # combatant has a row in each
            label = "" if step.label == previous_label and not step.phase else step.label
            previous_label = step.label
            kind = "acting" if i == enc.pointer else ("muted" if i < enc.pointer else "")
            n = len(step.actors)
            for j, cid in enumerate(step.actors):
                bracket = "" if n == 1 else ("┬" if j == 0 else ("└" if j == n - 1 else "├"))
                c = by_id[cid]
                rows.append(
                    self._row(
                        c, mark if j == 0 else " ", label if j == 0 else "", bracket, statuses, kind
                    )
                )
                placed.add(cid)
        rest = [c for c in enc.combatants if c.id not in placed]
        for heading, members in (
            ("Waiting", [c for c in rest if c.status in ("held", "ready")]),
            ("Next round", [c for c in rest if c.status == "active"]),
            ("Out", [c for c in rest if c.status == "out"]),
        ):
            if members:
                rows.append(Row(Text(f"── {heading} ──"), kind="heading"))
                rows += [
                    self._row(c, " ", "", "", statuses, "muted" if heading == "Out" else "") for c in members
                ]
        return rows

    def _column_rows(self, enc: Encounter, columns: dict[str, list[str]], statuses: dict) -> list[Row]:
        """Popcorn-style orders: the acting step, then the order's two columns side by side."""
        rows: list[Row] = []
        self._label_width = 3
        for c in enc.acting:
            rows.append(self._row(c, "▶", "now", "", statuses, "acting"))
        width = max(16, ((self.size.width or self.app.size.width) - 6) // 2)
        titles = list(columns)
        now = {c.id for c in enc.acting}  # on the acting line already, not again in a column
        left_ids = [c for c in columns[titles[0]] if c not in now] if titles else []
        right_ids = [c for c in columns[titles[1]] if c not in now] if len(titles) > 1 else []
        head = Text(f"  {titles[0] if titles else '':<{width}}│ {titles[1] if len(titles) > 1 else ''}")
        rows.append(Row(head, kind="heading"))
        by_id = {c.id: c for c in enc.combatants}
        for i in range(max(len(left_ids), len(right_ids))):
            left = by_id[left_ids[i]] if i < len(left_ids) else None
            right = by_id[right_ids[i]] if i < len(right_ids) else None
            text = Text("  ")
            cell = self._cell(left, statuses) if left else ""
            text.append(f"{cell[: width - 1]:<{width}}")
            text.append("│ ")
            if right:
                room = max(8, self.query_one(LineList).text_width - 4 - width)  # never wraps
                text.append(self._cell(right, statuses)[:room], style="dim")
            key = left.id if left else (right.id if right else None)
            rows.append(Row(text, key=key))
        return rows

    def _cell(self, c: Combatant, statuses: dict) -> str:
        """A combatant in a popcorn column: side tag, name, health, badges."""
        health, extra = self._health.get(c.id, ""), badges(c, statuses.get(c.id))
        parts = [self._sides.get(c.side, ""), c.name, health, extra]
        return " ".join(p for p in parts if p)

    @staticmethod
    def _reminder(enc: Encounter) -> str:
        """What ticks on the acting combatants' turns: their conditions and any anchored to them."""
        acting = {c.id for c in enc.acting}
        if not acting:
            return ""
        names = {c.id: c.name for c in enc.combatants}
        parts = []
        for c in enc.combatants:
            for k in c.conditions:
                anchor = k.on or c.id
                if anchor in acting or (c.id in acting and k.expires == "round"):
                    parts.append(condition_reminder(k, c.name, names.get(k.on) if k.on else None))
        return ("Reminder: " + "; ".join(parts)) if parts else ""
