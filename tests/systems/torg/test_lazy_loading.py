"""Importing Torg is cheap: no data file is read and the dice rules wait for the first test.

Opening a campaign imports its system, so what the import pulls in is paid at every start-up.
Checked in a fresh interpreter (the test session has long since loaded everything), with an
audit hook that sees every file opened.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import json, sys

    opened = []

    def hook(event, args):
        if event == "open" and isinstance(args[0], str) and args[0].endswith(".toml"):
            opened.append(args[0].replace("\\\\", "/").rsplit("/", 1)[-1])

    sys.addaudithook(hook)

    def torg_modules():
        return sorted(m.rsplit(".", 1)[-1] for m in sys.modules if m.startswith("gmconsole.systems.torg."))

    import gmconsole.systems.torg
    package = {"opened": list(opened), "modules": torg_modules()}
    from gmconsole.systems import get_system
    system = get_system("torg")
    loaded = {"opened": list(opened), "modules": torg_modules()}
    credit = system.credit
    named = {"opened": list(opened), "credit": credit}
    from gmconsole.systems.torg import bonus
    public = {"bonus": bonus(38), "modules": torg_modules()}
    print(json.dumps({"package": package, "loaded": loaded, "named": named, "public": public}))
    """
)


def probe() -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_torg_reads_no_data_file_and_defers_the_dice_rules() -> None:
    result = probe()
    assert result["package"] == {"opened": [], "modules": []}  # the package alone imports nothing
    assert result["loaded"]["opened"] == []  # the registered system class reads no table either
    assert "system" in result["loaded"]["modules"]
    assert {"resolution", "odds", "dice", "bonus"}.isdisjoint(result["loaded"]["modules"])
    # the credit line still comes from the data files, read when it is first shown
    assert result["named"]["opened"] == ["bonus_chart.toml"]
    assert "West End Games" in result["named"]["credit"]
    # the public names still work, imported on first use
    assert result["public"]["bonus"] == 11
    assert "bonus" in result["public"]["modules"]


def test_public_names_are_listed_and_unknown_ones_refused() -> None:
    import gmconsole.systems.torg as torg

    assert set(torg.__all__) <= set(dir(torg))
    assert torg.DamageState.__name__ == "DamageState"
    try:
        torg.no_such_rule  # noqa: B018 - the attribute access is what is tested
    except AttributeError as exc:
        assert "no_such_rule" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")
