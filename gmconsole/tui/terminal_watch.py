"""Noticing that the terminal is gone (a dropped SSH link, a killed tmux session).

A console whose terminal disappears must stop and let go of its campaign's lock, or the GM who
reconnects finds the campaign "locked by pid 1234" and can only open it read-only. Two things
can say so:

- SIGHUP, which the kernel sends when the terminal hangs up, but only to the terminal's
  foreground job: started through `make run`, the console is make's child and was seen to miss
  it (SIGTERM, from `kill` or a shutdown, is handled the same way);
- the terminal itself: after a hang-up, standard input stops being a terminal (`isatty` turns
  false; reads return nothing). Textual's Linux driver then spins on those empty reads at full
  CPU without ever stopping, so a slow poll of `isatty` is what catches every case.

Everything a GM did is saved the moment it happens, so stopping loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable

POLL_SECONDS = 1.0


def terminal_fd() -> int | None:
    """The file descriptor of the terminal the console reads keys from, or None when it does
    not run on one (headless tests, benchmarks, piped input)."""
    stdin = sys.__stdin__
    if stdin is None:
        return None
    try:
        fd = stdin.fileno()
    except (OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None


def terminal_gone(fd: int) -> bool:
    """True once the terminal behind `fd` has hung up."""
    try:
        return not os.isatty(fd)
    except OSError:
        return True


STOP_SIGNALS = (signal.SIGHUP, signal.SIGTERM)
"""A hang-up, and the polite request to stop that `kill`, a logout or a shutdown sends: both
stop the console the way `q` does (terminal restored, lock released), not mid-screen."""


def on_hangup(callback: Callable[[], None]) -> bool:
    """Run `callback` on the event loop when SIGHUP or SIGTERM arrives; False where that
    cannot be set."""
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, callback)
        return True
    return False
