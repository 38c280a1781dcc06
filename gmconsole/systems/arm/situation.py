"""The situation of one test, as switches on the test line: what the book adds to an attack's
or a defence's difficulty (a moving target, a berserk charge, a counter-blow, the distance of a
missile, cover, weather) and to the actor's total (a helper's result, an absolute mod that helps
or hurts).

`check brad attack:Axe at alex moving`, `check alex attack:Bow at brad distance=450m cover=2`,
`check alex dodge counter`, `check christine wit helper=3`, `check giant fitness helps=Large`.
The GM's `vs N` (or the target's sheet) gives the base; each switch adds its part, named in the
log. Rulings taken (ours): a moving target and a berserk charge compose (6 - 1 = 5); a missile's
distance log below 0 counts as 0 but the range check uses the true log, and a distance equal to
the maximum range is in range; a prepared dodge of a missile is 2 + the hit, like melee (the
book's "6" there is read as a slip).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmconsole.engine.checks import Modifier
from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm.tasks import helper_bonus
from gmconsole.systems.base import RuleOption

SWITCHES = (
    RuleOption("moving", "Moving target", False,
               "The target is moving (or escaping): attack difficulty 6 instead of 4."),
    RuleOption("berserk", "Berserk attack", False,
               "A berserk charge: attack difficulty 1 lower; -2 to the berserker's next round."),
    RuleOption("counter", "Counter-blow", False,
               "Defend and strike back in the same action: the defence is 2 harder (6 + the hit)."),
    RuleOption("distance", "Distance", "",
               "A missile's distance (450m, 30ft, 2km): twice its log adds to the difficulty; "
               "beyond the weapon's maximum range the shot is refused."),
    RuleOption("cover", "Cover", 0,
               "The target's cover, the GM's number: added to an attack's difficulty.", bounds=(0, 20)),
    RuleOption("weather", "Weather and light", 0,
               "Rain, wind, dark, the GM's number: added to any test's difficulty.", bounds=(0, 20)),
    RuleOption("helper", "Helper's result", 0,
               "An optional helping task of large effect: its result, if above 0, adds to the total.",
               bounds=(-30, 30)),
    RuleOption("helped", "Helped (small effect)", False,
               "An optional helping task of small effect succeeded: +1 to the total."),
    RuleOption("helps", "Absolute mod that helps", "",
               "The name of an absolute mod that helps here (4 Large climbing a wall: +4)."),
    RuleOption("hurts", "Absolute mod that hurts", "",
               "The name of an absolute mod that hurts here (4 Large dodging gunfire: -4)."),
)
"""Every switch a GM can type as KEY or KEY=VALUE on the test line."""

PUSH = RuleOption("push", "Push", False,
                  "A push die: 2-6 add +1 to the roll (2-5 also cost a shock level), 1 nothing.")


def switches(pushing: bool) -> list[RuleOption]:
    return [*([PUSH] if pushing else []), *SWITCHES]


def difficulty_parts(kind: str, extra: Mapping[str, Any], ranged: bool,
                     distance: int | None) -> list[Modifier]:
    """What the switches add to the difficulty of a test of `kind` (attack, defence, task)."""
    parts: list[Modifier] = []
    if kind == "attack":
        if extra.get("moving"):
            parts.append(Modifier("moving target", 2))
        if extra.get("berserk"):
            parts.append(Modifier("berserk", -1))
    elif extra.get("moving") or extra.get("berserk"):
        raise RulesError("moving and berserk are for attacks")
    if extra.get("counter"):
        if kind != "defence":
            raise RulesError("counter is for a defence (dodge or parry) that strikes back")
        parts.append(Modifier("counter-blow", 2))
    if distance is not None:
        if not ranged:
            raise RulesError("distance is for an attack with a missile weapon or a flung spell")
        if distance > 0:
            parts.append(Modifier(f"distance log {distance} x 2", 2 * distance))
    cover = int(extra.get("cover") or 0)
    if cover:
        if kind != "attack":
            raise RulesError("cover is for an attack at a target behind it (it makes the hit harder, "
                             "not a dodge or a task); weather is for any test")
        parts.append(Modifier("cover", cover))
    weather = int(extra.get("weather") or 0)
    if weather:
        parts.append(Modifier("weather", weather))
    return parts


def total_parts(extra: Mapping[str, Any], absolute: Mapping[str, int]) -> list[Modifier]:
    """What the switches add to the actor's total: helpers and absolute mods by situation."""
    parts: list[Modifier] = []
    helper = helper_bonus(int(extra.get("helper") or 0), large_effect=True)
    if helper:
        parts.append(Modifier("helper", helper))
    if extra.get("helped"):
        parts.append(Modifier("helped", helper_bonus(0, large_effect=False)))
    for key, sign in (("helps", 1), ("hurts", -1)):
        name = str(extra.get(key) or "").strip()
        if not name:
            continue
        found = next((v for k, v in absolute.items() if k.lower() == name.lower()), None)
        if found is None:
            have = ", ".join(absolute) or "none"
            raise RulesError(f"no absolute mod {name!r} to apply (absolute mods: {have})")
        parts.append(Modifier(f"{name} ({key})", sign * found))
    return parts
