"""Growing and recovering between scenes: raising a skill with XP or IP (`raise WHO SKILL
[ip]`) and the hours an unconscious character lies waiting to wake (`hours WHO N`).

Experience: 1 XP buys 1 point of anything (GM's veto); 25 IP buy 1 point, only on skills and
powers already held. A skill level L costs L x its base cost, one level at a time.
"""

from __future__ import annotations

from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene, SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.book import skill_def
from gmconsole.systems.system_one.sheet import MAX_SKILL, Skill, SystemOneSheet

IP_PER_POINT = 25
MAX_HOURS = 48
"""Hours a single `hours` line may pass: two days of hourly rolls, past which the book's wake
chance has long become a bonus."""


def raise_skill(s: SystemOneSheet, args: list[str]) -> SheetChange:
    """One level up in a skill: L x the base cost, paid in XP (or IP at 25 a point, for a
    skill already held). A skill the book does not list needs its attribute on the sheet."""
    use_ip = bool(args) and args[-1].lower() == "ip"
    name = " ".join(args[:-1] if use_ip else args).strip()
    if not name:
        raise RulesError("usage: raise WHO SKILL [ip]")
    new = s.model_copy(deep=True)
    held = next((k for k in new.skills if name.lower() in (k.label.lower(), k.name.lower())), None)
    book = skill_def(name)
    if held is None:
        if use_ip:
            raise RulesError("IP only raise skills already held: pay a new skill with XP")
        if book is None:
            raise RulesError(
                f"the book lists no skill {name!r}: add it to the sheet with its attribute first"
            )
        held = Skill(name=book.name, level=0)
        new.skills.append(held)
    base = held.cost or (book.cost if book else 1)
    level = held.level + 1
    if level > MAX_SKILL and not held.special:
        raise RulesError(
            f"{held.label} is at {held.level}: above {MAX_SKILL} needs the GM's say-so (special)"
        )
    cost = rules.skill_cost(base, held.level, level)
    if use_ip:
        if held.level == 0:
            raise RulesError("IP only raise skills already held: pay the first level with XP")
        need = cost * IP_PER_POINT
        if need > s.ip:
            raise RulesError(f"{held.label} {level} costs {cost} point(s) = {need} IP; {s.ip} IP held")
        new.ip -= need
        paid = f"{need} IP"
    else:
        if cost > s.xp:
            raise RulesError(f"{held.label} {level} costs {cost} XP; {s.xp} XP held")
        new.xp -= cost
        paid = f"{cost} XP"
    held.level = level
    missing = [f"{p} {lv}" for p, lv in (book.prereqs if book else ()) if new.skill_level(p) < lv]
    note = f" (prerequisites missing: {', '.join(missing)})" if missing else ""
    return SheetChange(
        new, f"raises {held.label} to {level} for {paid}{note}", {"skill": held.label, "level": level}
    )


def regenerate(s: SystemOneSheet, args: list[str], scene: Scene) -> SheetChange:
    """Regeneration II, once a minute: 3 EF (times the wound state) and a STA roll; made,
    1 point heals where named (or the one hurt place); missed, that point stays for 24 h."""
    from gmconsole.systems.system_one.damage import heal_where, lower
    from gmconsole.systems.system_one.exertion import spend

    if not any(" ".join(p.name.lower().split()) == "regeneration ii" for p in s.powers):
        raise RulesError("needs the power Regeneration II on the sheet")
    where = heal_where(s, "-".join(args).lower() or None)
    new, cost = spend(s, 3)
    chance = s.attr("STA")
    face = next_face(scene.dice, scene.rng, 100)
    if not rules.check(face, chance):
        return SheetChange(
            new,
            f"Regeneration II: {face} against STA {chance}%, fails ({cost} EF); "
            "that point cannot regenerate for 24 h",
        )
    healed = lower(new, 1, where, "rounded")
    return SheetChange(
        healed.sheet, f"Regeneration II: {face} against STA {chance}% ({cost} EF): {healed.text}"
    )


def pass_hours(s: SystemOneSheet, args: list[str], scene: Scene) -> SheetChange:
    """N hours pass for an unconscious character: once stabilised, each hour a STA roll at
    -10 x (12 - hours out) wakes them (a bonus past 12 hours); not stabilised, no roll."""
    if len(args) != 1:
        raise RulesError("usage: hours WHO N")
    hours = whole(args[0], "hours", 1, MAX_HOURS)
    if s.conscious:
        raise RulesError("already conscious: hours counts an unconscious character's wait to wake")
    if s.state() in ("dying", "dead"):
        raise RulesError(f"no waking while {s.state()}: stabilise and heal first")
    new = s.model_copy(deep=True)
    if not new.stabilised:
        new.hours_unconscious = min(10_000, new.hours_unconscious + hours)
        return SheetChange(new, f"lies unconscious {hours} h: not stabilised, so no roll to wake")
    rolls: list[str] = []
    for _ in range(hours):
        new.hours_unconscious = min(10_000, new.hours_unconscious + 1)
        chance = rules.wake_chance(s.attr("STA"), new.hours_unconscious)
        face = next_face(scene.dice, scene.rng, 100)
        rolls.append(f"{face} vs {chance}%")
        if rules.check(face, chance):
            new.conscious, new.hours_unconscious = True, 0
            return SheetChange(new, f"wakes after {len(rolls)} h ({', '.join(rolls[-3:])})")
    return SheetChange(new, f"still unconscious after {hours} h ({', '.join(rolls[-3:])})")
