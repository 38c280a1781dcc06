"""`python -m gmconsole.bench startup`: time from process start to the first painted main screen.

Each run is a fresh interpreter (imports included, as a GM pays them), started by this process,
which notes the wall clock just before spawning; the child reports the wall clock once the main
screen of the largest demo campaign has been composed and painted (headless, so the terminal's
own speed is not measured). A bare Textual app showing one line is timed the same way in the
same run, alternating with the console, so machine noise hits both. Target: at most 1.8x
(issue #24; 2.0x in issue #13). The console is opened through `gmconsole.tui.run`, the
function the `gmconsole` command calls (only the argument parsing before it is left out), so
start-up work done there is counted. The child imports the app before calling it, to hook the
phases below, so it pauses the garbage collector first, as `run` does before it imports the
app: without that, the child paid for collections during the imports (50-80 ms here) that a
GM's `gmconsole` never runs.

Both apps run from cached bytecode, as an installed package does (pip compiles it at install; a
source checkout writes it on its first run). The children get a private bytecode cache in the
temporary folder, filled by the warm-up run; without it, a shell with PYTHONDONTWRITEBYTECODE
set would charge gmconsole for compiling its own ~100 modules on every run while Textual's come
precompiled from site-packages, a cost no GM pays twice.

Two more lines say where the console's time goes. Its children also report when the imports
were done, when the campaign was open and when the main screen's first frame was rendered (the
rest, to "painted", is the layout settling: lists wrapped to their width, scroll bars added).
That first frame is not written to the terminal: Textual holds its output while the screen the
app pushes at start-up mounts, and writes the frames after.
The CPU time of each child (user + system, from the kernel's accounting of waited-for
children) is shown beside the wall clock: on a shared machine it moves much less with the
other processes' load, so a change of a few milliseconds shows there first.
And a third app is timed in the same rounds: the bare app plus `import pydantic` and one model
validated, the least any app on this project's required stack (Textual and pydantic) pays, to
show how much of the 1.8x budget that stack alone takes.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_RATIO = 1.8
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

_STACK = """
import sys, time
from textual.app import App
from textual.widgets import Static
from pydantic import BaseModel

class Row(BaseModel):
    name: str
    value: int = 0

class Bare(App):
    def compose(self):
        yield Static(Row.model_validate({"name": "hello"}).name)

async def painted(pilot):
    await pilot.pause()
    print(time.time(), flush=True)
    pilot.app.exit()

Bare().run(headless=True, size=(120, 40), auto_pilot=painted)
"""

_CONSOLE = """
import gc, sys, time
gc.disable()  # as run() does before importing the app (the app is imported here, to hook it)
marks = {}
from gmconsole.tui import run
from gmconsole.tui.app import GmConsole
marks["imports"] = time.time()

def opened(open_session):
    def wrapper(self, path):
        done = open_session(self, path)
        marks.setdefault("opened", time.time())
        return done
    return wrapper

def first_frame(self):
    from gmconsole.tui.screens.main import MainScreen

    if isinstance(self.screen, MainScreen):
        marks.setdefault("frame", time.time())

GmConsole._open_session = opened(GmConsole._open_session)
GmConsole.post_display_hook = first_frame

async def painted(pilot):
    from gmconsole.tui.screens.main import MainScreen

    while not isinstance(pilot.app.screen, MainScreen):
        await pilot.pause(0.001)
    await pilot.pause()
    print(marks["imports"], marks["opened"], marks["frame"], flush=True)
    print(time.time(), flush=True)
    pilot.app.exit()

run(sys.argv[1], remember=False, headless=True, size=(120, 40), auto_pilot=painted)
"""

PHASES = ("imports done", "campaign open", "first frame")


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


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def time_child(
    code: str, *args: str, env: dict[str, str] | None = None, cpu: list[float] | None = None
) -> list[float]:
    """Seconds from just before spawning a fresh interpreter to each time it reports: the last
    one is its first painted screen, any before it (on the line above) are phases. The CPU
    seconds the child used in all (to its exit) are appended to `cpu` when given."""
    cpu_before = _children_cpu()
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, timeout=120, env=env
    )
    if cpu is not None:
        cpu.append(_children_cpu() - cpu_before)
    lines = out.stdout.strip().splitlines()
    phases = lines[-2].split() if len(lines) > 1 else []
    return [float(t) - start for t in [*phases, lines[-1]]]


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
        stack: list[float] = []
        console: list[list[float]] = []
        bare_cpu: list[float] = []
        console_cpu: list[float] = []
        env = child_env(Path(tmp) / "pycache")
        for code in (_BARE, _STACK):  # warm the file and bytecode caches before measuring
            time_child(code, env=env)
        time_child(_CONSOLE, str(folder), env=env)
        for _ in range(args.runs):
            bare.append(time_child(_BARE, env=env, cpu=bare_cpu)[-1])
            console.append(time_child(_CONSOLE, str(folder), env=env, cpu=console_cpu))
            stack.append(time_child(_STACK, env=env)[-1])
    b = statistics.median(bare)
    c = statistics.median(run[-1] for run in console)
    ratio = c / b
    print(f"startup to first painted screen (headless, median of {args.runs} fresh processes)")
    bc, cc = statistics.median(bare_cpu), statistics.median(console_cpu)
    print(f"  bare Textual app      {b * 1000:7.0f} ms   cpu {bc * 1000:4.0f} ms")
    print(f"  gmconsole main screen {c * 1000:7.0f} ms   cpu {cc * 1000:4.0f} ms   campaign: {source.name}")
    for i, phase in enumerate(PHASES):
        print(f"    {phase:<19} {statistics.median(run[i] for run in console) * 1000:7.0f} ms")
    verdict = "ok" if ratio <= TARGET_RATIO else "OVER TARGET"
    print(f"  ratio                 {ratio:7.2f}x   target <= {TARGET_RATIO}x: {verdict}  cpu {cc / bc:.2f}x")
    s = statistics.median(stack)
    print(f"  bare app + pydantic   {s * 1000:7.0f} ms   {s / b:.2f}x: the required stack's floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
