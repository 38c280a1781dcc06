"""The lark side of parsing: the LALR parser, its callbacks, and lark's errors in our words.

The transformer runs inside the LALR parser (`Lark(transformer=...)`), so no parse tree is ever
built or walked recursively: deep or long input cannot overflow the stack here. This module is
imported on the first parse only, so importing the dice package does not pay for lark.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .ast import BinOp, Dice, Group, Keep, KeepKind, Labeled, Neg, Node, Number, children
from .errors import DiceLimitError, DiceSyntaxError
from .limits import MAX_DICE, MAX_GROUP, MAX_NUMBER
from .notation import MODIFIER_TERMINALS, read_dice

_GRAMMAR = Path(__file__).with_name("grammar.lark")

_FRIENDLY = {
    "INT": ("a number",),
    "DICE": ("dice like 2d6",),
    "LPAR": ("'('",),
    "RPAR": ("')'",),
    "ADDOP": ("'+'", "'-'"),
    "MULOP": ("'*'", "'/'"),
    "LABEL": ("a [label]",),
    "ROUNDING": ("floor(", "ceil("),
    "GROUPKEEP": ("kh1 or the like",),
    "COMMA": ("','",),
}

# Notation other tools have and this language deliberately lacks: named, so the error says so.
_UNSUPPORTED = (
    (re.compile(r"[0-9%fF]ra"), "d20's 'ra' (reroll and add) is not supported"),
    (re.compile(r"xo"), "explode-once (xo) is not supported"),
    (re.compile(r"[kp][<>]"), "keeping or dropping by value (k>3) is not supported"),
    (re.compile(r"(?<![0-9])cf|ms[<>=0-9]"), "Foundry's cf and ms are not supported; use f"),
    (re.compile(r"[0-9%fF}]s[ad]?(?![f])"), "sorting dice (s, sa, sd) is not supported"),
    (re.compile(r"[<>=!]=?\s*[<>=]"), "a comparison has one operator, like >=8"),
)


class _ToAst(Transformer[Token, Node]):
    """LALR callbacks: each grammar alias becomes one frozen node."""

    def __init__(self) -> None:
        super().__init__()
        self.modifiers = re.compile("(?!)")  # set once the grammar is loaded

    @v_args(inline=True)
    def number(self, token: Token) -> Node:
        if len(token) > 10 or int(token) > MAX_NUMBER:
            shown = token if len(token) <= 20 else token[:20] + "..."
            raise DiceLimitError(
                f"numbers may be at most {MAX_NUMBER:,}, not {shown} (column {token.column})",
                token.column,
            )
        return Number(int(token))

    @v_args(inline=True)
    def dice(self, token: Token) -> Node:
        return read_dice(str(token), token.column or 1, self.modifiers)

    @v_args(inline=True)
    def unary(self, op: Token, operand: Node) -> Node:
        if op == "+":
            return operand
        if isinstance(operand, Number):
            return Number(-operand.value)
        if isinstance(operand, Neg):
            return operand.operand
        return Neg(operand)

    @v_args(inline=True)
    def binop(self, left: Node, op: Token, right: Node) -> Node:
        return BinOp(str(op), left, right)  # type: ignore[arg-type]

    @v_args(inline=True)
    def rounding(self, name: Token, operand: Node) -> Node:
        """floor() is what `/` already does; ceil(a / b) is a division rounded up. A division
        deeper inside ceil() has already been rounded down, so it is refused rather than
        rounded twice."""
        if str(name) == "floor" or not _divides(operand):
            return operand
        if isinstance(operand, BinOp) and operand.op == "/":
            return BinOp("ceil", operand.left, operand.right)
        raise DiceSyntaxError(
            f"ceil() rounds one division up, like ceil(1d6 / 2) + 1; here a division sits inside "
            f"other arithmetic (column {name.column})",
            name.column or 1,
        )

    def group_list(self, parts: list[Node | Token]) -> Node:
        return _group(parts, braces=False)

    def group_braces(self, parts: list[Node | Token]) -> Node:
        return _group(parts, braces=True)

    @v_args(inline=True)
    def labeled(self, operand: Node, label: Token) -> Node:
        return Labeled(operand, str(label)[1:-1].strip())


_GROUP_KEEP = {"k": "kh", "kh": "kh", "kl": "kl", "d": "dl", "dl": "dl", "dh": "dh"}


def _group(parts: list[Node | Token], braces: bool) -> Node:
    """A group node: its items, then an optional keep token. One item in braces with a keep is
    Roll20's keep among the dice (`{4d6+3d8}kh1`), which takes plain dice joined by `+`."""
    keep_token = parts[-1] if isinstance(parts[-1], Token) else None
    items = tuple(p for p in parts if isinstance(p, Node))
    column = keep_token.column if keep_token is not None else 1
    if len(items) > MAX_GROUP:
        raise DiceLimitError(f"a group holds at most {MAX_GROUP} rolls, not {len(items)}", column)
    keep = None
    if keep_token is not None:
        text = str(keep_token)
        letters = text.rstrip("0123456789")
        digits = text[len(letters):] or "1"
        if len(digits) > 6:
            raise DiceLimitError(f"'{text}' keeps too many (column {column})", column)
        kind: KeepKind = _GROUP_KEEP[letters]  # type: ignore[assignment]
        keep = Keep(kind, int(digits))
    if braces and len(items) == 1 and keep is not None:
        dice = _plain_dice(items[0])
        if dice is None:
            raise DiceSyntaxError(
                "a group of one roll keeps among its dice, so it takes plain dice joined by +, "
                f"like {{4d6+3d8}}kh1; for totals, list them: {{1d20+5, 1d20+5}}kh1 (column {column})",
                column,
            )
        if sum(d.count for d in dice) > MAX_DICE:
            raise DiceLimitError(f"at most {MAX_DICE:,} dice may be kept among (column {column})", column)
        return Group(tuple(dice), keep, per_die=True)
    return Group(items, keep)


def _plain_dice(node: Node) -> list[Dice] | None:
    """The dice terms of `a + b + c` when each is a bare `NdS` (fudge dice too), else None."""
    found: list[Dice] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, BinOp) and n.op == "+":
            stack += (n.right, n.left)
        elif isinstance(n, Dice) and n.is_plain and n.failure is None:
            found.append(n)
        else:
            return None
    return found


def _divides(node: Node) -> bool:
    """Whether `node` divides anywhere (walked with a stack: trees may be deep)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, BinOp) and n.op in ("/", "ceil"):
            return True
        stack += children(n)
    return False


@functools.cache
def _parser() -> Lark:
    transformer = _ToAst()
    lark = Lark(
        _GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start=["start", "modifiers"],
        transformer=transformer,
    )
    # The modifier terminals' regexes, read back from lark: the .lark file is the only place a
    # modifier's shape is written down.
    transformer.modifiers = re.compile(
        "|".join(
            f"(?P<{name}>{lark.get_terminal(name).pattern.to_regexp()})"
            for name in MODIFIER_TERMINALS
        )
    )
    return lark


def parse_text(expr: str) -> Node:
    """Run the LALR parser; lark's exceptions come out as `DiceSyntaxError`."""
    try:
        return _parser().parse(expr, start="start")  # type: ignore[no-any-return]
    except UnexpectedInput as error:
        raise _syntax_error(expr, error) from None


def _syntax_error(expr: str, error: UnexpectedInput) -> DiceSyntaxError:
    """Turn lark's exception into one line that says where and what was expected."""
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        column = len(expr.rstrip()) + 1
        found = "the expression ends too early"
        expected = error.expected
    elif isinstance(error, UnexpectedToken):
        column = error.token.column or error.column
        found = f"unexpected {str(error.token)!r}"
        expected = error.expected
    else:
        column = error.column
        char = error.char if isinstance(error, UnexpectedCharacters) else expr[column - 1 : column]
        found = f"unexpected {char!r}"
        expected = getattr(error, "allowed", None) or set()
    names = sorted({friendly for name in expected for friendly in _FRIENDLY.get(name, ())})
    message = f"{found} at column {column}"
    if names:
        message += "; expected " + (names[0] if len(names) == 1 else "one of " + ", ".join(names))
    for pattern, hint in _UNSUPPORTED:
        if pattern.search(expr):
            message += f" ({hint.strip()})"
            break
    return DiceSyntaxError(message, column)
