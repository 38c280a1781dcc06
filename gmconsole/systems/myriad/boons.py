"""Boons, flaws, gear and circumstances that change a test, added to the roll by themselves.

What the sheet alone decides is applied without asking: an enhancer's bonus on the skill it
serves (T-36, "Climbing gear +1" on Athletics), Prejudice's -1 on social tests (T-29: unless the
other side has reason to trust, the ``trusted`` switch). What depends on the moment is a switch
that only characters with the boon see, defaulting to the common case:

- ``sense`` (Acute / Bad Hearing, Scent, Vision): the sense a Perception test relies on, +1 or
  -1 by the boon or flaw (default: sight when the sheet has a vision boon or flaw);
- ``fame`` (Famous / Notorious): +1 (Famous) or -1 (Notorious) on this social test; the book
  caps either at 1 a roll, once per session per level (ruling A11);
- ``extreme`` (Cold Blooded): very hot or cold conditions, -1 on the test;
- ``light`` (every character, T-13): dim -1, dark -2 on a fight, less the Night Vision level.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from gmconsole.systems.base import RuleOption
from gmconsole.systems.myriad import data

if TYPE_CHECKING:
    from gmconsole.systems.myriad.sheet import MyriadSheet

SENSES = {"sight": "vision", "hearing": "hearing", "scent": "scent"}
"""The ``sense`` switch's values -> the boon's id part (acute_vision, bad_hearing...)."""
SOCIAL_SKILLS = ("persuasion", "deceit")
FIGHT_SKILLS = ("close_combat", "ranged_combat", "wrestling", "dodge", "block")
LIGHT = {"normal": 0, "dim": -1, "dark": -2}


class Item(NamedTuple):
    label: str
    value: int


def _senses(sheet: MyriadSheet) -> list[str]:
    return [s for s, part in SENSES.items()
            if sheet.boon_level(f"acute_{part}") or sheet.boon_level(f"bad_{part}")]


def boon_switches(sheet: MyriadSheet) -> list[RuleOption]:
    out = []
    senses = _senses(sheet)
    if senses:
        default = "sight" if "sight" in senses else senses[0]
        out.append(RuleOption("sense", "Sense used", default,
                              "what a Perception test relies on",
                              choices=("none", *SENSES)))
    fame = [b for b in ("famous", "notorious") if sheet.boon_level(b)]
    if fame:
        out.append(RuleOption("fame", "Fame", "none",
                              "+1 Famous / -1 Notorious on a social test",
                              choices=("none", *fame)))
    if sheet.boon_level("prejudice"):
        out.append(RuleOption("trusted", "Trusted", False,
                              "Prejudice: no -1, they trust"))
    if sheet.boon_level("cold_blooded"):
        out.append(RuleOption("extreme", "Extreme heat/cold", False,
                              "Cold Blooded: -1 on the test"))
    out.append(RuleOption("light", "Light", "normal",
                          "dim -1, dark -2 on a fight, less Night Vision",
                          choices=tuple(LIGHT)))
    return out


def boon_items(sheet: MyriadSheet, option: str, extra: Mapping[str, Any]) -> list[Item]:
    """The modifiers the sheet and these switches bring to a test of ``option``."""
    stat, _, skill = option.partition("/")
    social = skill in SOCIAL_SKILLS or (not skill and stat in ("intellect", "spirit"))
    items = []
    sense = str(extra.get("sense") or "none")
    if skill == "perception" and sense in SENSES:
        part = SENSES[sense]
        if sheet.boon_level(f"acute_{part}"):
            items.append(Item(f"acute {sense}", 1))
        if sheet.boon_level(f"bad_{part}"):
            items.append(Item(f"bad {sense}", -1))
    fame = str(extra.get("fame") or "none")
    if social and fame in ("famous", "notorious") and sheet.boon_level(fame):
        items.append(Item(fame, 1 if fame == "famous" else -1))
    if social and sheet.boon_level("prejudice") and not extra.get("trusted"):
        items.append(Item("prejudice", -1))
    if extra.get("extreme") and sheet.boon_level("cold_blooded"):
        items.append(Item("cold blooded", -1))
    light = LIGHT.get(str(extra.get("light") or "normal"), 0)
    if light and skill in FIGHT_SKILLS:
        light = min(0, light + sheet.boon_level("night_vision"))
        if light:
            items.append(Item(f"{extra['light']} light", light))
    for gear in sheet.gear:
        if gear.kind == "enhancer" and gear.bonus and skill and \
                data.normalise(gear.bonus_applies_to) == skill:
            items.append(Item(gear.name, gear.bonus))
    return items
