"""The `gmconsole` command: dice and odds at the shell, campaign set-up and checks, the console.

Every subcommand turns a gmconsole error into one line on stderr and a non-zero exit, never a
traceback: a GM typing `gmconsole roll 9999999d6` wants to be told the limit, not a stack.
The TUI (and Textual) is imported only when the console is opened.

What a command prints goes through one boundary, `VisibleOutput`: a control character or a
text-direction override from a campaign (a table cell, a log line, a file name) or from the
command line (a dice label) prints as a visible escape, so an OSC 52 in a campaign's name
cannot write the GM's clipboard when `check` or `recap` prints it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from gmconsole import __version__
from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.names import unsafe_character, visible
from gmconsole.engine.numbers import whole

MAX_TYPED_DIE = 10**6
"""The largest face (and the most negative) `--dice` takes; the roller checks each against its die."""

_EXPRESSION_START = re.compile(r"^-[^-]")
"""A word with one leading minus that is not an option of the command: a dice expression such
as `-1d6` (argparse took it for an unknown option and refused the command)."""


def visible_lines(text: str) -> str:
    """`text` with every control character shown as an escape, its line breaks kept."""
    return "\n".join(visible(line) for line in text.split("\n"))


class VisibleOutput:
    """A text stream that prints what is written to it through `visible_lines`: the one place
    the shell commands' output becomes terminal output."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(visible_lines(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding...
        return getattr(self._stream, name)


@contextlib.contextmanager
def visible_output() -> Iterator[None]:
    """stdout and stderr through `VisibleOutput` while a shell command runs."""
    with (
        contextlib.redirect_stdout(VisibleOutput(sys.stdout)),  # type: ignore[type-var]
        contextlib.redirect_stderr(VisibleOutput(sys.stderr)),  # type: ignore[type-var]
    ):
        yield


def _parser() -> argparse.ArgumentParser:
    from gmconsole.systems import system_ids

    installed = ", ".join(system_ids())
    p = argparse.ArgumentParser(
        prog="gmconsole",
        description=f"A terminal game-master console for tabletop RPGs (systems installed: {installed}).",
    )
    p.add_argument("--version", action="version", version=f"gmconsole {__version__}")
    p.add_argument("--no-mouse", action="store_true", help="do not capture the mouse (SSH-friendly)")
    sub = p.add_subparsers(dest="command")

    r = sub.add_parser("roll", help="roll a dice expression, e.g. 4d6kh3+2")
    r._negative_number_matcher = _EXPRESSION_START  # `roll -1d6`: see _EXPRESSION_START
    r.add_argument("expr")
    r.add_argument("--seed", type=int, help="seed the dice for a replayable roll")
    r.add_argument("--dice", help="faces typed in by hand, comma-separated (e.g. 3,5,6,1)")
    r.add_argument("--json", action="store_true", help="print the result as JSON")

    o = sub.add_parser("odds", help="exact probabilities of a dice expression")
    o._negative_number_matcher = _EXPRESSION_START
    o.add_argument("expr")
    o.add_argument("--json", action="store_true", help="print the distribution as JSON")

    n = sub.add_parser(
        "new", help="create a campaign folder (a bare NAME goes to ~/.local/share/gmconsole/campaigns)"
    )
    n.add_argument("path", metavar="PATH|NAME")
    n.add_argument("--system", required=True, help=f"system id, one of: {installed}")
    n.add_argument("--name", help="campaign name (default: the folder name)")

    c = sub.add_parser("check", help="validate a campaign folder (exit 1 on problems)")
    c.add_argument("path")

    sub.add_parser("systems", help="list the registered game systems")

    rc = sub.add_parser("recap", help="write a Markdown recap of a day's play into the campaign's notes/")
    rc.add_argument("path", metavar="PATH|NAME")
    rc.add_argument("--date", help="the day to recap, YYYY-MM-DD (default: the last day played)")

    pl = sub.add_parser("player", help="a read-only view of the fight for the players (follows the GM live)")
    pl.add_argument("path", metavar="PATH|NAME")
    pl.add_argument("--plain", action="store_true", help="print the view as text each time it changes")

    sv = sub.add_parser("serve", help="serve the console (or the player view) to a web browser")
    sv.add_argument("path")
    sv.add_argument("--player", action="store_true", help="serve the read-only player view")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    sv.add_argument(
        "--max-consoles", default="4", help="consoles (browser tabs) running at once (default: 4)"
    )

    cm = sub.add_parser("commit", help="commit the campaign folder to git with a summary of the session")
    cm.add_argument("path", metavar="PATH|NAME")
    cm.add_argument("-m", "--message", help="the commit message (default: a summary of the last day played)")

    dm = sub.add_parser("demo", help="copy a demo campaign to play (no NAME: list the demos)")
    dm.add_argument("name", nargs="?", help="the demo, e.g. torg-demo (or torg)")
    dm.add_argument("path", nargs="?", metavar="PATH|NAME", help="where to put it (default: its own name)")

    op = sub.add_parser("open", help="open the console on a campaign (a folder, or a NAME from `new`/`demo`)")
    op.add_argument("path", nargs="?", metavar="PATH|NAME", help="none: the last campaign, or the picker")
    op.add_argument("--no-mouse", action="store_true", dest="no_mouse_open")
    return p


def cmd_roll(args: argparse.Namespace) -> int:
    from gmconsole.engine import dice as dicemod

    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    typed = None if args.dice is None else typed_dice(args.dice)
    result = dicemod.roll(args.expr, rng=rng, dice=typed)
    if args.json:
        print(json.dumps(dicemod.render_json(result), indent=2))
    else:
        print(str(result))
    return 0


def typed_dice(text: str) -> list[int]:
    """`--dice 3,5,6,1`: each face a whole number in ASCII digits; an empty item ("3,,5", a
    trailing comma) or a foreign digit ("٣") is refused, naming the item."""
    items = text.split(",")
    faces = []
    for n, item in enumerate(items, 1):
        if not item.strip():
            msg = f"--dice takes whole numbers separated by commas: item {n} of {text!r} is empty"
            raise GmConsoleError(msg)
        faces.append(whole(item, f"--dice item {n}", -MAX_TYPED_DIE, MAX_TYPED_DIE))
    return faces


def cmd_odds(args: argparse.Namespace) -> int:
    from gmconsole.engine import odds

    dist = odds.distribution(args.expr)
    probs = dist.probabilities
    if args.json:
        print(
            json.dumps(
                {
                    "expr": args.expr,
                    "mean": float(dist.mean),
                    "truncated": dist.truncated,
                    "note": dist.note,
                    "probabilities": {str(k): str(v) for k, v in probs.items()},
                },
                indent=2,
            )
        )
        return 0
    print(dist.bar_chart())  # rows, the mean, and any truncation note
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from gmconsole.store.campaigns import campaign_path, create_campaign, write_example_tables

    path = campaign_path(args.path)
    name = args.name or path.name
    bad = unsafe_character(name)
    if bad is not None:  # `check` would report it in every clone from now on
        msg = f"a campaign name cannot hold control characters (found {visible(bad)} in {name!r})"
        raise GmConsoleError(msg)
    create_campaign(path, name=name, system_id=args.system)
    write_example_tables(path)
    print(f"created {path} ({args.system}), with an example table in tables/example.toml")
    print(f"open it with: gmconsole open {_shown(args.path, path)}")
    return 0


def _shown(typed: str, path: Path) -> str:
    """How to name a campaign on the next command line: the bare name when that finds it."""
    import shlex

    from gmconsole.store.campaigns import campaigns_home

    return shlex.quote(typed if path.parent == campaigns_home() else str(path))


def cmd_demo(args: argparse.Namespace) -> int:
    """`demo`: list the shipped demos, or copy one out to play (the shipped one stays as is)."""
    from gmconsole.store.bundled_demos import bundled_demos, copy_demo, demo_system

    if not args.name:
        demos = bundled_demos()
        if not demos:
            raise GmConsoleError("this installation has no demo campaigns")
        for name, demo in demos.items():
            print(f"{name:<18} {demo_system(demo)}")
        print("copy one with: gmconsole demo NAME [PATH]")
        return 0
    path = copy_demo(args.name, args.path)
    print(f"copied the {args.name} demo to {path}")
    print(f"open it with: gmconsole open {_shown(args.path or path.name, path)}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from gmconsole.store import check_campaign
    from gmconsole.store.campaigns import find_campaign
    from gmconsole.store.text_problems import text_problems

    root = find_campaign(args.path)  # a folder, or a campaign's bare name
    problems = check_campaign(root) + text_problems(root)
    for problem in problems:
        print(visible(str(problem)))  # a file name's line break cannot forge a line
    if problems:
        print(f"{len(problems)} problem(s) in {args.path}", file=sys.stderr)
        return 1
    print(f"{args.path}: ok")
    return 0


def cmd_systems(_args: argparse.Namespace) -> int:
    from gmconsole.systems import get_system, system_ids

    for sid in system_ids():
        try:
            system = get_system(sid)
        except GmConsoleError as exc:
            print(f"{sid:<12} (broken: {exc})")
            continue
        print(f"{sid:<12} {system.name}: {system.summary}")
        print(f"{'':<12} {system.credit}; {system.licence}")
    return 0


def _writable_session(path: str | Path):  # -> Session, imported on use
    """The campaign opened to change it (`recap`, `commit`), or one line saying why it cannot
    be: a console has it, or the folder cannot be written (a read-only file system)."""
    from gmconsole.store import Session

    try:
        session = Session.open(Path(path))
    except OSError as exc:
        raise GmConsoleError(f"{path} cannot be written here ({exc.strerror or exc}): "
                             "recap and commit change the campaign folder") from None
    if session.read_only:
        session.close()
        if session.lock_holder:
            holder = session.lock_holder
            raise GmConsoleError(f"{path} is open in a console ({holder}): do this there instead")
        raise GmConsoleError(f"{path} opened read-only: recap and commit change the campaign folder")
    return session


def cmd_recap(args: argparse.Namespace) -> int:
    from gmconsole.store.campaigns import find_campaign

    with _writable_session(find_campaign(args.path)) as session:
        print(session.recap(args.date).text)
    return 0


def cmd_commit(args: argparse.Namespace) -> int:
    from gmconsole.store.campaigns import find_campaign

    with _writable_session(find_campaign(args.path)) as session:
        event = session.git_commit(args.message)
    print(f"{event.data.get('id', '')} {event.data['commit']}".strip())
    return 0


def cmd_player(args: argparse.Namespace) -> int:
    from gmconsole.store.campaigns import find_campaign

    root = find_campaign(args.path)
    if args.plain:
        return _player_plain(root)
    from gmconsole.tui.player import PlayerApp

    PlayerApp(root).run(mouse=not args.no_mouse)
    return 0


def _player_plain(root: Path) -> int:
    """The view as text on stdout, again after every change, until interrupted (a dumb
    terminal, a log, a test)."""
    import time

    from gmconsole.store.player_view import FolderWatch, current, plain

    watch = FolderWatch(root)
    while True:
        if watch.changed():
            print(plain(current(root)), flush=True)
            print("─" * 40, flush=True)
        time.sleep(0.2)


def cmd_serve(args: argparse.Namespace) -> int:
    """The console in a browser, through textual-serve: every browser tab runs its own
    `gmconsole open` (or `player`), so the first tab has the campaign and later ones are
    read-only, exactly as in a second terminal. Only the link printed here opens it (it holds
    a secret made for this run), only from the page's own origin, and at most
    `--max-consoles` at once (see `gmconsole.tui.serve`)."""
    import shlex
    import socket

    from gmconsole.store.campaigns import find_campaign

    root = find_campaign(args.path).resolve()  # a folder, or a campaign's bare name
    if not 0 < args.port < 65536:
        raise GmConsoleError(f"port {args.port} is not a port number (1-65535)")
    max_consoles = whole(args.max_consoles, "--max-consoles", 1, 64)
    with socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((args.host, args.port))
        except OSError as exc:
            raise GmConsoleError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    try:
        from gmconsole.tui.serve import LOOPBACK_HOSTS, GuardedServer, new_token
    except ImportError:
        raise GmConsoleError("textual-serve is not installed (pip install textual-serve)") from None
    verb = "player" if args.player else "open"
    command = shlex.join([sys.executable, "-m", "gmconsole", verb, str(root)])
    title = f"gmconsole {'player view' if args.player else 'console'}: {root.name}"
    server = GuardedServer(
        command, host=args.host, port=args.port, title=title, token=new_token(), max_consoles=max_consoles
    )
    if args.host not in LOOPBACK_HOSTS:
        print(
            f"gmconsole: warning: listening on {args.host}, not only this machine: anyone who can reach "
            f"port {args.port} and has the link below can drive the console (use this machine's "
            "network address in place of 127.0.0.1 on another device)",
            file=sys.stderr,
            flush=True,
        )
    print(f"serving {visible(str(root))} (Ctrl+C stops); open this link, it holds the key:", flush=True)
    print(f"    {server.link}", flush=True)
    server.serve()
    return 0


def cmd_open(path: str | None, no_mouse: bool) -> int:
    """The console on a campaign found by `find_campaign` (a folder or a NAME), refused with
    one line when there is none; with no argument, the last campaign or the picker."""
    import gmconsole.tui  # noqa: F401  (turns pydantic's plug-in scan off before any model is built)

    if path is not None:
        from gmconsole.store.campaigns import find_campaign

        path = str(find_campaign(path))
    from gmconsole.tui import run

    return run(path, no_mouse=no_mouse)


def _draws_the_screen(args: argparse.Namespace) -> bool:
    """The commands that hand the terminal to Textual (whose own output is escaped where
    widgets draw: `gmconsole.tui.terminal_text`) or to a web server."""
    return args.command == "serve" or (args.command == "player" and not args.plain)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    handlers = {
        "roll": cmd_roll,
        "odds": cmd_odds,
        "new": cmd_new,
        "check": cmd_check,
        "systems": cmd_systems,
        "recap": cmd_recap,
        "commit": cmd_commit,
        "player": cmd_player,
        "serve": cmd_serve,
        "demo": cmd_demo,
    }
    try:
        if args.command in handlers and not _draws_the_screen(args):
            with visible_output():
                return handlers[args.command](args)
        if args.command in handlers:
            return handlers[args.command](args)
        path = getattr(args, "path", None) if args.command == "open" else None
        no_mouse = args.no_mouse or getattr(args, "no_mouse_open", False)
        return cmd_open(path, no_mouse)
    except GmConsoleError as exc:
        print(f"gmconsole: {visible_lines(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
