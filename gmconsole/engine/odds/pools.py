"""Keep the highest (or lowest) k of n equal dice, exactly, without listing the rolls.

The faces are walked from the best down (for "keep lowest", from the worst up). After some faces,
a state is "c dice placed so far" (c < k) with, for each kept sum, the number of ways to have
placed them; placing m more dice on the next face f multiplies by C(n-c, m)·w(f)^m, and the
first k of them count. Once k dice are placed the rest only need to show worse faces, so that
branch closes at once with a scalar: sum over m of C(n-c, m)·w(f)^m·(ways below f)^(n-c-m). That
is icepool's multiset evaluation specialised to a keep-sum, without its recursion (one Python
frame per face: a d1000 pool overflowed the stack) and with each state's polynomial packed into
one big integer (a slot per kept sum), so a step is three big-integer operations.

`exploding_keep` does the same when exploding dice join the pool, per pool shape (how many
dice exploded, how many stopped), and `keep_cost` / `exploding_keep_cost` price both for cost.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from .weights import MUL_WORD_COST, WORD_COST, Weights, add, power, words


def keep_sum(
    faces: Sequence[tuple[int, int]],
    n: int,
    k: int,
    highest: bool,
    value: Callable[[int], int],
) -> Weights:
    """Sum of value(face) over the k best of n dice, each face showing with the given ways.

    `faces` lists (face, ways > 0); "best" is the highest face when `highest`, else the lowest.
    """
    k = min(k, n)
    total = sum(w for _, w in faces) ** n
    if k == 0:
        return Weights({0: total}, total)
    order = sorted(faces, reverse=highest)
    gains = [value(f) for f, _ in order]
    low = min(gains)
    steps = [g - low for g in gains]
    slot = (sum(w for _, w in faces) + 1) ** n  # every partial count is below this
    bits = 8 * ((slot.bit_length() + 7) // 8)
    below = [0] * len(order)  # ways one die shows a face worse than order[i]
    acc = 0
    for i in range(len(order) - 1, -1, -1):
        below[i] = acc
        acc += order[i][1]
    # state[c]: the ways to have placed c dice, by kept sum, packed as (bit offset, polynomial)
    state: list[tuple[int, int] | None] = [(0, 1)] + [None] * (k - 1)
    done: list[tuple[int, int, int]] = []  # pieces of the result: (pieces in it, bit offset, polynomial)
    last = len(order) - 1
    for i, (_, w) in enumerate(order):
        shift, b = bits * steps[i], below[i]
        new: list[tuple[int, int] | None] = [None] * k
        for c, held in enumerate(state):
            if held is None:
                continue
            offset, poly = held
            r, need = n - c, k - c  # dice left to place, and to keep
            scalar = _at_least(need, r, w, b)  # need or more on this face, the rest below it
            if scalar:
                _push(done, offset + shift * need, poly * scalar)
            if i == last:
                continue  # every die must be placed by the last face
            placed = 1  # C(r, m)·w**m: ways to put m of the r dice on this face
            for m in range(need):
                new[c + m] = _plus(new[c + m], offset + shift * m, poly * placed)
                placed = placed * (r - m) * w // (m + 1)
        state = new
    while len(done) > 1:
        _, at, value = done.pop()
        done[-1] = (0, *_plus(done[-1][1:], at, value))
    _, offset, packed = done[0] if done else (0, 0, 0)
    size = bits // 8
    first = offset // bits
    slots = k * max(steps) + 1 - first
    raw = packed.to_bytes(slots * size, "little")
    get = int.from_bytes
    result = {}
    for j in range(slots):
        q = get(raw[j * size : (j + 1) * size], "little")
        if q:
            result[low * k + first + j] = q
    return Weights(result, total)


def _at_least(need: int, r: int, w: int, b: int) -> int:
    """Ways for r dice to put `need` or more on a face of w ways and the rest on b ways below."""
    if need > r:
        return 0
    if b == 0:
        return w**r
    # the terms C(r, m)·w**m·b**(r-m), each from the last by an exact division
    if r - need + 1 <= need:
        term = comb(r, need) * w**need * b ** (r - need)
        total = term
        for m in range(need, r):
            term = term * (r - m) * w // ((m + 1) * b)
            total += term
        return total
    term = b**r
    total = 0
    for m in range(need):
        total += term
        term = term * (r - m) * w // ((m + 1) * b)
    return (w + b) ** r - total


def _plus(held: tuple[int, int] | None, offset: int, poly: int) -> tuple[int, int]:
    """held + (poly << offset), kept as (lower offset, polynomial)."""
    if held is None:
        return offset, poly
    at, value = held
    if at <= offset:
        return at, value + (poly << (offset - at))
    return offset, poly + (value << (at - offset))


def _push(pieces: list[tuple[int, int, int]], offset: int, value: int) -> None:
    """Add a closed piece to the result, merging the last two while they hold as many pieces
    (a binary counter): each piece is merged about log2(pieces) times, with its neighbours
    (nearby offsets), and only a logarithmic number stay in memory."""
    pieces.append((1, offset, value))
    while len(pieces) > 1 and pieces[-1][0] == pieces[-2][0]:
        count, at, held = pieces.pop()
        pieces[-1] = (2 * count, *_plus(pieces[-1][1:], at, held))


def exploding_keep(
    faces: Sequence[tuple[int, int]],
    n: int,
    explode: frozenset[int],
    kind: str,
    k: int,
    value: Callable[[int], int],
    depth: int,
) -> Weights | None:
    """Keep/drop over a pool that exploding dice join, each die followed `depth` extra dice deep
    (icepool's `explode_to_pool`); None when the exploding faces are not all above (or all
    below) the others, the one shape this does not cover.

    A die's chain is i exploding faces then one that stops (i <= depth), or depth+1 exploding
    faces. Over n dice the pool is J dice from the exploding faces and S from the stopping ones,
    with C(n, S)·[u^(J-(depth+1)(n-S))] B(u)^S ways, B(u) = sum of W^(depth-i)·u^i (W: one die's
    ways). The two groups do not interleave, so the kept dice are the best of the better group,
    then the best of the other: one `keep_sum` (and `power`) per pool shape, not per roll.
    """
    hot = [(f, w) for f, w in faces if f in explode]
    cold = [(f, w) for f, w in faces if f not in explode]
    if not separated([f for f, _ in hot], [f for f, _ in cold]):
        return None
    above, below = (hot, cold) if min(f for f, _ in hot) > max(f for f, _ in cold) else (cold, hot)
    whole = sum(w for _, w in faces)
    links = depth + 1
    # ways[(J, S)]: chain arrangements giving J exploding and S stopping dice (S = n - capped)
    chain = [whole ** (depth - i) for i in range(links)]  # B(u)
    ways: dict[tuple[int, int], int] = {}
    power_b = [1]  # B(u)**S
    for s in range(n + 1):
        if s:
            power_b = _times(power_b, chain)
        scale = comb(n, s)
        base = links * (n - s)
        for j, c in enumerate(power_b):
            if c:
                ways[(base + j, s)] = scale * c
    high = kind in ("kh", "dl")
    good, bad = (above, below) if high else (below, above)
    good_is_hot = good is hot
    bad_ways = sum(w for _, w in bad)
    # (good dice, bad dice or -1 when none is kept, kept) -> ways; a bad group no kept die comes
    # from only multiplies its ways in, so those shapes share one keep_sum.
    shapes: dict[tuple[int, int, int], int] = {}
    for (j, s), c in ways.items():
        first, second = (j, s) if good_is_hot else (s, j)
        kept = k if kind[0] == "k" else first + second - k
        kept = max(0, min(kept, first + second))
        if kept <= first:
            c *= bad_ways**second
            second = -1
        key = (first, second, kept)
        shapes[key] = shapes.get(key, 0) + c
    out: dict[int, int] = {}
    one_good = Weights(_valued(good, value), sum(w for _, w in good))
    all_good: dict[int, Weights] = {}
    best_bad: dict[tuple[int, int], Weights] = {}
    for (first, second, kept), c in shapes.items():
        if second < 0:
            part = keep_sum(good, first, kept, high, value)
        else:
            key = (second, kept - first)
            if key not in best_bad:
                best_bad[key] = keep_sum(bad, second, kept - first, high, value)
            if first not in all_good:
                all_good[first] = power(one_good, first)
            part = add(all_good[first], best_bad[key])
        for v, w in part.ways.items():
            out[v] = out.get(v, 0) + c * w
    return Weights(out, whole ** (n * links))


def separated(hot: Sequence[int], cold: Sequence[int]) -> bool:
    """Whether the exploding faces (`hot`) are all above, or all below, the others: the pools
    `exploding_keep` covers."""
    if not hot or not cold:
        return False
    return min(hot) > max(cold) or max(hot) < min(cold)


def _valued(faces: Sequence[tuple[int, int]], value: Callable[[int], int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for f, w in faces:
        out[value(f)] = out.get(value(f), 0) + w
    return out


def _times(p: list[int], q: list[int]) -> list[int]:
    """Product of two polynomials given by coefficient lists."""
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return out


# ---- what the walks cost, for cost.py --------------------------------------------------------

KEEP_STEP_COST = 0.9
"""Python overhead of one (state, dice on this face) step of the walk, in cost units."""
KEEP_CALL_COST = 100.0
"""Setting up one `keep_sum` (sorting the faces, the slot width, unpacking a few totals)."""


def keep_cost(n: int, k: int, faces: int, step_span: int, die_bits: int) -> float:
    """Cost units of `keep_sum`: n dice keeping k, `faces` faces whose kept values span
    `step_span`, one die's ways a `die_bits`-bit number.

    The first face starts from the one empty state; each middle face takes every state c < k
    through (k-c) steps on a polynomial of about c·step_span/2 slots (the values seen so far)
    and one close (a product by a scalar: the ways of the dice left); the last face only closes.
    Then the closed pieces are merged and the result unpacked."""
    k = min(k, n)
    if k == 0:
        return 1.0
    slot = words(n * (die_bits + 1))  # words per slot
    scalar = words(n * die_bits)
    seen = (faces - 2) / (faces - 1) if faces > 1 else 0.0  # share of the values seen at last
    pairs = k * (k + 1) / 2  # sum over c < k of (k - c)
    weighted = (k**3 - k) / 6  # sum over c < k of (k - c)·c

    def sizes(span: float) -> float:  # sum over c < k of a state's size in words (c·span slots)
        return slot * (k + span * k * (k - 1) / 2)

    terms = min(k, n - k + 1) * (KEEP_STEP_COST + 3 * WORD_COST * scalar)  # one close's scalar

    def closes(span: float) -> float:  # every state closing, the last face's scalars are w**r
        return k * KEEP_STEP_COST + MUL_WORD_COST * sizes(span) * min(scalar, 70)

    mid_span = step_span * seen / 2
    steps = KEEP_STEP_COST * pairs + 4.5 * WORD_COST * slot * (pairs + mid_span * weighted)
    middle = max(faces - 2, 0) * (steps + closes(mid_span) + k * terms)
    first = terms + (k * (KEEP_STEP_COST + WORD_COST * slot) if faces > 1 else 0.0)
    last = closes(step_span * seen) if faces > 1 else 0.0
    result = k * step_span + 1
    merge = (faces * k).bit_length() * (WORD_COST * result * slot + faces * k * 0.3)
    return KEEP_CALL_COST + first + middle + last + merge + result * 0.6


def exploding_keep_cost(n: int, depth: int, kept: int, drop: bool, good: tuple[int, int],
                        bad: tuple[int, int], step_span: int, die_bits: int) -> float:
    """Cost units of `exploding_keep`: n dice, at most `kept` kept (`drop`: kept is the pool
    less a fixed number), `good` and `bad` the (faces, most dice) of the group the kept dice
    come from first and of the other. The powers B(u)**S, a keep over the good group per size,
    one over the bad group per (size, kept) met, and each pool shape's part added in."""
    links = depth + 1
    bits = n * links * die_bits
    big = KEEP_STEP_COST / 3 + WORD_COST * words(bits)
    shapes = n * (n * depth + 2) / 2
    b_powers = n * n * depth * links / 2 * big
    good_faces, good_most = good
    bad_faces, bad_most = bad
    good_keeps = (good_most + 1) * keep_cost(good_most, min(kept, good_most), good_faces,
                                             step_span, die_bits)
    bad_keys = (bad_most + 1) * (1 if drop else min(kept, good_most + 1))
    bad_keeps = bad_keys * \
        keep_cost(bad_most, min(kept, bad_most), bad_faces, step_span, die_bits)
    result = kept * step_span + 1
    parts = min(shapes, (kept + 1) * (bad_most + 1))
    adds = parts * (KEEP_CALL_COST + result * big)
    return b_powers + good_keeps + bad_keeps + adds + shapes * (KEEP_STEP_COST + result * big)


ICEPOOL_IMPORT_COST = 50_000.0
"""Loading icepool the first time an interleaved exploding pool needs it (about 50 ms)."""
ICEPOOL_MAX_FACES = 300
"""icepool's pool evaluation recurses once per face: a d1000 overflows Python's stack."""


def icepool_pool_cost(n: int, depth: int, faces: int) -> float:
    """Cost units of icepool's `explode_to_pool` keep-sum, fitted to timings on the reference
    machine (2d20!{10,20}kh1 at depth 8: 107 ms; 6d6!{3,6}kh3 at 12: 1.5 s; 2d300 at 2: 1.7 s)."""
    if faces > ICEPOOL_MAX_FACES:
        return 1e18  # refused whatever the budget
    return ICEPOOL_IMPORT_COST + 5 * faces**1.5 * n**3 * (depth + 1) ** 2
