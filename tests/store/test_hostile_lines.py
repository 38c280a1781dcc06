"""Nothing a GM types ends the console or loses a sheet (issue 23): every verb, calculator,
generator and system action of each demo campaign, with hostile arguments (huge numbers, 80
digits, negative, zero, fractions, foreign digits, long words, names that exist and that do
not), through `Session.execute` as the command line sends them. Only the project's own
refusals (`GmConsoleError`) may come back, no command takes over a second of CPU, and every
file reloads afterwards without a problem it did not have before.

Each example plays every key once, in an order Hypothesis picks, on a fresh copy of the demo.
Four rounds per system by default, 200 under `-m long`.
"""

from __future__ import annotations

import random
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from gmconsole.engine.errors import GmConsoleError
from gmconsole.store import Session
from gmconsole.store.commands import ALIASES, USAGE
from gmconsole.store.folder import load_folder

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"

CPU_SECONDS = 1.0
"""The most CPU time one command may take."""

HANG_SECONDS = 2.0
"""CPU time after which a command is stopped as hung (SIGVTALRM), so the test reports it."""

NUMBERS = [
    "99999999999999999999", "1" + "0" * 80, "-99999999999", "-1", "0", "1", "2", "20000", "1000000",
    "1/2", "2.5", "-0.5", "1e9999", "nan", "inf", "٣", "３", "½", "0x10", "+5", "--3",
]
WORDS = ["x" * 300, "nobody", "all", "start", "end", "round", "as", "at", "vs", "+2", "-", "as Grell", "?"]
SKIPPED_VERBS = frozenset({"commit"})
"""`commit` runs git, outside the rules; test_chronicle covers it."""

KNOWN_FAILURES: dict[str, str] = {
    # system id -> what still escapes there, marked xfail(strict=False) until its fix lands. Found
    # and fixed on the way: ARM calc log/group/round with 25 digits or 1e9999 (InvalidOperation);
    # Mythmagica calc yield 99999999999999999999 (OverflowError); Torg calc value with 25 digits
    # (9 s) or 1e9999; System One dmg dana 20000 left-arm / xp dana 1000000 (a sheet the loader
    # refused) and calc skill A B C <80 digits> (35 s).
}
"""What still escapes per system (issue 23), found by this test; the lead removes a mark as its
fix lands. Not run by default where a failure costs seconds of CPU that no signal interrupts."""

SLOW_FAILURES: frozenset[str] = frozenset()
"""Systems whose known failure costs seconds of CPU that no signal interrupts (System One's
`calc skill` with an 80-digit number took 35 s before its fix): not run by default."""


class Hung(Exception):
    """A command ran past HANG_SECONDS of CPU."""


def demo_names(session: Session) -> list[str]:
    """Who can be named in the demo: roster slugs, combatants, tables, encounters."""
    names = list(session.roster)
    names += list(session.encounters)
    for encounter in session.encounters.values():
        names += [c.name for c in encounter.combatants][:6]
    names += [t.name for t in session.tables][:4]
    return sorted(set(names))


def keys_of(session: Session) -> list[str]:
    """Every verb, alias, calculator, generator and sheet action the session knows."""
    system = session.system
    verbs = [v for v in USAGE if v not in SKIPPED_VERBS] + list(ALIASES)
    verbs += [f"calc {c.key}" for c in system.calculators]
    verbs += [f"gen {g.key}" for g in system.generators]
    verbs += [a.key for a in system.sheet_actions]
    verbs += ["roll table", "calc", "gen", "calc nothing", "gen nothing"]
    return verbs


def arguments(names: list[str]) -> st.SearchStrategy[list[str]]:
    token = st.one_of(
        st.sampled_from(NUMBERS),
        st.sampled_from(names),
        st.sampled_from(WORDS),
        st.integers(-(10**25), 10**25).map(str),
        st.text(alphabet="0123456789٠١٢٣४५６.-/", min_size=1, max_size=12),
    )
    return st.lists(token, max_size=4)


@pytest.fixture(scope="module")
def hang_alarm() -> Iterator[None]:
    def hung(*_args: object) -> None:
        raise Hung(f"a command took over {HANG_SECONDS} s of CPU")

    before = signal.signal(signal.SIGVTALRM, hung)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, before)


def play(root: Path, lines: list[str]) -> list[str]:
    """Run `lines` on the campaign at `root`; what went wrong, one line each."""
    wrong: list[str] = []
    session = Session.open(root, rng=random.Random(3))
    try:
        for line in lines:
            start = time.process_time()
            signal.setitimer(signal.ITIMER_VIRTUAL, HANG_SECONDS)
            try:
                session.execute(line)
            except GmConsoleError:
                pass
            except Exception as exc:
                wrong.append(f"{line!r} raised {type(exc).__name__}: {str(exc)[:200]}")
            finally:
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            took = time.process_time() - start
            if took > CPU_SECONDS:
                wrong.append(f"{line!r} took {took:.1f} s")
    finally:
        session.close()
    return wrong


DEMOS = {
    "arm": "arm-demo",
    "myriad": "myriad-demo",
    "mythmagica": "mythmagica-demo",
    "system-one": "system-one-demo",
    "torg": "torg-demo",
}


def marked(system: str, *, long: bool = False) -> object:
    reason = KNOWN_FAILURES.get(system)
    run = long or system not in SLOW_FAILURES
    mark = pytest.mark.xfail(strict=False, run=run, reason=reason) if reason else ()
    return pytest.param(system, marks=mark, id=system)


@pytest.mark.parametrize("system", [marked(s) for s in DEMOS])
def test_hostile_lines_meet_only_refusals_and_every_file_reloads(
    system: str, tmp_path_factory: pytest.TempPathFactory, hang_alarm: None
) -> None:
    hostile_lines(system, tmp_path_factory, examples=4)


@pytest.mark.long
@pytest.mark.parametrize("system", [marked(s, long=True) for s in DEMOS])
def test_many_hostile_lines(system: str, tmp_path_factory: pytest.TempPathFactory, hang_alarm: None) -> None:
    hostile_lines(system, tmp_path_factory, examples=200)


def hostile_lines(system: str, tmp_path_factory: pytest.TempPathFactory, examples: int) -> None:
    """`examples` rounds of every key with hostile arguments on fresh copies of the demo."""
    demo = DEMOS[system]
    pristine = tmp_path_factory.mktemp(f"hostile-{system}") / demo
    shutil.copytree(CAMPAIGNS / demo, pristine, ignore=shutil.ignore_patterns(".lock"))
    probe = Session(pristine, read_only=True)
    names, keys = demo_names(probe), keys_of(probe)
    before = {str(p) for p in load_folder(pristine).problems}
    runs = iter(range(10**6))

    @settings(
        max_examples=examples,
        phases=[Phase.explicit, Phase.generate],  # every wrong line is listed; no shrinking
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(order=st.permutations(keys), data=st.data())
    def hostile(order: list[str], data: st.DataObject) -> None:
        lines = [" ".join([key, *data.draw(arguments(names), label=key)]) for key in order]
        root = pristine.parent / f"run-{next(runs)}" / demo
        shutil.copytree(pristine, root)
        try:
            wrong = play(root, lines)
            after = {str(p) for p in load_folder(root).problems}
            wrong += [f"after the lines, a file no longer reloads: {p}" for p in sorted(after - before)]
            assert not wrong, "\n".join(wrong)
        finally:
            shutil.rmtree(root.parent, ignore_errors=True)

    hostile()
