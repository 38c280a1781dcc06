"""Any damage to any campaign file is reported as `path:line: what`, never as a traceback, and
the damaged file is never written to; the good files still open.

Hypothesis takes the shipped demos' files and breaks one of them the ways files get broken:
truncation, wrong types, unknown keys, invalid UTF-8, duplicate keys, huge numbers, NaN, a newer
schema_version, and git conflict markers left by a merge.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmconsole.store import Session, check_campaign
from gmconsole.store.problems import CampaignError

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"
DEMO_NAMES = sorted(p.name for p in DEMOS.iterdir() if (p / "campaign.toml").is_file())
LOCATED = re.compile(r"^.+\.toml:\d+: \S")


def _files(demo: str) -> list[str]:
    root = DEMOS / demo
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.toml"))


def truncate(text: bytes, at: float) -> bytes:
    return text[: int(len(text) * at)]


def wrong_type(text: bytes, at: float) -> bytes:
    lines = text.split(b"\n")
    numbered = [i for i, line in enumerate(lines) if re.match(rb"^\w+ = -?\d+$", line)]
    if not numbered:
        return text + b"\nname = 7\n"
    i = numbered[int(at * (len(numbered) - 1))]
    key = lines[i].split(b" = ")[0]
    lines[i] = key + b' = "seven"'
    return b"\n".join(lines)


def unknown_key(text: bytes, at: float) -> bytes:
    return text.replace(b"\n", b"\nzz_not_a_key = 1\n", 1)


def bad_utf8(text: bytes, at: float) -> bytes:
    cut = int(len(text) * at)
    return text[:cut] + b"\xff\xfe" + text[cut:]


def duplicate_key(text: bytes, at: float) -> bytes:
    first = text.split(b"\n", 2)
    return b"\n".join([first[0], first[0], *first[1:]])


def huge_number(text: bytes, at: float) -> bytes:
    huge = rb"\1 = 99999999999999999999999"
    return re.sub(rb"^(?!schema_version)(\w+) = \d+$", huge, text, count=1, flags=re.M)


def not_a_number(text: bytes, at: float) -> bytes:
    return re.sub(rb"^(?!schema_version)(\w+) = \d+$", rb"\1 = nan", text, count=1, flags=re.M)


def newer_schema(text: bytes, at: float) -> bytes:
    return re.sub(rb"^schema_version = \d+", b"schema_version = 999", text, count=1, flags=re.M)


def conflict_markers(text: bytes, at: float) -> bytes:
    lines = text.split(b"\n")
    cut = max(1, int(len(lines) * at))
    mine, theirs = lines[cut - 1], lines[cut - 1]
    return b"\n".join(
        [*lines[: cut - 1], b"<<<<<<< HEAD", mine, b"=======", theirs, b">>>>>>> other", *lines[cut:]]
    )


MUTATIONS = [
    truncate, wrong_type, unknown_key, bad_utf8, duplicate_key, huge_number, not_a_number,
    newer_schema, conflict_markers,
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    demo=st.sampled_from(DEMO_NAMES),
    pick=st.floats(min_value=0, max_value=1),
    mutate=st.sampled_from(MUTATIONS),
    at=st.floats(min_value=0.05, max_value=0.95),
)
def test_a_broken_file_is_reported_by_line_and_never_rewritten(
    tmp_path_factory, demo: str, pick: float, mutate, at: float
) -> None:
    camp = tmp_path_factory.mktemp("camp") / demo
    shutil.copytree(DEMOS / demo, camp, ignore=shutil.ignore_patterns(".lock"))
    files = _files(demo)
    victim = camp / files[int(pick * (len(files) - 1))]
    broken = mutate(victim.read_bytes(), at)
    victim.write_bytes(broken)

    problems = [str(p) for p in check_campaign(camp)]  # never raises: everything is a problem
    for problem in problems:
        assert LOCATED.match(problem), problem
    try:
        session = Session.open(camp)
    except CampaignError as exc:  # only campaign.toml itself stops the opening, with its line
        assert victim.name == "campaign.toml" or "campaign.toml" in str(exc), exc
    else:
        with session:
            if problems:
                assert session.problems, "the console says which files it skipped"
    assert victim.read_bytes() == broken, "a bad file is never written to"


def test_each_kind_of_damage_is_named_at_its_line(tmp_path: Path) -> None:
    """One file, every mutation: each is reported at a line of that file (a huge round or a
    NaN initiative is refused, not kept)."""
    for mutate in MUTATIONS:
        camp = tmp_path / mutate.__name__
        shutil.copytree(DEMOS / "torg-demo", camp, ignore=shutil.ignore_patterns(".lock"))
        victim = next((camp / "encounters").glob("*.toml"))
        data = victim.read_bytes()
        at = 0.5
        if mutate is truncate:  # cut inside a value (a cut at a line's end can leave valid TOML)
            at = (data.index(b" = ", len(data) // 2) + 3) / len(data)
        victim.write_bytes(mutate(data, at))
        problems = [str(p) for p in check_campaign(camp)]
        assert any(p.startswith(f"{victim.as_posix()}:") for p in problems), (mutate.__name__, problems)
