"""Layering: the engine, the systems and the store never load Textual or Rich (DESIGN.md §2).

Checked in a fresh interpreter, because pytest and its plug-ins may have imported Rich already.
Every module of the three packages is imported (so a stray import in a rarely used module is
caught too), every registered system is loaded and asked for its tables and turn order (which
import lazily), and the CLI module is imported without opening the UI.
"""

from __future__ import annotations

import textwrap

from fresh_process import probe

PROBE = textwrap.dedent(
    """
    import importlib, json, pkgutil, sys

    imported, missing = [], []
    for name in ("gmconsole.engine", "gmconsole.systems", "gmconsole.store"):
        try:
            package = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            missing.append(name)
            continue
        imported.append(name)
        for info in pkgutil.walk_packages(package.__path__, prefix=name + "."):
            importlib.import_module(info.name)
            imported.append(info.name)

    from gmconsole.systems import get_system, system_ids
    for system_id in system_ids():
        system = get_system(system_id)
        system.tables()
        system.turn_order(None)

    import gmconsole.cli

    leaked = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
    print(json.dumps({"imported": imported, "missing": missing, "leaked": leaked}))
    """
)


def test_engine_systems_and_store_never_load_textual_or_rich() -> None:
    result = probe(PROBE)
    assert "gmconsole.engine" in result["imported"]
    assert "gmconsole.engine.tables" in result["imported"]
    assert "gmconsole.systems.generic" in result["imported"]
    assert result["leaked"] == [], f"loaded by engine/systems/store/cli: {result['leaked'][:5]}"
