"""What a Torg GM types at the command line, as a reference-pane table ("Torg at the command
line"), built from the code itself (the verbs, damage kinds and encounter settings the system
declares) so it can never disagree with what works."""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.tables import Table
from gmconsole.systems.base import RuleOption, SheetAction
from gmconsole.systems.torg.verb_list import SWITCH_WORDS

DAMAGE = (
    "dmg WHO TOTAL [damage|stun|rp|shock|wound]",
    "TOTAL is the damage total (damage value + bonus): Toughness, with armour, is taken off for "
    "you and the result points read on the CRT (Ords or possibility-rated). rp: result points "
    "already worked out (cover, One-on-Many); shock: shock points; wound: wound levels.",
)
CHECK = (
    "check WHO SKILL [WORDS...] [vs N] [+MOD]",
    "SKILL: a skill or attribute, or a unique start of one (fire, dex). WORDS: "
    + ", ".join(SWITCH_WORDS)
    + "; an action type (attack, trick...) for the card's approved actions. A Possibility or card "
    "used, the round's up, and the approved-action draw land on the sheet.",
)


def command_table(
    actions: Sequence[SheetAction], settings: Sequence[RuleOption], credit: str, licence: str
) -> Table:
    rows: list[list[str | int | float]] = [list(DAMAGE), list(CHECK)]
    rows += [[f"{a.key} WHO {a.usage}".strip(), f"{a.label}. {a.help}".strip()] for a in actions]
    rows += [
        [f"set {o.key} {'|'.join(map(str, o.choices))}", f"{o.label}. {o.help} (default {o.default})"]
        for o in settings
    ]
    rows.append(["heal WHO N [shock|wound]", "Removes shock points (the default) or wound levels."])
    return Table(
        id="console-verbs",
        name="Torg at the command line",
        kind="reference",
        columns=["Type", "What it does"],
        rows=rows,
        credit=credit,
        licence=licence,
        note="gmconsole's own summary of its Torg verbs (not the book's text).",
        group="gmconsole",
        source="torg/console_help",
        confidence="text",
        bare_dice=False,
    )
