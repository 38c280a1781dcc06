"""`quick_toml` (rtoml, for `gmconsole check`) never accepts what tomli refuses and never reads a
value differently: where the two parsers differ it answers None and tomli decides.

The cases are the differences found by running both parsers over toml-test's and tomli's
corpora, every one-character edit of a log file and mutated demo files; Hypothesis keeps
mutating log text the same ways."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from typing import Any

import pytest
import tomli
from hypothesis import given, settings
from hypothesis import strategies as st
from long_run import examples

from gmconsole.engine import fast_toml
from gmconsole.engine.fast_toml import quick_toml

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"
DEMO_LOGS = sorted(DEMOS.glob("*/log/*.toml"))

LOG = """schema_version = 2
session = "ab12cd"

[[event]]
id = "5ae14d734e31"
kind = "damage"
text = "Orc {2} takes 5"
time = "2026-11-21T12:40:53Z"
data = { dice = [ { face = 6, kept = true } ], total = 7, when = 1979-05-27T07:32:00.5+01:00 }

[[event.changes]]
path = "encounters/ambush"

[event.changes.diff."combatants.2.sheet.hp"]
from = 9
to = 4
"""


def same(value: Any) -> Any:
    """A value with what may differ only in form made comparable: NaN, and the tzinfo class of
    offset datetimes (rtoml's own against tomli's `datetime.timezone`, equal offsets)."""
    if isinstance(value, dict):
        return {k: same(v) for k, v in value.items()}
    if isinstance(value, list):
        return [same(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, dt.datetime):
        return ("datetime", value.replace(tzinfo=None), value.utcoffset())
    return (type(value).__name__, value)


def assert_agrees(text: str) -> None:
    """quick_toml's answer is None ("not sure") or exactly what tomli reads."""
    quick = quick_toml(text)
    if quick is None:
        return
    try:
        exact = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise AssertionError(f"rtoml accepted what tomli refuses ({exc}): {text!r}") from None
    assert same(quick) == same(exact), text


LAX_IN_RTOML = {
    "newline after = in an inline table": "x = { hp =\n 5 }\n",
    "newline before = in an inline table": "x = { hp\n = 5 }\n",
    "comment after = in an inline table": "x = { hp = # five\n 5 }\n",
    "comment before = in an inline table": "x = [ { hp # five\n = 5 } ]\n",
    "blank lines around = in a nested inline table": "x = { a = { b\n\n=\n\n1 } }\n",
    "dotted key split before =": "x = { a.b\n= 1 }\n",
    "byte-order mark": "\ufeffa = 1\n",
    "CR LF inside a multi-line string": 'a = """one\r\ntwo"""\n',
}


@pytest.mark.parametrize("text", LAX_IN_RTOML.values(), ids=LAX_IN_RTOML.keys())
def test_what_rtoml_accepts_and_tomli_refuses_or_reads_otherwise_is_left_to_tomli(text: str) -> None:
    assert quick_toml(text) is None


TOMLI_ONLY = {
    "float past double range": "a = 1e400\n",
    "deeply nested inline tables": "a = " + "{b=" * 300 + "1" + "}" * 300 + "\n",
}


@pytest.mark.parametrize("text", TOMLI_ONLY.values(), ids=TOMLI_ONLY.keys())
def test_what_only_tomli_accepts_is_left_to_it(text: str) -> None:
    tomli.loads(text)
    assert quick_toml(text) is None


BOTH_REFUSE = {
    "duplicate key": "a = 1\na = 2\n",
    "duplicate quoted key": 'a = 1\n"a" = 2\n',
    "table defined twice": "[a]\nb = 1\n[a]\nc = 1\n",
    "table over a dotted key": "a.b.c = 1\n[a.b]\nd = 1\n",
    "dotted key into a defined table": "[a.b]\nd = 1\n[a]\nb.e = 1\n",
    "array of tables over an array": "a = []\n[[a]]\n",
    "inline table extended": "a = {b = 1}\n[a.c]\n",
    "control character in a comment": "a = 1 # x\x01y\n",
    "bare carriage return": "a = 1\rb = 2\n",
    "leap second": "a = 2026-12-31T23:59:60Z\n",
    "30 February": "a = 2026-02-30\n",
    "offset of 24 hours": "a = 2026-01-01T00:00:00+24:00\n",
    "hour 24": "a = 24:00:00\n",
    "year 0": "a = 0000-01-01\n",
    "leading zero": "a = 01\n",
    "NUL in a string": 'a = "x\x00"\n',
    "surrogate escape": 'a = "\\uD800"\n',
    "newline after = outside an inline table": "a =\n1\n",
    "unquoted unicode space": "a =\u00a01\n",
}


@pytest.mark.parametrize("text", BOTH_REFUSE.values(), ids=BOTH_REFUSE.keys())
def test_what_tomli_refuses_rtoml_refuses_too(text: str) -> None:
    with pytest.raises(tomli.TOMLDecodeError):
        tomli.loads(text)
    assert quick_toml(text) is None


BOTH_READ = {
    "a log file": LOG,
    "TOML 1.1 inline table over lines": "x = {\n  a = 1,\n  b = 2,\n}\n",
    "TOML 1.1 escapes and time without seconds": 'a = "\\e\\x41"\nb = 10:30\n',
    "nanoseconds": "a = 1979-05-27T00:32:00.999999999Z\n",
    "special floats": "a = nan\nb = -inf\nc = -0.0\n",
    "64-bit edges": "a = 9223372036854775807\nb = -9223372036854775808\n",
    "integer past 64 bits": "a = 99999999999999999999999\nb = 0xffffffffffffffffff\n",
    "implicit then explicit table": "[a.b]\n[a]\nx = 1\n",
}


@pytest.mark.skipif(fast_toml.rtoml is None, reason="rtoml is not installed")
@pytest.mark.parametrize("text", BOTH_READ.values(), ids=BOTH_READ.keys())
def test_what_both_read_reads_the_same(text: str) -> None:
    assert quick_toml(text) is not None
    assert_agrees(text)


MARKS = [*'[]{}=."\'#,\n\r\t -+_:0123456789eExobTZ\\', "\ufeff", "\x00", "\x7f", "\u00e9", '"""', "'''",
         "[[", "]]", "inf", "nan", "true", "1979-05-27", "T07:32:00", "+01:00", "\\u00e9", "\\e"]


def _seeds() -> list[str]:
    return [LOG, *(p.read_text(encoding="utf-8") for p in DEMO_LOGS)]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A slice of a log file with a few edits: a mark inserted, characters cut, a line
    repeated or two lines swapped (what truncation, a bad merge or a hand edit leaves)."""
    lines = draw(st.sampled_from(_seeds())).split("\n")
    start = draw(st.integers(0, len(lines) - 1))
    text = "\n".join(lines[start : start + draw(st.integers(3, 60))])
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "cut", "repeat", "swap"]))
        if edit == "insert":
            text = text[:at] + draw(st.sampled_from(MARKS)) + text[at:]
        elif edit == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 4)) :]
        else:
            rows = text.split("\n")
            i, j = draw(st.integers(0, len(rows) - 1)), draw(st.integers(0, len(rows) - 1))
            if edit == "repeat":
                rows.insert(j, rows[i])
            else:
                rows[i], rows[j] = rows[j], rows[i]
            text = "\n".join(rows)
    return text


@settings(max_examples=examples(300), deadline=None)
@given(text=mutated())
def test_a_mutated_log_is_read_by_rtoml_as_tomli_reads_it_or_left_to_tomli(text: str) -> None:
    assert_agrees(text)


# ---------------------------------------------------------------------- documents that are kept
# A session keeps what it reads (its files, the log page at open) and reads them the fast way
# where that is certainly tomli's document: `kept=True` also leaves offset datetimes to tomli,
# whose tzinfo is the standard library's.


def test_a_kept_document_with_an_offset_datetime_is_tomlis() -> None:
    assert quick_toml(LOG, kept=True) is None
    doc = fast_toml.loads(LOG)
    when = doc["event"][0]["data"]["when"]
    assert type(when.tzinfo) is dt.timezone and doc == tomli.loads(LOG)


@pytest.mark.skipif(fast_toml.rtoml is None, reason="rtoml is not installed")
def test_a_log_page_with_its_times_in_strings_is_read_the_fast_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """The log writes its times as strings: a day of play is read by rtoml, with tomli's result."""
    text = DEMO_LOGS[0].read_text(encoding="utf-8")
    assert quick_toml(text, kept=True) is not None
    monkeypatch.setattr(tomli, "loads", lambda *_a, **_k: pytest.fail("tomli was asked"))
    assert fast_toml.loads(text) == quick_toml(text)


@pytest.mark.parametrize("path", sorted(DEMOS.glob("*/**/*.toml")), ids=lambda p: str(p.relative_to(DEMOS)))
def test_every_demo_file_reads_as_tomli_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert same(fast_toml.loads(text)) == same(tomli.loads(text))


def test_a_time_written_as_a_string_is_not_an_offset_datetime() -> None:
    """As the log writes them; a datetime further inside a string may be taken for one (that
    only costs the exact path), one written as a value never is missed."""
    assert not fast_toml._OFFSET_DATETIME.search('time = "2026-11-21T14:31:57Z"\n')
    assert not fast_toml._OFFSET_DATETIME.search("time = '2026-11-21T14:31:57+01:00'\n")
    assert fast_toml._OFFSET_DATETIME.search("when = 2026-11-21T14:31:57Z\n")
    assert fast_toml._OFFSET_DATETIME.search("when = [1979-05-27 07:32:00-07:00]\n")
    assert fast_toml._OFFSET_DATETIME.search("when = [ # first\n  1979-05-27T07:32:00.25z, 1 ]")
    assert fast_toml._OFFSET_DATETIME.search("w = { at = 1979-05-27T07:32:00+01:00}")
    assert fast_toml._OFFSET_DATETIME.search("at = 1979-05-27T07:32:00Z # noted")
    assert fast_toml._OFFSET_DATETIME.search("at = 1979-05-27T07:32:00Z")
