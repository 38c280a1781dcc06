"""Updating a `Static` only when what it shows changes.

`Static.update` always repaints and, by default, asks for a layout pass over the whole screen;
the status line, message line and tracker headings are re-set after every intent, mostly to
the same text, so skipping the no-op updates keeps a turn's repaint small.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def set_content(static: Static, content: Text | str, *, layout: bool = True) -> bool:
    """Show `content` unless it is already shown; `layout=False` when the widget's size cannot
    change (a one-line, fixed-width line). Returns whether anything changed."""
    if static.content == content:
        return False
    static.update(content, layout=layout)
    return True
