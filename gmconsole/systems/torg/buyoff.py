"""Buying off damage after the blow has landed, the way a GM runs it at the table.

The console applies a blow at once (`dmg ayla 17`), then the player decides to spend a
Possibility or a hero/drama card on it (L501, L713-L733). So each blow is recorded on the damage
track (`LastBlow`: the cell as applied and the marks before it), and buying off re-applies the
reduced cell to the marks as they were: exactly what buying it off before applying would have
done, second-K shock, heavy-wound knockdown and death included.

Each Possibility or card removes up to three of: 3 shock, one K or O, the knockdown, one wound
level (the same option may be taken twice, ruling §9.3 / L1253). One Possibility per blow; any
number of hero and drama cards on top. With no removals named, the most harmful parts go first:
wound levels, then K/O, then knockdown, then shock.
"""

from __future__ import annotations

from gmconsole.systems.torg.combat import CombatResult
from gmconsole.systems.torg.damage import DamageState, LastBlow, Reduction, apply_blow, reduce_blow
from gmconsole.systems.torg.errors import TorgError

PER_SOURCE = 3
WORDS = {
    "shock": "shock",
    "s": "shock",
    "k": "K",
    "o": "O",
    "ko": "KO",
    "k/o": "KO",
    "knockdown": "knockdown",
    "kd": "knockdown",
    "down": "knockdown",
    "wound": "wound",
    "wounds": "wound",
    "wnd": "wound",
    "w": "wound",
}
"""What a GM may type for each removal; "ko" means whichever knockout mark the blow gave."""


def strike(state: DamageState, result: CombatResult, *, stun: bool = False) -> list[str]:
    """Apply a blow (see `apply_blow`) and remember it for buying off."""
    applied = result.as_stun() if stun else result
    before = state.marks()
    notes = apply_blow(state, applied)
    state.last_blow = LastBlow(
        shock=applied.shock,
        wounds=applied.wounds,
        knockout=applied.knockout,
        knockdown=applied.knockdown,
        before=before,
    )
    return notes


def removal_words(words: list[str], blow: LastBlow) -> tuple[str, ...]:
    """The removals typed ("wound shock shock", "ko"), in the book's names."""
    out = []
    for word in words:
        key = WORDS.get(word.lower())
        if key is None:
            raise TorgError(f"cannot buy off {word!r} (shock, k, o, ko, knockdown or wound)")
        if key == "KO":
            ko = blow.knockout
            if ko is None:
                raise TorgError("the blow has no K or O to remove")
            key = "O" if ko == "O" or (ko == "K/O" and blow.before.K) else "K"
        out.append(key)
    if len(out) > PER_SOURCE:
        raise TorgError(f"one Possibility or card removes at most {PER_SOURCE} things, not {len(out)}")
    return tuple(out)


def auto_removals(blow: LastBlow) -> tuple[str, ...]:
    """The three most harmful parts of the blow: wounds, K/O, knockdown, then shock."""
    r, out = blow.result(), []
    while len(out) < PER_SOURCE and not r.harmless:
        if r.wounds:
            what = "wound"
        elif r.knockout and _knockout_bites(r.knockout, blow):
            what = "O" if r.knockout == "O" or (r.knockout == "K/O" and blow.before.K) else "K"
        elif r.knockdown:
            what = "knockdown"
        elif r.shock:
            what = "shock"
        else:
            break
        out.append(what)
        r = reduce_blow(r, [Reduction("possibility", (what,))])
    if not out:
        raise TorgError("the blow did nothing that can be bought off")
    return tuple(out)


def _knockout_bites(knockout: str, blow: LastBlow) -> bool:
    """An O alone on a character without a K has no effect: nothing to buy off."""
    return knockout != "O" or blow.before.K


def buy_off(state: DamageState, source: str, removals: tuple[str, ...]) -> CombatResult:
    """Reduce the latest blow by one Possibility or card and re-apply it; returns the blow as
    it now stands. Refused (nothing changed) when there is no blow to buy off, when a second
    Possibility is spent on the same blow, or when the blow lacks what is to be removed."""
    blow = state.last_blow
    if blow is None:
        raise TorgError("no blow to buy off: damage is bought off right after it lands, in the same round")
    if source == "possibility" and blow.possibility:
        raise TorgError("a Possibility has already reduced this blow: use a hero or drama card")
    reduced = reduce_blow(blow.result(), [Reduction(source, removals)])
    state.restore(blow.before)
    apply_blow(state, reduced)
    state.last_blow = blow.model_copy(
        update={
            "shock": reduced.shock,
            "wounds": reduced.wounds,
            "knockout": reduced.knockout,
            "knockdown": reduced.knockdown,
            "possibility": blow.possibility or source == "possibility",
        }
    )
    return reduced
