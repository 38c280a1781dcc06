"""Name lookups over the Torg data files (skills, attributes, cosms), with clear refusals.

Skill names are stored in snake_case ("fire_combat"); a GM may type "Fire Combat" or
"fire-combat" and get the same key, and a near miss gets "did you mean".
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load, suggest

ATTRIBUTE_NAMES = ("DEX", "STR", "TOU", "PER", "MIN", "CHA", "SPI")


def normalise(name: str) -> str:
    return "_".join(name.strip().lower().replace("-", " ").split())


@cache
def _skills() -> dict[str, dict[str, Any]]:
    skills = load("skills")["skills"]
    for key, info in skills.items():
        unskilled = info.get("unskilled")
        if info.get("attribute") not in ATTRIBUTE_NAMES or unskilled not in ("yes", "no", "partial"):
            raise TorgError(f"skills.toml: skill '{key}' needs an attribute and unskilled yes/no/partial")
    return skills


def skill_names() -> list[str]:
    return sorted(_skills())


def skill_key(name: str) -> str:
    """The stored key of a skill name; unknown names are refused with a suggestion."""
    key = normalise(name)
    if key == "test_of_wills":
        key = "test"
    if key not in _skills():
        raise TorgError(f"unknown skill '{name}'{suggest(key, list(_skills()))}")
    return key


def skill_info(key: str) -> dict[str, Any]:
    return _skills()[skill_key(key)]


def attribute_key(name: str) -> str:
    key = name.strip().upper()
    if key not in ATTRIBUTE_NAMES:
        raise TorgError(f"unknown attribute '{name}' (one of {', '.join(ATTRIBUTE_NAMES)})")
    return key


@cache
def knowledge_names() -> frozenset[str]:
    groups = load("skills")["knowledges"]
    return frozenset(k for names in groups.values() for k in names)


@cache
def _cosms() -> dict[str, dict[str, Any]]:
    return load("cosms")["cosms"]


def cosm_names() -> dict[str, str]:
    """cosm key -> display name, in the book's order."""
    order = load("cosms")["order"]
    return {k: _cosms()[k]["name"] for k in order}


def cosm_axioms(cosm: str) -> dict[str, int]:
    if cosm not in _cosms():
        raise TorgError(f"unknown cosm '{cosm}'{suggest(cosm, list(_cosms()))}")
    return dict(_cosms()[cosm]["axioms"])


def link_difficulty(home: str, current: str) -> int:
    """Link Difficulty chart (L4831-L4840): row = the cosm the character is from, column = the
    cosm the character is in."""
    cosm_axioms(home)
    cosm_axioms(current)
    order = load("cosms")["order"]
    return int(_cosms()[home]["link"][order.index(current)])
