"""The reference pane: the system's tables and the campaign's own, searchable, with a lookup
box and rolls on random tables.

A GM mid-fight wants "what does a 17 on the hit table say" or "which table mentions fog" in two
keys, so the pane is a search box over every table (name first, then content, best first), the
open table's rows, and a lookup box that puts the cursor and a ``▶`` on the row for a roll or a
name (`reference_lookup`: also a roll against Low/High columns, where one roll may mark a row per
body type, and a refusal in one line saying what the table takes). Content matches are marked
``•`` in the open table. Rolling posts the same command a GM could type (`roll table NAME`), so
the roll, its nested dice and `{Table}` references are resolved by the session and land in the
dice log; faces rolled at the table go up as `ReferencePane.Roll` with the faces.

Rows are drawn as aligned columns when the pane is wide enough and as labelled cells
("Cost: 2 · Trigger: attack") that wrap when it is not, so nothing is cut off at 80x24. Below
~90 columns the pane shows either the list or the open table (Enter opens, Escape goes back);
wider, both side by side.

Type-to-search: while the table list or the open table's rows have the keys, a letter starts a
search, as in any searchable list (the GM who types "bonus" there wants the Bonus chart, not
"o" marking a hero out and "u" undoing). The letter replaces the last search, the search box
takes the keys, and the rest of the word lands there; the list filters as it is typed. Kept:

- the pane's own keys, as the key bar shows them (`r` roll, `F` roll typed, `/` search, `=`
  lookup, Enter open, Escape back), with any remapping from the keymap file: a word that
  starts with one of them is typed after `/`;
- digits and punctuation, which keep their screen-wide meaning: `1`-`4` switch panes, `?`
  help, `:` the command line (a search for a number starts with `/`);
- the arrows, Page up/down, Home and End move in the list; `j`/`k` are letters here and search.

The screen's letter keys are hidden from the key bar meanwhile (`check_consume_key`), as they
are while an input box has the keys. Escape in the search box goes back to the list, keeping
the filter; Escape on a filtered list clears the search.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Static

from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.tables import Table, TableError, search_tables
from gmconsole.tui.messages import Command
from gmconsole.tui.widgets.line_list import LineList, Row
from gmconsole.tui.widgets.reference_rows import row_texts, table_info, table_key
from gmconsole.tui.widgets.static_text import set_content
from gmconsole.tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from textual.timer import Timer

    from gmconsole.store.session import Session

PartT = TypeVar("PartT", bound=Widget)

SPLIT_WIDTH = 90
"""From this pane width on, the table list and the open table are shown side by side."""
SHORT_HEIGHT = 14
"""Below this pane height the open table's header keeps only its title line."""
FILL_DELAY = 0.3
"""Seconds after the main screen's mount that the table list is filled (see `show`'s `soon`):
Textual's `call_later` still runs before the first paint, a timer runs after it."""


class ReferencePane(Vertical):
    """Search box, table list, open table with lookup box; `show(session)` redraws."""

    DEFAULT_CSS = (Path(__file__).with_name("reference.tcss")).read_text(encoding="utf-8")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "slash", "search", "Search", id="reference.search",
            tooltip="Search tables: name, content (or type a letter in the list)",
        ),
        Binding("equals_sign", "lookup", "Lookup", id="reference.lookup", tooltip="Look up a roll or a name"),
        Binding("r", "roll", "Roll", id="reference.roll", tooltip="Roll on the selected random table"),
        Binding("F", "roll_typed", "Roll typed", id="reference.roll_typed", tooltip="Roll, faces typed"),
        Binding("enter", "open", "Open", show=False, id="reference.open", tooltip="Open the selected table"),
        Binding("escape", "back", "Back", show=False, id="reference.back", tooltip="Back to the table list"),
    ]

    class Roll(Message):
        """Roll on `table` with faces rolled by hand (`session.roll_table(table, dice=dice)`)."""

        def __init__(self, table: str, dice: list[int]) -> None:
            super().__init__()
            self.table = table
            self.dice = dice

    def __init__(self, *, id: str | None = "reference", classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.add_class("-list", update=False)  # before mount: set in on_mount, it styled the pane twice
        self.border_title = "4 Tables"
        self.session: Session | None = None
        self.tables: dict[str, Table] = {}
        self.open_key: str | None = None
        self.looked_up: list[int] = []
        """Indexes of the rows the lookup box found (marked ▶; a roll on a table with a row per
        body type and range finds one per body type)."""
        self._pending: Timer | None = None
        """The timer that fills the list after the first paint, until it has (see `show`)."""
        self._view_made = False
        """Whether the open table's view was made (see `_view`)."""

    def compose(self) -> ComposeResult:
        # no select-all on focus: it would arrive after the first letter of type-to-search and
        # the next letter would replace it; `/` selects the old search itself
        yield TextInput(
            placeholder="/ search tables: name or content", id="ref-search", compact=True,
            select_on_focus=False,
        )
        with Horizontal(id="ref-body"):
            yield LineList(id="ref-tables")

    def _view(self) -> None:
        """Make the open table's view (its info line, lookup box, rows and status) the first
        time it is needed: when the list is filled (a moment after the first paint) or a key
        opens a table sooner. Mounted with the screen, hidden until a table opens, it was
        ~3 ms of every start-up. The widgets are in the DOM at once, so a key typed right
        after the one that opened the table finds them."""
        if self._view_made:
            return
        self._view_made = True
        view = Vertical(id="ref-table")
        self.query_one("#ref-body", Horizontal).mount(view)
        status = Static("", id="ref-status")
        status.display = False  # until a lookup has something to say
        lookup = TextInput(placeholder="= look up a roll or a name", id="ref-lookup", compact=True)
        view.mount(Static("", id="ref-info"), lookup, LineList(id="ref-rows"), status)

    def _part(self, selector: str, expect_type: type[PartT]) -> PartT:
        """A widget of the open table's view (made first if it is not yet: see `_view`)."""
        self._view()
        return self.query_one(selector, expect_type)

    def on_mount(self) -> None:
        if self.session is not None:
            self.show(self.session)

    def focus_list(self) -> None:
        self.fill_pending()
        in_table = self.has_class("-table") and not self.has_class("-split")
        target = self._part("#ref-rows", LineList) if in_table else self.query_one("#ref-tables", LineList)
        self._focus_now(target)

    # ------------------------------------------------------------------ data in

    def show(self, session: Session, *, soon: bool = False) -> None:
        """Redraw the list (keeping the search) and the open table (keeping the lookup).

        `soon` (the main screen's first draw): fill the list `FILL_DELAY` seconds from now,
        after the first frame is painted. Reading a system's tables (Torg's 59, parsed and
        checked on first use) and listing them was ~12 ms of every start-up, for a pane the GM
        reads after the tracker; meanwhile the list says it is loading. Anything that needs
        the tables sooner (focus reaching the pane, its keys, any later `show`) fills it then."""
        self.session = session
        if not self.is_mounted:
            return
        if soon and not self.tables:
            if self._pending is None:
                loading = Row(Text("Loading tables…", style="italic"), kind="muted")
                self.query_one("#ref-tables", LineList).set_rows([loading])
                self._pending = self.set_timer(FILL_DELAY, self.fill_pending)
            return
        self._cancel_pending()
        self._fill_list()
        self._fill_rows()

    def fill_pending(self) -> None:
        """Fill the list now if its first filling is still waiting (see `show`)."""
        if self._pending is not None:
            self._cancel_pending()
            self._fill_list()
            self._fill_rows()

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.stop()
            self._pending = None

    def on_descendant_focus(self) -> None:
        """Focus reached the search box or a list (a click, Tab): the tables must be there."""
        self.fill_pending()

    @property
    def query_text(self) -> str:
        return self.query_one("#ref-search", Input).value.strip()

    @property
    def open_table(self) -> Table | None:
        return self.tables.get(self.open_key or "")

    def _fill_list(self) -> None:
        session = self.session
        if session is None:
            return
        everything = list(session.tables)
        self.tables = {table_key(t): t for t in everything}
        query = self.query_text
        found = search_tables(everything, query) if query else everything
        rows: list[Row] = []
        if query:
            rows.append(Row(Text(f"{len(found)} table(s) match {query!r}", style="italic"), kind="heading"))
            rows += [Row(self._list_entry(t), key=table_key(t)) for t in found]
        else:
            groups: dict[str, list[Table]] = {}
            for t in found:
                groups.setdefault(t.group or t.source.split("/")[0], []).append(t)
            # a group that is one table of the same name needs no "── Bonus chart" over "Bonus
            # chart": such tables come first, before any heading, so none seems to belong to one
            alone = [m[0] for h, m in groups.items() if len(m) == 1 and m[0].name == h]
            rows += [Row(self._list_entry(t), key=table_key(t)) for t in alone]
            for heading, members in groups.items():
                if members[0] not in alone:
                    rows.append(Row(Text(f"── {heading}", style="bold"), kind="heading"))
                    rows += [Row(self._list_entry(t), key=table_key(t)) for t in members]
        if not everything:
            rows = [Row(Text("No tables: add TOML files to the campaign's tables/ folder.", style="italic"))]
        tables = self.query_one("#ref-tables", LineList)
        # the row the GM moved to stays under the cursor when a roll redraws the list: it went
        # back to the open table, so the next r rolled that one instead of the row in sight
        keep = tables.cursor_key if tables.cursor_key in self.tables else None
        tables.set_rows(rows, select=keep or self.open_key)

    def _list_entry(self, table: Table) -> Text:
        text = Text(table.name)
        if table.dice and not table.name.endswith(f"({table.dice})"):
            text.append(f" ({table.dice})", style="dim")
        return text

    def _fill_rows(self) -> None:
        table = self.open_table
        info = self._part("#ref-info", Static)
        rows_list = self._part("#ref-rows", LineList)
        if table is None:
            set_content(info, Text("Select a table and press Enter.", style="italic"))
            rows_list.set_rows([])
            return
        set_content(info, table_info(table))
        width = max(10, rows_list.text_width - 2)  # 2: the ▶/• mark
        header, texts = row_texts(table, width)
        query = self.query_text
        matching = {r.index for r in table.matching_rows(query)} if query else set()
        rows: list[Row] = [Row(Text("  ").append_text(header), kind="heading")] if header else []
        for i, text in enumerate(texts):
            mark = "▶ " if i in self.looked_up else ("• " if i in matching else "  ")
            rows.append(Row(Text(mark, style="bold").append_text(text), key=str(i)))
        select = str(self.looked_up[0]) if self.looked_up else None
        if select is None and matching:
            select = str(min(matching))
        rows_list.set_rows(rows, select=select)

    # ------------------------------------------------------------------ layout

    def on_resize(self) -> None:
        self.set_class(self.size.width >= SPLIT_WIDTH, "-split")
        self.set_class(self.size.height < SHORT_HEIGHT, "-short")

    def fit(self) -> None:
        """Take the layout for the size the pane has now and lay the lists out for theirs (see
        `MainScreen.on_resize`); a change of layout (split, short) sizes them again first, and
        their own Resize then does it."""
        split, short = self.has_class("-split"), self.has_class("-short")
        self.on_resize()
        if (split, short) != (self.has_class("-split"), self.has_class("-short")):
            return
        for lst in self.query(LineList):
            lst.fit()

    @on(LineList.Resized, "#ref-rows")
    def _rows_resized(self) -> None:
        """An open table's rows are wrapped to the rows list's width: redraw when it changes."""
        if self.open_table is not None:
            self._fill_rows()

    def _mode(self, mode: str) -> None:
        self.set_class(mode == "list", "-list")
        self.set_class(mode == "table", "-table")

    # ------------------------------------------------------------------ events

    @on(Input.Changed, "#ref-search")
    def _search_changed(self) -> None:
        self._fill_list()
        if self.open_table is not None:
            self._fill_rows()

    @on(Input.Submitted, "#ref-search")
    def _search_done(self) -> None:
        self._mode("list")
        tables = self.query_one("#ref-tables", LineList)
        tables.focus()
        tables.action_cursor_to(0)

    @on(LineList.Highlighted, "#ref-tables")
    def _table_highlighted(self, event: LineList.Highlighted) -> None:
        event.stop()
        if self.has_class("-split") and event.key in self.tables:
            self._open(event.key, focus=False)

    @on(LineList.Highlighted, "#ref-rows")
    def _row_highlighted(self, event: LineList.Highlighted) -> None:
        event.stop()

    @on(Input.Changed, "#ref-lookup")
    def _lookup_changed(self, event: Input.Changed) -> None:
        self._lookup(event.value)

    @on(Input.Submitted, "#ref-lookup")
    def _lookup_done(self, event: Input.Submitted) -> None:
        if self._lookup(event.value):
            self._part("#ref-rows", LineList).focus()

    def _open(self, key: str | None, *, focus: bool = True) -> None:
        if key is None or key not in self.tables:
            return
        if key != self.open_key:
            self.open_key = key
            self.looked_up = []
            self._part("#ref-lookup", Input).value = ""
            self._status("")
        self._mode("table")
        self._fill_rows()
        self.call_after_refresh(self._fill_rows)  # again once the rows list has its width
        if focus:
            self._part("#ref-rows", LineList).focus()

    def _lookup(self, value: str) -> bool:
        """Mark and select the row for `value`; say why when there is none."""
        from gmconsole.tui.widgets.reference_lookup import Lookup  # loaded by the first lookup

        table = self.open_table
        if table is None:
            self._status("Open a table first (Enter on the list).")
            return False
        if not value.strip():
            self.looked_up = []
            self._status("")
            self._fill_rows()
            return False
        if table.calculator and self.session is not None:
            return self._calculate(table.calculator, value)
        status = self._part("#ref-status", Static)
        width = (status.content_region.width or self.size.width - 2) - 2  # 2: the ✗ or ▶
        try:
            found = Lookup(table, width).find(value)
        except TableError as exc:
            self.looked_up = []
            self._status(Text(f"✗ {exc}", style="bold"), refusal=True)
            self._fill_rows()
            return False
        self.looked_up = [row.index for row in found.rows]
        self._status(Text(f"▶ {found.answer}"))
        self._fill_rows()
        return True

    def _calculate(self, key: str, value: str) -> bool:
        """A converter table: what is typed goes to the system's calculator (no event, no
        change), and its answer stands under the rows ("3 km = 3,000 m = 9,843 ft ...")."""
        assert self.session is not None
        try:
            answer = self.session.system.calculate(key, value.split())
        except GmConsoleError as exc:
            self._status(Text(f"✗ {exc}", style="bold"), refusal=True)
            return False
        self._status(Text(f"▶ {answer}"))
        return True

    def _status(self, text: Text | str, *, refusal: bool = False) -> None:
        """The lookup's answer (wrapped, up to 3 lines) or its refusal (one line) under the
        rows; no empty line when there is none."""
        status = self._part("#ref-status", Static)
        status.update(text)
        status.set_class(refusal, "-refusal")
        status.display = bool(str(text))

    # ------------------------------------------------------------------ type-to-search

    def _lists_have_keys(self) -> bool:
        focused = self.screen.focused if self.is_attached else None
        return isinstance(focused, LineList) and self in focused.ancestors

    def _own_keys(self) -> set[str]:
        """The pane's keys as bound now (the user's keymap file may move them)."""
        keymap: dict[str, str] = getattr(self.app, "keymap", None) or {}
        keys: set[str] = set()
        for binding in self.BINDINGS:
            if isinstance(binding, Binding):
                keys.update(k.strip() for k in keymap.get(binding.id or "", binding.key).split(","))
        return keys

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Letters typed in the lists search (see the module docstring), so the screen's letter
        keys are not live there: Textual drops them from the key bar, as for an input box."""
        return character is not None and character.isalpha() and self._lists_have_keys()

    def on_key(self, event: events.Key) -> None:
        """Type-to-search. Only keys from the two lists get here unhandled: the input boxes
        stop every printable key themselves."""
        self.fill_pending()
        char = event.character
        if char is None or not event.is_printable:
            return
        search = self.query_one("#ref-search", Input)
        if self.screen.focused is search:  # (has_focus waits for the Focus event)
            # typed fast after the letter that moved the keys, and sent to the list before the
            # move: it belongs to the same word
            search.insert_text_at_cursor(char)
        elif char.isalpha() and event.key not in self._own_keys() and self._lists_have_keys():
            self._mode("list")
            self._focus_now(search)
            search.value = char  # a new word: the last search is replaced
            search.cursor_position = len(char)
        else:
            return
        event.stop()
        event.prevent_default()

    # ------------------------------------------------------------------ actions

    def action_open(self) -> None:
        self.fill_pending()
        tables = self.query_one("#ref-tables", LineList)
        if tables.has_focus:
            self._open(tables.cursor_key)

    def _focus_now(self, widget: Input | LineList) -> None:
        """Move focus at once, not on the next message: keys typed right after "=" or "/" (a fast
        typist, a paste over SSH) must land in the box, not hit the pane's bindings."""
        self.screen.set_focus(widget)

    def action_search(self) -> None:
        """`/`: the search box, its last search selected so that typing replaces it."""
        self.fill_pending()
        self._mode("list")
        search = self.query_one("#ref-search", Input)
        self._focus_now(search)
        search.select_all()

    def action_lookup(self) -> None:
        self.fill_pending()
        if self.open_table is None:
            self._open(self.query_one("#ref-tables", LineList).cursor_key, focus=False)
        if self.open_table is not None:
            self._mode("table")
            self._focus_now(self._part("#ref-lookup", Input))

    def action_back(self) -> None:
        """Escape: back to the list (the filter stays); on a filtered list, clear the search."""
        self.fill_pending()
        tables = self.query_one("#ref-tables", LineList)
        if self.screen.focused is tables and self.query_text:
            self.query_one("#ref-search", Input).value = ""
        self._mode("list")
        self._focus_now(tables)

    def _roll_target(self) -> Table | None:
        self.fill_pending()
        tables = self.query_one("#ref-tables", LineList)
        table = self.tables.get(tables.cursor_key or "") if tables.has_focus else self.open_table
        table = table or self.open_table or self.tables.get(tables.cursor_key or "")
        if table is None:
            self.notify("Select a table to roll on", severity="warning")
            return None
        if not table.dice:
            self.notify(f"{table.name} has no dice to roll: use the lookup box (=)", severity="warning")
            return None
        return table

    def action_roll(self) -> None:
        table = self._roll_target()
        if table is not None:
            self.post_message(Command(f"roll table {table.name}"))

    def action_roll_typed(self) -> None:
        from gmconsole.tui.screens.prompt import TextPrompt  # dialogs load when first opened

        table = self._roll_target()
        if table is None:
            return
        name = table.name

        def done(text: str | None) -> None:
            if text is None:
                return
            try:
                faces = [int(t) for t in text.replace(",", " ").split()]
            except ValueError:
                self.notify(f"faces must be whole numbers, got {text!r}", severity="error")
                return
            self.post_message(self.Roll(name, faces))

        self.app.push_screen(TextPrompt(f"Faces rolled for {name} ({table.dice}), in order"), done)
