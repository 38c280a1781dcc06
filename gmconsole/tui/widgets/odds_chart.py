"""The exact chance of a test, shown before the dice hit the table.

No competing tracker shows odds; a GM deciding whether a stunt is worth it wants "65%" and a
picture of the outcome bands at a glance. `Odds` comes from the system (exact `Fraction`s); this
widget prints the percentage and a horizontal bar per band, labelled in words and drawn with
block characters whose length carries the value, so nothing depends on colour.
"""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from gmconsole.engine.checks import Odds

_EIGHTHS = " ▏▎▍▌▋▊▉"
"""Partial block characters, so a 1% band still differs from a 0% band in a 20-cell bar."""


def percent(p: Fraction) -> str:
    """``65%``, ``2.5%``, ``<0.1%`` or ``>99.9%``: exact enough to compare, short enough to scan."""
    value = float(p) * 100
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    if value < 0.1:
        return "<0.1%"
    if value > 99.9:
        return ">99.9%"
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def bar(p: Fraction, cells: int) -> str:
    """A bar `cells` wide filled in proportion to `p`, in eighths of a cell."""
    if cells <= 0:
        return ""
    eighths = round(float(p) * cells * 8)
    if p > 0 and eighths == 0:
        eighths = 1
    full, rest = divmod(min(eighths, cells * 8), 8)
    return ("█" * full + (_EIGHTHS[rest] if rest else "")).ljust(cells)


def odds_bands(odds: Odds) -> list[tuple[str, Fraction]]:
    """The bands to draw: the system's own (`Odds.bars`) or plain success/failure."""
    if odds.bars:
        return list(odds.bars)
    return [("success", odds.success), ("failure", 1 - odds.success)]


def odds_text(odds: Odds | None, width: int = 40) -> Text:
    """Headline plus one line per band: ``success   65% ████████▌``."""
    if odds is None:
        return Text("Odds: not known for this test (pick a difficulty or opponent)", style="dim")
    text = Text("Chance of success: ", style="bold")
    text.append(percent(odds.success), style="bold reverse")
    if odds.success.denominator <= 1000 and 0 < odds.success < 1:
        text.append(f" ({odds.success.numerator}/{odds.success.denominator})")
    bands = odds_bands(odds)
    label_width = min(max(len(name) for name, _ in bands), 16)
    cells = max(4, width - label_width - 8)
    for name, p in bands:
        text.append("\n")
        text.append(f"{name[:label_width]:<{label_width}} {percent(p):>6} ")
        text.append(bar(p, cells))
    if odds.note:
        text.append(f"\n{odds.note}", style="italic")
    return text


class OddsChart(Widget):
    """Percentage and bar chart of one `Odds`; `show_odds(None)` says odds are unknown."""

    DEFAULT_CSS = """
    OddsChart { height: auto; }
    """

    def __init__(self, odds: Odds | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.odds = odds

    def show_odds(self, odds: Odds | None) -> None:
        self.odds = odds
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.content_height(width)

    def content_height(self, width: int) -> int:
        """Lines the chart takes at `width` (a long note wraps)."""
        width = width or 40
        return len(odds_text(self.odds, width).wrap(self.app.console, width)) or 1

    def render(self) -> Text:
        return odds_text(self.odds, self.size.width or 40)
