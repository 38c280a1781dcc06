"""Importing Torg is cheap: no data file is read and the dice rules wait for the first test.

Opening a campaign imports its system, so what the import pulls in is paid at every start-up.
Checked in a fresh interpreter (the test session has long since loaded everything), with an
audit hook that sees every file opened.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from fresh_process import probe

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


def test_importing_torg_reads_no_data_file_and_defers_the_dice_rules() -> None:
    result = probe(PROBE)
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


FIRST_SCREEN_PROBE = textwrap.dedent(
    """
    import json, sys

    from gmconsole.store import Session

    def torg_modules():
        return sorted(m.rsplit(".", 1)[-1] for m in sys.modules if m.startswith("gmconsole.systems.torg."))

    session = Session.open(sys.argv[1], read_only=True)
    system = session.system
    listed = {
        "verbs": [a.key for a in system.sheet_actions],
        "calculators": [c.key for c in system.calculators],
        "help": next(t for t in session.tables if t.name == "Torg at the command line").rows[1][1],
    }
    shown = torg_modules()
    system.calculate("value", ["12"])
    print(json.dumps({"shown": shown, "listed": listed, "after_calc": torg_modules()}))
    """
)


def test_the_first_screen_lists_the_verbs_without_importing_the_rules_behind_them(tmp_path: Path) -> None:
    """What the first screen needs of Torg (the sheets, the turn order, the book tables and the
    command-line table, which lists the verbs, calculators and test words) leaves the round
    hooks, the verbs, the buy-off, the calculators and the test reader for their first use."""
    demo = tmp_path / "torg-demo"
    campaigns = Path(__file__).resolve().parents[3] / "campaigns"
    shutil.copytree(campaigns / "torg-demo", demo, ignore=shutil.ignore_patterns(".lock"))
    result = probe(FIRST_SCREEN_PROBE, str(demo))
    lazy = {"round_hooks", "verbs", "buyoff", "calculators", "check_words", "resolution"}
    assert lazy.isdisjoint(result["shown"]), sorted(lazy & set(result["shown"]))
    assert {"system", "reference", "console_help", "verb_list"} <= set(result["shown"])
    listed = result["listed"]
    assert listed["verbs"][:2] == ["buyoff", "spend"] and {"chase", "storm", "dsr"} <= set(listed["verbs"])
    assert listed["calculators"][:2] == ["value", "measure"]
    assert "poss, poss!, hero" in listed["help"]  # the test words, from `verb_list`
    assert "calculators" in result["after_calc"]
