"""A dialog's own stylesheet, added to the app's without restyling the whole console.

Textual reads a screen's `CSS_PATH` the first time the screen is pushed, then re-parses every
stylesheet the app has (in a fresh parser, so nothing is reused) and restyles every widget of
every screen: 90 ms of the first `e` or `t` of an evening, for rules that only ever match the
new dialog. Added beforehand as a source of the same stylesheet, under the same name, the file
is parsed alone (Textual keeps the rules it parsed before) and styles the dialog's widgets as
they mount; Textual then sees it already has the file and skips its reload.

Only for stylesheets whose every rule starts with the dialog's own type (`CheckDialog ...`,
`SheetForm ...`): rules that matched widgets already on screen would not reach them until the
next restyle.
"""

from __future__ import annotations

from typing import Any


def preload_css(screen: Any) -> None:
    """Add `screen`'s CSS_PATH files to the running app's stylesheet, each once, unparsed (a
    screen built outside a running app is left to Textual's own loading)."""
    try:
        stylesheet = screen.app.stylesheet
    except RuntimeError:  # Textual's NoActiveAppError
        return
    for path in screen.css_path:
        if not stylesheet.has_source(str(path), ""):
            stylesheet.read(path)
