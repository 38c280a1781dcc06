"""The About screen: gmconsole and the credits and licences of the five systems.

Credits come from each registered system (`credit`, `licence`, `summary`); systems whose
plug-in is not installed fall back to ``gmconsole/tui/data/credits.toml``, so the credits the
books ask for are always shown and never hard-coded here.
"""

from __future__ import annotations

from pathlib import Path

import tomli
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from gmconsole.engine.errors import GmConsoleError
from gmconsole.systems import get_system, system_ids
from gmconsole.tui.screens.reading import ReadingScreen

CREDITS_FILE = Path(__file__).resolve().parent.parent / "data" / "credits.toml"


def system_credits() -> list[dict[str, str]]:
    """One entry per system: the data file's five, updated from any registered plug-in,
    then any other registered system (a third-party one, the generic one)."""
    entries = {e["id"]: dict(e) for e in tomli.loads(CREDITS_FILE.read_text(encoding="utf-8"))["system"]}
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


def credits_text() -> Group:
    """The About text; each system's lines indented under its name, wrapping stays indented."""
    parts: list[RenderableType] = [
        Text.assemble(("gmconsole", "bold"), " — a terminal game-master console. MIT licence."),
        Text("Book tables are read from data files carrying each system's credit and licence."),
    ]
    for entry in system_credits():
        name = entry.get("name", entry["id"])
        parts.append(Text.assemble("\n", (name, "bold"), (f"  [{entry['id']}]", "dim")))
        body = Text.assemble(entry.get("credit", ""), "\n", ("Licence: ", "italic"), entry.get("licence", ""))
        if entry.get("summary"):
            body.append(f"\n{entry['summary']}", style="dim")
        parts.append(Padding(body, (0, 0, 0, 2)))
    return Group(*parts)


class AboutScreen(ReadingScreen):
    TITLE = "About"

    def pages(self) -> list[RenderableType]:
        return [credits_text()]
