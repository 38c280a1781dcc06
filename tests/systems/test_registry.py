"""The systems registry: ids from entry-point metadata, one cached instance per system, and
clear errors for unknown, broken or mislabelled plug-ins."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import gmconsole.systems as registry
from gmconsole.engine.errors import GmConsoleError
from gmconsole.systems import BrokenSystem, UnknownSystem, get_system, system_ids
from gmconsole.systems.base import GameSystem
from gmconsole.systems.generic import GenericSystem


class Mislabelled(GenericSystem):
    id = "not-what-it-says"


class PlugIn(GenericSystem):
    """A third-party system: registered by another distribution, not by gmconsole."""

    id = "plug-in"


def not_a_class() -> None:
    """An entry point may name any object; a function is not a system."""


@pytest.fixture
def fake_entry_points(monkeypatch):
    """Swap the installed entry points for hand-made ones (and keep get_system's cache clean)."""

    def install(**targets: str) -> None:
        eps = {n: EntryPoint(name=n, value=v, group=registry.GROUP) for n, v in targets.items()}
        monkeypatch.setattr(registry, "_entry_points", lambda: eps)
        get_system.cache_clear()

    yield install
    get_system.cache_clear()


def test_the_built_in_generic_system_is_registered() -> None:
    ids = system_ids()
    assert "generic" in ids and ids == sorted(ids)
    system = get_system("generic")
    assert isinstance(system, GenericSystem) and isinstance(system, GameSystem)
    assert get_system("generic") is system  # one shared instance


def test_an_unknown_id_suggests_the_closest_and_lists_the_known(fake_entry_points) -> None:
    fake_entry_points(generic="gmconsole.systems.generic:GenericSystem")
    hint = r"unknown system 'generik'; did you mean 'generic'\? \(known: generic\)"
    with pytest.raises(UnknownSystem, match=hint):
        get_system("generik")
    with pytest.raises(UnknownSystem, match=r"^unknown system 'zzz' \(known: generic\)$"):
        get_system("zzz")


def test_a_plugin_that_fails_to_import_is_reported_by_name(fake_entry_points) -> None:
    fake_entry_points(fancy="no_such_package_for_gmconsole.system:Fancy")
    with pytest.raises(BrokenSystem, match="system 'fancy' failed to load: "):
        get_system("fancy")


def test_a_plugin_that_is_not_a_game_system_is_refused(fake_entry_points) -> None:
    fake_entry_points(fake="gmconsole.engine.tracks:BoxTrack", fn=f"{__name__}:not_a_class")
    with pytest.raises(BrokenSystem, match="'fake' does not point at a GameSystem subclass"):
        get_system("fake")
    with pytest.raises(BrokenSystem, match="'fn' does not point at a GameSystem subclass"):
        get_system("fn")


def test_a_plugin_must_call_itself_by_its_registered_id(fake_entry_points) -> None:
    fake_entry_points(mine=f"{__name__}:Mislabelled")
    with pytest.raises(BrokenSystem, match="registered as 'mine' calls itself 'not-what-it-says'"):
        get_system("mine")


def test_registry_errors_are_console_errors() -> None:
    assert issubclass(UnknownSystem, GmConsoleError) and issubclass(BrokenSystem, GmConsoleError)


def test_system_ids_reads_metadata_without_importing_systems(fake_entry_points) -> None:
    fake_entry_points(a="never_imported_module:A", b="also_never_imported:B")
    assert system_ids() == ["a", "b"]


def test_a_built_in_id_is_found_without_scanning_every_distribution(monkeypatch) -> None:
    def full_scan() -> dict[str, EntryPoint]:
        raise AssertionError("a built-in system must not need the scan of every distribution")

    monkeypatch.setattr(registry, "_entry_points", full_scan)
    get_system.cache_clear()
    try:
        assert set(registry._built_in_entry_points()) >= {"generic", "myriad", "torg"}
        assert isinstance(get_system("generic"), GenericSystem)
    finally:
        get_system.cache_clear()


def test_a_plugin_id_not_in_gmconsoles_own_metadata_comes_from_the_full_scan(fake_entry_points) -> None:
    assert "plug-in" not in registry._built_in_entry_points()
    fake_entry_points(
        generic="gmconsole.systems.generic:GenericSystem", **{"plug-in": f"{__name__}:PlugIn"}
    )
    assert isinstance(get_system("plug-in"), PlugIn)
    assert system_ids() == ["generic", "plug-in"]
