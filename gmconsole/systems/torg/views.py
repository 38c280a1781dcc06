"""How a Torg character looks in the console: the roster line, the detail lines, the tracks
(shock, K/O, wound levels, Possibilities, cards in hand) and the status badge.

Kept apart from the rules so the panes' needs (short lines, a 38-column tracker) can change
without touching a procedure.
"""

from __future__ import annotations

from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.torg.damage import WOUND_LEVELS, DamageState
from gmconsole.systems.torg.deck import HAND_SIZE
from gmconsole.systems.torg.hand import describe_cards
from gmconsole.systems.torg.rules_data import ATTRIBUTE_NAMES
from gmconsole.systems.torg.sheet import TorgSheet


def damage_text(d: DamageState) -> str:
    parts = [f"shock {d.shock}/{d.toughness}"]
    if d.K or d.O:
        parts.append("KO" if d.K and d.O else "K")
    if d.knockdown or d.pass_next_action:
        parts.append("knocked down")
    if d.wounds:
        parts.append(d.wound_level)
    return ", ".join(parts)


def round_text(marks: list[str]) -> str:
    return ", ".join(m.replace("_", " ").replace(":", " ") for m in marks)


def describe(s: TorgSheet) -> str:
    a = s.attributes
    rated = f"Poss {s.possibilities.count}" if s.possibility_rated else "Ord"
    parts = [f"DEX {a.DEX} STR {a.STR} TOU {a.TOU}", rated, damage_text(s.damage)]
    if s.this_round:
        parts.append(f"this round: {round_text(s.this_round)}")
    if s.cards is not None:  # the roster shows this line: the GM reads the card numbers here
        parts.append(f"hand: {describe_cards(s.cards.hand)}")
        if s.cards.pool:
            parts.append(f"pool: {describe_cards(s.cards.pool)}")
        if s.cards.table:
            parts.append(f"table: {describe_cards(s.cards.table)}")
    return " | ".join(parts)


def sheet_lines(s: TorgSheet) -> list[tuple[str, str]]:
    ax = s.cosm_axioms
    lines = [
        ("Name", s.name),
        ("Side", s.side),
        (
            "Cosm",
            f"{s.cosm.replace('_', ' ')} (magic {ax.magic}, social {ax.social}, "
            f"spiritual {ax.spiritual}, tech {ax.tech})",
        ),
        ("Attributes", " ".join(f"{k} {s.attribute(k)}" for k in ATTRIBUTE_NAMES)),
        ("Possibilities", str(s.possibilities.count) if s.possibility_rated else "Ord (no reality add)"),
        (
            "Skills",
            ", ".join(
                f"{k.replace('_', ' ')} {s.skill_value(k)} (+{n})" for k, n in s.skills.items() if n > 0
            )
            or "-",
        ),
        (
            "Toughness",
            f"{s.toughness}" + (f" ({s.toughness_against_blow()} in {s.armour.name})" if s.armour else ""),
        ),
        ("Damage", damage_text(s.damage)),
    ]
    blow = s.damage.last_blow
    if blow is not None:
        lines.append(("Last blow", f"{blow.result()} (buyoff WHO to reduce it)"))
    if s.parenthetical:
        lines.append(("Defence only", ", ".join(f"{k} ({v})" for k, v in s.parenthetical.items())))
    if s.weapons:
        lines.append(("Weapons", ", ".join(f"{w.name} {s.weapon_damage(w.name)}" for w in s.weapons)))
    if s.cards is not None:
        lines.append(("Hand", describe_cards(s.cards.hand)))
        lines.append(("Pool", describe_cards(s.cards.pool)))
        if s.cards.table:
            lines.append(("Table", describe_cards(s.cards.table)))
    if s.this_round:
        lines.append(("This round", round_text(s.this_round)))
    if s.attitudes:
        shown = [
            f"{who} {a.base}" + (f" (now {a.now})" if a.now not in (None, a.base) else "")
            for who, a in s.attitudes.items()
        ]
        lines.append(("Attitudes", ", ".join(shown)))
    if not s.connected:
        lines.append(("Reality", "disconnected"))
    return lines


def health(s: TorgSheet) -> str:
    """The tracker's compact figure: shock against Toughness and K/O ("sh 4/12 K"); the wound
    level is the status badge beside it."""
    d = s.damage
    knocked = ("K" if d.K else "") + ("O" if d.O else "")
    return f"sh {d.shock}/{d.toughness}" + (f" {knocked}" if knocked else "")


def tracks(s: TorgSheet) -> list[TrackView]:
    d = s.damage
    ko = 2 if d.K and d.O else 1 if d.K else 0
    views = [
        TrackView(name="Shock", kind="points", value=d.shock, maximum=d.toughness, note="out at Toughness"),
        TrackView(
            name="K/O",
            kind="levels",
            value=ko,
            maximum=2,
            labels=("-", "K", "KO"),
            note="knocked down" if d.knockdown or d.pass_next_action else "",
        ),
        TrackView(
            name="Wounds",
            kind="levels",
            value=min(d.wounds, 4),
            maximum=4,
            labels=WOUND_LEVELS,
            note="bleeding"
            if d.bleeding
            else ("stabilised" if d.mortal_stabilized and d.wounds == 3 else ""),
        ),
    ]
    if s.possibility_rated:
        n = s.possibilities.count
        views.append(TrackView(name="Possibilities", kind="points", value=n, maximum=n))
    if s.cards is not None:
        hand, pool = len(s.cards.hand), len(s.cards.pool)
        views.append(
            TrackView(
                name="Cards",
                kind="points",
                value=hand,
                maximum=max(HAND_SIZE, hand),
                note=f"pool {pool}" if pool else "",
            )
        )
    return views


def status(s: TorgSheet) -> StatusView:
    d = s.damage
    flags = tuple(
        f
        for f, on in (
            ("K", d.K),
            ("O", d.O),
            ("knockdown", d.knockdown or d.pass_next_action),
            ("bleeding", d.bleeding),
        )
        if on
    ) + tuple(m.partition(":")[0].replace("_", " ") for m in s.this_round)
    if d.dead:
        return StatusView(health="dead", label="dead", detail=d.wound_level, flags=flags)
    if d.unconscious:
        why = "KO" if d.K and d.O else f"shock {d.shock}/{d.toughness}"
        return StatusView(health="down", label="unconscious", detail=why, flags=flags)
    if d.shock or d.wounds or d.K or d.knockdown:
        short = [f"sh {d.shock}"] if d.shock else []
        short += ["K"] if d.K else []
        short += ["down"] if d.knockdown or d.pass_next_action else []
        return StatusView(
            health="hurt",
            label=d.wound_level if d.wounds else "shaken",
            detail=" ".join(short),
            flags=flags,
        )
    return StatusView(flags=flags)
