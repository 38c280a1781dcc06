"""The editors of a generated sheet form: one `FieldRow` per value, one `GroupBox` per nested model.

Each row turns its widget's text back into a value (`read`), reporting what it cannot parse as a
`FormIssue` rather than guessing, and shows the reason a value was refused (`show_error`) right
under the field. Booleans are a yes/no choice and not a checkbox because a checkbox's state is
drawn by colour; every state here is readable as a word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import tomli
import tomli_w
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Button, Label, Select, Static, TextArea

from gmconsole.tui.screens.sheet_spec import FieldSpec, Path
from gmconsole.tui.widgets.text_box import TextBox
from gmconsole.tui.widgets.text_input import TextInput


@dataclass(frozen=True)
class FormIssue:
    """A value the form itself could not read (before pydantic sees anything)."""

    path: Path
    message: str


@dataclass(frozen=True)
class RawText:
    """Unparsable text kept verbatim while the form is rebuilt (adding a list item)."""

    text: str


def _dom_id(path: Path) -> str:
    return "f-" + re.sub(r"[^A-Za-z0-9_-]", "_", "-".join(str(p) for p in path))


def scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def value_text(spec: FieldSpec, value: Any) -> str:
    """The text an editor starts with for `value`."""
    if isinstance(value, RawText):
        return value.text
    if value is None:
        return ""
    if spec.kind == "dict" and isinstance(value, dict):
        return "\n".join(f"{k} = {scalar_text(v)}" for k, v in value.items())
    if spec.kind == "list" and isinstance(value, list | tuple | set | frozenset):
        return "\n".join(scalar_text(v) for v in value)
    if spec.kind == "raw":
        try:
            return tomli_w.dumps({spec.name: value}).strip()
        except (TypeError, ValueError):
            return ""
    return scalar_text(value)


def parse_scalar(kind: str, text: str) -> Any:
    """Text -> int/float/bool/str; ValueError with a reason a GM understands."""
    text = text.strip()
    if kind == "int":
        try:
            return int(text)
        except ValueError:
            why = f"{text!r} is not a whole number" if text else "empty: type a whole number"
            raise ValueError(why) from None
    if kind == "float":
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number" if text else "empty: type a number") from None
    if kind == "bool":
        if text.lower() in ("yes", "true", "y", "1", "on"):
            return True
        if text.lower() in ("no", "false", "n", "0", "off"):
            return False
        raise ValueError(f"{text!r} is not yes or no")
    return text


def parse_lines(spec: FieldSpec, text: str) -> Any:
    """A dict field's ``name = value`` lines or a list field's one-value-per-line text."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if spec.kind == "list":
        out = []
        for n, line in lines:
            try:
                out.append(parse_scalar(spec.value_kind, line))
            except ValueError as exc:
                raise ValueError(f"line {n}: {exc}") from None
        return out
    result: dict[str, Any] = {}
    for n, line in lines:
        sep = "=" if "=" in line else ":" if ":" in line else None
        if sep is None:
            raise ValueError(f"line {n}: write it as 'name = value'")
        key, _, raw = (part.strip() for part in line.partition(sep))
        if not key:
            raise ValueError(f"line {n}: the name is missing")
        if key in result:
            raise ValueError(f"line {n}: {key!r} is listed twice")
        try:
            result[key] = parse_scalar(spec.value_kind, raw)
        except ValueError as exc:
            raise ValueError(f"line {n}: {exc}") from None
    return result


def parse_raw(spec: FieldSpec, text: str) -> Any:
    if not text.strip():
        return None
    try:
        data = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML: {exc}") from None
    if spec.name not in data:
        raise ValueError(f"write it as '{spec.name} = ...'")
    return data[spec.name]


class FieldRow(Vertical):
    """Label (with limits), editor, description and error line for one value."""

    def __init__(self, spec: FieldSpec, value: Any) -> None:
        super().__init__(classes=f"field-row kind-{spec.kind}")
        self.spec = spec
        self.value = value

    def compose(self) -> ComposeResult:
        """Label and editor side by side (a two-column grid: no container per line), then any
        help; the error line is only made when there is an error. A Torg sheet has a hundred
        rows, and every widget saved is time before the form shows."""
        spec = self.spec
        label = spec.label + (f" ({spec.hint})" if spec.hint else "")
        yield Label(label, classes="field-label")
        yield self._editor()
        if spec.description:
            yield Static(spec.description, classes="field-help", markup=False)
        if spec.kind in ("dict", "list"):
            how = "one 'name = value' per line" if spec.kind == "dict" else "one value per line"
            yield Static(how, classes="field-help")

    def _editor(self) -> Widget:
        spec, dom_id = self.spec, _dom_id(self.spec.path)
        if spec.kind == "bool":
            value = self.value if isinstance(self.value, bool) else Select.NULL
            return Select([("yes", True), ("no", False)], value=value, allow_blank=spec.optional, id=dom_id,
                          compact=True)
        if spec.kind == "choice":
            options = [(scalar_text(c), c) for c in spec.choices]
            value = self.value if self.value in spec.choices else Select.NULL
            return Select(options, value=value, allow_blank=spec.optional or value is Select.NULL, id=dom_id,
                          compact=True)
        if spec.kind in ("dict", "list", "raw"):
            area = TextBox(value_text(spec, self.value), id=dom_id, compact=True, tab_behavior="focus")
            area.show_line_numbers = False
            return area
        kind = {"int": "integer", "float": "number"}.get(spec.kind, "text")
        text = value_text(spec, self.value)
        if isinstance(self.value, RawText):
            kind = "text"
        return TextInput(text, type=kind, id=dom_id, compact=True)  # type: ignore[arg-type]

    @property
    def editor(self) -> Widget:
        return self.query_one(f"#{_dom_id(self.spec.path)}")

    def read(self, issues: list[FormIssue] | None) -> Any:
        """The edited value; unparsable text becomes an issue (strict) or `RawText` (lenient).
        A row not composed yet (the form rebuilt a moment ago) still holds its value as given."""
        spec = self.spec
        try:
            editor = self.editor
        except NoMatches:
            return self.value
        if not editor.is_mounted:  # a choice's value is only set once its widget is mounted
            return self.value
        if isinstance(editor, Select):
            return None if editor.is_blank() else editor.value
        text = editor.text if isinstance(editor, TextArea) else editor.value  # type: ignore[attr-defined]
        try:
            if spec.kind in ("dict", "list"):
                return parse_lines(spec, text)
            if spec.kind == "raw":
                return parse_raw(spec, text)
            if spec.optional and not text.strip():
                return None
            return parse_scalar(spec.kind, text) if spec.kind != "str" else text
        except ValueError as exc:
            if issues is not None:
                issues.append(FormIssue(spec.path, str(exc)))
            return RawText(text)

    def show_error(self, message: str | None) -> None:
        found = self.query(".field-error")
        if not message and not found:
            return
        error = found.first(Static) if found else Static("", classes="field-error", markup=False)
        if not found:
            self.mount(error)
        error.update(f"✗ {message}" if message else "")
        error.display = bool(message)
        self.set_class(bool(message), "-invalid")


class GroupBox(Vertical):
    """A nested model (or one item of a list of models): a titled block of rows."""

    def __init__(
        self,
        spec: FieldSpec,
        title: str,
        rows: list[Widget],
        *,
        removable: bool = False,
        index: int | str | None = None,
    ) -> None:
        super().__init__(classes="field-group")
        self.spec = spec
        self.rows = rows
        self.title = title
        self.removable = removable
        self.index = index
        self.error = Static("", classes="field-error", markup=False)
        self.error.display = False

    def compose(self) -> ComposeResult:
        with Horizontal(classes="group-title-line"):
            yield Label(f"── {self.title}", classes="group-title")
            if self.removable:
                which = self.index if isinstance(self.index, str) else self.title.split(":")[0]
                yield Button(f"remove {which}", classes="remove-item", compact=True)
        if self.spec.description and self.index is None:
            yield Static(self.spec.description, classes="field-help", markup=False)
        yield self.error
        yield from self.rows

    def show_error(self, message: str | None) -> None:
        self.error.update(f"✗ {message}" if message else "")
        self.error.display = bool(message)
        self.set_class(bool(message), "-invalid")
