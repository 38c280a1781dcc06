"""Calculators for magic, miracles, group powers, eternity shards and advancement costs (see
`calc_words`)."""

from __future__ import annotations

from gmconsole.engine.numbers import whole
from gmconsole.systems.torg import advancement, faith, magic
from gmconsole.systems.torg.calc_words import COUNT, Words, level
from gmconsole.systems.torg.totals import LEVELS, format_rp, success_level

# ---------------------------------------------------------------------- magic and miracles


def cast(w: Words) -> str:
    skill, knowledge, need = (
        w.number("the skill value"),
        w.number("the knowledge adds", (0, 99)),
        w.number("the requirement"),
    )
    dn, backlash, bonus = (
        w.number("the spell's difficulty"),
        w.number("the backlash"),
        w.number("the bonus", (-12, 99)),
    )
    mind = w.option("grimoire", "the caster's MIN")
    effect = w.option("effect", "the bonus-number field")
    ord_ = w.flag("ord")
    c = magic.cast(
        skill_value=skill,
        knowledge_adds=knowledge,
        requirement=need,
        difficulty=dn,
        backlash=backlash,
        roll_bonus=bonus,
        mind=mind,
        bonus_to_value=effect,
        possibility_rated=not ord_,
    )
    text = f"spell total {skill + bonus} vs {dn}: {'cast' if c.success else 'fails'}"
    if c.effect is not None:
        text += f"; effect {c.effect}"
    if c.backlash_rp is None:
        return text + "; no backlash"
    knowledge_lost, skill_lost = magic.loses_knowledge(c.backlash.knockout == "KO", c.backlash.wounds)
    text += f"; backlash {format_rp(c.backlash_rp)} RP: {c.backlash} mental damage"
    if skill_lost:
        text += " (the knowledge and the magic skill are lost until restored)"
    elif knowledge_lost:
        text += " (the arcane knowledge used is lost)"
    return text


def mage(w: Words) -> str:
    adds = w.number("the knowledge adds bought", (0, magic.MAGE_POINTS))
    return f"a starting mage with {adds} knowledge adds learns {magic.spells_from_mage_points(adds)} spells"


def disbelief(w: Words) -> str:
    believers, mod = w.number("the believers", (0, 100000)), w.option("mod", "the spell's modifier") or 0
    return f"disbelieving the illusion: MIN total vs {magic.disbelief_difficulty(believers, mod)}"


def miracle(w: Words) -> str:
    base = w.number("the miracle's difficulty")
    enemy = w.option("enemy", "the enemy's faith adds", (0, 99)) or 0
    conditions = tuple(w.word("a condition", tuple(faith.CONDITION_MODIFIERS)) for _ in list(w.args))
    dn = faith.miracle_difficulty(base, conditions, enemy)
    return f"miracle DN {dn}" + (
        f" ({', '.join(c.replace('_', ' ') for c in conditions)})" if conditions else ""
    )


def focus(w: Words) -> str:
    focus, dn = w.number("the focus total"), w.number("the DN")
    faith_total = w.option("faith", "the faith total")
    text = f"focus {focus} vs {dn}: " + ("focused" if focus >= dn else "no miracle")
    text += f"; the Possibility may be spent by the {faith.possibility_spender(focus, dn)} character"
    if faith_total is not None and focus >= dn:
        rp = faith_total - dn
        text += f"; faith {faith_total}: " + (
            f"{success_level(rp)} success" if rp >= 0 else "silence (no effect, not a failure)"
        )
    return text


def community(w: Words) -> str:
    n = w.number("the helpers who succeeded (or members)", (0, 10**9))
    average, rating = w.option("average", "the average faith"), w.option("rating", "the community rating")
    if average is not None and rating is not None:
        return f"community of {n}: bonus +{faith.community_approximation(max(n, 1), average, rating)}"
    return f"community: {n} helper(s) succeeded: bonus +{faith.community_bonus(n)}"


def healing(w: Words) -> str:
    wounds, rp = w.number("the wounds", (0, 3)), w.number("the faith result points", (-100, 200))
    left = faith.healing_miracle(wounds, rp)
    return f"healing: {wounds - left} wound level(s) healed, {left} left" + (
        "; shock and K/O gone" if rp >= 0 else ""
    )


def struggle(w: Words) -> str:
    a, b = w.number("the first faith total"), w.number("the second faith total")
    on_b, on_a = faith.spiritual_struggle(a, b)
    loser, rp = ("the second", on_b) if on_b is not None else ("the first", on_a)
    return f"spiritual struggle: {loser} takes {format_rp(rp or 0)} RP of stun (spiritual) damage"


def spirit_loss(w: Words) -> str:
    ko = w.flag("ko")
    wounds = w.number("the wounds after", (0, 4))
    focus, faith_lost = faith.spiritual_losses(knocked_out=ko, wounds_after=wounds)
    if faith_lost:
        return "faith and focus lost (healing blocked past wounded until restored)"
    return "focus lost" if focus else "nothing lost"


def group(w: Words) -> str:
    n = w.number("the participants who succeeded, the lead included", COUNT)
    levels = [w.word("a supporter's success level", LEVELS) for _ in list(w.args)]
    return f"group power: the lead's bonus +{faith.group_power_bonus(n, levels)}"


def bearers(w: Words) -> str:
    given = {}
    for arg in w.args:
        name, _, n = arg.partition("=")
        given[name[:40]] = whole(n, f"{name[:40]}'s Possibilities", 0, 999)
    w.args.clear()
    return f"the group power's bearers: {', '.join(faith.bearers(given))}"


def shard(w: Words) -> str:
    got = level(w)
    n = faith.shard_possibilities(got)
    return f"eternity shard, {got or 'failure'}: {n} Possibilities, used at once"


def send(w: Words) -> str:
    got = level(w)
    return f"send, {got or 'failure'}: regains {faith.send_skills_regained(got)} skill(s)"


def shift(w: Words) -> str:
    dice = [whole(a, "a die", 1, 20) for a in w.args]
    w.args.clear()
    if not dice:
        raise w.usage()
    return f"shift possibility: the task uses die {faith.shift_possibility(dice[0], dice[1:])}"


# ---------------------------------------------------------------------- advancement


def advance(w: Words) -> str:
    what = w.word("what improves", ("skill", "attribute", "specialisation", "trademark", "spell", "faith"))
    if what == "attribute":
        new = w.number("the new value", (1, 40))
        top = w.option("max", "the racial maximum", (1, 40))
        return (
            f"raising an attribute to {new}: {advancement.attribute_cost(new, racial_max=top)} Possibilities"
        )
    if what == "faith":
        adds = w.number("the faith adds", (1, 99))
        return (
            f"conversion: faith adds {adds} -> {advancement.converted_faith_adds(adds)} in the new religion"
        )
    if what != "skill":
        cost = {
            "specialisation": advancement.TYPE_SPECIALISATION,
            "trademark": advancement.TRADEMARK,
            "spell": advancement.NEW_SPELL,
        }[what]
        return f"a new {what}: {cost} Possibilit{'y' if cost == 1 else 'ies'}"
    current, new = w.number("the current adds", (0, 98)), w.number("the new adds", (1, 99))
    cost = advancement.skill_add_cost(
        current,
        new,
        taught=not w.flag("self"),
        unskilled_ok=not w.flag("trained"),
        foreign=w.flag("foreign"),
        held=w.flag("held"),
    )
    return f"adds {current} -> {new}: {cost} Possibilities"
