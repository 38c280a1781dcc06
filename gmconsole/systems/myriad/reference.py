"""Myriad's data files as reference-pane tables.

The data files keep keyed rows (``[[weapons]]`` with ``id``, ``damage_dice``...) because the rules
code reads them by field. The reference pane wants the engine's `Table`, so every array of rows
becomes one table here, stamped with the file's credit, licence, note and stand-in flag; any
``[[table]]`` entries a file also holds are loaded the engine's way. A few tables are more useful
as lookups (the TN ladder by name) or as random tables (the d100 skill table).

The tables are built once per process from the files as parsed (never copied: nothing here
changes them) and shared, as `Table`s are frozen: the reference pane asks for them when a
campaign opens, and later calls cost nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gmconsole.engine.tables import Table, load_tables
from gmconsole.systems.myriad import data

SKIP_COLUMNS = {"id"}
"""Internal keys the reader does not need (rows carry a readable name or description)."""

SPECIAL: dict[tuple[str, str], dict[str, Any]] = {
    ("target_numbers", "target_numbers"): {"name": "Target numbers", "kind": "lookup"},
    ("advancement", "xp_levels"): {"name": "XP required per level", "kind": "lookup"},
    ("skills", "random_skills"): {"name": "Random skill (d100)", "kind": "random",
                                  "dice": "1d100"},
}
NAMES = {
    ("advancement", "level_gains"): "Gains on reaching a level",
    ("advancement", "gradual_costs"): "Gradual progression costs",
    ("boons_flaws", "boons_flaws"): "Boons and flaws",
    ("conflicts", "conflict_types"): "Conflict types",
    ("conflicts", "resilience_types"): "Resilience lines",
    ("damage", "end_of_round"): "End-of-round effects",
    ("damage", "environmental"): "Environmental damage",
    ("equipment", "weapons"): "Weapons",
    ("equipment", "armour"): "Armour",
    ("equipment", "range_bands"): "Range bands",
    ("equipment", "costs"): "Equipment costs",
    ("equipment", "essentials"): "Essentials",
    ("equipment", "enhancers"): "Enhancers",
    ("modifiers", "scale"): "Modifier scale",
    ("modifiers", "opposed_examples"): "Opposed-test modifiers",
    ("modifiers", "conflict_modifiers"): "Conflict modifiers",
    ("npc_archetypes", "races"): "Stand-in races",
    ("npc_archetypes", "archetypes"): "Quick NPC archetypes",
    ("power_levels", "pools"): "Point pools by power level",
    ("power_levels", "gp_rates"): "GP cost of pool points",
    ("power_levels", "presets"): "The Recommended Method",
    ("power_levels", "absolute"): "Absolute limits",
    ("power_levels", "random_generation"): "Random generation",
    ("races", "races"): "Racial templates",
    ("sfx", "sfx"): "SFX",
    ("sfx", "sfx_types"): "Generic SFX types",
    ("skill_stats", "links"): "Skill -> statistic links",
    ("skills", "skills"): "Skills by genre",
    ("combat_options", "scale"): "Combat scale",
    ("combat_options", "wmd"): "Weapons of mass destruction",
    ("combat_options", "hardened_targets"): "Hardened targets",
    ("combat_options", "hit_locations"): "Hit locations (2d6)",
    ("combat_options", "body_parts"): "Body-part effects",
    ("vehicles", "velocity_classes"): "Velocity classes",
    ("vehicles", "ramming_speed"): "Ramming damage by speed",
    ("vehicles", "ramming_mass"): "Ramming mass ratios",
    ("vehicles", "vehicles"): "Vehicles and riding animals",
    ("vehicles", "ship_locations"): "Carrier hit locations (d100)",
    ("magic", "components"): "Spell components",
    ("magic", "duration"): "Spell duration",
    ("magic", "illusion_realism"): "Illusion realism",
    ("magic", "illusion_size"): "Illusion size",
    ("magic", "motion_refinement"): "Motion refinement",
    ("magic", "motion_object"): "Motion objects",
    ("magic", "range"): "Spell range",
    ("social", "romance_damage"): "Romance damage",
    ("social", "fear_damage"): "Fear damage",
}


def _title(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _cell(value: Any) -> str | int | float:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | str):
        return value
    if isinstance(value, list):
        return ", ".join(str(_cell(v)) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items()) or "-"
    return str(value)


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    columns: list[str] = []
    for entry in rows:
        for key in entry:
            if key not in columns:
                columns.append(key)
    columns = [c for c in columns if c not in SKIP_COLUMNS]
    for first in ("name", "label"):
        if first in columns:
            columns.remove(first)
            columns.insert(0, first)
    return columns


def _random_skill_rows(rows: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    names = {r["id"]: r["name"] for r in data.document("skills")["skills"]}
    return ["d100", "Skill"], [[f"{r['low']}-{r['high']}", names.get(r["skill"], r["skill"])]
                               for r in rows]


def file_tables(name: str) -> list[Table]:
    """Every table of one data file."""
    doc = data.document(name)
    source = f"myriad/{name}.toml"
    tables = load_tables(_file_text(name), source=source) if "table" in doc else []
    meta = {"credit": doc["credit"], "licence": doc["licence"], "note": doc.get("note", ""),
            "stand_in": bool(doc.get("stand_in", False)), "group": doc["title"],
            "cite": doc["source"], "source": source, "bare_dice": False}
    for key, rows in doc.items():
        if key == "table" or not (isinstance(rows, list) and rows and isinstance(rows[0], dict)):
            continue
        special = SPECIAL.get((name, key), {})
        if (name, key) == ("skills", "random_skills"):
            columns, cells = _random_skill_rows(rows)
        else:
            keys = _columns(rows)
            columns = [_title(k) for k in keys]
            cells = [[_cell(r.get(k, "")) for k in keys] for r in rows]
        title = special.get("name", NAMES.get((name, key), _title(key)))
        tables.append(Table(id=f"{name}-{key}".replace("_", "-"), name=title,
                            kind=special.get("kind", "reference"), dice=special.get("dice"),
                            columns=columns, rows=cells, **meta))
    if name == "combat_options":
        tables += hit_location_tables(doc, meta)
    return tables


def hit_location_tables(doc: Any, meta: dict[str, Any]) -> list[Table]:
    """One random 2d6 table per body type, built from the Low/High rows of ``hit_locations``
    (which the reference table keeps as they are, for reading and lookup), so `r` and
    ``roll table`` can roll the hit location; each row carries the aim penalty, the wound
    multiplier and the effect of the part from ``body_parts`` (ruling C9: the data already
    reads Bat/Bird's 1 as 2 and fills Snake/Worm's 3)."""
    parts = {r["part"]: r for r in doc.get("body_parts", [])}
    bodies: dict[str, list[list[Any]]] = {}
    for r in doc.get("hit_locations", []):
        span = str(r["low"]) if r["low"] == r["high"] else f"{r['low']}-{r['high']}"
        part = parts.get(r["part"], {})
        bodies.setdefault(r["body"], []).append(
            [span, _title(r["part"]), _cell(part.get("aim_penalty", "")),
             f"x{part['wound_multiplier']}" if "wound_multiplier" in part else "",
             _cell(part.get("effect", ""))])
    return [Table(id=f"combat-options-hit-location-{body}".replace("_", "-"),
                  name=f"Hit location: {_title(body).lower()}", kind="random", dice="2d6",
                  columns=["2d6", "Part", "Aim", "Wounds", "Effect"], rows=rows, **meta)
            for body, rows in bodies.items()]


def all_tables() -> list[Table]:
    """Every table of every data file (a new list of the shared tables)."""
    return list(_all_tables())


@cache
def _all_tables() -> tuple[Table, ...]:
    return tuple(t for name in data.data_files() for t in file_tables(name))


def _file_text(name: str) -> str:
    return (data.DATA_DIR / f"{name}.toml").read_text(encoding="utf-8")
