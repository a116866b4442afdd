"""The deck editor by keys (Pilot): build a legal deck from empty, see a rule break and mend it, save
it, and start a game with it against the computer."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.widgets import Input, Select

from mythtable import userfiles
from mythtable.engine.registry import load
from mythtable.tui.screens.decks import DeckEditorScreen
from mythtable.tui.screens.new_game import NewGameScreen
from tests.built.editing import data_root, editing, game_started, save_as
from tests.tui.keys import press, settle


async def add_by_search(pilot, screen: DeckEditorScreen, name: str, copies: int) -> None:  # type: ignore[no-untyped-def]
    """Search for `name` and press Enter `copies` times. The words are set in the box rather than typed, key
    by key: what typing does to the search box is test_search_box.py's, and here it cost a key per letter."""
    search = screen.query_one("#search", Input)
    search.focus()
    search.value = name.lower()
    await settle(pilot)
    await press(pilot, *["enter"] * copies)


@pytest.mark.slow
async def test_build_a_legal_deck_from_empty_mend_a_break_save_and_play_it() -> None:
    content = load("mythicarium").content
    target = content.decks["moonless-court"]
    async with editing(DeckEditorScreen, from_title=True) as (app, pilot, screen):
        assert screen.ruleset_id == "mythicarium"
        assert screen.counts == {}
        assert any("F-17" in p for p in screen.problems) and any("H-1" in p for p in screen.problems)
        for champion in target.champions:
            await add_by_search(pilot, screen, content.cards[champion].name, 1)
        for cid, copies in Counter(target.cards).items():
            await add_by_search(pilot, screen, content.cards[cid].name, copies)
        await settle(pilot)
        assert screen.counts == {**{c: 1 for c in target.champions}, **Counter(target.cards)}
        assert screen.problems == []
        # a second copy of a Champion is refused at once (H-30: 3 different Champions), and says why
        champion = target.champions[0]
        await add_by_search(pilot, screen, content.cards[champion].name, 1)
        assert screen.counts[champion] == 1 and "at most 1" in screen.message
        # a fourth Champion breaks F-17: shown at once; taking it out mends it
        other = next(c for c in content.cards.values() if c.is_champion and c.id not in target.champions)
        await add_by_search(pilot, screen, other.name, 1)
        await settle(pilot)
        assert any(p.startswith("F-17") and "not 4" in p for p in screen.problems)
        await press(pilot, "tab")  # to the pool, where the Champion is highlighted
        await press(pilot, "minus")
        assert other.id not in screen.counts and screen.problems == []
        saved = await save_as(pilot, screen, "Pilot Deck", "pilot-deck")
        assert saved.name == "pilot-deck" and saved.ok and saved.label == "Pilot Deck"
        await press(pilot, "ctrl+g")  # play it: the new-game form with this deck for player 1
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#field-deck1", Select).value == "user:pilot-deck"
        form.query_one("#p2-controller", Select).value = "easy"
        await settle(pilot)
        await press(pilot, "ctrl+s")
        game = await game_started(pilot, app)
        assert game.setup.options["deck1"] == "user:pilot-deck" and game.controllers[1] == "easy"
        assert game.setup.built["decks"]["pilot-deck"] == saved.data


async def test_start_from_a_copy_of_a_prebuilt_mage_wars_deck_and_edit_a_saved_one() -> None:
    root = data_root()
    async with editing(DeckEditorScreen) as (_app, pilot, screen):
        screen.query_one("#ruleset", Select).value = "magewars"
        await settle(pilot)
        first = next(iter(load("magewars").content.decks))
        screen.query_one("#start-from", Select).value = f"pre:{first}"
        await settle(pilot)
        assert screen.problems == [] and sum(screen.counts.values()) == 40
        assert screen.query_one("#file-name", Input).value.startswith("copy-of-")
        screen.query_one("#deck", type(screen.query_one("#pool"))).focus()
        await press(pilot, "minus")
        assert any(p.startswith("H-1") and "39" in p for p in screen.problems)
        await press(pilot, "ctrl+s")  # work in progress may be saved: listed with its problem, not offered
        (saved,) = userfiles.library("magewars", root)
        assert not saved.ok and "39" in saved.problems[0]
        await press(pilot, "plus")
        assert screen.problems == []
        await press(pilot, "ctrl+s")  # the same file: written over, now legal
        (saved,) = userfiles.library("magewars", root)
        assert saved.ok


async def test_a_search_draws_only_the_rows_on_screen_whatever_the_pool_size() -> None:
    """Counts, not clocks: a pool four times bigger draws the same number of rows per search."""
    from dataclasses import replace

    from mythtable.tui.widgets.card_list import CardList

    drawn: list[int] = []
    for scale in (1, 4):
        async with editing(DeckEditorScreen) as (_app, pilot, screen):
            screen.pool = screen.pool + [replace(p, id=f"{p.id}-{k}") for k in range(1, scale) for p in screen.pool]
            screen.cards = {p.id: p for p in screen.pool}
            pool = screen.query_one("#pool", CardList)
            calls = [0]
            original = pool.render_row

            def counting(card_id: str, _original=original, calls=calls) -> object:  # type: ignore[no-untyped-def]
                calls[0] += 1
                return _original(card_id)

            pool.render_row = counting  # type: ignore[assignment]
            await press(pilot, "a")  # every card's text has an "a": the whole pool matches
            assert len(pool.rows) == len(screen.pool)
            drawn.append(calls[0])
            assert calls[0] <= 2 * pool.size.height
    assert drawn[0] == drawn[1]


async def test_hostile_deck_files_open_in_the_editor_as_data() -> None:
    """Unknown cards, absurd counts, markup and escape sequences in a saved deck: shown, never obeyed."""
    folder = data_root() / "decks" / "mythicarium"
    folder.mkdir(parents=True)
    (folder / "odd.toml").write_text(
        'name = "[b]x[/b] \\u001b]0;t\\u0007"\nchampions = ["gone", 7]\n[cards]\nghost = 100000000000\nzero = -3\n',
        encoding="utf-8",
    )
    (folder / "Bad Name.toml").write_text("name = 1", encoding="utf-8")
    async with editing(DeckEditorScreen) as (_app, pilot, screen):
        start = screen.query_one("#start-from", Select)
        values = [value for _label, value in start._options]
        assert "user:odd" in values and "user:Bad Name" not in values
        start.value = "user:odd"
        await settle(pilot)
        assert screen.counts == {"gone": 1, "ghost": 100000000000, "zero": -3}
        assert "\x1b" not in screen.query_one("#deck-name", Input).value
        assert screen.problems and any("unknown card" in p for p in screen.problems)
        screen.query_one("#deck", type(screen.query_one("#pool"))).focus()
        await press(pilot, "minus", "down", "minus", "end", "plus")
        assert screen.problems
