"""Calculators for movement, pushes, falls, explosives, multi-actions, coordination and the
skill charts (see `calc_words` for how they read their words)."""

from __future__ import annotations

from gmconsole.engine.numbers import whole
from gmconsole.systems.torg import movement, multiaction
from gmconsole.systems.torg.calc_words import COUNT, LEVEL_WORDS, VALUE, Words
from gmconsole.systems.torg.combat_options import explosive_damage
from gmconsole.systems.torg.skill_charts import chart_difficulty, chart_names, chart_result
from gmconsole.systems.torg.totals import format_rp
from gmconsole.systems.torg.values import value_to_measure

# ---------------------------------------------------------------------- movement and combat


def explosive(w: Words) -> str:
    damage = w.number("the damage value")
    band = w.word("the burst range", ("short", "medium", "long"))
    return f"explosive {damage} at {band} burst range: damage value {explosive_damage(damage, band)}"


def fall(w: Words) -> str:
    weight, distance = w.number("the weight value"), w.number("the distance value")
    value = movement.falling_damage_value(weight, distance)
    return f"falling: weight {weight} + distance {distance}: damage value {value}"


def push(w: Words) -> str:
    acting, limit, bonus = (
        w.number("the acting value"),
        w.number("the limit"),
        w.number("the bonus", (-12, 99)),
    )
    column = w.word("the column", ("speed", "power"))
    take = w.option("take", "the result points taken", (0, 99))
    p = movement.push(acting, limit, bonus, column, take_rp=take)
    if p.result_points is None:
        return f"push {column}: total {p.total} vs 8 fails; value stays {p.value}"
    return (
        f"push {column}: total {p.total} vs 8, {format_rp(p.result_points)} RP: value {p.value} "
        f"({value_to_measure(p.value):,.0f}), {p.shock} fatigue shock at the round's end"
    )


def limit(w: Words) -> str:
    activity = w.word("the activity", ("running", "swimming", "long_jumping", "climbing", "lifting"))
    average = w.option("average", "the racial average", VALUE)
    primary = w.flag("primary")
    distance = w.option("over", "the distance in metres", (0, 10**9))
    if average is None:
        limit, whose = movement.human_limit(activity), "Core Earth"
    else:
        limit, whose = movement.creature_limit(activity, average, primary=primary), f"average {average}"
    text = f"{activity.replace('_', ' ')} limit ({whose}): {limit}"
    if distance is not None:
        macro = movement.macro_limit(activity, limit, distance)
        text += f"; over {distance:,} m: {macro}"
        limit = macro
    attribute = w.option("with", "the attribute + adds", VALUE)
    if attribute is not None:
        text += f"; value {attribute}: {movement.base_movement(attribute, 0, limit):,.0f} m a round"
    return text


def run(w: Words) -> str:
    distance, speed = w.number("the distance value"), w.number("the speed value")
    caught = w.flag("caught")
    t = movement.time_value(distance, speed, failed_and_caught=caught)
    return f"time value {t}: {value_to_measure(t):,.0f} seconds"


def onmany(w: Words) -> str:
    n = w.number("the number of actions", (1, 1000))
    margin = w.option("margin", "the margin", (0, 200))
    bonus = w.option("bonus", "the bonus", (-12, 99))
    pairs = [a for a in w.args if "/" in a]
    w.args = [a for a in w.args if "/" not in a]
    dns = ", ".join(f"+{multiaction.one_on_many_dn(i)}" for i in range(1, min(n, 8) + 1))
    text = f"one on {n}: Toughness +{multiaction.one_on_many_toughness(n)} for every target; DN {dns}"
    if n > 8:
        text += f" ... +{multiaction.one_on_many_dn(n)}"
    if margin is not None:
        text += f"; quick method, margin {margin}: {multiaction.quick_method(n, margin)} hit(s)"
    if bonus is not None and pairs:
        actions = [
            (whole(v, "an action value", *VALUE), whole(d, "a DN", *VALUE))
            for v, _, d in (p.partition("/") for p in pairs)
        ]
        hits = multiaction.one_on_many(bonus, actions)
        text += "; " + ", ".join(
            f"{v}+{bonus} vs {d}: {'hit' if h else 'miss'}" for (v, d), h in zip(actions, hits, strict=True)
        )
    return text


def manyonone(w: Words) -> str:
    n = w.number("the number of characters", COUNT)
    margin = w.option("margin", "the margin", (0, 200))
    text = f"{n} on one: bonus +{multiaction.group_bonus(n)}"
    if margin is not None:
        text += f"; margin {margin}: {multiaction.many_on_one_successes(n, margin)} succeed"
    return text


def coordinate(w: Words) -> str:
    kinds = ("independent", "basic", "feedback", "unstable")
    kind = w.word("the coordination", kinds)
    helpers = w.option("helpers", "the helpers who succeeded", (0, 100000))
    dn = multiaction.coordination_difficulty(kind)
    text = f"{kind} coordination: DN {dn}"
    if helpers is not None:
        bonus = multiaction.coordination_bonus(helpers + 1)
        text += f"; {helpers} helper(s) succeeded: the lead's bonus +{bonus}"
    return text


def approximate(w: Words) -> str:
    n, average, dn = w.number("the helpers", COUNT), w.number("the average value"), w.number("the DN")
    return f"{n} helpers of average {average} vs {dn}: bonus +{multiaction.approximate_bonus(n, average, dn)}"


def chart(w: Words) -> str:
    chart = w.word("the chart", tuple(chart_names()))
    situation = w._next().lower()
    if situation in LEVEL_WORDS:
        return f"{chart}: {situation}: {chart_result(chart, None if situation == 'failure' else situation)}"
    mods = [a.lower() for a in w.args]
    w.args.clear()
    dn = chart_difficulty(chart, situation, *mods)
    return f"{chart}: {' + '.join([situation, *mods]).replace('_', ' ')}: DN {dn}"
