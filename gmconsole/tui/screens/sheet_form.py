"""Edit a roster entry through a form generated from the system's pydantic sheet model.

The form is one scrolling list of lines (label and value per field, a heading per block) and one
editor under it that edits the selected field, like a spreadsheet's cell and formula bar: a
widget per field made a Torg sheet take two seconds to appear, and a list of lines appears at
once at any size. Up, Down, Tab and Enter move between fields (a line changes as it is typed);
Enter on an "add", "remove" or "open" line does what it says.

Nothing is saved half-way: the whole form is read, every field the form cannot parse is
reported, then the sheet is validated by the system (`parse_sheet`) and the entry by
`Character`; any refusal is shown under the field it concerns, with pydantic's reason, and the
form stays open. Only a fully valid entry leaves the dialog, as a `SheetEdit` through
`dismiss()`; the screen that opened the form sends it to `session.save_character`, so the
change is one event that undo reverts. Escape cancels (asking first when something was edited).
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Static, TextArea

from gmconsole.engine.errors import RulesError
from gmconsole.engine.roster import Character
from gmconsole.tui.screens.prompt import TextPrompt
from gmconsole.tui.screens.screen_css import preload_css
from gmconsole.tui.screens.sheet_fields import (
    MULTILINE,
    FormIssue,
    RawText,
    choice_texts,
    read_text,
    shown_text,
    value_text,
)
from gmconsole.tui.screens.sheet_layout import FormLayout, FormLine
from gmconsole.tui.screens.sheet_spec import FieldSpec, Path, item_specs, model_specs
from gmconsole.tui.widgets.line_list import LineList, Row
from gmconsole.tui.widgets.text_box import TextBox
from gmconsole.tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from gmconsole.store.session import Session


@dataclass(frozen=True)
class SheetEdit:
    """A validated roster entry to save; `slug` is None for a new character."""

    slug: str | None
    character: Character


def model_defaults(model: type[BaseModel]) -> dict[str, Any]:
    """A new list item's starting values: the model's defaults, required fields left empty."""
    try:
        return model().model_dump(mode="json")
    except ValidationError:
        out: dict[str, Any] = {}
        for name, info in model.model_fields.items():
            if not info.is_required():
                value = info.get_default(call_default_factory=True)
                out[name] = value.model_dump(mode="json") if isinstance(value, BaseModel) else value
        return out


IDENTITY = frozenset({"name", "kind", "side"})
"""Entry fields a sheet may repeat; the form shows the entry's and copies them into the sheet."""
BOX_MAX_HEIGHT, BOX_CHROME, TEXT_MAX_HEIGHT = 40, 7, 6
"""From sheet_form.tcss: the form's greatest height, the rows it gives to all but the list
(border, title, the editing line and its rule, the editor, the buttons), and the many-line
editor's greatest height; lines beyond these surely scroll."""
LABEL_WIDTH = 28
"""Cells for a field's label (indented by its depth) before its value."""

def clean_message(message: str) -> str:
    """pydantic's "Value error, hp (12) exceeds hp_max (10)" -> "hp (12) exceeds hp_max (10)"."""
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def drop_raw(value: Any) -> Any:
    """The collected data without the values the form could not read (already reported)."""
    if isinstance(value, dict):
        return {k: drop_raw(v) for k, v in value.items() if not isinstance(v, RawText)}
    if isinstance(value, list):
        return [drop_raw(v) for v in value if not isinstance(v, RawText)]
    return value


_CHARACTER = FieldSpec(path=(), label="Character", kind="model")
_SHEET = FieldSpec(path=("sheet",), label="Sheet", kind="model")
_LATER = FieldSpec(path=("~later",), label="Tags and notes", kind="model")
_LAST = frozenset({"tags", "notes"})


class FormList(LineList):
    """The form's lines. The selected line stays marked while the editor below has the keys,
    and a click on an action line ("add skill") does it."""

    class Activated(Message):
        """An action line was clicked."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def _row_style(self, row_index: int, row: Row) -> Style:
        kind = row.kind if row.kind in ("acting", "muted", "heading") else ""
        if row_index == self.cursor:
            return self._style(kind, "cursor")
        return self._style(kind)

    def on_click(self, event: events.Click) -> None:
        super().on_click(event)
        key = self.cursor_key
        if key is not None and key.startswith("action:"):
            self.post_message(self.Activated(key))


class FormTextBox(TextBox):
    """The editor of a many-line field: Up on its first line and Down on its last move to the
    next field, as they do from a one-line field."""

    def action_cursor_up(self, select: bool = False) -> None:
        if not select and self.cursor_location[0] == 0:
            self.screen.action_move(-1)  # type: ignore[attr-defined]
            return
        super().action_cursor_up(select)

    def action_cursor_down(self, select: bool = False) -> None:
        if not select and self.cursor_location[0] >= self.document.line_count - 1:
            self.screen.action_move(1)  # type: ignore[attr-defined]
            return
        super().action_cursor_down(select)


class SheetForm(ModalScreen[SheetEdit | None]):
    """The roster entry `slug` (or a new one when None) as a form; F2 saves, Esc cancels."""

    CSS_PATH = "sheet_form.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="sheet.cancel"),
        # Not priority bindings: those run as a key arrives, before the characters typed ahead
        # of it reach the editor, so "2" then Tab in one read typed the 2 into the next field.
        Binding("f2,ctrl+s", "save", "Save", id="sheet.save"),
        Binding("tab", "move(1)", "Next field", show=False),
        Binding("shift+tab", "move(-1)", "Previous field", show=False),
        Binding("down", "move(1)", "Next field", show=False),
        Binding("up", "move(-1)", "Previous field", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
        Binding("enter", "activate", "Do", show=False),
    ]

    def __init__(
        self, session: Session, slug: str | None = None, *, character: Character | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self.system = session.system
        self.slug = slug
        if character is None:
            character = (
                session.roster[slug]
                if slug is not None
                else Character(name="New character", sheet=self.system.dump_sheet(self.system.new_sheet()))
            )
        self.original = character
        # tags and notes are long text boxes: after the sheet, so the numbers come first
        everything = model_specs(Character, (), exclude=frozenset({"sheet"}))
        self._character_specs = [sp for sp in everything if sp.name not in _LAST]
        self._later_specs = [sp for sp in everything if sp.name in _LAST]
        # A sheet that repeats the entry's own fields (Torg's name, kind, side) shows them once:
        # the entry's, copied into the sheet on save where the sheet accepts the value.
        shared = frozenset(self.system.sheet_model.model_fields) & IDENTITY
        sheet_specs = model_specs(self.system.sheet_model, ("sheet",))
        self._mirrored = {sp.name: sp for sp in sheet_specs if sp.name in shared}
        self._sheet_specs = [sp for sp in sheet_specs if sp.name not in shared]
        self._data = self._initial_data(character)
        self.form_layout = FormLayout()
        """List lengths, dict keys, closed blocks and the fields as built."""
        self._lines: list[FormLine] = []
        self._by_key: dict[str, FormLine] = {}
        self._row_of: dict[str, int] = {}
        """A line's index among the list's rows (error lines come and go between them)."""
        self._texts: dict[Path, str] = {}
        """Every field's text as the GM sees it: the form's one copy of what was typed."""
        self._errors: dict[Path, str] = {}
        """Refusals of the last save, by the field or block they are shown under."""
        self._bound: FormLine | None = None
        """The line the editor is on."""
        self._initial: dict[str, Any] | None = None
        """What the fields said once built (taken on mount), to tell an edit from none."""
        self._build()
        preload_css(self)

    def _initial_data(self, character: Character) -> dict[str, Any]:
        data = character.model_dump(mode="json")
        try:
            data["sheet"] = self.system.dump_sheet(self.system.parse_sheet(character.sheet))
        except (ValidationError, RulesError, ValueError):
            data["sheet"] = dict(character.sheet)  # edit what is stored; saving will say what is wrong
        return data

    # ------------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        title = f"Edit {self.original.name}" if self.slug else "New roster entry"
        with Vertical(id="sheet-box"):
            yield Label(f"{title} · {self.system.name} sheet", id="sheet-title")
            yield FormList(id="sheet-body")
            yield Static("", id="sheet-editing", markup=False)
            yield TextInput("", id="sheet-input", compact=True)
            text_box = FormTextBox("", id="sheet-text", compact=True, tab_behavior="focus")
            text_box.show_line_numbers = False
            text_box.display = False
            yield text_box
            yield Static("", id="sheet-summary", markup=False)
            with Horizontal(id="sheet-buttons"):
                yield Static("F2 save · Esc cancel · ↑↓ Tab move", id="sheet-hint")
                yield Button("Save", id="sheet-save", compact=True)
                yield Button("Cancel", id="sheet-cancel", compact=True)

    def _build(self) -> None:
        """Lines and texts afresh from `_data` (on opening, and after add, remove or open)."""
        data = self._data
        self._lines = self.form_layout.build([
            (_CHARACTER, "Character", self._character_specs, data),
            (_SHEET, f"{self.system.name} sheet", self._sheet_specs, data["sheet"]),
            (_LATER, "Tags and notes", self._later_specs, data),
        ])
        self._by_key = {line.key: line for line in self._lines}
        values = self.form_layout.values
        self._texts = {path: value_text(spec, values[path]) for path, spec in self.form_layout.fields.items()}
        self._bound = None

    def on_mount(self) -> None:
        self._draw()
        if len(self._list.rows) > min(self.app.size.height, BOX_MAX_HEIGHT) - BOX_CHROME:
            # more lines than the list can show: the scroll bar from the first frame (Textual
            # adds it once the list has been laid out, and it popped in a frame after the form)
            self._list.show_vertical_scrollbar = True
        fields = [ln for ln in self._lines if ln.kind == "field"]
        # a new entry starts at its name; an edit mid-fight starts at the sheet's first number
        numbers = [ln for ln in fields
                   if ln.path[:1] == ("sheet",) and ln.spec and ln.spec.kind in ("int", "float", "dict")]
        first = fields[0] if self.slug is None or not numbers else numbers[0]
        self._go(first)
        self._initial = self._collect(None)
        self._show_notes()

    @property
    def _list(self) -> FormList:
        return self.query_one("#sheet-body", FormList)

    @property
    def _input(self) -> TextInput:
        return self.query_one("#sheet-input", TextInput)

    @property
    def _text_box(self) -> FormTextBox:
        return self.query_one("#sheet-text", FormTextBox)

    # ------------------------------------------------------------------ drawing

    def _draw(self, select: str | None = None) -> None:
        rows: list[Row] = []
        self._row_of = {}
        for line in self._lines:
            self._row_of[line.key] = len(rows)
            rows.append(self._row(line))
            message = self._errors.get(line.path) if line.kind in ("field", "heading") else None
            if message:
                pad = "  " * line.depth
                rows.append(Row(Text(f"{pad}✗ {message}", style="bold"), indent=len(pad) + 2))
        self._list.set_rows(rows, select=select or (self._bound.key if self._bound else None))

    def _row(self, line: FormLine) -> Row:
        pad = "  " * line.depth
        if line.kind == "heading":
            return Row(Text(f"{pad}── {line.text}"), kind="heading", indent=len(pad) + 3)
        if line.kind == "help":
            return Row(Text(f"{pad}{line.text}"), kind="muted", indent=len(pad))
        if line.kind == "action":
            return Row(Text(f"{pad}[ {line.text} ]"), key=line.key)
        spec = line.spec
        assert spec is not None
        label = pad + spec.label + (f" ({spec.hint})" if spec.hint else "")
        label = label.ljust(LABEL_WIDTH) if len(label) < LABEL_WIDTH else label + "  "
        text = Text(label)
        typed = self._texts.get(line.path, "")
        shown = shown_text(spec, typed)
        text.append(shown if shown.strip() else "—", style="bold" if shown.strip() else "")
        unreadable = _why_unreadable(spec, typed)  # marked as it is typed, not only on save
        if line.path in self._errors or unreadable:
            text.append("  ✗")
        if unreadable and line.path not in self._errors:
            text.append(f" {unreadable}")
        return Row(text, key=line.key, indent=min(LABEL_WIDTH, len(label)))

    def _redraw_line(self, line: FormLine) -> None:
        """One field's line again, as its text is typed (the rest of the list stays)."""
        index = self._row_of.get(line.key)
        rows = self._list.rows
        if index is None or index >= len(rows):
            return
        rows = list(rows)
        rows[index] = self._row(line)
        self._list.set_rows(rows)

    # ------------------------------------------------------------------ the editor

    def _go(self, line: FormLine | None) -> None:
        """Select `line` in the list and put the editor on it (or the keys on the list, for an
        action line)."""
        if line is None:
            return
        index = self._row_of.get(line.key)
        if index is not None:
            self._list.move_to(index)
        self._bind(line)

    def _bind(self, line: FormLine) -> None:
        if line is self._bound:
            return
        self._flush()
        self._bound = line
        editing = self.query_one("#sheet-editing", Static)
        box, one = self._text_box, self._input
        if line.kind != "field" or line.spec is None:
            box.display = False
            one.display = False
            editing.update(f"Enter: {line.text}")
            self._list.focus()
            return
        spec = line.spec
        text = self._texts.get(line.path, "")
        many = spec.kind in MULTILINE
        box.display, one.display = many, not many
        if many:
            box.load_text(text)
            if text.count("\n") >= TEXT_MAX_HEIGHT:  # the box's scroll bar with its text, not after
                box.show_vertical_scrollbar = True
            box.move_cursor((0, 0))  # its first lines in sight; Down walks them, Tab leaves
            box.focus()
        else:
            chosen = spec.kind in ("choice", "bool")
            one.suggester = SuggestFromList(choice_texts(spec), case_sensitive=False) if chosen else None
            one.value = text
            one.placeholder = self._how(spec)
            one.cursor_position = len(text)
            if text:  # typing replaces the value, as a name or a number does: '2d6' over '1d6'
                one.action_select_all()
            one.focus()
        editing.update(self._editing_text(spec, text))

    def _editing_text(self, spec: FieldSpec, text: str) -> str:
        """What the editor is on and how to write it, or why what is typed cannot be read."""
        where = spec.label + (f" ({spec.hint})" if spec.hint else "")
        how = self._how(spec)
        unreadable = _why_unreadable(spec, text)
        if unreadable:
            return f"{where}: ✗ {unreadable}"
        return f"{where}: {how}" if how else where

    @staticmethod
    def _how(spec: FieldSpec) -> str:
        """How a field's value is written."""
        how = {
            "dict": "one 'name = value' per line",
            "list": "one value per line",
            "raw": f"TOML: {spec.name} = …",
            "int": "a whole number",
            "float": "a number",
        }.get(spec.kind, "")
        if spec.kind in ("choice", "bool"):
            how = " / ".join(choice_texts(spec))
            if spec.optional or len(choice_texts(spec)) < len(spec.choices):
                how += " (blank for none)"
        elif spec.optional and how:
            how += " (blank for none)"
        return how

    def _flush(self) -> None:
        """The editor's text into the line it is on, drawn there (before the editor moves or
        the form is read). Keys typed just before a Tab are in the editor before the move, but
        the editor says it changed only after it: the line is drawn here, not on that news."""
        line = self._bound
        if line is None or line.kind != "field" or not self.is_mounted:
            return
        spec = line.spec
        assert spec is not None
        editor_text = self._text_box.text if spec.kind in MULTILINE else self._input.value
        if self._texts.get(line.path) != editor_text:
            self._texts[line.path] = editor_text
            self._redraw_line(line)

    def _typed(self) -> None:
        line = self._bound
        if line is None or line.kind != "field" or line.spec is None:
            return
        self._flush()
        text = self._texts[line.path]
        self.query_one("#sheet-editing", Static).update(self._editing_text(line.spec, text))
        self._show_notes()

    def _show_notes(self) -> None:
        """The system's live notes on the sheet as typed (`GameSystem.sheet_notes`: ARM's
        point-buy total) on the summary line, while no refusal holds it."""
        if self._errors:
            return
        try:
            sheet_data = drop_raw(self._collect(None)).get("sheet", {})
            notes = self.system.sheet_notes(self.system.parse_sheet(sheet_data))
        except (ValidationError, RulesError, ValueError, TypeError):
            notes = []
        summary = self.query_one("#sheet-summary", Static)
        summary.update(" · ".join(notes))
        summary.display = bool(notes)

    @on(Input.Changed, "#sheet-input")
    def _input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._typed()

    @on(TextArea.Changed, "#sheet-text")
    def _box_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self._typed()

    @on(Input.Submitted, "#sheet-input")
    def _next_field(self, event: Input.Submitted) -> None:
        """Enter in a field goes on to the next field, past any add, remove or open line: a
        GM pressing Enter down the form must not land on 'remove' and press it."""
        event.stop()
        at = self._lines.index(self._bound) if self._bound in self._lines else -1
        after = next((ln for ln in self._lines[at + 1 :] if ln.kind == "field"), None)
        if after is not None:
            self._go(after)

    @on(LineList.Highlighted, "#sheet-body")
    def _highlighted(self, event: LineList.Highlighted) -> None:
        event.stop()
        if event.key != self._list.cursor_key:  # a move already overtaken by another
            return
        line = self._by_key.get(event.key or "")
        if line is not None:
            self._bind(line)

    @on(FormList.Activated)
    async def _clicked(self, event: FormList.Activated) -> None:
        line = self._by_key.get(event.key)
        if line is not None:
            await self.do(line)

    def action_move(self, delta: int) -> None:
        """To the field or action `delta` lines up or down (the last field stays put)."""
        listing = self._list
        keyed = [i for i, r in enumerate(listing.rows) if r.key is not None]
        if not keyed:
            return
        at = keyed.index(listing.cursor) if listing.cursor in keyed else 0
        target = keyed[max(0, min(len(keyed) - 1, at + delta))]
        key = listing.rows[target].key
        self._go(self._by_key.get(key or ""))

    async def action_activate(self) -> None:
        if self._bound is not None and self._bound.kind == "action":
            await self.do(self._bound)

    # ------------------------------------------------------------------ reading

    def _collect(self, issues: list[FormIssue] | None) -> dict[str, Any]:
        self._flush()
        data = self._collect_specs(self._character_specs, issues)
        data.update(self._collect_specs(self._later_specs, issues))
        data["sheet"] = self._collect_specs(self._sheet_specs, issues)
        for name, spec in self._mirrored.items():
            value = data.get(name)
            edited = self.slug is None or value != self._data.get(name)  # an unchanged save stays so
            fits = edited and value is not None and (not spec.choices or value in spec.choices)
            kept = value if fits else self._data["sheet"].get(name)
            if kept is not None:
                data["sheet"][name] = kept
        return data

    def _collect_specs(self, specs: list[FieldSpec], issues: list[FormIssue] | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        layout = self.form_layout
        for spec in specs:
            if spec.path in layout.closed:  # a closed block: as it was, untouched
                out[spec.name] = copy.deepcopy(layout.closed[spec.path])
            elif spec.kind == "model":
                inner: list[FormIssue] | None = [] if issues is not None else None
                value = self._collect_specs(spec.children, inner)
                if spec.optional and _blank(value):
                    out[spec.name] = None  # an optional block left empty means "none"
                    continue
                if issues is not None and inner:
                    issues.extend(inner)
                out[spec.name] = value
            elif spec.kind == "models":
                count = layout.counts.get(spec.path, 0)
                out[spec.name] = [self._collect_specs(item_specs(spec, i), issues) for i in range(count)]
            elif spec.kind == "keyed":
                keys = layout.keys.get(spec.path, [])
                out[spec.name] = {k: self._collect_specs(item_specs(spec, k), issues) for k in keys}
            else:
                out[spec.name] = read_text(spec, self._texts.get(spec.path, ""), issues)
        return out

    def validate(self) -> tuple[Character | None, dict[Path, list[str]]]:
        """Read and validate everything; the entry, or the reasons by field path."""
        issues: list[FormIssue] = []
        data = self._collect(issues)
        errors: dict[Path, list[str]] = defaultdict(list)
        for issue in issues:
            errors[issue.path].append(issue.message)
        unreadable = [issue.path for issue in issues]

        def add(path: Path, message: str) -> None:
            if not any(path[: len(u)] == u for u in unreadable):  # already said why
                errors[path].append(clean_message(message))

        clean = drop_raw(data)
        sheet_dict = clean.pop("sheet")
        sheet_data: dict[str, Any] | None = None
        try:
            sheet_data = self.system.dump_sheet(self.system.parse_sheet(sheet_dict))
        except ValidationError as exc:
            for e in exc.errors():
                add(("sheet", *e["loc"]), e["msg"])
        except (RulesError, ValueError) as exc:
            add(("sheet",), str(exc))
        character = None
        try:
            character = Character.model_validate({**clean, "sheet": sheet_data or {}})
        except ValidationError as exc:
            for e in exc.errors():
                if e["loc"][:1] != ("sheet",):
                    add(tuple(e["loc"]), e["msg"])
        if errors or sheet_data is None:
            return None, dict(errors)
        return character, {}

    def _show_errors(self, errors: dict[Path, list[str]]) -> None:
        """Each refusal under the field or block it concerns (the nearest one shown), the count
        in the summary, and the editor on the first."""
        anchors = set(self.form_layout.anchors)
        placed: dict[Path, list[str]] = defaultdict(list)
        for path, messages in errors.items():
            anchor = next((path[:n] for n in range(len(path), -1, -1) if path[:n] in anchors), ())
            rest = ".".join(str(p) for p in path[len(anchor) :])
            placed[anchor].extend(f"{rest}: {m}" if rest else m for m in messages)
        self._errors = {anchor: "; ".join(messages) for anchor, messages in placed.items()}
        summary = self.query_one("#sheet-summary", Static)
        summary.display = bool(errors)
        if not errors:
            summary.update("")
            self._draw()
            return
        count = sum(len(m) for m in placed.values())
        summary.update(f"✗ not saved: {count} problem{'s' if count != 1 else ''} (marked ✗ above)")
        order = self.form_layout.anchors
        first = min(placed, key=lambda p: order.index(p) if p in order else len(order))
        self._draw()
        at = next((i for i, ln in enumerate(self._lines) if ln.path == first), 0)
        target = next((ln for ln in self._lines[at:] if ln.selectable), None)
        self._go(target)
        index = self._row_of.get(self._lines[at].key)
        if index is not None:
            self._list.scroll_to_row(index)

    # ------------------------------------------------------------------ what tests and keys use

    @property
    def fields(self) -> dict[Path, FieldSpec]:
        """Every field on the form (closed blocks' excepted), by path."""
        return self.form_layout.fields

    @property
    def selected(self) -> Path | None:
        """The path of the field (or block, for an action line) the editor is on."""
        return self._bound.path if self._bound is not None else None

    def text(self, path: Path) -> str:
        if self._bound is not None and self._bound.path == path:
            self._flush()
        return self._texts[path]

    def set_text(self, path: Path, text: str) -> None:
        """Type `text` into a field (replacing what it held), as if the GM had selected it."""
        if path not in self._texts:
            raise KeyError(path)
        if self._bound is not None and self._bound.path == path and self._bound.kind == "field":
            spec = self._bound.spec
            assert spec is not None
            if spec.kind in MULTILINE:
                self._text_box.load_text(text)
            else:
                self._input.value = text
        self._texts[path] = text
        line = self._by_key.get(FormLine("field", path).key)
        if line is not None:
            self._redraw_line(line)

    def select(self, path: Path) -> None:
        self._go(self._by_key.get(FormLine("field", path).key))

    def error(self, path: Path) -> str:
        """The refusal shown under a field or block ("" when none)."""
        return self._errors.get(path, "")

    def help(self, path: Path) -> str:
        return " ".join(ln.text for ln in self._lines if ln.kind == "help" and ln.path == path)

    def actions(self, kind: str = "") -> list[FormLine]:
        """The form's add, remove and open lines (of one kind when given), top to bottom."""
        return [ln for ln in self._lines if ln.kind == "action" and (not kind or ln.action == kind)]

    # ------------------------------------------------------------------ actions

    def action_save(self) -> None:
        character, errors = self.validate()
        self._show_errors(errors)
        if character is not None:
            self.dismiss(SheetEdit(self.slug, character))

    def action_cancel(self) -> None:
        """Esc leaves at once when nothing was edited, else asks first: a sheet's worth of
        typing is not thrown away on one stray key."""
        if not self._edited():
            self.dismiss(None)
            return
        from gmconsole.tui.screens.prompt import ConfirmPrompt

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(None)

        self.app.push_screen(ConfirmPrompt("Discard the edits to this sheet?"), answered)

    def _edited(self) -> bool:
        """Whether any field now says something other than what the form opened with."""
        try:
            initial = self._initial if self._initial is not None else self._collect(None)
            return drop_raw(self._collect(None)) != drop_raw(initial)
        except Exception:  # a half-typed value that cannot even be read is an edit
            return True

    @on(Button.Pressed, "#sheet-save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#sheet-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    async def do(self, line: FormLine) -> None:
        """What Enter on an action line does: open a closed block, add or remove an item."""
        spec = line.spec
        assert spec is not None
        if line.action == "open":
            self.form_layout.opened.add(spec.path)
            self._rebuild(lambda data: None, then=spec.path)
        elif line.action == "remove":
            index = line.path[-1]
            self._rebuild(lambda data: _at(data, spec.path).pop(index), then=spec.path)
        elif line.action == "add":
            item_model = spec.item_model
            assert item_model is not None
            if spec.kind == "models":
                count = self.form_layout.counts.get(spec.path, 0)
                self._rebuild(lambda data: _at(data, spec.path).append(model_defaults(item_model)),
                              then=(*spec.path, count))
                return

            def named(key: str | None) -> None:
                if not key:
                    return
                if key in self.form_layout.keys.get(spec.path, []):
                    self.notify(f"{spec.label} already has {key!r}", severity="warning")
                    return

                def put(data: dict[str, Any]) -> None:
                    _at(data, spec.path)[key] = model_defaults(item_model)

                self._rebuild(put, then=(*spec.path, key))

            self.app.push_screen(TextPrompt(f"Name of the new {spec.label.lower()} entry"), named)

    def _rebuild(self, change: Callable[[dict[str, Any]], Any], *, then: Path) -> None:
        """Apply `change(data)` to the form's current (even unreadable) values and lay the lines
        out again, the editor on the first field under `then` (else where it was)."""
        data = self._collect(None)
        change(data)
        self._data = data
        self._build()
        self._draw()
        inside = [ln for ln in self._lines if ln.kind == "field" and ln.path[: len(then)] == then]
        near = [ln for ln in self._lines if ln.selectable and ln.path[: len(then)] == then]
        self._go((inside or near or [ln for ln in self._lines if ln.selectable])[0])


def _why_unreadable(spec: FieldSpec, text: str) -> str:
    """Why a field's typed text cannot be read ("" when it can, or when nothing is typed)."""
    issues: list[FormIssue] = []
    if text.strip():
        read_text(spec, text, issues)
    return issues[0].message if issues else ""


def _blank(value: Any) -> bool:
    """True when a collected block holds nothing typed (yes/no choices do not count)."""
    if isinstance(value, dict):
        return all(_blank(v) for v in value.values())
    if isinstance(value, list):
        return all(_blank(v) for v in value)
    if isinstance(value, RawText):
        return not value.text.strip()
    return value is None or value == "" or isinstance(value, bool)


def _at(data: dict[str, Any], path: Path) -> Any:
    node: Any = data
    for part in path:
        node = node[part]
    return node
