"""After the session: `recap` writes the day's story into `notes/`, `git_commit` (the verb `commit`) saves the
campaign folder in git with a message that sums the session up.

The whole log is read for both (a session keeps only its newest page in memory), and both
leave a note in the log, so the record says when a recap was written or a commit made. A
commit records its note first, so the commit holds it and leaves the folder clean.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.store import git, recap
from gmconsole.store.files import atomic_write
from gmconsole.store.log import read_log
from gmconsole.store.state import SessionState

NOTES = "notes"


class ChronicleIntents(SessionState):
    def _story(self, date: str | None) -> tuple[recap.DayStory, dict[str, str], dict[str, str]]:
        events, _problems = read_log(self.path)
        day = date or recap.last_day(events) or dt.datetime.now(dt.UTC).date().isoformat()
        try:
            dt.date.fromisoformat(day)
        except ValueError:
            raise RulesError(f"{day!r} is not a date (YYYY-MM-DD)") from None
        names = {slug: c.name for slug, c in self.roster.items()}
        for enc in self.encounters.values():
            names.update({c.id: c.name for c in enc.combatants})
        encounter_names = {slug: enc.name for slug, enc in self.encounters.items()}
        return recap.story(events, day), names, encounter_names

    def recap(self, date: str | None = None) -> Event:
        """Write the recap of `date` (default: the last day with events) to
        `notes/recap-<date>.md`; a GM's note of that name is never overwritten (-2, -3...)."""
        self.require_writable()
        s, names, encounter_names = self._story(date)
        text = recap.markdown(s, self.campaign.name, self.system.name, names, encounter_names)
        folder = self._notes_folder()
        path = folder / f"recap-{s.date}.md"
        n = 2
        while os.path.lexists(path):  # a link in the way is someone's too, even a broken one
            path = folder / f"recap-{s.date}-{n}.md"
            n += 1
        try:
            atomic_write(path, text)
        except OSError as exc:
            raise RulesError(f"could not write notes/{path.name}: {exc.strerror or exc}") from None
        shown = path.relative_to(self.path).as_posix()
        event = Event(kind=EventKind.NOTE, text=f"recap of {s.date} written to {shown}",
                      data={"recap": shown, "date": s.date})
        self.record(event)
        return event

    def _notes_folder(self) -> Path:
        """`notes/` as a real folder inside the campaign (made if missing): a recap is never
        written through a link that leads out of the campaign, nor over a file in the way."""
        folder = self.path / NOTES
        try:
            if not os.path.lexists(folder):
                folder.mkdir()
            inside = folder.resolve().is_relative_to(self.path.resolve())
        except OSError as exc:
            raise RulesError(f"could not make notes/ in {self.path}: {exc.strerror or exc}") from None
        if folder.is_symlink() or not inside:
            raise RulesError(f"{folder} is a link out of the campaign: the recap is not written there "
                             "(make notes/ a plain folder)")
        if not folder.is_dir():
            raise RulesError(f"{folder} is not a folder: the recap needs notes/ to be one")
        return folder

    def git_commit(self, message: str | None = None) -> Event:
        """Commit the campaign folder: the message is the GM's, or a summary of the last day
        played (rounds fought, who fell, the best roll)."""
        self.require_writable()
        try:  # refuse before logging anything: no git, no repository, nothing new
            if not git.status(self.path).dirty:
                raise git.GitError("nothing to commit: the campaign is as git last saw it")
        except git.GitError as exc:
            raise RulesError(str(exc)) from None
        _s, names, encounter_names = self._story(None)
        events, _problems = read_log(self.path)
        s = recap.since_last_commit(events)
        text = (message or "").strip() or recap.summary_line(s, names, encounter_names)
        event = Event(kind=EventKind.NOTE, text=f"committed to git: {text}", data={"commit": text})
        self.record(event)
        try:
            short = git.commit(self.path, text)
        except git.GitError as exc:
            raise RulesError(f"{exc} (the note stays in the log)") from None
        event.data["id"] = short
        return event
