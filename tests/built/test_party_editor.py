"""The party builder by keys (Pilot): build a party with a level-4 hero, see a problem and mend it,
save it, start a MythCraft game with it against the computer and play a round: the game gives the
hero the HP (F-20) and Reactive AP cap (C-21, C-22) the builder showed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Input, Select

from mythtable import userfiles
from mythtable.engine.decision import Action, Decision
from mythtable.engine.registry import load
from mythtable.rulesets.mythcraft.rules.formulas import hero_max_hp, reactive_cap
from mythtable.rulesets.mythcraft.rules.sheet import hero_sheet
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.new_game import NewGameScreen
from mythtable.tui.screens.party_editor import PartyEditorScreen
from mythtable.tui.start import PartyEditor, Start
from tests.built.editing import data_root, editing, game_started, save_as
from tests.tui.driver import step
from tests.tui.keys import press, settle

CONTENT = load("mythcraft").content


def row(screen: PartyEditorScreen, key: str) -> int:
    return [f.key for f in screen.fields].index(key)


async def go_to(pilot, screen: PartyEditorScreen, key: str) -> None:  # type: ignore[no-untyped-def]
    """Put the field list's cursor on a row by keys (Home, then Down)."""
    screen.query_one("#fields").focus()
    await press(pilot, "home", *["down"] * row(screen, key))


def end_turns(decision: Decision, app: MythtableApp) -> Action:
    """The heroes end each turn with their AP unspent and decline every reaction."""
    actions = decision.actions
    if ("end",) in actions:
        return ("end",)
    return next((a for a in actions if a[0] == "decline"), actions[0])


@pytest.mark.slow
async def test_build_a_level_4_hero_save_the_party_and_play_a_round_with_it() -> None:
    async with editing(PartyEditorScreen, from_title=True) as (app, pilot, screen):
        assert screen.heroes == [] and any("hero" in p for p in screen.problems)
        # a copy of the prebuilt berzerker (the first choice), raised to level 4 by keys
        await press(pilot, "ctrl+n")
        assert [h["id"] for h in screen.heroes] == ["hrodna"] and screen.problems == []
        await go_to(pilot, screen, "level")
        await press(pilot, "right", "right", "right")
        hero = screen.heroes[0]
        assert hero["level"] == 4
        berzerker = replace(CONTENT.heroes["berzerker"], raises=[])  # a copy is the level-1 build (H-31)
        expected = hero_sheet(CONTENT, berzerker, 4)
        assert expected.hp == hero_max_hp(4, berzerker.attributes["END"]) == 22 and expected.reactive_cap == 3
        assert f"HP {expected.hp} · SP 0 · AP/turn {expected.ap}" in screen.sheet
        assert "Reactive AP cap 3" in screen.sheet
        await press(pilot, "right", "right")  # past 5 it stays at 5
        assert hero["level"] == 5 and "Reactive AP cap 4" in screen.sheet
        await press(pilot, "left")
        assert hero["level"] == 4
        # a new name, typed (text is data); the id follows it
        screen.query_one("#hero-name", Input).focus()
        await press(pilot, "ctrl+u", *"Brunhild")
        assert hero["name"] == "Brunhild" and hero["id"] == "brunhild"
        # a shield beside the battle axe is fine (hand and a half); more carried than the load is not
        await go_to(pilot, screen, "carried:field_pack")
        await press(pilot, *["right"] * 3)
        assert any(p.startswith("Hero 1 (Brunhild), carried") and "H-6" in p for p in screen.problems), screen.problems
        assert any("Load" in line and "OVER" in line for line in screen.sheet)
        await press(pilot, *["left"] * 3)
        assert screen.problems == []
        # a second hero: a copy of the cleric, chosen beside the list
        screen.query_one("#add-from", Select).value = "cleric"
        await settle(pilot)
        await press(pilot, "ctrl+n")
        assert [h["id"] for h in screen.heroes] == ["brunhild", "maelis"] and screen.current == 1
        await press(pilot, "left_square_bracket")
        assert screen.current == 0 and screen.query_one("#hero-name", Input).value == "Brunhild"
        # the party's name and file
        saved = await save_as(pilot, screen, "Pilot Party", "pilot-party")
        assert saved.name == "pilot-party" and saved.ok, saved.problems
        assert saved.data is not None and saved.data["hero"][0]["level"] == 4
        await press(pilot, "ctrl+g")  # play it: the new-game form with this party
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#field-hero1", Select).value == "user:pilot-party/brunhild"
        assert form.query_one("#field-hero2", Select).value == "user:pilot-party/maelis"
        assert form.query_one("#field-hero3", Select).value == Select.NULL
        form.query_one("#p2-controller", Select).value = "easy"
        await settle(pilot)
        await press(pilot, "ctrl+s")
        game = await game_started(pilot, app)
        assert game.setup.built["parties"]["pilot-party"] == saved.data
        brunhild = next(u for u in game.state.units if u.name == "Brunhild")
        assert brunhild.level == 4 and brunhild.max_hp == brunhild.hp == 22
        # a round by keys: the heroes end their turns with all their AP, the computer plays the creatures
        for _ in range(400):
            if game.state.round >= 2 and game.state.units[game.state.order[game.state.turn_idx]] is brunhild:
                break
            decision = game.decision
            assert decision is not None, "the game ended first"
            screen = app.screen
            if decision.seat == 1 or not isinstance(screen, GameScreen) or not screen.prompt.actions:
                await pilot.pause(0.05)  # the computer's move, or the prompt not shown yet
                continue
            assert await step(pilot, app, end_turns)
        assert game.state.round == 2 and game.decision is not None and game.decision.seat == 0
        fresh = expected.ap
        assert brunhild.kept == min(fresh, reactive_cap(4)) == 3
        assert brunhild.ap == fresh + 3
        said = "Brunhild's turn: gains 4 AP + keeps 3 Reactive AP (cap 3, 1 lost)"
        assert any(said in line.event.text for line in game.log)


async def test_a_blank_hero_takes_a_spell_and_the_saved_party_opens_again() -> None:
    root = data_root()
    async with editing(PartyEditorScreen) as (app, pilot, screen):
        screen.query_one("#add-from", Select).value = "empty"
        await settle(pilot)
        await press(pilot, "ctrl+n")
        hero = screen.heroes[0]
        assert hero["level"] == 1 and set(hero["attributes"].values()) == {0}
        assert "HP 13 · SP 0 · AP/turn 3" in screen.sheet  # F-20: 10 + 1 x 2 (END 0: V 2) + 1; C-16: 3 + 0
        # the level row steps below 1 to "the party's": the entry then has no level of its own
        await go_to(pilot, screen, "level")
        await press(pilot, "left")
        assert "level" not in hero and screen.sheet[0].startswith("Level: the party's")
        await press(pilot, "right")
        # a spell taken and left out again by Enter
        spell = next(iter(CONTENT.spells))
        await go_to(pilot, screen, f"spells:{spell}")
        await press(pilot, "enter")
        assert hero["spells"] == [spell] and "SP 4" in screen.sheet[1]
        await press(pilot, "ctrl+s")
        (saved,) = userfiles.library("mythcraft", root, "parties")
        assert saved.ok and saved.name == "my-party"
        # a second builder opens it from the start list and writes over it
        app.pop_screen()
        await settle(pilot)
        await press(pilot, "h")
        again = app.screen
        assert isinstance(again, PartyEditorScreen) and again is not screen
        again.query_one("#start-from", Select).value = "user:my-party"
        await settle(pilot)
        assert again.heroes == saved.data["hero"]  # type: ignore[index]
        await press(pilot, "ctrl+r", "y")  # it asks first (test_builders_trusted.py)
        assert again.heroes == [] and any("no hero yet" in p for p in again.problems)
        await press(pilot, "ctrl+s")  # work in progress may be saved: listed with its problem, never offered
        (saved,) = userfiles.library("mythcraft", root, "parties")
        assert not saved.ok


async def test_hostile_party_files_open_in_the_builder_as_data() -> None:
    """Markup, escape sequences and wrong types in a saved party: shown as text, keys do not break it."""
    folder = data_root() / "parties"
    folder.mkdir(parents=True)
    (folder / "odd.toml").write_text(
        'name = "[b]x[/b] \\u001b]0;t\\u0007"\n[[hero]]\nid = "Q!"\nname = "[red]Mal[/red]\\u001b[2J"\n'
        'level = "x"\nattributes = "strong"\ncarried = 5\nspells = [1, 2]\nfeature = "flight"\n'
        "[[hero]]\nname = 7\nlevel = 99\n",
        encoding="utf-8",
    )
    async with editing(PartyEditorScreen) as (_app, pilot, screen):
        screen.query_one("#start-from", Select).value = "user:odd"
        await settle(pilot)
        assert len(screen.heroes) == 2 and screen.problems and screen.sheet == []
        assert "\x1b" not in screen.query_one("#party-name", Input).value
        assert "\x1b" not in screen.query_one("#hero-name", Input).value
        tabs = str(screen.query_one("#heroes").render())
        assert "[red]Mal[/r" in tabs and "\x1b" not in tabs  # the markup is shown as the text it is
        for key in ("level", "attributes.STR", "feature", "carried:dagger", f"spells:{next(iter(CONTENT.spells))}"):
            await go_to(pilot, screen, key)
            await press(pilot, "right", "left", "enter")
        await press(pilot, "right_square_bracket")
        await go_to(pilot, screen, "level")
        await press(pilot, "left")
        assert screen.heroes[1]["level"] == 5  # 99 is no choice: Left starts from the last one
        assert screen.problems


def test_party_builder_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The builder at 80x24 with a level-4 copy of the berzerker."""
    app = MythtableApp(start=PartyEditor())
    assert snap_compare(app, press=["ctrl+n", "right", "right", "right"], terminal_size=(80, 24))


def test_mythtable_parties_opens_the_builder_in_a_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`mythtable parties` in a terminal opens the builder; piped, it lists the parties as before."""
    import io
    import sys

    from mythtable import cli

    opened: list[Start | None] = []
    monkeypatch.setattr(cli, "_run_app", lambda start, data: opened.append(start) or 0)

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stdout", Tty())
    assert cli.main(["parties"]) == 0
    assert opened == [PartyEditor()]
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert cli.main(["parties"]) == 0
    assert len(opened) == 1 and "no parties yet" in sys.stdout.getvalue()
