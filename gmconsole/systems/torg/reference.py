"""Torg's data files as reference-pane tables (the engine's `Table`).

The data files keep the shapes the rules code reads (ranges, columns by name, card lists), so the
reference pane's tables are built from them here, one source of truth, each stamped with its
file's credit, licence, confidence badge, notes (where the rulings are written) and stand-in
flag. Tables a GM can look a number up in are `lookup` tables (bonus chart, CRT, results).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gmconsole.engine.tables import Table
from gmconsole.systems.torg.cards import stand_in_deck
from gmconsole.systems.torg.tables import DataFile, data_file_names, load
from gmconsole.systems.torg.values import value_to_measure


def _meta(f: DataFile) -> dict[str, Any]:
    return {
        "credit": f.credit,
        "licence": f.licence,
        "confidence": f.confidence,
        "note": " ".join(f.notes),
        "stand_in": bool(f.body.get("stand_in", False)),
        "group": f.title,
        "cite": f.source,
        "source": f"torg/{f.name}.toml",
        "bare_dice": False,
    }


def _table(
    f: DataFile, suffix: str, name: str, columns: list[str], rows: list[list[Any]], **kw: Any
) -> Table:
    return Table(
        id=f"{f.name}-{suffix}".replace("_", "-"), name=name, columns=columns, rows=rows, **{**_meta(f), **kw}
    )


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _label(key: str) -> str:
    return key.replace("_", " ")


def _bonus(f: DataFile) -> list[Table]:
    """The chart as a GM reads it: roll and bonus. How sure each row is stays in the data file
    (`uncertain`), for whoever checks it against a printed book, not in the GM's view."""
    rows: list[list[Any]] = [[_span(lo, hi), b] for lo, hi, b in f["ranges"]]
    over = f["overflow"]
    past = f"+{over['per_step']} per {over['step']} (or part) over {over['above']}"
    rows.append([f"{over['above'] + 1}+", past])
    return [_table(f, "chart", "Bonus chart", ["Final die roll", "Bonus"], rows, kind="lookup")]


def _crt(f: DataFile) -> list[Table]:
    cols = f["columns"]
    ords, pr = cols["ords"]["rows"], cols["possibility_rated"]["rows"]
    rows: list[list[Any]] = [[rp, ords[rp], pr[rp]] for rp in range(16)]
    rows.append(
        [
            "16+",
            f"row 15 + {cols['ords']['plus_two']} per 2 over 15",
            f"row 15 + {cols['possibility_rated']['plus_two']} per 2 over 15",
        ]
    )
    return [
        _table(
            f,
            "crt",
            "Combat Results Table",
            ["Result points", "Ords", "Possibility-rated"],
            rows,
            kind="lookup",
        )
    ]


def _general(f: DataFile) -> list[Table]:
    bands = f["success"]

    def level(rp: int) -> str:
        return [name for lo, name, _ in bands if rp >= lo][-1]

    speed, power, storm = f["speed"], f["power"], f["storm"]
    rows: list[list[Any]] = [[rp, level(rp), speed[rp], power[rp], storm[rp]] for rp in range(15)]
    rows.append(["15+", level(15), f"{speed[-1]} (row 14)", f"{power[-1]} (row 14)", storm[-1]])
    return [
        _table(
            f,
            "results",
            "General and Push Results",
            ["Result points", "Success", "Speed", "Power", "Storm"],
            rows,
            kind="lookup",
        )
    ]


def _interaction(f: DataFile) -> list[Table]:
    c = f["columns"]
    names = ["intimidate_test", "taunt_trick", "interrogate", "charm_persuade", "maneuver"]

    def cell(name: str, i: int) -> str:
        return _label(c[name][i])

    rows: list[list[Any]] = [[rp, *(cell(n, rp) for n in names)] for rp in range(15)]
    rows.append(["15-16", *(cell(n, 15) for n in names)])
    rows.append(["17+", *(cell(n, 16) for n in names)])
    columns = ["Result points", "Intimidate/Test", "Taunt/Trick", "Interrogate", "Charm/Persuade", "Maneuver"]
    effects = [[_label(k), v] for k, v in f["effects"].items()]
    villains = [[k, v] for k, v in f["villain_actions"].items()]
    return [
        _table(f, "table", "Interaction Results", columns, rows, kind="lookup"),
        _table(f, "effects", "Interaction effects", ["Result", "Effect"], effects, kind="lookup"),
        _table(
            f,
            "villain-actions",
            "Villain Action Chart",
            ["Instruction", "Attribute"],
            villains,
            kind="lookup",
        ),
    ]


def _values(f: DataFile) -> list[Table]:
    rows = [[v, f"{value_to_measure(v):,g}"] for v in range(0, 101)]
    units = [[_label(u), d, m] for u, (d, m) in f["units"].items()]
    return [
        _table(f, "chart", "Value chart", ["Value", "Measure"], rows, kind="lookup"),
        _table(f, "units", "Measure conversion", ["Unit", "Dimension", "Modifier"], units, kind="lookup"),
    ]


def _simple(f: DataFile) -> list[Table]:
    """Files whose body is a few name -> number sections."""
    out: list[Table] = []
    if f.name == "benchmarks":
        out.append(
            _table(
                f, "chart", "Benchmarks", ["Value", "Dimension", "Benchmark"], [list(r) for r in f["rows"]]
            )
        )
    elif f.name == "difficulty":
        rows = [[label, dn, f"{mod:+d}"] for label, dn, mod in f["levels"].values()]
        out.append(
            _table(f, "scale", "Difficulty numbers", ["Difficulty", "DN", "Modifier"], rows, kind="lookup")
        )
    elif f.name == "healing":
        out.append(
            _table(
                f,
                "wounds",
                "Wound healing",
                ["Wound level", "Healing DN"],
                [
                    [_label(k), f"Toughness +{v}" if v else "Toughness"]
                    for k, v in f["healing_dn_over_toughness"].items()
                ],
                kind="lookup",
            )
        )
        for key, name in (("first_aid_dn", "First aid"), ("medicine_dn", "Medicine")):
            out.append(
                _table(
                    f,
                    key,
                    name,
                    ["Condition", "DN"],
                    [[_label(k), v] for k, v in f[key].items()],
                    kind="lookup",
                )
            )
    elif f.name == "limits":
        rows = [[_label(k), a, v, c] for k, (a, v, c) in f["human"].items()]
        out.append(
            _table(
                f,
                "human",
                "Core Earth limits",
                ["Activity", "Attribute", "Limit", "Push"],
                rows,
                kind="lookup",
            )
        )
        rows = [[_label(k), f"average {v:+d}"] for k, v in f["creature_offset"].items()]
        out.append(_table(f, "creature", "Creature limits", ["Activity", "Limit"], rows, kind="lookup"))
    elif f.name == "skills":
        rows = [
            [
                _label(k),
                i["attribute"],
                i["unskilled"]
                + (f" (not: {', '.join(map(_label, i['not_unskilled']))})" if i.get("not_unskilled") else ""),
                i.get("note", ""),
            ]
            for k, i in f["skills"].items()
        ]
        out.append(
            _table(f, "list", "Skills", ["Skill", "Attribute", "Unskilled", "Note"], rows, kind="lookup")
        )
        rows = [[_label(g), ", ".join(map(_label, names))] for g, names in f["knowledges"].items()]
        out.append(_table(f, "knowledges", "Arcane knowledges", ["Group", "Knowledges"], rows))
    elif f.name == "cosms":
        cosms = f["cosms"]
        order = f["order"]
        rows = [[c["name"], *c["axioms"].values()] for c in cosms.values()]
        out.append(
            _table(
                f, "axioms", "Axioms", ["Cosm", "Magic", "Social", "Spiritual", "Tech"], rows, kind="lookup"
            )
        )
        rows = [[cosms[k]["name"], *cosms[k]["link"]] for k in order]
        out.append(
            _table(
                f,
                "link",
                "Link difficulty (from / in)",
                ["From", *(cosms[k]["name"] for k in order)],
                rows,
                kind="lookup",
            )
        )
    elif f.name == "transformation":
        rows = [[r[0], r[2], r[3] or "auto", r[4], r[5] or "auto"] for r in f["rows"]]
        out.append(
            _table(
                f,
                "table",
                "Transformation",
                ["Time", "Pure: chance", "Pure: roll #", "Dominant: chance", "Dominant: roll #"],
                rows,
            )
        )
    elif f.name == "multi_action":
        for key, name, col in (
            ("many_on_one", "Many on One", "Bonus"),
            ("one_on_many", "One on Many", "Toughness +"),
        ):
            rows = [[_span(lo, hi), b, f"DN+{d}"] for lo, hi, b, d in f[key]]
            out.append(_table(f, key, name, ["Number", col, "Succeed at"], rows, kind="lookup"))
        out.append(
            _table(
                f,
                "coordination",
                "Coordination difficulty",
                ["Coordination", "DN"],
                [[_label(k), v] for k, v in f["coordination"].items()],
                kind="lookup",
            )
        )
    return out


def _charts(f: DataFile) -> list[Table]:
    out = []
    for key, chart in f["charts"].items():
        rows = [[_label(k), v] for k, v in chart.get("dn", {}).items()]
        rows += [[f"modifier: {_label(k)}", f"{v:+d}"] for k, v in chart.get("modifiers", {}).items()]
        rows += [[f"result: {k}", v] for k, v in chart.get("results", {}).items()]
        out.append(
            _table(f, key, f"{_label(key).capitalize()} chart", ["Situation", "DN"], rows, kind="lookup")
        )
    return out


def _equipment(f: DataFile) -> list[Table]:
    armour = [
        [_label(k), t, f"+{a}", m, "yes" if fp else "no", p] for k, (t, a, m, fp, p) in f["armour"].items()
    ]
    melee = [[_label(k), t, f"+{a}", m, p] for k, (t, a, m, p) in f["melee"].items()]
    missile = [
        [_label(k), t, str(m) if fixed else f"+{a} / {m}", s, md, lg, p]
        for k, (t, a, m, fixed, s, md, lg, p) in f["missile"].items()
    ]
    return [
        _table(
            f, "armour", "Armour", ["Armour", "Tech", "Add", "Max", "Fatigue", "Price"], armour, kind="lookup"
        ),
        _table(
            f, "melee", "Melee weapons", ["Weapon", "Tech", "Damage", "Max", "Price"], melee, kind="lookup"
        ),
        _table(
            f,
            "missile",
            "Missile weapons",
            ["Weapon", "Tech", "Damage", "Short", "Medium", "Long", "Price"],
            missile,
            kind="lookup",
        ),
    ]


def _cards(f: DataFile) -> list[Table]:
    if f.name == "card_types":
        rows = [[t["name"], t["effect"]] for t in f["types"].values()]
        return [_table(f, "types", "Card play results", ["Card", "Effect"], rows, kind="lookup")]
    deck = stand_in_deck()

    def line(side_line: Any) -> str:
        def side(effects: tuple[str, ...]) -> str:
            return ", ".join(effects) or "-"

        return f"{side_line.initiative[0].upper()} | H: {side(side_line.hero)} | V: {side(side_line.villain)}"

    rows = [
        [
            c.id,
            c.label().split(" ", 1)[1] + (f": {c.flavour}" if c.flavour else ""),
            line(c.standard),
            line(c.dramatic),
            ", ".join(c.approved),
            c.hazard.replace("_", " ") if c.hazard else c.dsr,
        ]
        for c in deck.cards.values()
    ]
    return [
        _table(
            f,
            "cards",
            "Drama deck (stand-in)" if deck.stand_in else "Drama deck",
            ["#", "Play", "Standard", "Dramatic", "Act", "DSR"],
            rows,
            kind="lookup",
        )
    ]


def _listed(f: DataFile) -> list[Table]:
    """Files whose tables are written out as `[[tables]]` (key, name, kind, columns, rows):
    the book's lists a GM only reads (spells, miracles, gear, vehicles, axiom levels)."""
    return [
        _table(
            f,
            t["key"],
            t["name"],
            list(t["columns"]),
            [list(r) for r in t["rows"]],
            kind=t.get("kind", "lookup"),
        )
        for t in f["tables"]
    ]


def _combat(f: DataFile) -> list[Table]:
    """The combat options as the switches that pick them: switch, choice, and what it adds."""
    rows: list[list[Any]] = []
    for switch in ("range", "concealment", "attack", "fire", "held", "flags"):
        for choice, (action, dn, damage, floor, ammo) in f[switch].items():
            parts = [
                f"action {action:+d}" if action else "",
                f"DN {dn:+d}" if dn else "",
                f"damage {damage:+d}" if damage else "",
                f"bonus at least {floor}" if floor else "",
                f"ammunition {ammo}" if ammo else "",
            ]
            typed = choice if switch == "flags" else f"{switch}={choice}"
            rows.append([typed, ", ".join(p for p in parts if p) or "-"])
    for choice, (add, top) in f["cover"].items():
        if add:
            rows.append([f"cover={choice}", f"armour +{add}, max {top}"])
    for band, mod in f["explosive"].items():
        rows.append([f"explosive, {band} burst", f"damage value {mod:+d}" if mod else "full damage"])
    return [_table(f, "switches", "Combat options", ["Switch", "Effect"], rows, kind="lookup")]


BUILDERS = {
    "combat_options": _combat,
    "bonus_chart": _bonus,
    "combat_results": _crt,
    "general_results": _general,
    "interaction_results": _interaction,
    "value_chart": _values,
    "skill_charts": _charts,
    "equipment": _equipment,
    "card_types": _cards,
    "drama_deck": _cards,
}


def all_tables() -> list[Table]:
    """Every reference table of every Torg data file (a new list of the shared tables)."""
    return list(_all_tables())


@cache
def _all_tables() -> tuple[Table, ...]:
    """Built once per process, as the data files are read once: `Table`s are frozen, so every
    caller can share them, and the reference pane's later calls cost nothing."""
    out: list[Table] = []
    for name in data_file_names():
        f = load(name)
        out += BUILDERS.get(name, _listed if "tables" in f.body else _simple)(f)
    return tuple(out)
