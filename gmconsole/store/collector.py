"""The cyclic garbage collector held off while one intent runs.

An intent allocates in one burst: a working copy of the encounter, the snapshot it is saved
from, the validated models, the log event. At a round end of 2,000 combatants that is a few
hundred thousand objects, and every 70,000 or so the collector walked the whole heap (the
models in memory and undo's 500 events of snapshots) looking for cycles among objects that
reference counting frees anyway: 0.25 s of a 0.6 s round end, ~45 ms of a 130 ms one at 500.
Held off, the burst's survivors are looked at once, by the first young collection after it.
`Session.execute` and the console's every intent (`MainScreen._intent`) run under it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the collector off, unless something else has it off already (the
    console's start-up, an enclosing intent), which then decides when it comes back."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
