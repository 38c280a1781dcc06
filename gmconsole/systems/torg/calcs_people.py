"""Calculators for people: charm, persuasion, haggling, clearing the mind, interrogation,
villain instructions and stealth (see `calc_words`)."""

from __future__ import annotations

from gmconsole.engine.numbers import decimal
from gmconsole.systems.torg import interaction
from gmconsole.systems.torg.calc_words import ATTITUDES, Words
from gmconsole.systems.torg.skill_charts import stealth_unseen
from gmconsole.systems.torg.totals import LEVELS, format_rp

# ---------------------------------------------------------------------- interaction


def charm(w: Words) -> str:
    base, current = w.word("the base attitude", ATTITUDES), w.word("the current attitude", ATTITUDES)
    rp = w.number("the result points", (-100, 200))
    out = interaction.charm(base, current, rp)
    if not out.success:
        return "charm fails: stop, or press the issue (calc press)"
    more = "a continuing success: may charm again" if out.may_continue else "stop or press the issue"
    return f"charm succeeds: {out.temporary} for now; {more}"


def press(w: Words) -> str:
    base, current = w.word("the base attitude", ATTITUDES), w.word("the current attitude", ATTITUDES)
    ok = w.word("the result", ("success", "failure")) == "success"
    new_base, new_current = interaction.press_the_issue(base, current, ok)
    return f"pressing the issue: base {new_base}, now {new_current}" + (
        "; no more charm this scene" if ok else ""
    )


def lasting(w: Words) -> str:
    last = w.word("the last charm's attitude", ATTITUDES)
    own = w.word("the charmer's attitude to the target", ATTITUDES)
    base = w.word("the target's base attitude", ATTITUDES)
    return f"at the adventure's end the base attitude is {interaction.permanent_change(last, own, base)}"


def persuade(w: Words) -> str:
    current = w.word("the current attitude", ATTITUDES)
    rp = w.number("the result points", (-100, 200))
    commercial = w.flag("commercial")
    return f"persuasion against {current}: {interaction.persuade(current, rp, commercial=commercial)}"


def persuade_dn(w: Words) -> str:
    resist = w.number("the willpower or MIN")
    risk = w.word("the risk", ("none", "moderate", "high"))
    return f"persuasion DN {interaction.persuasion_difficulty(resist, risk)}"


def haggle(w: Words) -> str:
    offer = float(decimal(w._next(), "the offer", 1, 10**12))
    price = float(decimal(w._next(), "the market price", 1, 10**12))
    who = w.word("the negotiator", ("buyer", "seller"))
    concede = w.option("concede", "the steps", (1, 10))
    attitude = interaction.haggle_attitude(offer, price, negotiator=who)
    text = f"the {who} is {attitude} toward an offer of {offer:,.0f}"
    if concede:
        text += f"; the {who}'s offer moves to {interaction.concede(price, offer, concede):,.0f}"
    return text


def clearmind(w: Words) -> str:
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


def interrogate(w: Words) -> str:
    attitude = w.word("the attitude toward the topic", ATTITUDES)
    need = interaction.interrogation_needed(attitude)
    return f"interrogation, {attitude} toward the topic: needs {format_rp(need)}+ result points"


def villain(w: Words) -> str:
    instruction = w.word("the instruction", ("taunt", "test", "trick", "intimidate", "maneuver"))
    level = w.word("the success level", LEVELS) if w.args else None
    text = f"the villains {instruction} with {interaction.villain_action_attribute(instruction)}"
    if level is not None:
        text += (
            f"; a {level} success strips {interaction.cards_stripped(level)} card(s) from the target's pool"
        )
    return text


def unseen(w: Words) -> str:
    stealth, watcher = w.number("the stealth total"), w.number("the watcher's PER or find total")
    conditions = [a.lower() for a in w.args]
    w.args.clear()
    seen = not stealth_unseen(stealth, watcher, *conditions)
    return f"stealth {stealth} vs {watcher}{' + ' + ', '.join(conditions) if conditions else ''}: " + (
        "seen" if seen else "unseen"
    )
