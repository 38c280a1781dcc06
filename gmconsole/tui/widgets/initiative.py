"""The initiative tracker pane: round, the acting step, who waits, who is out, and reminders.

It draws whatever the campaign's turn order plans, system-blind: steps from the encounter
(simultaneous actors bracketed as one step), the order's `header()` lines (a flipped drama
card, the phase of a declare-then-resolve round) and its `columns()` (popcorn's "yet to go" /
"gone"). State is always a word or symbol: "▶" acting, "✓" done, "[held]", "[ready: ...]",
"✝ dead", "KO", "[out]".
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from operator import is_
from typing import TYPE_CHECKING

from rich.text import Span, Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import Static

from gmconsole.engine.encounter import Combatant, Encounter, Step
from gmconsole.engine.tracks import StatusView
from gmconsole.tui.render import condition_reminder
from gmconsole.tui.widgets.line_list import LineList, Row
from gmconsole.tui.widgets.static_text import set_content
from gmconsole.tui.widgets.tracker_rows import DrawnSteps, Look, badges, side_tags, vitals_of

if TYPE_CHECKING:
    from gmconsole.store.session import Session


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
        """Width of the step-label column (a score, a side's name) for the rows being built."""
        self._subtitle: str | None = None
        self._head: list[str] = []
        """The turn order's header lines, as last shown."""
        self._header_width: int | None = None
        self._status_cache: dict[str, tuple[StatusView | None, str]] = {}
        """Status and health by a creature sheet's stored form (500 spawned goblins share one)."""
        self._looks: dict[str, Look] = {}
        """How each combatant was last drawn (see `_read_combatants`)."""
        self._combatants: list[Combatant] = []
        """The encounter's combatants as last read."""
        self._roster_backed: list[Combatant] = []
        """Those of them whose sheet is a roster character's (read again every time)."""
        self._tag_width = 1
        """Width of the side-tag column."""
        self._sides: dict[str, str] = {}
        """Each side's short tag in this encounter."""
        self._status_system: object = None
        self._row_cache: dict[tuple, Row] = {}
        self._old_rows: dict[tuple, Row] = {}
        """Rows by content, kept from one redraw to the next, for a redraw that cannot start
        from the last one (`_step_rows`)."""
        self._drawn: DrawnSteps | None = None
        """What the step rows were last built from, so the next turn rebuilds only the steps
        that changed: with 500 combatants a turn advance changes two lines."""

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
        changed = self._read_combatants(session, enc)
        set_content(title, self._title(enc))
        subtitle = order.name if order else enc.order
        if subtitle != self._subtitle:  # setting a border title always repaints the whole pane
            self.border_subtitle = self._subtitle = subtitle
        self._head = list(order.header(enc)) if order and enc.started else []
        columns = order.columns(enc) if order and enc.started else None
        if columns:
            rows = self._rebuilt(lambda: self._column_rows(enc, columns))
        else:
            rows = self._step_rows(enc, changed)
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
        if touched in index and touched not in acting:  # who was just hit or healed comes in sight,
            if at is None or lines.fit_together(at, index[touched]):  # but never pushes out the
                lines.scroll_to_row(index[touched])  # acting step (H on a foe far above it did)
            else:
                lines.scroll_to_row(at)
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
            n = len(enc.combatants)
            if n:
                out.append(f" · {n} combatant{'s' if n != 1 else ''} · s to start")
            else:  # what to do first: a fight needs fighters
                out.append(" · no combatants yet: a adds one, :add party every PC")
            return out
        out.append(f"Round {enc.round}", style="bold")
        step = enc.current
        if step is not None and step.phase:
            out.append(f" · {step.phase} phase", style="bold")
        out.append(f" · {enc.name}")
        return out

    def _read_combatants(self, session: Session, enc: Encounter) -> set[str] | None:
        """Each combatant's `Look`, and the ids of those that look different or are other
        models than last time (None: draw everything afresh, the side tags changed).

        The store hands back the very model of a combatant that a change did not touch, and
        never changes a model in place, so a creature carrying its own sheet is looked at again
        only when its model is new; and its health is worked out again only when no creature
        with the same sheet was (its stored form is the key), as 500 spawned goblins are what
        makes a big fight slow. The few roster characters are read every time (their sheets
        live in the roster, which this pane does not look into)."""
        combatants = enc.combatants
        sides = side_tags(list(dict.fromkeys(c.side for c in combatants)))
        cache, old = self._status_cache, self._looks
        fresh = self._status_system is not session.system or sides != self._sides
        if fresh:  # another campaign, its options changed, or a side came or went
            cache, old, self._status_system = {}, {}, session.system
        if len(cache) > 2 * len(combatants) + 16:
            cache = {}  # sheets no combatant has any more
        self._status_cache, self._sides = cache, sides
        self._tag_width = max((len(t) for t in sides.values()), default=1)
        same = len(combatants) == len(self._combatants) and all(map(is_, combatants, self._combatants))
        if same and not fresh:
            todo, looks = self._roster_backed, dict(old)  # the same models: only these may differ
        else:
            todo, looks = combatants, {}
            self._combatants = list(combatants)
            self._roster_backed = [c for c in combatants if c.sheet is None]
        changed: set[str] = set()
        for c in todo:
            seen = old.get(c.id)
            if seen is not None and seen.combatant is c and c.sheet is not None:
                looks[c.id] = seen
                continue
            look = looks[c.id] = self._look(session, c)
            if seen is None or seen.combatant is not c or seen.words != look.words:
                changed.add(c.id)
        if todo is combatants:
            changed.update(old.keys() - looks.keys())
        self._looks = looks
        return None if fresh else changed

    def _look(self, session: Session, c: Combatant) -> Look:
        if c.sheet is None:
            status, health = vitals_of(session, c)
        else:
            key = repr(c.sheet)
            vitals = self._status_cache.get(key)
            if vitals is None:
                vitals = self._status_cache[key] = vitals_of(session, c)
            status, health = vitals
        return Look(c, health, badges(c, status), self._sides.get(c.side, ""))

    def _row(self, c: Combatant, mark: str, label: str, bracket: str, kind: str = "") -> Row:
        """One combatant line, built as one string plus spans; a line drawn before with the
        same content is reused."""
        look = self._looks[c.id]
        key = (c.id, mark, label, bracket, kind, self._label_width, self._tag_width, look.words)
        row = self._old_rows.get(key) or self._row_cache.get(key)
        if row is None:
            row = self._new_row(c, mark, label, bracket, kind, look.extra, look.tag)
        self._row_cache[key] = row
        return row

    def _new_row(
        self, c: Combatant, mark: str, label: str, bracket: str, kind: str, extra: str, tag: str = ""
    ) -> Row:
        w, width = self._label_width, self._tag_width
        head = f"{mark} {label[:w]:>{w}} {tag:<{width}} " if tag else f"{mark} {label[:w]:>{w}} "
        name_at = len(head) + (len(bracket) + 1 if bracket else 0)
        plain = f"{head}{bracket + ' ' if bracket else ''}{c.name}{'  ' + extra if extra else ''}"
        spans = [Span(2, len(head), "dim")]
        if mark == "▶":
            spans.append(Span(name_at, name_at + len(c.name), "bold"))
        return Row(Text(plain, spans=spans), key=c.id, kind=kind, indent=name_at)

    def _step_rows(self, enc: Encounter, changed: set[str] | None) -> list[Row]:
        """The steps in order, then who waits, who acts next round and who is out. Built
        from the last build when the steps have the same actors as then (see `DrawnSteps`)."""
        self._label_width = 1
        if not enc.started:
            self._drawn = None
            return self._rebuilt(lambda: [self._row(c, " ", "", "") for c in enc.combatants])
        steps = enc.steps
        self._label_width = max(1, min(LABEL_MAX, max((len(step.label) for step in steps), default=0)))
        drawn = self._drawn
        if (
            changed is not None
            and drawn is not None
            and drawn.label_width == self._label_width
            and len(drawn.steps) == len(steps)
            and len(self._row_cache) < 4 * len(drawn.rows) + 64  # else prune it: build afresh
        ):
            dirty = self._changed_steps(steps, drawn.steps)
            if dirty is not None:
                return self._redraw_steps(enc, drawn, changed, dirty)
        return self._rebuilt(lambda: self._draw_steps(enc))

    @staticmethod
    def _changed_steps(steps: list[Step], old: list[Step]) -> set[int] | None:
        """The steps that are other models than last time (a step begun), and the step after
        one whose label changed (its own label shows only if different); None when one has
        other actors."""
        dirty: set[int] = set()
        for i, (step, was) in enumerate(zip(steps, old, strict=True)):
            if step is not was:
                if step.actors != was.actors:
                    return None
                dirty.add(i)
                if step.label != was.label:
                    dirty.add(i + 1)
        return dirty

    def _rebuilt(self, build: Callable[[], list[Row]]) -> list[Row]:
        """Rows built afresh, reusing the rows of the last build by content (a combatant added
        or delayed shifts the steps after it, but few of their lines change); the rows not
        drawn this time are forgotten."""
        self._old_rows, self._row_cache = self._row_cache, {}
        try:
            return build()
        finally:
            self._old_rows = {}

    def _draw_steps(self, enc: Encounter) -> list[Row]:
        rows: list[Row] = []
        starts: list[int] = []
        step_of: dict[str, list[int]] = {}
        for i, step in enumerate(enc.steps):
            starts.append(len(rows))
            rows += self._step_lines(enc, i)
            for cid in step.actors:
                step_of.setdefault(cid, []).append(i)
        starts.append(len(rows))
        placed = set(step_of)
        rows += self._rest_rows(enc, placed)
        self._drawn = DrawnSteps(
            list(enc.steps), enc.pointer, self._label_width, rows, starts, step_of, placed
        )
        return rows

    def _redraw_steps(
        self, enc: Encounter, drawn: DrawnSteps, changed: set[str], dirty: set[int]
    ) -> list[Row]:
        """The last build's rows with those of the steps that changed built again: the step the
        pointer left and the one it reached, other models of steps, and the steps of the
        combatants that changed (a condition ticked, a hit). Each step keeps its number of
        rows, as its actors are the same."""
        if drawn.pointer != enc.pointer:
            dirty |= {drawn.pointer, enc.pointer}
        if not dirty and not changed:
            return drawn.rows
        rows = drawn.rows.copy()
        for cid in changed:
            dirty.update(drawn.step_of.get(cid, ()))
        starts = drawn.starts
        for i in sorted(dirty):
            if 0 <= i < len(enc.steps):
                rows[starts[i] : starts[i + 1]] = self._step_lines(enc, i)
        if any(cid not in drawn.placed for cid in changed):
            rows[starts[-1] :] = self._rest_rows(enc, drawn.placed)
        drawn.steps, drawn.rows, drawn.pointer = list(enc.steps), rows, enc.pointer
        return rows

    def _step_lines(self, enc: Encounter, i: int) -> list[Row]:
        """The rows of step `i`: one per actor, simultaneous actors bracketed."""
        steps, pointer = enc.steps, enc.pointer
        step = steps[i]
        mark = "▶" if i == pointer else ("✓" if i < pointer else " ")
        # a side is named once; a phase (declare, resolve) on every row, as one combatant has
        # a row in each
        label = "" if i and step.label == steps[i - 1].label and not step.phase else step.label
        kind = "acting" if i == pointer else ("muted" if i < pointer else "")
        n = len(step.actors)
        looks = self._looks
        out = []
        for j, cid in enumerate(step.actors):
            bracket = "" if n == 1 else ("┬" if j == 0 else ("└" if j == n - 1 else "├"))
            c = looks[cid].combatant
            out.append(self._row(c, mark if j == 0 else " ", label if j == 0 else "", bracket, kind))
        return out

    def _rest_rows(self, enc: Encounter, placed: set[str]) -> list[Row]:
        """Who has no step this round: waiting (held, ready), next round, out."""
        rows: list[Row] = []
        rest = [c for c in enc.combatants if c.id not in placed]
        for heading, members in (
            ("Waiting", [c for c in rest if c.status in ("held", "ready")]),
            ("Next round", [c for c in rest if c.status == "active"]),
            ("Out", [c for c in rest if c.status == "out"]),
        ):
            if members:
                rows.append(Row(Text(f"── {heading} ──"), kind="heading"))
                rows += [self._row(c, " ", "", "", "muted" if heading == "Out" else "") for c in members]
        return rows

    def _column_rows(self, enc: Encounter, columns: dict[str, list[str]]) -> list[Row]:
        """Popcorn-style orders: the acting step, then the order's two columns side by side."""
        rows: list[Row] = []
        self._label_width = 3
        self._drawn = None
        for c in enc.acting:
            rows.append(self._row(c, "▶", "now", "", "acting"))
        inner = (self.size.width or self.app.size.width) - 6  # borders, padding, the marks
        width = max(16, inner // 2)
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
            cell = _cut(self._cell(left), width - 1) if left else ""
            text.append(f"{cell:<{width}}")
            text.append("│ ")
            if right:  # the same width as the left column: the list's own width is 0 at first
                text.append(_cut(self._cell(right), max(8, inner - width - 2)), style="dim")
            key = left.id if left else (right.id if right else None)
            rows.append(Row(text, key=key))
        return rows

    def _cell(self, c: Combatant) -> str:
        """A combatant in a popcorn column: side tag, name, health, badges."""
        look = self._looks[c.id]
        return " ".join(p for p in (look.tag, c.name, look.health, look.badges) if p)

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


def _cut(text: str, room: int) -> str:
    """`text` in `room` cells, ending in "…" when cut (a bare slice read "hurt (-6 H")."""
    return text if len(text) <= room else text[: max(room - 1, 0)] + "…"
