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
    40 ms, and the console tests were mostly those sleeps. Here a slice is 5 ms (under 0.25 ms
    of work). A 20 ms slice also let a frame go by (60 a second), which settled layout chains
    that take one (a zoom resizes a pane, which refits its lines when told of its new size), so
    `pause()` settles them itself: it draws the screen, lets the widgets handle what drawing told
    them, and draws again."""
    import asyncio
    from time import monotonic, process_time

    import textual.app as textual_app
    from textual.pilot import Pilot

    slice_s = 1 / 200

    async def idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
        start = monotonic()
        while True:
            cpu = process_time()
            await asyncio.sleep(slice_s)
            elapsed = monotonic() - start
            if elapsed >= max_sleep or (elapsed > min_sleep and process_time() - cpu < slice_s / 20):
                return

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


_quicker_pilot()
