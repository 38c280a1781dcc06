"""How a System One sheet reads at the table: the roster line, the detail lines (with what
the skills cost and lack), the LP/EF/PW tracks, the tracker's health figure and the status
with its wound badges."""

from __future__ import annotations

from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.system_one import components, rules
from gmconsole.systems.system_one.book import skill_def
from gmconsole.systems.system_one.sheet import SystemOneSheet


def _build_lines(s: SystemOneSheet) -> list[tuple[str, str]]:
    """What the skills cost (each level L costs L x the skill's base cost) and what they lack:
    prerequisites, and the creation guideline (at most three skills above 5, none above 8)."""
    spent = 0
    missing: list[str] = []
    for sk in s.skills:
        book = skill_def(sk.name)
        base = sk.cost or (book.cost if book else 1)
        spent += rules.skill_cost(base, 0, sk.level)
        for name, level in book.prereqs if book else ():
            if sk.level and s.skill_level(name) < level:
                missing.append(f"{sk.label} needs {name} {level}")
    lines = [("Skill points", str(spent))]
    if s.powers:
        lines.append(("Power points", str(sum(p.points for p in s.powers))))
    if missing:
        lines.append(("Prerequisites", "; ".join(missing)))
    high = [sk.label for sk in s.skills if sk.level > 5 and not sk.name.lower().startswith("language")]
    if len(high) > 3 or any(sk.level > 8 and not sk.name.lower().startswith("language") for sk in s.skills):
        lines.append(("Creation guideline", "at most 3 skills above 5 and none above 8 at the start"))
    return lines


def _short_effects(location: str, damage: int, lp: int) -> list[str]:
    """A location's wound effects as badges short enough for a narrow roster ("L arm -15%",
    "R leg: Walk"); the sheet lines spell them out."""
    band = rules.location_band(damage, lp)
    if band == 0:
        return []
    short = location.replace("left ", "L ").replace("right ", "R ")
    if band == 4:
        return [] if location == "torso" else [f"{short} lost"]
    pace = "Walk" if band == 3 else "Trot"
    if location in rules.ARMS:
        return [f"{short} {rules.LIMB_SKILL_PENALTY[band]}%" + (", dropped" if band == 3 else "")]
    if location == "head":
        return [f"head {rules.LIMB_SKILL_PENALTY[band]}%, {pace}"]
    return [f"{short}: {pace}"]


def describe(s: SystemOneSheet) -> str:
    attrs = " ".join(f"{k} {v}" for k, v in s.attributes.items())
    return f"{attrs} | LP {s.lp - s.damage}/{s.lp} EF {s.ef - s.ef_spent}/{s.ef} PW {s.pw}"


def sheet_lines(s: SystemOneSheet) -> list[tuple[str, str]]:
    if s.components:  # a vehicle: its profile (STA stands for DUR), speed, parts and hit tables
        profile = f"STR {s.attr('STR')}, DUR {s.attr('STA')}, AGL {s.attr('AGL')}, size level {s.size_level}"
        held = [("Hits this round", ", ".join(f"{h.raw} to {h.location}" for h in s.held))] if s.held else []
        return [
            ("Profile", profile),
            ("Speed", f"{s.running} m/turn"),
            *components.lines(s.components, s.size_level),
            *held,
        ]
    lines = [(f"{rules.ATTRIBUTE_NAMES[k]} ({k})", str(v)) for k, v in s.attributes.items()]
    lines.append(
        (
            "LP / EF / PW",
            f"{s.lp - s.damage}/{s.lp}  {s.ef - s.ef_spent}/{s.ef}  {s.pw - s.pw_allocated}/{s.pw}",
        )
    )
    lines.append(("Movement", f"run {s.running} m/turn, leap {s.leap} m"))
    for sk in s.skills:
        blank = not sk.attr and skill_def(sk.name) is None
        lines.append((f"Skill: {sk.label}", f"{sk.level}" + (" (needs an attribute)" if blank else "")))
    for p in s.powers:
        lines.append(
            (
                f"Power: {p.name}",
                f"{p.points} points, PW {p.pw}, EF {p.ef}" + (" (on)" if p.active else ""),
            )
        )
    for w in s.weapons:
        extra = f", range {w.range_m} m" if w.range_m else (f", reach {w.reach_m} m" if w.reach_m else "")
        extra += f", ROF {w.rof}" if w.rof > 1 else ""
        extra += f", {w.hands}-handed" if w.hands > 1 else ""
        lines.append((f"Weapon: {w.name}", f"{w.damage} {w.type} ({w.skill or 'unskilled'}){extra}"))
    for a in s.armour:
        wear = f" (worn to {a.value})" if a.current is not None and a.current != a.physical else ""
        classes = "".join(
            f", {name} {value}"
            for name, value in (("energy", a.energy), ("mental", a.mental), ("sensory", a.sensory))
            if value
        )
        piercing = f", {a.against('piercing')} against piercing" if a.vs_piercing < 1 else ""
        lines.append(
            (
                f"Armour: {a.name}",
                f"{a.physical}{wear}{piercing}{classes} on {', '.join(a.locations)}"
                + (f", integrity {a.integrity}" if a.integrity else ""),
            )
        )
    if s.pace or s.defence:
        doing = [f"moving at a {s.pace}"] if s.pace else []
        if s.defence:
            doing.append(f"defending {s.defence}" + (" unarmed" if s.defence_unarmed else ""))
        lines.append(("This round", ", ".join(doing)))
    hurt = [f"{k.replace('_', ' ')} {v}" for k, v in s.wounds.items() if v]
    effects = [e for loc in rules.LOCATIONS for e in rules.location_effects(loc, s.wound(loc), s.lp)]
    if s.bleed:
        hurt.append(f"bleeding {s.bleed}")
    if hurt:
        lines.append(("Wounds", ", ".join(hurt)))
    if effects:
        lines.append(("Wound effects", "; ".join(effects)))
    if s.held:
        lines.append(("Hits this round", ", ".join(f"{h.raw} to the {h.location}" for h in s.held)))
    lines += _build_lines(s)
    lines.append(("XP / IP", f"{s.xp} / {s.ip}"))
    return lines


def tracks(s: SystemOneSheet) -> list[TrackView]:
    if s.components:  # a vehicle: each part's Structure Points
        return [
            TrackView(
                p.name, "points", max(0, p.sp - p.damage), p.sp, note="destroyed" if p.destroyed else ""
            )
            for p in s.components
        ]
    state = s.state()
    q = rules.wound_thresholds(s.lp)
    note = state + ("" if s.conscious or state == "dead" else ", unconscious")
    if not s.stabilised and state != "dead":
        note += ", bleeding"
    out = [
        TrackView(
            "LP",
            "points",
            s.lp - s.damage,
            s.lp,
            labels=tuple(f"{n} at {d}" for n, d in zip(("wounded", "serious", "critical"), q, strict=True)),
            note=note,
        ),
        TrackView("EF", "points", max(0, s.ef - s.ef_spent), s.ef),
    ]
    if s.pw:
        out.append(TrackView("PW", "points", s.pw - s.pw_allocated, s.pw, note="free"))
    return out


def health(s: SystemOneSheet) -> str:
    held = f" +{sum(h.raw for h in s.held)}?" if s.held else ""
    if s.components:
        return components.summary(s.components) + held
    return f"LP {s.lp - s.damage}/{s.lp}{held}"


def status(s: SystemOneSheet) -> StatusView:
    if s.components:
        lost = tuple(f"{p.name} lost" for p in s.components if p.destroyed)
        if len(lost) == len(s.components):
            return StatusView("down", "wrecked", "every part destroyed", lost)
        hurt = any(p.damage for p in s.components)
        return StatusView("hurt" if hurt else "ok", "damaged" if hurt else "ok", "", lost)
    state = s.state()
    flags: list[str] = []
    for loc in rules.LOCATIONS:
        flags += _short_effects(loc, s.wound(loc), s.lp)
    if not s.stabilised and state != "dead":
        flags.append("bleeding")
    if state == "dead":
        why = "head wound" if rules.location_band(s.wound("head"), s.lp) == 4 else "past LP + STA/10"
        return StatusView("dead", "dead", why, tuple(flags))
    if state == "dying":
        return StatusView("down", "dying", f"{s.damage} of {s.lp} LP, unconscious", tuple(flags))
    if not s.conscious:
        return StatusView("down", "unconscious", state, tuple(flags))
    if state != "healthy" or s.damage:
        return StatusView("hurt", state, f"{rules.SKILL_PENALTY[state]:+d}% to skills", tuple(flags))
    return StatusView("ok", "ok", "", tuple(flags))
