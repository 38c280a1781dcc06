"""The scene trackers a Torg GM keeps beside the initiative: chases (`chase_verbs`), reality
storms (`storm_verbs`) and dramatic skill resolution tasks (`dsr_verbs`).

Each is one sheet action (`ACTION WHO WORDS...`) whose state lives in the active encounter's
``state`` under its own key, so every step is saved, logged and undone with its event, and
the initiative pane's header shows it (`header_lines`). The sheet named is the one acting
(the runner rolling); the others are read from the encounter's stored state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gmconsole.engine.encounter import Encounter
from gmconsole.systems.base import Scene, SheetAction, SheetChange
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.sheet import TorgSheet

SHEET_ACTIONS: tuple[SheetAction, ...] = (
    SheetAction(
        "chase",
        "Chase tracker",
        "flee|pursue|roll|total|gap|leave|end [SKILL] [gap M] [speed V] [tough T] [dice F...]",
        "flee starts a chase with WHO as quarry; pursue joins (gap M); roll/total each round.",
    ),
    SheetAction(
        "storm",
        "Reality storm tracker",
        "invoke [in COSM]|resist|roll [dice F...]|total N|drain|gain|settle|end",
        "invoke starts a storm, resist joins it; roll each round (home +3 added); settle writes losses.",
    ),
    SheetAction(
        "dsr",
        "Dramatic skill resolution",
        "start SKILL dn N [NAME...]|roll [steps K] [last] [dice F...]|total N [steps K] [last]|end",
        "Steps A-D paced by the card's DSR box and hazards; last: the last-ditch effort.",
    ),
)
TRACKERS = tuple(a.key for a in SHEET_ACTIONS)


def perform(
    order: DramaDeckOrder, sheet: TorgSheet, action: str, args: Sequence[str], scene: Scene
) -> SheetChange:
    new = sheet.model_copy(deep=True)
    if action == "dsr":
        from gmconsole.systems.torg.dsr_verbs import dsr_verb

        text = dsr_verb(order, new, list(args), scene)
    elif action == "chase":
        from gmconsole.systems.torg.chase_verbs import chase_verb

        text = chase_verb(new, list(args), scene)
    elif action == "storm":
        from gmconsole.systems.torg.storm_verbs import storm_verb

        text = storm_verb(new, list(args), scene)
    else:
        raise TorgError(f"no Torg tracker {action!r}")
    return SheetChange(new, text, detail={"action": action})


def end_of_round(
    sheet: TorgSheet,
    scene: Scene | None,
    then: Callable[[TorgSheet, Scene | None], SheetChange | None],
) -> SheetChange | None:
    """A runner's chase fatigue (shock) and what a reality storm owes the character, then
    the round's other end effects (`then`)."""
    enc = scene.encounter if scene is not None else None
    c = scene.combatant if scene is not None else None
    if enc is None or c is None or not ("chase" in enc.state or "storm" in enc.state):
        return then(sheet, scene)
    new, notes, harmed = sheet.model_copy(deep=True), [], False
    if "chase" in enc.state:
        from gmconsole.systems.torg.chase_verbs import pending_fatigue

        owed = pending_fatigue(enc, c.id)
        if owed:
            before = new.damage.marks()
            new.damage.shock += owed
            new.damage.forget_blow_if_changed(before)
            notes.append(f"chase fatigue: {owed} shock")
            harmed = True
    if "storm" in enc.state:
        from gmconsole.systems.torg.storm_verbs import owed_at_round_end, settled_at_round_end

        if owed_at_round_end(enc, c.id) is not None:
            notes.append("reality storm: " + settled_at_round_end(enc, new, c.id))
    if not notes:
        return then(sheet, scene)
    rest = then(new, scene)
    if rest is None:
        return SheetChange(new, ", ".join(notes), harmed=harmed)
    return SheetChange(rest.sheet, ", ".join([*notes, rest.text]), rest.detail, harmed=harmed or rest.harmed)


def header_lines(enc: Encounter) -> list[str]:
    """The trackers' lines for the initiative pane (nothing when none is running)."""
    lines: list[str] = []
    if enc.state.get("dsr"):
        from gmconsole.systems.torg.dsr_verbs import header_lines as dsr_lines

        lines += dsr_lines(enc.state["dsr"])
    if enc.state.get("chase"):
        from gmconsole.systems.torg.chase import header_lines as chase_lines
        from gmconsole.systems.torg.chase_verbs import load_chase

        chase = load_chase(enc)
        assert chase is not None
        lines += chase_lines(chase)
    if enc.state.get("storm"):
        from gmconsole.systems.torg.storm_verbs import header_lines as storm_lines
        from gmconsole.systems.torg.storm_verbs import load_storm

        storm = load_storm(enc)
        assert storm is not None
        lines += storm_lines(storm)
    return lines
