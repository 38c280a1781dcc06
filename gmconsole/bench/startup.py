"""`python -m gmconsole.bench startup`: time from process start to the first painted main screen.

Each run is a fresh interpreter (imports included, as a GM pays them), started by this process,
which notes the wall clock just before spawning; the child reports the wall clock once the main
screen of the largest demo campaign has been composed and painted (headless, so the terminal's
own speed is not measured). A bare Textual app showing one line is timed the same way in the
same run, alternating with the console, so machine noise hits both. Target: at most 1.5x.
The console is opened through `gmconsole.tui.run`, the function the `gmconsole` command calls
(only the argument parsing before it is left out), so start-up work done there is counted.

Both apps run from cached bytecode, as an installed package does (pip compiles it at install; a
source checkout writes it on its first run). The children get a private bytecode cache in the
temporary folder, filled by the warm-up run; without it, a shell with PYTHONDONTWRITEBYTECODE
set would charge gmconsole for compiling its own ~100 modules on every run while Textual's come
precompiled from site-packages, a cost no GM pays twice.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_RATIO = 1.5
CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"

_BARE = """
import sys, time
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def painted(pilot):
    await pilot.pause()
    print(time.time(), flush=True)
    pilot.app.exit()

Bare().run(headless=True, size=(120, 40), auto_pilot=painted)
"""

_CONSOLE = """
import sys, time
from gmconsole.tui import run

async def painted(pilot):
    from gmconsole.tui.screens.main import MainScreen

    while not isinstance(pilot.app.screen, MainScreen):
        await pilot.pause(0.001)
    await pilot.pause()
    print(time.time(), flush=True)
    pilot.app.exit()

run(sys.argv[1], remember=False, headless=True, size=(120, 40), auto_pilot=painted)
"""


def largest_demo(root: Path = CAMPAIGNS) -> Path:
    """The shipped campaign with the most bytes of roster, encounters, tables and log."""
    folders = [p.parent for p in root.glob("*/campaign.toml")]
    if not folders:
        raise SystemExit(f"no demo campaign under {root}")
    return max(folders, key=lambda f: sum(p.stat().st_size for p in f.rglob("*.toml")))


def child_env(pycache: Path) -> dict[str, str]:
    """The environment for every child: this one, with bytecode cached in `pycache`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def time_child(code: str, *args: str, env: dict[str, str] | None = None) -> float:
    """Seconds from just before spawning a fresh interpreter to its first painted screen."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, timeout=120, env=env
    )
    return float(out.stdout.strip().splitlines()[-1]) - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gmconsole.bench startup", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each app (default 5)")
    parser.add_argument("--campaign", type=Path, help="campaign folder (default: the largest demo)")
    args = parser.parse_args(argv)
    source = args.campaign or largest_demo()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / source.name
        shutil.copytree(source, folder, ignore=shutil.ignore_patterns(".lock"))
        bare: list[float] = []
        console: list[float] = []
        env = child_env(Path(tmp) / "pycache")
        time_child(_BARE, env=env)  # warm the file and bytecode caches for both before measuring
        time_child(_CONSOLE, str(folder), env=env)
        for _ in range(args.runs):
            bare.append(time_child(_BARE, env=env))
            console.append(time_child(_CONSOLE, str(folder), env=env))
    b, c = statistics.median(bare), statistics.median(console)
    ratio = c / b
    print(f"startup to first painted screen (headless, median of {args.runs} fresh processes)")
    print(f"  bare Textual app      {b * 1000:7.0f} ms")
    print(f"  gmconsole main screen {c * 1000:7.0f} ms   campaign: {source.name}")
    verdict = "ok" if ratio <= TARGET_RATIO else "OVER TARGET"
    print(f"  ratio                 {ratio:7.2f}x   target <= {TARGET_RATIO}x: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
