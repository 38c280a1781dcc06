"""Text -> syntax tree, cached per string, with the limits that keep every tree walkable.

The grammar work happens in lalr.py (lark LALR building the frozen tree while parsing), loaded
on the first parse so that importing the dice package stays cheap at start-up.
"""

from __future__ import annotations

import functools

from .ast import BinOp, Labeled, Neg, Node
from .errors import DiceLimitError, DiceSyntaxError
from .limits import MAX_DEPTH, MAX_EXPRESSION_LENGTH


@functools.lru_cache(maxsize=1024)
def parse(expr: str) -> Node:
    """Parse a dice expression into its syntax tree, or raise `DiceError`.

    Cached: the table types the same few expressions again and again.
    """
    if not isinstance(expr, str):
        raise DiceSyntaxError(f"a dice expression is text, not {type(expr).__name__}", 1)
    if not expr.strip():
        raise DiceSyntaxError("empty dice expression; try 1d20 or 3d6+2", 1)
    if len(expr) > MAX_EXPRESSION_LENGTH:
        raise DiceLimitError(
            f"a dice expression may be at most {MAX_EXPRESSION_LENGTH} characters, "
            f"not {len(expr)}",
            MAX_EXPRESSION_LENGTH + 1,
        )
    from .lalr import parse_text

    node = parse_text(expr)
    if _depth(node) > MAX_DEPTH:
        raise DiceLimitError(f"at most {MAX_DEPTH} operators may be nested in one expression")
    written = len(node.canonical)
    if written > MAX_EXPRESSION_LENGTH:
        raise DiceLimitError(
            f"a dice expression may be at most {MAX_EXPRESSION_LENGTH} characters written out "
            f"canonically; this one comes to {written}"
        )
    return node


def _depth(root: Node) -> int:
    """Depth of the tree, walked with an explicit stack (the tree may be deep)."""
    deepest = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(node, BinOp):
            stack += ((node.left, depth + 1), (node.right, depth + 1))
        elif isinstance(node, Neg | Labeled):
            stack.append((node.operand, depth + 1))
    return deepest


