"""Reading one dice token (`4d6kh3`, `1d20!{10,20}`, `10d10cs>=8f1`) into a `Dice` node.

This is where the dialects meet. Every spelling below is accepted and resolved to one meaning,
and `Dice.canonical` echoes the left-hand column, so the log always shows what was rolled:

    canonical     also accepted                  meaning
    NdS           dS (count 1), Nd% (S=100)      N dice of S faces; NdF: fudge dice -1/0/+1
    rT            roT (d20, Roll20)              reroll a die once if its face is in T
    rrT           -                              reroll until the face is not in T
    !             x (Foundry), e (d20)           explode on the highest face
    !T            xT, eT, !T!U / xTxU (union)    roll one more die while the face is in T
    !!T  !pT      -                              compounding: the extra dice add into the die
                                                 that exploded; penetrating: each extra die
                                                 counts one less (HackMaster, Savage Worlds)
    miN  maN      minN maxN (Foundry)            a face below / above N counts as N
    khN klN       kN = khN, k = kh1 (Roll20/F.)  keep the N highest / lowest dice
    dhN dlN       dN = dlN, phN plN (d20)        drop the N highest / lowest dice
    >=N <=N =N    cs>=N ... (Foundry), >N <N     count dice on target instead of summing
    fT            dfT, sfT (Foundry)             subtract one per kept die whose value is in T

A target T is a face (`r1`, `!10`), a comparison (`>=9`, `<3`, `=-1`) or a set (`{10,20}`).
Collisions between tools are settled here, and the canonical echo makes the choice visible:
`r` rerolls ONCE (Foundry; Roll20's `r` repeats, write `rr`), `k3` keeps the 3 HIGHEST (Roll20/
Foundry; d20's `k3` keeps threes), and `>N` is strictly greater (d20/Foundry; Roll20 reads it as
"N or more"), echoed as `>=N+1`. Bare `r` and `f` target the lowest face, bare `!` the highest.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .ast import Dice, Keep, KeepKind, Reroll
from .errors import DiceError, DiceLimitError
from .limits import MAX_DICE, MAX_SIDES

_HEAD = re.compile(r"([0-9]*)[dD]([0-9]+|%|[fF])")
MODIFIER_TERMINALS = ("REROLL", "EXPLODE", "MINIMUM", "MAXIMUM", "KEEP", "SUCCESS", "FAILURE")
_COMPARISON = re.compile(r"(>=|<=|>|<|=)(-?[0-9]+)")


def read_dice(
    text: str, column: int, modifier_pattern: re.Pattern[str]
) -> Dice:
    """Build the node for one DICE token that starts at `column` (1-based).

    `modifier_pattern` is the alternation of the grammar's modifier terminals (named groups), so
    the .lark file stays the single definition of what a modifier looks like.
    """
    head = _HEAD.match(text)
    assert head is not None  # the lexer only produces DICE tokens that start this way
    count = _bounded(head.group(1) or "1", MAX_DICE, "dice in one term", column)
    raw_sides = head.group(2)
    fudge = raw_sides in ("f", "F")
    if fudge or raw_sides == "%":
        sides = 3 if fudge else 100
    else:
        sides = _bounded(raw_sides, MAX_SIDES, "sides on a die", column)
    if sides < 1:
        raise DiceError(f"a die needs at least 1 side: d{raw_sides} (column {column})", column)
    builder = _DiceBuilder(count, sides, fudge)
    pos = head.end()
    while pos < len(text):
        match = modifier_pattern.match(text, pos)
        assert match is not None and match.lastgroup is not None  # the token matched as a whole
        builder.add(match.lastgroup, match.group(), column + pos)
        pos = match.end()
    return builder.build()


class _DiceBuilder:
    """Collects modifiers of one term, resolving aliases and rejecting contradictions."""

    def __init__(self, count: int, sides: int, fudge: bool) -> None:
        self.probe = Dice(count, sides, fudge)
        self.fields: dict[str, object] = {}
        self.columns: dict[str, int] = {}
        self.last_text = ""
        self.handlers: dict[str, Callable[[str, int], None]] = {
            "REROLL": self._reroll,
            "EXPLODE": self._explode,
            "MINIMUM": self._minimum,
            "MAXIMUM": self._maximum,
            "KEEP": self._keep,
            "SUCCESS": self._success,
            "FAILURE": self._failure,
        }

    def add(self, kind: str, text: str, column: int) -> None:
        self.handlers[kind](text, column)
        self.columns.setdefault(kind, column)
        self.last_text = text

    def build(self) -> Dice:
        d = Dice(self.probe.count, self.probe.sides, self.probe.fudge, **self.fields)  # type: ignore[arg-type]
        name = d.die_name
        at = self.columns
        if d.failure is not None and d.success is None:
            raise DiceError(
                f"failures (f) are counted only with a success target, like 10d10>=8f1 "
                f"(column {at['FAILURE']})",
                at["FAILURE"],
            )
        if d.minimum is not None and d.maximum is not None and d.minimum > d.maximum:
            raise DiceError(
                f"mi{d.minimum} is above ma{d.maximum} (column {at['MINIMUM']})", at["MINIMUM"]
            )
        if d.explode_mode:
            what = "compounding (!!)" if d.explode_mode == "compound" else "penetrating (!p)"
            clash = next((m for m, on in (("KEEP", d.keep), ("SUCCESS", d.success),
                                           ("MINIMUM", d.minimum), ("MAXIMUM", d.maximum))
                          if on is not None), None)
            if clash is not None:
                raise DiceError(
                    f"{what} explosions add up a die's whole chain; keeping, counting or "
                    f"bounding its dice is not supported with them, use ! (column {at[clash]})",
                    at[clash],
                )
        all_faces = frozenset(range(d.low, d.high + 1))
        if d.reroll is not None and d.reroll.recursive and d.reroll.faces == all_faces:
            raise DiceError(
                f"rr rerolls every face of a {name}, so the roll would never end "
                f"(column {at['REROLL']})",
                at["REROLL"],
            )
        standing = all_faces - d.reroll.faces if d.reroll and d.reroll.recursive else all_faces
        if d.explode is not None and standing <= d.explode:
            kept = "" if standing == all_faces else " that rr lets stand"
            raise DiceError(
                f"every face of a {name}{kept} explodes, so the roll would never end "
                f"(column {at['EXPLODE']})",
                at["EXPLODE"],
            )
        return d

    # ---- one handler per modifier kind ------------------------------------------------------

    def _once(self, field: str, value: object, text: str, column: int) -> None:
        if field in self.fields:
            raise DiceError(f"'{text}' repeats a modifier this term already has (column {column})",
                            column)
        self.fields[field] = value

    def _faces(self, target: str, default: int, what: str, text: str, column: int) -> frozenset[int]:
        """The faces of this die that `target` names (empty target: the default face)."""
        d = self.probe
        if not target:
            return frozenset({default})
        if target.startswith("{"):
            wanted = {int(v) for v in target.strip("{}").replace(" ", "").split(",")}
            faces = frozenset(v for v in wanted if d.low <= v <= d.high)
        elif target[0] in "<>=":
            found = _COMPARISON.fullmatch(target)
            assert found is not None
            op, bound = found.group(1), int(found.group(2))
            low, high = {
                ">=": (bound, d.high), ">": (bound + 1, d.high), "<=": (d.low, bound),
                "<": (d.low, bound - 1), "=": (bound, bound),
            }[op]
            faces = frozenset(range(max(low, d.low), min(high, d.high) + 1))
        else:
            value = int(target)
            faces = frozenset({value}) if d.low <= value <= d.high else frozenset()
        if not faces:
            raise DiceError(
                f"{what} target '{text}' matches no face of a {d.die_name} (column {column})",
                column,
            )
        return faces

    def _reroll(self, text: str, column: int) -> None:
        recursive = text.startswith("rr")
        op_len = 2 if text.startswith(("rr", "ro")) else 1
        faces = self._faces(text[op_len:], self.probe.low, "reroll", text, column)
        previous = self.fields.get("reroll")
        if isinstance(previous, Reroll):
            if previous.recursive != recursive:
                raise DiceError(
                    f"'{text}' mixes rerolling once (r) and until done (rr) (column {column})",
                    column,
                )
            faces |= previous.faces
        self.fields["reroll"] = Reroll(faces, recursive)

    def _explode(self, text: str, column: int) -> None:
        mode = {"!!": "compound", "!p": "penetrate"}.get(text[:2], "")
        faces = self._faces(text[2:] if mode else text[1:], self.probe.high, "explode", text, column)
        previous = self.fields.get("explode")
        if isinstance(previous, frozenset) and self.fields.get("explode_mode", "") != mode:
            raise DiceError(f"'{text}' mixes kinds of explosion (!, !!, !p) (column {column})", column)
        self.fields["explode_mode"] = mode
        self.fields["explode"] = faces | previous if isinstance(previous, frozenset) else faces

    def _bound(self, field: str, text: str, column: int) -> None:
        digits = text.lstrip("mainx")
        d = self.probe
        if len(digits) > 12 or not d.low <= int(digits) <= d.high:
            raise DiceError(
                f"'{text}' is outside the faces of a {d.die_name} ({d.low} to {d.high}) "
                f"(column {column})",
                column,
            )
        self._once(field, int(digits), text, column)

    def _minimum(self, text: str, column: int) -> None:
        self._bound("minimum", text, column)

    def _maximum(self, text: str, column: int) -> None:
        self._bound("maximum", text, column)

    def _keep(self, text: str, column: int) -> None:
        letters = text.rstrip("0123456789")
        kind: KeepKind = {
            "k": "kh", "kh": "kh", "kl": "kl", "d": "dl", "dl": "dl", "dh": "dh",
            "pl": "dl", "ph": "dh",
        }[letters]  # type: ignore[assignment]
        digits = text[len(letters):]
        count = _bounded(digits or "1", MAX_DICE, "dice to keep or drop", column)
        self._once("keep", Keep(kind, count), text, column)

    def _success(self, text: str, column: int) -> None:
        target = text[2:] if text.startswith("cs") else text
        self._once("success", self._faces(target, 0, "success", text, column), text, column)

    def _failure(self, text: str, column: int) -> None:
        target = text[text.index("f") + 1:]
        faces = self._faces(target, self.probe.low, "failure", text, column)
        self._once("failure", faces, text, column)


def _bounded(digits: str, limit: int, what: str, column: int) -> int:
    """An unsigned count, refused with a limit error above `limit` (never builds a huge int)."""
    if len(digits) > 12 or int(digits) > limit:
        shown = digits if len(digits) <= 20 else digits[:20] + "..."
        raise DiceLimitError(
            f"at most {limit:,} {what}, not {shown} (column {column})", column
        )
    return int(digits)
