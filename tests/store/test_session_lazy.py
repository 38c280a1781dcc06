"""What opening a campaign leaves for later: the system's book tables are built on first use.

The reference pane, `roll table` and table search are the only users of `Session.tables`, so a
GM whose screen shows the tracker and the log never pays for parsing the book's tables. The
campaign's own tables are still read at open, so a bad one is reported with the other problems.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from fresh_process import probe

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"

MINE = """\
schema_version = 1
title = "Mine"
credit = "the GM"
licence = "the GM's own"

[[table]]
name = "Road weather"
dice = "1d2"
columns = ["1d2", "Weather"]
rows = [["1", "Rain"], ["2", "Fog"]]
"""


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """An empty Myriad campaign (Myriad ships book tables; the generic system has none)."""
    with Session.create(tmp_path / "camp", name="Lazy", system_id="myriad") as s:
        yield s


@pytest.fixture
def book_tables(session: Session, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the calls of the campaign system's `tables()` (one per build of the book's tables)."""
    calls: list[int] = []
    system_class = type(session.system)
    original = system_class.tables

    def counting(self):
        calls.append(1)
        return original(self)

    monkeypatch.setattr(system_class, "tables", counting)
    return calls


def test_book_tables_are_built_on_first_use_and_only_once(session: Session, book_tables: list[int]) -> None:
    book = [t.name for t in session.system.tables()]
    assert book and book_tables == [1]
    (session.path / "tables" / "mine.toml").write_text(MINE, encoding="utf-8")
    with Session.open(session.path, read_only=True) as s:
        assert book_tables == [1] and s.problems == []  # opened without building them
        assert [t.name for t in s.tables] == [*book, "Road weather"]  # the campaign's own last
        assert book_tables == [1, 1]
        assert s.find_table("road").name == "Road weather" and s.tables is s.tables
        assert book_tables == [1, 1]  # built once per session


def test_a_bad_campaign_table_is_still_reported_at_open(session: Session, book_tables: list[int]) -> None:
    (session.path / "tables" / "bad.toml").write_text("schema_version = 1\n[[table]\n", encoding="utf-8")
    with Session.open(session.path, read_only=True) as s:
        assert [p.path for p in s.problems] == ["tables/bad.toml"]
        assert book_tables == []


def test_a_broken_system_data_file_becomes_a_problem_when_the_tables_are_built(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    (session.path / "tables" / "mine.toml").write_text(MINE, encoding="utf-8")

    def broken(self):
        raise RulesError("data/broken.toml: no title")

    monkeypatch.setattr(type(session.system), "tables", broken)
    with Session.open(session.path, read_only=True) as s:
        assert s.problems == []
        assert [t.name for t in s.tables] == ["Road weather"]  # the campaign's own still work
        assert [(p.path, p.message) for p in s.problems] == [("<myriad data>", "data/broken.toml: no title")]


def test_reload_builds_the_tables_again(session: Session, book_tables: list[int]) -> None:
    names = {t.name for t in session.tables}
    (session.path / "tables" / "mine.toml").write_text(MINE, encoding="utf-8")
    session.reload()
    assert {t.name for t in session.tables} == names | {"Road weather"}
    assert len(book_tables) == 2


OPEN_PROBE = textwrap.dedent(
    """
    import json, sys

    opened = []

    def hook(event, args):
        if event == "open" and isinstance(args[0], str) and "/data/" in args[0].replace("\\\\", "/"):
            opened.append(args[0].replace("\\\\", "/").rsplit("/", 1)[-1])

    sys.addaudithook(hook)
    from gmconsole.store import Session

    session = Session.open(sys.argv[1], read_only=True)
    at_open = sorted(set(opened))
    modules = sorted(m for m in sys.modules if m.startswith("gmconsole.engine"))
    pools = [m for m in ("multiprocessing", "concurrent.futures.process") if m in sys.modules]
    names = [t.name for t in session.tables]
    print(json.dumps({"at_open": at_open, "after_tables": sorted(set(opened)), "modules": modules,
                      "tables": len(names), "events": len(session.log), "pools": pools}))
    """
)


def test_opening_the_torg_demo_leaves_book_tables_dice_and_tests_for_later(tmp_path: Path) -> None:
    """Opening reads the data files the sheets need (the drama deck for the cards in hand),
    not the book's reference tables, and loads neither the dice engine nor the test types, nor
    the worker processes only `gmconsole check` starts (multiprocessing, ~6 ms)."""
    demo = tmp_path / "torg-demo"
    shutil.copytree(CAMPAIGNS / "torg-demo", demo, ignore=shutil.ignore_patterns(".lock"))
    result = probe(OPEN_PROBE, str(demo))
    assert "interaction_results.toml" not in result["at_open"]  # a reference table only
    assert set(result["at_open"]) < set(result["after_tables"])
    assert "interaction_results.toml" in result["after_tables"]
    assert "gmconsole.engine.dice" not in result["modules"]
    assert "gmconsole.engine.checks" not in result["modules"]
    assert result["pools"] == []
    assert result["tables"] > 40 and result["events"] > 0
