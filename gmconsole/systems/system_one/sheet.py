"""The System One character sheet: eight attributes, skills with levels, powers, weapons and
armour by location, and the damage recorded per location (plus bleeding) against one pool of
Life Points.

LP, EF and PW are computed from the attributes, never stored, so they follow an attribute that
changes in play. Hits that land during a round wait in `held` until the round's last step
applies them (the book applies all damage at the end of the round).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, ConfigDict, Field

from gmconsole.engine.dice.field import DiceText
from gmconsole.engine.errors import RulesError
from gmconsole.engine.model import Model
from gmconsole.engine.names import Name
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.components import Component, split_kind

MAX_SKILL = 10
"""Skill levels run 0-10; a level above needs the GM's say-so (`special` on the skill)."""
MAX_ATTRIBUTE = 300
"""1-95 for ordinary people; super characters go past 100, so only the absurd is refused."""
MAX_DAMAGE = 10_000
"""The most damage one location (or bleeding) records: far past any death threshold, so an
operation clamps there instead of writing a sheet the loader refuses."""
MAX_POINTS = 100_000
"""The most XP or IP a sheet holds."""

DamageType = Literal["blunt", "piercing", "energy", "mental", "sensory"]
DAMAGE_TYPES: tuple[DamageType, ...] = ("blunt", "piercing", "energy", "mental", "sensory")
"""What a hit is, for the armour it meets: blunt and piercing are physical (piercing meets the
armour's `vs_piercing` share of its Physical value), energy, mental and sensory meet the
armour's value of that class (ordinary armour has Physical and Energy only)."""


def location_slot(location: str) -> str:
    """A location's key in the stored wounds table ("left arm" -> "left_arm")."""
    return rules.location_key(location).replace(" ", "_")


def _no_wounds() -> dict[str, int]:
    return {loc.replace(" ", "_"): 0 for loc in rules.LOCATIONS}


def _skills_in_range(skills: list[Skill]) -> list[Skill]:
    """Levels above 10 need the GM's say-so (`special`); a named attribute must exist."""
    for skill in skills:
        if skill.level > MAX_SKILL and not skill.special:
            raise ValueError(
                f"skill {skill.label}: level {skill.level} is above {MAX_SKILL} "
                "(set special = true if the GM allows it)"
            )
        if skill.attr and skill.attr.upper() not in rules.ATTRIBUTES:
            raise ValueError(
                f"skill {skill.label}: no attribute {skill.attr!r} "
                f"(attributes: {', '.join(rules.ATTRIBUTES)})"
            )
    return skills


def _locations(locations: list[str]) -> list[str]:
    return [rules.location_key(loc) for loc in locations]


def _old_held(held: Any) -> Any:
    """Files written before hits carried their type held `piercing = true/false`."""
    if not isinstance(held, list):
        return held
    out = []
    for hit in held:
        if isinstance(hit, dict) and "piercing" in hit:
            hit = dict(hit)
            flag = hit.pop("piercing")
            hit.setdefault("type", "piercing" if flag else "blunt")
        out.append(hit)
    return out


def _known_attributes(attributes: dict[str, int]) -> dict[str, int]:
    out = {k.strip().upper(): v for k, v in attributes.items()}
    unknown = [k for k in out if k not in rules.ATTRIBUTES]
    if unknown:
        raise ValueError(
            f"attributes.{unknown[0]}: System One has no attribute {unknown[0]!r} "
            f"(attributes: {', '.join(rules.ATTRIBUTES)})"
        )
    for key, value in out.items():
        if not 0 <= value <= MAX_ATTRIBUTE:
            raise ValueError(f"attributes.{key}: {value} is impossible (0 to {MAX_ATTRIBUTE})")
    return {k: out.get(k, 55) for k in rules.ATTRIBUTES}


def _known_wounds(wounds: dict[str, int]) -> dict[str, int]:
    out = _no_wounds()
    for key, value in wounds.items():
        try:
            slot = location_slot(key)
        except ValueError as exc:
            raise ValueError(f"wounds.{key}: {exc}") from None
        if not 0 <= value <= MAX_DAMAGE:
            raise ValueError(f"wounds.{key}: {value} is impossible (0 to {MAX_DAMAGE})")
        out[slot] = value
    return out


class Skill(Model):
    """A skill at a level. The base attribute and cost come from the book's list; a skill the
    book does not list names its attribute (`attr`) and cost here."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    level: int = Field(default=0, ge=0, le=20)
    specialisation: str = ""
    """The language, the Survival environment, the subject taught."""
    attr: str = ""
    """The attribute the skill rolls under. Blank: the book's, for a skill it lists; a skill the
    book does not list needs one here, and is marked "needs an attribute" until it has one."""
    cost: int = Field(default=0, ge=0, le=10)
    special: bool = False
    """The GM allows a level above 10 "for very special reasons"."""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.specialisation})" if self.specialisation else self.name


class Power(Model):
    """A power as bought: its points, the PW it holds while on and the EF a use costs.

    A few act by their name: "Heightened Speed" (switched on: +10 to hit and -10 to be hit
    in melee a level, 25 points a level), "Regeneration II" (the `regen` verb), "Regeneration
    III" (+1 EF a turn a level, 5 points a level) and "Resistance 50%" or "Resistance 50%
    (energy, physical)" (its share off every hit of those types, 1 EF a point)."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    points: int = Field(default=0, ge=0, le=1000)
    pw: int = Field(default=0, ge=0, le=100)
    ef: int = Field(default=0, ge=0, le=500)
    active: bool = False
    notes: str = ""


class Weapon(Model):
    """A weapon: the combat skill it uses, its damage dice, piercing or blunt, and its range
    (the top of the Short band; 0 for a melee weapon) or its reach."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    skill: str = ""
    damage: DiceText = "1d6"
    """Damage dice ("2d6+1"), checked as dice when loaded and as typed in the sheet form."""
    type: DamageType = "blunt"
    range_m: int = Field(default=0, ge=0, le=100_000, title="Range (m)")
    reach_m: int = Field(default=0, ge=0, le=50, title="Reach (m)")
    rof: int = Field(default=1, ge=1, le=100, title="Rate of fire")
    hands: int = Field(default=1, ge=1, le=4)


class Armour(Model):
    """Armour over some locations: its Physical and Energy values, Integrity (0: does not
    wear) and the Physical value left after wear."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    locations: Annotated[list[str], AfterValidator(_locations)] = Field(default_factory=lambda: ["torso"])
    physical: int = Field(default=0, ge=0, le=200)
    energy: int = Field(default=0, ge=0, le=200)
    mental: int = Field(default=0, ge=0, le=200)
    sensory: int = Field(default=0, ge=0, le=200)
    integrity: int = Field(default=0, ge=0, le=100)
    current: int | None = Field(default=None, ge=0, le=200)
    """Physical value left; None while unworn (the full value)."""
    vs_piercing: float = Field(default=1.0, ge=0, le=1)
    """The fraction of its value it keeps against piercing weapons (genre data: "one half, or less")."""

    @property
    def value(self) -> int:
        return self.physical if self.current is None else self.current

    def against(self, kind: DamageType) -> int:
        """What it stops of a hit of `kind`: the Physical value left (its `vs_piercing` share,
        fractions dropped, against piercing), or its Energy, Mental or Sensory value."""
        if kind == "piercing":
            return int(self.value * self.vs_piercing)
        if kind == "blunt":
            return self.value
        return {"energy": self.energy, "mental": self.mental, "sensory": self.sensory}[kind]


def _held_place(place: str) -> str:
    """A held hit lands on a body location, or on a vehicle's part ("front:Engine")."""
    if ":" in place:
        try:
            split_kind(place)
        except RulesError as exc:
            raise ValueError(str(exc)) from None
        return place
    return rules.location_key(place)


class HeldHit(Model):
    """A hit made this round, waiting for the end of the round."""

    model_config = ConfigDict(extra="forbid")

    location: Annotated[str, AfterValidator(_held_place)]
    raw: int = Field(ge=0, le=MAX_DAMAGE)
    source: str = ""
    type: DamageType = "blunt"


class SystemOneSheet(Model):
    """A System One character, NPC or creature."""

    model_config = ConfigDict(extra="forbid")

    attributes: Annotated[dict[str, int], AfterValidator(_known_attributes)] = Field(
        default_factory=lambda: dict.fromkeys(rules.ATTRIBUTES, 55)
    )
    handedness: Literal["right", "left"] = "right"
    size_level: int = Field(default=0, ge=-10, le=10)
    running: int = Field(default=16, ge=0, le=10_000)
    leap: int = Field(default=2, ge=0, le=1000)
    skills: Annotated[list[Skill], AfterValidator(_skills_in_range)] = Field(default=[])
    powers: list[Power] = Field(default=[])
    weapons: list[Weapon] = Field(default=[])
    armour: list[Armour] = Field(default=[])
    components: list[Component] = Field(default=[])
    """A vehicle's parts (`components`): hits on a vehicle land on these, not on a body."""
    wounds: Annotated[dict[str, int], AfterValidator(_known_wounds)] = Field(default_factory=_no_wounds)
    """Damage recorded per location (head, left_arm ... right_leg)."""
    bleed: int = Field(default=0, ge=0, le=MAX_DAMAGE)
    """Damage from bleeding: it counts toward the total but belongs to no location."""
    held: Annotated[list[HeldHit], BeforeValidator(_old_held)] = Field(default=[])
    ef_spent: int = Field(default=0, ge=0, le=10_000)
    ef_moving: int = Field(default=0, ge=0, le=10_000)
    """The part of `ef_spent` spent moving, which walking and trotting win back faster."""
    ef_half: bool = False
    """Half a point of power EF won back by the last walking turn (walking regains at half rate)."""
    pace: Literal["", "walk", "trot", "run", "crawl", "leap"] = ""
    """How the character moves this round (`move`); "" standing. Resets at the round's end."""
    defence: int = Field(default=0, ge=0, le=500)
    """To-hit given up this round to defend (each 2 points, or 3 unarmed against a weapon,
    take 1% off the opponents' chance)."""
    defence_unarmed: bool = False
    """The defence was declared unarmed: armed attackers take only a third of it off."""
    conscious: bool = True
    stabilised: bool = True
    """False from the critical state until someone stabilises the character."""
    bleed_clock: int = Field(default=0, ge=0, le=100_000)
    """Rounds since bleeding last added damage (or since the last consciousness recheck)."""
    hours_unconscious: int = Field(default=0, ge=0, le=10_000)
    xp: int = Field(default=0, ge=0, le=MAX_POINTS)
    ip: int = Field(default=0, ge=0, le=MAX_POINTS)
    notes: str = ""

    # ------------------------------------------------------------------ derived

    def attr(self, key: str) -> int:
        return self.attributes[key.upper()]

    @property
    def lp(self) -> int:
        return rules.life_points(self.attr("STA"), self.attr("STR"))

    @property
    def ef(self) -> int:
        return rules.exertion_factors(self.attr("STA"), self.attr("STR"))

    @property
    def pw(self) -> int:
        return rules.power_points(self.attr("INT"), self.attr("PER"))

    @property
    def pw_allocated(self) -> int:
        return sum(p.pw for p in self.powers if p.active)

    @property
    def damage(self) -> int:
        """Total damage: every location plus bleeding."""
        return sum(self.wounds.values()) + self.bleed

    def state(self, convention: rules.Convention = "rounded") -> rules.WoundState:
        if self.wounds["head"] and rules.location_band(self.wounds["head"], self.lp, convention) == 4:
            return "dead"
        return rules.wound_state(self.damage, self.lp, self.attr("STA"), convention)

    def wound(self, location: str) -> int:
        return self.wounds[location_slot(location)]

    # ------------------------------------------------------------------ lookups

    def skill(self, name: str) -> Skill:
        key = name.strip().lower()
        for s in self.skills:
            if key in (s.label.lower(), s.name.lower()):
                return s
        have = ", ".join(s.label for s in self.skills) or "none"
        raise ValueError(f"no skill {name!r} (has: {have})")

    def skill_level(self, name: str) -> int:
        try:
            return self.skill(name).level
        except ValueError:
            return 0

    def weapon(self, name: str) -> Weapon:
        key = name.strip().lower()
        for w in self.weapons:
            if w.name.lower() == key:
                return w
        have = ", ".join(w.name for w in self.weapons) or "none"
        raise ValueError(f"no weapon {name!r} (has: {have})")

    def armour_at(self, location: str, kind: DamageType = "blunt") -> Armour | None:
        """The armour over a location that stops most of a hit of `kind`, if any."""
        loc = rules.location_key(location)
        over = [a for a in self.armour if loc in a.locations]
        return max(over, key=lambda a: a.against(kind)) if over else None
