"""Attitudes kept on the sheet of the character who holds them (L525-L599, L3483-L3604):
`attitude NPC TOWARD [BASE]` sets or shows what NPC thinks of TOWARD, `charm NPC TOWARD RP`
applies a charm's result points (against the base attitude; the temporary one improves),
`press NPC TOWARD success|failure` presses the issue once, `awe NPC TOWARD RP` reads an
intimidation outside combat that freezes NPC (once per target), `persuade NPC TOWARD RP
[commercial]` reads a persuasion against the current attitude, `calm NPC TOWARD` lets the
temporary attitude decay to the base. The charm or persuasion roll itself is a test:
`check quinn charm at NPC` takes its DN from the NPC's willpower (or MIN)."""

from __future__ import annotations

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg import interaction
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.sheet import Attitude, TorgSheet

ATTITUDES = interaction.ATTITUDES[:5]
MAX_KEPT = 200
"""Attitudes one sheet keeps at most: a whole town's worth, and a bound on the file."""


def _toward(s: TorgSheet, args: list[str], usage: str) -> tuple[str, Attitude]:
    if not args:
        raise TorgError(f"usage: {usage}")
    who = args[0].strip().lower()
    if not who.replace("-", "").replace("_", "").isalnum() or len(who) > 40:
        raise TorgError(f"name the other character in one word of letters and digits, not {args[0][:40]!r}")
    kept = dict(s.attitudes or {})
    if who not in kept and len(kept) >= MAX_KEPT:
        raise TorgError(f"{s.name} already keeps {MAX_KEPT} attitudes")
    return who, kept.get(who, Attitude())


def _keep(s: TorgSheet, who: str, att: Attitude) -> None:
    s.attitudes = dict(sorted({**(s.attitudes or {}), who: att}.items()))


def _word(text: str) -> str:
    low = text.lower()
    if low not in ATTITUDES:
        raise TorgError(f"an attitude is one of {', '.join(ATTITUDES)}, not {text[:40]!r}")
    return low


def _rp(text: str) -> int:
    return whole(text, "the result points (negative for a failure)", -99, 99)


def _shown(att: Attitude) -> str:
    return att.base if att.now in (None, att.base) else f"{att.now} (base {att.base})"


def attitude(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    who, att = _toward(s, args, "attitude WHO TOWARD [loyal|friendly|neutral|hostile|enemy]")
    if len(args) > 2:
        raise TorgError("usage: attitude WHO TOWARD [ATTITUDE]")
    if len(args) == 2:
        att = Attitude(base=_word(args[1]))  # type: ignore[arg-type]
        _keep(s, who, att)
    return f"toward {who}: {_shown(att)}"


def charm(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    who, att = _toward(s, args, "charm WHO TOWARD RP")
    if len(args) != 2:
        raise TorgError("usage: charm WHO TOWARD RP (the charm roll's result points)")
    out = interaction.charm(att.base, att.now or att.base, _rp(args[1]))
    if not out.success:
        return f"toward {who}: the charm fails ({_shown(att)}); stop, or press the issue"
    _keep(s, who, Attitude(base=att.base, now=out.temporary))  # type: ignore[arg-type]
    more = "a continuing success: may charm again" if out.may_continue else "stop or press the issue"
    return f"toward {who}: charmed to {out.temporary} (base {att.base}); {more}"


def press(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    who, att = _toward(s, args, "press WHO TOWARD success|failure")
    if len(args) != 2 or args[1].lower() not in ("success", "failure"):
        raise TorgError("usage: press WHO TOWARD success|failure")
    ok = args[1].lower() == "success"
    base, now = interaction.press_the_issue(att.base, att.now or att.base, ok)
    _keep(s, who, Attitude(base=base, now=now))  # type: ignore[arg-type]
    tail = "; no more charm this scene" if ok else ": the base attitude worsens"
    return f"toward {who}: pressing the issue {'succeeds' if ok else 'fails'}{tail}; {now} (base {base})"


def persuade(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    who, att = _toward(s, args, "persuade WHO TOWARD RP [commercial]")
    if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() != "commercial"):
        raise TorgError("usage: persuade WHO TOWARD RP [commercial]")
    current = att.now or att.base
    result = interaction.persuade(current, _rp(args[1]), commercial=len(args) == 3)
    word = {"fail": "fails", "negotiated": "a negotiated agreement", "yes": "yes", "vow": "a vow"}[result]
    return f"toward {who} ({current}): persuasion: {word}"


def calm(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    who, att = _toward(s, args, "calm WHO TOWARD")
    _keep(s, who, Attitude(base=att.base))
    return f"toward {who}: back to {att.base}"


def awe(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    """Awe (L3672-L3674): an intimidation outside combat, read like combat intimidation, that
    freezes the target (no hostile action while the awer takes none); one try per target."""
    who, att = _toward(s, args, "awe WHO TOWARD RP")
    if len(args) != 2:
        raise TorgError("usage: awe WHO TOWARD RP (the intimidation roll's result points)")
    if att.awe_tried:
        raise TorgError(f"{who} has already tried to awe {s.name}: awe works once per target")
    rp = _rp(args[1])
    _keep(s, who, att.model_copy(update={"awe_tried": True}))
    result = interaction.interaction_result("intimidation", rp)
    if result is None:
        return f"is not awed by {who} (no second try)"
    return (
        f"is awed by {who}: no hostile action while {who} takes none; "
        f"as intimidation, {result.key.replace('_', ' ')}: {result.text}"
    )
