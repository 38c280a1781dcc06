"""The test dialog: who, on what, against what, with what modifiers, and the exact odds
before anything is rolled.

Every field change recomputes `session.odds(...)`, so the GM (or a player asking "is it worth
it?") sees "Chance of success: 65%" and the outcome bands as bars while still choosing. The
difficulty is the system's named ladder, a number, or an opponent's total. System-specific
switches ride in `CheckRequest.extra`: a system may offer them as `check_switches(sheet) ->
list[RuleOption]` (drawn as yes/no switches, a list of the option's `choices`, or a text box),
and anything else is typed as ``key = value`` pairs
(values read as TOML, so ``burn = [{sfx = "power_strike", dice = [4]}]`` works; bare words are
text). Enter moves to the next field (in the Dice box it rolls) and F2 or the Roll button rolls;
faces typed in the Dice box are used instead of random ones. "At" aims the test at a combatant:
what the target's sheet opposes it with fills the difficulty (`Session.aimed_request`), and a
hit can then be followed by its damage on one key in the main screen (H). The dialog runs the
session's test itself, shows a refusal in place, and dismisses with the logged `Event`. What a
character was last tested on (test, against, at, modifiers) is remembered for this sitting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import tomli
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gmconsole.engine.checks import CheckRequest, Difficulty, Odds
from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.events import Event
from gmconsole.systems.base import RuleOption
from gmconsole.tui.screens.screen_css import preload_css
from gmconsole.tui.widgets.field_row import FieldRow
from gmconsole.tui.widgets.light_select import LightSelect
from gmconsole.tui.widgets.odds_chart import OddsChart
from gmconsole.tui.widgets.text_input import TextInput
from gmconsole.tui.widgets.yes_no import YesNo

if TYPE_CHECKING:
    from gmconsole.store.session import Session

REMEMBERED: dict[tuple[str, str], dict[str, Any]] = {}
"""(campaign folder, who) -> the fields of that character's last test, for this sitting."""
NUMBER = "__number__"
OPPONENT = "__opponent__"
NONE = "__none__"
_PREFERRED = ("average", "standard", "normal", "moderate")
FIELD_HELP = {
    "check-who": "Who is tested: the encounter's combatants, then the roster.",
    "check-option": "The test: Enter opens the list, type to jump to a name.",
    "check-against": "A difficulty from the system's ladder, a number, or an opponent's total.",
    "check-at": "Aim at a combatant: the target's sheet gives the difficulty; a hit offers damage (H).",
    "check-target": "The number to reach, or the opponent's total.",
    "check-mods": "Added to the total, or to the chance in a roll-under system (negative for a penalty).",
    "check-dice": "Faces rolled at the table, in order (6 3 5); blank: the console rolls.",
    "check-extra": "Other switches the system reads, as key = value pairs.",
}
"""What the focused field is for, shown under the fields (a switch shows its own help)."""
FIXED_LABELS = ("Who", "Test", "Against", "At", "Target", "Modifiers", "Dice", "Extra")
FIXED_ROWS = len(FIXED_LABELS)
"""The rows every test has; the switches' rows come on top."""
BOX_WIDTH, ODDS_WIDTH = 72, 64
"""The dialog's and the odds chart's widths in check_dialog.tcss, to fit the height before the
first layout."""
LABEL_MIN, LABEL_MAX = 9, 20
"""Width of the label column: the longest label fits (a system's "Active defence") up to
LABEL_MAX cells; a longer one ends in an ellipsis rather than being cut mid-word."""


def split_pairs(text: str) -> list[str]:
    """Split ``a = 1, b = [1, 2]; c = x`` at top-level commas/semicolons (not inside [] {} "")."""
    parts, depth, quote, current = [], 0, "", []
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch in ",;" and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def parse_extra(text: str) -> dict[str, Any]:
    """``key = value`` pairs -> dict; values read as TOML (numbers, true/false, lists, tables),
    otherwise kept as text. ValueError names the pair that is not ``key = value``."""
    out: dict[str, Any] = {}
    for pair in split_pairs(text):
        key, sep, raw = pair.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            raise ValueError(f"{pair!r}: write it as key = value")
        try:
            out[key] = tomli.loads(f"v = {raw}")["v"]
        except tomli.TOMLDecodeError:
            out[key] = raw.strip("\"'")
    return out


def _lines(static: Static, width: int) -> int:
    """Rows a shown `height: auto` line takes at `width` (0 when hidden), before any layout."""
    if not static.display or width <= 0:
        return 0
    return static.get_content_height(Size(width, 0), Size(width, 0), width)


def parse_faces(text: str) -> list[int] | None:
    """"14" or "6 3 5" -> faces; blank -> None (roll); ValueError for anything else."""
    words = text.replace(",", " ").split()
    if not words:
        return None
    try:
        return [int(w) for w in words]
    except ValueError:
        raise ValueError(f"dice must be whole numbers, got {text.strip()!r}") from None


class CheckDialog(ModalScreen[Event | None]):
    """Pick who, the test, the difficulty and modifiers; see the odds; roll or type the dice."""

    CSS_PATH = "check_dialog.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="check.cancel"),
        Binding("f2", "roll", "Roll", priority=True, id="check.roll"),
    ]
    AT_NOBODY = "__nobody__"
    AUTO_FOCUS = "#check-option"
    """Textual's own first focus lands on the Test field too (by default it took the fields'
    scroll box first, a moment later moved on by `on_mount`: two layouts of the help line)."""

    def __init__(self, session: Session, who: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.system = session.system
        self.people = self._people(session)
        self.who = who if who in dict(self.people) else self._find(who)
        self.difficulties: list[Difficulty] = list(self.system.difficulties())
        # The first character's tests and switches are known now, so compose lays out every
        # row at once: mounted after the first frame, they popped in a layout pass later.
        self._sheet, self._sheet_error = self._sheet_of(self.who)
        self._options = self._options_of(self._sheet)
        self.switches: list[RuleOption] = self._switches_of(self._sheet)
        self.odds: Odds | None = None
        self._asked: tuple[Any, ...] | None = None
        self._resumed = False
        preload_css(self)
        """(who, at, request) of the odds shown, so an unchanged request is not priced again."""

    @staticmethod
    def _people(session: Session) -> list[tuple[str, str]]:
        """(who, label) for every combatant of the active encounter, then the roster."""
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        if session.encounter is not None:
            for c in session.encounter.combatants:
                out.append((c.id, c.name))
                seen.add(c.ref or c.id)
        for slug, char in session.roster.items():
            if slug not in seen:
                out.append((slug, char.name + (" (template)" if char.template else "")))
        return out

    def _find(self, who: str | None) -> str | None:
        if who is not None:
            try:
                return self.session.resolve(who).key
            except GmConsoleError:
                pass
        return self.people[0][0] if self.people else None

    # ------------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        with Vertical(id="check-box"):
            yield Label(f"Test · {self.system.name}", id="check-title")
            with VerticalScroll(id="check-fields"):
                yield self._row("Who", LightSelect(
                    [(label, who) for who, label in self.people] or [("nobody", "")],
                    value=self.who or Select.NULL, allow_blank=not self.people, id="check-who", compact=True))
                yield self._row("Test", LightSelect(self._options, value=self._first_option(Select.NULL),
                                               allow_blank=True, id="check-option", compact=True,
                                               prompt="pick a test"))
                yield self._row("Against", LightSelect(self._against_options(), value=self._default_against(),
                                                  allow_blank=False, id="check-against", compact=True))
                yield self._row("At", LightSelect(self._at_options(), value=self.AT_NOBODY, allow_blank=False,
                                             id="check-at", compact=True))
                target = TextInput(
                    placeholder="number (TN or opponent's total)",
                    type="integer",
                    id="check-target",
                    compact=True,
                )
                yield self._row("Target", target)
                yield self._row("Modifiers", TextInput("0", type="integer", id="check-mods", compact=True))
                yield self._row("Dice", TextInput(placeholder="faces rolled at the table; blank: roll",
                                              id="check-dice", compact=True))  # near the top: used often
                yield Vertical(*self._switch_rows(), id="check-switches")
                yield self._row("Extra", TextInput(placeholder="key = value, ... (system switches)",
                                               id="check-extra", compact=True))
            yield Static(FIELD_HELP["check-option"], id="check-help", markup=False)  # focused first
            yield OddsChart(id="check-odds")
            yield Static("", id="check-error", markup=False)
            with Horizontal(id="check-buttons"):
                yield Static("F2 roll · Enter: next field (Dice: roll) · Esc", id="check-hint")
                yield Button("Roll", id="check-roll", compact=True)

    def _row(self, label: str, widget: Any) -> FieldRow:
        return FieldRow(label, widget, label_width=self._label_width(), classes="check-row")

    def _label_width(self) -> int:
        """The label column: as wide as the longest label of the fixed rows and the switches
        (within bounds), plus the gap before the field. Known before any row is built, so
        every row is drawn at its final width from the first frame."""
        labels = [*FIXED_LABELS, *(sw.label for sw in self.switches)]
        return max(LABEL_MIN - 1, min(LABEL_MAX, max(map(len, labels)))) + 1

    def _fit_labels(self) -> None:
        """Every row's label column to the width of the labels shown now (another character's
        switches came in)."""
        width = self._label_width()
        for row in self.query(".check-row").results(FieldRow):
            row.set_label_width(width)

    def on_resize(self) -> None:
        self._fit_height()

    def on_descendant_focus(self, event: Any) -> None:
        """Say what the focused field is for: a switch's help is otherwise only a tooltip,
        which a GM on the keyboard never sees."""
        self._show_help()

    def _show_help(self) -> None:
        """The help of the field focused now. Read from `focused`, not from the focus event:
        opening, the fields' scroll box is focused for a moment before the Test field, and
        showing then hiding the line between the two moved every row under it."""
        wid = getattr(self.focused, "id", None) or ""
        switch = next((sw for sw in self.switches if f"switch-{sw.key}" == wid), None)
        if switch is not None:
            text = f"{switch.label}: {switch.help}" if switch.help else ""
        else:
            text = FIELD_HELP.get(wid, "")
        help_line = self.query_one("#check-help", Static)
        if text == str(help_line.content) and help_line.display == bool(text):
            return
        help_line.update(text)
        help_line.display = bool(text)
        self.call_after_refresh(self._fit_height)

    def _fit_height(self) -> None:
        """The odds, any refusal and the Roll line always show in full; the fields get the rest
        of the screen and scroll (at 80x24 a system with many switches has more rows than fit).
        Worked out from the screen's size and the dialog's CSS widths, not from a layout already
        done, so it also runs before the first frame (fitting after it moved every row)."""
        size = self.size if self.size.height else self.app.size
        if not size.height or not self.is_attached or self.query_one_optional("#check-odds") is None:
            return  # closing: the fields are going
        box = self.query_one("#check-box", Vertical)
        inner = box.content_region.width or min(BOX_WIDTH, size.width) - 4  # border and padding
        odds = self.query_one("#check-odds", OddsChart)
        width = odds.size.width or min(ODDS_WIDTH, inner)
        error = self.query_one("#check-error", Static)
        help_line = self.query_one("#check-help", Static)
        below = odds.content_height(width) + 1 + _lines(error, inner) + 1 + _lines(help_line, inner)
        room = max(3, min(20, size.height - 2 - 1 - below))  # border, title
        fields = self.query_one("#check-fields", VerticalScroll)
        fields.styles.max_height = room
        # The scroll bar, when the rows will not fit, from the first layout: Textual adds it
        # once it has laid the rows out, and every row then narrowed under the GM's eyes.
        rows = FIXED_ROWS + len(self.switches)  # one line each (check_dialog.tcss)
        if rows > room and fields.styles.overflow_y != "hidden":
            fields.show_vertical_scrollbar = True

    def _against_options(self) -> list[tuple[str, str]]:
        ladder = [(f"{d.label} ({d.value})", d.key) for d in self.difficulties]
        return [*ladder, ("a number…", NUMBER), ("opponent's total…", OPPONENT), ("no target", NONE)]

    def _at_options(self) -> list[tuple[str, str]]:
        enc = self.session.encounter
        fighters = [(c.name, c.id) for c in enc.combatants if c.status != "out"] if enc else []
        return [("nobody (an unaimed test)", self.AT_NOBODY), *fighters]

    @property
    def at(self) -> str | None:
        value = self.query_one("#check-at", Select).value
        return None if value in (self.AT_NOBODY, Select.NULL) else str(value)

    def _remember(self) -> None:
        if not self.who:
            return
        names = ("option", "against", "at", "target", "mods")
        fields = {name: getattr(self.query_one(f"#check-{name}"), "value", None) for name in names}
        REMEMBERED[(str(self.session.path), self.who)] = fields

    def _recall(self) -> None:
        """Fill the fields with this character's last test, where they still make sense."""
        fields = REMEMBERED.get((str(self.session.path), self.who or ""), {})
        for name, value in fields.items():
            widget = self.query_one(f"#check-{name}")
            if isinstance(widget, Select):
                if any(v == value for _, v in widget._options):  # Select has no public getter
                    widget.value = value
            elif isinstance(widget, Input):
                widget.value = str(value)

    def _default_against(self) -> str:
        for d in self.difficulties:
            if d.key.lower() in _PREFERRED or d.label.lower() in _PREFERRED:
                return d.key
        return self.difficulties[0].key if self.difficulties else NUMBER

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Opening, Textual restyles every widget of a resumed screen, though each was styled
        as it was mounted a moment before (the theme cannot have changed in between): a fifth
        of the time to the first frame, skipped. Resumed later, from under another dialog,
        the styles are refreshed as usual."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        """Everything the first frame shows is settled here, before it is painted."""
        if self._sheet_error:
            self._error(self._sheet_error)
        self._recall()
        self._target_enabled()
        self.query_one("#check-option", Select).focus()
        self._update()
        self._fit_height()

    # ------------------------------------------------------------------ state

    def _sheet_of(self, who: str | None) -> tuple[Any, str]:
        """(who's sheet or None, why it could not be read or "")."""
        try:
            return (self.session.resolve(who).sheet if who else None), ""
        except GmConsoleError as exc:
            return None, str(exc)

    def _options_of(self, sheet: Any) -> list[tuple[str, str]]:
        """(label, key) of every test the sheet can take."""
        options = self.system.check_options(sheet) if sheet is not None else []
        return [(o.label + ("" if o.value is None else f" ({o.value})"), o.key) for o in options]

    def _switches_of(self, sheet: Any) -> list[RuleOption]:
        hook = getattr(self.system, "check_switches", None)
        return list(hook(sheet, self.session.options)) if callable(hook) and sheet is not None else []

    def _first_option(self, previous: Any) -> Any:
        """The test to show: the one shown before if this sheet has it, else the first real one."""
        keys = [key for _, key in self._options]
        if previous in keys:
            return previous
        if keys:
            return keys[1] if len(keys) > 1 and keys[0] == "none" else keys[0]
        return Select.NULL

    def _who_changed(self) -> None:
        """New character: their tests and switches (the sheet decides both)."""
        option = self.query_one("#check-option", Select)
        sheet, error = self._sheet_of(self.who)
        if error:
            self._error(error)
        self._options = self._options_of(sheet)
        previous = option.value
        option.set_options(self._options)
        value = self._first_option(previous)
        if value is not Select.NULL:
            option.value = value
        switches = self._switches_of(sheet)
        if switches != self.switches:
            self.switches = switches
            box = self.query_one("#check-switches", Vertical)
            box.remove_children()
            self._fit_labels()  # the new rows are built at the new width too
            box.mount_all(self._switch_rows())
            self.call_after_refresh(self._update)
        self._target_enabled()
        self._update()

    def _switch_rows(self) -> list[FieldRow]:
        rows = []
        for sw in self.switches:
            if isinstance(sw.default, bool):  # a light widget: a Select is ~10 ms to mount
                widget: Any = YesNo(sw.default, id=f"switch-{sw.key}")
            elif sw.choices:  # a choice of values (Myriad: which SFX to burn sixes for)
                choices = [(str(c) or "none", c) for c in sw.choices]  # an empty choice: none
                widget = LightSelect(choices, value=sw.default, allow_blank=False,
                                     id=f"switch-{sw.key}", compact=True)
            else:
                widget = TextInput(str(sw.default), id=f"switch-{sw.key}", compact=True)
            widget.tooltip = sw.help or None
            rows.append(self._row(sw.label, widget))
        return rows

    def _target_enabled(self) -> None:
        against = self.query_one("#check-against", Select).value
        target = self.query_one("#check-target", Input)
        target.disabled = against not in (NUMBER, OPPONENT)
        target.placeholder = {NUMBER: "the number to reach", OPPONENT: "the opponent's total"}.get(
            str(against), "(from the ladder)"
        )

    def request(self) -> CheckRequest:
        """The request the fields describe; ValueError says which field is wrong."""
        option = self.query_one("#check-option", Select)
        if option.is_blank():
            raise ValueError("pick a test")
        against = self.query_one("#check-against", Select).value
        target_text = self.query_one("#check-target", Input).value.strip()
        difficulty = opponent = None
        if against in (NUMBER, OPPONENT):
            if target_text:
                try:
                    number = int(target_text)
                except ValueError:
                    raise ValueError(f"target {target_text!r} is not a whole number") from None
                difficulty, opponent = (number, None) if against == NUMBER else (None, number)
        elif against != NONE:
            difficulty = next(d.value for d in self.difficulties if d.key == against)
        mods_text = self.query_one("#check-mods", Input).value.strip() or "0"
        try:
            mods = int(mods_text)
        except ValueError:
            raise ValueError(f"modifiers {mods_text!r} is not a whole number") from None
        extra = parse_extra(self.query_one("#check-extra", Input).value)
        for sw in self.switches:
            # by id, which Textual looks up in a cache: a selector query walked and matched the
            # whole dialog per switch, a third of the time the dialog took to open
            widget = self.query_one_optional(f"#switch-{sw.key}")  # not mounted yet: the default
            if isinstance(widget, YesNo) or (isinstance(widget, Select) and not widget.is_blank()):
                value = widget.value
            elif isinstance(widget, Input):
                value = parse_extra(f"v = {widget.value}")["v"]
            else:  # not mounted, or a Select mounted but not yet showing its value ("Select.NULL")
                value = sw.default
            extra.setdefault(sw.key, value)
        return CheckRequest(option=str(option.value), difficulty=difficulty, modifiers=mods,
                            opponent_total=opponent, extra=extra)

    def _update(self) -> None:
        """Recompute the odds for what the fields say now. Opening, every field says it changed
        once it is mounted (a dozen messages after the first frame): when the request is the
        one already shown, the odds and the refusal stand."""
        odds: Odds | None = None
        error = ""
        try:
            request = self.request()
            asked = (self.who, self.at, request)
            if asked == self._asked:
                return
            self._asked = asked
            if self.who and self.at:
                request, _ = self.session.aimed_request(self.who, request, self.at)
            if self.who:
                odds = self.session.odds(self.who, request)
        except (ValueError, GmConsoleError) as exc:
            self._asked = None
            error = str(exc)
        self.odds = odds
        self.query_one("#check-odds", OddsChart).show_odds(self.odds)
        self._error(error)
        self.call_after_refresh(self._fit_height)

    def _error(self, text: str) -> None:
        error = self.query_one("#check-error", Static)
        error.update(f"✗ {text}" if text else "")
        error.display = bool(text)

    # ------------------------------------------------------------------ events

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "check-who":
            who = None if event.select.is_blank() else str(event.value)
            if who != self.who:
                self.who = who
                self._who_changed()
            return
        if event.select.id == "check-against":
            self._target_enabled()
        if event.select.id == "check-at" and self.at is not None:
            self.query_one("#check-against", Select).value = NONE  # the target's sheet says
        self._update()

    @on(YesNo.Changed)
    def _yes_no_changed(self) -> None:
        self._update()

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "check-dice":
            self._update()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        """Enter moves on (a GM fills several fields); in the Dice box, the last thing typed, it
        rolls, as F2 and the button do anywhere."""
        event.stop()
        if event.input.id == "check-dice":
            self.action_roll()
        else:
            self.focus_next()

    @on(Button.Pressed, "#check-roll")
    def _roll_pressed(self) -> None:
        self.action_roll()

    def action_roll(self) -> None:
        """Roll (or use the typed faces) through the session; stay open on a refusal."""
        if not self.who:
            self._error("pick who is tested")
            return
        try:
            request = self.request()
            dice = parse_faces(self.query_one("#check-dice", Input).value)
            if self.at:
                event = self.session.aimed_check(self.who, request, self.at, dice=dice)
            else:
                event = self.session.check(self.who, request, dice=dice)
        except (ValueError, GmConsoleError, OSError) as exc:
            self._error(str(exc))
            return
        self._remember()
        self.dismiss(event)

    def action_cancel(self) -> None:
        self.dismiss(None)
