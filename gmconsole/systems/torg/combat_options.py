"""Combat options as test switches: range, concealment, cover, aiming, blindside, vital blow,
disarm, all-out and sweep attacks, single shot / several shots / full auto, opportunity and
location attacks, aggressive defence, a moving attacker (rule book L3804-L3942, L4030-L4042).

Each is a switch of `check` (`range=medium cover=soft aimed`): the GM picks what the situation
is, the test adds the book's modifiers (action, difficulty, bonus floor) and the damage offered
after a hit adds the damage ones and goes through the cover. The numbers are in
`data/combat_options.toml`, with the rulings; this module holds which switch reads which row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gmconsole.systems.base import RuleOption
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load

CHOICE_SWITCHES: tuple[tuple[str, str, str, str], ...] = (
    ("range", "Range", "short", "point_blank: bonus at least 1; medium -3; long -5."),
    ("concealment", "Concealed", "none", "The target is hidden: partial +3 DN, medium +5, high +10."),
    ("cover", "Cover", "none", "As armour: soft +3 (max 15), medium +10 (25), hard +15 (40)."),
    (
        "attack",
        "Attack",
        "normal",
        "vital -8/+4 damage; disarm -8; all_out +3/+1; vital_all_out -5/+5; sweep +5/-5.",
    ),
    ("fire", "Fire", "single", "several_shots +3 damage; full_auto +3; burst_weapon_single -3 damage."),
    ("held", "Held", "none", "A held action: opportunity -3 to action and damage; location no penalty."),
)
FLAG_SWITCHES: tuple[tuple[str, str, str], ...] = (
    ("aimed", "Aimed", "Aimed a full round, motionless (firearms, missile weapons): +3."),
    ("blindside", "Blindside", "From the target's blind side: +3."),
    ("moving", "Moving", "The attacker moves faster than a walk: +3 DN."),
    ("aggressive", "Aggressive", "Aggressive defence this round: attacks -4, an active defence -2."),
    ("against_all_out", "Vs all-out", "The target made an all-out attack: +3 to action and damage."),
)
KEYS = frozenset(k for k, *_ in CHOICE_SWITCHES) | frozenset(k for k, *_ in FLAG_SWITCHES)


@cache
def _data() -> dict[str, Any]:
    return load("combat_options").body


def switches() -> list[RuleOption]:
    """The combat options as the test dialog and the command line offer them."""
    out = [
        RuleOption(key, label, default, help_, tuple(_data()[key]))
        for key, label, default, help_ in CHOICE_SWITCHES
    ]
    out += [RuleOption(key, label, False, help_) for key, label, help_ in FLAG_SWITCHES]
    return out


@dataclass
class CombatOptions:
    """What the chosen options add up to for one test."""

    action: list[tuple[str, int]] = field(default_factory=list)
    """Labelled modifiers to the action total."""
    damage: list[tuple[str, int]] = field(default_factory=list)
    """Labelled modifiers to the damage total."""
    difficulty: int = 0
    bonus_floor: int | None = None
    ammunition: int = 0
    """Combat rounds of ammunition the round's fire uses (the optional exact tracking)."""
    cover: str = "none"
    cover_add: int = 0
    cover_max: int = 0
    disarm: bool = False

    def add(self, label: str, row: list[int]) -> None:
        action, dn, damage, floor, ammo = (int(x) for x in row)
        if action:
            self.action.append((label, action))
        if damage:
            self.damage.append((label, damage))
        self.difficulty += dn
        if floor:
            self.bonus_floor = max(floor, self.bonus_floor or floor)
        self.ammunition += ammo


def _choice(key: str, value: Any) -> str:
    table = _data()[key]
    text = str(value).strip().lower()
    if text in table:
        return text
    hits = [c for c in table if c.startswith(text)] if text else []
    if len(hits) == 1:
        return hits[0]
    raise TorgError(f"{key} must be one of {', '.join(table)}, got {str(value)[:40]!r}")


def read_options(extra: dict[str, Any], *, active_defence: bool = False) -> CombatOptions:
    """The combat options a test's switches choose (defaults and None mean none)."""
    out = CombatOptions()
    for key, *_ in CHOICE_SWITCHES:
        if extra.get(key) in (None, ""):
            continue
        choice = _choice(key, extra[key])
        if key == "cover":
            out.cover = choice
            out.cover_add, out.cover_max = (int(x) for x in _data()["cover"][choice])
            continue
        if key == "fire" and choice == "single":
            continue  # the plain shot: no modifier, no ammunition count asked for
        out.add(choice.replace("_", " "), _data()[key][choice])
        out.disarm = out.disarm or choice == "disarm"
    for key, *_ in FLAG_SWITCHES:
        if not extra.get(key):
            continue
        if key == "aggressive" and active_defence:
            out.action.append(("aggressive defence", -2))
            continue
        out.add(key.replace("_", " "), _data()["flags"][key])
    return out


def explosive_damage(damage_value: int, band: str) -> int:
    """An explosive's damage value at a burst range band: full, -3 medium, -5 long."""
    return damage_value + int(_data()["explosive"][_choice("explosive", band)])
