"""The vehicle module's verbs on a vehicle's sheet (spec §4.11, T-26, T-27).

- ``chase PURSUER ESCAPEE [ESCAPEE_ROLL OWN_ROLL] [city] [heads=N] [peel|peel=pursuer]``: one
  round of a chase, kept on the pursuer's sheet: the tally moves by the escapee's velocity class
  less the pursuer's (someone on foot is VC 1), then +1 when the escapee's Speed/Drive roll
  equals or beats the pursuer's, else -1 (rulings E1, E3), never below 0 (E2); at 3 the pursuer
  is lost. Without the two totals, each vehicle's last Speed test is read. The vehicle SFX of
  the chase: City Driver (``city``: +1 more to this pursuer's tally), Head 'Em Off (``heads=N``:
  the pursuer's driver saves N sixes; at the third the car is out of contact next round, then
  reappears about 100 m ahead with its tally at 0), Peel Out (``peel``: the escapee,
  ``peel=pursuer``: the pursuer wins the first roll from standing). ``chase PURSUER ESCAPEE
  end`` drops the tally. Shots between the cars take -tally (see `aim`); ramming needs tally 0.
- ``section SHIP set LOCATION BOXES`` / ``hit LOCATION|D100 BOXES`` / ``repair LOCATION
  RESULT``: a massive vessel's critical locations (T-27), each with the wound boxes the Guide
  gives it (E6); once it has some, ``hit`` and ``dmg SHIP N`` roll the d100 for where wounds
  land (`located_hit`). Damage past a location's boxes spills onto the ship's critical line (its
  superstructure) and the location is lost, with its effect (Shielding lost: Hardened 1).
  A repair is Intellect/Mechanics against TN 12 - the location's boxes left, 1 + margin boxes
  back, at -1 while Engineering is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import SheetAction, SheetChange
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.healing import MEDIC_BASE_TN
from gmconsole.systems.myriad.sheet import Chase, MyriadSheet, Section, Vehicle
from gmconsole.systems.myriad.vehicles import (
    Pursuer,
    can_ram,
    chase_lost,
    chase_ranged_penalty,
    chase_round,
    ship_location,
)

VEHICLE_ACTIONS = (
    SheetAction("chase", "Chase round", "ESCAPEE [ESCAPEE_ROLL OWN_ROLL] [city] [heads=N] "
                "[peel|peel=pursuer] | ESCAPEE end",
                "a pursuer's tally this round: +VC gap, +1/-1 on the rolls, lost at 3",
                other=True),
    SheetAction("section", "Ship location", "set LOCATION BOXES | hit LOCATION|D100 BOXES | "
                "repair LOCATION RESULT",
                "a massive vessel's location boxes; past them onto the superstructure"),
)
HEAD_EM_OFF_SIXES = 3
MAX_ROLL = 99
CHASE_USAGE = ("usage: chase PURSUER ESCAPEE [ESCAPEE_ROLL OWN_ROLL] [city] [heads=N] "
               "[peel|peel=pursuer] | chase PURSUER ESCAPEE end")
ON_FOOT_VC = 1
"""Someone fleeing on foot is a pedestrian (T-24)."""


def _vehicle(sheet: MyriadSheet) -> Vehicle:
    if sheet.vehicle is None:
        raise MyriadError(f"{sheet.who} is not a vehicle (gen vehicle TYPE WOUNDS CRITICAL)")
    return sheet.vehicle


def perform(sheet: MyriadSheet, action: str, args: Sequence[str],
            other: MyriadSheet | None = None) -> SheetChange:
    """Run ``chase`` (``other``: the escapee) or ``section`` on a copy of the vehicle's sheet."""
    new = sheet.model_copy(deep=True)
    vehicle = _vehicle(new)
    if action == "chase":
        if other is None:
            raise MyriadError(CHASE_USAGE)
        text = chase(vehicle, _rolls(sheet, other, args), other)
    else:
        text = section(new, vehicle, args)
    return SheetChange(sheet=new, text=text)


def _speed_total(sheet: MyriadSheet) -> int | None:
    test = sheet.last_test
    if test is None or not test.option.startswith("speed"):
        return None
    return test.total


def _rolls(pursuer: MyriadSheet, escapee: MyriadSheet, args: Sequence[str]) -> list[str]:
    """The arguments with the two totals first: typed, else each vehicle's last Speed test."""
    words = list(args)
    typed = [w for w in words[:2] if w.isascii() and w.isdigit()]
    if len(typed) == 2 or [w.lower() for w in words] == ["end"] or \
            (pursuer.vehicle and pursuer.vehicle.chase and pursuer.vehicle.chase.absent):
        return words
    if typed:
        raise MyriadError(f"type both totals, the escapee's then the pursuer's; {CHASE_USAGE}")
    escaping, own = _speed_total(escapee), _speed_total(pursuer)
    if escaping is None or own is None:
        lacking = escapee.who if escaping is None else pursuer.who
        raise MyriadError(f"{lacking} has no Speed test to read (check WHO speed/drive), or type "
                          f"both totals; {CHASE_USAGE}")
    return [str(escaping), str(own), *words]


def _switches(words: Sequence[str]) -> tuple[bool, int, str]:
    """City Driver, Head 'Em Off sixes, and who peels out ("" for nobody)."""
    city, heads, peel = False, 0, ""
    for word in words:
        key, _, value = word.lower().partition("=")
        if key == "city" and not value:
            city = True
        elif key == "heads":
            heads = whole(value, "Head 'Em Off sixes", 1, HEAD_EM_OFF_SIXES)
        elif key == "peel" and value in ("", "escapee", "pursuer"):
            peel = value or "escapee"
        else:
            raise MyriadError(f"chase: {word!r} is not a chase switch; {CHASE_USAGE}")
    return city, heads, peel


def chase(vehicle: Vehicle, args: Sequence[str], escapee: MyriadSheet) -> str:
    """One chase round for this pursuer after ``escapee`` (see the module docstring)."""
    if [a.lower() for a in args] == ["end"]:
        if vehicle.chase is None:
            raise MyriadError("this vehicle is not in a chase")
        vehicle.chase = None
        return "leaves the chase"
    state = vehicle.chase or Chase()
    if chase_lost(state.tally):
        raise MyriadError("this pursuer is already lost (chase PURSUER end)")
    if state.absent:
        if args:
            raise MyriadError("out of contact this round after Head 'Em Off: no rolls "
                              "(chase PURSUER ESCAPEE alone)")
        vehicle.chase = Chase(rounds=state.rounds + 1)
        return "Head 'Em Off: reappears about 100 m ahead of the target: tally 0"
    if len(args) < 2:
        raise MyriadError(CHASE_USAGE)
    escapee_vc = escapee.vehicle.vc if escapee.vehicle is not None else ON_FOOT_VC
    fleeing = whole(args[0], "the escapee's roll", 0, MAX_ROLL)
    own = whole(args[1], "the pursuer's roll", 0, MAX_ROLL)
    city, heads, peel = _switches(args[2:])
    notes = []
    rolls = f"escapee {fleeing} vs {own}"
    if peel and state.rounds == 0:
        fleeing, own = (1, 0) if peel == "escapee" else (0, 1)
        notes.append(f"Peel Out: the {peel} wins the first roll")
    (tally,) = chase_round(escapee_vc, fleeing, [(Pursuer(vc=vehicle.vc, tally=state.tally),
                                                  own)])
    if city:
        tally += 1
        notes.append("City Driver +1")
    tally = min(tally, 3)
    saved = state.saved_sixes + heads
    absent = False
    if heads:
        if saved >= HEAD_EM_OFF_SIXES and not chase_lost(tally):
            absent, saved, tally = True, 0, 0
            notes.append("Head 'Em Off: out of contact next round, then about 100 m ahead")
        else:
            notes.append(f"Head 'Em Off: {saved} of {HEAD_EM_OFF_SIXES} sixes saved")
    vehicle.chase = Chase(tally=tally, rounds=state.rounds + 1, saved_sixes=min(saved, 2),
                          absent=absent)
    text = f"chase round {state.rounds + 1} ({rolls}): tally {state.tally} -> {tally}"
    if notes:
        text += f" ({'; '.join(notes)})"
    if chase_lost(tally):
        return text + ": the pursuer is lost"
    if can_ram(tally):
        return text + ": right behind, ramming possible"
    return text + f": shots between them {chase_ranged_penalty(tally):+d}"


def _location(word: str) -> str:
    """A location's name from its name or a d100 roll (ruling C10: Sickbay 96-100)."""
    if word.isascii() and word.isdigit():
        return data.normalise(ship_location(whole(word, "the d100 roll", 1, 100)))
    key = data.normalise(word)
    known = [data.normalise(r["system"]) for r in data.rows("vehicles", "ship_locations")]
    if key not in known:
        raise MyriadError(f"no ship location {word!r} (known: {', '.join(known)})")
    return key


def _row(key: str) -> dict:
    return next(r for r in data.rows("vehicles", "ship_locations")
                if data.normalise(r["system"]) == key)


def section(sheet: MyriadSheet, vehicle: Vehicle, args: Sequence[str]) -> str:
    """Set, hit or repair one of a massive vessel's locations (see the module docstring)."""
    usage = ("usage: section SHIP set LOCATION BOXES | hit LOCATION|D100 BOXES | "
             "repair LOCATION RESULT")
    if len(args) != 3 or args[0].lower() not in ("set", "hit", "repair"):
        raise MyriadError(usage)
    verb, key = args[0].lower(), _location(args[1])
    name = str(_row(key)["system"])
    if verb == "set":
        boxes = whole(args[2], f"{name}'s wound boxes", 0, 60)
        sections = dict(vehicle.sections)
        if boxes:
            sections[key] = Section(boxes=boxes)
        else:
            sections.pop(key, None)
        vehicle.sections = sections
        return f"{name}: {boxes} wound boxes" if boxes else f"{name}: no boxes of its own"
    place = vehicle.sections.get(key)
    if place is None:
        raise MyriadError(f"{name} has no wound boxes yet: section SHIP set {key} BOXES")
    if verb == "hit":
        return _hit(sheet, vehicle, key, place, whole(args[2], "boxes", 0, 999))
    return _repair(vehicle, key, place, whole(args[2], "the Intellect/Mechanics result", 0,
                                              MAX_ROLL))


def located_hit(sheet: MyriadSheet, boxes: int, roll: int) -> SheetChange | None:
    """Wounds to a massive vessel land where the d100 ``roll`` says (T-27); None when that
    location has no boxes of its own (the hit then goes on the ship's line as usual)."""
    new = sheet.model_copy(deep=True)
    vehicle = _vehicle(new)
    key = data.normalise(ship_location(roll))
    place = vehicle.sections.get(key)
    if place is None:
        return None
    text = _hit(new, vehicle, key, place, boxes)
    line = new.line("wounds")
    return SheetChange(sheet=new, text=f"d100 {roll}: {text}", harmed=boxes > 0,
                       detail={"section": key, "roll": roll, "status": line.status})


def _hit(sheet: MyriadSheet, vehicle: Vehicle, key: str, place: Section, boxes: int) -> str:
    name = str(_row(key)["system"])
    was_standing = place.crossed < place.boxes
    taken = min(boxes, place.boxes - place.crossed)
    place.crossed += taken
    text = f"{name} takes {taken} ({place.boxes - place.crossed}/{place.boxes} left)"
    spill = boxes - taken
    if spill:
        result = sheet.line("wounds").apply(spill, to_critical=True)
        line = sheet.line("wounds")
        text += (f"; {result.critical + result.main} onto the superstructure "
                 f"({line.critical_remaining} critical left)")
        if line.status == "dead":
            text += ": the ship explodes or breaks apart"
    if was_standing and place.crossed == place.boxes:
        text += f"; {name} lost: {_row(key)['if_destroyed']}"
        if key == "shielding" and vehicle.hardened > 1:
            vehicle.hardened = 1
            text += " (Hardened 1)"
    return text


def _repair(vehicle: Vehicle, key: str, place: Section, result: int) -> str:
    name = str(_row(key)["system"])
    penalty = -1 if (lost := vehicle.sections.get("engineering")) and \
        lost.crossed == lost.boxes and key != "engineering" else 0
    tn = MEDIC_BASE_TN - (place.boxes - place.crossed)
    total = result + penalty
    if total < tn:
        return f"repair {name}: {total} vs TN {tn}: failure" + \
            (" (Engineering lost -1)" if penalty else "")
    back = min(place.crossed, 1 + total - tn)
    place.crossed -= back
    return (f"repair {name}: {total} vs TN {tn}: {back} box(es) back "
            f"({place.boxes - place.crossed}/{place.boxes})"
            + (" (Engineering lost -1)" if penalty else ""))
