"""A tiny host app for testing Developer B's panes and dialogs without the main screen.

It plays the main screen's part of the contract: it calls `show(session)` on the pane after
every intent, runs `Command` lines through `session.execute`, and opens the dialogs the panes
ask for, so the tests exercise the same messages the real screen receives.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from textual import on
from textual.app import App, ComposeResult
from textual.widget import Widget

from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.roster import Character
from gmconsole.store.session import Session
from gmconsole.tui.messages import Command


def make_session(tmp_path: Path, seed: int = 7) -> Session:
    """A generic-system campaign with a PC, an NPC and a goblin template."""
    session = Session.create(tmp_path / "camp", name="Test", system_id="generic")
    session.rng = random.Random(seed)
    session.save_character(
        "ayla",
        Character(name="Ayla", kind="pc", player="Sam",
                  sheet={"hp": 10, "hp_max": 10, "initiative": 2, "stats": {"agility": 3, "wits": 1}}),
    )
    session.save_character("bram", Character(name="Bram", kind="npc", sheet={"hp": 6, "hp_max": 8}))
    session.save_character(
        "goblin", Character(name="Goblin", kind="creature", template=True, sheet={"hp": 5, "hp_max": 5})
    )
    return session


class PaneHost(App[None]):
    """Mounts one pane, forwards its messages to the session, redraws it after each intent."""

    def __init__(self, session: Session, pane: Widget) -> None:
        super().__init__()
        self.session = session
        self.pane = pane
        self.errors: list[str] = []
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.pane

    def on_mount(self) -> None:
        self.redraw()
        focus = getattr(self.pane, "focus_list", None)
        if focus:
            focus()

    def redraw(self) -> None:
        self.pane.show(self.session)  # type: ignore[attr-defined]

    def intent(self, call: Any) -> None:
        try:
            call()
        except (GmConsoleError, ValidationError, ValueError) as exc:
            self.errors.append(str(exc))
        self.redraw()

    @on(Command)
    def _command(self, message: Command) -> None:
        self.lines.append(message.line)
        self.intent(lambda: self.session.execute(message.line))
