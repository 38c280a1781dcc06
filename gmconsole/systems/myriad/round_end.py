"""The end of a round for one combatant: bleeding, burning, asphyxiation, electricity, Deadly
Weakness and strangling take their toll, and a groin hit's stun wears off (spec §4.8, the
`end_of_round` hook).

Effects that roll dice need ``rng`` or typed ``dice``; without them only the automatic points are
applied and the rolled ones are listed for the GM to roll. An encounter condition named like an
effect ("bleeding", "burning") counts as that effect this round even when the sheet does not
carry it, so the generic `cond` verb works; its duration is the condition's own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gmconsole.systems.base import SheetChange
from gmconsole.systems.myriad.effects import (
    EffectKind,
    OngoingEffect,
    effect_armour,
    effect_rules,
    resolve_effect,
    tick,
)
from gmconsole.systems.myriad.sheet import MyriadSheet
from gmconsole.systems.myriad.views import boxes, boxes_left, status_view

EFFECT_VERBS = {EffectKind.BLEEDING: "bleeds", EffectKind.BURNING: "burns",
                EffectKind.ASPHYXIATION: "chokes", EffectKind.ELECTRICITY: "is shocked",
                EffectKind.DEADLY_WEAKNESS: "suffers its weakness",
                EffectKind.STRANGLING: "is strangled"}
"""End-of-round log lines read as sentences: "Ogre Raider 2 bleeds: 1D [5] vs armour 4, 1 box"."""


def round_end(s: MyriadSheet, rng: random.Random | None, dice: Sequence[int] | None,
              conditions: Sequence[str]) -> SheetChange | None:
    """The effects on ``s`` at the round's end; None when it has none."""
    from_conditions = [
        OngoingEffect(kind=EffectKind(name), rounds_left=1)
        for name in {c.strip().lower().replace(" ", "_") for c in conditions}
        if name in {k.value for k in EffectKind} and name not in {e.kind.value for e in s.effects}
    ]
    stunned = "stunned" in s.states
    if not s.effects and not from_conditions:
        return _stun_over(s) if stunned else None
    new = _stun_over(s).sheet if stunned else s.model_copy(deep=True)
    new.effects = [*new.effects, *from_conditions]
    wounds = new.line("wounds")
    texts: list[str] = []
    typed = list(dice) if dice is not None else None
    kept = []
    for effect in new.effects:
        armour = effect_armour(effect.kind, natural=new.natural_armour, worn=new.worn_armour,
                               fire_retardant=any(g.fire_retardant for g in new.gear),
                               insulated=any(g.insulated for g in new.gear))
        rule_dice = 0 if armour is None else effect_rules()[effect.kind].dice
        if rule_dice and rng is None and not typed:
            texts.append(f"{effect.kind.value}: roll {rule_dice}D vs armour {armour}")
            kept.append(effect)
            continue
        faces = None
        if typed is not None and rule_dice:
            faces, typed = typed[:rule_dice], typed[rule_dice:]
        hit = resolve_effect(effect.kind, armour, rng=rng, dice=faces)
        result = wounds.apply(hit.boxes, to_critical=hit.to_critical)
        rolled = (f"{len(hit.dice)}D [{' '.join(map(str, hit.dice))}] vs armour {armour}, "
                  if hit.dice else "")
        where = " critical" if hit.to_critical and result.taken else ""
        texts.append(f"{EFFECT_VERBS[effect.kind]}: {rolled}{boxes(result.taken)}{where}")
        after = tick(effect)
        if after is not None:
            kept.append(after)
    new.effects = kept
    text = "; ".join(texts) + f" ({boxes_left('wounds', wounds)})"
    if stunned:
        text += "; the stun wears off"
    after = status_view(new)
    if after.health in ("down", "dead") and after.label != status_view(s).label:
        text += f": {after.label}"
    return SheetChange(sheet=new, text=text, harmed=True, detail={"status": wounds.status})


def _stun_over(s: MyriadSheet) -> SheetChange:
    """A groin hit's stun costs the action of the round it lands in: it ends with the round."""
    new = s.model_copy(deep=True)
    new.states = [x for x in new.states if x != "stunned"]
    return SheetChange(sheet=new, text="the stun wears off")
