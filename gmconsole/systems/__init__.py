"""The systems registry: every game system, built-in or third-party, comes in through the
``gmconsole.systems`` entry-point group, so the built-ins prove the path a plug-in would take.

`system_ids()` reads metadata only; `get_system(id)` imports one system and caches the
instance. A plug-in that fails to import is reported by name, never silently skipped.

Opening a campaign of a built-in system imports it straight from `BUILT_IN` (the same
targets as gmconsole's own entry points, which a test keeps in step with pyproject.toml): no
package metadata is read on the way to the first screen, and a checkout run without being
installed still finds its systems. Every installed distribution is scanned (~1.5 ms, more with
a big environment) only for an id that is not built in. So a built-in id always means the
built-in system, even if a plug-in registers the same id.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import cache, partial
from importlib import import_module
from typing import TYPE_CHECKING, Any

from gmconsole.engine.errors import GmConsoleError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from gmconsole.systems.base import GameSystem

GROUP = "gmconsole.systems"
BUILT_IN = {
    "arm": "gmconsole.systems.arm.system:ArmSystem",
    "generic": "gmconsole.systems.generic:GenericSystem",
    "myriad": "gmconsole.systems.myriad.system:MyriadSystem",
    "mythmagica": "gmconsole.systems.mythmagica.system:MythmagicaSystem",
    "system-one": "gmconsole.systems.system_one.system:SystemOneSystem",
    "torg": "gmconsole.systems.torg.system:TorgSystem",
}
"""gmconsole's own systems, as its entry points in pyproject.toml name them."""


class UnknownSystem(GmConsoleError):
    """No system registered under that id."""


class BrokenSystem(GmConsoleError):
    """A registered system failed to load."""


def _entry_points() -> dict[str, EntryPoint]:
    """Every installed distribution's systems (the full scan)."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def _load_built_in(target: str) -> Any:
    """The object `module:attribute` names, as `EntryPoint.load` would get it."""
    module, _, attribute = target.partition(":")
    return getattr(import_module(module), attribute)


def _built_in_entry_points() -> dict[str, EntryPoint]:
    """`BUILT_IN` as entry points (what gmconsole's own metadata declares, when installed)."""
    from importlib.metadata import EntryPoint

    return {name: EntryPoint(name=name, value=value, group=GROUP) for name, value in BUILT_IN.items()}


def system_ids() -> list[str]:
    """Registered system ids, sorted, without importing any system."""
    return sorted(_entry_points())


@cache
def get_system(system_id: str) -> GameSystem:
    """The system registered as `system_id` (one shared instance per id)."""
    from gmconsole.systems.base import GameSystem

    target = BUILT_IN.get(system_id)
    load: Callable[[], Any]
    if target is not None:
        load = partial(_load_built_in, target)
    else:
        eps = _entry_points()
        if system_id not in eps:
            close = difflib.get_close_matches(system_id, eps, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            known = ", ".join(sorted(eps)) or "none"
            raise UnknownSystem(f"unknown system {system_id!r}{hint} (known: {known})")
        load = eps[system_id].load
    try:
        cls = load()
    except Exception as exc:  # a plug-in's own bug must not take the console down
        raise BrokenSystem(f"system {system_id!r} failed to load: {exc}") from exc
    if not (isinstance(cls, type) and issubclass(cls, GameSystem)):
        raise BrokenSystem(f"system {system_id!r} does not point at a GameSystem subclass")
    system = cls()
    if system.id != system_id:
        raise BrokenSystem(f"system registered as {system_id!r} calls itself {system.id!r}")
    return system
