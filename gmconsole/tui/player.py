"""The player view as a screen of its own: `gmconsole player PATH` on a second terminal, a TV,
or a player's SSH session. Read-only: it never takes the campaign's lock, and it follows the
GM's console by looking at the campaign's files a few times a second (`FolderWatch`)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.driver import Driver
from textual.widgets import Static

from gmconsole.store.player_view import FolderWatch, PlayerLine, current

POLL_SECONDS = 0.25
"""How often the files are looked at: a change shows within half a second."""


def render(lines: list[PlayerLine]) -> Text:
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        style = "bold underline" if line.heading else ("bold reverse" if line.acting else "")
        out.append(line.text, style=style)
    return out


class PlayerApp(App[None]):
    """The active encounter as the players may see it; q quits."""

    TITLE = "gmconsole player view"
    CSS = """
    Screen { padding: 0 1; }
    #view { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "quit", "Quit")]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = Path(path)
        self.watch = FolderWatch(self.path)

    def get_driver_class(self) -> type[Driver]:
        """The console's driver (see `gmconsole.tui.driver`): it stops with its terminal, and
        campaign text reaches the screen only as visible escapes."""
        from gmconsole.tui.driver import console_driver

        return console_driver(super().get_driver_class())

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="view")

    def on_mount(self) -> None:
        self.refresh_view()
        self.set_interval(POLL_SECONDS, self.refresh_view)

    def refresh_view(self) -> None:
        if self.watch.changed():
            self.query_one("#view", Static).update(render(current(self.path)))
