"""Load what the dialogs need while the GM reads the first screen, so the first `t`, `e`, `?`
or `A` of an evening opens as fast as the next ones.

A dialog's module, the Textual widgets it is built of (Select, TextArea...) and, for the About
screen, every installed system are imported the first time the dialog opens: 100-250 ms on
top of the dialog itself, in front of a GM who is waiting. Started once the main screen is
painted, a background thread imports them instead; Python's import lock makes a dialog opened
meanwhile wait for its module rather than import it twice. Nothing here touches the app or the
campaign, only modules, so the thread needs no care beyond being a daemon (quitting never
waits for it). A module that fails to import is left alone: the dialog's own open reports it,
as it would have without this.
"""

from __future__ import annotations

import threading
import time
from importlib import import_module

DIALOG_MODULES = (
    "gmconsole.tui.screens.check_dialog",
    "gmconsole.tui.screens.sheet_form",
    "gmconsole.tui.screens.prompt",
    "gmconsole.tui.screens.help",
    "gmconsole.tui.screens.about",
    "gmconsole.tui.screens.problems",
    "gmconsole.tui.screens.recent",
    "gmconsole.tui.screens.campaign_picker",
)
"""Every screen a GM opens from the console, most used first."""
THREAD_NAME = "gmconsole dialogs warm-up"
DELAY = 0.5
"""Seconds the thread waits first: the first screen's own settling (lists wrapped to their
width, the git status) has the CPU to itself, and a GM rarely presses a key sooner."""


def _import_dialogs(delay: float) -> None:
    time.sleep(delay)
    for name in DIALOG_MODULES:
        try:
            import_module(name)
        except Exception:  # reported when the dialog itself opens
            continue
    try:
        from gmconsole.tui.screens.about import system_credits

        system_credits()  # imports (and caches) every installed system, as About does
    except Exception:  # About lists a system that fails, with the reason
        pass


def warm_up(delay: float = DELAY) -> threading.Thread:
    """Start importing the dialogs in a daemon thread, after `delay` seconds, and return it
    (tests join it)."""
    thread = threading.Thread(target=_import_dialogs, args=(delay,), name=THREAD_NAME, daemon=True)
    thread.start()
    return thread
