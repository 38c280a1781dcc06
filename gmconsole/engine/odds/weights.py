"""Exact distributions as integer weights, and the arithmetic exact odds are built from.

A `Weights` maps each total to a whole number of ways; the ways add up to `total`, so a chance is
`ways / total` with no Fraction arithmetic on the way (Fractions are made once, at the end).

Why not icepool's `Die` for this part: its `+` combines every pair of outcomes in Python (a sum
of 470d6 took 2.6 s) and its constructor inspects every outcome again. Here the costly steps use
CPython's big integers as vectors:

* many equal dice (`power`): the coefficients of P(x)**n by J.C.P. Miller's recurrence,
  k·p0·q[k] = sum over i of ((n+1)·i - k)·p[i]·q[k-i], one short dot product per total; or, when
  the die has many faces and few dice, one big-integer power of P packed by Kronecker
  substitution (every coefficient in its own fixed-width slot of one integer);
* two different sums (`add`): one big-integer product of the two packed polynomials when they
  are dense, every pair of outcomes otherwise (values spread far apart: `1d6*1000 + 1d6`).

Each of those choices is made by a cost function (the `*_cost` helpers) that `cost.py` also uses
to price an expression before any work, so the estimate follows the method actually run.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

_MUL = operator.mul

# ---- cost model (units of about one microsecond on the reference machine, see cost.py) -------

PAIR_COST = 0.6
"""One pair of outcomes combined in Python (a dict update and a small big-int product)."""
SLOT_COST = 0.6
"""Packing and unpacking one slot of a Kronecker integer (to_bytes / from_bytes of one total)."""
BYTE_COST = 0.004
"""Each byte of a slot packed or unpacked."""
STEP_COST = 2.3
"""Python overhead of one total in Miller's recurrence (slices, two dot products, a division)."""
TERM_COST = 0.22
"""One term of a recurrence dot product with small operands."""
TERM_WORD_COST = 0.015
"""Each 30-bit digit of the big operand of a recurrence term (two products, two additions)."""
WORD_COST = 0.0025
"""One 30-bit digit of a big-integer operand in a linear operation (add, shift, small multiply)."""
MUL_WORD_COST = 0.0015
"""One digit-by-digit product in schoolbook multiplication (a big operand times a big scalar)."""
KARATSUBA_COST = 0.02
"""Multiplying two n-digit (30-bit) integers costs about this times n**log2(3)."""


def words(bits: int) -> int:
    """30-bit digits CPython uses for an integer of `bits` bits."""
    return bits // 30 + 1


def multiply_cost(bits: int) -> float:
    """Big-integer product whose result has `bits` bits (both factors about half of it)."""
    n = words(bits) / 2
    return KARATSUBA_COST * n**1.585 + WORD_COST * 2 * n


def pair_add_cost(count_a: int, count_b: int, bits: int) -> float:
    """Every pair of outcomes combined, weights of `bits` bits in the product."""
    w = words(bits)
    return count_a * count_b * (PAIR_COST + WORD_COST * w + MUL_WORD_COST * w * w / 4)


def kronecker_add_cost(span_a: int, span_b: int, bits: int) -> float:
    """Two polynomials of span+1 slots packed, multiplied once, unpacked; slots of `bits`."""
    slots = span_a + span_b + 1
    per_slot = SLOT_COST + BYTE_COST * bits / 8
    return per_slot * (span_a + span_b + 2 + slots) + multiply_cost(slots * bits)


def add_cost(count_a: int, span_a: int, count_b: int, span_b: int, bits: int) -> float:
    """The cheaper of the two ways `add` can combine two distributions."""
    if count_a == 1 or count_b == 1:
        return (count_a + count_b) * (PAIR_COST + WORD_COST * words(bits))
    return min(pair_add_cost(count_a, count_b, bits), kronecker_add_cost(span_a, span_b, bits))


def miller_cost(n: int, span: int, bits: int) -> float:
    """P**n by the recurrence: n·span+1 totals, each two dot products over the die's span+1
    coefficients (zeros included) with big operands growing to `bits` bits."""
    totals = n * span + 1
    w = words(bits) / 2
    return totals * (STEP_COST + span * (TERM_COST + TERM_WORD_COST * w))


def kronecker_power_cost(n: int, span: int, bits: int) -> float:
    """P**n as one packed big-integer power (its squarings cost about 0.8 of one product of
    the final size: squaring is cheaper and the earlier ones smaller)."""
    slots = n * span + 1
    per_slot = SLOT_COST + BYTE_COST * bits / 8
    return per_slot * (span + 1 + slots) + 0.8 * multiply_cost(slots * bits)


def power_cost(n: int, span: int, count: int, bits: int) -> float:
    """The cheaper way `power` can sum `n` dice of `span`+1 slots (`count` of them nonzero)."""
    if n <= 1 or count <= 1:
        return count * (PAIR_COST + WORD_COST * words(bits))
    return min(miller_cost(n, span, bits), kronecker_power_cost(n, span, bits))


# ---- the distribution -----------------------------------------------------------------------


class Weights:
    """`ways[v]` ways out of `total` to come to v (every weight above 0, they sum to total)."""

    __slots__ = ("total", "ways")

    def __init__(self, ways: dict[int, int], total: int) -> None:
        self.ways = ways
        self.total = total

    @classmethod
    def point(cls, value: int) -> Weights:
        return cls({value: 1}, 1)

    @property
    def low(self) -> int:
        return min(self.ways)

    @property
    def high(self) -> int:
        return max(self.ways)

    @property
    def span(self) -> int:
        return self.high - self.low

    def map(self, f: Callable[[int], int]) -> Weights:
        """Each value replaced by f(value); values that meet add their ways."""
        out: dict[int, int] = {}
        for v, w in self.ways.items():
            key = f(v)
            out[key] = out.get(key, 0) + w
        return Weights(out, self.total)

    def __neg__(self) -> Weights:
        return Weights({-v: w for v, w in self.ways.items()}, self.total)

    def __repr__(self) -> str:
        return f"Weights({self.ways!r}, {self.total})"


def combine(a: Weights, b: Weights, op: Callable[[int, int], int]) -> Weights:
    """The distribution of op(x, y) for x from `a` and y from `b`, independent: every pair."""
    out: dict[int, int] = {}
    get = out.get
    for x, wx in a.ways.items():
        for y, wy in b.ways.items():
            key = op(x, y)
            out[key] = get(key, 0) + wx * wy
    return Weights(out, a.total * b.total)


def add(a: Weights, b: Weights) -> Weights:
    """The distribution of x + y: pairwise, or one packed product when that is cheaper."""
    if len(a.ways) == 1 or len(b.ways) == 1:
        (x, wx), other = (next(iter(a.ways.items())), b) if len(a.ways) == 1 else \
            (next(iter(b.ways.items())), a)
        return Weights({x + v: wx * w for v, w in other.ways.items()}, a.total * b.total)
    bits = (a.total * b.total).bit_length()
    pair = pair_add_cost(len(a.ways), len(b.ways), bits)
    if pair <= kronecker_add_cost(a.span, b.span, bits):
        return combine(a, b, operator.add)
    la, lb = a.low, b.low
    size = (bits + 7) // 8
    product = _pack(_dense(a), size) * _pack(_dense(b), size)
    return _sparse(_unpack(product, a.span + b.span + 1, size), la + lb, a.total * b.total)


def power(die: Weights, n: int) -> Weights:
    """The sum of `n` independent copies of `die`."""
    if n == 0:
        return Weights.point(0)
    if n == 1 or len(die.ways) == 1:
        return Weights({v * n: w**n for v, w in die.ways.items()}, die.total**n)
    low, span = die.low, die.span
    coeffs = _dense(die)
    total = die.total**n
    bits = total.bit_length()
    if miller_cost(n, span, bits) <= kronecker_power_cost(n, span, bits):
        q = _miller(coeffs, n)
    else:
        size = (bits + 7) // 8
        q = _unpack(_pack(coeffs, size) ** n, n * span + 1, size)
    return _sparse(q, low * n, total)


def _miller(p: list[int], n: int) -> list[int]:
    """Coefficients of P(x)**n, P given by its coefficients with p[0] > 0 (Miller, 1970s:
    from Q'P = nP'Q), each an exact division of a short dot product."""
    m = len(p) - 1
    p0 = p[0]
    # a[i] = (n+1)·i·p[i] and p[i] for i = 1..m, in the order the window of q is read.
    a = [(n + 1) * i * p[i] for i in range(1, m + 1)]
    b = p[1:]
    q = [p0**n]
    last = n * m
    for k in range(1, last + 1):
        start = k - m if k > m else 0
        window = q[start:k][::-1]  # q[k-1], q[k-2], ..., q[k-i]
        num = sum(map(_MUL, a, window)) - k * sum(map(_MUL, b, window))
        q.append(num // (k * p0))
    return q


def _dense(w: Weights) -> list[int]:
    low = w.low
    out = [0] * (w.span + 1)
    for v, c in w.ways.items():
        out[v - low] = c
    return out


def _sparse(coeffs: Iterable[int], low: int, total: int) -> Weights:
    return Weights({low + i: c for i, c in enumerate(coeffs) if c}, total)


def _pack(coeffs: list[int], size: int) -> int:
    """One integer holding coefficient i in bytes [i·size, (i+1)·size)."""
    return int.from_bytes(b"".join(c.to_bytes(size, "little") for c in coeffs), "little")


def _unpack(x: int, slots: int, size: int) -> list[int]:
    raw = x.to_bytes(slots * size, "little")
    get = int.from_bytes
    return [get(raw[i : i + size], "little") for i in range(0, slots * size, size)]


# ---- Fractions, once, at the end --------------------------------------------------------------

try:  # Python 3.12+
    _coprime = Fraction._from_coprime_ints  # type: ignore[attr-defined]
except AttributeError:  # Python 3.11

    def _coprime(numerator: int, denominator: int) -> Fraction:
        return Fraction(numerator, denominator, _normalize=False)  # type: ignore[call-arg]


@functools.lru_cache(maxsize=256)
def small_primes(n: int) -> frozenset[int]:
    """The prime factors of n (n is one die's total: at most 10_000**2, trial division)."""
    out, p = set(), 2
    while p * p <= n:
        while n % p == 0:
            out.add(p)
            n //= p
        p += 1
    if n > 1:
        out.add(n)
    return frozenset(out)


def fractions_of(ways: Mapping[int, int], total: int, primes: Iterable[int]) -> dict[int, Fraction]:
    """{value: Fraction(w, total)} for ways summing to total.

    Fraction() reduces with a gcd that costs the square of the numbers' size (half a millisecond
    per total of 900d10000>=5000). The total is a product of dice totals, so when `primes` are all
    its prime factors, each weight is reduced by dividing out just those primes, and the reduced
    pair is built as the coprime pair it is. Otherwise plain Fraction().
    """
    exponents = {}
    rest = total
    for p in primes:
        e, rest = _strip(rest, p, None)
        if e:
            exponents[p] = e
    if rest != 1:
        return {v: Fraction(w, total) for v, w in ways.items()}
    out = {}
    reduced: dict[tuple[int, ...], int] = {}  # total over the factors taken out, by exponents
    for v, w in ways.items():
        found = []
        for p, e in exponents.items():
            if p == 2:
                f = min((w & -w).bit_length() - 1, e)
                w >>= f
            elif w % p:
                f = 0
            else:
                f, w = _strip(w, p, e)
            found.append(f)
        key = tuple(found)
        if key not in reduced:
            common = 1
            for p, f in zip(exponents, key, strict=True):
                common *= p**f
            reduced[key] = total // common
        out[v] = _coprime(w, reduced[key])
    return out


def _strip(x: int, p: int, cap: int | None) -> tuple[int, int]:
    """(e, x / p**e) for the largest e (at most `cap`) with p**e dividing x: by the largest power
    of p that fits one 30-bit digit while it divides (CPython's fast single-digit division),
    then by p."""
    big, k = p, 1
    while big * p < 1 << 30:
        big, k = big * p, k + 1
    e = 0
    while cap is None or e + k <= cap:
        q, r = divmod(x, big)
        if r:
            break
        x, e = q, e + k
    while cap is None or e < cap:
        q, r = divmod(x, p)
        if r:
            break
        x, e = q, e + 1
    return e, x
