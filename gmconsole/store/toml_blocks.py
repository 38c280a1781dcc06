"""`dump_toml` for big documents, re-serialising only the array-of-tables entries that changed.

An encounter of 500 goblins is 500 `[[combatants]]` and 500 `[[steps]]` blocks, and a turn
changes a handful of them; tomli_w is pure Python, so dumping the whole file again cost ~10 ms
of a ~27 ms turn. A `BlockWriter` (one per file) keeps the text of each block of the last
document it wrote, keyed by the block's `sharing.fingerprint`, and only renders blocks it has
not seen.

The text is byte for byte what `dump_toml` gives (a property test holds it to that): each block
is rendered as tomli_w's own table writer renders it (`toml_table`, or tomli_w itself for data
that is not plain), and only the top level, which places literals first and separates tables
with a blank line, is assembled here. The fingerprint is a C-speed
encoding that tells apart everything the TOML text tells apart (`1`, `1.0`, `True`, `"1"`; key
order; dates), where `==` would not (`1 == 1.0 == True`). Anything unusual falls back
to `dump_toml`: a carriage return anywhere (the whole document then uses escaped strings), or a
list of tables short enough to be written inline.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from tomli_w._writer import (
    Context,
    format_key_part,
    format_literal,
    gen_table_chunks,
    is_aot,
    is_suitable_inline_table,
)

from gmconsole.store.files import _has_cr, drop_none, dump_toml
from gmconsole.store.sharing import fingerprint, table_list
from gmconsole.store.toml_table import INDENT_WIDTH, Memo, Unusual, render_block, suits_inline

TABLES_KEPT = 20_000
"""Distinct sub-tables a writer remembers before starting afresh (an encounter has one or two
per combatant)."""


@dataclass(slots=True)
class _Block:
    """One `[[key]]` entry of a document, rendered once and kept while it is unchanged."""

    text: str
    """`[[key]]` and the entry's body, as tomli_w writes it with multi-line strings allowed."""
    has_cr: bool
    """A carriage return somewhere in it (the whole document then takes the slow path)."""
    entry: dict[str, Any]
    """The entry rendered, to judge `inline` by when it is asked."""
    _inline: bool | None = None

    @property
    def inline(self) -> bool:
        """Short enough for an inline table (if every entry is, tomli_w writes an inline
        array). Judged on demand: rendering the entry inline cost a third of rendering it,
        and a list needs only its first entry that is not inline to know."""
        if self._inline is None:
            try:
                self._inline = suits_inline(self.entry)
            except Unusual:
                self._inline = is_suitable_inline_table(drop_none(self.entry), Context(True, INDENT_WIDTH))
        return self._inline


class BlockWriter:
    """`dump_toml` with memory: remembers the blocks of the last document it wrote."""

    def __init__(self) -> None:
        self._blocks: dict[tuple[str, Hashable], _Block] = {}
        self._seen: dict[tuple[str, int], tuple[object, Hashable]] = {}
        """The last document's entries by identity: a session's snapshots share the entries
        that did not change (`sharing`), so those need neither a fingerprint nor a render."""
        self._tables: Memo = {}
        """Sub-tables rendered (`toml_table.render_block`), kept across writes."""

    def dumps(self, data: Mapping[str, Any]) -> str:
        """Exactly `dump_toml(data)`, cheaper when most array-of-tables entries are unchanged."""
        lists: dict[str, list[_Block]] = {}
        kept: dict[tuple[str, Hashable], _Block] = {}
        seen: dict[tuple[str, int], tuple[object, Hashable]] = {}
        for key, value in data.items():
            if type(key) is not str or "\r" in key:
                return dump_toml(data)
            if not table_list(value):
                continue
            blocks = lists[key] = []
            for entry in value:
                same = self._seen.get((key, id(entry)))
                fp = same[1] if same is not None and same[0] is entry else (key, fingerprint(entry))
                block = kept.get(fp) or self._blocks.get(fp)
                if block is None:
                    block = _render(entry, format_key_part(key), self._tables)
                kept[fp] = block
                seen[(key, id(entry))] = (entry, fp)
                blocks.append(block)
        self._blocks = kept
        self._seen = seen
        if len(self._tables) > TABLES_KEPT:
            self._tables.clear()
        if any(b.has_cr for bs in lists.values() for b in bs) or any(
            all(b.inline for b in bs) for bs in lists.values()
        ):
            return dump_toml(data)
        text = _assemble(data, lists)
        return dump_toml(data) if text is None else text


def _render(entry: dict[str, Any], name: str, memo: Memo) -> _Block:
    try:
        text, has_cr = render_block(entry, name, memo)
    except Unusual:  # not plain data: tomli_w's own walk, on a copy without None
        clean = drop_none(entry)
        text = "".join(gen_table_chunks(clean, Context(True, INDENT_WIDTH), name=name, inside_aot=True))
        has_cr = _has_cr(clean)
    return _Block(text, has_cr, entry)


def _assemble(data: Mapping[str, Any], lists: dict[str, list[_Block]]) -> str | None:
    """tomli_w's top level: literal lines first, then every table, a blank line between.
    None when the rest of the document needs the slow path (a carriage return, or a list that
    becomes an array of tables only once its None entries are dropped)."""
    clean = drop_none({k: v for k, v in data.items() if k not in lists})
    if _has_cr(clean):
        return None
    ctx = Context(True, INDENT_WIDTH)
    literals: list[str] = []
    tables: list[str] = []
    for key in data:
        if key in lists:
            tables += (b.text for b in lists[key])
            continue
        if key not in clean:
            continue  # None, dropped
        value = clean[key]
        part = format_key_part(key)
        if isinstance(value, Mapping):
            tables.append("".join(gen_table_chunks(value, ctx, name=part)))
        elif is_aot(value):
            return None
        else:
            literals.append(f"{part} = {format_literal(value, ctx)}\n")
    head = "".join(literals)
    return head + ("\n" if head and tables else "") + "\n".join(tables)
