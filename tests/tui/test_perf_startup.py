"""Start-up (issue #24): work the first screen does not need is left out of it. Opening a
campaign reads no package metadata (a built-in system is imported by name; pydantic's plug-in
scan is off) and the settings file is read without building a pydantic model."""

from __future__ import annotations

import shutil
import textwrap
import tomllib
from pathlib import Path

import pytest
from fresh_process import probe

from gmconsole.systems import BUILT_IN
from gmconsole.tui.app import GmConsole
from gmconsole.tui.screens.main import MainScreen
from gmconsole.tui.settings import Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]

METADATA_PROBE = textwrap.dedent(
    """
    import importlib.metadata as metadata, json, sys

    read = []
    for name in ("entry_points", "distribution", "distributions", "version"):
        def spy(*args, _name=name, _real=getattr(metadata, name), **kwargs):
            read.append(f"{_name}{args}{kwargs}")
            return _real(*args, **kwargs)
        setattr(metadata, name, spy)

    from gmconsole.tui import run

    async def shown(pilot):
        from gmconsole.tui.screens.main import MainScreen

        while not isinstance(pilot.app.screen, MainScreen):
            await pilot.pause(0.01)
        await pilot.pause()
        print(json.dumps(read), flush=True)
        pilot.app.exit()

    run(sys.argv[1], remember=False, headless=True, size=(120, 40), auto_pilot=shown)
    """
)


def test_opening_a_campaign_reads_no_package_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    demo = shutil.copytree(
        ROOT / "campaigns" / "torg-demo", tmp_path / "torg", ignore=shutil.ignore_patterns(".lock")
    )
    assert probe(METADATA_PROBE, str(demo)) == []


def test_the_settings_module_does_not_load_pydantic() -> None:
    code = "import json, sys; import gmconsole.tui.settings; print(json.dumps('pydantic' in sys.modules))"
    assert probe(code) is False


def test_the_built_in_systems_are_the_entry_points_pyproject_declares() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["gmconsole.systems"] == BUILT_IN


async def test_a_settings_file_of_bad_bytes_opens_the_console_with_defaults(
    campaign: Path, config_home: Path
) -> None:
    config_home.mkdir(parents=True)
    (config_home / "settings.toml").write_bytes(b'theme = "\xff\xfe"\n')
    app = GmConsole(campaign, remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert app.settings == Settings()


@pytest.mark.parametrize(
    "text",
    ["theme = 3\n", 'recent = "one"\n', 'recent = ["a", 2]\n', 'schema_version = "x"\n', "theme = [\n"],
)
def test_a_settings_value_of_the_wrong_kind_reads_as_defaults(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    assert load_settings(path) == Settings()


def test_settings_are_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "gm" / "settings.toml"
    settings = Settings(theme="gm-high-contrast")
    settings.remember(tmp_path / "a")
    settings.remember(tmp_path / "b")
    save_settings(settings, path)
    assert path.read_text(encoding="utf-8").splitlines()[:2] == [
        "schema_version = 1",
        'theme = "gm-high-contrast"',
    ]
    assert load_settings(path) == settings
    assert load_settings(path).last_campaign == str((tmp_path / "b").resolve())
