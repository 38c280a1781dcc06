"""The roster pane: PCs, NPCs, creatures and templates with their tracks and status, and the
one-key changes a GM makes to them mid-fight.

`show(session)` redraws from the session (the screen calls it after every intent); the pane
never changes the campaign itself. Damage, healing and adding to the encounter go up as
command lines (`Command("dmg ayla 5")`), the same intents a GM can type; editing, testing and
duplicating go up as this pane's own messages (`Edit`, `Check`, `Duplicate`) for the screen to
open its dialog or call the session. Creatures spawned into the active encounter ("Goblin 1..4")
carry their own sheets and are listed too, so every wound track at the table is visible here.

Tracks come from `system.tracks(sheet)` and are drawn by `tracks.py`, so Myriad's box lines, Torg's
wound ladder and Mythmagica's HP all render without the pane knowing the system. When the list
would not fit, only the selected entry is drawn in full and the others shrink to one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from gmconsole.engine.encounter import Combatant
from gmconsole.engine.roster import Character
from gmconsole.tui.messages import Command
from gmconsole.tui.render import sheet_detail
from gmconsole.tui.widgets.line_list import LineList, Row
from gmconsole.tui.widgets.roster_entry import Entry, same_view, sheet_facts
from gmconsole.tui.widgets.static_text import set_content
from gmconsole.tui.widgets.tracks import inline_parts, pack, status_text, tracks_inline, tracks_text

if TYPE_CHECKING:
    from gmconsole.store.session import Session
    from gmconsole.tui.screens.prompt import NumberAnswer

View = Literal["auto", "full", "compact"]
_GROUPS = (("pc", "PCs"), ("npc", "NPCs"), ("creature", "Creatures"))
_KIND_WORD = {"pc": "PC", "npc": "NPC", "creature": "creature"}


def _heading(title: str, items: list[Entry]) -> Row:
    return Row(Text(f"── {title} ({len(items)})", style="bold"), kind="heading")


def _full_lines_at_least(e: Entry) -> int:
    """The fewest lines an entry drawn in full takes (`RosterPane._entry_text`): its name line,
    then its problem, or its description and a line per track (the sheet's lines come on top)."""
    if e.problem:
        return 2
    return 1 + (1 if e.describe and not e.lines else 0) + len(e.tracks or ())


class RosterPane(Vertical, can_focus=False):
    """Roster list with tracks and status words; keys act on the selected entry."""

    DEFAULT_CSS = (Path(__file__).with_name("roster.tcss")).read_text(encoding="utf-8")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "damage", "Dmg", id="roster.damage", tooltip="Damage the selected entry (type amount)"),
        Binding("l", "heal", "Heal", id="roster.heal", tooltip="Heal the selected entry (type the amount)"),
        Binding("e,enter", "edit", "Edit", id="roster.edit", tooltip="Edit the selected sheet"),
        Binding("t", "check", "Test", id="roster.check", tooltip="Roll a test for the selected entry"),
        Binding("a", "add", "Add", id="roster.add", tooltip="Add the selected entry to the encounter"),
        Binding("D", "duplicate", "Dup", id="roster.duplicate", tooltip="Duplicate the selected entry"),
        Binding("N", "new", "New", id="roster.new", tooltip="Create a roster entry"),
        Binding("v", "cycle_view", "View", id="roster.view", tooltip="Full / compact / auto entries"),
    ]

    class Selected(Message):
        """The roster cursor moved: `who` for command lines, `slug` when it is a roster entry."""

        def __init__(self, who: str | None, slug: str | None) -> None:
            super().__init__()
            self.who = who
            self.slug = slug

    class Edit(Message):
        """Open the sheet form for this roster slug (None: a new entry)."""

        def __init__(self, slug: str | None) -> None:
            super().__init__()
            self.slug = slug

    class Check(Message):
        """Open the test dialog for `who`."""

        def __init__(self, who: str) -> None:
            super().__init__()
            self.who = who

    class Duplicate(Message):
        """Copy roster entry `slug` as `new_name` (`session.duplicate_character`)."""

        def __init__(self, slug: str, new_name: str | None) -> None:
            super().__init__()
            self.slug = slug
            self.new_name = new_name

    def __init__(self, *, id: str | None = "roster", classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "2 Roster"
        self.session: Session | None = None
        self.entries: dict[str, Entry] = {}
        self.view: View = "auto"
        self._selected: str | None = None
        self._sheet_cache: dict[str, tuple] = {}
        self._text_cache: dict[tuple[tuple, int, bool], Text] = {}
        self._row_cache: dict[tuple[str, tuple, int, bool], Row] = {}
        self._laid_out_for: tuple[int, int] = (0, 0)
        self._drawn_for: str | None = None
        """The entry the rows were last drawn with open (the auto view opens the selected one)."""
        """The list width and height the rows were last packed for."""
        self._last_seen: tuple | None = None
        """Parsed sheets and drawn entries by content: with 500 spawned goblins a turn advance
        redraws the pane, and only the goblins that changed should cost anything."""

    def compose(self) -> ComposeResult:
        yield LineList(id="roster-list")
        empty = Static("", id="roster-empty")
        empty.display = False  # shown by `_render_rows` when there is nobody: were it shown until
        yield empty  # then, the list's first height would be one line short (packed twice)

    @property
    def list(self) -> LineList:
        return self.query_one("#roster-list", LineList)

    def on_mount(self) -> None:
        if self.session is not None:
            self.show(self.session)

    def fit(self) -> None:
        """Pack the rows for the size the list has now, then lay the list out for it (the main
        screen asks as soon as its first layout has sized the panes: see `MainScreen.on_resize`)."""
        self._recheck_size()
        self.list.fit()

    def focus(self, scroll_visible: bool = True) -> RosterPane:
        """Focusing the pane focuses its list (the pane itself takes no keys of its own)."""
        self.list.focus(scroll_visible)
        return self

    def focus_list(self) -> None:
        """Focus the list at once (not on the next message), so keys typed right after the
        pane key act here."""
        self.screen.set_focus(self.list)

    # ------------------------------------------------------------------ data in

    def show(self, session: Session) -> None:
        """Redraw from the session's roster and active encounter (nothing to do when neither
        changed in what the roster shows: most turn advances)."""
        previous, self.session = self.session, session
        if not self.is_mounted:
            return
        seen = self._seen(session)
        if previous is session and self._last_seen is not None and same_view(seen, self._last_seen):
            return
        self._last_seen = seen
        self._new_sheet_cache: dict[str, tuple] = {}
        self.entries = {e.key: e for e in self._entries(session)}
        self._sheet_cache = self._new_sheet_cache  # keep only what is still on the roster
        self._render_rows()

    @staticmethod
    def _seen(session: Session) -> tuple:
        """What the entries are drawn from: the system, the roster's characters (a changed one
        is a new object), the encounter's name and its fighters."""
        enc = session.encounter
        return (session.system, list(session.roster.values()), enc.name if enc else None,
                enc.combatants if enc else [])

    def _entries(self, session: Session) -> list[Entry]:
        in_fight: dict[str, Combatant] = {}
        spawned: list[Combatant] = []
        if session.encounter is not None:
            for c in session.encounter.combatants:
                if c.ref is not None:
                    in_fight[c.ref] = c
                elif c.sheet is not None:
                    spawned.append(c)
        entries: list[Entry] = []
        for slug, char in session.roster.items():
            fighting = in_fight.get(slug)
            entries.append(self._entry(f"r:{slug}", slug, char.name, char, slug, fighting, char.sheet))
        for c in spawned:
            entries.append(self._entry(f"c:{c.id}", c.id, c.name, None, None, c, c.sheet or {}))
        return entries

    def _entry(
        self,
        key: str,
        who: str,
        name: str,
        char: Character | None,
        slug: str | None,
        combatant: Combatant | None,
        sheet_data: dict,
    ) -> Entry:
        kind = char.kind if char else "creature"
        template = bool(char and char.template)
        sheet_sig = repr(sheet_data)  # stored sheets are dumped in a fixed key order
        facts = (
            self._sheet_cache.get(sheet_sig)
            or self._new_sheet_cache.get(sheet_sig)
            or self._sheet_facts(sheet_data)
        )
        self._new_sheet_cache[sheet_sig] = facts
        fight = (
            (combatant.status, tuple((k.name, k.rounds) for k in combatant.conditions)) if combatant else None
        )  # what the entry shows of the fight
        sig = (name, kind, template, slug, fight, sheet_sig)
        tracks, status, describe, lines, problem = facts
        return Entry(key, who, name, kind, slug, combatant, template=template, tracks=tracks,
                     status=status, describe=describe, lines=lines, problem=problem, sig=sig)

    def _sheet_facts(self, sheet_data: dict) -> tuple:
        assert self.session is not None
        return sheet_facts(self.session.system, sheet_data)

    # ------------------------------------------------------------------ drawing

    def _groups(self) -> list[tuple[str, list[Entry]]]:
        entries = list(self.entries.values())
        groups = [
            (title, [e for e in entries if e.slug and e.kind == kind and not e.template])
            for kind, title in _GROUPS
        ]
        groups.append(("Templates", [e for e in entries if e.slug and e.template]))
        enc = self.session.encounter if self.session else None
        groups.append((f"Spawned in {enc.name}" if enc else "Spawned", [e for e in entries if not e.slug]))
        return [(title, items) for title, items in groups if items]

    def _render_rows(self) -> None:
        lst = self.list
        groups = self._groups()
        # with no cursor yet, the list will put it on the first entry: drawn open at once
        first = next((e.key for _, items in groups for e in items), None)
        selected = lst.cursor_key or self._selected or first
        self._drawn_for = selected
        if not lst.size.width and self.entries:
            self._place_holders(groups, selected)
            return
        width = max(10, lst.text_width)
        height = max(lst.size.height, 1)
        cache, self._text_cache = self._text_cache, {}  # texts this drawing uses are kept
        expand_all = self.view == "full"
        if self.view == "auto" and len(self.entries) + len(groups) <= height:
            at_least = len(groups) + sum(_full_lines_at_least(e) for e in self.entries.values())
            if at_least <= height:  # else no need to draw every entry in full to know it
                full_lines = len(groups) + sum(
                    self._text(e, width, True, cache).plain.count("\n") + 1 for e in self.entries.values()
                )
                expand_all = full_lines <= height
        old_rows, self._row_cache = self._row_cache, {}
        rows: list[Row] = []
        for title, items in groups:
            rows.append(_heading(title, items))
            for e in items:
                expanded = self.view != "compact" and (expand_all or e.key == selected)
                row_key = (e.key, e.sig, width, expanded)
                row = old_rows.get(row_key)
                if row is None:
                    text = self._text(e, width, expanded, cache)
                    row = Row(text, key=e.key, kind=self._row_kind(e), cache_key=(e.sig, expanded, width))
                else:
                    self._text_cache[(e.sig, width, expanded)] = row.text
                self._row_cache[row_key] = row
                rows.append(row)
        empty = self.query_one("#roster-empty", Static)
        empty.display = not rows
        set_content(empty, "The roster is empty: N creates an entry." if not rows else "")
        lst.set_rows(rows, select=selected)
        self._laid_out_for = (width, lst.size.height)
        self.call_after_refresh(self._recheck_size)

    def _place_holders(self, groups: list[tuple[str, list[Entry]]], selected: str | None) -> None:
        """Rows of bare names for a list not laid out yet (at start-up; a pane just shown):
        the cursor and the keys work at once (`2 e` typed together edits the first entry),
        and the packed rows, which need the width, follow once the list has one (`fit`)."""
        rows: list[Row] = []
        for title, items in groups:
            rows.append(_heading(title, items))
            rows += [Row(Text(e.name), key=e.key, kind=self._row_kind(e)) for e in items]
        self.query_one("#roster-empty", Static).display = False
        self.list.set_rows(rows, select=selected)
        self._laid_out_for = (0, 0)

    def _recheck_size(self) -> None:
        """Rows are packed for the list's size when they were built; if the list settled at
        another size without a resize reaching the pane (a layout still in progress), build
        them again, so the same screen always ends up drawn the same way."""
        lst = self.list
        if self.entries and (max(10, lst.text_width), lst.size.height) != self._laid_out_for:
            self._render_rows()

    def _text(self, e: Entry, width: int, expanded: bool, drawn: dict) -> Text:
        """An entry's text, from this drawing's texts, the last drawing's (`drawn`) or new.
        The full texts the auto view measures are kept too: with every entry in full taking
        more lines than the list has, each drawing measured them all again."""
        key = (e.sig, width, expanded)
        text = self._text_cache.get(key) or drawn.get(key) or self._entry_text(e, width, expanded)
        self._text_cache[key] = text
        return text

    def _row_kind(self, e: Entry) -> str:
        if e.status and e.status.health in ("down", "dead"):
            return "muted"
        if e.combatant is not None and e.combatant.status == "out":
            return "muted"
        return ""

    def _entry_text(self, e: Entry, width: int, expanded: bool) -> Text:
        text = Text(e.name, style="bold")
        text.append(f" · {_KIND_WORD.get(e.kind, e.kind)}")
        if e.template:
            text.append(" template")
        if e.status is not None:
            text.append(" · ")
            text.append_text(status_text(e.status, out=bool(e.combatant and e.combatant.status == "out")))
            if e.status.health in ("down", "dead") and e.status.detail:
                text.append(f" ({e.status.detail})")
        elif e.combatant is not None and e.combatant.status == "out":
            text.append(" · out")
        if e.combatant is not None and e.slug is not None:
            text.append(" · in fight")
        if e.combatant is not None and e.combatant.conditions:
            conds = ", ".join(
                c.name + (f" {c.rounds}" if c.rounds is not None else "") for c in e.combatant.conditions
            )
            text.append(f" · {conds}", style="italic")
        if e.problem:
            text.append(f"\n  ✗ {e.problem}", style="bold")
            return text
        if not expanded:
            if e.tracks:
                inline = tracks_inline(e.tracks)
                if text.cell_len + 2 + len(inline) <= width:
                    text.append("  " + inline)
                else:
                    text.append("\n" + pack(inline_parts(e.tracks), width))
            return text
        if e.describe and not e.lines:
            text.append("\n" + pack(e.describe.split(" | "), width, sep=" | "), style="dim")
        if e.tracks:
            block = tracks_text(e.tracks, width - 2)
            for line in block.split("\n"):
                text.append("\n  ")
                text.append_text(line)
        for line in sheet_detail([(k, v) for k, v in e.lines if (k, v) != ("Name", e.name)], width):
            text.append("\n")
            text.append_text(line)
        return text

    def on_line_list_resized(self, event: LineList.Resized) -> None:
        """Rows are packed to the list's width and expanded to its height: redraw when the
        list itself changes size (the pane's own Resize misses a list resized inside it,
        which left rows packed to the width of a pane that was still being laid out)."""
        event.stop()
        lst = self.list
        if self.entries and (max(10, lst.text_width), lst.size.height) != self._laid_out_for:
            self._render_rows()  # (not when `fit` has just packed them for this size)

    def on_line_list_highlighted(self, event: LineList.Highlighted) -> None:
        event.stop()
        if event.key == self._selected:
            return
        self._selected = event.key
        entry = self.entries.get(event.key or "")
        self.post_message(self.Selected(entry.who if entry else None, entry.slug if entry else None))
        if self.view == "auto" and event.key != self._drawn_for:
            self.call_after_refresh(self._render_rows)

    # ------------------------------------------------------------------ keys

    @property
    def selected_entry(self) -> Entry | None:
        """The entry under the cursor."""
        return self.entries.get(self.list.cursor_key or "")

    @property
    def selected(self) -> str | None:
        """How a command line names the selected entry (roster slug or combatant id)."""
        entry = self.selected_entry
        return entry.who if entry else None

    @property
    def selected_slug(self) -> str | None:
        """The selected roster slug (None for a spawned creature or nothing selected)."""
        entry = self.selected_entry
        return entry.slug if entry else None

    def _need(self, slug: bool = False) -> Entry | None:
        entry = self.selected_entry
        if entry is None:
            self.notify("Nothing selected in the roster", severity="warning")
            return None
        if slug and entry.slug is None:
            self.notify(f"{entry.name} was spawned from a template: edit the template", severity="warning")
            return None
        return entry

    def _amount(self, verb: str, title: str) -> None:
        from gmconsole.tui.screens.prompt import NumberPrompt  # dialogs load when first opened

        entry = self._need()
        if entry is None or self.session is None:
            return
        kinds = tuple(self.session.system.damage_kinds)

        def done(answer: NumberAnswer | None) -> None:
            if answer is not None:
                kind = f" {answer.kind}" if answer.kind and answer.kind != kinds[0] else ""
                self.post_message(Command(f"{verb} {entry.who} {answer.amount}{kind}"))

        self.app.push_screen(NumberPrompt(f"{title} {entry.name}", kinds=kinds), done)

    def action_damage(self) -> None:
        self._amount("dmg", "Damage to")

    def action_heal(self) -> None:
        self._amount("heal", "Heal")

    def action_edit(self) -> None:
        entry = self._need(slug=True)
        if entry is not None:
            self.post_message(self.Edit(entry.slug))

    def action_new(self) -> None:
        self.post_message(self.Edit(None))

    def action_check(self) -> None:
        entry = self._need()
        if entry is not None:
            self.post_message(self.Check(entry.who))

    def action_add(self) -> None:
        from gmconsole.tui.screens.prompt import NumberPrompt

        entry = self._need(slug=True)
        if entry is None:
            return
        if entry.combatant is not None:
            self.notify(f"{entry.name} is already in the encounter", severity="warning")
            return
        if not (entry.template or entry.kind == "creature"):
            self.post_message(Command(f"add {entry.who}"))
            return

        def done(answer: NumberAnswer | None) -> None:
            if answer is not None:
                self.post_message(Command(f"add {answer.amount} {entry.who}"))

        self.app.push_screen(NumberPrompt(f"How many {entry.name} join?", default=1, minimum=1), done)

    def action_duplicate(self) -> None:
        from gmconsole.tui.screens.prompt import TextPrompt

        entry = self._need(slug=True)
        if entry is None or entry.slug is None:
            return
        slug = entry.slug

        def done(name: str | None) -> None:
            if name is not None:
                self.post_message(self.Duplicate(slug, name or None))

        self.app.push_screen(TextPrompt(f"Name of the copy of {entry.name}", default=f"{entry.name} 2"), done)

    def action_cycle_view(self) -> None:
        order: list[View] = ["auto", "full", "compact"]
        self.view = order[(order.index(self.view) + 1) % len(order)]
        self.notify(f"Roster view: {self.view}", timeout=2)
        self._render_rows()

