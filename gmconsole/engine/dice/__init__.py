"""The dice language: parse, roll (randomly or with dice typed in), render.

    >>> import random
    >>> result = roll("4d6k3", random.Random(7))
    >>> result.canonical
    '4d6kh3'
    >>> roll("1d20+5", dice=[14]).total
    19
    >>> str(roll("4d6kh3", dice=[6, 5, 2, 4]))
    '4d6kh3 (6, 5, (2), 4) = 15'

Pipeline (d20's): grammar.lark -> parser.py / lalr.py (lark LALR, building the frozen tree of
ast.py while parsing; cached) -> plan.py (the tree compiled to closures; cached) -> sources.py
(faces from a Random or typed in) -> result.py (raw faces, annotated on demand) -> text.py.
The notation, its aliases and canonical form: notation.py. Limits: limits.py.
"""

from .ast import BinOp, Dice, Group, Keep, Labeled, Neg, Node, Number, Reroll
from .errors import DiceError, DiceLimitError, DiceSyntaxError, ManualDiceError
from .parser import parse
from .result import DieRoll, RollResult, TermRoll
from .roller import roll
from .text import die_text, render_json, render_text

__all__ = [
    "BinOp",
    "Dice",
    "DiceError",
    "DiceLimitError",
    "DiceSyntaxError",
    "DieRoll",
    "Group",
    "Keep",
    "Labeled",
    "ManualDiceError",
    "Neg",
    "Node",
    "Number",
    "Reroll",
    "RollResult",
    "TermRoll",
    "die_text",
    "parse",
    "render_json",
    "render_text",
    "roll",
]
