"""`gmconsole check` judges the log with `check_log`: every event validated, none kept, large logs
in worker processes. Its problems are exactly those `read_log` (what a session reads) reports,
in the same order, whichever way each file was judged."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from long_run import examples

from gmconsole.engine import fast_toml as fast_toml
from gmconsole.engine.events import Event, EventKind
from gmconsole.store import Problem, Session, check_campaign
from gmconsole.store import log as log_module
from gmconsole.store.folder import load_folder
from gmconsole.store.log import (
    LogWriter,
    check_log,
    log_file_is_clean,
    log_file_problems,
    read_log,
    read_log_file,
)
from tests.store.test_quick_toml import mutated

HEADER = 'schema_version = 2\nsession = "s"\n'
EVENT = '\n[[event]]\nid = "e{i}"\nkind = "roll"\ntext = "roll {i}"\ntime = "2026-01-01T10:00:{i:02d}Z"\n'

BROKEN = {
    "invalid TOML": HEADER + EVENT.format(i=1) + "text2 = \n",
    "an event without text": HEADER + '\n[[event]]\nkind = "roll"\n',
    "an unknown kind": HEADER + EVENT.format(i=1).replace('"roll"', '"rol"', 1),
    "a duplicate key": HEADER + EVENT.format(i=1) + 'kind = "roll"\n',
    "a table defined twice": HEADER + EVENT.format(i=1) + "[event.data]\n[event.data]\n",
    "a newer schema": HEADER.replace("= 2", "= 9") + EVENT.format(i=1),
    "conflict markers": HEADER + "<<<<<<< HEAD\n" + EVENT.format(i=1) + "=======\n>>>>>>> other\n",
    "not UTF-8": (HEADER + EVENT.format(i=1)).replace("roll 1", "roll \udcff"),
    "event not a table list": HEADER + "event = 3\n",
    "a newline inside an inline table's key = value (rtoml reads it)": (
        HEADER + EVENT.format(i=1) + "data = { total =\n 5 }\n"
    ),
}

FINE_BUT_NOT_FOR_RTOML = {
    "a float past double range": HEADER + EVENT.format(i=1) + "data = { huge = 1e400 }\n",
    "CR LF line ends": (HEADER + EVENT.format(i=1)).replace("\n", "\r\n"),
    "a byte-order mark (read past; tomli alone refuses it)": "\ufeff" + HEADER + EVENT.format(i=1),
}


def write(root: Path, name: str, text: str) -> Path:
    path = root / "log" / name
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return path


@pytest.fixture
def camp(tmp_path: Path) -> Path:
    root = tmp_path / "camp"
    Session.create(root, name="Log", system_id="generic").close()
    return root


@pytest.fixture
def messy(camp: Path) -> Path:
    """Good files written by the console between broken ones of every kind."""
    writer = LogWriter(camp, tag="good")
    for i in range(5):
        data = {"expr": "1d6", "dice": [{"face": i}]}
        writer.append(Event(kind=EventKind.ROLL, text=f"roll {i}", data=data))
    for n, text in enumerate([*BROKEN.values(), *FINE_BUT_NOT_FOR_RTOML.values()]):
        write(camp, f"2026-01-{n + 2:02d}.toml", text)
    return camp


def as_session_reads(root: Path) -> list[str]:
    return [str(p) for p in read_log(root)[1]]


def test_check_log_reports_what_read_log_reports_in_its_order(messy: Path) -> None:
    expected = as_session_reads(messy)
    assert len(expected) == len(BROKEN)
    assert [str(p) for p in check_log(messy, parallel=False)] == expected


def test_check_campaign_reports_the_folder_then_the_log_each_with_the_folder_path(messy: Path) -> None:
    (messy / "roster" / "typo.toml").write_text('schema_version = 1\nname = "T"\nkidn = "pc"\n')
    found = [*load_folder(messy).problems, *read_log(messy)[1]]
    assert check_campaign(messy) == [Problem((messy / p.path).as_posix(), p.line, p.message) for p in found]


@pytest.mark.skipif(fast_toml.rtoml is None, reason="rtoml is not installed")
def test_clean_files_are_judged_without_tomli_and_doubtful_ones_with_it(messy: Path) -> None:
    good = [p for p in (messy / "log").glob("*.toml") if not p.name.startswith("2026-01-")]
    assert good and all(log_file_is_clean(p) for p in good)
    doubtful = sorted((messy / "log").glob("2026-01-*.toml"))
    assert not any(log_file_is_clean(p) for p in doubtful)


def test_without_rtoml_every_file_is_read_by_tomli_with_the_same_result(
    messy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fast_toml, "rtoml", None)
    assert [str(p) for p in check_log(messy, parallel=False)] == as_session_reads(messy)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_worker_processes_report_the_same_problems_in_the_same_order(
    messy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pools: list[int] = []

    class CountingPool(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, *args: object, **kwargs: object) -> None:
            pools.append(1)
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    # check_log imports the pool where it starts one (opening a campaign never does)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountingPool)
    # pytest-xdist runs threads; the workers touch no lock of theirs
    monkeypatch.setattr(log_module, "_fork_context", lambda: multiprocessing.get_context("fork"))
    monkeypatch.setattr(log_module, "_cores", lambda: 2)
    assert [str(p) for p in check_log(messy, parallel=True)] == as_session_reads(messy)
    assert pools == [1]


def test_a_small_log_is_judged_in_this_process(messy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a pool for a small log")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert [str(p) for p in check_log(messy)] == as_session_reads(messy)


def test_an_empty_or_missing_log_has_no_problems(camp: Path) -> None:
    assert check_log(camp) == []
    (camp / "log").rmdir()
    assert check_log(camp) == [] and check_campaign(camp) == []


@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=mutated())
def test_a_mutated_log_file_has_the_problems_a_session_finds(camp: Path, text: str) -> None:
    path = write(camp, "2026-02-01.toml", text)
    assert log_file_problems(path, camp) == read_log_file(path, camp)[1]


def test_a_file_nested_thousands_deep_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    """tomli recurses once per nested array: 10,000 of them raised RecursionError out of check."""
    root = tmp_path / "deep"
    Session.create(root, name="Deep", system_id="generic").close()
    bad = root / "roster" / "deep.toml"
    bad.write_text("x = " + "[" * 10_000 + "]" * 10_000 + "\n", encoding="utf-8")
    before = bad.read_bytes()
    problems = check_campaign(root)
    assert [p.message for p in problems if p.path.endswith("deep.toml")] == [
        "invalid TOML: nested too deeply (up to 10000 levels)"
    ]
    assert bad.read_bytes() == before
