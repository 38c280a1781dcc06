"""The footer line: the keys that work right now, from the same bindings the registry made.

One line of text rather than Textual's `Footer`, which mounts a widget per key and rebuilds
them on every focus change (a tenth of a second at start-up, again on each pane switch). It
lists what `Screen.active_bindings` says is live, so a pane's own keys appear while it has
focus and keys a focused input would swallow disappear, as they do in Textual's footer.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { height: 1; padding: 0 1; background: $panel; color: $foreground; }
    KeyBar > .key-bar--key { text-style: bold; color: $accent; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-bar--key"}

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        key_style = self.get_component_rich_style("key-bar--key")
        text = Text(no_wrap=True, overflow="ellipsis")
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            if text:
                text.append("  ")
            text.append(self.app.get_key_display(binding), style=key_style)
            text.append(f" {binding.description}")
        self.update(text)
