"""Combat manoeuvres and what they leave on the target (spec §4.8, L709-L712, T-18).

Each is made with a close-combat attack roll (`check WHO power/close_combat at TARGET`); once it
succeeds, the verb puts its effect on the target's sheet, where the tests read it:

- ``grapple TARGET``: pinned; -2 on all its actions (the "forcibly restrained" modifier), only
  close-combat attacks or an escape. ``escape TARGET`` (its own successful attack roll) or
  ends it. ``strangle TARGET``: held a whole round, 1 automatic wound a round.
- ``trip TARGET``: prone; -1 on its own close-combat actions and -1 to ranged attacks at it.
  ``stand TARGET`` spends its action getting up.
- ``push TARGET MARGIN [drop]``: staggered margin + 1 metres; over a drop it rolls Grace/
  Acrobatics against TN 7 (typed faces first) or falls prone.
- ``throw TARGET MARGIN EFFECT...`` (a pinned target; one effect, +1 per Superior Throw six):
  ``double`` the distance, ``trip``, or ``damage`` (2 dice against its armour).
  Ruling C12: a throw goes margin + 1 metres, like a push.
- ``cripple TARGET METRES``: movement lost (Crippling Blow 2 m a six, leg hits 1 a wound) until
  proper medical attention (a successful `medic`); at no movement left it is prone for good.
- ``bandage TARGET``: stops the bleeding (that round neither may attack or dodge).
- ``fear TARGET SOURCE [CIRCUMSTANCE...]``: the horror's fear dice (T-22) against Fear Armour,
  onto the Nerve line (added when missing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene, SheetAction, SheetChange
from gmconsole.systems.myriad.combat_options import PUSH_DROP_TN, push_distance, throw
from gmconsole.systems.myriad.conflict import damage_dealt, free_movement
from gmconsole.systems.myriad.effects import EffectKind, OngoingEffect
from gmconsole.systems.myriad.errors import MyriadError

if TYPE_CHECKING:
    from gmconsole.systems.myriad.sheet import MyriadSheet
    from gmconsole.systems.myriad.system import MyriadSystem

MAX_MARGIN = 40
"""No opposed Myriad test is won by more (31 against 1)."""

MANEUVERS = (
    SheetAction("grapple", "Grapple", "", "after a hit: pinned, -2 on everything"),
    SheetAction("escape", "Escape a grapple", "", "the pinned one's hit breaks the hold"),
    SheetAction("strangle", "Strangle", "", "a held grapple: 1 wound each round's end"),
    SheetAction("trip", "Trip", "", "after a hit: prone (-1 close, -1 to be shot)"),
    SheetAction("stand", "Stand up", "", "a prone character spends its action"),
    SheetAction("push", "Push", "MARGIN [drop]", "margin + 1 m; a drop: Grace/Acrobatics TN 7"),
    SheetAction("throw", "Throw", "MARGIN double|trip|damage...",
                "pinned target: margin + 1 m and an effect"),
    SheetAction("cripple", "Movement lost", "METRES", "movement lost until a medic treats it"),
    SheetAction("bandage", "Bandage", "", "stops the bleeding"),
    SheetAction("fear", "Terror", "SOURCE [CIRCUMSTANCE...]", "fear dice vs Fear Armour onto Nerve"),
)
KEYS = tuple(a.key for a in MANEUVERS)


def _states(sheet: MyriadSheet, add: Sequence[str] = (), drop: Sequence[str] = ()) -> None:
    kept = [s for s in sheet.states if s not in drop]
    sheet.states = kept + [s for s in add if s not in kept]  # type: ignore[misc]


def _no_args(action: str, args: Sequence[str]) -> None:
    if args:
        raise MyriadError(f"{action} takes no words after the name")


def perform(system: MyriadSystem, sheet: MyriadSheet, action: str, args: Sequence[str],
            scene: Scene) -> SheetChange:
    """Carry out one manoeuvre on the target's sheet (a copy; see the module docstring)."""
    new = sheet.model_copy(deep=True)
    args = _faces_to_scene(args[:1] if action in ("push", "throw", "cripple") else [],
                           args[1:] if action in ("push", "throw", "cripple") else args, scene)
    if action in ("push", "throw"):
        return _push_or_throw(system, new, action, args, scene)
    if action == "cripple":
        return _cripple(new, args)
    if action == "fear":
        return _fear(system, new, args, scene)
    _no_args(action, args)
    if action == "grapple":
        _states(new, add=["pinned"])
        text = "is pinned: -2 on everything, close combat or escape only"
    elif action == "escape":
        if "pinned" not in new.states:
            raise MyriadError(f"{new.who} is not pinned")
        _states(new, drop=["pinned"])
        new.effects = [e for e in new.effects if e.kind != EffectKind.STRANGLING]
        text = "breaks free"
    elif action == "strangle":
        if "pinned" not in new.states:
            raise MyriadError(f"{new.who} is not pinned: grapple first")
        if all(e.kind != EffectKind.STRANGLING for e in new.effects):
            new.effects = [*new.effects, OngoingEffect(kind=EffectKind.STRANGLING)]
        text = "is being strangled: 1 wound at each round's end"
    elif action == "trip":
        _states(new, add=["prone"])
        text = "is prone: -1 on its close combat, -1 to ranged attackers"
    elif action == "stand":
        if "prone" not in new.states:
            raise MyriadError(f"{new.who} is not prone")
        if new.movement_lost and _movement(new) == 0:
            raise MyriadError(f"{new.who} has no movement left and cannot stand up")
        _states(new, drop=["prone"])
        text = "stands up (its action)"
    else:  # bandage
        if all(e.kind != EffectKind.BLEEDING for e in new.effects):
            raise MyriadError(f"{new.who} is not bleeding")
        new.effects = [e for e in new.effects if e.kind != EffectKind.BLEEDING]
        text = "is bandaged: the bleeding stops (neither may attack or dodge this round)"
    return SheetChange(sheet=new, text=text, detail={"states": list(new.states)})


def _movement(sheet: MyriadSheet) -> int:
    return free_movement(sheet.stats["grace"], fast_slow=sheet.fast_slow,
                         penalty=sheet.movement_lost)


def _cripple(sheet: MyriadSheet, args: Sequence[str]) -> SheetChange:
    if len(args) != 1:
        raise MyriadError("usage: cripple WHO METRES")
    metres = whole(args[0], "metres of movement lost", 1, 99)
    sheet.movement_lost = min(99, sheet.movement_lost + metres)
    left = _movement(sheet)
    text = f"loses {metres} m of movement ({left} m a round left)"
    if left == 0:
        _states(sheet, add=["prone"])
        text += ": falls prone and cannot stand"
    return SheetChange(sheet=sheet, text=text, harmed=True,
                       detail={"movement_lost": sheet.movement_lost})


def _faces_to_scene(head: Sequence[str], words: Sequence[str], scene: Scene) -> list[str]:
    """Faces typed at the end of the line (``fear kesh monstrosities 5 2 6``) join the scene's
    typed dice, taken first by the rolls the manoeuvre makes; the words before stay."""
    cut = len(words)
    while cut and words[cut - 1].isdigit() and len(words[cut - 1]) == 1:
        cut -= 1
    scene.dice.extend(whole(w, "a die", 1, 6) for w in words[cut:])
    return [*head, *words[:cut]]


def _typed(scene: Scene, count: int) -> list[int] | None:
    """Take ``count`` typed faces from the scene, if the GM typed any."""
    if not scene.dice:
        return None
    taken, scene.dice[:] = scene.dice[:count], scene.dice[count:]
    return taken


def _damage_faces(scene: Scene, count: int) -> list[int]:
    """Damage dice: typed faces first, the rest rolled."""
    typed = _typed(scene, count) or []
    return typed + [scene.rng.randint(1, 6) for _ in range(count - len(typed))]


def _push_or_throw(system: MyriadSystem, sheet: MyriadSheet, action: str,
                   args: Sequence[str], scene: Scene) -> SheetChange:
    if not args:
        raise MyriadError(f"usage: {action} WHO MARGIN" + (" [drop]" if action == "push" else
                                                            " double|trip|damage..."))
    margin = whole(args[0], "the attack's margin", 0, MAX_MARGIN)
    words = [a.lower() for a in args[1:]]
    if action == "push":
        if words not in ([], ["drop"]):
            raise MyriadError("usage: push WHO MARGIN [drop]")
        metres, prone, dice = push_distance(margin, 0), False, 0
        over_drop = bool(words)
    else:
        if "pinned" not in sheet.states:
            raise MyriadError(f"{sheet.who} is not pinned: only a grappled enemy is thrown "
                              "(a Superior Throw six throws one you are not grappling: grapple "
                              "first)")
        if not words:
            raise MyriadError("name the throw's effect: double, trip or damage")
        thrown = throw(margin, 0, words)
        metres, prone, dice, over_drop = thrown.metres, thrown.prone, thrown.damage_dice, False
        _states(sheet, drop=["pinned"])
    parts = [f"staggers {metres} m"]
    if over_drop:
        from gmconsole.engine.checks import CheckRequest
        from gmconsole.systems.myriad.resolution import run_check

        pool = sheet.pool("grace")
        check = run_check(sheet, CheckRequest(option="grace/acrobatics", difficulty=PUSH_DROP_TN),
                          scene.rng, _typed(scene, pool))
        parts.append(f"over the drop: Grace/Acrobatics {check.total} vs TN {PUSH_DROP_TN}")
        prone = not check.success
    if prone:
        _states(sheet, add=["prone"])
        parts.append("falls prone")
    change = SheetChange(sheet=sheet, text=", ".join(parts), detail={"metres": metres})
    if dice:
        faces = _damage_faces(scene, dice)
        hit = system.apply_damage(sheet, damage_dealt(faces, sheet.armour))
        return SheetChange(sheet=hit.sheet, harmed=hit.harmed, detail=change.detail,
                           text=f"{change.text}; {dice}D [{' '.join(map(str, faces))}] vs "
                                f"armour {sheet.armour}: {hit.text}")
    return change


def _fear(system: MyriadSystem, sheet: MyriadSheet, args: Sequence[str],
          scene: Scene) -> SheetChange:
    from gmconsole.systems.myriad.modules import fear_dice

    if not args or len(args) > 8:
        raise MyriadError("usage: fear WHO SOURCE [CIRCUMSTANCE...]")
    dice = fear_dice(args[0], args[1:])
    faces = _damage_faces(scene, dice)
    boxes = damage_dealt(faces, sheet.fear_armour)
    hit = system.apply_damage(sheet, boxes, "nerve")
    return SheetChange(sheet=hit.sheet, harmed=hit.harmed, detail=hit.detail,
                       text=f"faces {dice}D of fear [{' '.join(map(str, faces))}] vs fear "
                            f"armour {sheet.fear_armour}: {hit.text}")
