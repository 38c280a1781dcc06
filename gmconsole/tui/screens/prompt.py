"""Small modal prompts: a number (damage, healing, a count) and a line of text (a name).

They exist so every change at the table is "one key, then a number": `d` on the roster opens
`NumberPrompt`, the GM types ``5`` (or ``5 resolve`` to pick a damage kind) and Enter. Both
return typed results through `dismiss()` and leave the intent to the screen that opened them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Label, Static

from gmconsole.tui.screens.screen_css import preload_css
from gmconsole.tui.widgets.text_input import TextInput


@dataclass(frozen=True)
class NumberAnswer:
    """What the GM typed: an amount and, for systems with several kinds of harm, which one."""

    amount: int
    kind: str | None = None


def parse_number(text: str, kinds: Sequence[str] = (), minimum: int | None = 0) -> NumberAnswer:
    """``"5"`` or ``"5 res"`` (a unique prefix of a kind) -> NumberAnswer; ValueError says why."""
    words = text.split()
    if not words:
        raise ValueError("type a number")
    try:
        amount = int(words[0])
    except ValueError:
        raise ValueError(f"{words[0]!r} is not a whole number") from None
    if minimum is not None and amount < minimum:
        raise ValueError(f"must be {minimum} or more")
    if len(words) > 2 or (len(words) == 2 and not kinds):
        raise ValueError("type just a number" if not kinds else "type a number and at most one kind")
    kind = None
    if len(words) == 2:
        wanted = words[1].lower()
        hits = [k for k in kinds if k.lower() == wanted] or [k for k in kinds if k.lower().startswith(wanted)]
        if len(hits) != 1:
            why = "ambiguous" if hits else "unknown"
            raise ValueError(f"kind {words[1]!r} is {why} (kinds: {', '.join(kinds)})")
        kind = hits[0]
    return NumberAnswer(amount, kind)


class _NumberValidator(Validator):
    def __init__(self, kinds: Sequence[str], minimum: int | None) -> None:
        super().__init__()
        self.kinds = tuple(kinds)
        self.minimum = minimum

    def validate(self, value: str) -> ValidationResult:
        try:
            parse_number(value, self.kinds, self.minimum)
        except ValueError as exc:
            return self.failure(str(exc))
        return self.success()


class NumberPrompt(ModalScreen[NumberAnswer | None]):
    """Ask for a whole number (and optionally a kind); Enter accepts, Escape cancels."""

    CSS_PATH = "prompt.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    def __init__(
        self,
        title: str,
        *,
        kinds: Sequence[str] = (),
        default: int | None = None,
        minimum: int | None = 0,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.kinds = tuple(kinds)
        self.default = default
        self.minimum = minimum
        preload_css(self)

    def compose(self) -> ComposeResult:
        with Vertical(classes="prompt-box"):
            yield Label(self.title_text, classes="prompt-title")
            yield TextInput(
                "" if self.default is None else str(self.default),
                placeholder="number" + (" [kind]" if len(self.kinds) > 1 else ""),
                validators=[_NumberValidator(self.kinds, self.minimum)],
                validate_on=["changed", "submitted"],
                id="prompt-input",
            )
            hint = "Enter: ok   Esc: cancel"
            if len(self.kinds) > 1:
                hint = f"kinds: {', '.join(self.kinds)} (default {self.kinds[0]})\n{hint}"
            yield Static(hint, classes="prompt-hint")
            yield Static("", id="prompt-error", classes="prompt-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        error = self.query_one("#prompt-error", Static)
        result = event.validation_result
        show = result is not None and not result.is_valid and bool(event.value.strip())
        error.update(f"✗ {'; '.join(result.failure_descriptions)}" if show and result else "")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            answer = parse_number(event.value, self.kinds, self.minimum)
        except ValueError as exc:
            self.query_one("#prompt-error", Static).update(f"✗ {exc}")
            return
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextPrompt(ModalScreen[str | None]):
    """Ask for one line of text (a new name, a trigger); empty is refused unless allowed."""

    CSS_PATH = "prompt.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    def __init__(
        self, title: str, *, default: str = "", placeholder: str = "", allow_empty: bool = False
    ) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.placeholder = placeholder
        self.allow_empty = allow_empty
        preload_css(self)

    def compose(self) -> ComposeResult:
        with Vertical(classes="prompt-box"):
            yield Label(self.title_text, classes="prompt-title")
            yield TextInput(self.default, placeholder=self.placeholder, id="prompt-input")
            yield Static("Enter: ok   Esc: cancel", classes="prompt-hint")
            yield Static("", id="prompt-error", classes="prompt-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if not value and not self.allow_empty:
            self.query_one("#prompt-error", Static).update("✗ type something, or Esc to cancel")
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmPrompt(ModalScreen[bool]):
    """A yes/no question on one key: y (or Enter) answers yes, n or Esc answers no."""

    DEFAULT_CSS = """
    ConfirmPrompt { align: center middle; }
    ConfirmPrompt > Vertical {
        width: 60; max-width: 100%; height: auto; border: thick $warning; background: $surface;
        padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Label("y / Enter: yes · n / Esc: no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
