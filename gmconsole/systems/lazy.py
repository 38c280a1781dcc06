"""Package attributes imported on first use (PEP 562), for a system package's public names.

Opening a campaign imports the system's package (its ``system`` module lives inside it), so a
package ``__init__`` that imported its public rules API eagerly would make every campaign pay
for rules its first screen never uses. A package declares where each public name lives instead:

    __getattr__, __dir__ = lazy_exports(globals(), {"bonus": "bonus", ...})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(
    namespace: dict[str, Any], homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose public name N is defined in its
    submodule ``homes[N]``; a name is imported once, then kept in `namespace` (the package's
    globals) so later reads do not come back here."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:  # submodules not imported yet end up here too: the import system goes on
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *homes})

    return __getattr__, __dir__
