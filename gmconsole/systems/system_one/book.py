"""The System One data files, read once per process: the book's skill list (cost, base
attribute, prerequisites). The numbers are the book's; the files carry its credit."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from gmconsole.engine import fast_toml


@dataclass(frozen=True)
class SkillDef:
    name: str
    cost: int
    attr: str
    """The base attribute; "" for Language, which uses none."""
    prereqs: tuple[tuple[str, int], ...]
    """(skill, level) pairs; a prerequisite the book words loosely ("a projectile weapon skill
    2") is left out and shown in the notes."""
    notes: str = ""


@cache
def data_file(name: str) -> dict[str, Any]:
    text = resources.files("gmconsole.systems.system_one.data").joinpath(f"{name}.toml").read_text("utf-8")
    return fast_toml.loads(text)


@cache
def skills() -> dict[str, SkillDef]:
    """Skill name (lower case) -> its definition."""
    table = next(t for t in data_file("skills")["table"] if t["name"] == "Skills")
    out: dict[str, SkillDef] = {}
    for name, cost, attr, prereq, notes in table["rows"]:
        pairs = []
        for part in filter(None, (p.strip() for p in prereq.split(";"))):
            m = re.fullmatch(r"(.+) (\d+)", part)
            if m and not part.startswith(("a ", "an ")):
                pairs.append((m.group(1), int(m.group(2))))
        out[name.lower()] = SkillDef(name, int(cost), attr, tuple(pairs), notes)
    return out


def skill_def(name: str) -> SkillDef | None:
    """The book's entry for a skill, by its name with or without a specialisation."""
    key = name.strip().lower()
    found = skills().get(key)
    if found is None and "(" in key:
        found = skills().get(key.split("(")[0].strip())
    return found
