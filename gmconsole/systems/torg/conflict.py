"""A round under a drama card: who acts first, and what each side's conflict-line results do.

The card's standard (S) or dramatic (D) line, by the scene, sets the side with initiative; that
side acts first, its characters in DEX order (ties by a die roll, ruling §9.3), then the other
side. Results (rule book L3039-L3127):

- flurry: the side gets two rounds of action before the other responds (all act, then all again);
- inspiration: shock and K/O removed as if by first aid; hero inspiration: each player draws 1;
- up: each character of the side gets one additional roll this round (cancels with stymied);
- fatigue: each character takes 2 shock (3 with an armour fatigue penalty; 4 in full bronze or
  full early plate, which the GM sets with `fatigue_shock`);
- setback: the GM's prepared setback; if none, the side may take no action that would harm an
  opponent this round;
- stymied: each character loses one roll-again chance this round (ruling §9.3: a conflict-line
  stymie ends with the round);
- break (villains): at the end of their turn, villains who have taken damage and did not harm
  the opposition this round flee or give up;
- confused (heroes): no player may play cards from a pool this round;
- taunt / test / trick / intimidate (villains, dramatic lines): villains may use that interaction;
  on a success the GM strips 1 card from the target's pool (2 superior, 3 spectacular).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gmconsole.systems.torg.cards import APPROVED_ACTIONS, DramaCard
from gmconsole.systems.torg.damage import DamageState
from gmconsole.systems.torg.errors import TorgError

FATIGUE_SHOCK = 2
FATIGUE_SHOCK_ARMOURED = 3


@dataclass(frozen=True)
class RoundEffects:
    """What the card in effect means for this round."""

    card: int
    scene: str
    initiative: str
    hero: tuple[str, ...]
    villain: tuple[str, ...]
    approved: tuple[str, ...]
    dsr: str
    hazard: str | None

    def effects(self, side: str) -> tuple[str, ...]:
        if side not in ("hero", "villain"):
            raise TorgError(f"a side is 'hero' or 'villain', not '{side}'")
        return self.hero if side == "hero" else self.villain

    def passes(self, side: str) -> int:
        return 2 if "flurry" in self.effects(side) else 1

    def up(self, side: str) -> bool:
        return "up" in self.effects(side)

    def stymied(self, side: str) -> bool:
        return "stymied" in self.effects(side)

    def instructions(self) -> tuple[str, ...]:
        """Interactions the villains may use to strip pool cards (dramatic lines)."""
        return tuple(e for e in self.villain if e in ("taunt", "test", "trick", "intimidate", "maneuver"))

    def is_approved(self, action: str) -> bool:
        if action not in APPROVED_ACTIONS:
            raise TorgError(f"'{action}' is not an action type ({', '.join(APPROVED_ACTIONS)})")
        return action in self.approved

    def summary(self) -> str:
        def side(name: str, effects: tuple[str, ...]) -> str:
            return f"{name}: {', '.join(effects) if effects else '-'}"

        box = self.hazard.replace("_", " ") if self.hazard else (self.dsr or "-")
        first = "Heroes" if self.initiative == "hero" else "Villains"
        return (
            f"{first} first | {side('H', self.hero)} | "
            f"{side('V', self.villain)} | Act: {', '.join(self.approved)} | DSR: {box}"
        )


def round_effects(card: DramaCard, scene: str) -> RoundEffects:
    line = card.line(scene)
    return RoundEffects(
        card=card.id,
        scene=scene,
        initiative=line.initiative,
        hero=line.hero,
        villain=line.villain,
        approved=card.approved_for(scene),
        dsr=card.dsr,
        hazard=card.hazard,
    )


def fatigue_shock(armour_fatigue_penalty: bool, override: int | None = None) -> int:
    """Shock from a fatigue result: 2, 3 with an armour fatigue penalty, or the GM's figure (4
    in full bronze or full early plate)."""
    if override is not None:
        return override
    return FATIGUE_SHOCK_ARMOURED if armour_fatigue_penalty else FATIGUE_SHOCK


def start_of_round(
    effects: RoundEffects,
    damage: Mapping[str, DamageState],
    sides: Mapping[str, str],
    armour_penalty: Mapping[str, bool] | None = None,
) -> list[str]:
    """Apply fatigue and inspiration to the characters' damage states (in place) and return
    what happened, one line each. Card draws for hero inspiration are the deck's business:
    `inspiration_draws` lists who draws."""
    notes = []
    for cid, state in damage.items():
        side = sides[cid]
        mine = effects.effects(side)
        if state.dead:
            continue
        if "fatigue" in mine:
            n = fatigue_shock((armour_penalty or {}).get(cid, False))
            state.shock += n
            notes.append(f"{cid}: fatigued, {n} shock")
        if "inspiration" in mine:
            state.inspire()
            notes.append(f"{cid}: inspired, shock and K/O removed")
    return notes
