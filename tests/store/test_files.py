"""Deterministic TOML, atomic writes that survive interruption, located errors."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from gmconsole.engine.events import EventKind
from gmconsole.store import Session, StoreError, files
from gmconsole.store.files import append_text, atomic_write, drop_none, dump_toml, line_of, read_toml
from gmconsole.store.log import read_log
from gmconsole.store.problems import FileProblem
from tests.store.conftest import file_snapshot


def test_dump_drops_none_everywhere_and_is_deterministic() -> None:
    data = {"a": 1, "b": None, "c": {"d": None, "e": [1, None, {"f": None, "g": 2}]}, "h": "x"}
    text = dump_toml(data)
    assert text == dump_toml(data)
    assert tomllib.loads(text) == {"a": 1, "c": {"e": [1, {"g": 2}]}, "h": "x"}
    assert drop_none(data) == tomllib.loads(text)
    assert "\r" not in text and text.endswith("\n")


@pytest.mark.parametrize("value", ["line one\nline two", "crlf\r\nkept", 'tab\tand "quotes"', "\n"])
def test_strings_round_trip_including_newlines(value: str) -> None:
    text = dump_toml({"notes": value})
    assert tomllib.loads(text) == {"notes": value}
    assert "\r" not in text


def test_atomic_write_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "a.toml"
    atomic_write(target, "x = 1\n")
    atomic_write(target, "x = 2\n")
    assert target.read_bytes() == b"x = 2\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]


def test_interrupted_replace_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.toml"
    target.write_bytes(b"old = true\n")

    def boom(src: object, dst: object) -> None:
        raise OSError("killed before the rename")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match=r"killed"):
        atomic_write(target, "new = true\n")
    assert target.read_bytes() == b"old = true\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]  # no temp file left behind


def test_write_failing_half_way_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.toml"
    target.write_bytes(b"old = true\n")
    real_open = open

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data: bytes) -> int:
            self.fh.write(data[: len(data) // 2])
            raise OSError("disk full")

    monkeypatch.setattr(files, "open", lambda p, mode: HalfWriter(real_open(p, mode)), raising=False)
    with pytest.raises(OSError, match=r"disk full"):
        atomic_write(target, "new = 'a much longer text than before'\n")
    assert target.read_bytes() == b"old = true\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]


def test_a_failed_save_changes_nothing_in_the_session(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = file_snapshot(fight.path)
    memory = fight.encounter.model_dump()
    log_length = len(fight.log)

    def boom(src: object, dst: object) -> None:
        raise OSError("no space left")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(StoreError, match=r"could not save encounters/ambush.toml: no space left"):
        fight.damage("goblin 1", 2)
    monkeypatch.undo()
    assert file_snapshot(fight.path) == before
    assert fight.encounter.model_dump() == memory
    assert len(fight.log) == log_length
    assert fight.history.peek_undo().kind is EventKind.ENCOUNTER  # the damage was never recorded


def test_a_log_that_refuses_the_event_takes_the_saved_change_back(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log is written first (the entity files only staged beside theirs): when it refuses
    the event, the staged files go, so "nothing changed" holds and no change exists that the
    log does not hold or undo cannot reach."""
    before = file_snapshot(fight.path)
    memory = fight.encounter.model_dump()
    log_length = len(fight.log)
    undo_top = fight.history.peek_undo()

    def full_disk(path: object, text: str) -> None:
        raise OSError("no space left")

    monkeypatch.setattr("gmconsole.store.log.append_text", full_disk)
    with pytest.raises(StoreError, match="could not append to the log: no space left") as refused:
        fight.damage("goblin 1", 2)
    monkeypatch.undo()
    assert refused.value.nothing_changed
    assert file_snapshot(fight.path) == before
    assert fight.encounter.model_dump() == memory
    assert len(fight.log) == log_length
    assert fight.history.peek_undo() is undo_top
    fight.damage("goblin 1", 2)  # and the next attempt goes through whole
    assert fight.history.peek_undo().kind is EventKind.DAMAGE


def test_a_file_that_cannot_be_renamed_in_after_the_log_took_the_event_is_taken_back(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log took the event, then the disk refused to rename the encounter into place (a
    read-only remount): the log's append is cut back and the files are as they were."""
    before = file_snapshot(fight.path)
    log_length = len(fight.log)

    def refused(src: object, dst: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", refused)
    saying = r"could not save encounters/ambush\.toml: Read-only file system"
    with pytest.raises(StoreError, match=saying) as no:
        fight.damage("goblin 1", 2)
    monkeypatch.undo()
    assert no.value.nothing_changed
    assert file_snapshot(fight.path) == before
    assert len(fight.log) == log_length
    assert len(read_log(fight.path)[0]) == log_length
    fight.damage("goblin 1", 2)
    assert len(read_log(fight.path)[0]) == log_length + 1


def test_when_even_the_take_back_fails_the_next_open_settles_it(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither the rename nor cutting the log back works: the session says so, turns
    read-only, and the next open brings the files in line with the log (the event is there)."""
    def refused(*_args: object) -> None:
        raise OSError(30, "Read-only file system")

    hurt = fight.encounter.model_dump()
    monkeypatch.setattr(os, "replace", refused)
    monkeypatch.setattr(os, "truncate", refused)
    with pytest.raises(StoreError, match="reopen the campaign") as no:
        fight.damage("goblin 1", 2)
    monkeypatch.undo()
    assert not no.value.nothing_changed
    assert fight.read_only
    root = fight.path
    fight.close()
    with Session.open(root) as again:
        assert again.encounter.model_dump() != hurt  # rolled forward: the damage is in the file
        assert again.log[-1].text == fight.log[-1].text
    assert not [p.name for p in (root / "encounters").iterdir() if p.name.startswith(".")]


def test_append_text_only_appends(tmp_path: Path) -> None:
    log = tmp_path / "log" / "2026-11-21.toml"
    append_text(log, "a = 1\n")
    append_text(log, "b = 2\n")
    assert log.read_text() == "a = 1\nb = 2\n"


def test_read_toml_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "roster" / "x.toml"
    bad.parent.mkdir()
    bad.write_text('name = "X"\nkind = \n', encoding="utf-8")
    with pytest.raises(FileProblem) as info:
        read_toml(bad, tmp_path)
    assert str(info.value.problems[0]).startswith("roster/x.toml:2: invalid TOML")
    bad.write_bytes(b'name = "X"\nnotes = "\xff"\n')
    with pytest.raises(FileProblem, match=r"roster/x.toml:2: not UTF-8"):
        read_toml(bad, tmp_path)


def test_line_of_follows_the_key_path() -> None:
    text = (
        'schema_version = 1\nname = "Ambush"\n\n[[combatants]]\nid = "a"\nname = "A"\n\n'
        '[combatants.sheet]\nhp = 3\n\n[[combatants]]\nid = "b"\nname = "B"\n\n'
        '[combatants.sheet]\nhp = "lots"\n'
    )
    assert line_of(text, ["name"]) == 2
    assert line_of(text, ["combatants", 1, "name"]) == 13
    assert line_of(text, ["combatants", 1, "sheet", "hp"]) == 16
    assert line_of(text, ["combatants", 0, "sheet", "hp"]) == 9
    assert line_of(text, ["nothing", "here"]) == 1


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"a": "x\ry"}, True),
        ({"a": "x\\ry"}, False),  # a backslash and an r is not a carriage return
        ({"a": ["b", {"c": "\r"}]}, True),
        ({"k\r": 1}, True),
        ({"a": "\\\r"}, True),
        ({"when": __import__("datetime").date(2020, 1, 1)}, False),
        ({"a": "plain"}, False),
    ],
)
def test_carriage_returns_are_found_anywhere(value: dict, expected: bool) -> None:
    from gmconsole.store.files import _has_cr

    assert _has_cr(value) is expected


def test_a_file_system_without_hard_links_still_saves_and_takes_back(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a FAT stick `link` says EPERM: the old file is copied aside instead, so saving (and
    taking a refused change back) works there too."""
    import errno

    def no_links(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    fight.execute("start")
    before = file_snapshot(fight.path)

    def refused(*_args: object) -> None:
        raise OSError(30, "Read-only file system")

    real_replace = os.replace
    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(StoreError):
        fight.execute("next")
    monkeypatch.setattr(os, "replace", real_replace)
    assert file_snapshot(fight.path) == before
    fight.execute("next")
    root = fight.path
    fight.close()
    with Session.open(root) as again:
        assert again.encounter.started and again.problems == []
    assert not [p.name for p in root.rglob(".*") if p.name.endswith((".was", ".next", ".none", ".gone"))]
