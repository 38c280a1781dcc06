"""The three track shapes every system's sheet is built from, and their bounds."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gmconsole.engine.tracks import BoxTrack, LevelTrack, PointPool, StatusView, TrackView


def test_box_track_marks_in_order_and_spills_the_rest() -> None:
    wounds = BoxTrack(boxes=4)
    assert wounds.mark(3) == 0 and wounds.remaining == 1 and not wounds.full
    assert wounds.mark(3) == 2  # two boxes spill to the next line (Myriad: critical)
    assert wounds.full and wounds.marked == 4
    assert wounds.clear(1) == 1 and wounds.marked == 3
    assert wounds.clear() == 3 and wounds.marked == 0
    assert wounds.clear(5) == 0


def test_box_track_bounds() -> None:
    with pytest.raises(ValidationError, match=r"marked \(5\) exceeds boxes \(4\)"):
        BoxTrack(boxes=4, marked=5)
    with pytest.raises(ValidationError):
        BoxTrack(boxes=-1)
    with pytest.raises(ValueError, match="negative"):
        BoxTrack(boxes=2).mark(-1)
    assert BoxTrack(boxes=0).full


def test_level_track_rises_to_the_top_and_reports_the_overflow() -> None:
    wounds = LevelTrack(levels=["none", "wounded", "heavy", "mortal", "dead"])
    assert wounds.label == "none" and wounds.top == 4
    assert wounds.raise_by(2) == 0 and wounds.label == "heavy"
    assert wounds.raise_by(5) == 3 and wounds.label == "dead"
    wounds.lower_by(10)
    assert wounds.value == 0


def test_level_track_bounds() -> None:
    with pytest.raises(ValidationError, match=r"level 3 is past the last level \(1\)"):
        LevelTrack(levels=["ok", "hurt"], value=3)
    with pytest.raises(ValidationError):
        LevelTrack(levels=[])


def test_point_pool_spends_to_its_floor_and_restores_to_its_maximum() -> None:
    hp = PointPool(maximum=10, current=10)
    assert hp.spend(4) == 4 and hp.current == 6
    assert hp.spend(20) == 6 and hp.current == 0
    assert hp.restore(15) == 10 and hp.current == 10
    life = PointPool(maximum=20, current=5, floor=None)
    assert life.spend(12) == 12 and life.current == -7  # Life Points into the negatives
    guts = PointPool(maximum=5, current=3, floor=1)
    assert guts.spend(5) == 2 and guts.current == 1


def test_point_pool_bounds() -> None:
    with pytest.raises(ValidationError, match=r"current \(11\) exceeds maximum \(10\)"):
        PointPool(maximum=10, current=11)
    with pytest.raises(ValidationError, match=r"current \(-1\) is below the floor \(0\)"):
        PointPool(maximum=10, current=-1)
    assert PointPool(maximum=10, current=-1, floor=None).current == -1


def test_tracks_round_trip_as_plain_data() -> None:
    tracks = (
        BoxTrack(boxes=3, marked=1),
        LevelTrack(levels=["a", "b"], value=1),
        PointPool(maximum=4, current=2),
    )
    for track in tracks:
        assert type(track).model_validate(track.model_dump()) == track


def test_views_default_to_a_healthy_character() -> None:
    status = StatusView()
    assert (status.health, status.label, status.detail, status.flags) == ("ok", "ok", "", ())
    view = TrackView(name="Wounds", kind="boxes", value=2, maximum=6)
    assert view.labels == () and view.note == ""
    with pytest.raises(AttributeError):
        view.value = 3  # type: ignore[misc]
