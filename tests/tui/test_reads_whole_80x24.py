"""80x24 reads whole (issue 33, item 5): a seeded game of each ruleset, at each stage (early and late in the game,
when the table is crowded) and at its end, shows no cut name (a card's, creature's or hero's name ending in "." or
"…", numbered "~2", or with its small words dropped, where neither the full name nor the short name its content
chose shows), a header that keeps whose decision and whose turn it is, whole, and the screen's first line.

Names cut on a crowded board were "Will-o'-Wi. P.", "Stone-Born A.", "Kobold Lanter.", "Bereginya Rive."."""

from __future__ import annotations

import re
from functools import cache

import pytest

from mythtable.engine.game import Game
from mythtable.engine.registry import load
from mythtable.engine.simulate import play_game
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.result import ResultScreen
from mythtable.tui.start import OpenGame
from tests.tui.driver import game_screen, press_choice
from tests.tui.keys import settle

SEEDS = {"mythicarium": 4, "magewars": 3, "mythcraft": 2}
"""Games long enough to crowd the table (the result screen's tests end the same ones)."""
FILLERS = frozenset({"of", "the", "a", "an", "and"})
FRAGMENT = re.compile(r"(?<![\w'-])([A-Z][\w'’-]*?)(\.(?=\s|$)|…|~\d|#\d)")
"""A capitalised word (or a word's start) closed by a full stop, an ellipsis, or a number of a fallback form."""


@cache
def names_of(ruleset_id: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The ruleset's names and short names, the words of its names, and the forms that drop small words."""
    content = load(ruleset_id).content
    if ruleset_id == "mythcraft":
        things = [*content.creatures.values(), *content.heroes.values(), *content.items.values()]
        pairs = [(t.name[:1].upper() + t.name[1:], t.short_name or t.name) for t in things]
    else:
        pairs = [(c.name, c.short_name) for c in content.cards.values()]
    names = frozenset(n for pair in pairs for n in pair)
    words = frozenset(w for name in names for w in name.split())
    dropped = {" ".join(w for w in name.split() if w.lower() not in FILLERS) for name, _ in pairs}
    return names, words, frozenset(d for d in dropped if d not in names)


def cut_names(ruleset_id: str, rows: list[str], people: list[str]) -> list[str]:
    """Each cut name on the screen, with its row."""
    names, words, dropped = names_of(ruleset_id)
    out = []
    for row in rows:
        for match in FRAGMENT.finditer(row):
            fragment, mark = match.group(1), match.group(2)
            before = row[: match.start()].rstrip()
            if len(fragment) == 1 and any(before.endswith(name) for name in names):
                continue  # a look-alike's letter after its name, at the end of a sentence ("... Hound B.")
            if fragment in people or (mark == "." and fragment in words):
                continue  # a whole word ending a sentence
            if mark in "~#" or any(w != fragment and w.startswith(fragment) for w in words):
                out.append(f"{fragment}{mark} in {row.strip()!r}")
        for form in dropped:
            if re.search(rf"(?<!\w){re.escape(form)}(?!\w)", row):
                out.append(f"{form!r} (small words dropped) in {row.strip()!r}")
    return out


def screen_rows(app: MythtableApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def positions(ruleset_id: str) -> tuple[Game, list[int]]:
    """The seeded game, and the moves after which each stage shows first, and first again past the middle
    (the crowded table)."""
    done = play_game(ruleset_id, SEEDS[ruleset_id]).game
    assert done is not None and done.result is not None
    game = Game(done.loaded, done.seed, done.setup)
    early: dict[str, int] = {}
    late: dict[str, int] = {}
    middle = len(done.actions) // 2
    for index, action in enumerate(done.actions):
        if game.decision is not None:
            (late if index >= middle else early).setdefault(game.stage(), index)
        game.apply(action)
    return done, sorted(set(early.values()) | set(late.values()))


def replayed(done: Game, moves: int) -> Game:
    game = Game(done.loaded, done.seed, done.setup)
    for action in done.actions[:moves]:
        game.apply(action)
    return game


def header_problems(ruleset_id: str, rows: list[str], game: Game) -> list[str]:
    """The status line: the screen's first line, whole, naming who decides and (card games, while the other seat
    decides) whose turn it is."""
    top = rows[0].strip()
    decision = game.decision
    assert decision is not None
    names = game.setup.players
    out = []
    if "…" in top:
        out.append(f"cut header {top!r}")
    if f"{names[decision.seat]} to decide" not in top:
        out.append(f"header without who decides: {top!r}")
    if ruleset_id != "mythcraft":  # whose turn it is, when the other seat decides
        active = game.ruleset.view(game.state, None).active
        if active != decision.seat and f"{names[active]}'s turn" not in top:
            out.append(f"header without whose turn it is ({names[active]}'s): {top!r}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", sorted(SEEDS))
async def test_each_stage_and_the_end_read_whole_at_80x24(ruleset_id: str) -> None:
    done, moves = positions(ruleset_id)
    people = list(done.setup.players)
    problems: list[str] = []
    for count in moves:
        game = replayed(done, count)
        app = MythtableApp(start=OpenGame(game))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await game_screen(pilot, app)
            await settle(pilot)
            assert isinstance(screen, GameScreen)
            rows = screen_rows(app)
            where = f"move {count} ({game.stage()})"
            problems += [f"{where}: {p}" for p in cut_names(ruleset_id, rows, people)]
            problems += [f"{where}: {p}" for p in header_problems(ruleset_id, rows, game)]
    game = replayed(done, len(done.actions) - 1)
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, app)
        await press_choice(pilot, screen, done.actions[-1])
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        rows = screen_rows(app)
        problems += [f"the end: {p}" for p in cut_names(ruleset_id, rows, people)]
        title = done.entry.title
        if not rows[0].strip().startswith(f"{title} · "):  # the status line, as on the game screen
            problems.append(f"the end: the first line is lost: {rows[0].strip()!r}")
        if not any(row.strip().startswith(f"{title} · ") for row in rows):
            problems.append("the end: the result's headline is not on screen")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
async def test_a_decision_with_many_options_takes_rows_from_the_board(ruleset_id: str) -> None:
    """A first turn with about ten options: at 80x24 four or five showed while the board kept empty rows. Now the
    options take rows from the board (down to its MIN_ROWS): at least seven show, and the board still shows both
    seats."""
    game = Game.new(ruleset_id, 7)
    while game.decision is not None and len(game.decision.actions) < 9:
        game.apply(game.decision.actions[0])
    app = MythtableApp(start=OpenGame(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, app)
        await settle(pilot)
        rows = screen_rows(app)
        options = [row for row in rows[1:-1] if re.match(r"^[1-9 ] [A-Z]", row[:48])]  # the prompt's column
        assert len(options) >= 7, "\n".join(rows)
        assert all(any(name in row for row in rows[1:3]) for name in game.setup.players), rows[:3]
