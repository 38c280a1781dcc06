"""Files that are not what they seem: only regular files inside the campaign folder are read.

A FIFO hung `check`, `open` and the console; a link to /dev/zero read until memory ran out; a
table of a million rows or an encounter of a million combatants took 14-20 s and 2 GB at every
open; a BOM refused the campaign without saying why; a file name holding a newline forged a
line of `check`. Each is now a problem (`path: why`) and the rest of the campaign opens.
Every test runs under an alarm, so a read that blocks fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.cli import main
from gmconsole.engine import limits
from gmconsole.engine.errors import RulesError
from gmconsole.store import CampaignError, Session, check_campaign


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    def stop(_sig: int, _frame: object) -> None:
        raise TimeoutError("a read blocked")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def camp(session: Session) -> Path:
    root = session.path
    session.close()
    return root


def messages(root: Path) -> dict[str, str]:
    with Session.open(root) as s:
        return {p.path: p.message for p in s.problems}


def test_a_fifo_is_reported_and_skipped_not_opened(camp: Path) -> None:
    os.mkfifo(camp / "roster" / "pipe.toml")
    os.mkfifo(camp / "log" / "2026-01-01.toml")
    os.mkfifo(camp / "tables" / "pipe.toml")
    found = messages(camp)
    assert found["roster/pipe.toml"] == "a FIFO (named pipe) where a file is expected: not read"
    assert found["tables/pipe.toml"].startswith("a FIFO")
    with Session.open(camp) as s:
        assert {"ayla", "brak", "goblin"} <= set(s.roster)
        s.load_earlier_log()
    problems = [str(p) for p in check_campaign(camp)]
    assert any("log/2026-01-01.toml:1: a FIFO" in p for p in problems)


def test_links_leaving_the_folder_are_reported_and_links_inside_are_read(camp: Path, tmp_path: Path) -> None:
    (camp / "roster" / "zero.toml").symlink_to("/dev/zero")
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('schema_version = 1\nname = "Far"\nkind = "pc"\n', encoding="utf-8")
    (camp / "roster" / "far.toml").symlink_to(outside)
    (camp / "roster" / "again.toml").symlink_to(camp / "roster" / "ayla.toml")
    found = messages(camp)
    assert found["roster/zero.toml"] == "a link to /dev/zero, outside the campaign folder: not read"
    assert (
        found["roster/far.toml"].startswith("a link to ")
        and "outside the campaign folder" in found["roster/far.toml"]
    )
    with Session.open(camp) as s:
        assert "again" in s.roster and "far" not in s.roster and "zero" not in s.roster


def test_a_folder_where_a_file_is_expected(camp: Path) -> None:
    (camp / "encounters" / "nested.toml").mkdir()
    assert messages(camp)["encounters/nested.toml"] == "a folder where a file is expected: not read"


def test_a_device_inside_the_folder_is_not_opened(camp: Path) -> None:
    try:
        os.mknod(camp / "roster" / "null.toml", 0o600 | 0o020000, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("cannot make a device node here")
    assert messages(camp)["roster/null.toml"] == "a character device where a file is expected: not read"


def test_a_file_over_its_cap_is_refused_with_its_size_and_the_cap(camp: Path) -> None:
    notes = "x" * 80 + "\n"
    body = 'schema_version = 1\nname = "Big"\nkind = "pc"\nnotes = """\n' + notes * 14_000 + '"""\n'
    (camp / "roster" / "big.toml").write_text(body, encoding="utf-8")
    message = messages(camp)["roster/big.toml"]
    assert message.startswith("too large: 1.1 MiB (a file here may hold at most 1 MiB")


def test_a_million_rows_and_a_million_combatants_are_refused_fast(camp: Path) -> None:
    rows = "".join(f'  [{i}, "r"],\n' for i in range(limits.TABLE_ROWS + 1))
    (camp / "tables" / "huge.toml").write_text(
        f'schema_version = 1\n\n[[table]]\nname = "Huge"\ndice = "1d10001"\nrows = [\n{rows}]\n',
        encoding="utf-8",
    )
    fighters = "".join(
        f'\n[[combatants]]\nid = "g{i}"\nname = "G{i}"\n' for i in range(limits.COMBATANTS + 1)
    )
    (camp / "encounters" / "horde.toml").write_text(
        f'schema_version = 1\nname = "Horde"\n{fighters}', encoding="utf-8"
    )
    (camp / "encounters" / "million.toml").write_text(
        'schema_version = 1\nname = "Million"\n' + '\n[[combatants]]\nid = "g"\nname = "G"\n' * 1_000_000,
        encoding="utf-8",
    )
    start = time.perf_counter()
    found = messages(camp)
    assert time.perf_counter() - start < 10
    assert "10,001 rows (a table may hold at most 10,000" in found["tables/huge.toml"]
    assert found["encounters/horde.toml"].startswith("5,001 combatants (an encounter may hold at most 5,000")
    assert found["encounters/million.toml"].startswith("too large: ")


def test_a_huge_name_is_refused_before_it_is_parsed(camp: Path) -> None:
    campaign = camp / "campaign.toml"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace('name = "Test"', 'name = "' + "N" * 200_000 + '"'), encoding="utf-8")
    with pytest.raises(CampaignError, match="a line longer than 100,000 characters"):
        Session.open(camp)


def test_a_bom_in_campaign_toml_is_read(camp: Path) -> None:
    campaign = camp / "campaign.toml"
    campaign.write_bytes(b"\xef\xbb\xbf" + campaign.read_bytes())
    (camp / "roster" / "ayla.toml").write_bytes(
        b"\xef\xbb\xbf" + (camp / "roster" / "ayla.toml").read_bytes()
    )
    with Session.open(camp) as s:
        assert s.campaign.name == "Test" and "ayla" in s.roster
        assert s.problems == []


def test_a_file_name_with_a_newline_does_not_forge_a_check_line(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (camp / "roster" / "x.toml\nforged.toml:1: all is well\n\x1b]0;owned\x07.toml").write_text(
        "not toml [", encoding="utf-8"
    )
    assert main(["check", str(camp)]) == 1
    out = capsys.readouterr()
    lines = [line for line in (out.out + out.err).splitlines() if line.strip()]
    assert not any(line.startswith("forged.toml") for line in lines)
    assert not any("\x1b" in line or "\x07" in line for line in lines)
    assert any(
        line.endswith(
            "x.toml\\x0aforged.toml:1: all is well\\x0a\\x1b]0;owned\\x07.toml:1: invalid TOML: "
            "Expected '=' after a key in a key/value pair"
        )
        for line in lines
    ), lines


def test_the_store_never_writes_what_its_reader_would_refuse(session: Session) -> None:
    """Saved, a 200,000-character name or a 5,001-strong encounter would make the entity
    vanish at the next open (the reader refuses it): the change is refused instead."""
    from gmconsole.engine.roster import Character

    huge = Character(name="H" * 200_000, kind="npc", sheet={"hp": 1, "hp_max": 1})
    with pytest.raises(RulesError, match=r"not saved: roster/huge\.toml would be a line longer than 100,000"):
        session.save_character("huge", huge)
    assert not (session.path / "roster" / "huge.toml").exists()
    root = session.path
    session.close()
    fighters = "".join(f'\n[[combatants]]\nid = "g{i}"\nname = "G{i}"\n' for i in range(limits.COMBATANTS))
    (root / "encounters" / "horde.toml").write_text(
        f'schema_version = 1\nname = "Horde"\n{fighters}', encoding="utf-8"
    )
    with Session.open(root) as full:
        assert full.problems == []
        full.execute("encounter horde")
        with pytest.raises(RulesError, match="5,001 combatants, over the 5,000 an encounter may hold"):
            full.execute("add goblin")
    with Session.open(root) as again:
        assert again.problems == [] and len(again.encounters["horde"].combatants) == limits.COMBATANTS
