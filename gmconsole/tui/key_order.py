"""Keys typed in one burst are handled in the order they were typed, by the widget that has the
focus when each one's turn comes.

Textual hands a key to the focused widget by posting it to that widget's queue, and reads the
next key at once. A key that moves the focus (Tab over a choice, Enter in a search box) is only
acted on later, when the widget gets to it, so the keys behind it in the same read (SSH, a
paste, tmux sending a string, a fast typist) were already posted to the old widget: in the test
dialog "Tab Tab Tab 1 7" left Modifiers at 0, and "glory Enter Enter" in the table search never
opened the table.

`OrderedKeys` (mixed into the App) keeps each key back until the one before it has been handled
all the way: a marker posted behind the key to the same widget bubbles up the same path and
reaches the App after the key did, wherever the key was stopped. Then the next key goes to the
widget focused by then. A key handled by a priority binding needs no marker. If the marker is
lost (the widget was removed while it waited), the key behind it goes anyway after `LOST_AFTER`.
Keys typed one at a time wait for nothing: the queue is empty.
"""

from __future__ import annotations

from collections import deque

from textual import events
from textual.app import App
from textual.message import Message
from textual.timer import Timer

LOST_AFTER = 0.25
"""Seconds a key's marker may take before the next key goes regardless."""


class KeyHandled(Message):
    """Posted behind a forwarded key to the same widget; reaches the App once the key has."""

    def __init__(self, key: events.Key) -> None:
        super().__init__()
        self.key = key


class OrderedKeys(App[int]):
    """Mixin for the App: hand on keys one at a time (see the module docstring)."""

    def _key_queue(self) -> deque[events.Key]:
        queue: deque[events.Key] | None = getattr(self, "_waiting_keys", None)
        if queue is None:
            queue = self._waiting_keys = deque()
        return queue

    async def take_key(self, event: events.Key) -> None:
        """A key read from the terminal: in line behind any still being handled."""
        self._key_queue().append(event)
        if getattr(self, "_key_in_flight", None) is None:
            await self._hand_on_keys()

    async def _hand_on_keys(self) -> None:
        queue = self._key_queue()
        while queue:
            event = queue.popleft()
            target = self.focused or (self.screen if self._screen_stack else None)
            await super().on_event(event)  # the priority bindings, else to the focused widget
            if not event.is_forwarded or target is None:
                continue  # a priority binding took it: already done
            self._key_in_flight: events.Key | None = event
            target.post_message(KeyHandled(event))
            self._key_lost: Timer | None = self.set_timer(LOST_AFTER, self._marker_lost)
            return

    async def on_key_handled(self, message: KeyHandled) -> None:
        message.stop()
        if message.key is not getattr(self, "_key_in_flight", None):
            return
        await self._key_done()

    async def _marker_lost(self) -> None:
        if getattr(self, "_key_in_flight", None) is not None:
            await self._key_done()

    async def _key_done(self) -> None:
        self._key_in_flight = None
        timer = getattr(self, "_key_lost", None)
        if timer is not None:
            timer.stop()
            self._key_lost = None
        await self._hand_on_keys()
