"""The About screen: gmconsole and the credits and licences of the five systems.

Credits come from each registered system (`credit`, `licence`, `summary`); systems whose
plug-in is not installed fall back to ``gmconsole/tui/data/credits.toml``, so the credits the
books ask for are always shown and never hard-coded here.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gmconsole.engine.errors import GmConsoleError
from gmconsole.systems import get_system, system_ids

CREDITS_FILE = Path(__file__).resolve().parent.parent / "data" / "credits.toml"


def system_credits() -> list[dict[str, str]]:
    """One entry per system: the data file's five, updated from any registered plug-in,
    then any other registered system (a third-party one, the generic one)."""
    entries = {e["id"]: dict(e) for e in tomllib.loads(CREDITS_FILE.read_text(encoding="utf-8"))["system"]}
    for sid in system_ids():
        try:
            system = get_system(sid)
        except GmConsoleError:
            continue
        entry = entries.setdefault(sid, {"id": sid})
        entry.update(name=system.name, credit=system.credit, licence=system.licence)
        if system.summary:
            entry["summary"] = system.summary
    return list(entries.values())


def credits_text() -> Text:
    out = Text()
    out.append("gmconsole", style="bold")
    out.append(" — a terminal game-master console. MIT licence.\n")
    out.append("Book tables are read from data files carrying each system's credit and licence.\n")
    for entry in system_credits():
        out.append(f"\n{entry.get('name', entry['id'])}", style="bold")
        out.append(f"  [{entry['id']}]\n", style="dim")
        out.append(f"  {entry.get('credit', '')}\n")
        out.append("  Licence: ", style="italic")
        out.append(f"{entry.get('licence', '')}\n")
        if entry.get("summary"):
            out.append(f"  {entry['summary']}\n", style="dim")
    return out


class AboutScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    AboutScreen { align: center middle; }
    AboutScreen > VerticalScroll {
        width: 96%; max-width: 100; height: 96%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "dismiss", "Close", id="about.close"),
        Binding("j,down", "scroll(1)", "Down", show=False),
        Binding("k,up", "scroll(-1)", "Up", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "About · Esc to close"
            yield Static(credits_text())

    def action_scroll(self, delta: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=delta, animate=False)
