"""A long campaign's log is read back a page at a time: opening reads only the newest day files,
older ones come in when asked for (the dice log scrolled back), `gmconsole check` reads them all."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.engine.events import Event, EventKind
from gmconsole.store import Session, check_campaign
from gmconsole.store import log as log_module
from gmconsole.store.log import LOG_PAGE, LogPages, LogWriter, read_log

FIRST = dt.date(2024, 1, 6)
PER_DAY = 300
"""Events in each day file: four days make one page (LOG_PAGE = 1000), three do not."""
DAYS = 7


def day_name(day: int) -> str:
    return (FIRST + dt.timedelta(weeks=day)).isoformat()


def write_day(root: Path, day: int, count: int = PER_DAY) -> list[Event]:
    date = day_name(day)
    events = [
        Event(kind=EventKind.ROLL, text=f"day {day} roll {i}", time=f"{date}T19:{i // 60:02d}:{i % 60:02d}Z")
        for i in range(count)
    ]
    writer = LogWriter(root, tag=f"night{day}")  # one console session a night
    for event in events:
        writer.append(event)
    return events


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Event]]:
    """A generic campaign played for seven weeks, 300 rolls a night (built once: read-only use)."""
    root = tmp_path_factory.mktemp("long") / "camp"
    Session.create(root, name="Long", system_id="generic").close()
    written = [e for day in range(DAYS) for e in write_day(root, day)]
    return root, written


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the day files parsed, in the order they were read."""
    names: list[str] = []
    original = log_module.read_log_file

    def counting(path: Path, root: Path) -> tuple[list[Event], list]:
        names.append(path.stem[:10])  # the date the file's session began
        return original(path, root)

    monkeypatch.setattr(log_module, "read_log_file", counting)
    return names


@pytest.fixture
def opened(history: tuple[Path, list[Event]]) -> Iterator[Session]:
    with Session.open(history[0], read_only=True) as s:
        yield s


def test_opening_reads_only_the_newest_day_files_enough_for_a_page(
    history: tuple[Path, list[Event]], reads: list[str]
) -> None:
    root, written = history
    with Session.open(root, read_only=True) as s:
        assert reads == [day_name(6), day_name(5), day_name(4), day_name(3)]  # 4 x 300 >= 1000
        assert [e.id for e in s.log] == [e.id for e in written[-4 * PER_DAY :]]  # oldest first
        assert not s.log_complete and s.log_unread_days == 3


def test_earlier_pages_come_in_front_in_order_until_the_log_is_complete(
    opened: Session, history: tuple[Path, list[Event]], reads: list[str]
) -> None:
    reads.clear()  # whatever opening read
    log = opened.log
    assert opened.load_earlier_log(1) == PER_DAY  # one whole file is the least that is read
    assert reads == [day_name(2)]
    assert opened.log is log  # the same list: a pane holding it sees the earlier events
    assert opened.load_earlier_log(LOG_PAGE) == 2 * PER_DAY  # what is left, fewer than asked
    assert opened.log_complete and opened.log_unread_days == 0
    assert [e.id for e in opened.log] == [e.id for e in history[1]]
    assert opened.load_earlier_log() == 0 and reads == [day_name(2), day_name(1), day_name(0)]


def test_a_short_campaign_is_read_whole_at_open(tmp_path: Path) -> None:
    root = tmp_path / "camp"
    Session.create(root, name="Short", system_id="generic").close()
    written = write_day(root, 0, 10) + write_day(root, 1, 10)
    with Session.open(root, read_only=True) as s:
        assert s.log_complete and [e.id for e in s.log] == [e.id for e in written]
    assert LogPages(root).read_back(0) == ([], [])  # nothing asked, nothing read


def test_a_broken_old_file_is_a_problem_once_it_is_read_and_check_reports_it_at_once(
    history: tuple[Path, list[Event]], tmp_path: Path
) -> None:
    root = tmp_path / "camp"
    Session.create(root, name="Long", system_id="generic").close()
    for old in sorted((history[0] / "log").glob("*.toml")):
        (root / "log" / old.name).write_bytes(old.read_bytes())
    broken = next((root / "log").glob(f"{day_name(0)}T*.toml"))
    broken.write_text(broken.read_text() + "\n[[event]]\nkind = 'roll'\ntext = \n")
    with Session.open(root, read_only=True) as s:
        assert s.problems == []
        s.load_earlier_log(PER_DAY)
        assert s.problems == []  # day 2 is fine
        assert s.load_earlier_log() == PER_DAY  # day 1; the broken day 0 has no events to give
        assert [str(p) for p in s.problems] == [str(p) for p in read_log(root)[1]]
        assert len(s.problems) == 1 and s.problems[0].path == f"log/{broken.name}"
        assert s.log_complete
    (found,) = check_campaign(root)
    assert found.path == broken.as_posix() and found.line > 1


def test_events_appended_stay_last_and_are_not_read_twice(tmp_path: Path) -> None:
    root = tmp_path / "camp"
    Session.create(root, name="Long", system_id="generic").close()
    old = write_day(root, 0, 5)
    newer = write_day(root, 1, LOG_PAGE)
    with Session.open(root) as s:
        assert s.log_unread_days == 1
        mine = s.roll("1d6", dice=[4])
        late = Event(kind=EventKind.NOTE, text="into an unread day (a clock set back)", time=old[0].time)
        s.record(late)
        before = len(s.log)
        assert s.load_earlier_log() == 5
        assert [e.id for e in s.log] == [e.id for e in [*old, *newer, mine, late]]
        assert len(s.log) == before + 5
