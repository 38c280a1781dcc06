"""`python -m gmconsole.bench ui`: advancing a turn and repainting with 500 combatants.

A throw-away generic campaign gets an encounter of 500 goblins, started; the console then runs
headless at 120x40 and each sample is one press of `n` until the screen has been repainted:
the intent (turn order, condition ticks, the encounter file written and fsynced, the log
appended), every pane's `show`, layout and paint. Target: under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from gmconsole.engine.roster import Character

TARGET_MS = 50.0
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
    """(ms per key press to repaint, ms for the intent alone) over `turns` advances."""
    from gmconsole.tui.app import GmConsole

    app = GmConsole(folder, rng=random.Random(2), remember=False)
    pressed: list[float] = []
    intent: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(turns):
            start = time.perf_counter()
            await pilot.press("n")
            await pilot.pause()
            pressed.append((time.perf_counter() - start) * 1000)
        session = app.session
        for _ in range(turns):
            start = time.perf_counter()
            session.next_turn()
            intent.append((time.perf_counter() - start) * 1000)
    return pressed, intent


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
    print(f"  key to repainted screen  median {median:6.1f} ms   p90 {p90:6.1f} ms")
    print(f"  of which the intent      median {statistics.median(intent):6.1f} ms   (save + log, no UI)")
    print(f"  target < {TARGET_MS:.0f} ms: {'ok' if median < TARGET_MS else 'OVER TARGET'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
