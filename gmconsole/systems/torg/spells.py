"""Casting a spell from the grimoire list on the caster's sheet: `cast WHO SPELL [grimoire]
[+N] [dice F...]` (L5235-L5481).

The spell's line (`data/spells.toml`, the GM may edit it) gives the magic skill and arcane
knowledge it uses and their required total, its backlash, difficulty, effect value and the
field the bonus number goes to. The sheet gives the skill value and knowledge adds. One roll:
skill value + bonus vs the difficulty; backlash minus the total (never less than MIN for a
grimoire caster) is mental damage on the caster's Combat Results Table column, applied at once
(`buyoff WHO` can reduce it like any blow)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from gmconsole.systems.base import Scene
from gmconsole.systems.torg.buyoff import strike
from gmconsole.systems.torg.dice import roll_d20
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.magic import cast as cast_spell
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.rules_data import knowledge_names, normalise
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tables import TorgDataError, load, suggest
from gmconsole.systems.torg.views import damage_text

_NEEDS = re.compile(r"^(\w+)/([\w ]+?) (\d+)$")


@dataclass(frozen=True)
class Spell:
    name: str
    skill: str
    knowledge: str
    requirement: int
    backlash: int
    difficulty: int
    effect: int
    bonus_to: str


def _number(cell: object, spell: str) -> int:
    m = re.match(r"\s*(\d+)", str(cell))
    if m is None:
        raise TorgDataError(f"spells.toml: {spell}: {cell!r} is not a number")
    return int(m[1])


@cache
def spell_book() -> dict[str, Spell]:
    """The spell list by key ("altered_fireball"), read from the data file."""
    table = next(t for t in load("spells")["tables"] if t["key"] == "spells")
    book = {}
    for row in table["rows"]:
        name, _axiom, needs, backlash, dn, effect, bonus_to = (str(c) for c in row[:7])
        m = _NEEDS.match(needs.strip())
        if m is None:
            raise TorgDataError(f"spells.toml: {name}: cannot read {needs!r} (magic/knowledge N)")
        if normalise(m[2]) not in knowledge_names():
            raise TorgDataError(f"spells.toml: {name}: no arcane knowledge {m[2]!r}")
        book[normalise(name)] = Spell(
            name,
            f"{m[1]}_magic",
            normalise(m[2]),
            int(m[3]),
            _number(backlash, name),
            _number(dn, name),
            _number(effect, name),
            bonus_to,
        )
    return book


def find_spell(text: str) -> Spell:
    key, book = normalise(text), spell_book()
    hits = [k for k in book if k == key] or [k for k in book if k.startswith(key)]
    if len(hits) != 1:
        raise TorgError(f"no single spell {text[:40]!r}{suggest(key, list(book))}")
    return book[hits[0]]


def cast(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    words = [a for a in args if a.lower() != "grimoire"]
    grimoire = len(words) != len(args)
    cut = next((i for i, w in enumerate(words) if w[:1] in "+-" or w.lower() == "dice"), len(words))
    if cut == 0:
        raise TorgError("usage: cast WHO SPELL [grimoire] [+N] [dice F...]")
    spell = find_spell(" ".join(words[:cut]))
    given = parse_roll_words(words[cut:], scene, "usage: cast WHO SPELL [grimoire] [+N] [dice F...]")
    value = s.skill_value(spell.skill)
    knowledge = s.knowledges.get(spell.knowledge, 0)
    roll = roll_d20(
        possibility_rated=s.possibility_rated,
        dice=given.dice or None,
        rng=None if given.dice else scene.rng,
    )
    bonus = roll.bonus + sum(m.value for m in given.modifiers)
    out = cast_spell(
        skill_value=value,
        knowledge_adds=knowledge,
        requirement=spell.requirement,
        difficulty=spell.difficulty,
        backlash=spell.backlash,
        roll_bonus=bonus,
        mind=s.attribute("MIN") if grimoire else None,
        bonus_to_value=spell.effect if spell.bonus_to == "effect" else None,
        possibility_rated=s.possibility_rated,
    )
    faces = " ".join(map(str, roll.faces))
    text = f"casts {spell.name}: [{faces}] {value} {bonus:+d} = {value + bonus} vs {spell.difficulty}: "
    text += "cast" if out.success else "fails"
    if out.effect is not None:
        text += f", effect {out.effect}"
    elif out.success and spell.bonus_to != "effect":
        text += f", bonus {bonus:+d} to its {spell.bonus_to}"
    if out.backlash_rp is None:
        return text + f"; no backlash ({spell.backlash})"
    notes = strike(s.damage, out.backlash)
    told = "; ".join([*notes, damage_text(s.damage)])
    return f"{text}; backlash {spell.backlash}: {out.backlash} mental damage; {told}"
