"""A process's own peak memory, for the benchmarks' and tests' child processes.

`getrusage(RUSAGE_SELF).ru_maxrss` is kept across `fork` and `exec` on Linux: a child started
by a 300 MB test worker reported a 300 MB peak before it had done anything, and two load tests
failed on it. The kernel's high-water mark of the process's current memory map (`VmHWM` in
/proc/self/status) starts afresh at `exec`, so it is the child's own; where there is no /proc,
`ru_maxrss` is the best there is.
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path


def peak_mb() -> float:
    """The most resident memory this process has used since it was started (its `exec`), MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS
