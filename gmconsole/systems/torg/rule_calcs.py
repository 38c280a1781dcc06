"""The book's small procedures as calculators (`calc KEY ARGS`), for what a GM works out at the
table without touching a sheet: movement and falls, multi-actions and coordination, reality
(contradictions, the link, hardpoints, invocations, transformation), interaction (charm,
persuasion, haggling, clearing the mind, interrogation), magic and miracles, advancement.

Each calculator (in `calcs_action`, `calcs_reality`, `calcs_people`, `calcs_powers`) reads its
words through `calc_words.Words` (every number bounded where it is read) and answers one line
for the dice log. The rules are the modules' (`movement`, `multiaction`, `reality`,
`interaction`, `magic`, `faith`, `advancement`); the calculators only read and say.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.systems.base import Calculator
from gmconsole.systems.torg import calcs_action, calcs_people, calcs_powers, calcs_reality
from gmconsole.systems.torg.calc_words import Words

CALCS: dict[str, Callable[[Words], str]] = {
    "explosive": calcs_action.explosive,
    "fall": calcs_action.fall,
    "push": calcs_action.push,
    "limit": calcs_action.limit,
    "run": calcs_action.run,
    "onmany": calcs_action.onmany,
    "manyonone": calcs_action.manyonone,
    "coordinate": calcs_action.coordinate,
    "approximate": calcs_action.approximate,
    "chart": calcs_action.chart,
    "villain": calcs_people.villain,
    "unseen": calcs_people.unseen,
    "contradiction": calcs_reality.contradiction,
    "link": calcs_reality.link,
    "hardpoint": calcs_reality.hardpoint,
    "invocation": calcs_reality.invocation,
    "transform": calcs_reality.transform,
    "reclaim": calcs_reality.reclaim,
    "charm": calcs_people.charm,
    "press": calcs_people.press,
    "lasting": calcs_people.lasting,
    "persuade": calcs_people.persuade,
    "persuasion": calcs_people.persuade_dn,
    "haggle": calcs_people.haggle,
    "clearmind": calcs_people.clearmind,
    "interrogate": calcs_people.interrogate,
    "cast": calcs_powers.cast,
    "mage": calcs_powers.mage,
    "disbelief": calcs_powers.disbelief,
    "miracle": calcs_powers.miracle,
    "focus": calcs_powers.focus,
    "community": calcs_powers.community,
    "healing": calcs_powers.healing,
    "struggle": calcs_powers.struggle,
    "spiritloss": calcs_powers.spirit_loss,
    "grouppower": calcs_powers.group,
    "bearers": calcs_powers.bearers,
    "shard": calcs_powers.shard,
    "send": calcs_powers.send,
    "shift": calcs_powers.shift,
    "advance": calcs_powers.advance,
}


def calculate(spec: Calculator, args: list[str]) -> str:
    """Run the calculator `spec` on `args` (refused by name and usage if they do not fit)."""
    w = Words(spec, args)
    text = CALCS[spec.key](w)
    w.done()
    return text
