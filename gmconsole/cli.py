"""The `gmconsole` command: dice and odds at the shell, campaign set-up and checks, the console.

Every subcommand turns a gmconsole error into one line on stderr and a non-zero exit, never a
traceback: a GM typing `gmconsole roll 9999999d6` wants to be told the limit, not a stack.
The TUI (and Textual) is imported only when the console is opened.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from gmconsole import __version__
from gmconsole.engine.errors import GmConsoleError

DEFAULT_CAMPAIGN = "campaigns/torg-demo"


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
    r.add_argument("expr")
    r.add_argument("--seed", type=int, help="seed the dice for a replayable roll")
    r.add_argument("--dice", help="faces typed in by hand, comma-separated (e.g. 3,5,6,1)")
    r.add_argument("--json", action="store_true", help="print the result as JSON")

    o = sub.add_parser("odds", help="exact probabilities of a dice expression")
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


def _fraction_text(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def cmd_roll(args: argparse.Namespace) -> int:
    from gmconsole.engine import dice as dicemod

    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    typed = None
    if args.dice:
        try:
            typed = [int(x) for x in args.dice.replace(" ", "").split(",") if x]
        except ValueError:
            msg = f"--dice takes whole numbers separated by commas, got {args.dice!r}"
            raise GmConsoleError(msg) from None
    result = dicemod.roll(args.expr, rng=rng, dice=typed)
    if args.json:
        print(json.dumps(dicemod.render_json(result), indent=2))
    else:
        print(str(result))
    return 0


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
    create_campaign(path, name=args.name or path.name, system_id=args.system)
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

    problems = check_campaign(Path(args.path))
    for problem in problems:
        print(str(problem))
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
    read-only, exactly as in a second terminal."""
    import shlex
    import socket

    from gmconsole.store.folder import CAMPAIGN_FILE

    root = Path(args.path).resolve()
    if not (root / CAMPAIGN_FILE).is_file():
        raise GmConsoleError(f"{args.path} is not a campaign folder (no {CAMPAIGN_FILE})")
    if not 0 < args.port < 65536:
        raise GmConsoleError(f"port {args.port} is not a port number (1-65535)")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((args.host, args.port))
        except OSError as exc:
            raise GmConsoleError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    try:
        from textual_serve.server import Server
    except ImportError:
        raise GmConsoleError("textual-serve is not installed (pip install textual-serve)") from None
    verb = "player" if args.player else "open"
    command = shlex.join([sys.executable, "-m", "gmconsole", verb, str(root)])
    title = f"gmconsole {'player view' if args.player else 'console'}: {root.name}"
    print(f"serving {root} on http://{args.host}:{args.port} (Ctrl+C stops)", flush=True)
    Server(command, host=args.host, port=args.port, title=title).serve()
    return 0


def cmd_open(path: str | None, no_mouse: bool) -> int:
    """The console on a campaign found by `find_campaign` (a folder or a NAME), refused with
    one line when there is none; with no argument, the last campaign or the picker."""
    if path is not None:
        from gmconsole.store.campaigns import find_campaign

        path = str(find_campaign(path))
    from gmconsole.tui import run

    return run(path, no_mouse=no_mouse)


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
        if args.command in handlers:
            return handlers[args.command](args)
        path = getattr(args, "path", None) if args.command == "open" else None
        no_mouse = args.no_mouse or getattr(args, "no_mouse_open", False)
        return cmd_open(path, no_mouse)
    except GmConsoleError as exc:
        print(f"gmconsole: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
