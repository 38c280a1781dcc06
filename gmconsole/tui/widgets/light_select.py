"""A `Select` whose list of options is built when it is first opened, not when it is mounted.

Textual's `Select` composes its drop-down (an `OptionList` with every option) up front, hidden:
of the ~10 ms each `Select` costs to mount, most is that list. The test dialog shows a dozen or
more (who, the test, the difficulty, a system's choices), and a GM opens one or two of them per
test, so the others' lists were built for nothing while the GM waited for the dialog. A
`LightSelect` behaves exactly as a `Select` (same value, `Select.Changed`, keys, type to search,
click): only the drop-down waits until Enter, a key that opens it, or a click. Its closed
line (`CurrentValue`) is one widget drawing the value and the arrow, where `Select` mounts three
`Static`s for it. The value is drawn as plain text, never read as markup (a name written
"Bob [npc]" shows whole).

It relies on `Select`'s own parts (`SelectCurrent`, `SelectOverlay`, `_options`), which Textual
keeps in `textual.widgets._select`; the project pins Textual 8, and the dialog's tests drive
every path (open, pick, type to search) so a change there shows.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class CurrentValue(SelectCurrent):
    """A `Select`'s closed line, ``value ▼``, drawn by one widget instead of three."""

    @property
    def is_container(self) -> bool:  # no children: sized by what it draws, one line
        return False

    @property
    def is_scrollable(self) -> bool:
        return False

    def compose(self) -> ComposeResult:
        return iter(())

    def update(self, label: RenderableType | Any) -> None:
        self.label = label
        self.has_value = label is not Select.NULL
        self.refresh()

    def render(self) -> _ValueLine:
        expanded = bool(getattr(self.parent, "expanded", False))
        if self.has_value and not isinstance(self.label, Text):
            label = Text(str(self.label))
        elif self.has_value:
            label = self.label.copy()
        else:
            label = Text(self.placeholder, style="dim")
        return _ValueLine(label, Text(" ▲" if expanded else " ▼", style="dim"))


class _ValueLine:
    """``label ▼`` fitted to the width it is drawn at: told by Rich, not asked of the widget
    (its `size` looks the widget up in the screen's map, which a widget scrolled out of view
    is not in, and building that map cost the dialog ~5 ms per choice)."""

    def __init__(self, label: Text, arrow: Text) -> None:
        self.label, self.arrow = label, arrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        label = self.label.copy()
        label.truncate(max(0, options.max_width - cell_len(self.arrow.plain)), overflow="ellipsis", pad=True)
        label.no_wrap = True
        yield label + self.arrow


class LightSelect(Select[Any]):
    """`Select` with its drop-down mounted on first use (see the module docstring)."""

    def compose(self) -> ComposeResult:
        yield CurrentValue(self.prompt)

    def _overlay(self) -> SelectOverlay | None:
        return self.query_one_optional(SelectOverlay)

    async def _ensure_overlay(self) -> SelectOverlay:
        """The drop-down, mounted with every option (and the value highlighted) if not yet."""
        overlay = self._overlay()
        if overlay is None:
            overlay = SelectOverlay(type_to_search=self._type_to_search)
            overlay.compact = self.compact  # Select binds it in compose; it never changes here
            await self.mount(overlay)
            super()._setup_options_renderables()
            for index, (_, value) in enumerate(self._options):
                if value == self.value and value != self.NULL:
                    overlay.highlighted = index
                    break
        return overlay

    def _setup_options_renderables(self) -> None:
        if self._overlay() is not None:  # else built when it is first opened
            super()._setup_options_renderables()

    def _watch_value(self, value: Any) -> None:
        """As `Select` does, without a drop-down to highlight the value in until it is built."""
        self._value = value
        current = self.query_one_optional(SelectCurrent)
        if current is None:
            return
        if value == self.NULL:
            current.update(self.NULL)
        else:
            for index, (prompt, option_value) in enumerate(self._options):
                if option_value == value:
                    overlay = self._overlay()
                    if overlay is not None:
                        overlay.highlighted = index
                    current.update(prompt)
                    break
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        current = self.query_one_optional(CurrentValue)
        if current is not None:
            current.refresh()  # its arrow
        if self._overlay() is not None:
            super()._watch_expanded(expanded)
        elif expanded:  # a click (SelectCurrent.Toggle) before the first open: build, then open
            self.call_later(self._open)

    async def _open(self) -> None:
        await self._ensure_overlay()
        super()._watch_expanded(True)

    async def action_show_overlay(self) -> None:  # type: ignore[override]
        await self._ensure_overlay()
        super().action_show_overlay()

    def _watch_prompt(self, prompt: str) -> None:
        if self._overlay() is not None:
            super()._watch_prompt(prompt)
        elif self.is_mounted:
            current = self.query_one(SelectCurrent)
            current.placeholder = prompt
            if self.value == self.NULL:
                current.update(self.NULL)
