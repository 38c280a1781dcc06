"""The Myriad character sheet (spec §3, record sheet T-41).

Statistics, skills, SFX, boons and flaws, gear, resilience lines. Everything derived (armour, pool
sizes, movement, unarmed damage, level) is computed, never stored. Validation messages name the
field ("stats.power: ...") so the roster editor can point at it.

Rulings: A6 (untrained skill = 0; the test is allowed), B2 (pools clamp to 1 die), C19 (Fast 3 /
Slow 3 also move mortal initiative), A2 (Critical = ceil(Power / 2) before bought boxes).
"""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import ConfigDict, Field, field_validator, model_validator

from gmconsole.engine.model import Model
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import effective_pool
from gmconsole.systems.myriad.advancement import RandomProgress, level_for_xp
from gmconsole.systems.myriad.burning import Sfx
from gmconsole.systems.myriad.conflict import effective_armour, unarmed_damage
from gmconsole.systems.myriad.effects import OngoingEffect
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.luck import LastTest, LuckUses
from gmconsole.systems.myriad.resilience import Resilience, resolve_line, wounds_line
from gmconsole.systems.myriad.weaving import Imbued, Weave

STATS = ("power", "grace", "intellect", "spirit")
DEFAULT_STATS = {"power": 4, "grace": 4, "intellect": 4, "spirit": 4}
"""A blank sheet's statistics: the Recommended Method's 16 points spread evenly."""
STAT_RANGE = (1, 10)
SKILL_RANGE = (0, 5)
PowerLevel = Literal["mundane", "heroic", "godlike", "custom"]
GearKind = Literal["weapon", "armour", "essential", "enhancer", "accessory", "sfx_item"]
RANGED = ("short", "medium", "long")
"""Weapon ranges that make a ranged weapon; a blank range or "melee" is a melee weapon."""
State = Literal["prone", "pinned", "grappling", "stunned", "stunned_next", "hurt_arm"]
"""Conditions the combat manoeuvres and located hits leave (see `maneuvers`, `body`): prone
(tripped: -1 to its own close-combat actions, -1 to ranged attackers), pinned (grappled: -2 on
all actions), grappling (holding someone), stunned (a groin hit: loses this round's action; stunned_next: next
round's, having acted already),
hurt_arm (an arm hit: -1 on actions with that arm until healed)."""
Body = Literal["humanoid", "bat_bird", "dragon_insect", "four_legged", "snake_worm", "centipede"]
"""The hit-location table a random hit on this body rolls on (T-17)."""


class SheetError(MyriadError):
    """A question the sheet cannot answer (a statistic it lacks, an unknown skill...)."""


class BoonFlaw(Model):
    """A boon (costs GP) or flaw (gives GP). ``gp`` overrides the price list (e.g. an Ally's 1-5)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    level: int = Field(default=1, ge=1, le=10)
    gp: int | None = None
    note: str = ""

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        return data.normalise(value)

    @property
    def cost(self) -> int:
        """GP cost: the override, else the price list x level (negative for flaws)."""
        if self.gp is not None:
            return self.gp
        return boon_price(self.id) * self.level


def boon_price(boon_id: str) -> int:
    """GP per level from the price list (flaws negative)."""
    return int(data.row("boons_flaws", "boons_flaws", "id", boon_id, what="boon or flaw")
               ["gp_per_level"])


class Gear(Model):
    """A piece of equipment: a weapon (damage dice), armour (rating), or something else."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    kind: GearKind = "accessory"
    damage_dice: int = Field(default=0, ge=0, le=30)
    range: Literal["melee", "short", "medium", "long", ""] = ""
    """Blank or melee: a melee weapon (used in close combat); short, medium or long: ranged."""
    armour: int = Field(default=0, ge=0, le=20)
    bonus: int = Field(default=0, ge=-3, le=3, description="enhancer bonus")
    bonus_applies_to: str = ""
    rp: int = Field(default=0, ge=0)
    sfx: list[Sfx] = Field(default=[], title="SFX")
    edged: bool = False
    insulated: bool = False
    fire_retardant: bool = False
    worn: bool = True

    @model_validator(mode="after")
    def _shape(self) -> Self:
        if self.kind == "weapon" and self.damage_dice < 1:
            raise MyriadError(f"gear {self.name!r}: a weapon needs a damage rating of 1 die or more")
        return self


class Chase(Model):
    """A pursuer's standing in a chase (spec §4.11): its tally (0 right behind, 3 lost), the
    rounds run, Head 'Em Off sixes saved up, and whether it is out of contact this round."""

    model_config = ConfigDict(extra="forbid")

    tally: int = Field(default=0, ge=0, le=3)
    rounds: int = Field(default=0, ge=0, le=9999)
    saved_sixes: int = Field(default=0, ge=0, le=2, description="Head 'Em Off sixes saved")
    absent: bool = Field(default=False, description="Head 'Em Off: out of contact this round")


class Section(Model):
    """A massive vessel's critical location (T-27): its own wound boxes, set by the Guide (E6)."""

    model_config = ConfigDict(extra="forbid")

    boxes: int = Field(ge=1, le=60)
    crossed: int = Field(default=0, ge=0, le=60)

    @model_validator(mode="after")
    def _within(self) -> Self:
        if self.crossed > self.boxes:
            raise MyriadError(f"section: {self.crossed} crossed of only {self.boxes} boxes")
        return self


class Vehicle(Model):
    """What makes a sheet a vehicle (spec §4.11, T-24, T-38): its Speed (outrunning, towing,
    ramming) and Manoeuvre (dodging, stunts, fixed weapons) stand in for the driver's
    statistics, with the driver's Drive / Pilot / Ride skill (the ``driver`` test switch)."""

    model_config = ConfigDict(extra="forbid")

    speed: int = Field(ge=1, le=10)
    manoeuvre: int = Field(ge=1, le=10)
    vc: int = Field(ge=1, le=8, description="velocity class (T-24)")
    hardened: int = Field(default=0, ge=0, le=10, description="Hardened Target rating")
    encloses_passengers: bool = Field(default=False, description="its hull shields passengers")
    chase: Chase | None = Field(default=None, description="as a pursuer: its chase tally")
    sections: dict[str, Section] = Field(default={},
                                         description="a massive vessel's locations, by name")


VEHICLE_STATS = ("speed", "manoeuvre")


class MyriadSheet(Model):
    """A Myriad character, NPC or creature."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: str = Field(default="", description="for messages; the roster entry holds the name")
    power_level: PowerLevel = "heroic"
    stats: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_STATS))
    skills: dict[str, int] = Field(default={})
    sfx: list[Sfx] = Field(default=[], title="SFX")
    boons_flaws: list[BoonFlaw] = Field(default=[])
    gear: list[Gear] = Field(default=[])
    resilience: dict[str, Resilience] = Field(default={})
    xp: int = Field(default=0, ge=0)
    xp_spent: int = Field(default=0, ge=0)
    resource_points: int = Field(default=0, ge=0)
    social_armour: int = Field(default=0, ge=0)
    fear_armour: int = Field(default=2, ge=0)
    effects: list[OngoingEffect] = Field(default=[],
                                         description="bleeding, burning... (end of round)")
    states: list[State] = Field(default=[],
                                description="prone, pinned, grappling, stunned (manoeuvres)")
    movement_lost: int = Field(default=0, ge=0, le=99,
                               description="metres of movement lost (Crippling Blow, leg hits)")
    body: Body = Field(default="humanoid", description="its hit-location table (T-17)")
    wing_wounds: int = Field(default=0, ge=0, le=99,
                             description="wounds to its wings: flying speed -10% each")
    shield: int = Field(default=0, ge=0, le=20,
                        description="a magic shield's armour: damage dice must beat it first, "
                                    "then are rolled again against worn armour")
    progress: RandomProgress = Field(default_factory=RandomProgress)
    last_test: LastTest | None = Field(default=None,
                                       description="what Lucky/Unlucky re-roll (see luck)")
    luck: LuckUses | None = Field(default=None, description="Lucky/Unlucky uses this session")
    weave: Weave | None = Field(default=None, description="a spell being woven (see weaving)")
    vehicle: Vehicle | None = Field(default=None, description="set on a vehicle's sheet")
    imbued: list[Imbued] = Field(default=[],
                                 description="spells waiting in items (-1 Intellect each)")
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _default_lines(cls, raw: Any) -> Any:
        """A sheet without resilience lines gets Wounds (+Critical) and Resolve from its stats."""
        if isinstance(raw, dict) and not raw.get("resilience"):
            stats = raw.get("stats") or DEFAULT_STATS
            power, spirit = stats.get("power"), stats.get("spirit")
            if isinstance(power, int) and isinstance(spirit, int) and power >= 1 and spirit >= 1:
                raw = {**raw, "resilience": {"wounds": wounds_line(power),
                                             "resolve": resolve_line(spirit)}}
        return raw

    @field_validator("stats")
    @classmethod
    def _stats(cls, stats: dict[str, int]) -> dict[str, int]:
        out = {data.normalise(k): v for k, v in stats.items()}
        unknown = [s for s in out if s not in STATS]
        if unknown:
            raise MyriadError(f"stats.{unknown[0]}: Myriad has no statistic {unknown[0]!r} "
                              f"(known: {', '.join(STATS)})")
        missing = [s for s in STATS if s not in out]
        if missing:
            raise MyriadError(f"stats: missing {', '.join(missing)}")
        low, high = STAT_RANGE
        for name, level in out.items():
            if not low <= level <= high:
                raise MyriadError(f"stats.{name}: {level} is impossible; statistics run "
                                 f"{low}-{high}")
        return out

    @field_validator("skills")
    @classmethod
    def _skills(cls, skills: dict[str, int]) -> dict[str, int]:
        out = {data.normalise(k): v for k, v in skills.items()}
        low, high = SKILL_RANGE
        for name, level in out.items():
            if not low <= level <= high:
                raise MyriadError(f"skills.{name}: {level} is impossible; skills run {low}-{high}")
        return out

    @model_validator(mode="after")
    def _unique(self) -> Self:
        for what, ids in (("sfx", [s.id for s in self.sfx]),
                          ("boons_flaws", [b.id for b in self.boons_flaws])):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise MyriadError(f"{what}: {', '.join(dupes)} listed twice")
        if self.xp_spent > self.xp:
            raise MyriadError(f"xp_spent: {self.xp_spent} spent of only {self.xp} earned")
        return self

    # ---- lookups with clear messages -----------------------------------------------------
    @property
    def who(self) -> str:
        return self.name or "This character"

    def stat(self, name: str) -> int:
        key = data.normalise(name)
        if self.vehicle is not None and key in VEHICLE_STATS:
            return int(getattr(self.vehicle, key))
        if key not in self.stats:
            raise SheetError(f"{self.who} has no statistic {name!r} "
                             f"(statistics: {', '.join(self.stats)})")
        return self.stats[key]

    def pool(self, stat: str, modifier: int = 0) -> int:
        """Dice rolled for ``stat`` (clamped to 1 die, ruling B2)."""
        return effective_pool(self.stat(stat) + modifier)[0]

    def skill(self, name: str, *, untrained_ok: bool = True) -> int:
        """Skill level; a skill the character lacks is 0 (ruling A6) unless ``untrained_ok`` is
        false. A name that is neither owned nor a known Myriad skill is refused (a typo)."""
        key = data.normalise(name)
        if key in self.skills:
            return self.skills[key]
        known = {r["id"] for r in data.rows("skills", "skills")}
        if key not in known:
            data.row("skills", "skills", "id", name, what="skill")
        if not untrained_ok:
            owned = ", ".join(self.skills) or "none"
            raise SheetError(f"{self.who} lacks the skill {name!r} (skills: {owned})")
        return 0

    def has_skill(self, name: str) -> bool:
        return data.normalise(name) in self.skills

    def line(self, resilience_id: str) -> Resilience:
        key = data.normalise(resilience_id)
        if key not in self.resilience:
            raise SheetError(f"{self.who} has no {resilience_id!r} line "
                             f"(lines: {', '.join(self.resilience)})")
        return self.resilience[key]

    def boon_level(self, boon_id: str) -> int:
        key = data.normalise(boon_id)
        return next((b.level for b in self.boons_flaws if b.id == key), 0)

    def weapon(self, name: str) -> Gear:
        for item in self.gear:
            if item.kind == "weapon" and data.normalise(item.name) == data.normalise(name):
                return item
        weapons = ", ".join(g.name for g in self.gear if g.kind == "weapon") or "none"
        raise SheetError(f"{self.who} carries no weapon {name!r} (weapons: {weapons})")

    def owned_sfx(self) -> dict[str, Sfx]:
        """The character's SFX plus those of their gear, by id (what burns can pay for)."""
        owned = {s.id: s for s in self.sfx}
        for item in self.gear:
            owned.update({s.id: s for s in item.sfx})
        return owned

    # ---- derived values ------------------------------------------------------------------
    @property
    def level(self) -> int:
        return level_for_xp(self.xp)

    @property
    def natural_armour(self) -> int:
        return self.boon_level("natural_armour") + self.boon_level("natural_armour_heavy")

    @property
    def worn_armour(self) -> int:
        return max((g.armour for g in self.gear if g.kind == "armour" and g.worn), default=0)

    @property
    def armour(self) -> int:
        """Physical armour: the higher of worn and natural (they never stack)."""
        return effective_armour(self.worn_armour, self.boon_level("natural_armour"),
                                self.boon_level("natural_armour_heavy"))

    def armour_for(self, conflict_armour: str) -> int:
        """Armour against a conflict type's damage ("physical", "social", "fear", "none")."""
        return {"physical": self.armour, "social": self.social_armour,
                "fear": self.fear_armour}.get(conflict_armour, 0)

    @property
    def unarmed_dice(self) -> int:
        return unarmed_damage(self.boon_level("natural_weapon"),
                              self.boon_level("natural_weapon_heavy"))

    @property
    def fast_slow(self) -> int:
        """+Fast / -Slow levels (movement units; at level 3 also speed tests)."""
        return self.boon_level("fast") - self.boon_level("slow")

    @property
    def gp_from_boons_flaws(self) -> int:
        """Net GP spent on boons minus GP earned from flaws."""
        return sum(b.cost for b in self.boons_flaws)
