"""The gmconsole Textual app: opens a campaign and owns what outlives a screen.

The app loads themes and the user's keymap, remembers settings, opens campaigns through
`Session.open` (read-only with a notice when another process holds the lock) and hands each one
to a `MainScreen`. Everything a GM does at the table lives in the screens; the app only holds
the jobs that are not about one campaign (help, about, themes, opening another campaign).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ScreenStackError, SystemCommand
from textual.markup import escape as escape_markup
from textual.screen import Screen

from gmconsole.engine.errors import GmConsoleError
from gmconsole.tui import actions, terminal_watch
from gmconsole.tui.key_order import OrderedKeys
from gmconsole.tui.keymap import clashes, load_keymap
from gmconsole.tui.screens.main import PANE_KEYS, MainScreen
from gmconsole.tui.settings import load_settings, save_settings
from gmconsole.tui.themes import DEFAULT_THEME, VARIABLE_DEFAULTS, load_themes

if TYPE_CHECKING:
    from textual.driver import Driver

    from gmconsole.store.session import Session
    from gmconsole.tui.screens.campaign_picker import NewCampaign


class GmConsole(OrderedKeys):
    """`GmConsole(path)` opens that campaign; with no path, the last one (or the picker)."""

    TITLE = "gmconsole"
    CSS_PATH: ClassVar[list[str | PurePath]] = ["app.tcss", "screens/main.tcss"]
    """The main screen's styles load with the app's: a screen's own CSS_PATH is read when the
    screen is first pushed, and Textual then re-parses every stylesheet it has (~5 ms of the
    start-up, for the one screen every session shows)."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        rng: random.Random | None = None,
        remember: bool = True,
        startup_gc_paused: bool = False,
    ) -> None:
        self.settings = load_settings()
        self.startup_gc_paused = startup_gc_paused
        """True when the launcher (`gmconsole.tui.run`) paused the garbage collector for the
        start-up; `end_startup` resumes it."""
        super().__init__()
        self.start_path = str(path) if path is not None else None
        self.rng = rng
        self.remember = remember
        """False in tests and benchmarks: the settings file is left alone."""
        self.session: Session | None = None
        self.open_error: str | None = None
        """Why the last campaign could not be opened (the picker shows it)."""
        self.notes: list[str] = []
        """Start-up problems (a bad theme or keymap file) shown once the screen is up."""
        themes, problems = load_themes()
        for theme in themes:
            self.register_theme(theme)
        self.file_themes = [t.name for t in themes]
        """Themes from files (shipped and the user's): the ones the palette and T offer."""
        self.pane_bindings = actions.pane_bindings(PANE_KEYS)
        keymap, keymap_problems = load_keymap(known=[b.id or "" for _, b in self.pane_bindings])
        self.keymap = keymap
        self.set_keymap(keymap)
        self.notes += problems + keymap_problems + clashes(keymap)
        wanted = self.settings.theme
        self.theme = wanted if wanted in self.available_themes else DEFAULT_THEME

    async def on_event(self, event: events.Event) -> None:
        """Every key first clears an error line already read (see `MainScreen.clear_old_error`),
        then waits its turn behind the keys typed before it (`OrderedKeys`)."""
        if isinstance(event, events.Key):
            try:
                screen: Screen[Any] | None = self.screen
            except ScreenStackError:  # before the first screen, after the last
                screen = None
            clear = getattr(screen, "clear_old_error", None)
            if callable(clear):
                clear()
            if not event.is_forwarded:
                await self.take_key(event)
                return
        await super().on_event(event)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(VARIABLE_DEFAULTS)

    def refresh_css(self, animate: bool = True) -> None:
        """Setting the theme in `__init__` makes Textual refresh the CSS once the app runs.
        Its refresh parses every stylesheet into a new one and keeps only the rules, so the
        parsed CSS it had cached was thrown away and the first screen's styling parsed the
        same app and Textual CSS again (~3 ms of every start-up). Before any screen is up
        nothing is styled yet: the theme's variables are set and the CSS parsed in place,
        keeping the cache. Later refreshes (a theme switched with T) are Textual's own."""
        if self.is_running and not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            self.stylesheet.parse()
            self.stylesheet.update(self, animate=animate)
            return
        super().refresh_css(animate)

    def get_default_screen(self) -> Screen:
        """The campaign's own screen is the first one, not pushed over Textual's blank default
        once the app is up: the blank screen under it was a second screen to lay out, and its
        repaints redrew the whole main screen twice more while the first frame settled (~15 ms
        of every start-up). With nothing to open (or a folder that cannot be), the first screen
        is the blank one and `on_mount` shows the picker over it, with the reason."""
        path = self.start_path or self.settings.last_campaign
        session = self._open_session(path) if path and Path(path).is_dir() else None
        return MainScreen(session) if session is not None else super().get_default_screen()

    def on_mount(self) -> None:
        if self.session is None:
            if self.open_error:
                self.notify(self.open_error, severity="error", timeout=10, markup=False)
            self.job_open(self.open_error)  # nothing to open, or it could not be (and why)
        else:
            self._opened(self.session)
        for note in self.notes:
            self.notify(note, severity="warning", timeout=10, markup=False)
        self.call_after_refresh(self.end_startup)
        self._watch_terminal()

    def _watch_terminal(self) -> None:
        """Stop, releasing the lock, when the terminal goes away (see `terminal_watch`)."""
        fd = None if self.is_headless else terminal_watch.terminal_fd()
        if fd is None:
            return
        terminal_watch.on_hangup(self.hang_up)

        def check() -> None:
            if terminal_watch.terminal_gone(fd):
                self.hang_up()

        self.set_interval(terminal_watch.POLL_SECONDS, check, name="terminal watch")

    def hang_up(self) -> None:
        """The terminal is gone: let go of the campaign (everything is already saved) and stop."""
        if self.session is not None:
            self.session.close()
        self.exit(0)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, one that stops when the terminal is gone rather
        than hanging mid-write (see `gmconsole.tui.driver`)."""
        from gmconsole.tui.driver import console_driver

        return console_driver(super().get_driver_class())

    _warmed = False
    """Whether the dialogs' warm-up thread was started (once a console)."""

    def end_startup(self) -> None:
        """The first screen is painted: resume the garbage collector the launcher paused.
        Everything allocated so far (Textual, pydantic, the campaign) lives as long as the
        console, so it is frozen out of the collector's generations first (`gc.freeze`, the
        standard library's tool for exactly this): later collections, such as one landing in
        a turn advance of a 500-combatant encounter, no longer walk it."""
        if self.startup_gc_paused:
            self.startup_gc_paused = False
            gc.freeze()
            gc.enable()
        if not self._warmed:
            from gmconsole.tui.screens.warm_up import warm_up

            self._warmed = True
            warm_up()  # the dialogs' modules load in the background while the GM reads the screen
            self.set_timer(1.0, self._print_help_ahead)

    def _print_help_ahead(self) -> None:
        """Print the help's pages while the GM reads the screen, so the first ? only paints."""
        from gmconsole.tui.screens.help import print_ahead

        if self.session is not None:
            print_ahead(self)

    # ------------------------------------------------------------------ campaigns

    def open_campaign(self, path: str | Path) -> bool:
        """Open a campaign folder and show it; False (with a message) when it cannot be opened."""
        if self.session is not None and Path(path).resolve() == Path(self.session.path).resolve():
            return True  # already open here (opening again would find our own lock)
        session = self._open_session(path)
        if session is None:
            self.notify(str(self.open_error), severity="error", timeout=10, markup=False)
            return False
        screen = MainScreen(session)
        if isinstance(self.screen, MainScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self._opened(session)
        return True

    def _open_session(self, path: str | Path) -> Session | None:
        """Open the campaign's session in place of the one open (closed first), remembering the
        folder; None, with `open_error` saying why, when it cannot be opened."""
        from gmconsole.store.session import Session

        try:
            session = Session.open(path, rng=self.rng)
        except (GmConsoleError, OSError) as exc:
            self.open_error = f"cannot open {path}: {exc}"
            return None
        if self.session is not None:
            self.session.close()
        self.session = session
        if self.remember:
            self.settings.remember(path)
            self._save_settings()
        return session

    def _opened(self, session: Session) -> None:
        """What a GM is told once a campaign shows: that it is read-only, and its problems."""
        if session.read_only:
            holder = f" by {session.lock_holder}" if session.lock_holder else ""
            notice = f"Opened read-only: the campaign is locked{holder}."
            self.notify(notice, severity="warning", timeout=10, markup=False)
        if session.problems:
            from gmconsole.tui.screens.problems import ProblemsScreen

            self.push_screen(ProblemsScreen([str(p) for p in session.problems]))

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()

    def _save_settings(self) -> None:
        if not self.remember:
            return
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(f"settings not saved: {exc}", severity="warning", markup=False)

    def watch_theme(self, theme: str) -> None:
        if theme != self.settings.theme:
            self.settings.theme = theme
            self._save_settings()

    # ------------------------------------------------------------------ jobs without a verb

    def job_help(self) -> None:
        from gmconsole.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(self.keymap, self.pane_bindings))

    def job_about(self) -> None:
        from gmconsole.tui.screens.about import AboutScreen

        self.push_screen(AboutScreen())

    def job_theme(self) -> None:
        """Cycle through the themes loaded from files (themes/ and the user's own)."""
        ours = sorted(self.file_themes) or [DEFAULT_THEME]
        nxt = ours[(ours.index(self.theme) + 1) % len(ours)] if self.theme in ours else ours[0]
        self.theme = nxt
        self.notify(f"Theme: {nxt}", timeout=2)

    def job_open(self, error: str | None = None) -> None:
        from gmconsole.tui.screens.campaign_picker import CampaignPicker, NewCampaign

        def chosen(choice: str | NewCampaign | None) -> None:
            if choice is None:
                if self.session is None:
                    self.exit(0)
                return
            if isinstance(choice, NewCampaign) and not self.create_campaign(choice):
                self.job_open(self.open_error)
                return
            path = choice.path if isinstance(choice, NewCampaign) else choice
            if not self.open_campaign(path):
                self.job_open(self.open_error)

        self.push_screen(CampaignPicker(self.settings.recent, error=error), chosen)

    def create_campaign(self, new: NewCampaign) -> bool:
        """Create the folder through the store (which refuses a bad name or system)."""
        from gmconsole.store.session import Session

        try:
            Session.create(new.path, name=new.name, system_id=new.system).close()
        except (GmConsoleError, OSError) as exc:
            self.open_error = f"cannot create {new.path}: {exc}"
            self.notify(self.open_error, severity="error", timeout=10, markup=False)
            return False
        return True

    def job_problems(self) -> None:
        from gmconsole.tui.screens.problems import ProblemsScreen

        problems = [str(p) for p in self.session.problems] if self.session else []
        self.push_screen(ProblemsScreen(problems + self.notes))

    def job_palette(self) -> None:
        self.action_command_palette()

    def action_command_palette(self) -> None:
        """Textual's palette, guarded against closing mid-search (see `palette`)."""
        from gmconsole.tui.palette import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette"))

    def job_quit(self) -> None:
        self.exit(0)

    # ------------------------------------------------------------------ command palette

    def _line_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every verb of the command line (found by its aliases too: 'damage' finds dmg) and
        every action, calculator and generator of the campaign's system, with its usage;
        choosing one puts it on the command line, ready for its arguments."""
        prefill = getattr(screen, "prefill_line", None)
        session = getattr(screen, "session", None)
        if prefill is None or session is None:
            return
        from gmconsole.store import commands

        aliases: dict[str, list[str]] = {}
        for alias, verb in commands.ALIASES.items():
            aliases.setdefault(verb, []).append(alias)
        for verb, usage in commands.USAGE.items():
            also = f" (also: {', '.join(aliases[verb])})" if verb in aliases else ""
            title = f"Type {usage}{also}"
            yield SystemCommand(title, "Puts it on the command line", lambda v=verb: prefill(f"{v} "))
        system = session.system
        rows = [(f"{a.key} WHO {a.usage}", a.label, a.help, f"{a.key} ") for a in system.sheet_actions]
        rows += [(f"calc {c.key} {c.usage}", c.label, c.help, f"calc {c.key} ") for c in system.calculators]
        rows += [(f"gen {g.key} {g.usage}", g.label, g.help, f"gen {g.key} ") for g in system.generators]
        for usage, label, help_text, line in rows:
            title = f"{label}: {' '.join(usage.split())}"
            yield SystemCommand(title, escape_markup(help_text or label), lambda t=line: prefill(t))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every registry action (with its keys) and every theme, searchable by name. The
        palette reads help as markup, so help text is escaped: "[rounds]" stays on screen."""
        run = getattr(screen, "action_run_registered", None)
        for a in actions.ACTIONS:
            keys = actions.display_keys(actions.keys_for(a, self.keymap))
            help_text = escape_markup(a.help)
            if run is not None:
                yield SystemCommand(f"{a.label} ({keys})", help_text, lambda a=a: run(a.id))
            elif a.run.startswith("@") and hasattr(self, f"job_{a.run[1:]}"):
                yield SystemCommand(f"{a.label} ({keys})", help_text, getattr(self, f"job_{a.run[1:]}"))
        yield from self._line_commands(screen)
        for name in sorted(self.file_themes):
            yield SystemCommand(
                f"Theme: {name}", "Switch theme (remembered)", lambda n=name: setattr(self, "theme", n)
            )
        yield SystemCommand(
            "Screenshot", "Save an SVG screenshot", lambda: self.set_timer(0.1, self.deliver_screenshot)
        )
