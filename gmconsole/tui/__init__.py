"""gmconsole.tui: the only package that imports Textual. `run(path)` opens the console."""

from __future__ import annotations

import gc
import os
from typing import Any

os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
"""Pydantic's plug-ins are off in the console unless the user set this variable: otherwise the
first model pydantic builds scans every installed distribution's entry points for plug-ins
(a validation tracer is a developer's tool; a developer sets the variable to keep them). Set
when this package is imported, as the launcher imports it before the app and its models."""


def run(path: str | None = None, *, no_mouse: bool = False, **options: Any) -> int:
    """Open the console on a campaign folder (or the last one / the picker when None).

    `no_mouse` keeps the terminal out of mouse-reporting mode, for slow SSH links and for
    terminals that misbehave after a dropped connection. Other `options` go to `App.run`
    (`headless`, `size`, `auto_pilot`: the startup benchmark opens the console this way, so it
    times the path a GM's `gmconsole` takes), except `remember`, which goes to the app.
    Returns the process exit code.

    The cyclic garbage collector is paused from here until the first screen is up (see
    `GmConsole.end_startup`): importing Textual and pydantic and loading a campaign allocate a
    few hundred thousand objects that live as long as the console, and collecting while they
    pile up cost about a tenth of the time to the first painted screen, for nothing.
    """
    gc.disable()
    try:
        from gmconsole.tui.app import GmConsole

        app = GmConsole(path, remember=options.pop("remember", True), startup_gc_paused=True)
        result = app.run(mouse=not no_mouse, **options)
    finally:
        gc.enable()
    return result if isinstance(result, int) else 0
