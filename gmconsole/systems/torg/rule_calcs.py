"""The book's small procedures as calculators (`calc KEY ARGS`), for what a GM works out at the
table without touching a sheet: movement and falls, multi-actions and coordination, reality
(contradictions, the link, hardpoints, invocations, transformation), interaction (charm,
persuasion, haggling, clearing the mind, interrogation), magic and miracles, advancement.

Each calculator reads its words through `Words` (every number bounded where it is read) and
answers one line for the dice log. The rules are the modules' (`movement`, `multiaction`,
`reality`, `interaction`, `magic`, `faith`, `advancement`); this module only reads and says.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.base import Calculator
from gmconsole.systems.torg import advancement, faith, interaction, magic, movement, multiaction, reality
from gmconsole.systems.torg.combat_options import explosive_damage
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.rules_data import cosm_names, link_difficulty
from gmconsole.systems.torg.skill_charts import chart_difficulty, chart_names, chart_result, stealth_unseen
from gmconsole.systems.torg.totals import LEVELS, format_rp, success_level
from gmconsole.systems.torg.values import unit_key, units, value_to_measure

VALUE = (-50, 200)
"""Bounds of any value, total or difficulty typed into a calculator."""
COUNT = (1, 100000)
"""Bounds of a count of people or actions."""


class Words:
    """The arguments of one calculator, read left to right, each with its bounds."""

    def __init__(self, spec: Calculator, args: list[str]) -> None:
        self.spec, self.args = spec, list(args)

    def usage(self) -> TorgError:
        return TorgError(f"usage: calc {self.spec.key} {self.spec.usage}")

    def _next(self) -> str:
        if not self.args:
            raise self.usage()
        return self.args.pop(0)

    def number(self, what: str, bounds: tuple[int, int] = VALUE) -> int:
        return whole(self._next(), what, *bounds)

    def word(self, what: str, choices: tuple[str, ...]) -> str:
        text = self._next().lower()
        hits = [c for c in choices if c == text] or [c for c in choices if c.startswith(text)]
        if len(hits) != 1:
            raise TorgError(f"{what} must be one of {', '.join(choices)}, got {text[:40]!r}")
        return hits[0]

    def flag(self, name: str) -> bool:
        """Whether the optional word `name` was typed (anywhere among the rest)."""
        lowered = [a.lower() for a in self.args]
        if name in lowered:
            del self.args[lowered.index(name)]
            return True
        return False

    def option(self, name: str, what: str, bounds: tuple[int, int] = VALUE) -> int | None:
        """The number after the optional word `name`, if typed."""
        lowered = [a.lower() for a in self.args]
        if name not in lowered:
            return None
        at = lowered.index(name)
        if at + 1 >= len(self.args):
            raise self.usage()
        value = whole(self.args[at + 1], what, *bounds)
        del self.args[at : at + 2]
        return value

    def seconds(self) -> float:
        """A time typed as a number and a unit ("3 months"): its measure in seconds."""
        amount = decimal(self._next(), "the time", 0, 10**9)
        unit = unit_key(self._next())
        if units()[unit][0] != "time":
            raise TorgError(f"{unit} is no unit of time")
        if amount <= 0:
            raise TorgError("the time must be above 0")
        return float(amount) * value_to_measure(units()[unit][1])  # one unit's measure in seconds

    def done(self) -> None:
        if self.args:
            raise TorgError(
                f"unexpected {self.args[0][:40]!r} (usage: calc {self.spec.key} {self.spec.usage})"
            )


LEVEL_WORDS = ("failure", *LEVELS)
ATTITUDES = interaction.ATTITUDES[:5]


def _level(w: Words) -> str | None:
    word = w.word("the success level", LEVEL_WORDS)
    return None if word == "failure" else word


# ---------------------------------------------------------------------- movement and combat


def _explosive(w: Words) -> str:
    damage = w.number("the damage value")
    band = w.word("the burst range", ("short", "medium", "long"))
    return f"explosive {damage} at {band} burst range: damage value {explosive_damage(damage, band)}"


def _fall(w: Words) -> str:
    weight, distance = w.number("the weight value"), w.number("the distance value")
    value = movement.falling_damage_value(weight, distance)
    return f"falling: weight {weight} + distance {distance}: damage value {value}"


def _push(w: Words) -> str:
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


def _limit(w: Words) -> str:
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


def _run(w: Words) -> str:
    distance, speed = w.number("the distance value"), w.number("the speed value")
    caught = w.flag("caught")
    t = movement.time_value(distance, speed, failed_and_caught=caught)
    return f"time value {t}: {value_to_measure(t):,.0f} seconds"


def _onmany(w: Words) -> str:
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


def _manyonone(w: Words) -> str:
    n = w.number("the number of characters", COUNT)
    margin = w.option("margin", "the margin", (0, 200))
    text = f"{n} on one: bonus +{multiaction.group_bonus(n)}"
    if margin is not None:
        text += f"; margin {margin}: {multiaction.many_on_one_successes(n, margin)} succeed"
    return text


def _coordinate(w: Words) -> str:
    kinds = ("independent", "basic", "feedback", "unstable")
    kind = w.word("the coordination", kinds)
    helpers = w.option("helpers", "the helpers who succeeded", (0, 100000))
    dn = multiaction.coordination_difficulty(kind)
    text = f"{kind} coordination: DN {dn}"
    if helpers is not None:
        bonus = multiaction.coordination_bonus(helpers + 1)
        text += f"; {helpers} helper(s) succeeded: the lead's bonus +{bonus}"
    return text


def _approximate(w: Words) -> str:
    n, average, dn = w.number("the helpers", COUNT), w.number("the average value"), w.number("the DN")
    return f"{n} helpers of average {average} vs {dn}: bonus +{multiaction.approximate_bonus(n, average, dn)}"


def _chart(w: Words) -> str:
    chart = w.word("the chart", tuple(chart_names()))
    situation = w._next().lower()
    if situation in LEVEL_WORDS:
        return f"{chart}: {situation}: {chart_result(chart, None if situation == 'failure' else situation)}"
    mods = [a.lower() for a in w.args]
    w.args.clear()
    dn = chart_difficulty(chart, situation, *mods)
    return f"{chart}: {' + '.join([situation, *mods]).replace('_', ' ')}: DN {dn}"


# ---------------------------------------------------------------------- reality


def _contradiction(w: Words) -> str:
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


def _link(w: Words) -> str:
    names = tuple(cosm_names())
    home, now = w.word("the home cosm", names), w.word("the cosm the character is in", names)
    return f"reconnecting: from {cosm_names()[home]} in {cosm_names()[now]}: DN {link_difficulty(home, now)}"


def _hardpoint(w: Words) -> str:
    weight, spirit = w.number("the weight value"), w.number("the spirit value")
    dominant = reality.hardpoint_radius(weight, spirit)
    pure = reality.hardpoint_radius(weight, spirit, pure=True)
    return (
        f"hardpoint: dominant zone radius value {dominant} ({value_to_measure(dominant):,.0f} m), "
        f"pure zone {pure} ({value_to_measure(pure):,.0f} m)"
    )


def _invocation(w: Words) -> str:
    axiom = w.number("the Spiritual axiom", (0, 33))
    dn = reality.invocation_difficulty(axiom)
    return f"invocation where the Spiritual axiom is {axiom}: community rating and focus DN {dn}"


def _transform(w: Words) -> str:
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


def _reclaim(w: Words) -> str:
    seconds = w.seconds()
    glory = w.flag("glory")
    rolls = [whole(a, "a final die roll", 1, 200) for a in w.args] or [0]
    w.args.clear()
    won = reality.reclaim_succeeds(rolls, seconds, pure=glory)
    return f"reclaiming the people: {'reclaimed' if won else 'not yet'} (best roll {max(rolls)})"


# ---------------------------------------------------------------------- interaction


def _charm(w: Words) -> str:
    base, current = w.word("the base attitude", ATTITUDES), w.word("the current attitude", ATTITUDES)
    rp = w.number("the result points", (-100, 200))
    out = interaction.charm(base, current, rp)
    if not out.success:
        return "charm fails: stop, or press the issue (calc press)"
    more = "a continuing success: may charm again" if out.may_continue else "stop or press the issue"
    return f"charm succeeds: {out.temporary} for now; {more}"


def _press(w: Words) -> str:
    base, current = w.word("the base attitude", ATTITUDES), w.word("the current attitude", ATTITUDES)
    ok = w.word("the result", ("success", "failure")) == "success"
    new_base, new_current = interaction.press_the_issue(base, current, ok)
    return f"pressing the issue: base {new_base}, now {new_current}" + (
        "; no more charm this scene" if ok else ""
    )


def _lasting(w: Words) -> str:
    last = w.word("the last charm's attitude", ATTITUDES)
    own = w.word("the charmer's attitude to the target", ATTITUDES)
    base = w.word("the target's base attitude", ATTITUDES)
    return f"at the adventure's end the base attitude is {interaction.permanent_change(last, own, base)}"


def _persuade(w: Words) -> str:
    current = w.word("the current attitude", ATTITUDES)
    rp = w.number("the result points", (-100, 200))
    commercial = w.flag("commercial")
    return f"persuasion against {current}: {interaction.persuade(current, rp, commercial=commercial)}"


def _persuade_dn(w: Words) -> str:
    resist = w.number("the willpower or MIN")
    risk = w.word("the risk", ("none", "moderate", "high"))
    return f"persuasion DN {interaction.persuasion_difficulty(resist, risk)}"


def _haggle(w: Words) -> str:
    offer = float(decimal(w._next(), "the offer", 1, 10**12))
    price = float(decimal(w._next(), "the market price", 1, 10**12))
    who = w.word("the negotiator", ("buyer", "seller"))
    concede = w.option("concede", "the steps", (1, 10))
    attitude = interaction.haggle_attitude(offer, price, negotiator=who)
    text = f"the {who} is {attitude} toward an offer of {offer:,.0f}"
    if concede:
        text += f"; the {who}'s offer moves to {interaction.concede(price, offer, concede):,.0f}"
    return text


def _clearmind(w: Words) -> str:
    total, mind, rp = (
        w.number("the PER total"),
        w.number("the MIN"),
        w.number("the influence's result points", (0, 200)),
    )
    enemy = w.flag("enemy")
    ok = interaction.clears_mind(total, mind, rp, from_enemy=enemy)
    return (
        "the mind clears: the influence is negated, immune to that opponent for the act"
        if ok
        else "the influence holds"
    )


def _interrogate(w: Words) -> str:
    attitude = w.word("the attitude toward the topic", ATTITUDES)
    need = interaction.interrogation_needed(attitude)
    return f"interrogation, {attitude} toward the topic: needs {format_rp(need)}+ result points"


def _villain(w: Words) -> str:
    instruction = w.word("the instruction", ("taunt", "test", "trick", "intimidate", "maneuver"))
    level = w.word("the success level", LEVELS) if w.args else None
    text = f"the villains {instruction} with {interaction.villain_action_attribute(instruction)}"
    if level is not None:
        text += (
            f"; a {level} success strips {interaction.cards_stripped(level)} card(s) from the target's pool"
        )
    return text


def _unseen(w: Words) -> str:
    stealth, watcher = w.number("the stealth total"), w.number("the watcher's PER or find total")
    conditions = [a.lower() for a in w.args]
    w.args.clear()
    seen = not stealth_unseen(stealth, watcher, *conditions)
    return f"stealth {stealth} vs {watcher}{' + ' + ', '.join(conditions) if conditions else ''}: " + (
        "seen" if seen else "unseen"
    )


# ---------------------------------------------------------------------- magic and miracles


def _cast(w: Words) -> str:
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


def _mage(w: Words) -> str:
    adds = w.number("the knowledge adds bought", (0, magic.MAGE_POINTS))
    return f"a starting mage with {adds} knowledge adds learns {magic.spells_from_mage_points(adds)} spells"


def _disbelief(w: Words) -> str:
    believers, mod = w.number("the believers", (0, 100000)), w.option("mod", "the spell's modifier") or 0
    return f"disbelieving the illusion: MIN total vs {magic.disbelief_difficulty(believers, mod)}"


def _miracle(w: Words) -> str:
    base = w.number("the miracle's difficulty")
    enemy = w.option("enemy", "the enemy's faith adds", (0, 99)) or 0
    conditions = tuple(w.word("a condition", tuple(faith.CONDITION_MODIFIERS)) for _ in list(w.args))
    dn = faith.miracle_difficulty(base, conditions, enemy)
    return f"miracle DN {dn}" + (
        f" ({', '.join(c.replace('_', ' ') for c in conditions)})" if conditions else ""
    )


def _focus(w: Words) -> str:
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


def _community(w: Words) -> str:
    n = w.number("the helpers who succeeded (or members)", (0, 10**9))
    average, rating = w.option("average", "the average faith"), w.option("rating", "the community rating")
    if average is not None and rating is not None:
        return f"community of {n}: bonus +{faith.community_approximation(max(n, 1), average, rating)}"
    return f"community: {n} helper(s) succeeded: bonus +{faith.community_bonus(n)}"


def _healing(w: Words) -> str:
    wounds, rp = w.number("the wounds", (0, 3)), w.number("the faith result points", (-100, 200))
    left = faith.healing_miracle(wounds, rp)
    return f"healing: {wounds - left} wound level(s) healed, {left} left" + (
        "; shock and K/O gone" if rp >= 0 else ""
    )


def _struggle(w: Words) -> str:
    a, b = w.number("the first faith total"), w.number("the second faith total")
    on_b, on_a = faith.spiritual_struggle(a, b)
    loser, rp = ("the second", on_b) if on_b is not None else ("the first", on_a)
    return f"spiritual struggle: {loser} takes {format_rp(rp or 0)} RP of stun (spiritual) damage"


def _spirit_loss(w: Words) -> str:
    ko = w.flag("ko")
    wounds = w.number("the wounds after", (0, 4))
    focus, faith_lost = faith.spiritual_losses(knocked_out=ko, wounds_after=wounds)
    if faith_lost:
        return "faith and focus lost (healing blocked past wounded until restored)"
    return "focus lost" if focus else "nothing lost"


def _group(w: Words) -> str:
    n = w.number("the participants who succeeded, the lead included", COUNT)
    levels = [w.word("a supporter's success level", LEVELS) for _ in list(w.args)]
    return f"group power: the lead's bonus +{faith.group_power_bonus(n, levels)}"


def _bearers(w: Words) -> str:
    given = {}
    for arg in w.args:
        name, _, n = arg.partition("=")
        given[name[:40]] = whole(n, f"{name[:40]}'s Possibilities", 0, 999)
    w.args.clear()
    return f"the group power's bearers: {', '.join(faith.bearers(given))}"


def _shard(w: Words) -> str:
    level = _level(w)
    n = faith.shard_possibilities(level)
    return f"eternity shard, {level or 'failure'}: {n} Possibilities, used at once"


def _send(w: Words) -> str:
    level = _level(w)
    return f"send, {level or 'failure'}: regains {faith.send_skills_regained(level)} skill(s)"


def _shift(w: Words) -> str:
    dice = [whole(a, "a die", 1, 20) for a in w.args]
    w.args.clear()
    if not dice:
        raise w.usage()
    return f"shift possibility: the task uses die {faith.shift_possibility(dice[0], dice[1:])}"


# ---------------------------------------------------------------------- advancement


def _advance(w: Words) -> str:
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


CALCS: dict[str, Callable[[Words], str]] = {
    "explosive": _explosive,
    "fall": _fall,
    "push": _push,
    "limit": _limit,
    "run": _run,
    "onmany": _onmany,
    "manyonone": _manyonone,
    "coordinate": _coordinate,
    "approximate": _approximate,
    "chart": _chart,
    "villain": _villain,
    "unseen": _unseen,
    "contradiction": _contradiction,
    "link": _link,
    "hardpoint": _hardpoint,
    "invocation": _invocation,
    "transform": _transform,
    "reclaim": _reclaim,
    "charm": _charm,
    "press": _press,
    "lasting": _lasting,
    "persuade": _persuade,
    "persuasion": _persuade_dn,
    "haggle": _haggle,
    "clearmind": _clearmind,
    "interrogate": _interrogate,
    "cast": _cast,
    "mage": _mage,
    "disbelief": _disbelief,
    "miracle": _miracle,
    "focus": _focus,
    "community": _community,
    "healing": _healing,
    "struggle": _struggle,
    "spiritloss": _spirit_loss,
    "grouppower": _group,
    "bearers": _bearers,
    "shard": _shard,
    "send": _send,
    "shift": _shift,
    "advance": _advance,
}


def calculate(spec: Calculator, args: list[str]) -> str:
    """Run the calculator `spec` on `args` (refused by name and usage if they do not fit)."""
    w = Words(spec, args)
    text = CALCS[spec.key](w)
    w.done()
    return text
