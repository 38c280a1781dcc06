"""`TextBox`: a multi-line text box whose editing keys keep typing order (see text_input.py).

Its own module because importing Textual's TextArea costs ~5 ms, which only the sheet form's
long fields need, not the console's start-up.
"""

from __future__ import annotations

from textual.widgets import TextArea

from gmconsole.tui.widgets.text_input import InlineBindings


class TextBox(InlineBindings, TextArea):
    """`TextArea` with its editing keys applied in typing order."""
