"""The system's own verbs on one character (`guts WHO N`, `award WHO 3 5e 2s`, `condition WHO
prone`...). Every number is read through `engine.numbers.whole` with its bounds."""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene, SheetAction, SheetChange
from gmconsole.systems.mythmagica import procedures, rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

ACTIONS = (
    SheetAction(
        "guts",
        "Spend Guts",
        "N",
        "N Guts; after a failed test N covers: buys it up to a bare success (a foe's hit: "
        "check WHO guts:hit at FOE)",
    ),
    SheetAction(
        "counter",
        "Guts counter-bid",
        "OTHER N [stand]",
        "named against named: counter-bid N against OTHER's Guts bid on its failed test; OTHER wins "
        "paying N + 1, else (or with stand) the dice stand and this one pays N",
        other=True,
    ),
    SheetAction("gutsit", "Guts it", "", "hidden roll = bare success; Guts to band top"),
    SheetAction(
        "refresh", "Guts refresh", "major|minor", "major: Guts spent 0; minor: band bottom (trait reward)"
    ),
    SheetAction("xp", "Award XP", "N", "add N to total XP (Level follows); Guts refreshed"),
    SheetAction(
        "award",
        "XP award",
        "PARTY_LEVEL [FOE...] [of N] [pet]",
        "by the campaign's xp_mode: milestone/chapter share, or foes (5e extended, 2s single roll, "
        "2g by guile) shared among N; x Glory Status; Guts refreshed",
    ),
    SheetAction("chapter", "New chapter", "", "Setback back to 0 and a major Guts refresh"),
    SheetAction(
        "condition",
        "Condition",
        "NAME [ATTR] [off]",
        "a Character Condition with its rules effect (impaired ST, prone, stunned...); off removes it",
    ),
    SheetAction("rest", "Night's rest", "[NIGHTS]", "heals the Daily Healing Rate per night"),
    SheetAction(
        "cast",
        "Setback cost",
        "COST | BASE-ATTR [free]",
        "a spell's Setback cost (10-IN: 10 minus IN, at least 1); free: first one's free",
    ),
    SheetAction(
        "resize", "Resize", "STEPS", "shrink (-) or enlarge (+) by size steps; HP kept in proportion"
    ),
)
NAMES = ", ".join(a.key for a in ACTIONS)


def _need_named(s: MythmagicaSheet) -> None:
    if s.cast == "companion":
        raise RulesError(f"a companion spends its Principal's Guts ({s.principal or 'its Principal'}'s)")
    if not s.named:
        raise RulesError(f"only named characters have Guts (this one is {s.cast})")


def _guts(s: MythmagicaSheet, spent: int, text: str) -> SheetChange:
    _need_named(s)
    if spent > rules.GUTS_MAX:
        raise RulesError(f"Guts spent would be {spent}; the most is {rules.GUTS_MAX}")
    return SheetChange(
        s.model_copy(update={"guts_spent": spent}),
        f"{text} ({spent} Guts spent, Glory Status {rules.glory_status(spent)})",
    )


def _spend(s: MythmagicaSheet, args: Sequence[str]) -> SheetChange:
    """N Guts spent; right after a failed test that N covers, they buy it up to a bare success
    (its price is spent, and `check WHO guts at TARGET` then brings its hit to H)."""
    from gmconsole.systems.mythmagica import guts

    if len(args) != 1:
        raise RulesError("usage: guts WHO N (after a failed test: buys it up to a bare success)")
    n = whole(args[0], "Guts to spend", 1, rules.GUTS_MAX)
    _need_named(s)
    test = s.last_test
    if test is not None and test.bought and test.success is not True:
        raise RulesError("the last test's bidding war was lost: the dice stand")
    if test is not None and not test.bought and test.success is False and not test.natural:
        need = rules.guts_cost(test.total, test.threshold)
        if n < need:  # Guts buy a failed roll or nothing: they are not burnt for Glory
            raise RulesError(
                f"the last test ({test.total} vs {test.threshold}) needs {need} Guts to become a bare "
                f"success; {n} would buy nothing"
            )
    found = guts.buy_with_verb(s, n)
    if found is None:
        return _guts(s, s.guts_spent + n, f"spends {n} Guts")
    test, cost = found
    change = _guts(s, s.guts_spent + cost, f"buys the last test ({test.total} vs {test.threshold}) up to "
                   f"a bare success for {cost} Guts")
    return SheetChange(
        change.sheet.model_copy(update={"last_test": test}),
        f"{change.text}; H applies its hit",
    )


def _counter(s: MythmagicaSheet, args: Sequence[str], scene: Scene) -> SheetChange:
    from gmconsole.systems.mythmagica import guts

    words = [a for a in args if a.lower() != "stand"]
    if len(words) != 1 or not isinstance(scene.other, MythmagicaSheet):
        raise RulesError("usage: counter WHO OTHER N [stand]")
    _need_named(s)
    _need_named(scene.other)
    counter = whole(words[0], "the counter-bid", 1, rules.GUTS_MAX)
    mine, theirs, text = guts.bidding_war(s, scene.other, counter, len(words) != len(args))
    return SheetChange(mine, text, other=theirs if theirs is not scene.other else None)


def _award(s: MythmagicaSheet, args: Sequence[str], scene: Scene) -> SheetChange:
    mode = str(scene.options.get("xp_mode", "encounter"))
    if not args:
        raise RulesError("usage: award WHO PARTY_LEVEL [FOE...] [of N] [pet]")
    words = [a.lower() for a in args]
    pet = "pet" in words
    words = [w for w in words if w != "pet"]
    participants = 1
    if "of" in words:
        cut = words.index("of")
        if cut + 1 >= len(words):
            raise RulesError("say how many share the award: of N")
        participants = whole(words[cut + 1], "participants", 1, 100)
        words = words[:cut] + words[cut + 2 :]
    party = whole(words[0], "party Level", 0, 16)
    guts = s.guts_spent if s.named and s.cast != "companion" else 0
    if mode == "milestone":
        xp: float = procedures.milestone_award(party, guts)
    elif mode == "chapter":
        xp = procedures.chapter_award(party, guts)
    else:
        foes = []
        for word in words[1:]:
            tag = word[-1:] if word[-1:] in ("e", "s", "g") else "e"
            level = whole(word.rstrip("esg"), "foe Level", 0, 40)
            weight = 2 if tag == "g" and scene.options.get("double_xp_for_guile") else 1
            foes += [(level, tag != "s")] * weight
        if not foes:
            raise RulesError("name the foes defeated: their Levels, 5e extended, 2s single roll, 3g by guile")
        xp = procedures.encounter_award(party, foes, participants, guts)
    if pet:
        xp /= 2
    gained = int(xp + 0.5)
    new = s.model_copy(update={"xp": s.xp + gained, "guts_spent": 0})
    levels = f"Level {new.lvl}" + (f" (up from {s.lvl})" if new.lvl > s.lvl else "")
    return SheetChange(
        new,
        f"earns {gained} XP by {mode} award (total {new.xp}, {levels}); Guts refreshed",
        {"xp": gained, "mode": mode},
    )


def _condition(s: MythmagicaSheet, args: Sequence[str]) -> SheetChange:
    from gmconsole.systems.mythmagica.conditions import MAX_CONDITIONS, described, parse

    words = list(args)
    off = bool(words) and words[-1].lower() == "off"
    if off:
        words = words[:-1]
    if not words:
        raise RulesError("usage: condition WHO NAME [ATTR] [off]")
    attr = words[-1] if len(words) > 1 and words[-1].upper() in rules.BASICS else None
    name = " ".join(words[:-1] if attr else words)
    row, attr = parse(f"{name}:{attr}" if attr else name)
    text = f"{row.name}: {attr}" if attr else row.name
    have = [
        c
        for c in s.conditions
        if c.split(":")[0].strip().lower() == row.name.lower()
        and (attr is None or c.partition(":")[2].strip().upper() == attr)
    ]
    if off:
        if not have:
            raise RulesError(f"no condition {text!r} to remove")
        return SheetChange(
            s.model_copy(update={"conditions": [c for c in s.conditions if c not in have]}),
            f"is no longer {text}",
        )
    if have:
        raise RulesError(f"already {text}")
    if len(s.conditions) >= MAX_CONDITIONS:
        raise RulesError(f"at most {MAX_CONDITIONS} conditions on one sheet")
    probe = s.model_copy(update={"conditions": [*s.conditions, text], "damage": 0, "setback": 0})
    new = probe.model_copy(
        update={"damage": min(s.damage, probe.hp_max), "setback": min(s.setback, probe.fp_max)}
    )
    return SheetChange(new, f"is {text}: {described(text)}")


def _rest(s: MythmagicaSheet, args: Sequence[str]) -> SheetChange:
    nights = whole(args[0], "nights", 1, 365) if args else 1
    rate = s.derived["DHR"]
    healed = min(s.damage, rate * nights)
    new = s.model_copy(update={"damage": s.damage - healed})
    return SheetChange(
        new,
        f"rests {nights} night(s): heals {healed} (Daily Healing Rate {rate}; "
        f"HP {new.hp_max - new.damage}/{new.hp_max})",
    )


def _cast(s: MythmagicaSheet, args: Sequence[str]) -> SheetChange:
    words = [a for a in args if a.lower() != "free"]
    if len(words) != 1:
        raise RulesError("usage: cast WHO COST [free] or cast WHO BASE-ATTR (10-IN)")
    base, _, attr = words[0].partition("-") if not words[0].startswith("-") else (words[0], "", "")
    if attr:
        if attr.upper() not in (*rules.BASICS, *rules.DERIVED_NAMES):
            raise RulesError(f"unknown attribute {attr!r} in the Setback cost")
        cost = procedures.ability_setback_cost(
            whole(base, "Setback cost base", 0, 1000),
            s.basics.get(attr.upper(), s.derived.get(attr.upper(), 0)),
        )
    else:
        cost = whole(base, "Setback cost", 0, 1000)
    if len(words) != len(args):
        return SheetChange(s, f"casts for free (first use this session; cost would be {cost})")
    left = s.fp_max - s.setback
    if cost >= left:
        raise RulesError(f"a Setback cost of {cost} would drop FP {left} to 0: the ability cannot be used")
    new = s.model_copy(update={"setback": s.setback + cost})
    return SheetChange(new, f"pays {cost} Setback (FP {left - cost}/{s.fp_max})", harmed=False)


def _resize(s: MythmagicaSheet, args: Sequence[str]) -> SheetChange:
    if len(args) != 1:
        raise RulesError("usage: resize WHO STEPS (negative shrinks)")
    steps = whole(args[0], "size steps", -11, 11)
    size = s.size or "Medium"
    index = procedures.size_index(size) + steps
    if not 0 <= index < len(procedures.SIZES):
        raise RulesError(
            f"{size} cannot change by {steps} sizes "
            f"(sizes run {procedures.SIZES[0]} to {procedures.SIZES[-1]})"
        )
    basics = procedures.resize_basics(s.basics, steps)
    if any(not -50 <= v <= 50 for v in basics.values()):
        raise RulesError("resizing that far takes an attribute beyond -50 to 50")
    probe = s.model_copy(update={**basics, "size": procedures.SIZES[index], "damage": 0, "setback": 0})
    hp_left = procedures.resized_hp(s.hp_max, s.hp_max - s.damage, probe.hp_max)
    fp_left = procedures.resized_hp(s.fp_max, s.fp_max - s.setback, probe.fp_max)
    new = probe.model_copy(update={"damage": probe.hp_max - hp_left, "setback": probe.fp_max - fp_left})
    return SheetChange(
        new,
        f"becomes {new.size}: "
        + " ".join(f"{k} {v:+d}" for k, v in basics.items() if k in procedures.RESIZE_BASICS)
        + f"; HP {new.hp_max - new.damage}/{new.hp_max}",
    )


def perform(s: MythmagicaSheet, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
    if action == "guts":
        return _spend(s, args)
    if action == "counter":
        return _counter(s, args, scene)
    if action == "gutsit":
        _need_named(s)
        return _guts(s, rules.guts_it(s.guts_spent), "Guts it: the hidden roll is a bare success")
    if action == "refresh":
        kind = (args[0] if args else "").lower()
        if kind == "major":
            return _guts(s, 0, "major Guts refresh")
        if kind == "minor":
            return _guts(s, rules.minor_refresh(s.guts_spent), "minor Guts refresh")
        raise RulesError("usage: refresh WHO major|minor")
    if action == "xp":
        if len(args) != 1:
            raise RulesError("usage: xp WHO N")
        n = whole(args[0], "XP to award", 1, 10_000_000)
        new = s.model_copy(update={"xp": s.xp + n, "guts_spent": 0})
        return SheetChange(new, f"gains {n} XP (total {new.xp}, Level {new.lvl}); Guts refreshed")
    if action == "award":
        return _award(s, args, scene)
    if action == "chapter":
        new = s.model_copy(update={"setback": 0, "guts_spent": 0})
        return SheetChange(new, "new chapter: Setback cleared, Guts refreshed")
    if action == "condition":
        return _condition(s, args)
    if action == "rest":
        return _rest(s, args)
    if action == "cast":
        return _cast(s, args)
    if action == "resize":
        return _resize(s, args)
    raise RulesError(f"unknown action {action!r} (actions: {NAMES})")
