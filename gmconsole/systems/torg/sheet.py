"""The Torg character sheet (pydantic): what is stored, and the values derived from it.

Stored: seven attributes, skill *adds* (never skill values), arcane knowledge adds, NPC
defence-only (parenthetical) values, specialisations, the Possibilities ledger (its history;
the count is derived), damage tracks, armour, weapons, cosm and axioms, side, the drama cards
the player holds (they outlive encounters, so they live here and not with a deck), and what is
in force on the character for the current round only (`this_round`).
Derived: skill values (attribute + adds), possibility-rated (>= 1 add in *reality*), Toughness,
Toughness under armour, the axioms (the cosm's unless overridden).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from gmconsole.engine.model import Model
from gmconsole.systems.torg.combat import damage_value, effective_toughness
from gmconsole.systems.torg.damage import DamageState
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.hand import HeldCards
from gmconsole.systems.torg.rules_data import (
    attribute_key,
    cosm_axioms,
    cosm_names,
    knowledge_names,
    skill_info,
    skill_key,
)

ATTRIBUTES = ("DEX", "STR", "TOU", "PER", "MIN", "CHA", "SPI")
ATTRIBUTE_MAX = 60
ADDS_MAX = 30
ROUND_MARKS = frozenset(
    {
        "up",
        "stymied",
        "setback",
        "confused",
        "action",
        "adrenalin",
        "willpower",
        "presence",
        "coup_de_grace",
        "leadership",
    }
)
"""What `this_round` may hold: conflict-line results, the cards whose value lasts the round, and
a leadership card's second gift still to give."""


class Attributes(Model):
    """The seven attributes; every creature has all seven (Core Earth humans: 6 poor, 8 average,
    13 the normal maximum)."""

    model_config = ConfigDict(extra="forbid")

    DEX: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)
    STR: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)
    TOU: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)
    PER: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)
    MIN: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)
    CHA: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)
    SPI: int = Field(default=8, ge=1, le=ATTRIBUTE_MAX)

    def value(self, key: str) -> int:
        """The attribute under its key ("DEX"... "SPI"), read by name, not by getattr, so a
        typo in a key is a KeyError here rather than any other field of the model."""
        return {
            "DEX": self.DEX,
            "STR": self.STR,
            "TOU": self.TOU,
            "PER": self.PER,
            "MIN": self.MIN,
            "CHA": self.CHA,
            "SPI": self.SPI,
        }[key]


class Axioms(Model):
    model_config = ConfigDict(extra="forbid")

    magic: int = Field(ge=0, le=33)
    social: int = Field(ge=0, le=33)
    spiritual: int = Field(ge=0, le=33)
    tech: int = Field(ge=0, le=33)


class PossibilityEntry(Model):
    model_config = ConfigDict(extra="forbid")

    delta: int
    reason: str = ""


class Possibilities(Model):
    """The hero currency as a ledger: every gain and spend with its reason; the count is the sum."""

    model_config = ConfigDict(extra="forbid")

    history: list[PossibilityEntry] = Field(default=[])

    @model_validator(mode="after")
    def _never_negative(self) -> Possibilities:
        running = 0
        for i, e in enumerate(self.history):
            running += e.delta
            if running < 0:
                raise ValueError(f"entry {i + 1} ('{e.reason}') spends more Possibilities than held")
        return self

    @property
    def count(self) -> int:
        return sum(e.delta for e in self.history)

    def spend(self, n: int = 1, reason: str = "") -> None:
        if n < 1:
            raise TorgError("spend at least one Possibility")
        if n > self.count:
            raise TorgError(f"needs {n} Possibilities, has {self.count}")
        self.history.append(PossibilityEntry(delta=-n, reason=reason))

    def gain(self, n: int = 1, reason: str = "") -> None:
        if n < 1:
            raise TorgError("gain at least one Possibility")
        self.history.append(PossibilityEntry(delta=n, reason=reason))


class Specialization(Model):
    """Type specialisation (+1 to the skill for one make, model or species, 1 Possibility) and
    optionally a trademark item (+2 more, 3 more Possibilities) (L2957-L2977)."""

    model_config = ConfigDict(extra="forbid")

    skill: str
    type: str
    trademark: str = ""

    @field_validator("skill")
    @classmethod
    def _known(cls, v: str) -> str:
        return skill_key(v)


class Armour(Model):
    model_config = ConfigDict(extra="forbid")

    name: str
    add: int = Field(ge=0, le=40)
    max: int = Field(ge=1, le=60)
    fatigue_penalty: bool = False


class Weapon(Model):
    """A weapon: muscle-powered (`adds`, capped at `max`) or with a fixed `damage` value."""

    model_config = ConfigDict(extra="forbid")

    name: str
    skill: str
    damage: int | None = Field(default=None, ge=0, le=60)
    adds: int | None = Field(default=None, ge=0, le=30)
    max: int | None = Field(default=None, ge=1, le=60)

    @field_validator("skill")
    @classmethod
    def _known(cls, v: str) -> str:
        return skill_key(v)

    @model_validator(mode="after")
    def _one_kind(self) -> Weapon:
        if (self.damage is None) == (self.adds is None):
            raise ValueError(f"weapon '{self.name}' needs either a fixed damage or STR adds")
        return self


ATTITUDE = Literal["loyal", "friendly", "neutral", "hostile", "enemy"]


class Attitude(Model):
    """What this character thinks of another: the base attitude, and a temporary one a charm
    left (it decays back to the base after a time, the GM's call)."""

    model_config = ConfigDict(extra="forbid")

    base: ATTITUDE = "neutral"
    now: ATTITUDE | None = None
    awe_tried: bool = False
    """The other has tried to awe this character: awe works once per target (`awe`)."""


class TorgSheet(Model):
    """A Torg character: PC, NPC or creature."""

    model_config = ConfigDict(extra="forbid")

    name: str = "New character"
    kind: Literal["pc", "npc"] = "pc"
    side: Literal["hero", "villain"] = "hero"
    """Heroes and villains for the drama card; neutrals count as heroes (L867)."""
    cosm: str = "core_earth"
    axioms: Axioms | None = None
    """Override of the home cosm's axioms (None: the cosm's own)."""
    attributes: Attributes = Field(default_factory=Attributes)
    skills: dict[str, int] = Field(default={})
    """Adds per skill; a skill with 0 adds is not "had"."""
    knowledges: dict[str, int] = Field(default={})
    """Arcane knowledge adds (no base attribute, never usable unskilled)."""
    parenthetical: dict[str, int] = Field(default={})
    """Defence-only values printed in brackets on NPC blocks, e.g. taunt (17)."""
    specializations: list[Specialization] = Field(default=[])
    possibilities: Possibilities = Field(default_factory=Possibilities)
    damage: DamageState
    armour: Armour | None = None
    weapons: list[Weapon] = Field(default=[])
    connected: bool = True
    transformed: bool = False
    cards: HeldCards | None = None
    """The drama cards a player holds (None for those who never held any: the GM has no hand)."""
    attitudes: dict[str, Attitude] | None = None
    """Attitudes toward other characters, by their name as the GM types it (`attitude`, `charm`,
    `persuade`); None for a character nobody has charmed yet."""
    this_round: list[str] = Field(default=[])
    """What is in force on the character this round only: the flipped card's results for its
    side ("up", "stymied", "setback", "confused"; the next card replaces them) and the values
    of cards played from the pool ("action", "adrenalin:DEX", "coup_de_grace"...; they end
    with the round). The console keeps them; a check applies them."""
    notes: str = ""

    @field_validator("attitudes")
    @classmethod
    def _no_attitudes_is_none(cls, value: dict[str, Attitude] | None) -> dict[str, Attitude] | None:
        """An empty table (the sheet form's blank block) is no attitudes: the file stays as it was."""
        return value or None

    @model_validator(mode="before")
    @classmethod
    def _toughness_into_damage(cls, data: Any) -> Any:
        """The damage track reads its Toughness from TOU; the file never stores it twice."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        attrs = data.get("attributes", {})
        tou = attrs.TOU if isinstance(attrs, Attributes) else (attrs or {}).get("TOU", 8)
        damage = data.get("damage") or {}
        if isinstance(damage, DamageState):
            damage = damage.model_dump()
        data["damage"] = {**damage, "toughness": tou}
        return data

    @field_validator("cosm")
    @classmethod
    def _cosm(cls, v: str) -> str:
        cosm_axioms(v)  # raises with the known cosms
        return v

    @field_validator("skills")
    @classmethod
    def _skills(cls, v: dict[str, int]) -> dict[str, int]:
        return _checked(v, ADDS_MAX, "adds")

    @field_validator("parenthetical")
    @classmethod
    def _parenthetical(cls, v: dict[str, int]) -> dict[str, int]:
        return _checked(v, ATTRIBUTE_MAX, "value")

    @field_validator("knowledges")
    @classmethod
    def _knowledges(cls, v: dict[str, int]) -> dict[str, int]:
        known = knowledge_names()
        for name, n in v.items():
            if name not in known:
                raise TorgError(f"unknown arcane knowledge '{name}'")
            if not 0 <= n <= ADDS_MAX:
                raise ValueError(f"{name}: adds must be 0-{ADDS_MAX}, got {n}")
        return dict(sorted(v.items()))

    @model_validator(mode="after")
    def _ords_hold_none(self) -> TorgSheet:
        if not self.possibility_rated and self.possibilities.count > 0:
            raise ValueError(
                f"{self.name} is an Ord (no reality add) and cannot hold Possibilities; "
                "give a reality add or clear the Possibilities"
            )
        return self

    @field_validator("this_round")
    @classmethod
    def _this_round(cls, v: list[str]) -> list[str]:
        for item in v:
            name, _, attribute = item.partition(":")
            if name not in ROUND_MARKS or (attribute and attribute not in ATTRIBUTES):
                raise ValueError(f"'{item}' is not a round effect ({', '.join(sorted(ROUND_MARKS))})")
        return v

    # ------------------------------------------------------------------ derived

    @property
    def held(self) -> HeldCards:
        """The cards held (an empty set for someone who never held any)."""
        return self.cards or HeldCards()

    @property
    def possibility_rated(self) -> bool:
        """At least one add in *reality* (L779, L2943)."""
        return self.skills.get("reality", 0) >= 1

    @property
    def toughness(self) -> int:
        return self.attributes.TOU

    def toughness_against_blow(self, *, extra: int = 0) -> int:
        """Toughness + armour (capped at the armour's maximum) + cover or One-on-Many `extra`."""
        a = self.armour
        return effective_toughness(
            self.toughness, armour_add=a.add if a else 0, armour_max=a.max if a else None, extra=extra
        )

    @property
    def cosm_axioms(self) -> Axioms:
        return self.axioms or Axioms(**cosm_axioms(self.cosm))

    def attribute(self, name: str) -> int:
        return self.attributes.value(attribute_key(name))

    def adds(self, skill: str) -> int:
        return self.skills.get(skill_key(skill), 0)

    def skill_value(
        self, skill: str, *, use: str | None = None, item: str | None = None, scope: str | None = None
    ) -> int:
        """The action value for a skill: attribute + adds (+1 type specialisation, +2 more with
        the trademark `item`), or the bare attribute unskilled. Refuses a skill that cannot be
        used unskilled (or this `use` of it) when the character has no adds."""
        return self.action_value(skill, use=use, item=item, scope=scope)[0]

    def action_value(
        self, skill: str, *, use: str | None = None, item: str | None = None, scope: str | None = None
    ) -> tuple[int, bool]:
        """(action value, skilled?) for a skill or a bare attribute ("DEX").

        A plain attribute task (catching yourself with STR, a PER check) is not an unskilled
        skill use, so it keeps the full roll-again (ruling from §2.6: the GM may call a task a
        plain attribute use; a skill named but not had is unskilled). `scope`: the optional
        narrowed-scope rule's rank of what the skill is used on (primary, secondary, other)."""
        if skill.upper() in ATTRIBUTES:
            return self.attribute(skill), True
        key = skill_key(skill)
        info = skill_info(key)
        base = self.attribute(info["attribute"])
        adds = self.skills.get(key, 0)
        if adds == 0:
            if info["unskilled"] == "no":
                raise TorgError(
                    f"{self.name} has no adds in {key.replace('_', ' ')}, which cannot be used unskilled"
                )
            if use and use in info.get("not_unskilled", ()):
                what = key.replace("_", " ")
                raise TorgError(f"{self.name} cannot {use.replace('_', ' ')} with {what} unskilled")
            return base, False
        value = base + adds if scope in (None, "", "full") else narrowed_value(base, adds, scope)  # type: ignore[arg-type]
        for spec in self.specializations:
            if spec.skill == key and item is not None and item in (spec.type, spec.trademark):
                value += 1 + (2 if item == spec.trademark else 0)
        return value, True

    def defence_value(self, skill: str) -> int:
        """A passive defence: the parenthetical value if any, else the skill value (or the
        attribute unskilled)."""
        key = skill_key(skill) if skill.upper() not in ATTRIBUTES else skill
        if key in self.parenthetical:
            return self.parenthetical[key]
        return self.action_value(key)[0]

    def weapon(self, name: str) -> Weapon:
        for w in self.weapons:
            if w.name.lower() == name.lower():
                return w
        names = ", ".join(w.name for w in self.weapons) or "none"
        raise TorgError(f"{self.name} has no weapon '{name}' (carries: {names})")

    def weapon_damage(self, name: str) -> int:
        w = self.weapon(name)
        if w.damage is not None:
            return w.damage
        return damage_value(self.attributes.STR, adds=w.adds or 0, maximum=w.max)


def _checked(v: dict[str, int], top: int, what: str) -> dict[str, int]:
    """Known skill names (normalised, sorted for a stable file) with numbers in range."""
    out = {}
    for name, n in v.items():
        key = skill_key(name)
        if not 0 <= n <= top:
            raise ValueError(f"{name}: {what} must be 0-{top}, got {n}")
        out[key] = n
    return dict(sorted(out.items()))


def narrowed_value(attribute: int, adds: int, rank: Literal["primary", "secondary", "other"]) -> int:
    """Optional narrowed scope (L2947-L2955): the primary item at full adds, the secondary at
    adds - 1, everything else at 0 adds (but not unskilled)."""
    return attribute + {"primary": adds, "secondary": max(0, adds - 1), "other": 0}[rank]


__all__ = [
    "ATTRIBUTES",
    "Armour",
    "Attributes",
    "Axioms",
    "Possibilities",
    "PossibilityEntry",
    "Specialization",
    "TorgSheet",
    "Weapon",
    "cosm_names",
    "narrowed_value",
]
