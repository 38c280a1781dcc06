"""Every test gets its own data folder: campaigns created by name (`gmconsole new NAME`, the
picker) land in $XDG_DATA_HOME/gmconsole/campaigns, never in the real home."""

from __future__ import annotations

from pathlib import Path

import long_run
import pytest


def pytest_configure(config: pytest.Config) -> None:
    """A run that selects the long tests (`-m long`) also runs every property test in full."""
    markexpr = config.getoption("markexpr") or ""
    long_run.LONG = "long" in markexpr and "not long" not in markexpr


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home / "gmconsole" / "campaigns"


def _quicker_pilot() -> None:
    """Pilot waits for the app to fall idle after every key it presses and in `pause()`: it
    sleeps in 20 ms slices until one passes with under 1 ms of work, so a key costs at least
    40 ms, and the console tests were mostly those sleeps (and under load a slice can pass with
    little work only because the app was not given the CPU). Here idle is read off the event
    loop itself: the app is idle when nothing is ready to run, no thread worker is running and
    no timer falls due within a frame (a repaint asked for waits at most a frame on the
    screen's update timer, so one is drawn before the test reads the screen). A frame (60 a
    second) also settled layout chains that take one (a zoom resizes a pane, which refits its
    lines when told of its new size), so `pause()` settles them itself: it draws the screen,
    lets the widgets handle what drawing told them, and draws again."""
    import asyncio
    import weakref
    from time import monotonic

    import textual.app as textual_app
    from textual.pilot import Pilot

    frame_s = 1 / 60

    apps: weakref.WeakSet = weakref.WeakSet()  # the apps under test (a Pilot each)

    def busy() -> bool:
        """A thread worker of an app under test (git status) still running."""
        return any(w.is_running and w._thread_worker for app in list(apps) for w in app.workers)

    async def idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
        loop = asyncio.get_running_loop()
        start = monotonic()
        while monotonic() - start < max_sleep:
            await asyncio.sleep(0)
            if loop._ready:  # type: ignore[attr-defined]  # another task or callback can run
                continue
            if busy():
                await asyncio.sleep(0.001)
                continue
            due = [h.when() for h in loop._scheduled if not h.cancelled()]  # type: ignore[attr-defined]
            wait = min(due, default=float("inf")) - loop.time()
            if wait <= frame_s:
                await asyncio.sleep(max(wait, 0.0))
                continue
            if monotonic() - start >= min_sleep:
                return
            await asyncio.sleep(min_sleep - (monotonic() - start))

    original_init = Pilot.__init__

    def init(self: Pilot, app: textual_app.App) -> None:
        original_init(self, app)
        apps.add(app)

    original_pause = Pilot.pause

    async def pause(self: Pilot, delay: float | None = None) -> None:
        if delay is not None:
            await original_pause(self, delay)
            return
        for _ in range(2):
            await self._wait_for_screen()
            await idle()
            self.app.screen._on_timer_update()

    textual_app.wait_for_idle = idle  # type: ignore[attr-defined]
    Pilot.pause = pause  # type: ignore[method-assign]
    Pilot.__init__ = init  # type: ignore[method-assign]


def _css_parsed_once() -> None:
    """Every console a test starts parses the same stylesheets (Textual's widgets' and ours)
    again, a tenth of starting it; Textual keeps a parse per stylesheet, and here the parses
    are shared between stylesheets: the same text, origin and variables (the theme) parse to
    the same rules, which nothing changes once parsed."""
    from textual.css.stylesheet import Stylesheet

    original = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def _parse_rules(
        self: Stylesheet, css: str, read_from: object, is_default_rules: bool = False, tie_breaker: int = 0,
        scope: str = "",
    ) -> list:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = original(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


_quicker_pilot()
_css_parsed_once()
