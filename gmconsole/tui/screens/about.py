"""The About screen: gmconsole and the credits and licences of every installed system.

Credits come from each registered system (`credit`, `licence`, `summary`), the same lines its
data files carry, so the screen names exactly what is installed and nothing is hard-coded here.
A plug-in that fails to load is listed with the reason instead of vanishing.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from gmconsole.engine.errors import GmConsoleError
from gmconsole.systems import get_system, system_ids
from gmconsole.tui.screens.reading import ReadingScreen


def system_credits() -> list[dict[str, str]]:
    """One entry per registered system, in id order."""
    entries: list[dict[str, str]] = []
    for sid in system_ids():
        try:
            system = get_system(sid)
        except GmConsoleError as exc:
            entries.append({"id": sid, "name": sid, "credit": f"(failed to load: {exc})", "licence": ""})
            continue
        entry = {"id": sid, "name": system.name, "credit": system.credit, "licence": system.licence}
        if system.summary:
            entry["summary"] = system.summary
        entries.append(entry)
    return entries


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
