"""Any sequence of intents, refusals, undos and redos keeps the session's promises (Hypothesis
drives a fight as a GM might, typos included):

- what the session holds in memory is what its files say (every change is saved at once);
- a refused intent changes nothing in memory, even one refused after the engine had begun
  changing its working copy (typed dice a turn did not need);
- an event in undo's history keeps the changes it recorded, whatever later intents do to the
  entities it touched (the history shares snapshots with the session's copies).
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.roster import Character
from gmconsole.store import Session
from gmconsole.store.folder import load_folder
from gmconsole.store.models import snapshot

WHO = ["ayla", "brak", "goblin", "goblin-2", "goblin-3", "nobody"]
CONDITIONS = ["prone", "stunned", "on fire"]

line = st.one_of(
    st.sampled_from(["next", "next 4", "next 20 20", "prev", "hold", "undo", "undo", "redo", "add goblin"]),
    st.builds("dmg {} {}".format, st.sampled_from(WHO), st.integers(0, 9)),
    st.builds("heal {} {}".format, st.sampled_from(WHO), st.integers(0, 9)),
    st.builds("cond {} {} {}".format, st.sampled_from(WHO), st.sampled_from(CONDITIONS), st.integers(1, 3)),
    st.builds("uncond {} {}".format, st.sampled_from(WHO), st.sampled_from(CONDITIONS)),
    st.builds("{} {}".format, st.sampled_from(["hold", "now", "out", "in", "remove"]), st.sampled_from(WHO)),
)


def _frozen(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


class Fight(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp())
        s = self.session = Session.create(
            self.tmp / "camp", name="Machine", system_id="generic", rng=random.Random(5)
        )
        ayla = Character(name="Ayla", kind="pc", sheet={"hp": 12, "hp_max": 12, "initiative": 3})
        s.save_character("ayla", ayla)
        s.save_character("brak", Character(name="Brak", kind="npc", sheet={"hp": 9, "hp_max": 9}))
        s.save_character(
            "goblin", Character(name="Goblin", kind="creature", template=True, sheet={"hp": 5, "hp_max": 5})
        )
        for command in ("encounter Fight", "add ayla", "add brak", "add 2 goblin", "start"):
            s.execute(command)
        self.recorded: list[tuple[Any, str]] = []
        """Events undo can reach, each with its changes as they were recorded."""

    def memory(self) -> dict[str, Any]:
        s = self.session
        out = {"campaign": snapshot(s.campaign)}
        out |= {f"roster/{k}": snapshot(v) for k, v in s.roster.items()}
        out |= {f"encounters/{k}": snapshot(v) for k, v in s.encounters.items()}
        return out

    @rule(command=line)
    def play(self, command: str) -> None:
        before = self.memory()
        try:
            self.session.execute(command)
        except GmConsoleError:
            assert self.memory() == before, f"refused {command!r} changed memory"
            return
        event = self.session.history.peek_undo()
        if event is not None and all(event is not e for e, _ in self.recorded):
            self.recorded.append((event, _frozen([c.model_dump() for c in event.changes])))

    @invariant()
    def memory_is_what_the_files_say(self) -> None:
        loaded = load_folder(self.session.path, system_tables=False)
        assert not loaded.problems
        disk = {"campaign": snapshot(loaded.campaign)}
        disk |= {f"roster/{k}": snapshot(v) for k, v in loaded.roster.items()}
        disk |= {f"encounters/{k}": snapshot(v) for k, v in loaded.encounters.items()}
        assert self.memory() == disk

    @invariant()
    def undo_history_keeps_what_it_recorded(self) -> None:
        for event, frozen in self.recorded:
            assert _frozen([c.model_dump() for c in event.changes]) == frozen, event.text

    def teardown(self) -> None:
        self.session.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


Fight.TestCase.settings = settings(
    max_examples=20, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_a_fight_keeps_its_promises = Fight.TestCase
