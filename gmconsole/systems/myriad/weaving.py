"""Spell weaving at the console: the ``weave`` and ``cast`` sheet actions (spec §4.10, T-23).

The weave in progress is kept on the caster's sheet (`Weave`), so it survives a restart and
undo takes a round's weaving back.

- ``weave WHO [DICE...]``: this round's weaving roll, the caster's action (only dodging is
  allowed besides, or the spell is lost: the GM's call, the console cannot see it). A straight
  Intellect roll whose sixes buy components; with the campaign option ``magic_easy_weave``
  (L880-L883) Intellect/Spell Casting instead, the total adding bonus sixes (ruling F5: 6+ one,
  8+ two, 10+ three...). The sixes wait to be assigned.
- ``weave WHO put COMPONENT[=N]...``: assign the roll's sixes at once (``damage=2 range``);
  sixes left unassigned are lost (ruling F6), and so are sixes not put before the next weave or
  cast. At most 5 + Intellect + Puissance components in a spell (L901, L907-L910), each six
  counting as one.
- ``weave WHO drop``: abandon the spell (the only way to undo a component).
- ``cast WHO [vs N] [DICE...]``: release it. A willing target takes it automatically (no roll);
  against an unwilling one, ``vs N`` is the target's defence total (Grace/Ranged or Close
  Combat) and the caster rolls Intellect/Spell Casting + 1 per Seeking six, ties to the caster.
  The cast is the caster's last test, so Lucky can re-roll it.

Ruling of the console's own (the book is silent): in an easy weave the sixes rolled still count
and the bonus sixes come on top of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.engine.numbers import whole
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import roll_ability
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.modules import easy_weave_bonus, spell_limit

SPELL_SKILL = "spell_casting"


class Imbued(Model):
    """A spell woven into an item (L904): used once, and the mage's Intellect is 1 lower for
    each such item until its spell is used."""

    model_config = ConfigDict(extra="forbid")

    item: str = Field(min_length=1, max_length=80)
    components: dict[str, int] = Field(default={})


class Weave(Model):
    """A spell being woven: components bought so far (component id -> sixes), rounds spent,
    and the sixes of the last roll still waiting to be assigned."""

    model_config = ConfigDict(extra="forbid")

    components: dict[str, int] = Field(default={})
    rounds: int = Field(default=0, ge=0)
    pending: int = Field(default=0, ge=0)

    @property
    def size(self) -> int:
        return sum(self.components.values())


def components() -> dict[str, str]:
    """Component id -> name, from data/magic.toml."""
    return {r["id"]: r["name"] for r in data.rows("magic", "components")}


def _digits(words: Sequence[str], usage: str) -> list[int]:
    if len(words) > 10:
        raise MyriadError(f"at most 10 dice ({usage})")
    return [whole(w, "a die", 1, 6) for w in words]


def limit(sheet: Any) -> int:
    return spell_limit(sheet.stat("intellect"), sheet.boon_level("puissance"))


def spell_text(weave: Weave) -> str:
    names = components()
    parts = [f"{names.get(k, k)} {n}" for k, n in weave.components.items()]
    return ", ".join(parts) or "no components"


def effects(weave: Weave) -> str:
    """What the bought components do, by the T-23 rates (Duration takes 1 off each quantity)."""
    c = weave.components
    less = c.get("duration", 0)
    out = []
    if c.get("damage"):
        out.append(f"{max(0, 2 * c['damage'] - less)}D damage")
    if c.get("heal"):
        out.append(f"heals {2 * c['heal']} wound boxes or {c['heal']} critical")
    if c.get("shield"):
        out.append(f"shield armour {max(0, c['shield'] - less)}")
    if c.get("incapacitate"):
        out.append(f"{max(0, 3 * c['incapacitate'] - less)}D incapacitation")
    if "duration" in c:
        lasts = data.row("magic", "duration", "sixes", c["duration"], what="duration")["lasts"]
        out.append(f"lasts {lasts}")
    return "; ".join(out)


def weave_roll(sheet: Any, args: Sequence[str], rng: random.Random, typed: list[int],
               options: Mapping[str, Any]) -> tuple[Any, str, dict[str, Any]]:
    """``weave WHO [DICE...]``: one round's weaving roll."""
    dice = _digits(args, "weave WHO [DICE...]") or typed or None
    easy = bool(options.get("magic_easy_weave"))
    skill = sheet.skill(SPELL_SKILL) if easy else 0
    roll = roll_ability(sheet.stat("intellect"), skill, rng=rng, dice=dice)
    bonus = easy_weave_bonus(roll.total) if easy else 0
    new = sheet.model_copy(deep=True)
    weave = new.weave or Weave()
    lost = weave.pending
    weave = weave.model_copy(update={"rounds": weave.rounds + 1, "pending": roll.sixes + bonus})
    new.weave = weave
    faces = " ".join(map(str, roll.dice))
    how = (f"Intellect {len(roll.dice)}D + Spell Casting = {roll.total}, {roll.sixes} six(es) "
           f"+ {bonus} easy-weave bonus" if easy else
           f"Intellect {len(roll.dice)}D, {roll.sixes} six(es)")
    text = (f"weaves (round {weave.rounds}): [{faces}] {how}: {weave.pending} to assign "
            f"(spell {weave.size}/{limit(sheet)}: {spell_text(weave)})")
    if lost:
        text += f"; {lost} unassigned six(es) from the last roll are lost"
    return new, text, {"dice": list(roll.dice), "sixes": roll.sixes, "bonus": bonus,
                       "pending": weave.pending, "round": weave.rounds, "easy": easy}


def _assignments(words: Sequence[str]) -> dict[str, int]:
    names = components()
    out: dict[str, int] = {}
    for word in words:
        key, _, count = word.partition("=")
        key = data.normalise(key)
        if key not in names:
            raise MyriadError(f"no spell component {key!r} (components: {', '.join(names)})")
        n = whole(count, f"the sixes put into {key}", 1, 99) if count else 1
        out[key] = out.get(key, 0) + n
    return out


def put(sheet: Any, words: Sequence[str]) -> tuple[Any, str, dict[str, Any]]:
    """``weave WHO put COMPONENT[=N]...``: assign the last roll's sixes; the rest are lost."""
    weave = sheet.weave
    if weave is None or not weave.pending:
        raise MyriadError(f"{sheet.who} has no weaving sixes to assign: roll with 'weave WHO'")
    if not words:
        raise MyriadError("name the components: weave WHO put damage=2 range")
    wanted = _assignments(words)
    spend = sum(wanted.values())
    if spend > weave.pending:
        raise MyriadError(f"{spend} sixes asked for, only {weave.pending} rolled")
    cap = limit(sheet)
    if weave.size + spend > cap:
        raise MyriadError(f"the spell would hold {weave.size + spend} components; {sheet.who}'s "
                          f"limit is {cap} (5 + Intellect + Puissance)")
    bought = dict(weave.components)
    for key, n in wanted.items():
        bought[key] = bought.get(key, 0) + n
    if bought.get("heal") and bought.get("damage"):
        raise MyriadError("Heal cannot be combined with Damage in the same spell (T-23)")
    new = sheet.model_copy(deep=True)
    lost = weave.pending - spend
    new.weave = weave.model_copy(update={"components": bought, "pending": 0})
    text = f"weaves in {spell_text(Weave(components=wanted))} (spell {new.weave.size}/{cap}: " \
           f"{spell_text(new.weave)})"
    if lost:
        text += f"; {lost} six(es) left unassigned are lost"
    return new, text, {"components": bought, "lost": lost}


def drop(sheet: Any) -> tuple[Any, str, dict[str, Any]]:
    if sheet.weave is None:
        raise MyriadError(f"{sheet.who} is not weaving a spell")
    new = sheet.model_copy(deep=True)
    new.weave = None
    return new, f"abandons the spell ({spell_text(sheet.weave)})", {}


def cast(sheet: Any, args: Sequence[str], rng: random.Random, typed: list[int],
         run_check: Callable[..., Any]) -> tuple[Any, str, dict[str, Any]]:
    """``cast WHO [vs N] [DICE...]``: release the spell (automatic on a willing target)."""
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems.myriad.luck import parse_args, remember

    weave = sheet.weave
    if weave is None or not weave.components:
        raise MyriadError(f"{sheet.who} has no spell woven to cast")
    versus, dice = parse_args(args, "cast WHO [vs N] [DICE...]")
    new = sheet.model_copy(deep=True)
    new.weave = None
    spell = spell_text(weave)
    effect = effects(weave)
    tail = f" ({effect})" if effect else ""
    lost = f"; {weave.pending} unassigned six(es) lost" if weave.pending else ""
    detail: dict[str, Any] = {"components": weave.components, "rounds": weave.rounds}
    if versus is None:
        if dice or typed:
            raise MyriadError("a willing target takes the spell without a roll: "
                              "give 'vs N' for an unwilling one")
        return new, f"casts {spell}{tail} on a willing target{lost}", detail
    extra: dict[str, Any] = {"initiator": True}  # the roll adds the Seeking sixes itself
    request = CheckRequest(option=f"intellect/{SPELL_SKILL}", opponent_total=versus, extra=extra)
    result = run_check(sheet, request, rng, dice or typed or None)
    new.last_test = remember(request, result)
    summary = result.summary()
    if sheet.name and summary.startswith(f"{sheet.name}: "):
        summary = summary[len(sheet.name) + 2:]
    hits = "the spell takes effect" if result.success else "the target resists: no effect"
    detail.update({"total": result.total, "success": result.success, "margin": result.margin,
                   "dice": [d.face for d in result.dice]})
    return new, f"casts {spell}{tail}: {summary}: {hits}{lost}", detail


def shield(sheet: Any, args: Sequence[str]) -> tuple[Any, str, dict[str, Any]]:
    """``shield WHO N``: a Shield spell (or amulet) of armour N on WHO; 0 takes it off. Damage
    dice must beat it first, then are rolled again against worn armour (T-23, L1001)."""
    if len(args) != 1:
        raise MyriadError("usage: shield WHO ARMOUR (0 ends it)")
    armour = whole(args[0], "the shield's armour", 0, 20)
    new = sheet.model_copy(deep=True)
    new.shield = armour
    if not armour:
        return new, "loses the magic shield", {"shield": 0}
    warn = " (6 or more: ordinary dice cannot pass it)" if armour >= 6 else ""
    return new, f"is shielded: armour {armour}{warn}", {"shield": armour}


def mend(sheet: Any, args: Sequence[str], dead: bool) -> tuple[Any, str, dict[str, Any]]:
    """``mend WHO SIXES``: a Heal spell's sixes: 2 wound boxes or 1 critical box a six,
    critical boxes first (T-23)."""
    from gmconsole.systems.myriad.healing import magic_heal

    if len(args) != 1:
        raise MyriadError("usage: mend WHO SIXES")
    sixes = whole(args[0], "the Heal sixes", 1, 15)
    if dead:
        raise MyriadError(f"{sheet.who} is dead: a Heal spell cannot bring the dead back")
    new = sheet.model_copy(deep=True)
    healed = magic_heal(new.line("wounds"), sixes)
    return new, (f"is healed by magic: {healed.main} wound and {healed.critical} critical "
                 "box(es) restored"), {"main": healed.main, "critical": healed.critical}


def imbue(sheet: Any, args: Sequence[str]) -> tuple[Any, str, dict[str, Any]]:
    """``imbue WHO ITEM``: the woven spell goes into an item at twice the sixes a component
    (an odd six left over is lost), at most Intellect + 2 + Puissance components; the mage's
    Intellect is 1 lower per imbued item until it is used (`check WHO
    intellect/spell_casting item=ITEM at TARGET`)."""
    from gmconsole.systems.myriad.modules import imbue_limit

    weave = sheet.weave
    if weave is None or not weave.components:
        raise MyriadError(f"{sheet.who} has no spell woven to imbue")
    if len(args) != 1:
        raise MyriadError("usage: imbue WHO ITEM (one word, e.g. amulet)")
    item = data.normalise(args[0])[:40]
    if any(i.item == item for i in sheet.imbued):
        raise MyriadError(f"{sheet.who} already has an imbued {item}")
    halved = {k: n // 2 for k, n in weave.components.items() if n // 2}
    cap = imbue_limit(sheet.stat("intellect"), sheet.boon_level("puissance"))
    size = sum(halved.values())
    if not size:
        raise MyriadError("an imbued component costs 2 sixes: the spell has none to keep")
    if size > cap:
        raise MyriadError(f"the item would hold {size} components; {sheet.who}'s limit is "
                          f"{cap} (Intellect + 2 + Puissance)")
    new = sheet.model_copy(deep=True)
    new.weave = None
    new.imbued = [*new.imbued, Imbued(item=item, components=halved)]
    text = (f"imbues the {item} with {spell_text(Weave(components=halved))} (Intellect -"
            f"{len(new.imbued)} while imbued items wait)")
    return new, text, {"item": item, "components": halved}
