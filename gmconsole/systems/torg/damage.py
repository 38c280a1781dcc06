"""A character's damage state and everything that changes it: blows, buying damage off, mortal
bleeding, recovery over time, first aid, medicine and the daily healing roll.

Tracks (L699-L711, L3732-L3766): shock points; K and O; knockdown (the next action may only
defend or move); wound levels 0 unhurt, 1 wounded, 2 heavily wounded, 3 mortally wounded,
4+ dead. A character is unconscious at shock >= Toughness or when both K and O are marked.

Rulings recorded here (003-torg.md §9):
- §9.2 #8: unconscious at shock >= Toughness, but a mortally wounded character dies only when
  shock is *in excess of* Toughness (literal reading of L3752).
- §9.3: once stabilised, a mortally wounded character still dies at shock > Toughness
  (conservative); `dead_when_stabilised=False` on `is_dead` is the lenient toggle.
- §9.3 / L1253: one Possibility (or card) buying off damage may pick the same option twice.
- §9.2 #4: first aid removes shock, K and O, stops mortal bleeding and restores consciousness.
- §9.2 #5: medicine adds its result points to the next healing roll.
- §9.3: knockdown affects the character's next action only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.torg.combat import CombatResult
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load

WOUND_LEVELS = ("unhurt", "wounded", "heavily wounded", "mortally wounded", "dead")


@cache
def _healing() -> dict:
    return load("healing").body


def rounds_per_minute() -> int:
    return int(_healing()["recovery"]["rounds_per_minute"])


class Marks(Model):
    """What one blow can change on a damage track (kept to undo a blow that is bought off)."""

    model_config = ConfigDict(extra="forbid")

    shock: int = Field(default=0, ge=0)
    K: bool = False
    O: bool = False  # noqa: E741 - the book's name for the condition
    knockdown: bool = False
    pass_next_action: bool = False
    wounds: int = Field(default=0, ge=0, le=50)
    mortal_stabilized: bool = False
    k_minutes: int = Field(default=0, ge=0)


class LastBlow(Model):
    """The latest blow, as applied, with the track as it was before it: damage can still be
    bought off (L713-L733) until the next blow or anything else that changes the track."""

    model_config = ConfigDict(extra="forbid")

    shock: int = Field(default=0, ge=0)
    wounds: int = Field(default=0, ge=0)
    knockout: str | None = None
    knockdown: bool = False
    possibility: bool = False
    """A Possibility has already reduced this blow (one per blow; cards may add more)."""
    before: Marks

    def result(self) -> CombatResult:
        return CombatResult(
            shock=self.shock, wounds=self.wounds, knockout=self.knockout, knockdown=self.knockdown
        )


class DamageState(Model):
    """Shock, K/O, knockdown and wounds of one character, against its Toughness.

    `apply` changes the state in place and returns it (so `s.apply(r)` and `s2 = s.apply(r)`
    both read naturally); callers that must not mutate (the system's sheet operations) copy
    first. `toughness` is not stored with a sheet: the sheet supplies its TOU.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    toughness: int = Field(ge=1, le=100, exclude=True)
    shock: int = Field(default=0, ge=0)
    K: bool = False
    O: bool = False  # noqa: E741 - the book's name for the condition
    knockdown: bool = False
    pass_next_action: bool = False
    """Set on reaching a heavy wound this round: treat as a knockdown (L3746)."""
    wounds: int = Field(default=0, ge=0, le=50)
    mortal_stabilized: bool = False
    healing_blocked: bool = False
    """Mental or spiritual damage: wounds cannot heal past *wounded* until the ability returns."""
    medicine_bonus: int = Field(default=0, ge=0)
    """Result points of today's medicine roll, added to the next healing roll."""
    k_minutes: int = Field(default=0, ge=0)
    """Minutes the current K has lasted (it clears at 30)."""
    rounds: int = Field(default=0, ge=0, le=5)
    """Rounds since the last minute of recovery (6 rounds = 1 minute)."""
    bleeding_held: bool = False
    """A Possibility was spent to hold off this round's mortal bleeding (L3748-L3754)."""
    last_blow: LastBlow | None = None
    """The blow that can still be bought off (see `LastBlow`)."""

    def marks(self) -> Marks:
        return Marks(**{k: getattr(self, k) for k in Marks.model_fields})

    def restore(self, marks: Marks) -> None:
        for key in Marks.model_fields:
            setattr(self, key, getattr(marks, key))

    # ------------------------------------------------------------------ derived

    def is_dead(self, *, dead_when_stabilised: bool = True) -> bool:
        if self.wounds >= 4:
            return True
        mortal_death = self.wounds == 3 and self.shock > self.toughness
        return mortal_death and (dead_when_stabilised or not self.mortal_stabilized)

    def spare_stabilised(self) -> bool:
        """The lenient campaign rule (`stabilised_mortal_dies` off): a stabilised mortal wound
        does not die of shock above Toughness, so the shock stops at Toughness (unconscious,
        alive). True when it changed anything."""
        if self.wounds == 3 and self.mortal_stabilized and self.shock > self.toughness:
            self.shock = self.toughness
            return True
        return False

    @property
    def dead(self) -> bool:
        return self.is_dead()

    @property
    def unconscious(self) -> bool:
        return not self.dead and (self.shock >= self.toughness or (self.K and self.O))

    @property
    def bleeding(self) -> bool:
        """Mortally wounded and not yet stabilised: +1 shock each round."""
        return self.wounds == 3 and not self.mortal_stabilized and not self.dead

    @property
    def wound_level(self) -> str:
        return WOUND_LEVELS[min(self.wounds, 4)]

    # ------------------------------------------------------------------ changes

    def bleed(self, *, possibility_spent: bool = False) -> list[str]:
        """End of round for a mortally wounded character: +1 shock unless a Possibility is spent
        for this round (L3748-L3754); death once shock exceeds Toughness."""
        if not self.bleeding:
            return []
        if possibility_spent:
            return ["a Possibility holds off this round's bleeding"]
        self.shock += 1
        return ["bleeds: +1 shock"] + (["dies of the mortal wound"] if self.dead else [])

    def recover(self, minutes: int = 1) -> list[str]:
        """Time passing for the living: -1 shock a minute, O clears after 1 minute, K after 30."""
        if minutes < 0:
            raise TorgError("time cannot run backwards")
        if self.dead or minutes == 0:
            return []
        rec = _healing()["recovery"]
        notes = []
        lost = min(self.shock, minutes * int(rec["shock_per_minute"]))
        if lost:
            self.shock -= lost
            notes.append(f"recovers {lost} shock")
        if self.O and minutes >= int(rec["o_clears_after_minutes"]):
            self.O = False
            notes.append("O clears")
        if self.K:
            self.k_minutes += minutes
            if self.k_minutes >= int(rec["k_clears_after_minutes"]):
                self.K, self.k_minutes = False, 0
                notes.append("K clears")
        return notes

    def end_round(self, *, possibility_spent: bool = False, minute: bool | None = None) -> list[str]:
        """The round is over for this character: mortal bleeding, then the recovery clock.

        `minute`: whether a minute of recovery has just passed (-1 shock, O clears, K after 30
        minutes). An encounter gives it from its own round count (every 6th round, the same
        for everyone, L3792); without one (None) the character keeps its own clock, which runs
        only while there is shock, K or O to recover. A Possibility spent on the bleeding this
        round (`bleeding_held`) stops the +1 shock. If the track changes, the latest blow can
        no longer be bought off (`forget_blow_if_changed`)."""
        held, self.bleeding_held = self.bleeding_held, False
        before = self.marks()
        notes = self.bleed(possibility_spent=possibility_spent or held)
        if minute is not None:
            if minute and not self.dead:
                notes += self.recover(1)
        elif not self.dead and (self.shock or self.K or self.O):
            if self.rounds + 1 >= rounds_per_minute():
                self.rounds = 0
                notes += self.recover(1)
            else:
                self.rounds += 1
        elif self.rounds:
            self.rounds = 0
        self.forget_blow_if_changed(before)
        return notes

    def forget_blow_if_changed(self, before: Marks) -> None:
        """Something other than a blow changed the track (bleeding, recovery, healing, a card's
        fatigue): buying off the latest blow would undo that too, so the blow is forgotten."""
        if self.marks() != before:
            self.last_blow = None

    def clear_knockdown(self) -> None:
        """The knocked-down character has taken its next action (defending or getting up)."""
        self.knockdown = False
        self.pass_next_action = False

    def first_aid_difficulty(self) -> int:
        """First aid DN (L2690-L2699): 8 for a wound or K/O/shock, 12 heavy, 15 mortal."""
        if self.dead:
            raise TorgError("no first aid is possible on the dead")
        dn = _healing()["first_aid_dn"]
        return int({3: dn["mortal"], 2: dn["heavy"]}.get(self.wounds, dn["shock_k_o_or_wounded"]))

    def first_aid(self) -> list[str]:
        """A successful first aid: shock, K and O gone, bleeding stopped; wounds stay."""
        self.first_aid_difficulty()
        self.shock, self.K, self.O, self.k_minutes = 0, False, False, 0
        notes = ["shock, K and O removed"]
        if self.wounds == 3 and not self.mortal_stabilized:
            self.mortal_stabilized = True
            notes.append("mortal bleeding stopped")
        return notes

    def inspire(self) -> None:
        """A hero *inspiration* conflict line: shock and K/O go as if by first aid (L3021)."""
        if not self.dead:
            self.shock, self.K, self.O, self.k_minutes = 0, False, False, 0

    def healing_difficulty(self) -> int:
        """The daily healing roll's DN (L745-L751): Toughness, +3 heavy, +6 mortal."""
        if self.wounds == 0:
            raise TorgError("an unwounded character has nothing to heal")
        if self.dead:
            raise TorgError("the dead do not heal")
        over = _healing()["healing_dn_over_toughness"]
        key = ("wounded", "heavy", "mortal")[self.wounds - 1]
        return self.toughness + int(over[key])

    def healing_roll(self, roll_bonus: int) -> tuple[int, int, bool]:
        """Resolve the daily healing roll: Toughness + bonus + pending medicine result points vs
        `healing_difficulty`; success heals one level (never past *wounded* while blocked).
        Returns (total, difficulty, healed) and uses up the medicine bonus."""
        dn = self.healing_difficulty()
        total = self.toughness + roll_bonus + self.medicine_bonus
        self.medicine_bonus = 0
        healed = total >= dn and not (self.healing_blocked and self.wounds == 1)
        if healed:
            self.wounds -= 1
            if self.wounds < 3:
                self.mortal_stabilized = False
        return total, dn, healed

    def medicine(self, result_points: int) -> None:
        """A successful medicine roll: its result points go to the next healing roll."""
        if result_points < 0:
            raise TorgError("a failed medicine roll gives no bonus")
        self.medicine_bonus = max(self.medicine_bonus, result_points)


def medicine_difficulty(wounds: int) -> int:
    """Medicine DN by wound level: 8 (lost in the source, ruling §9.1 #6), 12 heavy, 15 mortal."""
    if not 1 <= wounds <= 3:
        raise TorgError("medicine treats a wounded, heavily or mortally wounded patient")
    dn = _healing()["medicine_dn"]
    return int(dn[("wounded", "heavy", "mortal")[wounds - 1]])


def apply_blow(state: DamageState, result: CombatResult, *, stun: bool = False) -> list[str]:
    """Apply a blow and say what happened (L3736-L3746):

    - K/O marks a K, or an O if the character is already K'd; KO marks both;
    - a K on a character already K'd adds 2 shock to that blow;
    - an O without a K is not recorded;
    - reaching a heavy wound this round costs the next action (as a knockdown).
    """
    if state.dead:
        raise TorgError("the character is already dead")
    r = result.as_stun() if stun else result
    notes: list[str] = ["stun damage"] if stun else []
    shock, ko = r.shock, r.knockout
    if ko == "K/O":
        ko = "O" if state.K else "K"
    if ko == "K":
        if state.K:
            shock += 2
            notes.append("second K: +2 shock")
        state.K, state.k_minutes = True, 0
    elif ko == "KO":
        state.K, state.O, state.k_minutes = True, True, 0
    elif ko == "O":
        if state.K:
            state.O = True
        else:
            notes.append("O without a K has no effect")
    state.shock += shock
    before = state.wounds
    if r.wounds:
        state.wounds += r.wounds
        state.mortal_stabilized = False
        if before < 2 <= state.wounds < 4:
            state.pass_next_action = True
            notes.append("heavily wounded: loses the next action")
    if r.knockdown:
        state.knockdown = True
    if state.dead:
        notes.append("dead")
    elif state.unconscious:
        notes.append("unconscious")
    elif state.bleeding and before < 3:
        notes.append("mortally wounded: bleeding 1 shock a round")
    return notes


REMOVALS = ("shock", "K", "O", "knockdown", "wound")
REDUCTION_SOURCES = ("possibility", "hero", "drama")


@dataclass(frozen=True)
class Reduction:
    """One Possibility, hero card or drama card spent on a blow: up to three removals, each
    "shock" (3 shock), "K" or "O" (one knockout condition), "knockdown" or "wound" (one level)."""

    source: str
    removals: tuple[str, ...]


def reduce_blow(result: CombatResult, reductions: Sequence[Reduction]) -> CombatResult:
    """Buy off damage from one blow before it is applied (L501, L713-L733): at most one
    Possibility plus any number of hero/drama cards; cannot be countered. A K/O cell counts as
    one condition either way; removing K from a KO leaves an O (which alone does nothing)."""
    if sum(1 for r in reductions if r.source == "possibility") > 1:
        raise TorgError("only one Possibility may reduce the damage of one blow (add hero or drama cards)")
    out = result
    for red in reductions:
        if red.source not in REDUCTION_SOURCES:
            raise TorgError(f"'{red.source}' cannot reduce damage (one of {', '.join(REDUCTION_SOURCES)})")
        if not 1 <= len(red.removals) <= 3:
            raise TorgError("each Possibility or card removes one to three things")
        for what in red.removals:
            out = _remove(out, what)
    return out


def _remove(r: CombatResult, what: str) -> CombatResult:
    if what == "shock":
        if not r.shock:
            raise TorgError("the blow has no shock left to remove")
        return replace(r, shock=max(0, r.shock - 3))
    if what == "wound":
        if not r.wounds:
            raise TorgError("the blow has no wound left to remove")
        return replace(r, wounds=r.wounds - 1)
    if what == "knockdown":
        if not r.knockdown:
            raise TorgError("the blow has no knockdown to remove")
        return replace(r, knockdown=False)
    if what in ("K", "O"):
        left = {("KO", "K"): "O", ("KO", "O"): "K"}.get((r.knockout or "", what))
        if left is None and r.knockout not in (what, "K/O"):
            raise TorgError(f"the blow has no {what} to remove")
        return replace(r, knockout=left)
    raise TorgError(f"cannot remove '{what}' (one of {', '.join(REMOVALS)})")
