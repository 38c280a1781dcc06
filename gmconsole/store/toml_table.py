"""One `[[name]]` block of an entity file, rendered as tomli_w renders it, several times faster.

A round end in a 500-goblin encounter changes every combatant's initiative and every step, so
the block writer (`toml_blocks`) renders all ~1,000 blocks again, and tomli_w's generic walk
(an `isinstance` against the `Mapping` ABC per value, a character loop per string, a second
pass to drop None, a JSON dump to look for carriage returns) took ~65 ms of a ~175 ms round
end. `render_block` walks the plain data an entity snapshot is made of (dicts with str keys,
lists, tuples, str, int, float, bool, dates and times) by exact type, copies strings that need
no escape as they are, and drops None on the way; its text is tomli_w's (with multi-line
strings, indent 4) byte for byte, which a property test holds it to. Anything else (another
mapping or sequence type, a non-str key, a subclass) raises `Unusual`, and the caller renders
that block with tomli_w itself.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Hashable
from typing import Any

from tomli_w._writer import MAX_LINE_LENGTH, format_key_part, format_literal, format_string

from gmconsole.store.sharing import fingerprint

INDENT_WIDTH = 4
"""tomli_w's default indent, which `dump_toml` uses."""
INDENT = " " * INDENT_WIDTH

_ESCAPED = re.compile(r'[\x00-\x08\x0a-\x1f"\\\x7f]')
"""What tomli_w writes otherwise than as itself in a basic string (a tab is allowed as is)."""

_KEYS: dict[str, str] = {}
"""Keys as written: the same dozen repeat on every block."""


class Unusual(Exception):
    """A value outside the plain data this renderer handles: render it with tomli_w."""


Memo = dict[tuple[str, Hashable], tuple[str, bool]]
"""Sub-tables already rendered, by their name and `fingerprint`: (text, carriage return in it)."""


class _Text:
    """One block's rendering, noting whether any key or string held a carriage return (the
    document then takes `dump_toml`'s escaped-strings path, decided by the caller)."""

    __slots__ = ("cr", "memo")

    def __init__(self, memo: Memo | None = None) -> None:
        self.cr = False
        self.memo = memo

    def key(self, key: Any) -> str:
        if type(key) is not str:
            raise Unusual
        text = _KEYS.get(key)
        if text is None:
            if "\r" in key:
                self.cr = True
                return format_key_part(key)
            if len(_KEYS) > 4096:  # free-form tables can bring keys of their own
                _KEYS.clear()
            text = _KEYS[key] = format_key_part(key)
        return text

    def string(self, text: str) -> str:
        if _ESCAPED.search(text) is None:
            return f'"{text}"'
        if "\r" in text:
            self.cr = True
        return format_string(text, allow_multiline=True)

    def literal(self, value: Any, nest: int = 0) -> str:
        """tomli_w's `format_literal`, None dropped from arrays and inline tables."""
        kind = type(value)
        if kind is str:
            return self.string(value)
        if kind is bool:
            return "true" if value else "false"
        if kind is int or kind is float:
            return str(value)
        if kind is list or kind is tuple:
            items = [v for v in value if v is not None]
            if not items:
                return "[]"
            inner = INDENT * (nest + 1)
            body = f",\n{inner}".join(self.literal(v, nest + 1) for v in items)
            return f"[\n{inner}{body},\n{INDENT * nest}]"
        if kind is dict:
            return self.inline_table(value)
        if kind is dt.date or kind is dt.datetime or kind is dt.time:
            return format_literal(value, None)  # type: ignore[arg-type]  # ctx unused for these
        raise Unusual

    def inline_table(self, table: dict[str, Any]) -> str:
        pairs = [f"{self.key(k)} = {self.literal(v)}" for k, v in table.items() if v is not None]
        return "{ " + ", ".join(pairs) + " }" if pairs else "{}"

    def suits_inline(self, table: dict[str, Any]) -> bool:
        """tomli_w's `is_suitable_inline_table`: one line of at most 100 characters."""
        line = f"{INDENT}{self.inline_table(table)},"
        return len(line) <= MAX_LINE_LENGTH and "\n" not in line

    def table(self, table: dict[str, Any], name: str, inside_aot: bool, out: list[str]) -> None:
        """tomli_w's `gen_table_chunks`, appending to `out`."""
        literals: list[str] = []
        tables: list[tuple[str, dict[str, Any], bool]] = []
        keys = _KEYS
        for k, v in table.items():
            kind = type(v)
            if kind is str and _ESCAPED.search(v) is None:  # most values: written inline here
                literals.append(f'{keys.get(k) or self.key(k)} = "{v}"\n')
                continue
            if kind is int:
                literals.append(f"{keys.get(k) or self.key(k)} = {v}\n")
                continue
            if kind is bool:
                literals.append(f"{keys.get(k) or self.key(k)} = {'true' if v else 'false'}\n")
                continue
            if kind is list and v and all(type(t) is str and _ESCAPED.search(t) is None for t in v):
                body = f'",\n{INDENT}"'.join(v)  # an array of names (a step's actors)
                literals.append(f'{keys.get(k) or self.key(k)} = [\n{INDENT}"{body}",\n]\n')
                continue
            if v is None:
                continue
            if kind is dict:
                tables.append((k, v, False))
                continue
            if kind is list or kind is tuple:
                items = [t for t in v if t is not None]
                if items and all(type(t) is dict for t in items) and not all(map(self.suits_inline, items)):
                    tables += ((k, t, True) for t in items)
                    continue
            literals.append(f"{self.key(k)} = {self.literal(v)}\n")
        written = False
        if inside_aot or (name and (literals or not tables)):
            written = True
            out.append(f"[[{name}]]\n" if inside_aot else f"[{name}]\n")
        if literals:
            written = True
            out += literals
        for k, v, in_aot in tables:
            if written:
                out.append("\n")
            written = True
            part = self.key(k)
            self.sub_table(v, f"{name}.{part}" if name else part, in_aot, out)

    def sub_table(self, table: dict[str, Any], name: str, inside_aot: bool, out: list[str]) -> None:
        """`table`, or its text from the memo: 500 goblins spawned from one template carry
        the same `[combatants.sheet]`, and a round end that changes each one's initiative
        renders it once."""
        if self.memo is None:
            self.table(table, name, inside_aot, out)
            return
        key = (f"[[{name}]]" if inside_aot else name, fingerprint(table))
        known = self.memo.get(key)
        if known is None:
            part = _Text(self.memo)
            chunks: list[str] = []
            part.table(table, name, inside_aot, chunks)
            known = self.memo[key] = ("".join(chunks), part.cr)
        out.append(known[0])
        self.cr = self.cr or known[1]


def render_block(entry: dict[str, Any], name: str, memo: Memo | None = None) -> tuple[str, bool]:
    """(`[[name]]` and the entry's body as tomli_w writes it inside an array of tables with
    multi-line strings, whether a carriage return is in it). Raises `Unusual` for data other
    than plain dicts, lists and scalars. A `memo` kept between calls renders each distinct
    sub-table once."""
    text = _Text(memo)
    out: list[str] = []
    text.table(entry, name, True, out)
    return "".join(out), text.cr


def suits_inline(entry: dict[str, Any]) -> bool:
    """Whether tomli_w would write `entry` inline in an array (see `_Text.suits_inline`)."""
    return _Text().suits_inline(entry)
