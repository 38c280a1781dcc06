"""The roster's detail view of a Mythmagica sheet, in the book's order: attributes, HP and FP,
Defense (and against missiles), recovery, size, resistances, Guts, weapons, abilities, traits."""

from __future__ import annotations

from gmconsole.systems.mythmagica import procedures, rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet


def sheet_lines(s: MythmagicaSheet) -> list[tuple[str, str]]:
    d = s.derived
    lines = [("Race", s.race), ("Cast", s.cast), ("Level", f"{s.lvl} (XP {s.xp})")]
    lines.append(("Basic", " ".join(f"{k} {v:+d}" for k, v in s.basics.items())))
    lines.append(("Derived", " ".join(f"{k} {d[k]:+d}" for k in rules.DERIVED_NAMES)))
    lines.append(("HP / FP", f"{s.hp_max - s.damage}/{s.hp_max}  {s.fp_max - s.setback}/{s.fp_max}"))
    lines.append(
        (
            "Defense",
            f"{s.defense} ({s.defense - s.parry} vs missiles)  Stability {s.stability}  "
            f"Ward {s.ward}  Speed {s.speed} ft",
        )
    )
    lines.append(("Recovery", f"Daily Healing Rate {d['DHR']}  Magic Limit {d['magic_limit']}"))
    if s.size or s.organs is False:
        size = s.size or "Medium"
        lines.append(
            (
                "Size",
                f"{size}, reach {procedures.reach_ft(size)} ft"
                + ("; no internal organs" if s.organs is False else ""),
            )
        )
    if s.resist:
        lines.append(("Resistance", "; ".join(f"{v} to {k}" for k, v in s.resist.items())))
    if s.principal:
        lines.append(("Principal", s.principal))
    if s.overcome:
        lines.append(("Overcome", f"{s.overcome}, to the end of the scene"))
    if s.named:
        lines.append(("Guts", f"{s.guts_spent} spent, Glory Status {rules.glory_status(s.guts_spent)}"))
    for w in s.weapons:
        hit = f"dmg {w.damage}" if w.damage or not w.setback else f"setback {w.setback}"
        lines.append((w.name, f"attack {s.attack_bonus(w):+d}, {hit}, parry {w.parry}"))
    for a in s.abilities:
        lines.append((a.name, f"rank {a.rank}" + (f" ({' '.join(a.attrs)})" if a.attrs else "")))
    for label, items in (("Traits", s.traits), ("Flaws", s.flaws), ("Conditions", s.conditions)):
        if items:
            lines.append((label, "; ".join(items)))
    if s.armour:
        lines.append(("Armour", f"{s.armour} (ward {s.armour_ward})"))
    return lines
