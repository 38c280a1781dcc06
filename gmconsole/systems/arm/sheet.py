"""The ARM character sheet: six stats (logs), movement rates (logs), situational mods, armour
with a wound and a shock value, weapons, and the condition tracks.

Stats and movement rates are unbounded integers as far as the rules go (the racial limits are
guidelines, checked by `build_report`); a statistic the campaign does not use is refused by
name. Pending modifiers are GM rulings for the next round ("Reeling: -2 to everything"), kept
on the sheet with the round they expire after.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import ConfigDict, Field, field_validator, model_validator

from gmconsole.engine.model import Model
from gmconsole.engine.names import Name
from gmconsole.systems.arm.condition import Condition

STATS = ("fitness", "dexterity", "toughness", "wit", "charisma", "willpower")
DEFAULT_STATS = dict.fromkeys(STATS, 6)


class Mod(Model):
    """A situational modifier: signed (+/- when it applies), special (also gates actions that
    need the ability; bought from -10) or absolute (the GM adds or subtracts it)."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    kind: Literal["signed", "special", "absolute"] = "signed"
    value: int = Field(ge=-10, le=30)
    applies_to: str = ""
    """What it helps ("attack", "damage", "defence", a stat, a skill word); free text for the GM."""
    cost: int | None = Field(default=None, ge=0, le=100)
    """Its price in chp a level at creation, the GM's (the book: about 1-5 for a signed mod, up
    to 10 or more for a powerful special one); None: not priced."""

    @model_validator(mode="after")
    def _absolute_has_no_sign(self) -> Self:
        if self.kind == "absolute" and self.value < 0:
            raise ValueError(f"mod {self.name!r}: an absolute mod has no sign (the GM applies + or -)")
        return self


class Armour(Model):
    model_config = ConfigDict(extra="forbid")

    name: str = ""
    wound: int = Field(default=0, ge=0, le=30)
    """Added to Toughness against wounds (the book's "normal" value)."""
    shock: int = Field(default=0, ge=0, le=30)
    """Added to Toughness against shock (the book's "stun" value)."""


class Weapon(Model):
    """A melee or ranged weapon. Ranged weapons have an accuracy and a maximum range (a log,
    or the thrower's Fitness plus a number)."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    damage: int = Field(ge=0, le=60)
    stun: bool = False
    attack: int = Field(default=0, ge=-10, le=10)
    parry: int = Field(default=0, ge=-10, le=10)
    strength: bool = True
    """Whether the wielder's strength mod adds to the damage (normal for melee weapons)."""
    ranged: bool = False
    accuracy: int = Field(default=0, ge=-10, le=40)
    max_range: int | None = Field(default=None, ge=-40, le=80)
    range_plus_fitness: bool = False
    """The maximum range is Fitness + max_range (a bow: Fitness + 7)."""
    launch: Literal["aim", "throw"] = "aim"
    dodgeable: bool = False


PENDING_KINDS = ("all", "attack", "defence")
"""What a pending modifier applies to (the book's rulings: -2 to everything, +1 to attack)."""


class Pending(Model):
    """A modifier for a coming round: a GM ruling, circling's +1, berserk's -2. It waits until
    the next round begins (a ruling for the coming round, not for the rest of this one), then
    applies until the end of `until_round`."""

    model_config = ConfigDict(extra="forbid")

    value: int = Field(ge=-20, le=20)
    applies_to: Literal["all", "attack", "defence"] = "all"
    reason: Name = ""
    until_round: int = Field(default=0, ge=0, le=1_000_000)
    """The last round it applies in (0: until removed)."""
    waiting: bool = False
    """Not yet in force: it starts with the next round."""
    against: Name | None = None
    """Only for attacks on this opponent (circling's +1 against the one circled); None: any."""

    def label(self) -> str:
        """ "+1 attack on Alex", "-2 all"."""
        return f"{self.value:+d} {self.applies_to}" + (f" on {self.against}" if self.against else "")


class WoundNote(Model):
    """One recorded wound (the book's optional wound list, at most five)."""

    model_config = ConfigDict(extra="forbid")

    level: int = Field(ge=1, le=5)
    note: Name = ""


class Spell(Model):
    """A set spell: cast with Wit or Willpower against its difficulty; one that is flung at a
    target (Fire-ball) also has an accuracy, a damage value and whether it can be dodged."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    difficulty: int = Field(ge=-20, le=40)
    stat: Literal["wit", "willpower"] = "willpower"
    accuracy: int | None = Field(default=None, ge=-10, le=40)
    damage: int | None = Field(default=None, ge=0, le=60)
    dodgeable: bool = False
    max_range: int | None = Field(default=None, ge=-40, le=80)
    """None: no range limit (Fire-ball)."""
    note: str = ""

    def as_weapon(self) -> Weapon | None:
        """A flung spell attacks like a thrown weapon (Fitness + accuracy)."""
        if self.accuracy is None or self.damage is None:
            return None
        return Weapon(name=self.name, damage=self.damage, stun=False, strength=False, ranged=True,
                      accuracy=self.accuracy, max_range=self.max_range, launch="throw",
                      dodgeable=self.dodgeable)


class ArmSheet(Model):
    """An ARM character, NPC or creature."""

    model_config = ConfigDict(extra="forbid")

    name: str = ""
    race: str = "human"
    stats: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_STATS))
    movement: dict[str, int] = Field(default_factory=lambda: {"run": 4, "walk": 1})
    size: int = Field(default=0, ge=-20, le=20)
    """Size as one signed number: large positive, small negative (lowers attack difficulty)."""
    mods: list[Mod] = Field(default=[])
    armour: Armour = Field(default_factory=Armour)
    weapons: list[Weapon] = Field(default=[])
    condition: Condition = Field(default_factory=Condition)
    pending: list[Pending] = Field(default=[])
    wounds: list[WoundNote] = Field(default=[], max_length=5)
    """Each wound recorded (the book's optional list, at most five)."""
    spells: list[Spell] = Field(default=[])
    prepared: bool = False
    """Prepared to defend this round (base 2 instead of 4)."""
    notes: str = ""

    @field_validator("stats")
    @classmethod
    def _known_stats(cls, stats: dict[str, int]) -> dict[str, int]:
        out = {k.strip().lower(): v for k, v in stats.items()}
        unknown = [k for k in out if k not in STATS]
        if unknown:
            known = ", ".join(STATS)
            raise ValueError(f"stats.{unknown[0]}: ARM has no stat {unknown[0]!r} (known: {known})")
        for key, value in out.items():
            if not -40 <= value <= 60:
                raise ValueError(f"stats.{key}: {value} is impossible (a log between -40 and 60)")
        return {**DEFAULT_STATS, **out}

    @field_validator("movement")
    @classmethod
    def _known_modes(cls, movement: dict[str, int]) -> dict[str, int]:
        out = {k.strip().lower(): v for k, v in movement.items()}
        for key, value in out.items():
            if not key.isidentifier():
                raise ValueError(f"movement: {key!r} is not a movement mode name")
            if not -40 <= value <= 60:
                raise ValueError(f"movement.{key}: {value} is impossible (a log between -40 and 60)")
        return out

    def mod(self, name: str) -> Mod:
        key = name.strip().lower()
        for mod in self.mods:
            if mod.name.lower() == key:
                return mod
        have = ", ".join(m.name for m in self.mods) or "none"
        raise ValueError(f"{self.name or 'this character'} has no mod {name!r} (has: {have})")

    def weapon(self, name: str) -> Weapon:
        """A weapon by name, or a set spell that is flung like one (Fire-ball)."""
        key = name.strip().lower()
        for weapon in self.weapons:
            if weapon.name.lower() == key:
                return weapon
        for spell in self.spells:
            flung = spell.as_weapon()
            if flung is not None and spell.name.lower() == key:
                return flung
        have = ", ".join([w.name for w in self.weapons] + [s.name for s in self.spells if s.as_weapon()])
        raise ValueError(f"{self.name or 'this character'} has no weapon {name!r} (has: {have or 'none'})")

    def spell(self, name: str) -> Spell:
        key = name.strip().lower()
        for spell in self.spells:
            if spell.name.lower() == key:
                return spell
        have = ", ".join(s.name for s in self.spells) or "none"
        raise ValueError(f"{self.name or 'this character'} has no set spell {name!r} (has: {have})")

    def max_range(self, weapon: Weapon) -> int | None:
        """A ranged weapon's maximum range as a log of metres (a bow: Fitness + 7); None: no limit."""
        if weapon.max_range is None:
            return None
        return weapon.max_range + (self.stats["fitness"] if weapon.range_plus_fitness else 0)

    def strength_mod(self) -> int:
        """The mods that add to melee damage (the book's "+1 Strength")."""
        return sum(m.value for m in self.mods if m.applies_to == "damage" or m.name.lower() == "strength")

    def pending_total(self, kind: str, target: str | None = None) -> int:
        """The pending modifiers in force this round for a test of `kind` (attack, defence, task),
        those meant for one opponent only against `target` (a name)."""
        foe = (target or "").strip().lower()
        return sum(p.value for p in self.pending if not p.waiting and p.applies_to in ("all", kind)
                   and (not p.against or p.against.lower() == foe))
