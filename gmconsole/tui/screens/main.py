"""The main screen: four panes, the command line, the status line; the hub that runs intents.

Panes only draw (`show(session)`) and post messages; this screen turns keys and messages into
command lines for `Session.execute`, shows a refusal as one line (never a traceback), and then
redraws every pane. Layout: all four panes at 120x40 and up; below that the tracker stays on
top and one other pane (log by default) sits under it, 2/3/4 switching which. The acting
combatant is also named in the status line, so it is visible whatever is zoomed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from time import monotonic
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from rich.text import Text
from textual import events, messages, on
from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.geometry import Size
from textual.keys import key_to_character
from textual.screen import Screen
from textual.widgets import Static

from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.events import Event
from gmconsole.engine.names import visible
from gmconsole.store.collector import collector_paused
from gmconsole.store.state import StoreError
from gmconsole.tui import actions
from gmconsole.tui.crash_notes import note_error
from gmconsole.tui.keymap import own_bindings
from gmconsole.tui.messages import ActOn, Command, Prefill, Reroll
from gmconsole.tui.render import marked_text
from gmconsole.tui.widgets.command_line import CommandLine
from gmconsole.tui.widgets.dice_log import DiceLog
from gmconsole.tui.widgets.initiative import InitiativePane
from gmconsole.tui.widgets.key_bar import KeyBar
from gmconsole.tui.widgets.reference import ReferencePane
from gmconsole.tui.widgets.roster import RosterPane
from gmconsole.tui.widgets.static_text import SteadyLine, set_content

if TYPE_CHECKING:
    from gmconsole.store.session import Session

WIDE = (120, 40)
"""At this size and larger every pane is on screen at once."""
PANES = ("initiative", "roster", "log", "reference")
MESSAGE_MAX = 300
RECENT_MAX = 50
GIT_POLL_SECONDS = 5.0
"""How often the status line asks git whether the campaign has uncommitted changes."""
SETTLE_SECONDS = 0.1
"""How long after its first frame the screen draws what it is asked at once (see `_draw_now`)."""
GIT_FIRST_SECONDS = 0.3
"""When it first asks, after the first paint: the git process and the thread that waits for it
took ~10 ms of CPU from the start-up (more in a big repository), for a label that can come a
moment after the panes."""
ERROR_SECONDS = 8.0
"""How long an error stays under the panes when no key is pressed."""
ERROR_MIN_SECONDS = 0.5
"""An error is cleared by a key only after this long: keys typed in the same burst as the
line that failed would wipe it before anyone read it."""
HINT = "? help · : dice or verb · n next · d damage · c condition · 1-4 panes · q quit"
PANE_KEYS = (("Roster", RosterPane), ("Tables", ReferencePane))
"""Panes whose own keys (with binding ids) join the help screen and the keymap file."""


def news(events: list[Event]) -> str:
    """The status line for what was just logged: the last few events, and the next step when
    there is one (an aimed test whose damage the system can work out: H applies it)."""
    text = " · ".join(e.text for e in events[-3:])
    last = events[-1]
    if last.data.get("damage_ready"):
        text = f"H applies the damage · {text}"
    return text


class MainScreen(Screen[None]):
    """Styled by main.tcss, which the app loads with its own CSS (see `GmConsole.CSS_PATH`)."""

    BINDINGS = actions.bindings()

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.side_pane = "log"
        """Which pane shares the screen with the tracker below 120x40."""
        self.zoomed: str | None = None
        self.saved = True
        self._retry: Callable[[], object] | None = None
        """The intent the disk last refused, for `.` (try again once there is room)."""
        self.recent: deque[tuple[str, bool]] = deque(maxlen=RECENT_MAX)
        """The status line's last messages, whole, for the Messages page (`m`)."""
        self.git_label = ""
        """"git main ✎" while the campaign is in a git repository, else empty."""
        self._fitted = False
        """Whether the panes were fitted to the size the first layout gave them."""
        self._settling = False
        """While the first screen settles, from its first frame on (see `_draw_now`)."""
        self._settled = False
        """Whether the settling has begun (it happens once)."""
        self._take_offered = False
        """Whether the message line said that a gone lock holder's campaign can be taken."""
        self._error_since: float | None = None
        """When the error line under the panes appeared (None: no error shown)."""
        self._resumed = False
        """Whether the screen was shown once (see `on_screen_resume`)."""

    def action_typed_key(self, action_id: str) -> None:
        """A registry key as the app reads it, before the focused widget sees it (the
        registry's priority binding, see `actions.bindings`).

        A key bound on the screen alone acts only once it has reached the focused list and
        come back up; when several keys arrive in one read (SSH, a paste, a fast typist), the
        keys after it have by then been sent to the list too. ":roll 3d6" typed into the
        tracker opened the command line only after "o" had marked someone out and "d" had
        begun a damage line. Run as the key is read, it opens the command line (or dialog)
        before the next key is read, and that key goes there. Where a widget takes the key,
        `check_action` turns this off and the key goes its usual way."""
        self.action_run_registered(action_id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`typed_key` is off while the focused widget, or a container of it below the
        screen, takes one of the action's keys itself (a text box, the tables' type-to-search,
        a pane's own binding): the key then reaches it first, as without the priority binding,
        and the key bar shows that widget's binding. Any of the action's keys being taken is
        enough: stepping aside is always safe, the usual binding still runs the action."""
        if action != "typed_key" or not parameters:
            return True
        keymap = getattr(self.app, "keymap", None) or {}
        registered = actions.ACTION_BY_ID[str(parameters[0])]
        keys = [k.strip() for k in actions.keys_for(registered, keymap).split(",")]
        node = self.focused
        while node is not None and node is not self:
            if any(node.check_consume_key(k, key_to_character(k)) or own_bindings(node, k) for k in keys):
                return False
            node = node.parent
        return True

    def compose(self) -> ComposeResult:
        self.set_class(self._is_wide(self.app.size), "-wide")  # before the panes get styled
        with Horizontal(id="status"):
            yield SteadyLine(id="status-left")
            yield Static(id="status-right")
        with Container(id="panes"):
            yield InitiativePane(id="initiative", classes="pane")
            yield RosterPane(id="roster", classes="pane")
            yield DiceLog(id="log", classes="pane")
            yield ReferencePane(id="reference", classes="pane")
        yield SteadyLine(id="message")
        yield CommandLine(id="command")
        yield KeyBar()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first resume comes right after the mount, which has just styled every widget;
        Textual's restyling of the whole screen on a resume (for a screen back from under a
        dialog) would only do it again, ~20 ms of every start-up. Later resumes restyle."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        self._hide_toasts_now()
        self._apply_layout()
        self.refresh_all(first=True)
        self.query_one(InitiativePane).focus_list()
        self.say(HINT)
        if self.session.read_only_why:  # a read-only file system, a full disk: say why at once
            self.say(self.session.read_only_why, error=True)
        self.set_timer(GIT_FIRST_SECONDS, self.poll_git)
        self.set_interval(GIT_POLL_SECONDS, self.poll_git)
        self.set_interval(2.0, self.poll_disk)  # files changed on disk (git pull, an editor)

    def _hide_toasts_now(self) -> None:
        """Textual hides the screen's toast rack once the screen is shown, by setting `display`
        to what its CSS already says: a change of inline style all the same, which cost a
        layout pass and a frame of their own after the first one.
        Set here, it is part of the first layout; notifications show it as before."""
        from textual.widgets._toast import ToastRack

        for rack in self.query(ToastRack):
            rack.display = False

    def poll_git(self) -> None:
        """Ask git, off the UI thread, whether the campaign has uncommitted changes (git can
        take a while on a big repository or a network disk)."""
        self.run_worker(self._git_status, thread=True, exclusive=True, group="git", exit_on_error=False)

    def poll_disk(self) -> None:
        """Read again what changed on disk since the session last looked (a `git pull`, an
        editor, the lock holder's saves seen from a read-only console), and redraw: the panes
        follow the files, and a change to a file read again is never written over it."""
        try:
            changed = self.session.refresh_from_disk()
        except (GmConsoleError, OSError) as exc:
            self.say(f"could not read the campaign again: {exc}", error=True)
            return
        self._offer_take()
        if changed:
            self.refresh_all()
            shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
            problems = [p for p in self.session.problems if p.path in changed]
            self.say(visible(f"read again from disk: {shown}" + (f" · {problems[0]}" if problems else "")),
                     error=bool(problems))

    def _git_status(self) -> None:
        from gmconsole.store.git import try_status

        found = try_status(self.session.path)
        label = found.label() if found else ""
        if label != self.git_label:
            self.app.call_from_thread(self._set_git_label, label)

    def _set_git_label(self, label: str) -> None:
        self.git_label = label
        self._show_status()

    def on_resize(self) -> None:
        self._apply_layout()
        self._show_status()
        if not self._fitted:
            self._fit_panes()
        if self._settling:
            self.call_later(self._draw_now)

    async def _on_layout(self, message: messages.Layout) -> None:
        """Runs before Textual's own handler (which then asks for a layout at the next tick)."""
        if self._settling:
            self.call_later(self._draw_now)

    def _draw_now(self) -> None:
        """While the first screen settles (`SETTLE_SECONDS` from its first frame), what it still
        asks for is laid out and drawn at once instead of at the next refresh tick. The
        screen's three Resizes and a new scrollbar's layout arrive just after the first frame;
        each waited up to a tick (1/60 s) and the screen was still drawing a frame or two
        ~35 ms after the first (as Textual's own test pilot does, the tick's work is run
        directly)."""
        self._on_timer_update()

    def _end_settling(self) -> None:
        self._settling = False

    def _compositor_refresh(self) -> None:
        """Fit the panes between the first layout pass and its frame (see `_fit_panes`); the
        settling (`_draw_now`) begins with that frame."""
        if not self._fitted:
            self._fit_panes()
        super()._compositor_refresh()
        if self._fitted and not self._settled:
            self._settled = self._settling = True
            self.set_timer(SETTLE_SECONDS, self._end_settling)

    def _fit_panes(self) -> None:
        """Lay the panes out for the size the screen's first layout gave them. They were drawn
        at mount, before they had one, and each would fit itself on its own Resize, which
        comes after the frame of that layout. The first layout pass sizes them and then draws
        its frame (`_compositor_refresh`): fitting them there puts wrapped lists and a packed
        roster in the first frame and spares drawing every pane twice (~5 ms of each
        start-up); the screen's first Resize does it if that was missed. Only the first time:
        a later Resize reaches the screen before its layout, and the panes' own Resize fits
        them."""
        if not self.query_one(InitiativePane).size.width:
            return  # no layout yet
        self._fitted = True
        for pane_id in PANES:
            pane = self._pane(pane_id)
            if pane.display:
                pane.fit()

    # ------------------------------------------------------------------ drawing

    def refresh_all(self, *, first: bool = False) -> None:
        """Every pane on screen redraws from the session (after every intent, and at mount);
        a hidden pane is redrawn when it is shown again (`_apply_layout`). The `first` draw,
        at mount, leaves the tables list to just after the first paint (`ReferencePane.show`)."""
        for pane_id in PANES:
            pane = self._pane(pane_id)
            if pane.display:
                if first and isinstance(pane, ReferencePane):
                    pane.show(self.session, soon=True)
                else:
                    pane.show(self.session)
        self.query_one(CommandLine).show(self.session)
        self._show_status()

    def _show_status(self) -> None:
        """Campaign · system · round · ▶ who acts. When that does not fit (80 columns, a long
        name) the system goes first, then the campaign's name shrinks: who acts stays whole."""
        s = self.session
        if s.read_only:
            shown = f"read-only 🔒 locked by {s.lock_holder}" if s.lock_holder else "read-only 🔒"
            right = Text(shown, style="bold")
        elif self.saved:
            right = Text("saved ✓")
        else:
            right = Text("NOT SAVED ✗", style="bold reverse")
        if self.git_label:
            right = Text.assemble(self.git_label, " · ", right)
        enc = s.encounter
        tail = Text()
        if enc is not None and enc.started:
            tail.append(f" · Round {enc.round}")
            acting = ", ".join(c.name for c in enc.acting)
            if acting:
                tail.append(" · ▶ ")
                tail.append(acting, style="bold")
        elif enc is not None:
            tail.append(f" · {enc.name} (not started)")
        room = (self.size.width or 120) - right.cell_len - 4 - tail.cell_len  # 4: both lines' padding
        name = s.campaign.name
        system = f" · {s.system.name}"
        if len(name) + len(system) > room:
            system = ""
        if len(name) > room:
            name = name[: max(room - 1, 4)].rstrip() + "…"
        left = Text(no_wrap=True, overflow="ellipsis")
        left.append(name, style="bold")
        left.append(system)
        left.append_text(tail)
        width = self.size.width or 120
        self.query_one("#status-left", SteadyLine).show_line(left, width - right.cell_len - 4)
        set_content(self.query_one("#status-right", Static), right)

    def say(self, text: str, *, error: bool = False) -> None:
        """One line under the panes: the last result, or why something was refused. Only the
        start of a long one (a round of 500 initiative rolls) fits; the log has all of it."""
        line = self.query_one("#message", SteadyLine)
        self.recent.append((text, error))
        if len(text) > MESSAGE_MAX:
            text = text[: MESSAGE_MAX - 1] + "…"
        shown = Text(f"✗ {text}", style="bold") if error else marked_text(text)
        shown.no_wrap, shown.overflow = True, "ellipsis"
        line.show_line(shown, (self.size.width or 120) - 2)  # 2: its padding
        line.set_class(error, "-error")
        self._error_since = monotonic() if error else None
        if error:
            self.set_timer(ERROR_SECONDS, self.clear_old_error)

    def clear_old_error(self) -> None:
        """An error line goes once it has been read: at the next key after it, or after
        `ERROR_SECONDS` (a refusal left under the panes read as if the last command failed).
        The Messages page (m) keeps it."""
        since = self._error_since
        if since is None or monotonic() - since < ERROR_MIN_SECONDS:
            return
        self.say("(m shows the last messages)")

    # ------------------------------------------------------------------ layout

    @staticmethod
    def _is_wide(size: Size) -> bool:
        return size.width >= WIDE[0] and size.height >= WIDE[1]

    def _apply_layout(self) -> None:
        wide = self._is_wide(self.size)
        self.set_class(wide, "-wide")  # a no-op unless the terminal crossed 120x40
        for pane_id in PANES:
            pane = self.query_one(f"#{pane_id}")
            shown = (
                (self.zoomed == pane_id)
                if self.zoomed
                else (wide or pane_id in ("initiative", self.side_pane))
            )
            if shown and not pane.display and self.is_mounted:
                pane.show(self.session)
            pane.display = shown

    def show_pane(self, pane_id: str) -> None:
        if pane_id != "initiative":
            self.side_pane = pane_id
        if self.zoomed and self.zoomed != pane_id:
            self.zoomed = pane_id
        self._apply_layout()
        self._pane(pane_id).focus_list()

    def _pane(self, pane_id: str) -> Any:
        """A pane by id; every pane has `show(session)`, `focus_list()` and `fit()`."""
        return self.query_one(f"#{pane_id}")

    def toggle_zoom(self) -> None:
        self.zoomed = None if self.zoomed else self._focused_pane()
        self._apply_layout()

    def _focused_pane(self) -> str:
        for pane_id in PANES:
            if self.focused is not None and self.query_one(f"#{pane_id}") in self.focused.ancestors_with_self:
                return pane_id
        return "initiative"

    # ------------------------------------------------------------------ intents

    def prefill_line(self, text: str) -> None:
        """Put `text` on the command line, focused, for the GM to finish (the palette's verbs)."""
        self.query_one(CommandLine).prefill(text)

    def run_line(self, line: str) -> None:
        """Run one command line through `Session.execute`."""
        self._intent(lambda: self.session.execute(line), done=f"done: {line}")

    def _intent(self, call: Callable[[], object], done: str = "done") -> None:
        """Run one intent; report what it logged, or why it was refused (never a traceback,
        and a refusal changed nothing), then redraw."""
        before = len(self.session.log)
        try:
            with collector_paused():
                call()
        except (StoreError, OSError) as exc:  # the disk refused: nothing was changed, or it says what was
            self.saved = False
            unchanged = getattr(exc, "nothing_changed", True)
            self._retry = call
            note = "not saved, nothing changed; . tries again" if unchanged else ". tries again"
            self.say(f"{exc} ({note})", error=True)
        except (GmConsoleError, ValueError, ValidationError) as exc:
            self.say(str(exc), error=not getattr(exc, "harmless", False))
        except Exception as exc:  # a bug: say so on one line, keep its traceback, keep running
            where = note_error(exc, done.removeprefix("done: "))
            kept = f"details in {where}" if where else "the state folder is not writable, no details kept"
            self.say(f"internal error, a bug in gmconsole ({type(exc).__name__}: {exc}); {kept}", error=True)
        else:
            self.saved = True
            self._retry = None
            new = self.session.log[before:]
            self.say(news(new) if new else done)
        self.refresh_all()

    def selected_who(self) -> str | None:
        return self.query_one(InitiativePane).selected

    def selected_roster(self) -> str | None:
        return self.query_one(RosterPane).selected if self._focused_pane() == "roster" else None

    def action_run_registered(self, action_id: str) -> None:
        """What every registry key does (see gmconsole.tui.actions)."""
        action = actions.ACTION_BY_ID[action_id]
        if action.run.startswith("@"):
            name, _, arg = action.run[1:].partition(":")
            job = getattr(self, f"job_{name}", None) or getattr(self.app, f"job_{name}")
            job(*([arg] if arg else []))
            return
        line = actions.fill(action, self.selected_who(), self.selected_roster())
        if action.needs_input:
            self.query_one(CommandLine).prefill(line)
        else:
            self.run_line(line)

    # ------------------------------------------------------------------ jobs without a verb

    def job_pane(self, pane_id: str) -> None:
        self.show_pane(pane_id)

    def job_zoom(self) -> None:
        self.toggle_zoom()

    def _offer_take(self) -> None:
        """A console read-only because another held the campaign says once when that one has
        gone, and W takes it (no quit and reopen)."""
        s = self.session
        if not (s.read_only and s.lock_holder) or self._take_offered:
            return
        from gmconsole.store.lock import lock_free

        if lock_free(s.path):
            self._take_offered = True
            self.say(f"{s.lock_holder} has closed this campaign: W takes it (changes are saved here)")

    def job_take(self) -> None:
        """Take the campaign: its lock, and what its holder saved last."""
        s = self.session
        if not s.read_only:
            self.say("this console writes the campaign already")
            return
        try:
            s.reload()
        except (GmConsoleError, OSError) as exc:
            self.say(f"could not take the campaign: {exc}", error=True)
            return
        self._take_offered = False
        self.refresh_all()
        if s.read_only:
            why = f"{s.lock_holder} still has it open" if s.lock_holder else (s.read_only_why or "read-only")
            self.say(f"still read-only: {why}", error=True)
        else:
            self.say("the campaign is yours: changes are saved again")

    def job_retry(self) -> None:
        if self._retry is None:
            self.say("nothing to try again: the last change was saved")
            return
        self._intent(self._retry)

    def job_messages(self) -> None:
        from gmconsole.tui.screens.recent import RecentMessages

        self.app.push_screen(RecentMessages(self.recent))

    def job_command_line(self) -> None:
        self.set_focus(self.query_one(CommandLine))  # now: the keys after ":" are typed into it

    def job_pick(self) -> None:
        """Enter acts on the tracker's selection only while the tracker has the keys (Enter
        in the log or the roster must not make someone act)."""
        cid = self.selected_who()
        if cid is not None and self._focused_pane() == "initiative":
            self.post_message(ActOn(cid))

    def job_reroll(self) -> None:
        """The roll or test selected in the log again; with the log pane out of sight (the
        roster shares the screen at 80x24), the newest one, since its selection is stale."""
        log = self.query_one(DiceLog)
        if not log.display:
            newest = next((e.id for e in reversed(self.session.log) if _rollable(e)), None)
            if newest is None:
                self.say("nothing rolled yet to roll again", error=True)
                return
            self.post_message(Reroll(newest))
            return
        if log.selected is None:
            self.say("select a roll in the log first (3, then up/down)", error=True)
            return
        self.post_message(Reroll(log.selected))

    def job_check(self, who: str | None = None) -> None:
        from gmconsole.tui.screens.check_dialog import CheckDialog

        self.app.push_screen(CheckDialog(self.session, who=who or self.selected_who()), self._after_dialog)

    def job_edit(self, slug: str | None = None, *, new: bool = False) -> None:
        """The sheet form for the selection of the pane that has the keys (the roster's only
        while it is focused: e in the tracker edits the tracker's combatant)."""
        from gmconsole.tui.screens.sheet_form import SheetForm

        if new:
            slug = None
        elif slug is None:
            if self._focused_pane() == "roster":
                slug = self.query_one(RosterPane).selected_slug
            slug = slug or self._roster_slug(self.selected_who())
            if slug is None:
                self.say("select a character (roster or tracker) to edit", error=True)
                return
        name = self.session.roster[slug].name if slug in self.session.roster else slug
        self.say(f"opening the sheet of {name}…" if slug else "opening a new sheet…")
        form = SheetForm(self.session, slug)  # a big sheet takes a second to build: say so first
        closed = f"{name}'s sheet closed; nothing saved" if slug else "new sheet closed; nothing saved"
        self.call_after_refresh(self.app.push_screen, form, lambda edit: self._after_sheet(edit, closed))

    def _roster_slug(self, cid: str | None) -> str | None:
        enc = self.session.encounter
        if cid is None or enc is None:
            return None
        c = next((c for c in enc.combatants if c.id == cid), None)
        return c.ref or c.template if c else None

    def _after_sheet(self, edit: Any, closed: str) -> None:
        """Save what the form returns; a form closed without saving says so, in place of the
        "opening the sheet…" line that would otherwise stay."""
        if edit is None:
            self.say(closed)
            return
        slug = edit.slug or self.session.free_slug(edit.character.name)
        self._intent(lambda: self.session.save_character(slug, edit.character))

    def _after_dialog(self, event: Event | None) -> None:
        """The test dialog rolls through the session itself (it stays open on a refusal) and
        returns the event, or None when cancelled; the screen only reports and redraws."""
        if event is not None:
            self.say(news([event]))
        self.refresh_all()

    # ------------------------------------------------------------------ messages from panes

    @on(Command)
    def _command(self, message: Command) -> None:
        self.run_line(message.line)

    @on(Prefill)
    def _prefill(self, message: Prefill) -> None:
        self.query_one(CommandLine).prefill(message.text)

    @on(CommandLine.Leave)
    def _leave(self) -> None:
        self._pane(self.zoomed or "initiative").focus_list()

    @on(ActOn)
    def _act_on(self, message: ActOn) -> None:
        enc, order = self.session.encounter, self.session.order
        if enc is None or message.cid in {c.id for c in enc.acting}:
            return
        dynamic = order is not None and order.dynamic and message.cid in order.choices(enc)
        self.run_line(f"{'pick' if dynamic else 'now'} {message.cid}")

    @on(Reroll)
    def _reroll(self, message: Reroll) -> None:
        """A dice roll again, or a test again with the same inputs and new dice."""
        event = next((e for e in reversed(self.session.log) if e.id == message.event_id), None)
        data = (event.data or {}) if event else {}
        if event is not None and isinstance(data.get("request"), dict) and event.who:
            from gmconsole.engine.checks import CheckRequest

            request = CheckRequest(**data["request"])
            who, against = event.who, data.get("against")
            if against:
                self._intent(lambda: self.session.aimed_check(who, request, against))
            else:
                self._intent(lambda: self.session.check(who, request))
            return
        expr = data.get("expr")
        if event is None or not expr:
            self.say("only a dice roll or a test can be rolled again", error=True)
            return
        self._intent(lambda: self.session.roll(expr, who=event.who, label=event.data.get("label")))

    @on(RosterPane.Edit)
    def _roster_edit(self, message: RosterPane.Edit) -> None:
        self.job_edit(message.slug, new=message.slug is None)

    @on(RosterPane.Check)
    def _roster_check(self, message: RosterPane.Check) -> None:
        self.job_check(message.who)

    @on(RosterPane.Duplicate)
    def _roster_duplicate(self, message: RosterPane.Duplicate) -> None:
        self._intent(lambda: self.session.duplicate_character(message.slug, message.new_name))

    @on(ReferencePane.Roll)
    def _table_roll(self, message: ReferencePane.Roll) -> None:
        self._intent(lambda: self.session.roll_table(message.table, dice=message.dice))


def _rollable(event: Event) -> bool:
    """A plain dice roll or a test: what `R` can roll again."""
    data = event.data or {}
    return bool(data.get("expr")) or (isinstance(data.get("request"), dict) and event.who is not None)
