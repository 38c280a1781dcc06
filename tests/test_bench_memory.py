"""A child process's peak memory is its own, not the peak of the process that started it
(`ru_maxrss` survives fork and exec on Linux; two load tests once read a 300 MB worker's)."""

from __future__ import annotations

import json
import subprocess
import sys

from gmconsole.bench.memory import peak_mb

CHILD = "import json; from gmconsole.bench.memory import peak_mb; print(json.dumps(peak_mb()))"


def test_a_child_started_by_a_big_process_reports_its_own_peak() -> None:
    ballast = bytearray(300 * 1024 * 1024)  # this process now holds 300 MB more
    ballast[:: 4096] = b"x" * len(ballast[:: 4096])  # touched, so resident
    assert peak_mb() > 300
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True)
    del ballast
    assert json.loads(done.stdout) < 100  # an interpreter and one small module
