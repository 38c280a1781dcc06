"""Burning sixes to activate SFX, and the one-extra-action-a-round cap.

Rules (spec §2.2, T-20/T-21/T-37): each rolled six can pay for one SFX activation; an SFX costs a
number of sixes (usually 1); a burnt six still counts as the highest die but loses its +1. Most SFX
only fire on certain rolls (their trigger). A character may use at most one SFX-granted extra action
a round.

Rulings taken here:
- B3: in an opposed test the initiator commits burns first, then the responder; SFX that need a
  successful test are checked once the outcome is known (:func:`check_success`).
- B5: with the optional ``burnable_faces = (5, 6)`` fives may be burnt too; they never add a bonus.
- B7: each SFX carries ``requires_success``; the data file sets it per SFX.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import AbilityRoll
from gmconsole.systems.myriad.errors import MyriadError

EXTRA_ACTIONS_PER_ROUND = 1


class SfxError(MyriadError):
    """A burn the rules do not allow; the message says which rule."""


class Sfx(Model):
    """An SFX a character (or an item) owns. Persisted on the sheet."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    cost_sixes: int = Field(default=1, ge=0, description="sixes per activation")
    repeatable: bool = Field(default=False, description="may take several multiples of the cost")
    trigger: list[str] = Field(default=[], description="tags the roll must carry")
    requires_success: bool = True
    extra_action: bool = False
    bonus_per_six: int = Field(default=0, ge=0, description="what a six burnt for it adds back")
    sfx_points: int = Field(default=1, ge=0, description="creation/advancement cost")
    effect: str = ""


def sfx_catalogue() -> dict[str, Sfx]:
    """Every SFX in the data file, by id."""
    fields = set(Sfx.model_fields)
    return {r["id"]: Sfx(**{k: v for k, v in r.items() if k in fields})
            for r in data.rows("sfx", "sfx")}


def catalogue_sfx(sfx_id: str) -> Sfx:
    """One SFX from the data file, e.g. to put on a sheet."""
    found = data.row("sfx", "sfx", "id", sfx_id, what="SFX")
    return Sfx(**{k: v for k, v in found.items() if k in Sfx.model_fields})


@dataclass(frozen=True)
class Burn:
    """Dice (by index) burnt to activate one SFX."""

    sfx_id: str
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Activation:
    sfx: Sfx
    dice: tuple[int, ...]

    @property
    def times(self) -> int:
        """How many times the SFX's cost was paid (Power Strike: +1 die each time)."""
        return len(self.dice) // self.sfx.cost_sixes if self.sfx.cost_sixes else 1


@dataclass(frozen=True)
class BurnResult:
    roll: AbilityRoll
    activations: tuple[Activation, ...]

    @property
    def extra_actions(self) -> int:
        return sum(1 for a in self.activations if a.sfx.extra_action)


def burn(roll: AbilityRoll, burns: Sequence[Burn], owned: Mapping[str, Sfx], *,
         tags: Iterable[str] = (), burnable_faces: Iterable[int] = (6,),
         extra_actions_used: int = 0) -> BurnResult:
    """Apply ``burns`` to ``roll``, refusing anything the rules forbid, with a clear message.

    ``owned`` is the character's (and their gear's) SFX by id; ``tags`` describe the roll (attack,
    defence, close, ranged, unarmed, edged, social, romance, jump, or a skill id);
    ``extra_actions_used`` is how many SFX extra actions this character already took this round.
    """
    roll_tags = set(tags)
    faces = set(burnable_faces)
    seen: set[int] = set(roll.burnt)
    activations: list[Activation] = []
    bonus = 0
    for item in burns:
        sfx = owned.get(item.sfx_id)
        if sfx is None:
            raise SfxError(f"no SFX {item.sfx_id!r} here (owned: {', '.join(owned) or 'none'})")
        _check_count(sfx, len(item.dice))
        missing = [t for t in sfx.trigger if t not in roll_tags]
        if missing:
            have = ", ".join(sorted(roll_tags)) or "untagged"
            raise SfxError(f"{sfx.name} fires only on a {' '.join(sfx.trigger)} roll; "
                           f"this roll is: {have}")
        for index in item.dice:
            if not 0 <= index < len(roll.dice):
                raise SfxError(f"{sfx.name}: there is no die number {index + 1}")
            if roll.dice[index] not in faces:
                allowed = " or ".join(str(f) for f in sorted(faces))
                raise SfxError(f"{sfx.name}: die {index + 1} shows {roll.dice[index]}; "
                               f"only a {allowed} can be burnt")
            if index in seen:
                raise SfxError(f"{sfx.name}: die {index + 1} is already burnt")
            seen.add(index)
        bonus += sfx.bonus_per_six * sum(1 for i in item.dice if roll.dice[i] == 6)
        activations.append(Activation(sfx=sfx, dice=tuple(item.dice)))
    granted = sum(1 for a in activations if a.sfx.extra_action)
    if extra_actions_used + granted > EXTRA_ACTIONS_PER_ROUND:
        raise SfxError("at most one SFX extra action a round "
                       f"(already used {extra_actions_used}, this roll would add {granted})")
    burnt = roll.burning([i for a in activations for i in a.dice], bonus=bonus)
    return BurnResult(roll=burnt, activations=tuple(activations))


def check_success(result: BurnResult, success: bool) -> BurnResult:
    """Refuse SFX that need a successful test when the test failed (ruling B7)."""
    if not success:
        failed = [a.sfx.name for a in result.activations if a.sfx.requires_success]
        if failed:
            raise SfxError(f"{', '.join(failed)} need a successful test, and this one failed")
    return result


def _check_count(sfx: Sfx, count: int) -> None:
    cost = sfx.cost_sixes
    if cost == 0:
        if count:
            raise SfxError(f"{sfx.name} costs no sixes; burn none for it")
        return
    if count < cost:
        raise SfxError(f"{sfx.name} costs {cost} six(es); {count} given")
    if sfx.repeatable:
        if count % cost:
            raise SfxError(f"{sfx.name} takes sixes in multiples of {cost}; {count} given")
    elif count != cost:
        raise SfxError(f"{sfx.name} costs exactly {cost} six(es); {count} given")
