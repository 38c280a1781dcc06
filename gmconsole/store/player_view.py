"""What the players may see of the fight: the round, the order, who acts, the conditions on
everyone, the PCs' health, and nothing of an NPC's numbers unless the GM made them public
(`public WHO`). Plain lines, so the same view feeds the player screen, a TV, a `--plain`
stream over SSH and the tests.

It reads a campaign folder without taking its lock (the GM's console is the only writer) and
`FolderWatch` tells when the GM's console has saved something, by the files' names, sizes and
modification times (an atomic rename is a new file, so it is always seen).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from gmconsole.engine.encounter import PUBLIC, Combatant, Encounter
from gmconsole.engine.errors import GmConsoleError
from gmconsole.store.folder import CAMPAIGN_FILE, LoadedCampaign, load_folder

WATCHED = ("roster", "encounters")


class FolderWatch:
    """Whether a campaign's state files changed since the last look (cheap: a few `stat`s)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._seen: tuple | None = None

    def fingerprint(self) -> tuple:
        found: list[tuple[str, int, int]] = []
        paths = [self.root / CAMPAIGN_FILE]
        for folder in WATCHED:
            try:
                paths += sorted((self.root / folder).glob("*.toml"))
            except OSError:
                continue
        for path in paths:
            try:
                st = os.stat(path)
            except OSError:
                continue  # renamed away between listing and stat: the next look sees the new one
            found.append((path.name, st.st_mtime_ns, st.st_size))
        return tuple(found)

    def changed(self) -> bool:
        now = self.fingerprint()
        if now == self._seen:
            return False
        self._seen = now
        return True


@dataclass(frozen=True)
class PlayerLine:
    text: str
    acting: bool = False
    heading: bool = False


def read_campaign(root: Path) -> LoadedCampaign:
    """The campaign as the GM's console last saved it (never locked, never written)."""
    return load_folder(Path(root), system_tables=False)


def view(loaded: LoadedCampaign) -> list[PlayerLine]:
    """The player view of the active encounter (or a line saying there is none)."""
    title = loaded.campaign.name
    slug = loaded.campaign.encounter
    enc = loaded.encounters.get(slug) if slug else None
    if enc is None:
        return [PlayerLine(title, heading=True), PlayerLine("No fight under way.")]
    head = f"{title} · {enc.name}"
    if not enc.started:
        return [PlayerLine(head, heading=True), PlayerLine("The fight has not started yet."),
                *[PlayerLine(f"  {c.name}") for c in enc.combatants]]
    order = loaded.system.turn_order(loaded.options)
    step = enc.current
    phase = f" · {step.phase} phase" if step is not None and step.phase else ""
    lines = [PlayerLine(f"{head} · Round {enc.round}{phase}", heading=True)]
    acting = [c.name for c in enc.acting if c.status != "out"]  # a fallen actor is not "to act"
    if acting:
        lines.append(PlayerLine(f"▶ {', '.join(acting)} to act", acting=True))
    if not any(st.phase for st in enc.steps):  # a phase order's header is the GM's own hint
        lines += [PlayerLine(h) for h in order.header(enc) if h]
    columns = order.columns(enc)
    if columns:
        now = {c.id for c in enc.acting}
        if now:
            lines += [_row(loaded, enc, c, "▶") for c in enc.acting]
        for heading, ids in columns.items():
            lines.append(PlayerLine(f"── {heading} ──"))
            lines += [_row(loaded, enc, enc.get(cid), " ") for cid in ids if cid not in now]
        return lines
    placed: set[str] = set()
    for i, st in enumerate(enc.steps):
        mark = "▶" if i == enc.pointer else ("✓" if i < enc.pointer else " ")
        for cid in st.actors:
            c = enc.get(cid)
            if c.status == "out":
                continue
            lines.append(_row(loaded, enc, c, mark, st.label if st.phase else ""))
            placed.add(cid)
    rest = [c for c in enc.combatants if c.id not in placed]
    if rest:
        lines.append(PlayerLine("── Also here ──"))
        lines += [_row(loaded, enc, c, " ") for c in rest]
    return lines


def _is_pc(loaded: LoadedCampaign, c: Combatant) -> bool:
    entry = loaded.roster.get(c.ref) if c.ref else None
    return entry is not None and entry.kind == "pc"


def _row(loaded: LoadedCampaign, enc: Encounter, c: Combatant, mark: str, label: str = "") -> PlayerLine:
    system = loaded.system
    shown = _is_pc(loaded, c) or bool(c.extra.get(PUBLIC))
    raw = c.sheet if c.sheet is not None else (loaded.roster[c.ref].sheet if c.ref in loaded.roster else None)
    parts = [f"{mark} {label + ' ' if label else ''}{c.name}"]
    if raw is not None:
        try:
            sheet = system.parse_sheet(raw)
            status = system.status(sheet)
            if shown:
                parts.append(system.health(sheet))
            word = status.label if status.health != "ok" else ""
            if status.health in ("down", "dead"):
                word = status.label.upper() or status.health.upper()
            if word:
                parts.append(word)
        except (ValidationError, GmConsoleError, ValueError):
            pass  # a sheet the GM is fixing: the name alone
    if c.status == "out":
        parts.append("out")
    if c.conditions:
        parts.append("[" + ", ".join(k.name + (f" {k.rounds}" if k.rounds is not None else "")
                                     for k in c.conditions) + "]")
    if c.declared and shown:
        parts.append(f"declares: {c.declared}")
    return PlayerLine("  ".join(p for p in parts if p), acting=mark == "▶")


def plain(lines: list[PlayerLine]) -> str:
    return "\n".join(line.text for line in lines)


def current(root: Path) -> list[PlayerLine]:
    """The view now; a campaign mid-save or broken reads as one line saying so (the next
    change tries again)."""
    try:
        return view(read_campaign(root))
    except (GmConsoleError, OSError, ValidationError) as exc:
        return [PlayerLine(f"(waiting for the campaign: {exc})")]
