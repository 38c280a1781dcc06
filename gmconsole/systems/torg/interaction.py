"""Interaction: intimidate, test, taunt, trick, maneuver in combat, and the attitude procedures
(charm, persuasion, haggling, clearing the mind, interrogation).

Combat interactions roll the skill against the target's same skill, else its base attribute
(intimidation SPI, test MIN, taunt CHA, trick PER, maneuver DEX), and read the result points on
the Interaction Results Table. The effect hits only the target. Ruling §9.3: the "+2" row applies
from 17 result points and is a cap, not cumulative.

Attitudes run loyal > friendly > neutral > hostile > enemy; a charm/persuade result reads as "the
worst attitude this result overcomes" (S loyal ... 12-16 enemy, 17+ enemy+1).
Ruling §9.2 #6: one persuasion attempt per *issue* (GM text). §9.2 #18: the GM section's
continuing/non-continuing charm model is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tables import load, lookup
from gmconsole.systems.torg.totals import format_rp
from gmconsole.systems.torg.values import measure_to_value, value_to_measure

INTERACTIONS = {
    "intimidation": "intimidate_test",
    "test": "intimidate_test",
    "taunt": "taunt_trick",
    "trick": "taunt_trick",
    "maneuver": "maneuver",
}
ATTITUDES = ("loyal", "friendly", "neutral", "hostile", "enemy", "enemy+1")
"""Best to worst; the index is the ordinal the rules compare."""


@cache
def _table() -> dict[str, Any]:
    body = load("interaction_results").body
    for name, col in body["columns"].items():
        if len(col) != 17:
            raise TorgError(f"interaction_results.toml: column {name} needs 17 cells (S-15, +2)")
    return body


def _row(column: str, result_points: int) -> str:
    col = _table()["columns"][column]
    return col[16] if result_points >= 17 else col[min(result_points, 15)]


@dataclass(frozen=True)
class InteractionResult:
    key: str
    """"stymied", "setback", "up_setback", "players_call", "stymied_fatigued"..."""
    effects: tuple[str, ...]
    """What the target suffers: "unskilled", "stymied", "setback", "break", "fatigued",
    "players_call"."""
    actor_up: bool
    """Up/Setback: the actor is *up* at his next opportunity."""
    text: str


def interaction_result(kind: str, result_points: int) -> InteractionResult | None:
    """The Interaction Results Table cell for a combat interaction; None on a failure."""
    column = lookup(INTERACTIONS, kind, "interaction", "interaction_results")
    if result_points < 0:
        return None
    key = _row(column, result_points)
    if key == "players_call":
        effects: tuple[str, ...] = (key,)
    else:
        effects = tuple(e for e in key.split("_") if e != "up")
    return InteractionResult(key, effects, key == "up_setback", str(_table()["effects"][key]))


def interaction_effect(target: TorgSheet, kind: str, result_points: int) -> tuple[TorgSheet, str, bool]:
    """An interaction's result applied to its target (a copy): stymied and setback are marked
    for the round, fatigued is 2 shock (3 under fatigue-penalty armour); unskilled, break and
    the player's call are said, for the GM to play. Returns (new sheet, log text, harmed)."""
    from gmconsole.systems.torg.buyoff import strike
    from gmconsole.systems.torg.combat import CombatResult
    from gmconsole.systems.torg.views import damage_text

    cell = interaction_result(kind, result_points)
    if cell is None:
        raise TorgError(f"{kind} result points must be 0 or more (a failure does nothing)")
    new = target.model_copy(deep=True)
    notes = [f"{kind} {format_rp(result_points)} RP: {cell.text.rstrip('.')}"]
    for mark in ("stymied", "setback"):
        if mark in cell.effects and mark not in new.this_round:
            new.this_round.append(mark)
    if "fatigued" in cell.effects:
        shock = 3 if new.armour is not None and new.armour.fatigue_penalty else 2
        notes += strike(new.damage, CombatResult(shock=shock))
        notes.append(damage_text(new.damage))
    if cell.actor_up:
        notes.append("the actor is up at his next opportunity")
    harmed = bool({"stymied", "setback", "fatigued", "break"} & set(cell.effects))
    return new, "; ".join(notes), harmed


def defence_attribute(kind: str) -> str:
    """The attribute that defends against an interaction when the target lacks the skill."""
    return str(lookup(_table()["defence"], kind, "interaction", "interaction_results"))


def villain_action_attribute(instruction: str) -> str:
    """Villain Action Chart: the attribute an NPC uses for a dramatic-line instruction."""
    return str(lookup(_table()["villain_actions"], instruction, "instruction", "interaction_results"))


def cards_stripped(level: str) -> int:
    """Cards the GM takes from a target's pool after a villain's successful instruction or
    trick/test/taunt: 1, 2 on a superior success, 3 on a spectacular one (L3121-L3127)."""
    return {"superior": 2, "spectacular": 3}.get(level, 1)


# ---------------------------------------------------------------------- attitudes


def attitude_index(attitude: str) -> int:
    try:
        return ATTITUDES.index(attitude)
    except ValueError:
        raise TorgError(f"unknown attitude '{attitude}' (one of {', '.join(ATTITUDES[:5])})") from None


def attitude_result(result_points: int) -> str:
    """Charm/persuade column: the worst attitude this result overcomes."""
    if result_points < 0:
        raise TorgError("a failed roll overcomes no attitude")
    return _row("charm_persuade", result_points)


def improve(attitude: str, steps: int = 1) -> str:
    return ATTITUDES[max(0, attitude_index(attitude) - steps)]


def worsen(attitude: str, steps: int = 1) -> str:
    return ATTITUDES[min(4, attitude_index(attitude) + steps)]


@dataclass(frozen=True)
class CharmOutcome:
    success: bool
    temporary: str | None
    """The target's temporary attitude after the attempt (None: unchanged)."""
    may_continue: bool
    """A continuing success: the charmer may try again this scene; otherwise stop or press."""


def charm(base: str, current: str, result_points: int) -> CharmOutcome:
    """One charm attempt (DN = target's willpower or MIN). It succeeds when the result overcomes
    the target's *base* attitude; the temporary attitude improves one step; it is a continuing
    success when the result overcomes one step worse than the base (L3537-L3543)."""
    if result_points < 0:
        return CharmOutcome(False, None, False)
    reached = attitude_index(attitude_result(result_points))
    if reached < attitude_index(base):
        return CharmOutcome(False, None, False)
    return CharmOutcome(True, improve(current), reached >= attitude_index(base) + 1)


def press_the_issue(base: str, current: str, success: bool) -> tuple[str, str]:
    """One more try after a failure or a non-continuing success (L3559-L3565): success improves
    the temporary attitude one step (no more charm this scene); failure worsens the *base*
    attitude one step and drops the temporary one. Returns (base, current)."""
    if success:
        return base, improve(current)
    worse = worsen(base)
    return worse, worse


def permanent_change(last_temporary: str, charmer_to_target: str, target_base: str) -> str:
    """At adventure end the base attitude improves one step iff the last charm left the target
    friendly or better and the charmer's own attitude is at least as good as the target's base
    attitude toward him (L3549-L3557). Returns the new base attitude."""
    friendly = attitude_index(last_temporary) <= attitude_index("friendly")
    fair = attitude_index(charmer_to_target) <= attitude_index(target_base)
    return improve(target_base) if friendly and fair else target_base


def persuade(current: str, result_points: int, *, commercial: bool = False) -> str:
    """Persuasion against the target's current attitude: "fail", "negotiated", "yes" or "vow".
    Vs hostile/enemy the best is a negotiated agreement; vs neutral or in commerce, yes; a vow
    needs a friendly or loyal target and two levels to spare (L3571-L3604)."""
    if result_points < 0:
        return "fail"
    d = attitude_index(attitude_result(result_points)) - attitude_index(current)
    if d < 0:
        return "fail"
    if d == 0 or current in ("hostile", "enemy"):
        return "negotiated"
    if d == 1 or commercial or current == "neutral":
        return "yes"
    return "vow"


def persuasion_difficulty(resistance: int, risk: str = "none") -> int:
    """DN = the target's willpower (or MIN), +3 moderate risk, +5 high risk."""
    return resistance + lookup({"none": 0, "moderate": 3, "high": 5}, risk, "risk", "rules")


def haggle_attitude(offer: float, base_price: float, *, negotiator: str) -> str:
    """A negotiator's attitude toward the other side's offer (Base Price/Attitude chart): a
    bargain (better than the market price for him) is friendly; within 1 value point neutral,
    2 hostile, 3 enemy; offers may not be further apart than 3 (L3612-L3622)."""
    if negotiator not in ("buyer", "seller"):
        raise TorgError("the negotiator is the 'buyer' or the 'seller'")
    better = offer > base_price if negotiator == "seller" else offer < base_price
    if better:
        return "friendly"
    gap = abs(measure_to_value(offer) - measure_to_value(base_price))
    if gap > 3:
        raise TorgError(f"an offer {gap} value points from the price is out of bounds (at most 3)")
    return ("neutral", "neutral", "hostile", "enemy")[gap]


def concede(own: float, other: float, steps: int = 1) -> float:
    """Move an offer toward the other side's: one full value point per step, or half the
    numeric gap once the other offer is within a point (L3640-L3648)."""
    for _ in range(steps):
        mine, theirs = measure_to_value(own), measure_to_value(other)
        if abs(mine - theirs) <= 1:
            own = (own + other) / 2
        else:
            own = value_to_measure(mine + (1 if theirs > mine else -1))
    return own


def clears_mind(per_total: int, mind: int, influence_rp: int, *, from_enemy: bool = False) -> bool:
    """Clearing the mind (possibility-rated only): PER total (+3 if the suggestion came from an
    enemy) vs own MIN; the influence is negated if these result points reach its own."""
    rp = per_total + (3 if from_enemy else 0) - mind
    return rp >= 0 and rp >= influence_rp


INTERROGATION_RP = {"enemy": 0, "hostile": 3, "neutral": 7, "friendly": 12, "loyal": 15}


def interrogation_needed(attitude_to_topic: str) -> int:
    """Result points an interrogation needs by the subject's attitude toward the topic."""
    return int(lookup(INTERROGATION_RP, attitude_to_topic, "attitude", "rules"))
