"""The lines of a sheet form, worked out from the specs and the values (no Textual here).

A sheet is drawn as one scrolling list of lines, not a widget per field: a Torg sheet has a
hundred fields, and Textual took two to four seconds to build, style and lay out a widget
each; a list of lines appears at once at any size. `FormLayout.build` walks the specs the way
the form reads them back: a heading per nested block, a line per field (with its description
under it), an "add" line closing each list, a "remove" line under each list item's heading.
Long lists and big nested blocks start closed (one summary line and an "open" line): most
edits are to the numbers at the top, and a closed block is saved exactly as it was.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal

from gmconsole.tui.screens.sheet_fields import scalar_text
from gmconsole.tui.screens.sheet_spec import FieldSpec, Path, item_specs, item_title

CLOSED_OVER = 4
"""Lists with more items than this open closed (Enter on their 'open' line shows them)."""
CLOSED_FIELDS = 8
"""Nested blocks of more fields than this open closed too."""

LineKind = Literal["field", "heading", "action", "help"]


@dataclass(frozen=True)
class FormLine:
    """One line of the form. Fields and actions can be selected; headings and help cannot."""

    kind: LineKind
    path: Path
    """The field's path; for a heading or an action, the block's (a list item's includes its index)."""
    text: str = ""
    """A heading's title, an action's label, a help line's words (a field draws its own)."""
    depth: int = 0
    action: str = ""
    """"add", "remove" or "open", on action lines."""
    spec: FieldSpec | None = None

    @property
    def key(self) -> str:
        """The line's identity in the list: stays put when other lines come and go."""
        where = "/".join(str(p) for p in self.path)
        return f"{self.kind}:{self.action}:{where}"

    @property
    def selectable(self) -> bool:
        return self.kind in ("field", "action")


@dataclass
class FormLayout:
    """What the form holds besides its text: list lengths, dict keys, closed blocks."""

    opened: set[Path] = field(default_factory=set)
    counts: dict[Path, int] = field(default_factory=dict)
    keys: dict[Path, list[str]] = field(default_factory=dict)
    closed: dict[Path, Any] = field(default_factory=dict)
    """Closed blocks' values as the form was built with them, saved untouched until opened."""
    fields: dict[Path, FieldSpec] = field(default_factory=dict)
    values: dict[Path, Any] = field(default_factory=dict)
    """Each field's value as built (its text is made from it)."""
    anchors: list[Path] = field(default_factory=list)
    """Every field and block path, top to bottom: where an error can be shown."""

    def build(self, blocks: list[tuple[FieldSpec, str, list[FieldSpec], Any]]) -> list[FormLine]:
        """Lines for the top-level blocks: (block spec, title, its field specs, their data)."""
        self.counts.clear()
        self.keys.clear()
        self.closed.clear()
        self.fields.clear()
        self.values.clear()
        self.anchors.clear()
        lines: list[FormLine] = []
        for spec, title, specs, data in blocks:
            self._heading(lines, spec, spec.path, title, 0)
            self._rows(lines, specs, data, 1)
        return lines

    def _heading(self, lines: list[FormLine], spec: FieldSpec, path: Path, title: str, depth: int) -> None:
        self.anchors.append(path)
        lines.append(FormLine("heading", path, title, depth, spec=spec))

    def _rows(self, lines: list[FormLine], specs: list[FieldSpec], data: Any, depth: int) -> None:
        data = data if isinstance(data, dict) else {}
        for spec in specs:
            value = data.get(spec.name)
            if spec.kind in ("model", "models", "keyed") and self._closes(spec, value):
                self._closed_block(lines, spec, value, depth)
            elif spec.kind == "model":
                title = spec.label + (" (optional: leave blank for none)" if spec.optional else "")
                self._heading(lines, spec, spec.path, title, depth)
                if spec.description:
                    lines.append(FormLine("help", spec.path, spec.description, depth + 1))
                self._rows(lines, spec.children, value, depth + 1)
            elif spec.kind in ("models", "keyed"):
                self._items(lines, spec, value, depth)
            else:
                self.fields[spec.path] = spec
                self.values[spec.path] = value
                self.anchors.append(spec.path)
                lines.append(FormLine("field", spec.path, depth=depth, spec=spec))
                if spec.description:
                    lines.append(FormLine("help", spec.path, spec.description, depth + 1))

    def _items(self, lines: list[FormLine], spec: FieldSpec, value: Any, depth: int) -> None:
        keyed = spec.kind == "keyed"
        items: list[tuple[int | str, Any]]
        if keyed:
            mapping = value if isinstance(value, dict) else {}
            self.keys[spec.path] = list(mapping)
            items = list(mapping.items())
            title = spec.label
        else:
            seq = value if isinstance(value, list) else []
            self.counts[spec.path] = len(seq)
            items = list(enumerate(seq))
            title = f"{spec.label} ({len(seq)})"
        self._heading(lines, spec, spec.path, title, depth)
        if spec.description:
            lines.append(FormLine("help", spec.path, spec.description, depth + 1))
        for index, item in items:
            path = (*spec.path, index)
            self._heading(lines, spec, path, item_title(spec, index, item), depth + 1)
            which = index if isinstance(index, str) else item_title(spec, index, item).split(":")[0]
            lines.append(FormLine("action", path, f"remove {which}", depth + 2, "remove", spec))
            self._rows(lines, item_specs(spec, index), item, depth + 2)
        lines.append(FormLine("action", spec.path, f"add {spec.label.lower()}", depth + 1, "add", spec))

    def _closes(self, spec: FieldSpec, value: Any) -> bool:
        if spec.path in self.opened or not isinstance(value, list | dict):
            return False
        if spec.kind == "model":
            return _leaves(spec) > CLOSED_FIELDS
        return len(value) > CLOSED_OVER

    def _closed_block(self, lines: list[FormLine], spec: FieldSpec, value: Any, depth: int) -> None:
        self.closed[spec.path] = copy.deepcopy(value)
        if spec.kind == "model":
            flat = [(k, v) for k, v in value.items() if not isinstance(v, dict | list)]
            summary = ", ".join(f"{k} {scalar_text(v)}" for k, v in flat) or "(nested values)"
            title = f"{spec.label}, closed"
        else:
            keyed = isinstance(value, dict)
            pairs = value.items() if keyed else enumerate(value)
            summary = ", ".join(item_title(spec, k, item).split(": ", 1)[-1] for k, item in pairs)
            title = f"{spec.label} ({len(value)}), closed"
        self._heading(lines, spec, spec.path, title, depth)
        lines.append(FormLine("help", spec.path, summary, depth + 1))
        lines.append(FormLine("action", spec.path, f"open {spec.label.lower()}", depth + 1, "open", spec))


def _leaves(spec: FieldSpec) -> int:
    """Fields in a nested block, its own nested blocks' included."""
    return sum(_leaves(c) if c.children else 1 for c in spec.children)
