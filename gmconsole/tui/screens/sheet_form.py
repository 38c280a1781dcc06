"""Edit a roster entry through a form generated from the system's pydantic sheet model.

Nothing is saved half-way: the whole form is read, every field the form cannot parse is
reported, then the sheet is validated by the system (`parse_sheet`) and the entry by
`Character`; any refusal is shown next to the field it concerns, with pydantic's reason, and
the form stays open. Only a fully valid entry leaves the dialog, as a `SheetEdit` through
`dismiss()`; the screen that opened the form sends it to `session.save_character`, so the
change is one event that undo reverts. Escape cancels and changes nothing.
"""

from __future__ import annotations

import asyncio
import copy
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from gmconsole.engine.errors import RulesError
from gmconsole.engine.roster import Character
from gmconsole.tui.screens.prompt import TextPrompt
from gmconsole.tui.screens.sheet_fields import FieldRow, FormIssue, GroupBox, RawText, scalar_text
from gmconsole.tui.screens.sheet_spec import FieldSpec, Path, item_specs, item_title, model_specs

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
CLOSED_OVER = 4
"""Lists with more items than this open closed (a click or Enter on 'open' shows them)."""
CLOSED_FIELDS = 8
"""Nested blocks of more fields than this open closed too."""


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


class SheetForm(ModalScreen[SheetEdit | None]):
    """The roster entry `slug` (or a new one when None) as a form; ctrl+s saves, Esc cancels."""

    CSS_PATH = "sheet_form.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="sheet.cancel"),
        Binding("f2,ctrl+s", "save", "Save", priority=True, id="sheet.save"),
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
        self._counts: dict[Path, int] = {}
        self._keys: dict[Path, list[str]] = {}
        self._widgets: dict[Path, FieldRow | GroupBox] = {}
        self._closed_lists: dict[Path, Any] = {}
        """Long lists (a Torg sheet's skills) shown closed, as their one-line summary: their
        items as the form opened (or last rebuilt) with them, kept until the GM opens one."""
        self._opened: set[Path] = set()
        self.rebuilding = False
        """True while the form is being rebuilt (after add, remove or open)."""
        self._focused_row: FieldRow | None = None
        self._initial: dict[str, Any] | None = None
        """What the fields said once built (taken on mount), to tell an edit from none."""

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
            body = VerticalScroll(*self._build(), id="sheet-body")
            body.can_focus = False  # focus goes to a field; the body taking it first, then losing
            yield body  # it, restyled all four hundred widgets of a Torg sheet twice
            yield Static("", id="sheet-summary", markup=False)
            with Horizontal(id="sheet-buttons"):
                yield Static("F2 save · Esc cancel · Tab next", id="sheet-hint")
                yield Button("Save", id="sheet-save", compact=True)
                yield Button("Cancel", id="sheet-cancel", compact=True)

    def _build(self) -> list[Widget]:
        self._counts.clear()
        self._keys.clear()
        self._closed_lists.clear()
        who = GroupBox(_CHARACTER, "Character", self._rows(self._character_specs, self._data))
        rows = self._rows(self._sheet_specs, self._data["sheet"])
        sheet = GroupBox(_SHEET, f"{self.system.name} sheet", rows)
        later = GroupBox(_LATER, "Tags and notes", self._rows(self._later_specs, self._data))
        return [who, sheet, later]

    def _rows(self, specs: list[FieldSpec], data: Any) -> list[Widget]:
        data = data if isinstance(data, dict) else {}
        rows: list[Widget] = []
        for spec in specs:
            value = data.get(spec.name)
            if spec.kind == "model" and self._closes(spec, value):
                rows.append(self._closed_group(spec, value))
            elif spec.kind == "model":
                title = spec.label + (" (optional: leave blank for none)" if spec.optional else "")
                rows.append(GroupBox(spec, title, self._rows(spec.children, value)))
            elif spec.kind in ("models", "keyed") and self._closes(spec, value):
                rows.append(self._closed_group(spec, value))
            elif spec.kind == "models":
                items = value if isinstance(value, list) else []
                self._counts[spec.path] = len(items)
                boxes: list[Widget] = [
                    GroupBox(spec, item_title(spec, i, item), self._rows(item_specs(spec, i), item),
                             removable=True, index=i)
                    for i, item in enumerate(items)
                ]
                add = Button(f"add {spec.label.lower()}", classes="add-item", compact=True)
                rows.append(GroupBox(spec, f"{spec.label} ({len(items)})", [*boxes, add]))
            elif spec.kind == "keyed":
                keyed = value if isinstance(value, dict) else {}
                self._keys[spec.path] = list(keyed)
                boxes = [
                    GroupBox(spec, item_title(spec, key, item), self._rows(item_specs(spec, key), item),
                             removable=True, index=key)
                    for key, item in keyed.items()
                ]
                add = Button(f"add {spec.label.lower()}", classes="add-item", compact=True)
                rows.append(GroupBox(spec, spec.label, [*boxes, add]))
            else:
                rows.append(FieldRow(spec, value))
        return rows

    def _closes(self, spec: FieldSpec, value: Any) -> bool:
        """Whether a block opens closed: a long list or a big nested block the GM did not open
        yet (building every field of a Torg wound track or forty items is most of the time a
        form takes to appear; most edits are to the numbers above them)."""
        if spec.path in self._opened or not isinstance(value, list | dict):
            return False
        if spec.kind == "model":
            return _leaves(spec) > CLOSED_FIELDS
        return len(value) > CLOSED_OVER

    def _closed_group(self, spec: FieldSpec, value: Any) -> GroupBox:
        self._closed_lists[spec.path] = copy.deepcopy(value)
        if spec.kind == "model":
            flat = [(k, v) for k, v in value.items() if not isinstance(v, dict | list)]
            summary = ", ".join(f"{k} {scalar_text(v)}" for k, v in flat)
            return GroupBox(spec, f"{spec.label}, closed: Enter on open", [
                Static(summary[:300] or "(nested values)", classes="field-help", markup=False),
                Button(f"open {spec.label.lower()}", classes="open-group", compact=True),
            ])
        keyed = isinstance(value, dict)
        titles = [item_title(spec, k, item) for k, item in (value.items() if keyed else enumerate(value))]
        summary = ", ".join(t.split(": ", 1)[-1] for t in titles)
        open_button = Button(f"open {spec.label.lower()}", classes="open-group", compact=True)
        line = Static(summary[:300] + ("…" if len(summary) > 300 else ""), classes="field-help", markup=False)
        return GroupBox(spec, f"{spec.label} ({len(value)}), closed: Enter on open", [line, open_button])

    def on_mount(self) -> None:
        self._index_widgets()
        rows = list(self.query(FieldRow))
        # a new entry starts at its name; an edit mid-fight starts at the sheet's first number
        numeric = ("int", "float", "dict")
        sheet_rows = [r for r in rows if r.spec.path[:1] == ("sheet",) and r.spec.kind in numeric]
        first = rows[0] if self.slug is None or not sheet_rows else sheet_rows[0]
        first.editor.focus()
        self._initial = self._collect(None)

    def _index_widgets(self, built: list[Widget] | None = None) -> None:
        """Every row and block by path, top to bottom, from the widgets as built (a block
        composes its rows a moment after it is mounted, so the DOM may not hold them yet)."""
        self._widgets = {}
        top = built if built is not None else list(self.query_one("#sheet-body").children)
        for widget in self._walk(top):
            if isinstance(widget, FieldRow):
                self._widgets[widget.spec.path] = widget
            elif isinstance(widget, GroupBox):
                path = widget.spec.path if widget.index is None else (*widget.spec.path, widget.index)
                self._widgets[path] = widget

    @staticmethod
    def _walk(widgets: list[Widget]) -> list[Widget]:
        out: list[Widget] = []
        for widget in widgets:
            out.append(widget)
            if isinstance(widget, GroupBox):
                out += SheetForm._walk(widget.rows)
        return out

    async def _rebuild(self, change: Any) -> None:
        """Apply `change(data)` to the form's current (even invalid) values and redraw it.
        One at a time: a second press while the form is being rebuilt is ignored (tearing
        down widgets that are still being built upset them)."""
        if self.rebuilding:
            return
        self.rebuilding = True
        body = self.query_one("#sheet-body", VerticalScroll)
        body.display = False  # nothing is drawn until the new rows have composed (a text box
        # drawn before it is set up fails)
        try:
            self._data = self._collect(None)
            change(self._data)
            await body.remove_children()
            built = self._build()
            self._index_widgets(built)
            await body.mount_all(built)
            await asyncio.sleep(0)  # let the new blocks compose their rows
        finally:
            self.call_after_refresh(self._rebuilt)

    def _rebuilt(self) -> None:
        self.query_one("#sheet-body", VerticalScroll).display = True
        self.rebuilding = False

    # ------------------------------------------------------------------ reading

    def _collect(self, issues: list[FormIssue] | None) -> dict[str, Any]:
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
        for spec in specs:
            if spec.path in self._closed_lists:  # a closed block: as it was, untouched
                out[spec.name] = copy.deepcopy(self._closed_lists[spec.path])
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
                count = self._counts.get(spec.path, 0)
                out[spec.name] = [self._collect_specs(item_specs(spec, i), issues) for i in range(count)]
            elif spec.kind == "keyed":
                keys = self._keys.get(spec.path, [])
                out[spec.name] = {k: self._collect_specs(item_specs(spec, k), issues) for k in keys}
            else:
                row = self._widgets[spec.path]
                assert isinstance(row, FieldRow)
                out[spec.name] = row.read(issues)
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
        for widget in self._widgets.values():
            widget.show_error(None)
        placed: dict[Path, list[str]] = defaultdict(list)
        for path, messages in errors.items():
            anchor = next((path[:n] for n in range(len(path), -1, -1) if path[:n] in self._widgets), ())
            rest = ".".join(str(p) for p in path[len(anchor) :])
            placed[anchor].extend(f"{rest}: {m}" if rest else m for m in messages)
        for anchor, messages in placed.items():
            self._widgets[anchor].show_error("; ".join(messages))
        summary = self.query_one("#sheet-summary", Static)
        if not errors:
            summary.update("")
            return
        count = sum(len(m) for m in placed.values())
        summary.update(f"✗ not saved: {count} problem{'s' if count != 1 else ''} (marked ✗ above)")
        first = min(placed, key=lambda p: list(self._widgets).index(p))
        widget = self._widgets[first]
        if isinstance(widget, FieldRow):
            widget.editor.focus()
        widget.scroll_visible()

    def on_descendant_focus(self, event: Any) -> None:
        """Mark the row holding the focused editor (its label turns reverse video)."""
        row = next((a for a in event.widget.ancestors_with_self if isinstance(a, FieldRow)), None)
        if row is not self._focused_row:
            if self._focused_row is not None:
                self._focused_row.set_class(False, "-focused")
            if row is not None:
                row.set_class(True, "-focused")
            self._focused_row = row

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
            return drop_raw(self._collect(None)) != drop_raw(self._collect_initial())
        except Exception:  # a half-typed value that cannot even be read is an edit
            return True

    def _collect_initial(self) -> dict[str, Any]:
        if self._initial is None:
            self._initial = self._collect(None)
        return self._initial

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    @on(Button.Pressed, "#sheet-save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#sheet-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @on(Button.Pressed, ".add-item")
    async def _add_item(self, event: Button.Pressed) -> None:
        spec = event.button.query_ancestor(GroupBox).spec
        item_model = spec.item_model
        assert item_model is not None
        if spec.kind == "models":
            await self._rebuild(lambda data: _at(data, spec.path).append(model_defaults(item_model)))
            return

        async def named(key: str | None) -> None:
            if not key:
                return
            if key in self._keys.get(spec.path, []):
                self.notify(f"{spec.label} already has {key!r}", severity="warning")
                return

            def put(data: dict[str, Any]) -> None:
                _at(data, spec.path)[key] = model_defaults(item_model)

            await self._rebuild(put)

        self.app.push_screen(TextPrompt(f"Name of the new {spec.label.lower()} entry"), named)

    @on(Button.Pressed, ".open-group")
    async def _open_group(self, event: Button.Pressed) -> None:
        spec = event.button.query_ancestor(GroupBox).spec
        self._opened.add(spec.path)
        await self._rebuild(lambda data: None)
        box = self._widgets.get(spec.path)
        rows = list(box.query(FieldRow)) if box is not None else []
        if rows:
            rows[0].editor.focus()
            rows[0].scroll_visible()

    @on(Button.Pressed, ".remove-item")
    async def _remove_item(self, event: Button.Pressed) -> None:
        box = event.button.query_ancestor(GroupBox)
        index = box.index
        assert index is not None
        await self._rebuild(lambda data: _at(data, box.spec.path).pop(index))


def _leaves(spec: FieldSpec) -> int:
    """Fields in a nested block, its own nested blocks' included."""
    return sum(_leaves(c) if c.children else 1 for c in spec.children)


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
