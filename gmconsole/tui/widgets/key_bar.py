"""The footer line: the keys that work right now, from the same bindings the registry made.

One line of text rather than Textual's `Footer`, which mounts a widget per key and rebuilds
them on every focus change (a tenth of a second at start-up, again on each pane switch). It
lists what `Screen.active_bindings` says is live, so a pane's own keys appear while it has
focus and keys a focused input would swallow disappear, as they do in Textual's footer. When
they do not all fit (a pane's keys and the screen's at 80 columns), the last ones give way to
"…" and the help key, which lists them all, stays at the end.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

HELP_ID = "help"


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar {
        height: 1; padding: 0 1; background: $panel; color: $foreground;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    KeyBar > .key-bar--key { text-style: bold; color: $accent; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-bar--key"}

    def __init__(self) -> None:
        super().__init__()
        self._drawn = Text()
        """The line last made."""
        self._made_for: tuple[object, ...] = ()
        """The width, focused widget and keymap the line was made for: the live bindings
        depend on nothing else (`MainScreen.check_action` looks only along the focus chain)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self.refresh()

    def bindings_changed(self, screen: Screen) -> None:
        """The line is made when the bar is next drawn (`render`): the focus moves several
        times while the screen mounts, and each asked for every binding's state (~1 ms each);
        one line high and as wide as the screen, the bar needs no layout whatever it says."""
        self.refresh()

    def render(self) -> Text:
        made_for = (self.content_region.width, self.screen.focused, id(self.app._keymap))
        if made_for != self._made_for:  # what the line depends on: Textual also asks again
            self._made_for = made_for  # when a focus change ends where it began
            self._drawn = self._make_line()
        return self._drawn

    def _make_line(self) -> Text:
        items: list[tuple[str, str]] = []
        seen: set[str] = set()
        help_item: tuple[str, str] | None = None
        for active in self.screen.active_bindings.values():
            binding = active.binding
            ident = binding.id or binding.action  # a registry key is bound twice (see actions)
            if not binding.show or ident in seen:
                continue
            seen.add(ident)
            item = (self.app.get_key_display(binding), binding.description)
            items.append(item)
            if binding.id == HELP_ID and help_item is None:
                help_item = item
        width = self.content_region.width or 10_000
        key_style = self.get_component_rich_style("key-bar--key")
        text = self._line(items, key_style)
        if text.cell_len > width and help_item in items:
            items.remove(help_item)
            tail = self._line([help_item], key_style)
            while items and self._line(items, key_style).cell_len + 5 + tail.cell_len > width:
                items.pop()
            text = self._line(items, key_style)
            text.append("  …  " if items else "…  ")
            text.append_text(tail)
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    @staticmethod
    def _line(items: list[tuple[str, str]], key_style: object) -> Text:
        text = Text()
        for i, (key, label) in enumerate(items):
            if i:
                text.append("  ")
            text.append(key, style=key_style)  # type: ignore[arg-type]
            text.append(f" {label}")
        return text
