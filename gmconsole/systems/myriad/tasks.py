"""Extended actions at the console: the ``task`` sheet action (spec §2.5, L137-L141, L500-L512).

A task lives in the scene where it happens: the active encounter's ``state["tasks"]``, keyed by
a one-word name, so every character in the scene can work on it with their own dice, it is
saved in ``encounters/<slug>.toml`` with the scene (picking a lock between two fights, or a
week of research in a "Library" scene the GM switches back to), and undo takes a roll back
with everything else. Open tasks show above the initiative steps (`header_lines`).

``task WHO ...`` (WHO is the one working; KEY/SECTION may leave out the section when the task
has one open section):

- ``task WHO new KEY[/SECTION] TN TARGET [after SECTION] [DURATION...]``: a new task, or a
  new section of one (TN a number or a ladder name: "tricky"); DURATION is the game time one
  roll takes ("10 minutes").
- ``task WHO roll KEY[/SECTION] OPTION [+N|-N] [DICE...]``: WHO rolls OPTION
  (``stat/skill``) against the section's TN; success adds the margin + 1, failure takes the
  shortfall away (never below 0); each roll costs one DURATION of game time.
- ``task WHO result KEY[/SECTION] N``: the same for a total rolled elsewhere (physical dice,
  or a test the GM already made with ``check``).
- ``task WHO add KEY[/SECTION] N``: another character adds (or, negative, takes away)
  progress on a task already under way (L507-L510).
- ``task WHO show [KEY]``: progress and game time so far; ``task WHO drop KEY`` removes one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gmconsole.engine.encounter import Encounter
from gmconsole.engine.numbers import whole
from gmconsole.systems.myriad.ability import target_number
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.extended import ExtendedAction, Section

TASKS = "tasks"
"""The key in ``Encounter.state`` holding the scene's extended actions."""
USAGE = ("task WHO new KEY[/SECTION] TN TARGET [after SECTION] [DURATION] | "
         "roll KEY[/SECTION] OPTION [+N] [DICE] | result KEY[/SECTION] N | "
         "add KEY[/SECTION] N | show [KEY] | drop KEY")


def load(enc: Encounter | None) -> dict[str, ExtendedAction]:
    if enc is None:
        return {}
    return {k: ExtendedAction.model_validate(v) for k, v in enc.state.get(TASKS, {}).items()}


def _save(enc: Encounter, tasks: Mapping[str, ExtendedAction]) -> None:
    if tasks:
        enc.state[TASKS] = {k: t.model_dump(mode="json") for k, t in sorted(tasks.items())}
    else:
        enc.state.pop(TASKS, None)


BOUNDS = {"target": (1, 1000), "modifier": (-20, 20), "die": (1, 6), "result": (0, 99),
          "points": (-1000, 1000), "TN": (1, 99)}
"""What each number of a task line may be: a progress target past 1000 is no scene's task."""


def _int(word: str, what: str) -> int:
    low, high = BOUNDS[what]
    return whole(word, what, low, high)


def _tn(word: str) -> int:
    """A TN as a number or a name from the ladder ("tricky")."""
    if word.lstrip("+-").isascii() and word.lstrip("+-").isdigit():
        return _int(word, "TN")
    return target_number(word)


def section_text(section: Section) -> str:
    done = " done" if section.complete else ""
    time = f", {section.elapsed}" if section.elapsed else ""
    return f"{section.name} {section.progress}/{section.target} (TN {section.tn}{time}){done}"


def task_text(key: str, task: ExtendedAction) -> str:
    sections = "; ".join(section_text(s) for s in task.sections)
    return f"{key}: {sections}" + (": complete" if task.complete else "")


def header_lines(enc: Encounter) -> list[str]:
    """One line per task still under way, for the initiative pane's header."""
    if TASKS not in enc.state:
        return []
    return [f"Task {task_text(k, t)}" for k, t in load(enc).items() if not t.complete]


class TaskAction:
    """One ``task`` command against the scene's tasks; `run` returns the log text and detail."""

    def __init__(self, sheet: Any, scene: Any, run_check: Callable[..., Any]) -> None:
        self.sheet, self.scene, self.run_check = sheet, scene, run_check
        if scene.encounter is None:
            raise MyriadError("extended tasks live in a scene: open one first with "
                              "'encounter NAME'")
        self.enc: Encounter = scene.encounter
        self.tasks = load(self.enc)

    def run(self, args: Sequence[str]) -> tuple[str, dict[str, Any]]:
        if not args:
            raise MyriadError(f"usage: {USAGE}")
        verb, rest = args[0].lower(), list(args[1:])
        handler = {"new": self._new, "roll": self._roll, "result": self._result,
                   "add": self._add, "show": self._show, "drop": self._drop}.get(verb)
        if handler is None:
            raise MyriadError(f"task: no command {verb!r} (usage: {USAGE})")
        text, detail = handler(rest)
        _save(self.enc, self.tasks)
        return text, detail

    def _task(self, key: str) -> ExtendedAction:
        task = self.tasks.get(key.lower())
        if task is None:
            known = ", ".join(self.tasks) or "none"
            raise MyriadError(f"no task {key!r} in this scene (tasks: {known})")
        return task

    def _find(self, ref: str) -> tuple[str, ExtendedAction, Section]:
        key, _, name = ref.partition("/")
        task = self._task(key)
        if name:
            return key.lower(), task, task.section(name)
        open_now = task.open_sections()
        if len(open_now) != 1:
            names = ", ".join(s.name for s in open_now) or "none: it is complete"
            raise MyriadError(f"{key}: name the section, KEY/SECTION (open: {names})")
        return key.lower(), task, open_now[0]

    def _new(self, rest: list[str]) -> tuple[str, dict[str, Any]]:
        if len(rest) < 3:
            raise MyriadError(f"task new needs KEY TN TARGET (usage: {USAGE})")
        ref, tn, target, rest = rest[0], _tn(rest[1]), _int(rest[2], "target"), rest[3:]
        requires = []
        if rest and rest[0].lower() == "after":
            if len(rest) < 2:
                raise MyriadError("after needs the section that must be finished first")
            requires, rest = [rest[1]], rest[2:]
        key, _, name = ref.partition("/")
        key = key.lower()
        section = Section(name=name or key, tn=tn, target=target, duration=" ".join(rest),
                          requires=requires)
        task = self.tasks.get(key)
        if task is None:
            task = ExtendedAction(name=key, sections=[section])
        else:
            task = ExtendedAction(name=key, sections=[*task.sections, section],
                                  ordered=task.ordered)
        self.tasks[key] = task
        each = f", {section.duration} a roll" if section.duration else ""
        return (f"starts task {key}: {section.name} TN {tn}, progress 0/{target}{each}",
                {"task": key, "section": section.name})

    def _step(self, key: str, task: ExtendedAction, section: Section,
              total: int) -> tuple[str, dict[str, Any]]:
        step = task.record_roll(section.name, total)
        change = step.after - step.before
        text = f"{key}/{section.name} {step.before} -> {step.after}/{section.target} ({change:+d})"
        if section.elapsed:
            text += f", {section.elapsed} so far"
        if step.complete:
            text += ": section complete" + ("; task complete" if task.complete else "")
        return text, {"task": key, "section": section.name, "total": total,
                      "before": step.before, "after": step.after, "complete": step.complete}

    def _roll(self, rest: list[str]) -> tuple[str, dict[str, Any]]:
        from gmconsole.engine.checks import CheckRequest

        if len(rest) < 2:
            raise MyriadError(f"task roll needs KEY and a test, e.g. grace/lockpicking "
                              f"(usage: {USAGE})")
        key, task, section = self._find(rest[0])
        mods = sum(_int(w, "modifier") for w in rest[2:] if w[:1] in "+-")
        dice = [_int(w, "die") for w in rest[2:] if w[:1] not in "+-"]
        typed, self.scene.dice[:] = list(self.scene.dice), []
        request = CheckRequest(option=rest[1], difficulty=section.tn, modifiers=mods)
        rng: random.Random = self.scene.rng
        result = self.run_check(self.sheet, request, rng, dice or typed or None)
        summary = result.summary()
        if self.sheet.name and summary.startswith(f"{self.sheet.name}: "):
            summary = summary[len(self.sheet.name) + 2:]
        text, detail = self._step(key, task, section, result.total)
        detail.update({"dice": [d.face for d in result.dice], "success": result.success,
                       "margin": result.margin})
        return f"works on {text}: {summary}", detail

    def _result(self, rest: list[str]) -> tuple[str, dict[str, Any]]:
        if len(rest) != 2:
            raise MyriadError(f"task result needs KEY and the total (usage: {USAGE})")
        key, task, section = self._find(rest[0])
        text, detail = self._step(key, task, section, _int(rest[1], "result"))
        return f"works on {text} (rolled {rest[1]} vs TN {section.tn})", detail

    def _add(self, rest: list[str]) -> tuple[str, dict[str, Any]]:
        if len(rest) != 2:
            raise MyriadError(f"task add needs KEY and the points (usage: {USAGE})")
        key, task, section = self._find(rest[0])
        step = task.contribute(section.name, _int(rest[1], "points"))
        done = ": section complete" if step.complete else ""
        return (f"helps with {key}/{section.name}: {step.before} -> {step.after}/"
                f"{section.target}{done}",
                {"task": key, "section": section.name, "before": step.before,
                 "after": step.after, "complete": step.complete})

    def _show(self, rest: list[str]) -> tuple[str, dict[str, Any]]:
        if len(rest) > 1:
            raise MyriadError(f"task show takes at most one KEY (usage: {USAGE})")
        keys = [k.lower() for k in rest if self._task(k)] or list(self.tasks)
        if not keys:
            return "no tasks in this scene", {}
        return "tasks: " + " | ".join(task_text(k, self.tasks[k]) for k in keys), {"tasks": keys}

    def _drop(self, rest: list[str]) -> tuple[str, dict[str, Any]]:
        if len(rest) != 1:
            raise MyriadError(f"task drop needs KEY (usage: {USAGE})")
        self._task(rest[0])
        key = rest[0].lower()
        gone = self.tasks.pop(key)
        return f"drops task {task_text(key, gone)}", {"task": key}
