"""Running a probe in a fresh interpreter: what gets imported or read is only visible in a
process that has not already loaded everything for other tests."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def probe(script: str, *args: str) -> Any:
    """Run `script` (`python -c`) with `args`; the JSON it prints on its last line. A failing
    probe fails the test with its stderr."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
