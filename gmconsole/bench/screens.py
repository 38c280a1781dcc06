"""`python -m gmconsole.bench screens`: how long each screen a GM opens takes to settle.

A screen has settled when its final layout is on screen: every widget it ends up with (a
system's switches in the test dialog included) at its final place and size, with no later
layout pass popping fields in. Each sample starts just before the call a key makes (`t` is
`MainScreen.job_check`, `e` is `job_edit`, `?` is `job_help`...) and ends at the first painted
frame whose layout is the one the screen still has once nothing has changed for a while
(`QUIET` seconds). Frames are seen through `App.post_display_hook`, which Textual calls after
every frame it composes (headless too: the frame is composed, just not written). The CPU time
this process spent over the same span is shown too: on a shared machine it moves less with
the other processes' load than the wall clock does.

Every demo campaign runs in its own fresh interpreter, so the first open of each screen pays
its imports and first-use caches as a GM's first `t` of the evening does; the "first" column
is that sample, and it counts in p50 and p90 too. The children run from bytecode compiled
beforehand into a private cache (as `startup` does): an installed package is compiled once.
An empty modal (one line of text) is timed in the same rounds as the reference: the floor that
Textual's push, layout and paint cost on this machine right now. The rounds go through every
screen in turn, so machine noise hits all of them alike. Target (issue #24): every screen's
p90 within 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmconsole.bench.startup import child_env

if TYPE_CHECKING:
    from textual.screen import Screen

    from gmconsole.tui.app import GmConsole

TARGET_P90_MS = 150.0
QUIET = 0.2
"""Seconds without a layout change after which a screen counts as settled."""
LIMIT = 3.0
"""Seconds after which a screen that has not settled (or not opened) is given up on."""
WARM_UP = "gmconsole dialogs warm-up"
"""The thread `gmconsole.tui.screens.warm_up` starts once the first screen is up: the samples
start when it is done, as a GM's first key comes a second or more after the screen appears."""
CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
SCREENS = ("empty", "test", "sheet", "help", "about", "problems", "messages", "picker", "prompt")
"""The reference first, then every screen a GM opens from the console."""


def demos(root: Path = CAMPAIGNS) -> list[Path]:
    """The shipped demo campaigns, by name."""
    return sorted(p.parent for p in root.glob("*/campaign.toml"))


def _openers(app: GmConsole) -> dict[str, Callable[[], None] | None]:
    """What each screen's key calls, on the console as it is now (None: not in this campaign)."""
    from textual.screen import ModalScreen
    from textual.widgets import Static

    from gmconsole.tui.widgets.roster import RosterPane

    class EmptyModal(ModalScreen[None]):
        DEFAULT_CSS = "EmptyModal { align: center middle; } EmptyModal > Static { width: auto; }"

        def compose(self) -> Any:
            yield Static("empty")

    main: Any = app.screen
    session = app.session
    assert session is not None
    roster = main.query_one(RosterPane)
    if roster.selected_entry is None and roster.entries:  # `d` on the roster's first entry
        roster.list.action_cursor_to(0)
    # the biggest sheet of the roster: the slowest form a GM opens here
    slugs = sorted(session.roster, key=lambda s: -len(json.dumps(session.roster[s].sheet, default=str)))
    return {
        "empty": lambda: app.push_screen(EmptyModal()),
        "test": main.job_check,
        "sheet": (lambda: main.job_edit(slugs[0])) if slugs else None,
        "help": app.job_help,
        "about": app.job_about,
        "problems": app.job_problems,
        "messages": main.job_messages,
        "picker": app.job_open,
        "prompt": roster.action_damage if roster.selected_entry is not None else None,
    }


def _layout(screen: Screen[Any]) -> frozenset[tuple[int, Any]]:
    """Where every visible widget of `screen` is, as painted."""
    return frozenset((id(w), region) for w, (region, _) in screen._compositor.visible_widgets.items())


async def _settle(app: GmConsole, opener: Callable[[], None]) -> tuple[float, float] | None:
    """Milliseconds from `opener()` to the first frame showing the new screen's final layout,
    of the wall clock and of this process's CPU time (which other processes' load on a shared
    machine disturbs less); None if no new screen opened within LIMIT."""
    before = app.screen
    layout: list[frozenset[tuple[int, Any]]] = []
    since: list[float] = []  # when the layout last changed: the first frame showing it

    def seen() -> None:
        screen = app.screen
        if screen is before:
            return
        now = _layout(screen)
        if not layout or now != layout[0]:
            layout[:] = [now]
            since[:] = [time.perf_counter(), time.process_time()]

    app.post_display_hook = seen  # type: ignore[method-assign]
    start, cpu = time.perf_counter(), time.process_time()
    opener()
    try:
        while time.perf_counter() - start < LIMIT:
            await asyncio.sleep(0.01)
            if since and time.perf_counter() - since[0] >= QUIET:
                break
    finally:
        del app.post_display_hook
    return ((since[0] - start) * 1000, (since[1] - cpu) * 1000) if since else None


async def _close(app: GmConsole, pilot: Any, main: Screen[Any]) -> None:
    while app.screen is not main:
        app.screen.dismiss(None)
        await pilot.pause()
    await pilot.pause()


async def sample_campaign(
    folder: Path, samples: int, size: tuple[int, int], names: tuple[str, ...] = SCREENS
) -> dict[str, list[float]]:
    """Milliseconds per screen for one campaign, `samples` rounds through the screens `names`."""
    from gmconsole.tui.app import GmConsole

    gc.disable()  # as `gmconsole.tui.run` does; the app resumes it once the first screen is up
    app = GmConsole(folder, rng=random.Random(3), remember=False, startup_gc_paused=True)
    times: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        while app.startup_gc_paused:
            await pilot.pause()
        while len(app.screen_stack) > 2:  # a problems list shown on open
            app.screen.dismiss(None)
            await pilot.pause()
        main = app.screen
        main.show_pane("roster")  # `d` and `e` act on its entries; at 80x24 it shares the screen
        await pilot.pause()
        while any(t.name == WARM_UP and t.is_alive() for t in threading.enumerate()):
            await asyncio.sleep(0.05)  # a GM looks at the first screen a moment before a key
        openers = _openers(app)
        for _ in range(samples):
            for name in names:
                opener = openers[name]
                if opener is None:
                    continue
                ms = await _settle(app, opener)
                await _close(app, pilot, main)
                if ms is not None:
                    times[name].append(ms[0])
                    cpu[name].append(ms[1])
    gc.unfreeze()
    gc.enable()
    return {**times, **{f"cpu {name}": values for name, values in cpu.items()}}


def _child(folder: Path, samples: int, size: tuple[int, int], names: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns(".lock"))
        times = asyncio.run(sample_campaign(copy, samples, size, names))
    print(json.dumps(times))


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]


def report(name: str, times: dict[str, list[float]]) -> list[str]:
    """Lines of the table for one campaign; the screens over target are marked."""
    lines = [f"  {name}"]
    ref = times.get("empty") or [0.0]
    for screen in (name for name in times if not name.startswith("cpu ")):
        values = times.get(screen) or []
        cpu = times.get(f"cpu {screen}") or []
        if not values:
            lines.append(f"    {screen:<9} (not in this campaign)")
            continue
        over = "" if screen == "empty" or p90(values) <= TARGET_P90_MS else "  OVER TARGET"
        ratio = p90(values) / p90(ref)
        extra = "   (reference)" if screen == "empty" else f"   p90 {ratio:4.1f}x empty{over}"
        lines.append(
            f"    {screen:<9} first {values[0]:6.0f}   p50 {statistics.median(values):6.0f}"
            f"   p90 {p90(values):6.0f} ms   cpu p50 {statistics.median(cpu) if cpu else 0:4.0f}{extra}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gmconsole.bench screens", description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=8, help="opens of each screen per campaign")
    parser.add_argument("--size", default="80x24", help="terminal size, COLSxROWS (default 80x24)")
    parser.add_argument("--campaign", type=Path, action="append", help="a campaign (default: every demo)")
    parser.add_argument("--screen", action="append", choices=SCREENS, help="only these (and the reference)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    cols, rows = (int(n) for n in args.size.lower().split("x"))
    names = ("empty", *[s for s in SCREENS if s in args.screen and s != "empty"]) if args.screen else SCREENS
    if args.child is not None:
        _child(args.child, args.samples, (cols, rows), names)
        return 0
    folders = args.campaign or demos()
    print(f"screens settled after the key (headless {cols}x{rows}, {args.samples} opens each, ms)")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        # compiled once, as an installed package is: a first open pays imports, not compiling
        env = child_env(Path(tmp) / "pycache")
        package = Path(__file__).resolve().parents[1]
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], env=env, check=True)
        for folder in folders:
            out = subprocess.run(
                [sys.executable, "-m", "gmconsole.bench.screens", "--child", str(folder),
                 "--samples", str(args.samples), "--size", args.size,
                 *(f"--screen={name}" for name in names if args.screen)],
                capture_output=True, text=True, timeout=600, env=env,
            )
            if out.returncode != 0:
                print(f"  {folder.name}: failed\n{out.stderr[-2000:]}")
                return 1
            times = json.loads(out.stdout.strip().splitlines()[-1])
            print("\n".join(report(folder.name, times)))
            worst = max([worst, *(p90(v) for s, v in times.items() if s in SCREENS[1:] and v)])
    verdict = "ok" if worst <= TARGET_P90_MS else "OVER TARGET"
    print(f"  slowest p90 {worst:.0f} ms   target p90 <= {TARGET_P90_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
