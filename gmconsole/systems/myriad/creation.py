"""Point-buy character creation: presets and the validator (spec §3.8, T-1, T-2, T-5).

Pools: statistic points, skill points, SFX points, health points (extra resilience boxes) and
general points (GP). A pool point overspent is bought with GP (stat 3, skill 1, SFX 2, health 1 GP);
pool points left over may be turned into GP at the same rates **only to buy boons**, never back.
Flaws give GP. Health: a Wound box costs 2, a Critical or Resolve box 1.

Rulings: A1 (default preset = the Recommended Method 16/14/5/12/6, stats 1-7, skills <= 4; the
per-stat presets of T-1 are offered too), A2 (Critical base = ceil(Power / 2) before buying), A3
(Wounds + Critical count as one resilience for the health pool).

The validator never raises on a bad build: it returns every problem, each naming its field, so the
editor can show them all at once; the `build` verb shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.resilience import base_critical
from gmconsole.systems.myriad.sheet import MyriadSheet

STANDARD_SKILL_COUNT = 16
"""The recommended game has "around 16 skills" (used to size the per-4-skills pool)."""


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    stat_points: int
    skill_points: int
    sfx_points: int
    health_points: int
    gp: int
    stat_min: int = 1
    stat_max: int = 7
    skill_max: int = 4
    wound_box_cost: int = 2
    critical_box_cost: int = 1
    resolve_box_cost: int = 1


@cache
def gp_rates() -> dict[str, int]:
    return {r["pool"]: r["gp"] for r in data.rows("power_levels", "gp_rates")}


def preset(preset_id: str = "recommended", *, stats: int = 4,
           skills: int = STANDARD_SKILL_COUNT, resiliences: int = 2) -> Preset:
    """A named preset: "recommended" (the default), or "mundane" / "heroic" / "godlike" sized
    from T-1 for a game with ``stats`` statistics, ``skills`` skills and ``resiliences`` lines."""
    key = data.normalise(preset_id)
    if key == "recommended":
        row = data.row("power_levels", "presets", "id", key, what="preset")
        return Preset(**{k: row[k] for k in Preset.__dataclass_fields__})
    ids = [r["id"] for r in data.rows("power_levels", "pools")]
    if key not in ids:
        data.row("power_levels", "presets", "id", preset_id, what="preset")
    row = data.row("power_levels", "pools", "id", key, what="power level")
    return Preset(id=key, name=row["name"], stat_points=row["per_stat"] * stats,
                  skill_points=row["per_4_skills"] * skills // 4, sfx_points=row["sfx"],
                  health_points=row["per_resilience"] * resiliences, gp=row["gp"],
                  stat_max=row["stat_max"], skill_max=row["skill_max"])


def preset_ids() -> list[str]:
    return ["recommended", *(r["id"] for r in data.rows("power_levels", "pools"))]


@dataclass
class BuildReport:
    preset: Preset
    spent: dict[str, int] = field(default_factory=dict)
    available: dict[str, int] = field(default_factory=dict)
    gp_spent: int = 0
    gp_available: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def health_spent(sheet: MyriadSheet, p: Preset, problems: list[str]) -> int:
    """Health points in bought boxes: Wounds above Power (2 each), Critical above ceil(Power/2)
    and Resolve above Spirit (1 each)."""
    spent = 0
    bases = {"wounds": sheet.stats["power"], "resolve": sheet.stats["spirit"]}
    costs = {"wounds": p.wound_box_cost, "resolve": p.resolve_box_cost}
    for line_id, base in bases.items():
        line = sheet.resilience.get(line_id)
        if line is None:
            problems.append(f"resilience.{line_id}: missing")
            continue
        if line.boxes < base:
            problems.append(f"resilience.{line_id}: {line.boxes} boxes is below its base {base}")
        spent += max(0, line.boxes - base) * costs[line_id]
    wounds = sheet.resilience.get("wounds")
    if wounds is not None:
        crit_base = base_critical(sheet.stats["power"])
        if wounds.critical < crit_base:
            problems.append(f"resilience.wounds.critical: {wounds.critical} boxes is below its "
                            f"base {crit_base} (half of Power, rounded up)")
        spent += max(0, wounds.critical - crit_base) * p.critical_box_cost
    return spent


def validate_build(sheet: MyriadSheet, preset_id: str = "recommended", *,
                   skills_in_game: int = STANDARD_SKILL_COUNT) -> BuildReport:
    """Check a freshly built character against a creation preset; every problem is listed."""
    p = preset(preset_id, stats=len(sheet.stats), skills=skills_in_game,
               resiliences=len(sheet.resilience) or 2)
    report = BuildReport(preset=p)
    problems = report.problems
    for name, level in sheet.stats.items():
        if not p.stat_min <= level <= p.stat_max:
            problems.append(f"stats.{name}: {level} is outside {p.stat_min}-{p.stat_max} "
                            f"for {p.name}")
    for name, level in sheet.skills.items():
        if level > p.skill_max:
            problems.append(f"skills.{name}: {level} is above {p.skill_max} for {p.name}")
    report.spent = {"stat": sum(sheet.stats.values()), "skill": sum(sheet.skills.values()),
                    "sfx": sum(s.sfx_points for s in sheet.sfx),
                    "health": health_spent(sheet, p, problems)}
    report.available = {"stat": p.stat_points, "skill": p.skill_points, "sfx": p.sfx_points,
                        "health": p.health_points}
    rates = gp_rates()
    over = sum(max(0, report.spent[k] - report.available[k]) * rates[k] for k in rates)
    under = sum(max(0, report.available[k] - report.spent[k]) * rates[k] for k in rates)
    boons = sum(b.cost for b in sheet.boons_flaws if b.cost > 0)
    flaws = -sum(b.cost for b in sheet.boons_flaws if b.cost < 0)
    report.gp_available = p.gp + flaws
    report.gp_spent = over + boons
    if over > report.gp_available:
        detail = ", ".join(f"{k} {report.spent[k]}/{report.available[k]}" for k in rates
                           if report.spent[k] > report.available[k])
        problems.append(f"points: overspent ({detail}) costs {over} GP, but only "
                        f"{report.gp_available} GP are available")
    elif over + boons > report.gp_available + under:
        problems.append(f"boons_flaws: boons cost {boons} GP; only "
                        f"{report.gp_available - over} GP plus {under} GP of unspent pool "
                        f"points are left to pay for them")
    _check_boon_limits(sheet, problems)
    return report


def _check_boon_limits(sheet: MyriadSheet, problems: list[str]) -> None:
    for boon in sheet.boons_flaws:
        row = data.row("boons_flaws", "boons_flaws", "id", boon.id, what="boon or flaw")
        if boon.level > row["max_level"]:
            problems.append(f"boons_flaws.{boon.id}: level {boon.level} is above its maximum "
                            f"{row['max_level']}")
        need = row.get("requires")
        if need:
            need_id, need_level = need.split(":")
            if sheet.boon_level(need_id) < int(need_level):
                problems.append(f"boons_flaws.{boon.id}: requires {need_id} {need_level}")
