"""A yes/no switch of one line: `[x] yes` / `[ ] no`.

The test dialog shows a system's on/off switches (Torg has eleven of them) with this instead
of Textual's `Select`: a `Select` composes six widgets and an option list, about 10 ms each to
mount, and two choices need no list. Keyboard-first like every field of the dialog: focusable
with Tab, space or Enter toggles, y and n set it; a click toggles too. The words say the state
and the box mark repeats it, so nothing depends on colour.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class YesNo(Widget, can_focus=True):
    """Holds True or False; posts `YesNo.Changed` when the value changes (not on mount)."""

    DEFAULT_CSS = """
    YesNo {
        height: 1;
        width: auto;
    }
    YesNo:focus {
        text-style: bold reverse;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter", "toggle", "Toggle", show=False),
        Binding("y", "set(True)", "Yes", show=False),
        Binding("n", "set(False)", "No", show=False),
    ]

    value: reactive[bool] = reactive(False, init=False, layout=False)

    class Changed(Message):
        """The switch now says `value`."""

        def __init__(self, yes_no: YesNo, value: bool) -> None:
            super().__init__()
            self.yes_no = yes_no
            self.value = value

        @property
        def control(self) -> YesNo:
            return self.yes_no

    def __init__(self, value: bool = False, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(YesNo.value, bool(value))

    def render(self) -> Text:
        return Text("[x] yes" if self.value else "[ ] no", no_wrap=True)

    def get_content_width(self, container: object, viewport: object) -> int:
        return len("[x] yes")

    def watch_value(self, value: bool) -> None:
        self.post_message(self.Changed(self, value))

    def action_toggle(self) -> None:
        self.value = not self.value

    def action_set(self, value: bool) -> None:
        self.value = bool(value)

    def _on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_toggle()
