"""Working a miracle from the list on the character's sheet: `pray WHO MIRACLE [community N]
[CONDITION...] [enemy ADDS] [dn N] [+N] [dice F...]` (L5907-L6284).

One roll, two totals: focus (focus value + bonus + the community's bonus) against the
miracle's difficulty with its condition modifiers; if it succeeds, faith (faith value + the same
bonus) against the same difficulty sets the success level. A miracle whose difficulty is the
target's (calm: the target's MIN; cure disease: the disease chart) takes it as `dn N`. What the
success level does is the miracle's line (`data/miracles.toml`), for the GM to apply: *healing*
says how many wound levels go (`heal TARGET N wound`). Ruling: a faith total that misses after a
successful focus gives no effect but is no failed miracle."""

from __future__ import annotations

import re
from functools import cache

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.dice import roll_d20
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.faith import (
    CONDITION_MODIFIERS,
    community_bonus,
    healing_miracle,
    miracle_difficulty,
)
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.rules_data import normalise
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tables import load, suggest
from gmconsole.systems.torg.totals import success_level

USAGE = "usage: pray WHO MIRACLE [community N] [CONDITION...] [enemy ADDS] [dn N] [+N] [dice F...]"


@cache
def miracle_list() -> dict[str, tuple[str, int | None, str]]:
    """key -> (name, difficulty or None when it is the target's, effect text)."""
    table = next(t for t in load("miracles")["tables"] if t["key"] == "miracles")
    out = {}
    for row in table["rows"]:
        name, dn, effect = str(row[0]), str(row[3]), str(row[6])
        key = normalise(re.sub(r"\s*\(.*\)", "", name))
        out[key] = (name, int(dn) if dn.isdigit() else None, effect)
    return out


def _find(text: str) -> tuple[str, int | None, str]:
    key, known = normalise(text), miracle_list()
    hits = [k for k in known if k == key] or [k for k in known if k.startswith(key)]
    if len(hits) != 1:
        raise TorgError(f"no single miracle {text[:40]!r}{suggest(key, list(known))}")
    return known[hits[0]]


def _take(words: list[str], key: str, what: str, bounds: tuple[int, int]) -> int | None:
    lowered = [w.lower() for w in words]
    if key not in lowered:
        return None
    at = lowered.index(key)
    if at + 1 >= len(words):
        raise TorgError(USAGE)
    value = whole(words[at + 1], what, *bounds)
    del words[at : at + 2]
    return value


def pray(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    words = list(args)
    community = _take(words, "community", "the helpers who succeeded", (0, 10**6))
    enemy = _take(words, "enemy", "the enemy's faith adds", (0, 99)) or 0
    typed_dn = _take(words, "dn", "the difficulty", (0, 200))
    conditions = tuple(w.lower() for w in words if w.lower() in CONDITION_MODIFIERS)
    words = [w for w in words if w.lower() not in CONDITION_MODIFIERS]
    cut = next((i for i, w in enumerate(words) if w[:1] in "+-" or w.lower() == "dice"), len(words))
    if cut == 0:
        raise TorgError(USAGE)
    name, dn, effect = _find(" ".join(words[:cut]))
    given = parse_roll_words(words[cut:], scene, USAGE)
    base = typed_dn if typed_dn is not None else dn
    if base is None:
        raise TorgError(f"{name}'s difficulty is the target's: give it as dn N")
    difficulty = miracle_difficulty(base, conditions, enemy)
    focus, faith = s.skill_value("focus"), s.skill_value("faith")
    roll = roll_d20(
        possibility_rated=s.possibility_rated, dice=given.dice or None, rng=None if given.dice else scene.rng
    )
    bonus = roll.bonus + sum(m.value for m in given.modifiers)
    helpers = community_bonus(community) if community is not None else 0
    focus_total = focus + bonus + helpers
    faces = " ".join(map(str, roll.faces))
    head = f"prays for {name}: [{faces}] bonus {bonus:+d}; focus {focus}"
    head += f" + community {helpers}" if helpers else ""
    head += f" = {focus_total} vs {difficulty}"
    if focus_total < difficulty:
        return f"{head}: no miracle"
    rp = faith + bonus - difficulty
    level = success_level(rp)
    if level is None:
        return f"{head}; faith {faith + bonus}: silence (no effect; not a failed miracle)"
    text = f"{head}; faith {faith + bonus}: {level} success: {effect}"
    if name == "Healing":
        gone = 99 - healing_miracle(99, rp)  # one wound level a success level
        text += f" ({gone} wound level(s): heal TARGET first_aid, then heal TARGET {gone} wound)"
    return text
