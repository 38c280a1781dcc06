"""The test dialog's Myriad switches, and burning sixes that were asked for before the roll.

At the table a player says "if I get a six, I burn it for Power Strike" before the dice land; the
dice do not exist yet, so the dialog cannot name die numbers (the ``burn`` list of
`resolution` does that, for dice already rolled). These switches ride in `CheckRequest.extra`:

- ``sfx``: the SFX to fire ("none" for no burn), one of the character's or their gear's;
- ``sixes``: dice to burn for it (0: its cost; a repeatable SFX takes multiples, Power Strike 2);
- ``tags``: what the roll is ("attack close"), checked against the SFX's trigger; left blank,
  the roll counts as the kind the SFX needs (the GM who picked the SFX vouches for it);
- ``extra_actions_used``: SFX extra actions this character already took this round (cap 1);
- ``initiator``: whether this side started an opposed test (the initiator wins ties);
- ``burning_fives``: the optional rule letting fives be burnt (B5), when the campaign uses it.

Once the dice are down, :func:`choose_burn` burns what the rules and the roll allow, the way a
player would: fives before sixes when fives may burn (a burnt five costs nothing, a burnt six
its +1), sixes first for SFX that pay back more than +1 per six (Husky Tones); never more than
were asked for nor more than were rolled; and for an SFX that needs a successful test (ruling
B7), only as many activations as still leave the test a success: burning into a failure would
throw the six's +1 away for an SFX that cannot fire. :func:`planned_odds` evaluates exactly that
policy on every outcome of the pool, so the chance shown before rolling is the chance of what
the roll will do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import RuleOption
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.boons import boon_switches
from gmconsole.systems.myriad.burning import EXTRA_ACTIONS_PER_ROUND, Burn, Sfx, SfxError
from gmconsole.systems.myriad.odds import face_outcomes
from gmconsole.systems.myriad.sheet import MyriadSheet

NO_SFX = "none"
MAX_SIXES = 10
"""No pool is larger than 10 dice, so no burn takes more sixes."""
MAX_BONUS_DICE = 5
ROLL_TAGS = ("attack", "defence", "close", "ranged", "unarmed", "edged", "social", "romance",
             "jump")
"""Tags SFX triggers use (data/sfx.toml); a skill id may serve as a tag too."""


def check_switches(sheet: MyriadSheet, options: Mapping[str, Any] | None = None) \
        -> list[RuleOption]:
    """The switches worth showing for this character: burns only if they own SFX, the count
    only for repeatable ones, the extra-action count only for extra-action SFX; the initiator
    always; burning fives when the campaign's option is on (or unknown: ``options`` None)."""
    owned = sheet.owned_sfx()
    out: list[RuleOption] = []
    if owned:
        listing = ", ".join(f"{s.id} ({_cost_text(s)}{_trigger_text(s)})" for s in owned.values())
        out.append(RuleOption("sfx", "Burn for", NO_SFX,
                              f"SFX to fire with this roll's sixes, or none: {listing}",
                              choices=(NO_SFX, *owned)))
        if any(s.repeatable for s in owned.values()):
            out.append(RuleOption("sixes", "Sixes", 0,
                                  "dice to burn for it (0: its cost; Power Strike 2: +2D)",
                                  bounds=(0, MAX_SIXES)))
        if any(s.trigger for s in owned.values()):
            out.append(RuleOption("tags", "Roll is", "",
                                  f"for SFX triggers: {' '.join(ROLL_TAGS)}"))
        if any(s.extra_action for s in owned.values()):
            out.append(RuleOption("extra_actions_used", "Extra acts", 0,
                                  "SFX extra actions taken this round",
                                  bounds=(0, EXTRA_ACTIONS_PER_ROUND)))
    if sheet.vehicle is not None:
        out.append(RuleOption("driver", "Driver's skill", 0,
                              "the driver's Drive / Pilot level", bounds=(0, 5)))
    out.append(RuleOption("initiator", "Initiator", True,
                          "this side started it: it wins ties"))
    out += attack_switches(sheet, owned, options)
    out += boon_switches(sheet)
    if options and options.get("archaic_armour"):
        out.append(RuleOption("archaic", "Archaic armour", True,
                              "-1 Power in archaic armour 4+"))
    if options is None or options.get("burning_fives"):
        out.append(RuleOption("burning_fives", "Burn fives", bool(options and
                                                                   options.get("burning_fives")),
                              "fives burn for SFX too"))
    return out


MAX_HULL = 20
"""Past any armour a vehicle has (the Heavy Carrier's 4)."""


def attack_switches(sheet: MyriadSheet, owned: Mapping[str, Sfx],
                    options: Mapping[str, Any] | None) -> list[RuleOption]:
    """What an aimed attack's damage needs that the sheets cannot say (see `aim`)."""
    out: list[RuleOption] = []
    weapons = [data.normalise(g.name) for g in sheet.gear if g.kind == "weapon"]
    if weapons:
        out.append(RuleOption("weapon", "Weapon", "auto",
                              "the weapon the hit uses (auto: fit for the skill)",
                              choices=("auto", "unarmed", *dict.fromkeys(weapons))))
    if options is None or options.get("hit_locations"):
        from gmconsole.systems.myriad.combat_options import body_parts

        rolled = "random" if options and options.get("hit_locations") else "none"
        out.append(RuleOption("aim", "Aim at", rolled,
                              "body part: its penalty and effect; random: 2d6",
                              choices=("none", "random", *body_parts())))
    out.append(RuleOption("nails", "Hard as Nails (foe)", 0,
                          "the target's sixes: a damage die fewer each", bounds=(0, MAX_SIXES)))
    out.append(RuleOption("hull", "Inside a vehicle", 0,
                          "the enclosing vehicle's armour: dice past it roll again",
                          bounds=(0, MAX_HULL)))
    out.append(RuleOption("bonus", "Bonus damage", 0,
                          "extra Resolve dice for a fine quote or evidence",
                          bounds=(0, MAX_BONUS_DICE)))
    if options is None or options.get("magic_free_zap"):
        out.append(RuleOption("zap", "Free zap", bool(options and options.get("magic_free_zap")),
                              "a spell's free damage die; off drops it"))
    if sheet.imbued:
        out.append(RuleOption("item", "Imbued item", "none", "cast the spell in this item",
                              choices=("none", *(i.item for i in sheet.imbued))))
    if sheet.weave is not None or "spell_casting" in sheet.skills:
        out.append(RuleOption("counter", "Countered by", 0,
                              "the target's counter-magic sixes", bounds=(0, 30)))
        out.append(RuleOption("easy_counter", "Easy counter",
                              bool(options and options.get("magic_easy_counter")),
                              "over half the spell's sixes cancel it"))
    if options is None or options.get("romance"):
        out.append(RuleOption("button", "Romance", "none",
                              "Cynicism: plain 1, minor 2, major 3, turn-off 0",
                              choices=("none", "plain", "minor_button", "major_button",
                                       "turn_off")))
    if "witticism" in owned:
        out.append(RuleOption("room", "Room erupts", False,
                              "Witticism: +2 Resolve, not +1"))
    if "knockback" in owned:
        out.append(RuleOption("wall", "Knocked into a wall", False,
                              "Knockback: +1 damage die"))
    return out


def tag_list(extra: Mapping[str, Any]) -> tuple[str, ...]:
    """``tags`` as given: a list, or text "attack, close" / "attack close"."""
    raw = extra.get("tags", ())
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    return tuple(data.normalise(str(t)) for t in raw if str(t).strip())


class PlannedBurn(NamedTuple):
    """An SFX to fire with whatever the roll gives, decided before rolling. (NamedTuples here,
    not dataclasses: defining one costs a third as much when the first odds import this module,
    and `burn_policy` builds a BurnChoice for every outcome of the pool.)"""

    sfx: Sfx
    times: int
    """Activations wanted (each costs ``sfx.cost_sixes`` dice)."""
    faces: tuple[int, ...]
    """Faces that may be burnt: (6,) or (5, 6)."""
    tags: tuple[str, ...]

    @property
    def fives_first(self) -> bool:
        """A five burns for free; a six costs its +1 unless the SFX pays back more."""
        return 5 in self.faces and self.sfx.bonus_per_six < 1


def plan_burn(sheet: MyriadSheet, extra: Mapping[str, Any]) -> PlannedBurn | None:
    """The burn the switches ask for, checked before any die is rolled; None for no burn."""
    wanted = extra.get("sfx")
    if wanted is None or str(wanted).strip().lower() in ("", NO_SFX):
        return None
    if extra.get("burn"):
        raise SfxError("name the SFX either by die numbers (burn) or with the switch (sfx), "
                       "not both")
    owned = sheet.owned_sfx()
    sfx = owned.get(data.normalise(str(wanted)))
    if sfx is None:
        raise SfxError(f"{sheet.who} has no SFX {wanted!r} (owned: {', '.join(owned) or 'none'})")
    dice = switch_count(extra.get("sixes", 0), "sixes")
    cost = sfx.cost_sixes
    if cost == 0:
        if dice:
            raise SfxError(f"{sfx.name} costs no sixes; burn none for it")
        times = 1
    elif dice == 0:
        times = 1
    elif dice % cost or (dice != cost and not sfx.repeatable):
        need = f"multiples of {cost}" if sfx.repeatable else f"exactly {cost}"
        raise SfxError(f"{sfx.name} takes {need} six(es); {dice} asked for")
    else:
        times = dice // cost
    tags = tag_list(extra) or tuple(sfx.trigger)
    missing = [t for t in sfx.trigger if t not in tags]
    if missing:
        raise SfxError(f"{sfx.name} fires only on a {' '.join(sfx.trigger)} roll; "
                       f"this roll is: {' '.join(tags)}")
    used = switch_count(extra.get("extra_actions_used", 0), "extra_actions_used")
    if sfx.extra_action and used >= EXTRA_ACTIONS_PER_ROUND:
        raise SfxError(f"{sfx.name} gives an extra action, and {sheet.who} already took "
                       f"{used} this round (at most {EXTRA_ACTIONS_PER_ROUND} a round)")
    faces = (5, 6) if extra.get("burning_fives") else (6,)
    return PlannedBurn(sfx=sfx, times=times, faces=faces, tags=tags)


class BurnChoice(NamedTuple):
    times: int
    sixes: int
    fives: int
    raw: int
    """Highest die + unburnt sixes + what burnt sixes pay back (skill and modifiers aside)."""


def burn_policy(plan: PlannedBurn, highest: int, sixes: int, fives: int,
                need_raw: int | None) -> BurnChoice:
    """How many activations to pay for, and with which faces, given what was rolled.

    ``need_raw`` is the raw value (highest + sixes) that still succeeds, None when the test has
    no target (then as many as asked for and rolled).
    """
    cost = plan.sfx.cost_sixes
    usable_fives = fives if 5 in plan.faces else 0
    most = plan.times if cost == 0 else min(plan.times, (sixes + usable_fives) // cost)
    for times in range(most, -1, -1):
        dice = times * cost
        if plan.fives_first:
            burnt5 = min(usable_fives, dice)
            burnt6 = dice - burnt5
        else:
            burnt6 = min(sixes, dice)
            burnt5 = dice - burnt6
        raw = highest + sixes - burnt6 + plan.sfx.bonus_per_six * burnt6
        if (times == 0 or not plan.sfx.requires_success or need_raw is None
                or raw >= need_raw):
            return BurnChoice(times=times, sixes=burnt6, fives=burnt5, raw=raw)
    raise AssertionError("unreachable: zero activations always qualify")


def choose_burn(plan: PlannedBurn, dice: Sequence[int], need_raw: int | None) -> \
        tuple[Burn | None, str]:
    """The dice to burn on an actual roll (0-based indices), and a note when the SFX does not
    fire or fires fewer times than asked."""
    choice = burn_policy(plan, max(dice), dice.count(6), dice.count(5), need_raw)
    name = plan.sfx.name
    if choice.times == 0 and plan.sfx.cost_sixes:
        rolled = dice.count(6) + (dice.count(5) if 5 in plan.faces else 0)
        face = "six or five" if 5 in plan.faces else "six"
        if rolled < plan.sfx.cost_sixes:
            return None, f"no {face} to burn for {name}" if plan.sfx.cost_sixes == 1 else \
                f"{rolled} {face}(s) rolled; {name} costs {plan.sfx.cost_sixes}"
        return None, f"{name} not fired: it needs a success"
    if choice.times == 0:
        return None, f"{name} not fired: it needs a success"
    picked = [i for i, f in enumerate(dice) if f == 5][:choice.fives]
    picked += [i for i, f in enumerate(dice) if f == 6][:choice.sixes]
    note = "" if choice.times == plan.times else f"{name} fired {choice.times} of {plan.times} times"
    return Burn(sfx_id=plan.sfx.id, dice=tuple(sorted(picked))), note


def planned_odds(pool: int, skill: int, modifiers: int, need: int, plan: PlannedBurn) -> \
        tuple[Fraction, Fraction]:
    """Exact (P(success), P(success with the SFX fired)) under :func:`burn_policy`."""
    need_raw = need - skill - modifiers
    success = fired = Fraction(0)
    for o in face_outcomes(pool):
        choice = burn_policy(plan, o.highest, o.sixes, o.fives, need_raw)
        if choice.raw >= need_raw:
            success += o.p
            if choice.times:
                fired += o.p
    return success, fired


def switch_count(value: Any, key: str) -> int:
    if value in (None, ""):
        return 0
    return whole(value, key, 0, MAX_SIXES)


def _cost_text(sfx: Sfx) -> str:
    if sfx.cost_sixes == 0:
        return "free"
    each = " each" if sfx.repeatable else ""
    return f"{sfx.cost_sixes} six{'es' if sfx.cost_sixes > 1 else ''}{each}"


def _trigger_text(sfx: Sfx) -> str:
    return f"; {' '.join(sfx.trigger)}" if sfx.trigger else ""
