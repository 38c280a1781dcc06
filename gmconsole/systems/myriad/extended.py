"""Extended actions: a task split into sections, each with a TN, a progress target and a duration.

Rules (spec §2.5): every roll costs the section's duration of game time. A success adds the margin
+ 1 to the progress; a failure takes the shortfall away (never below 0). The section is complete
once progress reaches its target. Other characters may add to, or subtract from, the progress
once the action has started. The Guide decides whether sections must be done in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from pydantic import ConfigDict, Field, model_validator

from gmconsole.engine.model import Model
from gmconsole.systems.myriad.errors import MyriadError


def progress_after(progress: int, result: int, tn: int) -> int:
    """Progress after one roll: + (margin + 1) on a success, - shortfall on a failure (min 0)."""
    if result >= tn:
        return progress + (result - tn) + 1
    return max(0, progress - (tn - result))


class Section(Model):
    """One section of an extended action. ``requires`` names sections to finish first."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    tn: int = Field(ge=1)
    target: int = Field(ge=1)
    duration: str = ""
    requires: list[str] = Field(default=[])
    progress: int = Field(default=0, ge=0)
    rolls: int = Field(default=0, ge=0)

    @property
    def complete(self) -> bool:
        return self.progress >= self.target

    @property
    def elapsed(self) -> str:
        """Game time spent: one duration per roll ("4 x 10 minutes" -> "40 minutes")."""
        if not self.duration or not self.rolls:
            return ""
        amount, _, unit = self.duration.partition(" ")
        if amount.isascii() and amount.isdigit() and len(amount) <= 6 and unit:
            return f"{int(amount) * self.rolls} {unit}"
        return f"{self.rolls} x {self.duration}"


@dataclass(frozen=True)
class ProgressStep:
    section: str
    before: int
    after: int
    complete: bool


class ExtendedAction(Model):
    """A whole extended task; persisted in the campaign so work can span sessions."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    sections: list[Section] = Field(min_length=1)
    ordered: bool = False

    @model_validator(mode="after")
    def _known_requirements(self) -> Self:
        names = [s.name for s in self.sections]
        if len(set(names)) != len(names):
            raise MyriadError("sections: two sections share a name")
        for section in self.sections:
            for need in section.requires:
                if need not in names:
                    raise MyriadError(f"sections.{section.name}.requires: no section {need!r}")
        return self

    @property
    def complete(self) -> bool:
        return all(s.complete for s in self.sections)

    def section(self, name: str) -> Section:
        for section in self.sections:
            if section.name == name:
                return section
        known = ", ".join(s.name for s in self.sections)
        raise MyriadError(f"{self.name} has no section {name!r} (sections: {known})")

    def open_sections(self) -> list[Section]:
        """Sections that can be worked on now (prerequisites done; in order if ``ordered``)."""
        done = {s.name for s in self.sections if s.complete}
        ready = [s for s in self.sections if not s.complete and set(s.requires) <= done]
        return ready[:1] if self.ordered else ready

    def record_roll(self, name: str, result: int) -> ProgressStep:
        """Apply one test result to a section."""
        section = self._workable(name)
        before = section.progress
        section.progress = progress_after(before, result, section.tn)
        section.rolls += 1
        return ProgressStep(section=name, before=before, after=section.progress,
                            complete=section.complete)

    def contribute(self, name: str, points: int) -> ProgressStep:
        """Another character adds (or, negative, takes away) progress on a started section."""
        section = self._workable(name)
        if section.rolls == 0 and section.progress == 0:
            raise MyriadError(f"{name}: others can only add to an action once it has started")
        before = section.progress
        section.progress = max(0, before + points)
        return ProgressStep(section=name, before=before, after=section.progress,
                            complete=section.complete)

    def _workable(self, name: str) -> Section:
        section = self.section(name)
        if section.complete:
            raise MyriadError(f"{name} is already complete")
        if section not in self.open_sections():
            raise MyriadError(f"{name} cannot be worked on yet: finish "
                             f"{', '.join(section.requires) or 'the earlier sections'} first")
        return section
