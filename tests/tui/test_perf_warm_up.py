"""The dialogs' warm-up imports every screen a GM opens, and every installed system (About),
so the first open pays none of it. (The console starts it once the first screen is painted.)"""

from __future__ import annotations

from fresh_process import probe

from gmconsole.tui.screens.warm_up import DIALOG_MODULES

SCRIPT = """
import json, sys
from gmconsole.tui.screens.warm_up import DIALOG_MODULES, warm_up
before = [m for m in DIALOG_MODULES if m in sys.modules]
warm_up(0).join(60)
after = [m for m in DIALOG_MODULES if m in sys.modules]
systems = sorted(m for m in sys.modules if m.startswith("gmconsole.systems.") and m.endswith(".system"))
print(json.dumps([before, after, systems]))
"""


def test_the_warm_up_imports_every_dialog_and_system() -> None:
    before, after, systems = probe(SCRIPT)
    assert before == []
    assert after == list(DIALOG_MODULES)
    assert len(systems) >= 5, systems
