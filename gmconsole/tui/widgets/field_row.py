"""One line of a form: a label, then its field.

The row draws its label itself, in the room its field leaves on the left (the field's left
margin), instead of holding a `Label` widget: the test dialog has up to thirty rows and its
open time follows how many widgets it mounts (about 1 ms each). The label is whole, or ends in
an ellipsis when longer than the room (never cut mid-word silently), and is shown in bold
reverse video while its field has the focus: visible without colour.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Horizontal
from textual.widget import Widget


class FieldRow(Horizontal):
    """`label` then `field`, on one line; `label_width` cells for the label and the gap."""

    DEFAULT_CSS = """
    FieldRow {
        height: 1;
    }
    """

    def __init__(
        self, label: str, field: Widget, *, label_width: int = 12, classes: str | None = None
    ) -> None:
        super().__init__(field, classes=classes)
        self.label = label
        self.field = field
        self.label_width = 0
        self.set_label_width(label_width)

    def set_label_width(self, width: int) -> None:
        """Give the label `width` cells, its last one the gap before the field."""
        if width == self.label_width:
            return
        self.label_width = width
        self.field.styles.margin = (0, 0, 0, width)
        self.refresh()

    def render(self) -> Text:
        room = max(0, self.label_width - 1)
        text = Text(self.label, no_wrap=True, style="bold reverse" if self.has_focus_within else "")
        text.truncate(room, overflow="ellipsis", pad=True)
        text.append(" " * (self.label_width - room))  # the gap before the field
        return text

    def _on_descendant_focus(self, event: Any) -> None:
        self.refresh()

    def _on_descendant_blur(self, event: Any) -> None:
        self.refresh()
