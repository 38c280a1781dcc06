"""Plain renderings of a roll: one line of text, and a JSON-ready dict.

The text form never relies on colour (SSH, NO_COLOR, log files, screen readers):

    4d6kh3 (6, 5, (2), 4) = 15          dropped and rerolled-away dice are bracketed (like this)
    1d20!{10,20} (10!, 20!, 3) = 33       ! a die that exploded
    3d6r1 ((1)r, 4, 5, 3) = 12          r  a die that was rerolled (the new face follows later)
    10d10>=8f1 (8*, 3, 1f, 10*) = 1       *  a success, f a failure
    1d6!ma5 (6→5!, 2) = 7                 face→value where mi/ma changed what a die counts as
    4dF (+, -, 0, +) = 1                  fudge faces
The TUI draws its own Rich version from the same `RollResult.terms`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .plan import EXPLODED, REROLLED, die_marks

if TYPE_CHECKING:
    from .result import DieRoll, RollResult
    from .sources import TermSpec

_FUDGE = {-1: "-", 0: "0", 1: "+"}


def _marked(
    shown: str, kept: bool, rerolled: bool, exploded: bool, success: bool, failure: bool
) -> str:
    """Bracket what does not count, then append the marks, in one fixed order. A die left out
    reads "(2)" everywhere: the CLI, the dice log and a test's summary (`CheckResult`)."""
    if not kept:
        shown = f"({shown})"
    if rerolled:
        shown += "r"
    if exploded:
        shown += "!"
    if success:
        shown += "*"
    if failure:
        shown += "f"
    return shown


def die_text(die: DieRoll) -> str:
    """One die as the log shows it: face (→ value), struck unless kept, then its marks."""
    shown = _FUDGE[die.face] if die.die == "dF" else str(die.face)
    if die.clamped:
        shown += f"→{die.value}"
    return _marked(shown, die.kept, die.rerolled, die.exploded, die.success, die.failure)


def render_text(result: RollResult) -> str:
    """`<expression with each term's dice> = <total>`, on one line.

    Works from the raw faces (no per-die objects), so logging every roll stays cheap.
    """
    plan = result.plan
    template = plan.template
    parts = [template[0]]
    for spec, (faces, flags), after in zip(plan.terms, result.raw, template[1:], strict=True):
        parts += (spec.text, " (", _dice_list(spec, faces, flags), ")", after)
    parts += (" = ", str(result.total))
    return "".join(parts)


def _dice_list(spec: TermSpec, faces: list[int], flags: list[int] | None) -> str:
    if flags is None and spec.shows_faces:
        return ", ".join(map(str, faces))
    fudge = spec.node.fudge
    shown = []
    for face, value, fl, kept, hit, miss in die_marks(spec.node, faces, flags):
        text = _FUDGE[face] if fudge else str(face)
        if value != face:
            text += f"→{value}"
        shown.append(
            _marked(text, kept, bool(fl & REROLLED), bool(fl & EXPLODED), hit, miss)
        )
    return ", ".join(shown)


def render_json(result: RollResult) -> dict[str, Any]:
    """A JSON-ready dict for `gmconsole roll --json` and the log file."""
    return {
        "expression": result.canonical,
        "total": result.total,
        "text": render_text(result),
        "terms": [
            {
                "dice": term.text,
                "label": term.label,
                "value": term.value,
                "rolls": [
                    {
                        "die": d.die,
                        "face": d.face,
                        "value": d.value,
                        "kept": d.kept,
                        "dropped": d.dropped,
                        "rerolled": d.rerolled,
                        "exploded": d.exploded,
                        "from_explosion": d.from_explosion,
                        "success": d.success,
                        "failure": d.failure,
                    }
                    for d in term.rolls
                ],
            }
            for term in result.terms
        ],
    }
