"""The suite leaves the user alone: the run gets a home of its own (HOME and every XDG folder,
inherited by the workers and every console or server a test starts), and every test its own
data, config, state and cache folders inside it, so campaigns created by name (`gmconsole new
NAME`, the picker) land in $XDG_DATA_HOME/gmconsole/campaigns and the recent-campaigns list in
$XDG_CONFIG_HOME, never in the real home. The run fails if the real home's gmconsole folders
changed while it ran (tests/test_user_dirs.py holds the rest)."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import long_run
import pytest
from user_dirs import (
    REAL_HOME,
    RUN_HOME,
    USER_DIRS,
    real_home_changes,
    snapshot,
    user_gmconsole_dirs,
    written_by,
)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """`-n` without `--dist` distributes by work stealing: a worker that runs out of tests takes
    half of what another has left, so the workers end together (under xdist's default, `load`,
    each kept its last few tests, console tests of a second or more, to itself)."""
    if getattr(config.option, "numprocesses", None) and getattr(config.option, "dist", "no") == "no":
        config.option.dist = "worksteal"


def pytest_sessionstart(session: pytest.Session) -> None:
    """pytest keeps the temp folders of the last three runs and removes older ones when the run
    ends: 10,000 files, 2 s with both cores idle after the last test. The run that starts does
    that removal now instead, in a thread of the main process (which waits on its workers
    meanwhile), with pytest's own clean-up: the same folders, a folder still locked by a run in
    progress left alone. The interpreter waits for the thread before it exits; what is left by
    then, pytest's own clean-up at exit does as before."""
    import os
    import threading

    from _pytest.pathlib import LOCK_TIMEOUT, cleanup_numbered_dir

    config = session.config
    if os.environ.get("PYTEST_XDIST_WORKER") or config.option.basetemp:
        return  # a worker's, or a given, temp folder is the run's own: nothing old to remove
    keep = int(config.getini("tmp_path_retention_count"))
    if config.getini("tmp_path_retention_policy") == "none":
        keep = 0
    basetemp = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    before = basetemp.stat().st_mtime - LOCK_TIMEOUT  # a lock older than this is a dead run's
    args = (basetemp.parent, "pytest-", keep, before)
    threading.Thread(target=cleanup_numbered_dir, args=args, name="old-temp-folders").start()


def _isolate_user_dirs(config: pytest.Config) -> None:
    """Give the run a home of its own before any test or worker starts: HOME (with a git
    identity for the tests that commit) and the four XDG folders, in the run's temp folder.
    The workers and every subprocess inherit them. The user's real gmconsole folders are
    snapshotted first, to be compared when the run ends."""
    if os.environ.get(RUN_HOME):
        return  # a worker: the run's home is already in the environment
    real = Path.home()
    run_home = config._tmp_path_factory.getbasetemp() / "home"  # type: ignore[attr-defined]
    run_home.mkdir(exist_ok=True)
    identity = "[user]\n\tname = gmconsole tests\n\temail = tests@example.invalid\n"
    (run_home / ".gitconfig").write_text(identity)
    before = snapshot(user_gmconsole_dirs(real, dict(os.environ)))
    (run_home / "real-home-before.json").write_text(json.dumps(before))
    real_env = {name: os.environ.get(name, "") for name in USER_DIRS}
    os.environ[REAL_HOME] = json.dumps({"home": str(real), "env": real_env})
    os.environ[RUN_HOME] = str(run_home)
    os.environ["HOME"] = str(run_home)
    for name in USER_DIRS:
        os.environ[name] = str(run_home / name.lower())


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """A run that selects the long tests (`-m long`) also runs every property test in full;
    the run gets its own home (after pytest's temp folders are set up, hence trylast)."""
    markexpr = config.getoption("markexpr") or ""
    long_run.LONG = "long" in markexpr and "not long" not in markexpr
    _isolate_user_dirs(config)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run fails if it wrote the user's real gmconsole folders: a file there changed while
    it ran and names the run's temp folder. Other changes (the user's own console, another
    checkout's test run) are only reported."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not os.environ.get(REAL_HOME):
        return
    changed = real_home_changes()
    if not changed:
        return
    run_folder = session.config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    mine = written_by(changed, run_folder)
    if mine:
        print(f"\nthe test run wrote the user's real home: {', '.join(mine)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    else:
        print(f"\nthe user's gmconsole folders changed during the run, not by it: {', '.join(changed)}")


_data_homes = itertools.count()


@pytest.fixture(autouse=True)
def data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Data, config, state and cache folders of the test's own (so no test sees another's
    recent campaigns or settings), not made until something is saved in them; returns where
    campaigns created by name go. Not under the test's tmp_path: most tests never use one, and
    each tmp_path is a folder made in one shared folder that pytest lists whole to number it
    (a run's last tests listed over a thousand)."""
    home = tmp_path_factory.getbasetemp() / "data-homes" / str(next(_data_homes))
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
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
    lets the widgets handle what drawing told them, and draws again.

    A timer's sleep is read for what it waits for. A screen's update timer goes on sleeping to
    its next tick after it is paused, and that tick then waits for a resume and does nothing:
    idle does not wait for such a sleep (half the frames the console tests waited for). A
    repaint asked for is drawn at once, as the update timer's tick due next would draw it:
    nothing else was ready to run before that tick, so only the clock differs (the other half).
    """
    import asyncio
    import asyncio.futures
    import weakref
    from time import monotonic

    import textual._time as textual_time
    import textual.app as textual_app
    from textual.pilot import Pilot
    from textual.screen import Screen
    from textual.timer import Timer

    frame_s = 1 / 60
    set_result = asyncio.futures._set_result_unless_cancelled  # type: ignore[attr-defined]
    timer_sleep = textual_time.sleep.__code__
    early_draws = 20  # drawn at once in one wait; a screen that keeps asking waits for its frames

    def timer_of(handle: asyncio.TimerHandle) -> Timer | None:
        """The Textual timer whose sleep to its next tick `handle` ends, if it is one."""
        if handle._callback is not set_result:  # type: ignore[attr-defined]
            return None
        future = handle._args[0]  # type: ignore[attr-defined]
        for callback, _ in getattr(future, "_callbacks", None) or ():
            task = getattr(callback, "__self__", None)
            if not isinstance(task, asyncio.Task):
                continue
            run_timer = task.get_coro()  # Timer._run_timer -> Timer._run -> textual._time.sleep
            run = getattr(run_timer, "cr_await", None)
            if getattr(getattr(run, "cr_await", None), "cr_code", None) is not timer_sleep:
                return None
            timer = run_timer.cr_frame.f_locals.get("self")  # type: ignore[union-attr]
            return timer if isinstance(timer, Timer) else None
        return None

    def update_of(timer: Timer | None) -> Screen | None:
        """The screen whose update timer `timer` is."""
        callback = getattr(timer, "_callback", None)
        if getattr(callback, "__func__", None) is Screen._on_timer_update:
            return callback.__self__  # type: ignore[union-attr]
        return None

    apps: weakref.WeakSet = weakref.WeakSet()  # the apps under test (a Pilot each)

    def busy() -> bool:
        """A thread worker of an app under test (git status) still running."""
        return any(w.is_running and w._thread_worker for app in list(apps) for w in app.workers)

    async def idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
        loop = asyncio.get_running_loop()
        start = monotonic()
        draws = 0
        while monotonic() - start < max_sleep:
            await asyncio.sleep(0)
            if loop._ready:  # type: ignore[attr-defined]  # another task or callback can run
                continue
            if busy():
                await asyncio.sleep(0.001)
                continue
            first, first_timer = float("inf"), None
            for handle in loop._scheduled:  # type: ignore[attr-defined]
                if handle.cancelled() or handle.when() >= first:
                    continue
                timer = timer_of(handle)
                if timer is not None and not timer._active.is_set():
                    continue  # a paused timer: its tick waits for a resume
                first, first_timer = handle.when(), timer
            wait = first - loop.time()
            if wait <= frame_s:
                screen = update_of(first_timer)
                if screen is not None and draws < early_draws:
                    draws += 1
                    screen._on_timer_update()  # the tick due next, drawn now
                    continue
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


def _fewer_full_collections() -> None:
    """Python collects its youngest objects every 700 allocations more than frees, and its
    oldest (here a heap of 200,000 to 450,000 objects: every module, collected test and
    Textual's caches, a fifth of a second to walk) every hundred of those; a run's workers spent
    7-8 s each collecting, 6 s of it on the oldest. After 10,000 they spend 2-3 s. Nothing a
    test checks waits for the collector: a test that needs garbage gone calls gc.collect()."""
    import gc

    gc.set_threshold(10_000, 10, 10)


def _no_waiting_for_the_disk() -> None:
    """The store fsyncs every file it writes and every log append (17,000 times in a run, 7 s
    of the workers' time spent waiting for the disk). What fsync adds, that a write survives a
    power cut, no test can see: a test reads back what the page cache holds, and the tests of
    a killed console kill another process (which syncs as a GM's does). So in the test process
    fsync only checks that it was handed an open file, as the real one would; a test that makes
    it fail (test_disk_full) replaces it as before."""
    import os

    def fsync(fd: int | object) -> None:
        os.fstat(fd if isinstance(fd, int) else fd.fileno())  # type: ignore[attr-defined]

    os.fsync = fsync


_quicker_pilot()
_css_parsed_once()
_fewer_full_collections()
_no_waiting_for_the_disk()
