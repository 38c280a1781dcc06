"""How the reference pane draws a table: its title and origin, and its rows as aligned columns
or, when they do not fit, as labelled cells wrapped under their first line (nothing is cut off
at 80x24). Rich text only, so the pane and any other view can share it."""

from __future__ import annotations

import textwrap

from rich.text import Text

from gmconsole.engine.tables import Table


def table_key(table: Table) -> str:
    return f"{table.source}#{table.id}"


def table_title(table: Table) -> Text:
    """"Road encounters · random 2d6 · stand-in": what it is and how it is used."""
    text = Text(table.name, style="bold")
    how = table.kind + (f" {table.dice}" if table.dice else "")
    text.append(f" · {how}")
    if table.stand_in:
        text.append(" · stand-in", style="italic")
    return text


def table_info(table: Table) -> Text:
    """The open table's header: title, where it comes from, credit and note."""
    text = table_title(table)
    where = table.group or table.source
    origin = [p for p in (where if where != table.name else "", table.credit, table.licence) if p]
    if origin:
        text.append("\n" + " · ".join(origin), style="dim")
    if table.note:
        text.append(f"\n{table.note.splitlines()[0]}", style="italic")
    return text


def row_texts(table: Table, width: int, lead: int = 2) -> tuple[Text | None, list[Text]]:
    """A header and one text per row: aligned columns if they fit in `width`, else labelled cells
    wrapped under their first line (`lead` is the width of the marker the caller puts first)."""
    rows = table.text_rows()
    k = table.columns.index(table.key) if table.key in table.columns else 0
    if table.row_list and table.keyed_by_number:
        for i, row in enumerate(table.row_list):  # weighted rows show their range, not the weight
            if row.weight is not None:
                rows[i] = [*rows[i][:k], row.range_text, *rows[i][k + 1 :]]
    widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(table.columns)]
    sep = " │ "
    if sum(widths) + len(sep) * (len(widths) - 1) <= width:
        def line(cells: list[str], style: str = "") -> Text:
            out = Text()
            for i, cell in enumerate(cells):
                if i:
                    out.append(sep, style="dim")
                out.append(cell.ljust(widths[i]) if i < len(cells) - 1 else cell, style=style)
            return out

        return line(table.columns, "bold"), [line(r) for r in rows]
    key_width = min(max((len(r[k]) for r in rows), default=0), max(4, width // 5))
    hang = " " * (lead + key_width + len(sep))
    out = []
    for r in rows:
        others = [(c, r[i]) for i, c in enumerate(table.columns) if i != k]
        body = others[0][1] if len(others) == 1 else " · ".join(f"{c}: {v}" for c, v in others if v != "")
        lines = textwrap.wrap(body, max(10, width - len(hang) + lead)) or [""]
        text = Text(r[k].ljust(key_width), style="bold")
        text.append(sep + lines[0])
        for line in lines[1:]:
            text.append("\n" + hang + line)  # hanging indent under the first line's text
        out.append(text)
    return None, out
