"""`python -m gmconsole.bench ui`: advancing a turn and repainting with 500 combatants.

A throw-away generic campaign gets an encounter of 500 goblins, started; the console then runs
headless at 120x40 and each sample is the action `n` is bound to, up to the moment the screen
has been repainted (`call_after_refresh`): the intent (turn order, condition ticks, the
encounter file written and fsynced, the log appended), every pane's `show`, layout and paint.
The intent alone is timed too, so the part the console adds is plain. (Pilot's key presses are
not used: they wait for the CPU to go idle, which measures the test harness, not the app.)
The app starts as `gmconsole.tui.run` starts it, with the collector paused until the first
screen and start-up's objects then frozen out of it, so collections during the turns walk
what a GM's console would walk. Target (issue #13): one frame, a median under 16 ms, and
a p90 under 25 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import tempfile
import time
from pathlib import Path

from gmconsole.engine.roster import Character

TARGET_MEDIAN_MS = 16.0
"""One frame at 60 Hz: the turn is on screen before the GM's next look."""
TARGET_P90_MS = 25.0
SPAWN_BATCH = 50


def build_encounter(folder: Path, combatants: int) -> Path:
    """A generic campaign whose active encounter has `combatants` goblins, round 1 begun."""
    from gmconsole.store.session import Session

    with Session.create(folder, name="Bench", system_id="generic", rng=random.Random(1)) as session:
        goblin = Character(name="Goblin", kind="creature", template=True, sheet={"hp": 7, "hp_max": 7})
        session.save_character("goblin", goblin)
        session.execute("encounter Horde")
        left = combatants
        while left > 0:
            session.add_combatant("goblin", min(SPAWN_BATCH, left))
            left -= SPAWN_BATCH
        session.execute("cond goblin-1 prone 3")
        session.start_encounter()
    return folder


async def sample(folder: Path, turns: int) -> tuple[list[float], list[float]]:
    """(ms from the next-turn action to a repainted screen, ms for the intent alone)."""
    from gmconsole.tui.app import GmConsole

    gc.disable()  # as `gmconsole.tui.run` does: the app freezes start-up's objects, then collects
    app = GmConsole(folder, rng=random.Random(2), remember=False, startup_gc_paused=True)
    pressed: list[float] = []
    intent: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while app.startup_gc_paused:
            await pilot.pause()
        screen = app.screen
        for _ in range(turns):
            painted = asyncio.Event()
            start = time.perf_counter()
            screen.action_run_registered("next-turn")
            screen.call_after_refresh(painted.set)
            await painted.wait()
            pressed.append((time.perf_counter() - start) * 1000)
            await pilot.pause()
        session = app.session
        for _ in range(turns):
            start = time.perf_counter()
            session.next_turn()
            intent.append((time.perf_counter() - start) * 1000)
    gc.unfreeze()
    return pressed, intent


def verdict(ms: float, target: float) -> str:
    return "ok" if ms < target else "OVER TARGET"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gmconsole.bench ui", description=__doc__.splitlines()[0])
    parser.add_argument("--combatants", type=int, default=500)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = build_encounter(Path(tmp) / "bench", args.combatants)
        pressed, intent = asyncio.run(sample(folder, args.turns))
    median = statistics.median(pressed)
    p90 = statistics.quantiles(pressed, n=10)[-1]
    print(f"advance a turn and repaint, {args.combatants} combatants, 120x40 (headless, {args.turns} turns)")
    alone = statistics.median(intent)
    print(f"  action to repainted screen  median {median:6.1f} ms   p90 {p90:6.1f} ms")
    print(f"  the intent alone            median {alone:6.1f} ms   (Session.next_turn: save + log)")
    share = median - alone
    print(f"  the console's share         median {share:6.1f} ms   (the panes' show, layout, paint)")
    print(f"  target median < {TARGET_MEDIAN_MS:.0f} ms: {verdict(median, TARGET_MEDIAN_MS)}")
    print(f"  target p90    < {TARGET_P90_MS:.0f} ms: {verdict(p90, TARGET_P90_MS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
