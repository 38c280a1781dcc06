"""The systems registry: every game system, built-in or third-party, comes in through the
``gmconsole.systems`` entry-point group, so the built-ins prove the path a plug-in would take.

`system_ids()` reads metadata only; `get_system(id)` imports one system and caches the
instance. A plug-in that fails to import is reported by name, never silently skipped.

Opening a campaign looks its system up first among gmconsole's own entry points (one
distribution's metadata, ~0.1 ms) and scans every installed distribution (~1.5 ms, more with a
big environment) only for an id that is not built in. So a built-in id always means the
built-in system, even if a plug-in registers the same id.
"""

from __future__ import annotations

import difflib
from functools import cache
from importlib.metadata import EntryPoint, PackageNotFoundError, distribution, entry_points
from typing import TYPE_CHECKING

from gmconsole.engine.errors import GmConsoleError

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem

GROUP = "gmconsole.systems"
DISTRIBUTION = "gmconsole"
"""The distribution whose entry points name the built-in systems."""


class UnknownSystem(GmConsoleError):
    """No system registered under that id."""


class BrokenSystem(GmConsoleError):
    """A registered system failed to load."""


def _entry_points() -> dict[str, EntryPoint]:
    """Every installed distribution's systems (the full scan)."""
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def _built_in_entry_points() -> dict[str, EntryPoint]:
    """gmconsole's own systems, read from its own metadata only (empty when gmconsole is not
    installed as a distribution; `get_system` then falls back on the full scan)."""
    try:
        eps = distribution(DISTRIBUTION).entry_points
    except PackageNotFoundError:
        return {}
    return {ep.name: ep for ep in eps.select(group=GROUP)}


def system_ids() -> list[str]:
    """Registered system ids, sorted, without importing any system."""
    return sorted(_entry_points())


@cache
def get_system(system_id: str) -> GameSystem:
    """The system registered as `system_id` (one shared instance per id)."""
    from gmconsole.systems.base import GameSystem

    ep = _built_in_entry_points().get(system_id)
    if ep is None:
        eps = _entry_points()
        if system_id not in eps:
            close = difflib.get_close_matches(system_id, eps, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            known = ", ".join(sorted(eps)) or "none"
            raise UnknownSystem(f"unknown system {system_id!r}{hint} (known: {known})")
        ep = eps[system_id]
    try:
        cls = ep.load()
    except Exception as exc:  # a plug-in's own bug must not take the console down
        raise BrokenSystem(f"system {system_id!r} failed to load: {exc}") from exc
    if not (isinstance(cls, type) and issubclass(cls, GameSystem)):
        raise BrokenSystem(f"system {system_id!r} does not point at a GameSystem subclass")
    system = cls()
    if system.id != system_id:
        raise BrokenSystem(f"system registered as {system_id!r} calls itself {system.id!r}")
    return system
