"""The Mythmagica character sheet: what is stored. Derived values (Level, HP, FP, Defense,
Stability, Ward, ranks) are computed from it, never stored."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, model_validator

from gmconsole.engine.model import Model
from gmconsole.systems.mythmagica import rules


def _attr(code: str) -> Any:
    """A basic attribute: its code is the field's name (the book's stat blocks and the roster
    use it), its name the label a sheet form shows ("Toughness", not "Tn")."""
    return Field(default=0, ge=-50, le=50, title=rules.BASIC_NAMES[code])


Resistance = Literal["immune", "highly resistant", "resistant", "affected", "sensitive", "highly sensitive"]


def _known_degrees(degrees: list[str]) -> list[str]:
    from gmconsole.engine.errors import RulesError

    try:
        rules.rank_bonus(degrees)
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    return degrees


def _known_attributes(attrs: list[str]) -> list[str]:
    for a in attrs:
        if a.upper() not in (*rules.BASICS, *rules.DERIVED_NAMES):
            raise ValueError(f"unknown attribute {a!r}")
    return attrs


class Ability(Model):
    """A skill, lore or discipline: XP spent on it, its base cost, the degrees held."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    xp: int = Field(default=0, ge=0)
    base: int = Field(default=4, ge=1)
    degrees: Annotated[list[str], AfterValidator(_known_degrees)] = Field(default=[])
    attrs: Annotated[list[str], AfterValidator(_known_attributes)] = Field(default=[])
    """The attributes its rolls add (e.g. ["GR"] for sneaking)."""

    @property
    def rank(self) -> int:
        return rules.raw_rank(self.xp, self.base) + rules.rank_bonus(self.degrees)


class Weapon(Model):
    """A weapon or natural attack. Entrapment weapons deal Setback (damage 0, setback > 0)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    kind: Literal["melee", "range", "natural"] = "melee"
    damage: int = Field(default=0, ge=0)
    setback: int = Field(default=0, ge=0)
    tempo: int = 0
    parry: int = Field(default=0, ge=0)
    strength: bool = True
    """Adds the wielder's Strength to damage (false for bows, slings and stabbing blades)."""
    skill: str | None = None
    """The ability whose rank the attack bonus uses (natural attacks use Level)."""
    form: str | None = None
    """Its Damage form (Puncturing, Scorching...) or, for an entrapment weapon, its Setback form;
    a target Resistant, Sensitive or Immune to that form takes half, double or none."""


class LastTest(Model):
    """The character's newest test, kept so Guts can still buy it after the roll."""

    model_config = ConfigDict(extra="forbid")

    option: str
    switches: dict[str, str | int] = Field(default={})
    total: int
    threshold: int
    success: bool | None = None
    natural: bool = False
    bought: bool = False
    paid: int = Field(default=0, ge=0, le=60)
    """Guts paid for it with `guts WHO N` whose hit has not followed yet (`check WHO guts at
    TARGET` then passes the bought success to H without charging again)."""


class MythmagicaSheet(Model):
    model_config = ConfigDict(extra="forbid")

    race: str = "Human"
    cast: Literal["avatar", "named", "stock", "companion", "mook"] = "avatar"
    TN: int = _attr("TN")
    ST: int = _attr("ST")
    AG: int = _attr("AG")
    CR: int = _attr("CR")
    PC: int = _attr("PC")
    HT: int = _attr("HT")
    IN: int = _attr("IN")
    xp: int = Field(default=0, ge=0)
    level: int | None = Field(default=None, ge=0, le=20)
    """Set for creatures and quick NPCs; characters take their Level from XP."""
    abilities: list[Ability] = Field(default=[])
    weapons: list[Weapon] = Field(default=[])
    armour: str = ""
    armour_ward: int = Field(default=0, ge=0)
    encumbrance: int = Field(default=0, ge=0)
    shield: int = Field(default=0, ge=0)
    speed_penalty: int = Field(default=0, ge=0)
    max_hp: int | None = Field(default=None, ge=1)
    """Only for quick NPCs; otherwise HP comes from Brawn."""
    max_fp: int | None = Field(default=None, ge=1)
    damage: int = Field(default=0, ge=0)
    setback: int = Field(default=0, ge=0)
    guts_spent: int = Field(default=0, ge=0, le=rules.GUTS_MAX)
    traits: list[str] = Field(default=[])
    flaws: list[str] = Field(default=[])
    conditions: list[str] = Field(default=[])
    notes: str = ""
    overcome: Literal["lethal", "non-lethal"] | None = None
    """Set when HP or FP reached 0 in this scene (lethal when HP did): the character stays
    Overcome to the end of the scene and until both HP and FP are 1 or more again."""
    principal: str | None = None
    """For a companion: its Principal's roster name (whose Guts and Glory Status it uses)."""
    resist: dict[str, Resistance] | None = None
    last_test: LastTest | None = None
    """The newest test this character made (Guts after the roll buy it: check WHO guts)."""
    size: str | None = None
    """Size category (Medium when blank): reach, and no Internal Damage from a weapon 3 or
    more sizes smaller."""
    organs: bool | None = None
    """False for creatures without internal organs (plants, most undead): no Internal Damage."""
    """Damage or Setback forms this creature is Immune, Resistant or Sensitive to
    ({"Scorching" = "resistant"}); forms not listed affect it normally."""

    @model_validator(mode="after")
    def _fits(self) -> MythmagicaSheet:
        if self.damage > self.hp_max:
            raise ValueError(f"damage {self.damage} exceeds max HP {self.hp_max}")
        if self.setback > self.fp_max:
            raise ValueError(f"setback {self.setback} exceeds max FP {self.fp_max}")
        if self.cast == "companion" and self.guts_spent:
            raise ValueError("a companion spends its Principal's Guts, so its own Guts spent stay 0")
        if self.size is not None:
            from gmconsole.engine.errors import RulesError
            from gmconsole.systems.mythmagica.procedures import size_index

            try:
                size_index(self.size)
            except RulesError as exc:
                raise ValueError(str(exc)) from None
        return self

    @property
    def basics(self) -> dict[str, int]:
        return {
            "TN": self.TN,
            "ST": self.ST,
            "AG": self.AG,
            "CR": self.CR,
            "PC": self.PC,
            "HT": self.HT,
            "IN": self.IN,
        }

    @property
    def derived(self) -> dict[str, int]:
        return rules.derived_attributes(self.basics)

    @property
    def lvl(self) -> int:
        return self.level if self.level is not None else rules.level_for_xp(self.xp)

    def _has(self, condition: str) -> bool:
        return any(c.strip().lower() == condition for c in self.conditions)

    @property
    def hp_max(self) -> int:
        """Max HP from Brawn (or the quick NPC's number); Enfeebled takes a quarter off."""
        top = self.max_hp if self.max_hp is not None else self.derived["HP"]
        return max(1, top * 3 // 4) if self._has("enfeebled") else top

    @property
    def fp_max(self) -> int:
        """Max FP from Wisdom (or the quick NPC's number); Devitalized takes a quarter off."""
        top = self.max_fp if self.max_fp is not None else self.derived["FP"]
        return max(1, top * 3 // 4) if self._has("devitalized") else top

    @property
    def named(self) -> bool:
        return self.cast in ("avatar", "named", "companion")

    @property
    def parry(self) -> int:
        return max((w.parry for w in self.weapons), default=0)

    @property
    def defense(self) -> int:
        return self.lvl + self.derived["RD"] + self.parry - self.encumbrance + self.shield

    @property
    def stability(self) -> int:
        return self.lvl + self.parry + self.derived["RS"]

    @property
    def ward(self) -> int:
        return self.armour_ward + self.derived["natural_ward"]

    @property
    def speed(self) -> int:
        return max(0, self.derived["raw_speed"] - self.speed_penalty)

    def resistance(self, form: str | None) -> str:
        """How this creature takes harm of `form` ("affected" when not listed)."""
        if not form or not self.resist:
            return "affected"
        key = form.strip().lower()
        return next((v for k, v in self.resist.items() if k.strip().lower() == key), "affected")

    def ability(self, name: str) -> Ability | None:
        key = name.strip().lower()
        return next((a for a in self.abilities if a.name.lower() == key), None)

    def weapon(self, name: str) -> Weapon | None:
        key = name.strip().lower()
        return next((w for w in self.weapons if w.name.lower() == key), None)

    def attack_bonus(self, weapon: Weapon) -> int:
        """Weapon rank (Level for natural attacks) + Tempo + Vigor (melee) or Acumen (range)."""
        d = self.derived
        if weapon.kind == "natural":
            rank = self.lvl
        else:
            ab = self.ability(weapon.skill) if weapon.skill else None
            rank = ab.rank if ab else 0
        return rank + weapon.tempo + (d["AC"] if weapon.kind == "range" else d["VG"])
