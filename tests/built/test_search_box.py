"""The deck and encounter builders' search box: `/` opens it and no key typed after the `/` is lost,
however quickly it comes. Seen in tmux (`send-keys '/ash'`): the whole burst went to the list or map
focused before the `/`, which dropped it, and the search stayed empty; and with the search box
focused already (the deck builder opens so), the `/` itself was typed into the search, which then
found nothing."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from mythtable.tui.screens.built_editor import BuiltFileEditor
from mythtable.tui.screens.decks import DeckEditorScreen
from mythtable.tui.screens.encounter_editor import EncounterEditorScreen
from mythtable.tui.widgets.card_list import CardList
from mythtable.tui.widgets.map_editor import MapEditor
from tests.built.editing import burst, editing
from tests.tui.keys import press, settle

LISTS = {DeckEditorScreen: "#pool", EncounterEditorScreen: "#entries"}
"""The list each builder's search filters."""
EDITORS = [DeckEditorScreen, EncounterEditorScreen]


def search_text(screen: BuiltFileEditor) -> str:
    return screen.query_one("#search", Input).value


def listed(screen: BuiltFileEditor) -> list[str]:
    """The rows the search left in the list, as the player reads them."""
    rows = screen.query_one(LISTS[type(screen)], CardList)
    return [rows.render_row(row).plain.lower() for row in rows.rows]


def assert_found(screen: BuiltFileEditor, words: str, name: str) -> None:
    """The search holds `words` and the list shows what matches them, `name` among it."""
    assert search_text(screen) == words
    rows = listed(screen)
    assert any(name in row for row in rows), rows[:5]
    assert screen.focused is screen.query_one("#search", Input)


@pytest.mark.parametrize("editor", EDITORS)
async def test_slash_and_the_words_in_one_press_call_search_for_the_words(editor: type[BuiltFileEditor]) -> None:
    async with editing(editor) as (_app, pilot, screen):
        full = len(listed(screen))
        await press(pilot, "/", "a", "s", "h")
        assert_found(screen, "ash", "ash")
        assert len(listed(screen)) < full
        # a second search from the box itself: `/` starts it anew, it is not a letter of it
        await press(pilot, "/", "b", "o", "g")
        assert_found(screen, "bog", "bog")


@pytest.mark.parametrize("editor", EDITORS)
async def test_slash_and_the_words_in_one_burst_from_the_list_search_for_the_words(
    editor: type[BuiltFileEditor],
) -> None:
    """As tmux send-keys '/ash' or a quick typist delivers them: read at once, before the app has
    handled the `/`."""
    async with editing(editor) as (_app, pilot, screen):
        listing = screen.query_one(LISTS[editor], CardList)
        screen.set_focus(listing)
        await settle(pilot)
        await burst(pilot, "slash", "a", "s", "h")
        assert_found(screen, "ash", "ash")
        await burst(pilot, "slash", "b", "o", "g")
        assert_found(screen, "bog", "bog")


async def test_the_encounter_map_hands_a_burst_after_slash_to_the_search() -> None:
    """The encounter builder opens on its map, whose letters paint (w, d, f) and place (c, g)."""
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        before = dict(screen.data)
        await burst(pilot, "slash", "c", "i", "n", "d", "e", "r")
        assert_found(screen, "cinder", "cinder imp")
        assert screen.data == before, "no key of the burst reached the map"


@pytest.mark.parametrize(("editor", "box"), [(DeckEditorScreen, "#deck-name"), (EncounterEditorScreen, "#enc-name")])
async def test_slash_in_a_name_box_is_typed(editor: type[BuiltFileEditor], box: str) -> None:
    async with editing(editor) as (_app, pilot, screen):
        name = screen.query_one(box, Input)
        screen.set_focus(name)
        await press(pilot, "end", "/", "2")
        assert name.value.endswith("/2") and screen.focused is name
        assert search_text(screen) == ""


async def test_keys_after_the_enter_of_a_burst_act_on_the_list_the_search_left() -> None:
    """`/cinder`, Enter (the imp on the map, the map has the keys), `l` and `c` (another imp a square
    right) in one burst: the `l` and `c` used to be typed into the search (`cinderlc`, nothing found)
    before the Enter moved on."""
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        await burst(pilot, "slash", *"cinder", "enter", "l", "c")
        await settle(pilot)
        assert search_text(screen) == "cinder"
        assert screen.focused is screen.query_one("#map", MapEditor)
        assert {pos: c.id for pos, c in screen.draft.creatures.items()} == {(0, 0): "cinder_imp", (1, 0): "cinder_imp"}


async def test_the_maps_keys_typed_just_before_slash_in_a_burst_still_move_its_cursor() -> None:
    """`ll/ash` in one burst: the map's cursor two squares right, then the search. With `/` moving the
    focus as the app reads it, the map's own keys still on their way were looked up from the search
    box, which has no binding for them, and dropped."""
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        await burst(pilot, "l", "l", "j", "slash", "a", "s", "h")
        assert screen.query_one("#map", MapEditor).cursor == (2, 1)
        assert_found(screen, "ash", "ash hound")


async def test_the_pools_keys_typed_just_before_slash_in_a_burst_still_act_on_it() -> None:
    async with editing(DeckEditorScreen) as (_app, pilot, screen):
        pool = screen.query_one("#pool", CardList)
        screen.set_focus(pool)
        await settle(pilot)
        second = pool.rows[1]
        await burst(pilot, "down", "plus", "slash", "b", "o", "g")
        assert screen.counts == {second: 1}
        assert_found(screen, "bog", "bog")


async def test_keys_after_the_lists_enter_in_a_burst_act_on_the_map() -> None:
    """`/ash` Tab (to the list) Enter (put the hound down, back to the map) `l` `c` in one burst: the
    second hound one square right. The `l` and `c` reach the list before its Enter moved the focus;
    looked up there, the `c` ran before the `l` and took the first hound away again."""
    async with editing(EncounterEditorScreen) as (_app, pilot, screen):
        await burst(pilot, "slash", *"ash", "tab", "enter", "l", "c")
        await settle(pilot)
        assert screen.focused is screen.query_one("#map", MapEditor)
        assert screen.cursor == (1, 0)
        assert {pos: c.id for pos, c in screen.draft.creatures.items()} == {(0, 0): "ash_hound", (1, 0): "ash_hound"}


async def test_searches_and_enters_in_one_burst_add_what_each_search_found() -> None:
    """`/kosch` Enter `/bog` Enter Enter in one burst: Koschei once, the Bog Sprite twice. The Enter
    used to act only after the words typed after it had changed the list."""
    async with editing(DeckEditorScreen) as (_app, pilot, screen):
        koschei = next(p.id for p in screen.pool if p.name.startswith("Koschei"))
        bog = next(p.id for p in screen.pool if p.name == "Bog Sprite")
        await burst(pilot, "slash", *"kosch", "enter", "slash", *"bog", "enter", "enter")
        await settle(pilot)
        assert screen.counts == {koschei: 1, bog: 2}
        assert search_text(screen) == "bog"
        # Tab to the pool, + there, then a new search from the pool, all in one burst
        mara = next(p.id for p in screen.pool if p.name.startswith("Mara"))
        await burst(pilot, "tab", "plus", "slash", *"mara", "enter")
        await settle(pilot)
        assert screen.counts == {koschei: 1, bog: 3, mara: 1}
        assert search_text(screen) == "mara"
