"""The one place the console's text becomes terminal output: every line a widget draws passes
through `visible_strip` on its way into the screen, so campaign text never reaches the terminal
raw.

A campaign is data from anyone (a teammate's clone, a downloaded adventure): an OSC 52
(``ESC ] 52 ; c ; ... BEL``) in its name would write the GM's clipboard, an OSC 0 retitle the
terminal, a CSI or its one-byte C1 form (U+009B) move the cursor or repaint, a bidi override
make a log line read backwards. Filtering each field (names, table cells, log lines from
another clone, a player's name, notes, tags, file names, a message quoting any of them) would
miss the next one; here the characters a terminal acts on, in any widget's text, Textual's own
(a notification, an input) included, are shown as visible escapes (``\\x1b``, ``\\x9b``,
``\\u202e``, by `gmconsole.engine.names.visible`).

The boundary is Textual's compositor taking each widget's lines (`Compositor._get_renders`):
every update (full, partial, inline, a screenshot) is built from them, and they hold only text
and styles. Textual's own escape sequences (cursor moves, colours, its clipboard and pointer
OSCs) are written later, from styles and control segments, so they are untouched. An escape is
wider than the character it shows (which the layout counted as no cells), so a line holding
one keeps its width and loses its end instead of pushing into the next pane.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich.segment import Segment
from textual.strip import Strip

from gmconsole.engine.names import unsafe_character, visible

_installed = False


def visible_strip(strip: Strip) -> Strip:
    """`strip` as it is, or with each character a terminal would act on shown as an escape,
    cut back to the strip's width."""
    if unsafe_character(strip.text) is None:
        return strip
    segments = []
    for segment in strip:
        text, style, control = segment
        shown = control or unsafe_character(text) is None
        segments.append(segment if shown else Segment(visible(text), style))
    return Strip(segments).adjust_cell_length(strip.cell_length)


def visible_strips(strips: Iterable[Strip]) -> list[Strip]:
    return [visible_strip(strip) for strip in strips]


def install() -> None:
    """Put `visible_strip` between every widget and the screen, once per process (every console
    and player view builds its driver through `gmconsole.tui.driver.console_driver`, which
    calls this)."""
    global _installed
    if _installed:
        return
    from textual._compositor import Compositor

    original = Compositor._get_renders

    def _get_renders(self: Compositor, *args: Any, **kwargs: Any) -> Iterator[Any]:
        for region, clip, strips in original(self, *args, **kwargs):
            yield region, clip, visible_strips(strips)

    _get_renders.__doc__ = original.__doc__
    Compositor._get_renders = _get_renders  # type: ignore[method-assign]
    _installed = True
