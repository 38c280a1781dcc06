"""Calculators for reality: contradictions and the link, hardpoints, invocations,
transformation and reclaiming (see `calc_words`)."""

from __future__ import annotations

from gmconsole.engine.numbers import whole
from gmconsole.systems.torg import reality
from gmconsole.systems.torg.calc_words import Words
from gmconsole.systems.torg.rules_data import cosm_names, link_difficulty
from gmconsole.systems.torg.values import value_to_measure

# ---------------------------------------------------------------------- reality


def contradiction(w: Words) -> str:
    tool, own, land = (
        w.number("the tool's axiom", (0, 40)),
        w.number("the character's axiom", (0, 40)),
        w.number("the land's axiom", (0, 40)),
    )
    die = w.option("die", "the first die", (1, 20))
    case = reality.contradiction_case(tool, own, land)
    text = f"{case} case: " + (
        "no contradiction"
        if case == 0
        else f"a first die of 1-{case} disconnects"
        if case > 1
        else "a first die of 1 disconnects"
    )
    if die is not None and case:
        text += f"; die {die}: " + ("disconnected" if reality.disconnects(case, die) else "still connected")
    if case:
        text += f"; repairing the link: bonus {reality.link_repair_modifier(own, tool, land):+d}"
    return text


def link(w: Words) -> str:
    names = tuple(cosm_names())
    home, now = w.word("the home cosm", names), w.word("the cosm the character is in", names)
    return f"reconnecting: from {cosm_names()[home]} in {cosm_names()[now]}: DN {link_difficulty(home, now)}"


def hardpoint(w: Words) -> str:
    weight, spirit = w.number("the weight value"), w.number("the spirit value")
    dominant = reality.hardpoint_radius(weight, spirit)
    pure = reality.hardpoint_radius(weight, spirit, pure=True)
    return (
        f"hardpoint: dominant zone radius value {dominant} ({value_to_measure(dominant):,.0f} m), "
        f"pure zone {pure} ({value_to_measure(pure):,.0f} m)"
    )


def invocation(w: Words) -> str:
    axiom = w.number("the Spiritual axiom", (0, 33))
    dn = reality.invocation_difficulty(axiom)
    return f"invocation where the Spiritual axiom is {axiom}: community rating and focus DN {dn}"


def transform(w: Words) -> str:
    seconds = w.seconds()
    pure = w.flag("pure")
    rolls = [whole(a, "a final die roll", 1, 200) for a in w.args]
    w.args.clear()
    row = reality.transformation_row(seconds)
    need = row.pure_roll if pure else row.dominant_roll
    zone = "pure" if pure else "dominant"
    chance = row.pure_chance if pure else row.dominant_chance
    reached = f"{need}+" if need else "anything (automatic)"
    text = f"{row.label} in a {zone} zone (chance {chance}): transformed on {reached}"
    if rolls:
        text += f"; roll {rolls[0]}: " + (
            "transformed" if reality.transformed(rolls[0], seconds, pure=pure) else "holds"
        )
    return text


def reclaim(w: Words) -> str:
    seconds = w.seconds()
    glory = w.flag("glory")
    rolls = [whole(a, "a final die roll", 1, 200) for a in w.args] or [0]
    w.args.clear()
    won = reality.reclaim_succeeds(rolls, seconds, pure=glory)
    return f"reclaiming the people: {'reclaimed' if won else 'not yet'} (best roll {max(rolls)})"
