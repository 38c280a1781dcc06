"""`TextBox`: a multi-line text box whose editing keys keep typing order (see text_input.py).

Its own module because importing Textual's TextArea costs ~5 ms, which only the sheet form's
long fields need, not the console's start-up.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import TextArea

from gmconsole.tui.widgets.text_input import InlineBindings


class TextBox(InlineBindings, TextArea):
    """`TextArea` with its editing keys applied in typing order."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """Nothing until the widget's styles are set up: a box mounted while the screen
        refreshes could be drawn a frame before its CSS reached it, and TextArea then fails
        looking up its gutter style. The next frame draws it whole."""
        if "text-area--gutter" not in self._component_styles:
            return [Strip.blank(crop.width)] * crop.height
        return super().render_lines(crop)
