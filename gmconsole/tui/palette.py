"""Textual's command palette (Ctrl+P), kept from crashing the console when it closes mid-search.

The palette searches in a worker; when the worker ends it shows or hides the result list by
looking the list up in the palette. If the palette is taken down while a search is still
running (the console quitting, or the palette closing on a loaded machine), the list is gone
and the lookup raises `NoMatches`, which Textual treats as a failed worker and ends the app
with. The random-keys test met it once under load (Ctrl+P, a few letters, then the end of the
run). Here the two watchers that look the list up step aside once it is gone: a palette being
taken down has nothing left to show.
"""

from __future__ import annotations

from textual.command import CommandList
from textual.command import CommandPalette as TextualPalette


class CommandPalette(TextualPalette):
    """Textual's palette; its list watchers do nothing once the palette's widgets are gone."""

    def _taken_down(self) -> bool:
        return not self.query(CommandList)

    def _watch__list_visible(self) -> None:
        if not self._taken_down():
            super()._watch__list_visible()

    async def _watch__show_busy(self) -> None:
        if not self._taken_down():
            await super()._watch__show_busy()
