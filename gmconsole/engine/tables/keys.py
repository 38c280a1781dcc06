"""Reading the key cell of a row: a die-roll range ("1-2", "61+", "5 or less") or a name.

Printed tables write their ranges many ways; a GM copying one by hand should be able to type
what the book shows. A key cell is one or more parts separated by commas, each part one of:

    7            a single number (negative numbers too: -3)
    3-4  3–4  3 to 4     an inclusive range (-10 to -5, -10--5)
    61+  61 or more  >=61 ≥61     open at the top
    5 or less  <=5  ≤5           open at the bottom

"00" reads as 100, so d100 tables can say "96-00". A cell that is none of these is a name.
"""

from __future__ import annotations

import itertools
import re

Span = tuple[int | None, int | None]
"""An inclusive range of totals; None is an open end (61+ is (61, None))."""

_N = r"([+-]?\d+)"
_RANGE = re.compile(rf"{_N}\s*(?:-|–|—|\.\.|to)\s*{_N}")
_UP = re.compile(rf"{_N}\s*(?:\+|or more|or higher|or above|and up|and over)|(?:>=|≥)\s*{_N}")
_DOWN = re.compile(rf"{_N}\s*(?:or less|or lower|or below|and under|and below)|(?:<=|≤)\s*{_N}")
_SINGLE = re.compile(_N)


def _num(text: str) -> int:
    return 100 if text == "00" else int(text)


def _part(text: str) -> Span | None:
    if m := _SINGLE.fullmatch(text):
        v = _num(m.group(1))
        return (v, v)
    if m := _RANGE.fullmatch(text):
        return (_num(m.group(1)), _num(m.group(2)))
    if m := _UP.fullmatch(text):
        return (_num(m.group(1) or m.group(2)), None)
    if m := _DOWN.fullmatch(text):
        return (None, _num(m.group(1) or m.group(2)))
    return None


def parse_key(cell: str | int | float) -> tuple[Span, ...] | None:
    """The spans a key cell covers, or None when it is not a numeric key (then it is a name).

    Raises ValueError for a range that runs backwards ("5-3"), which is always a typo.
    """
    if isinstance(cell, bool | float):
        return None
    if isinstance(cell, int):
        return ((cell, cell),)
    spans: list[Span] = []
    for raw in cell.split(","):
        span = _part(" ".join(raw.lower().split()))
        if span is None:
            return None
        low, high = span
        if low is not None and high is not None and low > high:
            raise ValueError(f"range {raw.strip()!r} runs backwards")
        spans.append(span)
    return tuple(spans)


def covers(spans: tuple[Span, ...], n: int) -> bool:
    return any((lo is None or lo <= n) and (hi is None or n <= hi) for lo, hi in spans)


def _low(span: Span) -> float:
    return float("-inf") if span[0] is None else span[0]


def merged(spans: list[Span]) -> list[Span]:
    """Spans sorted and joined where they touch (1-2 and 3-4 become 1-4)."""
    out: list[Span] = []
    for lo, hi in sorted(spans, key=_low):
        if out:
            plo, phi = out[-1]
            if phi is None:
                continue
            if lo is None or lo <= phi + 1:
                out[-1] = (plo, None if hi is None else max(phi, hi))
                continue
        out.append((lo, hi))
    return out


def span_text(span: Span) -> str:
    lo, hi = span
    if lo is None and hi is None:
        return "any number"
    if lo is None:
        return f"{hi} or less"
    if hi is None:
        return f"{lo}+"
    return str(lo) if lo == hi else f"{lo}-{hi}"


def coverage_text(spans: list[Span]) -> str:
    """What a set of rows covers, for "no row for 23 in X (covers 1-20, 31-60)"."""
    return ", ".join(span_text(s) for s in merged(spans)) or "nothing"


def first_overlap(keyed: list[tuple[Span, int]]) -> tuple[int, int, Span, Span] | None:
    """The first two rows (by index) whose spans share a number, if any."""
    ordered = sorted(keyed, key=lambda item: _low(item[0]))
    for (a, ia), (b, ib) in itertools.pairwise(ordered):
        if a[1] is None or b[0] is None or b[0] <= a[1]:
            first, second = sorted([(ia, a), (ib, b)])
            return first[0], second[0], first[1], second[1]
    return None
