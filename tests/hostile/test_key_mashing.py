"""Key mashing: thousands of seeded random keys on every screen, with terminal resizes in between.

Each target starts the real app on one screen (title, new game, continue, rules, a game of each
ruleset, which opens on the curtain, the replay viewer, the result) and presses random letters,
digits, Enter, Esc, Tab, arrows, F-keys and Ctrl combinations, including Ctrl+Q and Ctrl+C (a quit
confirm is answered n). Quitting is not the point here, so the app's `exit` only counts the
request; everything else is the real app. After every key the app has not crashed; whenever a game
is on, its state keeps the ruleset's invariants (and every 25 keys the whole decision contract);
below 80x24 the too-small notice is on top, and it is gone once the terminal is large again. At the
end the autosave replays (verified) to the live game. Keys are counted per screen actually shown.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from mythtable.engine.dice import Rng
from mythtable.engine.game import Game
from mythtable.engine.registry import get, load
from mythtable.engine.replay import ReplayCursor
from mythtable.saves import SaveStore
from mythtable.tui.app import MythtableApp
from mythtable.tui.screens.confirm import ConfirmScreen
from mythtable.tui.screens.continue_game import ContinueScreen
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.screens.new_game import NewGameScreen
from mythtable.tui.screens.party_editor import PartyEditorScreen
from mythtable.tui.screens.pick_rules import PickRulesScreen
from mythtable.tui.screens.replay import ReplayScreen
from mythtable.tui.screens.result import ResultScreen
from mythtable.tui.screens.rules import RulesScreen
from mythtable.tui.screens.title import TitleScreen
from mythtable.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from mythtable.tui.session import Session
from tests.contract import check_contract
from tests.hostile.bases import finished, rulesets, short
from tests.tui.keys import key_event

SCALE = float(os.environ.get("MYTHTABLE_MASH_SCALE", "1"))
"""Multiplies the keys and the time per target: MYTHTABLE_MASH_SCALE=5 for a long run."""
SEED = os.environ.get("MYTHTABLE_MASH_SEED", "")
"""Prefix of every target's seed: set it to explore other key sequences."""
KEYS_PER_TARGET = int(300 * SCALE)
SECONDS_PER_TARGET = 3.0 * SCALE
"""A time bound per target on a loaded machine; the key count is reported either way."""

LETTERS = list("abcdefghijklmnopqrstuvwxyz")
KEYS: list[str] = (
    LETTERS
    + [str(d) for d in range(10)] * 3  # digits pick options: the game moves on
    + ["enter"] * 12
    + ["escape"] * 3
    + ["tab", "shift+tab", "space", "backspace", "delete", "home", "end", "pageup", "pagedown", "question_mark"]
    + ["up", "down", "left", "right"] * 4
    + [f"f{n}" for n in range(1, 13)]
    + [f"ctrl+{c}" for c in LETTERS]
)
SLOW: set[str] = set()
"""Keys the other targets leave to a target of their own (none since the rules screen got fast)."""
KEYS_PRESSED: Counter[str] = Counter()
QUITS: Counter[str] = Counter()


class MashApp(MythtableApp):
    """The real app, except that a quit only counts (the mashing goes on)."""

    allow_exit = False

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        if self.allow_exit or return_code != 0 or self._exception is not None:
            super().exit(result, return_code, message)
            return
        QUITS[type(self.screen).__name__] += 1


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    print("\n\nKey mashing: random keys pressed per screen (as shown when pressed):")
    for name, count in KEYS_PRESSED.most_common():
        print(f"  {name:<22} {count:>6}")
    print(f"  {'total':<22} {sum(KEYS_PRESSED.values()):>6}")
    print(f"  quit requests (counted, not carried out): {dict(QUITS)}")


def check_app(app: MythtableApp, deep: bool) -> None:
    assert app._exception is None, f"the app crashed: {app._exception!r}"
    width, height = app.size
    if width < MIN_WIDTH or height < MIN_HEIGHT:  # whatever screen the keys opened, the notice stays on top
        assert isinstance(app.screen, TooSmallScreen), f"{width}x{height}: {app.screen!r} on top"
    else:
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack), f"{width}x{height}: notice stays"
    session = app.session
    if session is None:
        return
    game = session.game
    problems = game.ruleset.check_invariants(game.state)
    assert not problems, problems
    if deep:
        check_contract(game, Rng(len(game.actions)))


async def press(pilot: Pilot[None], app: MythtableApp, *keys: str) -> None:
    """Pilot.press without its two 20 ms idle waits per key: send the keys as the terminal driver
    would, then wait until the screen has handled every pending message (a fast typist)."""
    assert app._driver is not None
    for key in keys:
        app._driver.send_message(key_event(app, key))
    for _ in range(2):
        await pilot._wait_for_screen()


async def resize(pilot: Pilot[None], app: MythtableApp, width: int, height: int) -> None:
    await pilot.resize_terminal(width, height)
    await pilot.pause()
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    if small:
        assert isinstance(app.screen, TooSmallScreen), f"{width}x{height}: no notice, {app.screen_stack!r}"
        assert f"{width}x{height}" in app.screen.message()
    else:
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack), f"{width}x{height}: notice stays"


async def back_home(pilot: Pilot[None], app: MythtableApp, target: Target) -> None:
    """If the keys led away from the target's screens, go back to the title and open it again."""
    stay = (*target.home, TooSmallScreen, ConfirmScreen)
    if isinstance(app.screen, stay):
        return
    await pilot.pause()  # let a screen that is still mounting finish first
    if isinstance(app.screen, stay):
        return
    while len(app.screen_stack) > 2:
        app.pop_screen()
    app.session = None
    target.enter(app)
    await pilot._wait_for_screen()


async def mash(pilot: Pilot[None], app: MythtableApp, target: Target) -> int:
    """Press up to KEYS_PER_TARGET random keys, in bursts of 1 to 8, with resizes in between.

    A small terminal lasts one to three bursts, then it is enlarged again."""
    keys = KEYS if target.name == "rules" else [k for k in KEYS if k not in SLOW]
    rng = random.Random(SEED + target.name)
    deadline = time.monotonic() + target.seconds
    pressed = 0
    small_for = 0
    while pressed < KEYS_PER_TARGET and time.monotonic() < deadline:
        if small_for > 0:
            small_for -= 1
            if small_for == 0:
                await resize(pilot, app, rng.randint(MIN_WIDTH, 200), rng.randint(MIN_HEIGHT, 60))
        elif rng.random() < 0.08:
            if rng.random() < 0.5:
                await resize(pilot, app, rng.randint(40, MIN_WIDTH - 1), rng.randint(12, 60))
                small_for = rng.randint(1, 3)
            else:
                await resize(pilot, app, rng.randint(MIN_WIDTH, 200), rng.randint(MIN_HEIGHT, 60))
        burst = [rng.choice(keys) for _ in range(rng.randint(1, 8))]
        KEYS_PRESSED[type(app.screen).__name__] += len(burst)
        await press(pilot, app, *burst)
        pressed += len(burst)
        while isinstance(app.screen, ConfirmScreen) and rng.random() < 0.9:
            await press(pilot, app, "n")  # the quit confirm: stay
        check_app(app, deep=pressed % 20 < len(burst))
        if target.name != "title" or rng.random() < 0.2:
            await back_home(pilot, app, target)
    # recover: a terminal of normal size shows no notice, and the app still answers
    await resize(pilot, app, 100, 30)
    check_app(app, deep=True)
    return pressed


async def autosave_matches(pilot: Pilot[None], app: MythtableApp) -> None:
    """The last autosave is the live game, exactly."""
    await pilot.pause()
    session = app.session
    if session is None or session.game.save_name is None:
        return
    saves, _problems = app.store.list()
    info = next(s for s in saves if s.path.name == session.game.save_name)
    replayed = Game.from_record(info.record, verify=True)
    assert replayed.hash() == session.game.hash()


Enter = Callable[[MythtableApp], None]


def enter_game(ruleset_id: str) -> Enter:
    seeds = iter(range(7, 10_000))

    def enter(app: MythtableApp) -> None:
        loaded = load(ruleset_id)
        app.start_game(ruleset_id, next(seeds), loaded.ruleset.default_setup(loaded.content))

    return enter


def enter_replay(ruleset_id: str) -> Enter:
    cursor = ReplayCursor(finished(ruleset_id).record())
    return lambda app: app.push_screen(ReplayScreen(cursor))


def enter_rules(app: MythtableApp) -> None:
    ruleset = get(rulesets()[0])
    app.push_screen(RulesScreen(ruleset.title, ruleset.id, "main"))


def enter_result(app: MythtableApp, ruleset_id: str | None = None) -> None:
    """A finished game on the game screen: it shows the result straight away."""
    rid = ruleset_id or min(rulesets(), key=lambda r: len(finished(r).data["actions"]))
    app.session = Session(Game.from_record(finished(rid).record()), ["human", "human"])
    app.push_screen(GameScreen(app.session, app.computer_delay))


@dataclass(frozen=True)
class Target:
    name: str
    enter: Enter
    home: tuple[type[Screen[Any]], ...]
    """The screens this target mashes on; once the keys lead elsewhere, back to the title and in again."""
    seconds: float = SECONDS_PER_TARGET


def targets() -> list[Target]:
    out = [
        Target("title", lambda app: None, (TitleScreen,)),
        Target("new game", lambda app: app.push_screen(NewGameScreen()), (NewGameScreen,)),
        Target("continue", lambda app: app.push_screen(ContinueScreen(app.store)), (ContinueScreen,)),
        Target("rules", enter_rules, (RulesScreen, PickRulesScreen), seconds=1.5 * SECONDS_PER_TARGET),
    ]
    out += [Target(f"game: {rid}", enter_game(rid), (GameScreen, CurtainScreen)) for rid in rulesets()]
    out += [Target(f"replay: {rid}", enter_replay(rid), (ReplayScreen,)) for rid in rulesets()]
    out.append(Target("result", enter_result, (ResultScreen,)))
    out.append(Target("party builder", lambda app: app.push_screen(PartyEditorScreen()), (PartyEditorScreen,)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("target", targets(), ids=[t.name for t in targets()])
async def test_key_mashing(target: Target, tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    for rid in rulesets():  # something to continue, and one broken save for the list to report
        (store.folder / f"{rid}-20260101-000000-abc123.json").write_text(short(rid).text, encoding="utf-8")
    (store.folder / "broken.json").write_text('{"format": "mythtable-record", "version": 99}', encoding="utf-8")
    app = MashApp(data=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        target.enter(app)
        await pilot.pause()  # the time bound starts once the screen is up
        pressed = await mash(pilot, app, target)
        await autosave_matches(pilot, app)
        app.allow_exit = True
    assert pressed >= 3, f"{target.name}: only {pressed} keys in {target.seconds} s"


# ----- regressions the mashing found, pinned down key by key -------------------------------------


@pytest.mark.parametrize("screen,keys", [("continue", ("enter", "enter")), ("new game", ("ctrl+s", "ctrl+s"))])
async def test_a_double_key_opens_one_game(screen: str, keys: tuple[str, ...], tmp_path: Path) -> None:
    """Enter twice on Continue (Ctrl+S twice on New game) before the screen changes: one game, no crash."""
    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    (store.folder / "magewars-20260101-000000-abc123.json").write_text(short("magewars").text, encoding="utf-8")
    app = MashApp(data=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(ContinueScreen(app.store) if screen == "continue" else NewGameScreen())
        await pilot.pause()
        await press(pilot, app, *keys)
        await pilot.pause()
        assert app._exception is None
        assert [type(s) for s in app.screen_stack[1:]] == [TitleScreen, GameScreen, CurtainScreen]
        app.allow_exit = True


async def test_title_menu_continue(tmp_path: Path) -> None:
    """The title menu's "Continue a saved game" opens the Continue screen (it raised KeyError)."""
    app = MashApp(data=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        assert isinstance(app.screen, ContinueScreen)
        app.allow_exit = True


async def test_result_picked_twice() -> None:
    """Two picks queued before the result screen closes: one takes effect, no crash."""
    app = MashApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        enter_result(app)
        await pilot.pause()
        result = app.screen
        assert isinstance(result, ResultScreen)
        result.action_pick("new")
        result.action_pick("title")
        await pilot.pause()
        assert app._exception is None
        assert isinstance(app.screen, NewGameScreen)
        app.allow_exit = True


@pytest.mark.parametrize("ruleset_id", rulesets())
async def test_notice_survives_the_end_of_a_game(ruleset_id: str) -> None:
    """The result is picked while the terminal is too small (watch mode's timer does that): the
    notice stays on top of the next screen, and goes once the terminal is large again."""
    app = MashApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        enter_result(app, ruleset_id)
        await pilot.pause()
        result = app.screen
        await resize(pilot, app, 60, 20)
        assert isinstance(result, ResultScreen)
        result.action_pick("new")
        await pilot.pause()
        check_app(app, deep=False)
        assert isinstance(app.screen, TooSmallScreen)
        await resize(pilot, app, 100, 30)
        assert isinstance(app.screen, NewGameScreen)
        app.allow_exit = True


def test_page_keys_before_an_option_list_is_laid_out() -> None:
    """Textual's OptionList pages through `_index_to_line` before it exists (a Select overlay just
    opened, or right after a resize) and raised KeyError; the app's guard makes it a no-op."""
    from textual.widgets import OptionList

    import mythtable.tui.app  # noqa: F401  (installs the guard)

    options = OptionList("a", "b", "c")
    options._move_page(1)  # what pagedown does once an option is highlighted
    options._move_page(-1)


async def test_continue_screen_with_broken_saves(tmp_path: Path) -> None:
    """The Continue screen lists every good unfinished save and says how many files it could not read."""
    from textual.widgets import OptionList, Static

    store = SaveStore(tmp_path)
    store.folder.mkdir(parents=True)
    for rid in rulesets():
        (store.folder / f"{rid}-20260101-000000-abc123.json").write_text(short(rid).text, encoding="utf-8")
    junk = [b"", b"{", b"\xff\xfe", b"[]", b'{"format": "mythtable-record", "version": 99}', b"null", b"[" * 5000]
    for i, payload in enumerate(junk):
        (store.folder / f"broken-{i}.json").write_bytes(payload)
    app = MashApp(data=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(ContinueScreen(app.store))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(OptionList).option_count == len(rulesets())
        problems = str(screen.query_one("#problems", Static).render())
        assert f"{len(junk)} save(s) could not be read" in problems
        assert f"and {len(junk) - 5} more" in problems
        app.allow_exit = True
