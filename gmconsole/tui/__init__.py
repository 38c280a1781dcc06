"""gmconsole.tui: the only package that imports Textual. `run(path)` opens the console."""

from __future__ import annotations


def run(path: str | None = None, *, no_mouse: bool = False) -> int:
    """Open the console on a campaign folder (or the last one / the picker when None).

    `no_mouse` keeps the terminal out of mouse-reporting mode, for slow SSH links and for
    terminals that misbehave after a dropped connection. Returns the process exit code.
    """
    from gmconsole.tui.app import GmConsole

    result = GmConsole(path).run(mouse=not no_mouse)
    return result if isinstance(result, int) else 0
