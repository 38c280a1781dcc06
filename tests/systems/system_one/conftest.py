"""The System One tests' shared fixture: a fresh copy of the shipped demo, opened with seed 5."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.store import Session

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "system-one-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Session]:
    shutil.copytree(SHIPPED, tmp_path / "s1", ignore=shutil.ignore_patterns(".lock"))
    with Session.open(tmp_path / "s1", rng=random.Random(5)) as session:
        yield session
