"""Text boxes whose editing keys keep their place among the typed characters.

Textual's `Input` and `TextArea` insert a typed character as soon as its key reaches them, but
a bound key (Backspace, the arrows, Home, Enter) bubbles up to the app first, which only then
runs the widget's action. When several keys arrive in one read, which is what happens over SSH
on a slow link or when tmux sends a string, the characters after a Backspace are inserted
before it runs: "orc 55", Backspace, "6" came out as "orc 56" with the wrong 5 deleted, or
"abc", Backspace, "12" as "abc1" (Textual issue #6605, fix proposed in PR #6631).

`InlineBindings` runs the focused box's own bindings (with the user's keymap applied) as its
keys arrive, as that PR does, so edits happen in the order they were typed. Every text box in
the console is a `TextInput` or a `TextBox` (text_box.py: Textual's TextArea is slow to import and
only the sheet form needs it). Once Textual ships the fix, they can go.
"""

from __future__ import annotations

from textual import events
from textual.dom import DOMNode
from textual.widgets import Input

from gmconsole.tui.keymap import own_bindings


class InlineBindings:
    """Mixin for a text widget: run the non-priority bindings of the box, then of its
    containers up to its screen, inline in `_on_key`.

    Priority bindings were checked by the app before the key reached the widget, and the
    focus chain (the box, then its ancestors) is the order the app would try for the rest, so
    what runs is what would have run: only the moment changes. The containers' bindings come
    after the box's own key handling (a text area's Enter inserts a line, not the screen's
    Enter), and stop at the screen: the app's own keys are left to the app. Without them
    inline, "2" then Tab in one read moved a form's field before the 2 was typed into it."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable and await self._run_binding(self, event.key):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)  # type: ignore[misc]
        if event.is_printable or event._stop_propagation:
            return
        for node in self.ancestors:  # type: ignore[attr-defined]
            if node is self.app:  # type: ignore[attr-defined]
                return
            if await self._run_binding(node, event.key):
                event.stop()
                event.prevent_default()
                return

    async def _run_binding(self, node: DOMNode, key: str) -> bool:
        """Run `node`'s first non-priority binding of `key` (with the user's keymap applied)."""
        for binding in own_bindings(node, key):
            if await node.app.run_action(binding.action, node):
                return True
        return False


class TextInput(InlineBindings, Input):
    """`Input` with its editing keys applied in typing order."""
