"""The help screen lists what the campaign's system adds: its own verbs with their usage, its
calculators, its per-encounter settings with the legal values and the value now, its optional
rules; and the keys that belong to the lists, the command line and the dialogs."""

from __future__ import annotations

import io
import random
from pathlib import Path

from app_driver import make_app, screen_text
from rich.console import Console

from gmconsole.engine.roster import Character
from gmconsole.store.session import Session
from gmconsole.systems import get_system
from gmconsole.tui.screens.help import HelpScreen, system_table


def printed(renderable: object, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def flat(text: str) -> str:
    """The printed text with runs of spaces and line ends as one space (a description that
    wraps under an empty first column reads as one line)."""
    return " ".join(text.split())


def test_torg_verbs_settings_and_options_with_their_values() -> None:
    torg = get_system("torg")
    text = flat(printed(system_table(torg, {"scene": "dramatic"}, {"failing": True}), width=140))
    for action in torg.sheet_actions:
        assert f"{action.key} WHO" in text and action.label in text
    for calc in torg.calculators:
        assert f"calc {calc.key}" in text
    assert "set scene standard|dramatic" in text and "now dramatic, default standard" in text
    assert "set fiat off|peek|1|2|3|4" in text
    assert "failing = true|false" in text and "(now true)" in text
    assert "drama_deck = true|false" in text and "(now true)" in text  # the default when not given


def test_a_long_usage_wraps_instead_of_being_cut() -> None:
    text = printed(system_table(get_system("torg")), width=80)
    assert "…" not in text
    assert any(line.startswith("[shock|k|o|ko|knockdown|wound]...") for line in text.splitlines())


def test_no_word_of_a_usage_is_split_across_lines() -> None:
    for system_id in ("torg", "myriad", "arm", "mythmagica", "system-one"):
        system = get_system(system_id)
        text = printed(system_table(system), width=80)
        for usage in [f"{a.key} WHO {a.usage}" for a in system.sheet_actions]:
            for word in usage.split():
                if len(word) <= 40:
                    assert word in text, (system_id, word)


async def test_help_screen_of_a_campaign_shows_its_system(tmp_path: Path) -> None:
    with Session.create(tmp_path / "m", name="Myriad Night", system_id="myriad", rng=random.Random(3)) as s:
        blank = s.system.dump_sheet(s.system.new_sheet())
        s.save_character("grell", Character(name="Grell", kind="npc", sheet=blank))
        s.execute("encounter Brawl")
        s.execute("set conflict social")
    app = make_app(tmp_path / "m")
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = ""
        for _ in range(24):  # page by page to the end
            text += screen_text(app)
            await pilot.press("pagedown")
            await pilot.pause()
        text = flat(text.replace("█", " "))
        assert "Myriad: its own verbs" in text and "rest WHO [NIGHTS]" in text
        assert "medic WHO RESULT" in text
        assert "gen npc RACE [ARCHETYPE]" in text and "Quick NPC" in text
        joined = text.replace(" ", "").replace("\n", "")  # the choices wrap at 100 columns
        assert "set conflict" in text and "mortal|social|romance|terror" in joined
        assert "now social, default mortal" in text
        assert "burning_fives = true|false" in text
        assert "Tab" in text and "complete" in text  # the command line's own keys
        assert "F2" in text  # the test dialog's roll key


def test_switches_are_listed_as_typed_and_their_choices_by_name() -> None:
    from gmconsole.systems.base import RuleOption
    from gmconsole.tui.screens.help import system_table

    switch = RuleOption("sfx", "Burn for", default="", help="the SFX to fire", choices=("", "power_strike"))
    text = printed(system_table(get_system("myriad"), switches=[switch]), width=100)
    assert "sfx=none|power_strike" in text and "Power Strike (power_strike)" in text
