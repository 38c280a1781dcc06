"""The tracker's title before the start counts its combatants in English and, with none yet,
says how to add some."""

from __future__ import annotations

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.tui.widgets.initiative import InitiativePane


def title(n: int) -> str:
    enc = Encounter(name="Brawl", combatants=[Combatant(id=f"c{i}", name=f"C {i}") for i in range(n)])
    return InitiativePane._title(enc).plain


def test_counts_read_in_english() -> None:
    assert title(1) == "Brawl: not started · 1 combatant · s to start"
    assert title(3) == "Brawl: not started · 3 combatants · s to start"


def test_an_empty_fight_says_how_to_add_fighters() -> None:
    assert title(0) == "Brawl: not started · no combatants yet: a adds one, :add party every PC"


def test_a_row_shows_the_sheets_own_marks_once() -> None:
    """Myriad keeps stunned, prone and a hurt arm on the sheet (StatusView.flags): the roster
    showed them, the tracker row did not."""
    from gmconsole.engine.encounter import Combatant, Condition
    from gmconsole.engine.tracks import StatusView
    from gmconsole.tui.widgets.tracker_rows import badges

    c = Combatant(id="grell", name="Grell", side="foes", conditions=[Condition(name="prone")])
    shown = badges(c, StatusView(health="hurt", label="hurt", flags=("stunned", "prone", "hurt arm")))
    assert "[stunned]" in shown and "[hurt arm]" in shown and shown.count("prone") == 1


def test_a_condition_without_rounds_does_not_claim_to_tick() -> None:
    """Mythmagica's Stunned lasts the scene: set with `cond` it read 'ticks at end of turn'."""
    from gmconsole.engine.encounter import Condition
    from gmconsole.tui.render import condition_reminder

    assert condition_reminder(Condition(name="stunned"), "Snagtooth", None) == (
        "Snagtooth: stunned, until removed or the fight ends"
    )
    assert "1 left, ticks at end of turn" in condition_reminder(
        Condition(name="prone", rounds=1), "Ayla", None
    )
