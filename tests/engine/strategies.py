"""Hypothesis strategies that generate VALID dice expressions, in every accepted dialect.

`expressions()` mixes canonical spellings with the Roll20 / Foundry / d20 aliases, so properties
over it also exercise alias resolution. `small_expressions()` keeps dice pools and faces small
enough that exact odds stay quick to compute. Division only ever divides by a positive literal,
so generated expressions never fail with a division by zero.
"""

from __future__ import annotations

from hypothesis import strategies as st

SIDES = (1, 2, 3, 4, 6, 8, 10, 12, 20, 100)


def _named(text: str, low: int, high: int) -> set[int]:
    """The faces a target spelling names (the strategies' own reading, kept independent)."""
    faces = set(range(low, high + 1))
    if text.startswith("{"):
        return faces & {int(v) for v in text.strip("{}").split(",")}
    for op, test in ((">=", int.__ge__), ("<=", int.__le__), (">", int.__gt__),
                     ("<", int.__lt__), ("=", int.__eq__)):
        if text.startswith(op):
            bound = int(text[len(op):])
            return {f for f in faces if test(f, bound)}
    return faces & {int(text)}


@st.composite
def targets(draw: st.DrawFn, low: int, high: int, *, bare: bool, proper: bool) -> str:
    """A target naming at least one face in [low, high]; `proper`: never every face."""
    faces = list(range(low, high + 1))
    cut = 1 if proper else 0  # a proper range must leave at least one face out
    kinds = ["=", ">=", "<=", ">", "<", "set"] + (["face"] if bare else [])
    kind = draw(st.sampled_from(kinds))
    if kind in ("=", "face"):
        value = draw(st.sampled_from([f for f in faces if f >= 0] if kind == "face" else faces))
        return ("" if kind == "face" else "=") + str(value)
    if kind == "set":
        chosen = sorted(set(draw(st.lists(st.sampled_from(faces), min_size=1, max_size=4))))
        if proper and len(chosen) == len(faces):
            chosen = chosen[1:]
        return "{" + ",".join(map(str, chosen)) + "}"
    bound = {
        ">=": st.integers(low + cut, high),
        ">": st.integers(low - 1 + cut, high - 1),
        "<=": st.integers(low, high - cut),
        "<": st.integers(low + 1, high + 1 - cut),
    }[kind]
    return kind + str(draw(bound))


@st.composite
def dice_terms(draw: st.DrawFn, max_count: int = 12, sides: tuple[int, ...] = SIDES) -> str:
    """One dice term with a coherent set of modifiers, spelled in a random dialect.

    Each modifier is present when a draw comes out non-zero, so the simplest example (the one
    Hypothesis shrinks towards) is a bare `NdS`.
    """
    count = draw(st.integers(0, max_count))
    kind = draw(st.sampled_from([*sides, "F", *(["%"] if 100 in sides else [])]))
    low, high = (-1, 1) if kind == "F" else (1, 100 if kind == "%" else kind)
    head = ("" if count == 1 and draw(st.booleans()) else str(count)) + "d" + str(kind)
    parts = [head]
    standing = set(range(low, high + 1))  # faces that can stand after rerolls
    if draw(st.integers(0, 3)) == 3:
        op = draw(st.sampled_from(["r", "ro", "rr"]))
        if op != "rr" or high > low:
            bare_default = low >= 0 and draw(st.booleans())
            target = "" if bare_default else draw(targets(low, high, bare=True, proper=op == "rr"))
            parts.append(op + target)
            if op == "rr":
                standing -= _named(target or str(low), low, high)
    chain = False  # !! and !p take no min/max, keep or count
    if high > low and draw(st.integers(0, 3)) == 3:
        op = draw(st.sampled_from(["!", "x", "e", "!!", "!p"]))
        target = "" if draw(st.booleans()) else draw(targets(low, high, bare=True, proper=True))
        if op == "!" and target.startswith("=") and not target.startswith("=-"):
            op = "x"  # `!=5` is refused: other tools read it as "not equal"
        if not standing <= _named(target or str(high), low, high):  # else it never stops
            parts.append(op + target)
            chain = op in ("!!", "!p")
    if not chain and draw(st.integers(0, 4)) == 4:
        lo_bound = draw(st.integers(low, high))
        parts.append(draw(st.sampled_from(["mi", "min"])) + str(lo_bound))
        if draw(st.booleans()):
            parts.append(draw(st.sampled_from(["ma", "max"])) + str(draw(st.integers(lo_bound, high))))
    if not chain and draw(st.integers(0, 2)) == 2:
        op = draw(st.sampled_from(["kh", "kl", "dh", "dl", "k", "d", "ph", "pl"]))
        parts.append(op + str(draw(st.integers(0, max_count + 1))))
    if not chain and draw(st.integers(0, 3)) == 3:
        prefix = draw(st.sampled_from(["", "cs"]))
        target = draw(targets(low, high, bare=prefix == "cs", proper=False))
        if prefix and not target.startswith("{"):
            prefix = ""  # `cs` before a comparison or a face is refused (Roll20 reads it otherwise)
        if prefix or target[0] in "<>=":
            parts.append(prefix + target)
            if draw(st.booleans()):
                op = draw(st.sampled_from(["f", "df", "sf"]))
                parts.append(op + draw(targets(low, high, bare=True, proper=False)))
    # A comparison right after a bare r / ! is read as that operator's target (documented), so
    # a bare one followed by a success count gets its default face written out.
    for i, part in enumerate(parts[1:-1], start=1):
        if parts[i + 1][0] in "<>=" and part in ("r", "ro", "rr", "!", "x", "e"):
            default = high if part in ("!", "x", "e") else low
            parts[i] = part + (str(default) if default >= 0 else f"={default}")
    return "".join(parts)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, st.sampled_from(["+", "-", "*"]), children).map(
        lambda t: f"{t[0]} {t[1]} {t[2]}"
    )
    divided = st.tuples(children, st.integers(1, 9)).map(lambda t: f"{t[0]}/{t[1]}")
    grouped = children.map(lambda c: f"({c})")
    negated = children.map(lambda c: f"-{c}" if c[:1] != "-" else f"-({c})")
    labeled = st.tuples(children, st.sampled_from(["fire", "cold", "to hit", "x"])).map(
        lambda t: f"({t[0]}) [{t[1]}]"
    )
    listed = st.tuples(
        st.lists(children, min_size=1, max_size=3),
        st.sampled_from(["", "kh1", "kl1", "dl1", "dh1", "k2"]),
        st.booleans(),
    ).map(_group_text)
    return st.one_of(binary, divided, grouped, negated, labeled, listed)


def _group_text(parts: tuple[list[str], str, bool]) -> str:
    """`{a, b}kh1` or d20's `(a, b)kh1`; a lone item gets a 0 beside it when kept (a group of
    one with a keep keeps among its dice, which only plain dice may do)."""
    items, keep, parens = parts
    if len(items) == 1 and keep:
        items = [*items, "0"]
    joined = ", ".join(items)
    return f"({joined}){keep}" if parens and len(items) > 1 else f"{{{joined}}}{keep}"


@st.composite
def dice_pools(draw: st.DrawFn, sides: tuple[int, ...] = SIDES) -> str:
    """Roll20's keep among the dice of one roll: `{2d6+1d8}kh1`."""
    parts = draw(st.lists(st.tuples(st.integers(1, 3), st.sampled_from(sides)), min_size=1, max_size=3))
    keep = draw(st.sampled_from(["kh1", "kl1", "kh2", "dl1", "dh1", "k"]))
    return "{" + "+".join(f"{n}d{s}" for n, s in parts) + "}" + keep


def expressions(
    max_count: int = 12, sides: tuple[int, ...] = SIDES, max_leaves: int = 5
) -> st.SearchStrategy[str]:
    """Whole expressions: dice terms and numbers under arithmetic, parentheses and labels."""
    leaves = st.one_of(dice_terms(max_count, sides), st.integers(0, 50).map(str), dice_pools(sides))
    return st.recursive(leaves, _combine, max_leaves=max_leaves)


def small_expressions(max_leaves: int = 3) -> st.SearchStrategy[str]:
    """Expressions whose exact distribution is cheap to compute and to enumerate."""
    return expressions(max_count=3, sides=(1, 2, 3, 4, 6), max_leaves=max_leaves)
