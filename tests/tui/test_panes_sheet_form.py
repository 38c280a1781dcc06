"""The generated sheet form: refuses invalid values with pydantic's reason next to the field,
saves nothing half-way, saves a valid edit as one undoable event, and copes with the shapes the
systems' sheets use (nested tracks, choices, lists of models, dicts of numbers)."""

from __future__ import annotations

import enum
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

import pytest
from panes_host import PaneHost, make_session
from pydantic import BaseModel, Field
from textual import on

from gmconsole.engine.dice.field import DiceText
from gmconsole.engine.roster import Character
from gmconsole.engine.tracks import BoxTrack, LevelTrack
from gmconsole.store.session import Session
from gmconsole.systems.generic import GenericSystem
from gmconsole.tui.screens.sheet_form import SheetEdit, SheetForm
from gmconsole.tui.widgets.roster import RosterPane


class FormHost(PaneHost):
    """Opens the sheet form on the roster's Edit message and saves what it returns."""

    def __init__(self, session: Any, pane: Any) -> None:
        super().__init__(session, pane)
        self.results: list[SheetEdit | None] = []

    @on(RosterPane.Edit)
    def _edit(self, message: RosterPane.Edit) -> None:
        self.push_screen(SheetForm(self.session, message.slug), self._saved)

    def _saved(self, edit: SheetEdit | None) -> None:
        self.results.append(edit)
        if edit is not None:
            slug = edit.slug or self.session.free_slug(edit.character.name)
            self.intent(lambda: self.session.save_character(slug, edit.character))


def error_of(form: SheetForm, *path: Any) -> str:
    """The refusal shown under a field or block, checked against what the list draws."""
    message = form.error(tuple(path))
    if message:
        drawn = [r.text.plain for r in form.query_one("#sheet-body").rows]
        assert any(message in line for line in drawn), "the refusal is drawn under its field"
    return message


async def test_invalid_values_are_refused_with_the_reason_and_nothing_is_saved(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    before = session.roster["ayla"].model_dump()
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, SheetForm)
        form.set_text(("sheet", "hp_max"), "200000")
        form.set_text(("sheet", "stats"), "agility = 3\nwits 1")
        form.set_text(("name",), "")
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is form  # still open: nothing saved half-way
        assert "less than or equal to 100000" in error_of(form, "sheet", "hp_max")
        assert "line 2: write it as 'name = value'" in error_of(form, "sheet", "stats")
        assert "at least 1 character" in error_of(form, "name")
        assert "3 problems" in str(form.query_one("#sheet-summary").render())

        form.set_text(("sheet", "hp_max"), "10")
        form.set_text(("sheet", "stats"), "agility = 3")
        form.set_text(("name",), "Ayla")
        form.set_text(("sheet", "hp"), "12")  # over hp_max: the model's own check
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is form
        assert "hp (12) exceeds hp_max (10)" in error_of(form, "sheet")
        assert error_of(form, "sheet", "hp_max") == ""  # fixed fields lose their marks
        await pilot.press("escape", "y")  # edited: Esc asks before throwing the edits away
        await pilot.pause()
        assert app.results == [None]
        assert session.roster["ayla"].model_dump() == before


async def test_a_valid_edit_is_saved_once_and_undoes(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, SheetForm)
        assert form.selected == ("sheet", "hp")  # an edit starts at the numbers
        assert app.focused is form.query_one("#sheet-input")
        await pilot.press("4")  # the number is selected: typing replaces it
        assert form.text(("sheet", "hp")) == "4"
        row = next(r.text.plain for r in form.query_one("#sheet-body").rows if r.key == "field::sheet/hp")
        assert row.rstrip().endswith("4")  # the line shows what is typed
        form.set_text(("sheet", "stats"), "agility = 3\nwits = 1\ndodge = 2")
        form.set_text(("kind",), "npc")
        await pilot.press("f2")
        await pilot.pause()
        assert not isinstance(app.screen, SheetForm)
        ayla = session.roster["ayla"]
        assert ayla.kind == "npc" and ayla.player == "Sam"
        assert ayla.sheet["hp"] == 4 and ayla.sheet["stats"] == {"agility": 3, "wits": 1, "dodge": 2}
        assert app.errors == []
        row = next(r.text.plain for r in app.pane.list.rows if r.key == "r:ayla")
        assert "HP 4/10" in row and "NPC" in row
        session.undo()
        assert session.roster["ayla"].sheet["hp"] == 10 and session.roster["ayla"].kind == "pc"


async def test_new_entry_from_the_roster(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("N")
        form = app.screen
        assert isinstance(form, SheetForm)
        assert form.selected == ("name",)  # a new entry starts at its name
        form.set_text(("name",), "Orc chief")
        form.set_text(("kind",), "creature")
        form.set_text(("sheet", "hp_max"), "20")
        form.set_text(("sheet", "hp"), "20")
        await pilot.press("f2")
        await pilot.pause()
        assert session.roster["orc-chief"].sheet["hp_max"] == 20


# ---------------------------------------------------------------- the shapes other systems use


class Trigger(enum.Enum):
    ATTACK = "attack"
    DEFENCE = "defence"


class Sfx(BaseModel):
    name: str = Field(min_length=1)
    cost: int = Field(default=1, ge=1, le=3)
    """Sixes it costs to trigger."""
    trigger: Trigger = Trigger.ATTACK


class RichSheet(BaseModel):
    grace: int = Field(default=2, ge=1, le=5, description="Agility and reflexes.")
    level: Literal["normal", "heroic"] = "normal"
    lucky: bool = False
    wounds: BoxTrack = Field(default_factory=lambda: BoxTrack(boxes=6))
    shock: LevelTrack = Field(default_factory=lambda: LevelTrack(levels=["none", "K", "O", "KO"]))
    skills: dict[str, int] = Field(default_factory=dict)
    sfx: list[Sfx] = Field(default_factory=list)
    lines: dict[str, BoxTrack] = Field(default_factory=lambda: {"wounds": BoxTrack(boxes=4)})
    motto: str | None = None


class RichSystem(GenericSystem):
    sheet_model = RichSheet

    def describe(self, sheet: BaseModel) -> str:
        return ""


def rich_session() -> Any:
    system = RichSystem()
    sheet = RichSheet(sfx=[Sfx(name="Power Strike", cost=2)], skills={"dodge": 2}).model_dump(mode="json")
    return SimpleNamespace(system=system, roster={"kai": Character(name="Kai", kind="pc", sheet=sheet)})


class Host(PaneHost):
    def __init__(self, session: Any) -> None:
        super().__init__(session, RosterPane())

    def redraw(self) -> None:  # the fake session has no encounter; the form is what is tested
        pass


async def test_nested_models_lists_and_choices(tmp_path: Path) -> None:
    session = rich_session()
    app = Host(session)
    results: list[SheetEdit | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetForm(session, "kai"), results.append)
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SheetForm)
        rows = form.fields
        assert rows[("sheet", "grace")].hint == "1 to 5"
        assert "Agility and reflexes." in form.help(("sheet", "grace"))
        assert rows[("sheet", "sfx", 0, "cost")].description == "Sixes it costs to trigger."
        assert rows[("sheet", "level")].kind == "choice"
        assert rows[("sheet", "lucky")].kind == "bool"  # yes/no, not a colour-only checkbox
        assert rows[("sheet", "sfx", 0, "trigger")].choices == ("attack", "defence")
        assert rows[("sheet", "wounds", "marked")].kind == "int"
        assert rows[("sheet", "shock", "levels")].kind == "list"

        # a dict of models is a group per key; a new key is asked for by name
        assert rows[("sheet", "lines", "wounds", "boxes")].kind == "int"
        add_line = next(a for a in form.actions("add") if "lines" in a.text)
        await form.do(add_line)
        await pilot.pause()
        await pilot.press(*"stun", "enter")
        await pilot.pause()
        assert app.screen is form and form.form_layout.keys[("sheet", "lines")] == ["wounds", "stun"]
        form.set_text(("sheet", "lines", "stun", "boxes"), "3")

        # add an SFX item, leave its required name empty and over-spend the cost: both refused
        add = next(a for a in form.actions("add") if "sfx" in a.text)
        await form.do(add)
        await pilot.pause()
        assert form.form_layout.counts[("sheet", "sfx")] == 2
        assert form.selected == ("sheet", "sfx", 1, "name")  # the editor goes to the new item
        form.set_text(("sheet", "sfx", 1, "cost"), "5")
        form.set_text(("sheet", "wounds", "marked"), "9")
        await pilot.press("f2")
        await pilot.pause()
        assert results == []
        assert "at least 1 character" in error_of(form, "sheet", "sfx", 1, "name")
        assert "less than or equal to 3" in error_of(form, "sheet", "sfx", 1, "cost")
        assert "marked (9) exceeds boxes (6)" in error_of(form, "sheet", "wounds")

        form.set_text(("sheet", "sfx", 1, "name"), "Dodge Roll")
        form.set_text(("sheet", "sfx", 1, "cost"), "1")
        form.set_text(("sheet", "sfx", 1, "trigger"), "DEF")
        form.set_text(("sheet", "wounds", "marked"), "2")
        form.set_text(("sheet", "lucky"), "y")  # any unambiguous start of a choice
        # remove the first SFX: the second one (with its edits) moves up
        remove = form.actions("remove")[0]
        assert remove.path == ("sheet", "sfx", 0)
        await form.do(remove)
        await pilot.pause()
        assert form.text(("sheet", "sfx", 0, "name")) == "Dodge Roll"
        await pilot.press("f2")
        await pilot.pause()
    assert results and results[0] is not None
    sheet = RichSheet.model_validate(results[0].character.sheet)
    assert [s.name for s in sheet.sfx] == ["Dodge Roll"]
    assert sheet.sfx[0].trigger is Trigger.DEFENCE
    assert sheet.wounds.marked == 2 and sheet.lucky and sheet.skills == {"dodge": 2}
    assert sheet.motto is None
    assert sheet.lines == {"wounds": BoxTrack(boxes=4), "stun": BoxTrack(boxes=3)}


async def test_myriad_resilience_lines_are_edited_in_place(tmp_path: Path) -> None:
    session = Session.create(tmp_path / "m", name="M", system_id="myriad")
    sheet = session.system.dump_sheet(session.system.new_sheet())
    session.save_character("kai", Character(name="Kai", kind="pc", sheet=sheet))
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        form = app.screen
        assert isinstance(form, SheetForm)
        marked = ("sheet", "resilience", "wounds", "line", "marked")
        form.set_text(marked, "7")
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is form
        assert "exceeds" in error_of(form, "sheet", "resilience", "wounds", "line")
        form.set_text(marked, "2")
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is not form
        row = next(r.text.plain for r in app.pane.list.rows if r.key == "r:kai")
        assert "[x][x][ ][ ] 2 left" in row


def demos() -> list[str]:
    """Every shipped demo campaign folder."""
    root = Path(__file__).parents[2] / "campaigns"
    return [d.name for d in sorted(root.iterdir()) if (d / "roster").is_dir()]


@pytest.mark.parametrize("demo", demos())
async def test_every_demo_sheet_saves_unchanged_through_the_form(tmp_path: Path, demo: str) -> None:
    """Opening a sheet and saving it at once must work, for every character of every demo: the
    form once sent Torg's derived toughness back empty and refused every Torg sheet."""
    import shutil

    shutil.copytree(Path(__file__).parents[2] / "campaigns" / demo, tmp_path / demo,
                    ignore=shutil.ignore_patterns(".lock"))
    session = Session.open(tmp_path / demo)
    slugs = sorted(session.roster)
    assert slugs, f"{demo} has characters"
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for slug in slugs:  # one console, each sheet in turn (a console a sheet was most of the time)
            before = session.roster[slug]
            app.push_screen(SheetForm(session, slug))
            await pilot.pause()
            form = app.screen
            assert isinstance(form, SheetForm)
            character, errors = form.validate()
            assert errors == {}, slug
            assert character is not None
            expected = session.system.dump_sheet(session.system.parse_sheet(before.sheet))
            assert character.sheet == expected, slug
            assert character.model_dump(exclude={"sheet"}) == before.model_dump(exclude={"sheet"}), slug
            app.pop_screen()
            await pilot.pause()


async def test_a_new_torg_entry_has_one_name_kind_and_side(tmp_path: Path) -> None:
    """The Torg sheet repeats name, kind and side; the form showed both sets and saved the
    sheet's defaults ("New character", side hero) under the name typed at the top."""
    session = Session.create(tmp_path / "t", name="T", system_id="torg")
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("N")
        form = app.screen
        assert isinstance(form, SheetForm)
        assert not form.query("#f-sheet-name") and not form.query("#f-sheet-side")
        form.set_text(("name",), "Thug")
        form.set_text(("kind",), "npc")
        await pilot.press("f2")
        await pilot.pause()
    thug = session.roster["thug"]
    assert thug.sheet["name"] == "Thug" and thug.sheet["kind"] == "npc"


async def test_esc_with_edits_asks_first_and_without_leaves_at_once(tmp_path: Path) -> None:
    from gmconsole.tui.screens.prompt import ConfirmPrompt

    session = make_session(tmp_path)
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, SheetForm)
        await pilot.press("escape")  # nothing edited: gone at once
        await pilot.pause()
        assert not isinstance(app.screen, SheetForm | ConfirmPrompt)
        await pilot.press("e")
        await pilot.pause()
        form = app.screen
        form.set_text(("sheet", "hp"), "3")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt)
        await pilot.press("n")  # keep editing
        await pilot.pause()
        assert app.screen is form and form.text(("sheet", "hp")) == "3"
        await pilot.press("escape", "y")
        await pilot.pause()
        assert not isinstance(app.screen, SheetForm | ConfirmPrompt)
    assert app.results == [None, None]


@pytest.mark.parametrize(("demo", "slug"), [("torg-demo", "quinn"), ("system-one-demo", "yuki")])
async def test_closed_blocks_open_on_request_and_save_what_they_hold(
    tmp_path: Path, demo: str, slug: str
) -> None:
    """Long lists and big nested blocks open closed (the form appears sooner); saving a form
    with them closed keeps them as they were, and opened they are read like any field."""
    import shutil

    shutil.copytree(Path(__file__).parents[2] / "campaigns" / demo, tmp_path / demo,
                    ignore=shutil.ignore_patterns(".lock"))
    session = Session.open(tmp_path / demo)
    before = session.system.dump_sheet(session.system.parse_sheet(session.roster[slug].sheet))
    app = FormHost(session, RosterPane())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SheetForm(session, slug))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SheetForm)
        closed = form.actions("open")
        assert closed, "this sheet has a block long enough to open closed"
        character, errors = form.validate()
        assert errors == {} and character is not None and character.sheet == before
        target = closed[0].path
        form.select(next(iter(form.fields)))
        while form.selected != target:  # down the form to the 'open' line, and Enter
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert target not in form.form_layout.closed
        opened = [path for path in form.fields if path[: len(target)] == target and len(path) > len(target)]
        assert form.selected == opened[0]  # the editor goes into the opened block
        assert opened, "the opened block shows its fields"
        character, errors = form.validate()
    assert errors == {} and character is not None
    assert character.sheet == before


async def test_keys_walk_the_form_top_to_bottom_and_lines_show_what_is_typed(tmp_path: Path) -> None:
    """One editor moves down the form with Tab, Down and Enter (a many-line field lets Up and
    Down through at its first and last line); a line shows its text as typed, marked ✗ with the
    reason while it cannot be read."""
    session = rich_session()
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetForm(session, "kai"))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SheetForm)
        form.select(("name",))
        order = [path for path in form.fields]
        seen = [form.selected]
        for _ in range(6):
            await pilot.press("tab")
            seen.append(form.selected)
        assert seen == order[:7]  # Tab goes top to bottom, field by field
        await pilot.press("shift+tab")
        assert form.selected == order[5]

        form.select(("sheet", "grace"))
        await pilot.press("x")  # the number was selected: x replaces it
        row = next(r.text.plain for r in form.query_one("#sheet-body").rows if r.key == "field::sheet/grace")
        assert "x  ✗ 'x' is not a whole number" in row
        await pilot.press("backspace", "4", "enter")  # Enter moves on, like Tab
        assert form.text(("sheet", "grace")) == "4" and form.selected == ("sheet", "level")

        form.select(("sheet", "sfx", 0, "trigger"))  # the last field of the only SFX
        await pilot.press("enter")  # on to the next field, past 'add sfx'
        assert form.selected == ("sheet", "lines", "wounds", "boxes")  # past 'remove wounds' too
        assert form.form_layout.counts[("sheet", "sfx")] == 1 and form.form_layout.keys[("sheet", "lines")]

        form.select(("sheet", "skills"))  # a dict: several lines in a text box
        await pilot.pause()
        assert app.focused is form.query_one("#sheet-text")
        await pilot.press("end", "enter", *"stealth = 1")
        assert form.text(("sheet", "skills")) == "dodge = 2\nstealth = 1"
        await pilot.press("down")  # on its last line: on to the next field
        assert form.selected != ("sheet", "skills")
        assert app.focused is not form.query_one("#sheet-text")


async def test_keys_typed_ahead_of_tab_and_f2_land_in_the_field_they_were_typed_in(tmp_path: Path) -> None:
    """Over SSH, or from tmux, "2", Tab, "5", Tab, "3", F2 can arrive in one read. Tab and F2
    were priority keys, so they moved (or saved) before the digits reached the editor: the 2
    went into the next field. And a line was drawn when the editor said it changed, which came
    after the move: the first field kept showing its old value."""
    from textual import events

    session = rich_session()
    app = Host(session)
    results: list[SheetEdit | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetForm(session, "kai"), results.append)
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SheetForm)
        form.select(("sheet", "grace"))
        await pilot.pause()
        ahead = [("4", "4"), ("tab", None), ("y", "y"), ("tab", None)]
        for key, character in ahead:
            app._driver.send_message(events.Key(key, character))  # no waiting between keys
        await pilot.pause()
        assert form.text(("sheet", "grace")) == "4"
        assert form.text(("sheet", "level")) == "y"
        drawn = {r.key: r.text.plain for r in form.query_one("#sheet-body").rows if r.key}
        assert drawn["field::sheet/grace"].rstrip().endswith("4")
        assert "y  ✗" in drawn["field::sheet/level"]  # 'y' is no level: marked as typed
        form.select(("sheet", "level"))
        await pilot.pause()
        for key, character in [("ctrl+a", None), ("ctrl+k", None), ("h", "h"), ("f2", None)]:
            app._driver.send_message(events.Key(key, character))
        await pilot.pause()
    assert results and results[0] is not None
    sheet = RichSheet.model_validate(results[0].character.sheet)
    assert sheet.grace == 4 and sheet.level == "heroic"


class ArmedSheet(BaseModel):
    """A sheet with a text field and a dice field, as System One's weapons have."""

    motto: str = "Onward"
    damage: DiceText = "1d6"


class ArmedSystem(GenericSystem):
    sheet_model = ArmedSheet

    def describe(self, sheet: BaseModel) -> str:
        return ""


async def test_typing_replaces_a_text_field_and_a_dice_field_is_checked_as_typed() -> None:
    """Typing '2d6' into a weapon's '1d6' saved '1d62d6' (text fields appended to their value)
    with no mark; every field's value is now replaced by what is typed, and a dice field says
    at once when what is typed is no dice."""
    sheet = ArmedSheet().model_dump(mode="json")
    kai = Character(name="Kai", kind="pc", sheet=sheet)
    session = SimpleNamespace(system=ArmedSystem(), roster={"kai": kai})
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetForm(session, "kai"))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SheetForm)
        assert form.fields[("sheet", "damage")].dice
        form.select(("sheet", "damage"))
        await pilot.pause()
        await pilot.press(*"2d6")
        assert form.text(("sheet", "damage")) == "2d6"
        form.select(("sheet", "motto"))
        await pilot.pause()
        await pilot.press(*"Hold")
        assert form.text(("sheet", "motto")) == "Hold"
        form.select(("sheet", "damage"))
        await pilot.pause()
        await pilot.press(*"2x6")
        row = next(r.text.plain for r in form.query_one("#sheet-body").rows if r.key == "field::sheet/damage")
        assert "2x6  ✗" in row and "not a dice expression" in row


async def test_the_form_shows_the_systems_live_notes_as_a_sheet_is_built(tmp_path: Path) -> None:
    """ARM's point-buy running total follows what is typed, before anything is saved."""
    import shutil

    root = tmp_path / "arm"
    shutil.copytree(Path(__file__).resolve().parents[2] / "campaigns" / "arm-demo", root)
    session = Session.open(root)
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetForm(session, "christine"))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SheetForm)
        summary = form.query_one("#sheet-summary")
        before = str(summary.render())
        assert before.startswith("Point-buy: ") and "chp" in before
        stats = form.text(("sheet", "stats"))
        form.set_text(("sheet", "stats"), stats.replace("fitness = ", "fitness = 1"))
        await pilot.pause()
        after = str(summary.render())
        assert after.startswith("Point-buy: ") and after != before
    session.close()
