"""Exertion Factors in play: the paces and what a turn at each costs (`move WHO PACE`), and
the EF a character wins back at the end of every turn.

The book's regeneration rules overlap (a base 1 EF a turn, Trotting winning back only
Running EF, Walking 3 a turn of movement EF and powers at half rate, nothing said of
standing still), so the console keeps two debts, as the rules file recommends: `ef_moving`
(EF spent moving) inside `ef_spent` (all EF spent). Per turn: Running, Crawling, a Leap or
damage taken: nothing back. Trotting: 1 of the movement debt. Walking: 3 of the movement
debt and half a point of the rest (two walking turns give 1). Standing: 3 of the movement
debt and 1 of the rest.
"""

from __future__ import annotations

from gmconsole.engine.errors import RulesError
from gmconsole.systems.base import SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.sheet import SystemOneSheet

PACE_EF = {"walk": 0, "trot": 2, "run": 5, "crawl": 2, "leap": 3}
"""EF a turn at each pace costs (a leap: 3 a leap), before the wound state's multiplier."""
PACE_SPEED = {"walk": 4, "trot": 2, "run": 1, "crawl": 16}
"""The pace's speed as a divisor of the running speed (Walk a quarter, Crawl a sixteenth)."""
PACE_TURNS = {"walk": "two 45° turns", "trot": "one 45° turn", "run": "one 15° turn", "crawl": "one 15° turn"}


def running_pw(speed: int) -> int:
    """PW a runner allocates: 1 per 10 m/turn of running speed, rounded half up."""
    return rules.round_half_up(speed / 10)


def spend(s: SystemOneSheet, n: int, moving: bool = False) -> tuple[SystemOneSheet, int]:
    """`n` EF spent, multiplied by the wound state; refused when there is not enough left."""
    state = s.state()
    if state in ("dying", "dead"):
        raise RulesError(f"no exertion while {state}")
    cost = n * rules.EF_MULTIPLIER[state]
    left = s.ef - s.ef_spent
    if cost > left:
        raise RulesError(f"{cost} EF needed ({n} x{rules.EF_MULTIPLIER[state]} {state}), only {left} left")
    update = {"ef_spent": s.ef_spent + cost}
    if moving:
        update["ef_moving"] = s.ef_moving + cost
    return s.model_copy(update=update), cost


def move(s: SystemOneSheet, args: list[str]) -> SheetChange:
    """`move WHO PACE`: this turn's pace, its EF paid now (a running start doubles a leap)."""
    if len(args) != 1 or args[0].lower() not in PACE_EF:
        raise RulesError(f"usage: move WHO {'|'.join(PACE_EF)}")
    pace = args[0].lower()
    if not s.conscious:
        raise RulesError("an unconscious character does not move")
    limit = _pace_limit(s)
    order = ("crawl", "walk", "trot", "run")
    if pace in order and limit and order.index(pace) > order.index(limit):
        raise RulesError(f"wounds allow no faster than a {limit.capitalize()}")
    if pace == "run" and running_pw(s.running) > s.pw - s.pw_allocated:
        raise RulesError(
            f"running at {s.running} m/turn holds {running_pw(s.running)} PW; {s.pw - s.pw_allocated} free"
        )
    new, cost = spend(s, PACE_EF[pace], moving=True)
    new = new.model_copy(update={"pace": pace})
    if pace == "leap":
        what = f"leaps up to {s.leap} m ({2 * s.leap} m with a running start)"
    else:
        speed = s.running // PACE_SPEED[pace]
        what = f"{'crawls' if pace == 'crawl' else pace + 's'} {speed} m this turn ({PACE_TURNS[pace]})"
        if pace == "run":
            what += f"; holds {running_pw(s.running)} PW while running"
    paid = f"{cost} EF" if cost else "no EF"
    return SheetChange(
        new, f"{what}: {paid}, {new.ef - new.ef_spent}/{new.ef} left", {"pace": pace, "ef": cost}
    )


def _pace_limit(s: SystemOneSheet) -> str:
    """The fastest pace the wounds allow: a leg, the torso or the head at a quarter of LP or
    more holds to a Walk, any wound there to a Trot; a lost leg to a Crawl."""
    worst = ""
    for loc in ("head", "torso", *rules.LEGS):
        band = rules.location_band(s.wound(loc), s.lp)
        if band == 4 and loc in rules.LEGS:
            return "crawl"
        if band >= 3:
            worst = "walk"
        elif band and worst != "walk":
            worst = "trot"
    return worst


def regeneration_three(s: SystemOneSheet) -> int:
    """Regeneration III: +1 EF a turn for each level (5 points a level), when EF comes back."""
    return sum(
        max(1, p.points // 5) for p in s.powers if " ".join(p.name.lower().split()) == "regeneration iii"
    )


def regain(s: SystemOneSheet, harmed: bool) -> list[str]:
    """The end of the turn's EF regeneration on `s` (changed in place), by the pace kept."""
    if not s.ef_spent or harmed or s.pace in ("run", "crawl", "leap"):
        return []
    moving_back = min(s.ef_moving, 1 if s.pace == "trot" else 3)
    other = s.ef_spent - s.ef_moving
    if s.pace == "trot":
        other_back = 0
    elif s.pace == "walk":
        other_back = 1 if other and s.ef_half else 0
        s.ef_half = not s.ef_half if other else False
    else:
        other_back = 1 if other else 0
    other_back += regeneration_three(s)
    back = moving_back + min(other, other_back)
    s.ef_moving -= moving_back
    s.ef_spent -= back
    return [f"regains {back} EF ({s.ef - s.ef_spent}/{s.ef})"] if back else []
