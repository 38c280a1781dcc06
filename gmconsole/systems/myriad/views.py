"""How a Myriad sheet looks to the console: box rows, the status word, and log phrases.

The record sheet draws Wounds, Critical and Resolve as rows of boxes; the console does the same
through neutral `TrackView`s, one row per line and the critical line as its own row, each with
a note saying what an empty row means. The status word is the book's: active, hurt, KO
(incapacitated), conceded (out of that conflict), dead (or the line's own permanent effect).
"""

from __future__ import annotations

from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.myriad.conflict import resilience_types
from gmconsole.systems.myriad.resilience import Resilience
from gmconsole.systems.myriad.sheet import Gear, MyriadSheet

MAIN_ROW_NOTES = {"wounds": "KO at 0", "resolve": "concedes at 0", "nerve": "flees at 0"}
"""What an empty main row means, by line (spec §3.5, §4.9); others: "out at 0"."""


def line_title(key: str) -> str:
    """A line's short name: "Wounds", "Resolve", "Nerve" (the data's name without its note)."""
    kind = resilience_types().get(key)
    return kind.name.split(" (")[0] if kind else key.replace("_", " ").title()


def effect_word(effect: str) -> str:
    """What an empty critical row makes of someone, as a status word."""
    return {"death": "dead", "madness": "insane", "": "out"}.get(effect, effect)


def boxes(n: int) -> str:
    return f"{n} box" if n == 1 else f"{n} boxes"


def boxes_left(line_id: str, line: Resilience) -> str:
    """ "wounds 2/6, critical 3/3 left" for the dice log."""
    left = f"{line_id} {line.remaining}/{line.boxes}"
    if line.has_critical:
        left += f", critical {line.critical_remaining}/{line.critical}"
    return f"{left} left"


def track_views(s: MyriadSheet) -> list[TrackView]:
    """One box row per line as the record sheet draws them (Wounds, Critical, Resolve): a
    critical line is its own row under its main line; each note says what an empty row
    means ("KO at 0", "dead at 0", "concedes at 0")."""
    views: list[TrackView] = []
    for key, line in s.resilience.items():
        title = line_title(key)
        main_note = MAIN_ROW_NOTES.get(key, "out at 0")
        views.append(TrackView(name=title, kind="boxes", value=line.crossed,
                               maximum=line.boxes, note=main_note))
        if line.critical_line is not None:
            name = "Critical" if key == "wounds" else f"{title} crit"
            views.append(TrackView(name=name, kind="boxes", value=line.critical_crossed,
                                   maximum=line.critical,
                                   note=f"{effect_word(line.permanent_effect)} at 0"))
    return views


def status_view(s: MyriadSheet) -> StatusView:
    """ "active" or "hurt"; "KO" (incapacitated: a critical line's main row empty);
    "conceded" (Resolve or another plain line empty: out of that conflict); "dead" (the
    Wounds critical row empty; another critical line's effect: "insane" for Nerve).
    Ongoing effects (bleeding, burning) are the flags."""
    flags = tuple(e.kind.value for e in s.effects) + tuple(x.replace("_", " ") for x in s.states)
    lines = sorted(s.resilience.items(), key=lambda kv: not kv[1].has_critical)
    for key, line in lines:
        if line.status == "dead":
            return StatusView(health="dead", label=effect_word(line.permanent_effect),
                              detail=f"{line_title(key)} critical row empty", flags=flags)
    for key, line in lines:
        if line.status == "incapacitated" and line.has_critical:
            return StatusView(health="down", label="KO" if key == "wounds" else "out",
                              detail=f"incapacitated: {line_title(key)} empty", flags=flags)
    for key, line in lines:
        if line.status == "incapacitated":
            return StatusView(health="down", label="conceded",
                              detail=f"{line_title(key)} empty: out of this conflict",
                              flags=flags)
    hurt = any(line.crossed or line.critical_crossed for line in s.resilience.values())
    return StatusView(health="hurt" if hurt else "ok", label="hurt" if hurt else "active",
                      flags=flags)


def describe(s: MyriadSheet) -> str:
    """ "Pow 5 Gra 4 Int 3 Spi 4 · armour 3 · Long sword 4D": what a GM needs for an attack;
    the resilience lines are drawn as box rows by `tracks`, so they are not repeated here."""
    if s.vehicle is not None:
        v = s.vehicle
        text = f"Speed {v.speed} Manoeuvre {v.manoeuvre} · VC {v.vc} · armour {s.armour}"
        text += f" · HT {v.hardened}" if v.hardened else ""
        return text + (" · encloses passengers" if v.encloses_passengers else "")
    parts = [" ".join(f"{k[:3].title()} {v}" for k, v in s.stats.items())]
    if s.armour:
        parts.append(f"armour {s.armour}")
    weapons = [f"{g.name} {g.damage_dice}D" for g in s.gear if g.kind == "weapon"]
    parts.append(", ".join(weapons) or f"unarmed {s.unarmed_dice}D")
    return " · ".join(parts)


def sheet_lines(s: MyriadSheet) -> list[tuple[str, str]]:
    """Label/value pairs for the roster's detail view, in the record sheet's order."""
    out = [(k.title(), str(v)) for k, v in s.stats.items()]
    out += [(k.replace("_", " ").title(), str(v)) for k, v in s.skills.items()]
    out += [("SFX", ", ".join(f"{x.name} ({x.cost_sixes} six)" for x in s.sfx) or "-")]
    out += [("Boons/flaws", ", ".join(f"{b.id} {b.level}" for b in s.boons_flaws) or "-")]
    if s.boons_flaws:
        out += [("Boon GP", f"{s.gp_from_boons_flaws:+d}")]
    out += [("Power level", s.power_level)]
    if s.resource_points:
        out += [("Resource points", str(s.resource_points))]
    out += [("Gear", ", ".join(_gear_text(g) for g in s.gear) or "-")]
    out += [("Armour", str(s.armour)), ("Unarmed", f"{s.unarmed_dice}D")]
    out += [("Level", f"{s.level} ({s.xp} XP)")]
    out += [(k.title(), _line_text(k, line)) for k, line in s.resilience.items()]
    if s.effects:
        out.append(("Effects", ", ".join(e.kind.value for e in s.effects)))
    if s.states:
        out.append(("State", ", ".join(x.replace("_", " ") for x in s.states)))
    if s.movement_lost:
        out.append(("Movement lost", f"{s.movement_lost} m"))
    if s.wing_wounds:
        from gmconsole.systems.myriad.body import flying_speed_lost

        out.append(("Flying speed", f"-{flying_speed_lost(s)}%"))
    if s.vehicle is not None and s.vehicle.chase is not None:
        out.append(("Chase tally", str(s.vehicle.chase.tally)))
    if s.vehicle is not None and s.vehicle.sections:
        out.append(("Locations", ", ".join(f"{k.replace('_', ' ')} {p.boxes - p.crossed}/"
                                           f"{p.boxes}" for k, p in s.vehicle.sections.items())))
    if s.shield:
        out.append(("Magic shield", str(s.shield)))
    return out


def _line_text(key: str, line: Resilience) -> str:
    text = f"{key.title()} {line.remaining}/{line.boxes}"
    if line.has_critical:
        text += f" Crit {line.critical_remaining}/{line.critical}"
    return text

def _gear_text(item: Gear) -> str:
    price = f", {item.rp} RP" if item.rp else ""
    if item.kind == "weapon":
        return f"{item.name} {item.damage_dice}D{' edged' if item.edged else ''}{price}"
    if item.kind == "armour":
        return f"{item.name} (armour {item.armour}{price})"
    return f"{item.name}{f' ({item.rp} RP)' if item.rp else ''}"
