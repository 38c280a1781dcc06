"""Text -> syntax tree, cached per string, with the limits that keep every tree walkable.

The grammar work happens in lalr.py (lark LALR building the frozen tree while parsing), loaded
on the first parse so that importing the dice package stays cheap at start-up.
"""

from __future__ import annotations

import functools
import re

from .ast import Node, children
from .errors import DiceLimitError, DiceSyntaxError
from .limits import MAX_DEPTH, MAX_EXPRESSION_LENGTH

READ_AS_SOMETHING_ELSE = (
    (
        re.compile(r"(?<!!)!=(?!-)"),  # `!!=5` (compound on 5) means what it says
        "'!=' (not equal, from other dice tools) is not a comparison here: it would read as ! "
        "(explode) on that face; name the faces you mean as a set instead, e.g. 4d10r{1,2,3,4} "
        "rerolls 1-4",
    ),
    (
        re.compile(r"cs(?=[<>=0-9])"),
        "'cs' counts successes in Foundry but only marks criticals in Roll20, so it is not "
        "guessed at: to count dice write the comparison alone (10d10>=8), to add them up leave "
        "cs out (1d20)",
    ),
)
"""Notation other dice tools use that this language would read as something else without a
word: refused before parsing, with what to write instead."""

COMMENT = "#"
"""`3d6+2 # initiative`: the rest of the line is a comment, kept as the roll's label."""


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
    if COMMENT in expr:
        return parse(_commented(expr))
    for pattern, hint in READ_AS_SOMETHING_ELSE:
        found = pattern.search(expr)
        if found is not None:
            raise DiceSyntaxError(f"{hint} (column {found.start() + 1})", found.start() + 1)
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


def _commented(expr: str) -> str:
    """`3d6+2 # initiative` as `(3d6+2) [initiative]`: the comment travels with the roll into
    the log, as a label does; an empty comment is dropped."""
    code, _, comment = expr.partition(COMMENT)
    comment = comment.strip()
    if not code.strip():
        raise DiceSyntaxError("nothing to roll before the comment (#); try 1d20 # initiative", 1)
    if not comment:
        return code
    bad = next((c for c in comment if c in "[]#" or ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        column = len(code) + 2 + comment.index(bad)
        raise DiceSyntaxError(f"a comment cannot hold {bad!r} (column {column})", column)
    return f"({code.strip()}) [{comment}]"


def _depth(root: Node) -> int:
    """Depth of the tree, walked with an explicit stack (the tree may be deep)."""
    deepest = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack += ((child, depth + 1) for child in children(node))
    return deepest


