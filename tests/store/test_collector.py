"""An intent runs with the cyclic collector held off, and leaves it as it found it."""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

from gmconsole.engine.errors import GmConsoleError
from gmconsole.store import Session
from gmconsole.store.collector import collector_paused


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_an_intent_runs_with_the_collector_off_and_turns_it_back_on(tmp_path: Path, collector_on) -> None:
    seen: list[bool] = []
    with Session.create(tmp_path / "c", name="C", system_id="generic", rng=random.Random(1)) as s:
        real = s.roll

        def roll(expr: str):
            seen.append(gc.isenabled())
            return real(expr)

        s.roll = roll  # type: ignore[method-assign]
        s.execute("roll 2d6")
        assert seen == [False]
        assert gc.isenabled()
        with pytest.raises(GmConsoleError):  # a refused intent gives the collector back too
            s.execute("dmg nobody 3")
        assert gc.isenabled()


def test_a_pause_inside_another_leaves_the_decision_to_the_outer_one(collector_on) -> None:
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause did not switch it back on
    assert gc.isenabled()
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()  # it was off before: it stays off
    gc.enable()
