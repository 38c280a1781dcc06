"""What a Torg GM types at the command line, as a reference-pane table ("Torg at the command
line"), built from the code itself (the verbs, damage kinds and encounter settings the system
declares) so it can never disagree with what works."""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.tables import Table
from gmconsole.systems.base import Calculator, RuleOption, SheetAction
from gmconsole.systems.torg.verb_list import SWITCH_WORDS

DAMAGE = (
    "dmg WHO TOTAL [damage|stun|rp|shock|wound|taunt|trick|test|intimidation|maneuver]",
    "TOTAL is the damage total (damage value + bonus): Toughness, with armour, is taken off for "
    "you and the result points read on the CRT (Ords or possibility-rated). rp: result points "
    "already worked out (cover, One-on-Many); shock: shock points; wound: wound levels; an "
    "interaction: its result points, read on the Interaction Results Table and applied.",
)
CHECK = (
    "check WHO SKILL [KEY=VALUE...] [at TARGET] [vs N] [+MOD]",
    "SKILL: a skill or attribute, or a unique start of one (fire, dex). Switches: possibility, "
    "possibility_anyway, hero, drama, up, stymied, active_defence, action=TYPE, effect_value=N, "
    "supporters=N, item=, "
    "range=point_blank|short|medium|long, concealment=partial|medium|high, cover=soft|medium|hard, "
    "attack=vital|disarm|all_out|vital_all_out|sweep, fire=several_shots|full_auto|"
    "burst_weapon_single, held=opportunity|location, aimed, blindside, moving, aggressive, "
    "against_all_out; dice=A,B,C. Words after the skill: " + ", ".join(SWITCH_WORDS) + ".",
)
AIMED = (
    "check WHO SKILL at TARGET, then hit",
    "An attack takes the target's dodge or parry (with concealment) and hit applies weapon + bonus "
    "+ damage modifiers through Toughness, armour and cover; an interaction takes the target's "
    "skill or attribute and hit applies its result; first aid and medicine take the patient's DN. "
    "The target answers a pending hit with an active dodge or parry: check TARGET dodge at WHO.",
)


def command_table(
    actions: Sequence[SheetAction],
    settings: Sequence[RuleOption],
    credit: str,
    licence: str,
    calculators: Sequence[Calculator] = (),
) -> Table:
    rows: list[list[str | int | float]] = [list(DAMAGE), list(CHECK), list(AIMED)]
    rows += [[f"{a.key} WHO {a.usage}".strip(), f"{a.label}. {a.help}".strip()] for a in actions]
    rows += [[f"calc {c.key} {c.usage}".strip(), f"{c.label}. {c.help}".strip()] for c in calculators]
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
