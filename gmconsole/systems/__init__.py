"""The systems registry: every game system, built-in or third-party, comes in through the
``gmconsole.systems`` entry-point group, so the built-ins prove the path a plug-in would take.

`system_ids()` reads metadata only; `get_system(id)` imports one system and caches the
instance. A plug-in that fails to import is reported by name, never silently skipped.
"""

from __future__ import annotations

import difflib
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING

from gmconsole.engine.errors import GmConsoleError

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem

GROUP = "gmconsole.systems"


class UnknownSystem(GmConsoleError):
    """No system registered under that id."""


class BrokenSystem(GmConsoleError):
    """A registered system failed to load."""


def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def system_ids() -> list[str]:
    """Registered system ids, sorted, without importing any system."""
    return sorted(_entry_points())


@cache
def get_system(system_id: str) -> GameSystem:
    """The system registered as `system_id` (one shared instance per id)."""
    from gmconsole.systems.base import GameSystem

    eps = _entry_points()
    if system_id not in eps:
        close = difflib.get_close_matches(system_id, eps, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        known = ", ".join(sorted(eps)) or "none"
        raise UnknownSystem(f"unknown system {system_id!r}{hint} (known: {known})")
    try:
        cls = eps[system_id].load()
    except Exception as exc:  # a plug-in's own bug must not take the console down
        raise BrokenSystem(f"system {system_id!r} failed to load: {exc}") from exc
    if not (isinstance(cls, type) and issubclass(cls, GameSystem)):
        raise BrokenSystem(f"system {system_id!r} does not point at a GameSystem subclass")
    system = cls()
    if system.id != system_id:
        raise BrokenSystem(f"system registered as {system_id!r} calls itself {system.id!r}")
    return system
