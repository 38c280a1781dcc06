"""One round's fighting between two sheets: what an aimed test takes from its target, what a
defence must beat, and what a test leaves behind for the coming round.

- An attack's difficulty is 4 less the target's size (large positive, small negative); the
  situation's switches add a moving target, a berserk charge, a missile's distance.
- A dodge or parry answers the attack that hit: 4 + the attack's result, or 2 + the result when
  the defender prepared (or circled this round); a counter-blow makes it 2 harder. Only slow
  missiles can be dodged, and a missile cannot be parried.
- Circling is Wit against the opponent's Wit; success gives +1 to attack that opponent next
  round; the circler counts as prepared either way. A berserk charge costs -2 on the next round.
- A test made while the round is being resolved uses the combatant's one action for the round.
  Part of the same action, without a warning: a counter-blow's strike after its defence, a
  circler's prepared defence, a cast spell flung at its target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm.resolution import ATTACK_DIFFICULTY, TARGET
from gmconsole.systems.arm.rounds import ACTED, PART, PREPARED, drop_later_steps
from gmconsole.systems.arm.sheet import ArmSheet, Pending
from gmconsole.systems.base import Opposition, Scene, SheetChange

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult

OPPOSED_BY = {"charisma": "willpower", "wit": "wit", "willpower": "willpower", "fitness": "fitness",
              "dexterity": "dexterity", "toughness": "toughness"}
"""What resists a stat in an opposed task (a trick: Charisma against Willpower)."""

PART_OF = {"attack": "part of the same action (a counter-blow's strike, a cast spell flung)",
           "defence": "a prepared defence while circling (part of the circling)"}

DEFENCE_BASE = 4
PREPARED_BASE = 2


def oppose(option: str, target: ArmSheet) -> Opposition | None:
    key = option.strip().lower()
    if key == "dodge" or key.startswith("parry:"):
        # Reached only when the target has no pending hit on the defender to answer.
        return Opposition(note="no hit by them to answer (a dodge or parry answers a blow that hit; "
                               "vs N for another difficulty)")
    if key.startswith("attack:"):
        value = ATTACK_DIFFICULTY - target.size
        size = f" (size {target.size:+d})" if target.size else ""
        named = {TARGET: target.name} if target.name else {}
        return Opposition(difficulty=value, note=f"attack difficulty {value}{size}", extra=named)
    if key == "circle":
        value = target.stats["wit"] + sum(m.value for m in target.mods if m.kind != "absolute"
                                          and m.applies_to.lower() in ("circling", "combat"))
        value += target.pending_total("all")
        return Opposition(difficulty=value, note=f"Wit {value}", extra={"circling": target.name})
    stat = key.partition("+")[0]
    if stat in OPPOSED_BY:
        resisting = OPPOSED_BY[stat]
        value = target.stats[resisting] + target.pending_total("all")
        return Opposition(difficulty=value, note=f"{resisting.capitalize()} {value}")
    return None


def answer(defender: ArmSheet, option: str, attacker: ArmSheet, attack: CheckRequest,
           attack_result: CheckResult) -> Opposition | None:
    """A dodge or parry against the attack that hit: 4 (2 prepared) + the attack's result."""
    key = option.strip().lower()
    if key != "dodge" and not key.startswith("parry:"):
        return None
    if not attack.option.lower().startswith("attack:") or attack_result.margin is None:
        return None
    try:
        weapon = attacker.weapon(attack.option.split(":", 1)[1])
    except ValueError as exc:
        raise RulesError(str(exc)) from None
    if weapon.ranged and key != "dodge":
        raise RulesError(f"{weapon.name} is a missile: it can only be dodged")
    if weapon.ranged and not weapon.dodgeable:
        raise RulesError(f"{weapon.name} cannot be dodged: only slow missiles (stones, spears) can")
    base = PREPARED_BASE if defender.prepared else DEFENCE_BASE
    hit = attack_result.margin
    word = "prepared defence" if defender.prepared else "defence"
    return Opposition(difficulty=base + hit, note=f"{word} {base} + the hit {hit}")


def after_test(sheet: ArmSheet, request: CheckRequest, result: CheckResult, scene: Scene,
               push_shock: int) -> SheetChange | None:
    """What a test leaves: the push's shock, berserk's -2 and circling's +1 for the coming round,
    circling's prepared defence; and, in the tracker, the combatant's action used."""
    enc, me = scene.encounter, scene.combatant
    now = enc.round if enc is not None else 0
    said: list[str] = []
    if enc is not None and me is not None and enc.started and _resolving(enc):
        kind = str(result.detail.get("kind") or "task")
        if me.extra.get(PART) == f"{now} {kind}":
            del me.extra[PART]
            said.append(PART_OF[kind])
        elif me.extra.get(ACTED) == now:
            said.append("has already acted this round (one action a round; a counter-blow's "
                        "strike and a circler's defence are part of theirs)")
        me.extra[ACTED] = now
        if me.id not in enc.current.actors:
            drop_later_steps(enc)  # acting out of turn spends the step still queued
        if _flung_spell(sheet, request) and result.success:
            me.extra[PART] = f"{now} attack"
        if request.extra.get("counter"):
            me.extra[PART] = f"{now} attack"
            if not result.success:  # hit applies the newest hit: the blow must land before the strike
                said.append("the blow lands: hit applies it, then the counter-blow's strike")
    new = sheet.model_copy(deep=True)
    if push_shock:
        new.condition.apply(0, push_shock)
        said.append(f"pushes: +{push_shock} shock")
    if request.extra.get("berserk"):
        new.pending.append(Pending(value=-2, reason="berserk charge", until_round=now + 1, waiting=True))
        said.append("-2 to everything next round (berserk)")
    if request.option.strip().lower() == "circle":
        # Circling prepares a defence whatever the Wit test gives; success finds a weakness.
        named = str(request.extra.get("circling") or "")
        foe = named or "the opponent"
        if result.success:
            new.pending.append(Pending(value=1, applies_to="attack", reason=f"found {foe}'s weakness",
                                       until_round=now + 1, waiting=True, against=named or None))
            said.append(f"+1 to attack {foe} next round")
        new.prepared = True
        if me is not None:
            me.extra[PREPARED] = now
            if enc is not None and enc.started and _resolving(enc):
                me.extra[PART] = f"{now} defence"
        said.append("defence prepared (circling)")
    flung = _flung_spell(sheet, request)
    if flung and result.success:
        said.append(f"fling it: attack:{flung} (part of the casting)")
    elif request.option.strip().lower().startswith("cast:") and result.success is False:
        said.append("miscast: the GM rules what happens (it fizzles, or goes off in the caster's hand)")
    if not said:
        return None
    return SheetChange(new, "; ".join(said), harmed=bool(push_shock))


def _flung_spell(sheet: ArmSheet, request: CheckRequest) -> str | None:
    """The name of the set spell a `cast:` test casts when it is then flung like a missile."""
    key = request.option.strip()
    if not key.lower().startswith("cast:"):
        return None
    try:
        spell = sheet.spell(key.split(":", 1)[1])
    except ValueError:
        return None
    return spell.name if spell.as_weapon() is not None else None


def _resolving(enc) -> bool:
    step = enc.current
    return step is not None and step.phase == "resolve"
