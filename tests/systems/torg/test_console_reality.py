"""Reality on the sheet, typed at the command line: disconnection, reconnection against the Link
Difficulty chart, an Ord's transformation roll (worked examples §7.8)."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def sheet(s: Session, who: str):
    return s.resolve(who).sheet


def test_a_disconnected_character_spends_no_possibility_until_reconnected(demo: Session) -> None:
    """Quinn (Core Earth, reality SPI 8 + 1 = 9) in the Living Land: link DN 18. Die 18 (+5) = 14
    fails; the +3 link bonus and dice 20, 5 (25: +8) make 20: reconnected."""
    demo.execute("disconnect quinn")
    for line in ("spend quinn 1", "check quinn fire_combat possibility dice=3,14 vs 20"):
        with pytest.raises(RulesError, match="disconnected"):
            demo.execute(line)
    event = demo.execute("reconnect quinn living_land dice 18")
    assert "vs link DN 18" in event.text and "still disconnected" in event.text
    event = demo.execute("reconnect quinn living_land +3 dice 20 5")
    assert "reconnected" in event.text and sheet(demo, "quinn").connected


def test_an_ord_rolls_for_transformation(demo: Session) -> None:
    """R08's row: 3 months in a dominant zone needs 19; Ruiz rolls 18, then 20 + 3 = 23."""
    event = demo.execute("transform ruiz 2.5 months dice 18")
    assert "3 months in a dominant zone" in event.text and "18 vs 19: holds" in event.text
    assert not sheet(demo, "ruiz").transformed
    demo.execute("transform ruiz 2.5 months dice 20 3")
    assert sheet(demo, "ruiz").transformed
    with pytest.raises(RulesError):
        demo.execute("transform quinn 1 year")  # possibility-rated


@pytest.mark.parametrize(
    "line",
    [
        "reconnect quinn",
        "transform ruiz 0 days",
        "transform ruiz 3 kilos",
        "transform ruiz 99999999999 years",
    ],
)
def test_bad_reality_lines_are_refused(demo: Session, line: str) -> None:
    with pytest.raises(RulesError):
        demo.execute(line)
