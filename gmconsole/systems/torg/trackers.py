"""The scene trackers a Torg GM keeps beside the initiative: chases (`chase_verbs`).

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
from gmconsole.systems.torg.sheet import TorgSheet

SHEET_ACTIONS = (
    SheetAction(
        "chase",
        "Chase tracker",
        "flee|pursue|roll|total|gap|leave|end [SKILL] [gap M] [speed V] [tough T] [dice F...]",
        "flee starts a chase with WHO as quarry; pursue joins (gap M); roll/total each round.",
    ),
)
TRACKERS = tuple(a.key for a in SHEET_ACTIONS)


def perform(sheet: TorgSheet, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
    new = sheet.model_copy(deep=True)
    if action == "chase":
        from gmconsole.systems.torg.chase_verbs import chase_verb

        text = chase_verb(new, list(args), scene)
    else:
        raise TorgError(f"no Torg tracker {action!r}")
    return SheetChange(new, text, detail={"action": action})


def end_of_round(
    sheet: TorgSheet,
    scene: Scene | None,
    then: Callable[[TorgSheet, Scene | None], SheetChange | None],
) -> SheetChange | None:
    """A runner's chase fatigue (shock), then the round's other end effects (`then`)."""
    enc = scene.encounter if scene is not None else None
    c = scene.combatant if scene is not None else None
    owed = 0
    if enc is not None and c is not None and "chase" in enc.state:
        from gmconsole.systems.torg.chase_verbs import pending_fatigue

        owed = pending_fatigue(enc, c.id)
    if not owed:
        return then(sheet, scene)
    tired = sheet.model_copy(deep=True)
    before = tired.damage.marks()
    tired.damage.shock += owed
    tired.damage.forget_blow_if_changed(before)
    rest = then(tired, scene)
    note = f"chase fatigue: {owed} shock"
    if rest is None:
        return SheetChange(tired, note, harmed=True)
    return SheetChange(rest.sheet, f"{note}, {rest.text}", rest.detail, harmed=True)


def header_lines(enc: Encounter) -> list[str]:
    """The trackers' lines for the initiative pane (nothing when none is running)."""
    lines: list[str] = []
    if enc.state.get("chase"):
        from gmconsole.systems.torg.chase import header_lines as chase_lines
        from gmconsole.systems.torg.chase_verbs import load_chase

        chase = load_chase(enc)
        assert chase is not None
        lines += chase_lines(chase)
    return lines
