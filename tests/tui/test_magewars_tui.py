"""Mage Wars CCG through the real app at 80x24, keys only: a turn with combat, a face-up flip
in the Attack step that retargets an attack (W-31/W-32), and a counter-attack.

A deterministic policy picks each action; the driver presses arrow keys and Enter. Seeds are
found with an engine-only search first, then the same policy drives the UI.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from mythtable.engine.decision import Action
from mythtable.engine.game import Game
from mythtable.engine.registry import load
from mythtable.saves import SaveStore
from mythtable.tui.app import STYLESHEET, MythtableApp
from mythtable.tui.boards import stylesheets
from mythtable.tui.boards.magewars import MageWarsBoard, SideView
from mythtable.tui.screens.curtain import CurtainScreen
from mythtable.tui.screens.game import GameScreen
from mythtable.tui.start import NewGame, SavedGames
from mythtable.tui.widgets.log import GameLog
from tests.tui.driver import press_choice, step
from tests.tui.keys import press, settle

Stop = Callable[[Game], bool]


def policy(game: Game) -> Action:
    """Lay, deploy (now and then face-down), attack with the first ready unit, turn cards
    face-up in the Attack step, block nothing, pass every priority window."""
    decision = game.decision
    assert decision is not None
    actions = [action for action, _, _ in game.options()]  # what the prompt lists: copies in hand once
    rnd = random.Random(f"{game.seed}:{len(game.actions)}")
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        kinds.setdefault(str(action[0]), []).append(action)
    if decision.kind == "main":
        if "lay" in kinds:
            return kinds["lay"][0]
        if "deploy_down" in kinds and rnd.random() < 0.4:
            return rnd.choice(kinds["deploy_down"])
        if "deploy" in kinds:
            return rnd.choice(kinds["deploy"])
        return ("combat",) if ("combat",) in actions else ("end",)
    if decision.kind in ("declare_attackers", "counter_attackers"):
        return kinds["attack"][0] if "attack" in kinds else ("done",)
    if decision.kind == "attack_step" and "flip" in kinds:
        return kinds["flip"][0]
    for quiet in (("pass",), ("done",)):
        if quiet in actions:
            return quiet
    return actions[0]


def texts(game: Game, since: int = 0) -> list[str]:
    return [line.event.text for line in game.log[since:]]


def attacks_with_units(text: str) -> bool:
    return " attacks with " in text and not text.split(" attacks with ")[1].startswith("0")


def hurts(text: str) -> bool:
    return text.endswith(" damage.") or "'s Tower for " in text


def counter_with_units(text: str) -> bool:
    return " counter-attacks with " in text and not text.split(" counter-attacks with ")[1].startswith("0")


def play_engine(seed: int, stop: Stop, limit: int = 300) -> Game | None:
    """The engine alone under the policy, until `stop` holds (the game) or the game ends (None)."""
    game = Game.new("magewars", seed)
    while game.decision is not None and len(game.actions) < limit:
        if stop(game):
            return game
        game.apply(policy(game))
    return None


def find_seed(stop: Stop, seeds: range = range(200)) -> tuple[int, int]:
    """The seed whose game reaches `stop` in the fewest actions, among the first that do."""
    found = []
    for seed in seeds:
        game = play_engine(seed, stop)
        if game is not None:
            found.append((len(game.actions), seed))
        if len(found) >= 5:
            break
    assert found, "no seed gives the scenario"
    count, seed = min(found)
    return seed, count


def screen_text(app: App[None]) -> str:
    """What a person sees: the whole screen as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


async def play_ui(pilot: Pilot[None], app: MythtableApp, stop: Stop, watch: Callable[[], None] | None = None) -> Game:
    """Keys only, until `stop` holds; `watch` looks at the screen before every move."""
    for _ in range(2000):
        await settle(pilot)
        session = app.session
        assert session is not None
        if not isinstance(app.screen, CurtainScreen) and stop(session.game):
            return session.game
        if watch is not None and isinstance(app.screen, GameScreen):
            watch()
        assert await step(pilot, app, lambda d, a: policy(a.session.game))  # type: ignore[union-attr]
    raise AssertionError("the scenario did not come")


def ask_at_every_window(names: tuple[str, ...] = ("Ana", "Bram")) -> None:
    """These players chose full control (issue 15): every window is asked, as before auto-pass, so that
    the keys replay the engine's own game under `policy`, fast-casts included."""
    import json

    from mythtable.paths import config_dir

    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    settings = {"stops": [], "full_control": True, "until": "none"}
    (folder / "autopass.json").write_text(json.dumps({name: settings for name in names}), encoding="utf-8")


def new_app(seed: int, data: Path) -> MythtableApp:
    """The app straight into a game, its autosaves in a temporary folder; both players in full control."""
    ask_at_every_window()
    loaded = load("magewars")
    setup = loaded.ruleset.default_setup(loaded.content)
    return MythtableApp(start=NewGame("magewars", seed, setup), data=data)


def same_as_engine(game: Game, seed: int) -> None:
    """The keys reproduced exactly the engine's own game under the same policy."""
    reference = Game.new("magewars", seed)
    while len(reference.actions) < len(game.actions):
        reference.apply(policy(reference))
    assert reference.actions == game.actions


@pytest.mark.slow
async def test_a_turn_with_combat_by_keys(tmp_path: Path) -> None:
    def combat_turn_over(game: Game) -> bool:
        """A combat with attackers that dealt damage, and then the next turn began."""
        lines = texts(game)
        for start in (i for i, t in enumerate(lines) if attacks_with_units(t)):
            rest = lines[start:]
            end = next((i for i, t in enumerate(rest) if t.startswith("Turn ")), None)
            if end is not None and any(hurts(t) for t in rest[:end]):
                return True
        return False

    seed, _ = find_seed(combat_turn_over)
    app = new_app(seed, tmp_path)
    seen: dict[str, str] = {}

    def watch() -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert isinstance(screen.board, MageWarsBoard)
        game = screen.session.game
        text = screen_text(app)
        seen.setdefault("Turn 1" if game.state.turn == 1 else "later", text)
        if game.state.step.startswith("combat."):
            seen.setdefault(game.state.step, text)

    async with app.run_test(size=(80, 24)) as pilot:
        game = await play_ui(pilot, app, combat_turn_over, watch)
    assert combat_turn_over(game), "a combat dealt damage and the turn passed on"
    assert any(" targets " in t for t in texts(game)), "an attacker chose a target"
    same_as_engine(game, seed)
    # the screens a player saw: the lines of both sides, the Tower, the hand, the named combat steps
    opening = seen["Turn 1"]
    for words in ("Off ", "Def ", "Row ", "Tower 30", "'s hand (7)", "Main phase"):
        assert words in opening, f"{words!r} is not on the first screen"
    assert "Combat 3/5 Defense step" in seen["combat.defense"]
    assert "Declaration" in seen["combat.defense"] and "Counter" in seen["combat.defense"]


@pytest.mark.slow
async def test_a_face_up_flip_in_the_attack_step_retargets_an_attack_by_keys(tmp_path: Path) -> None:
    def retargeted(game: Game) -> bool:
        return any("attack is moved to the" in t for t in texts(game))

    seed, _ = find_seed(retargeted)
    app = new_app(seed, tmp_path)
    before: dict[int, str] = {}
    flips: list[tuple[int, Action]] = []

    def watch() -> None:
        game = app.session.game  # type: ignore[union-attr]
        decision = game.decision
        if decision is None or decision.kind != "attack_step":
            return
        combat = game.view(decision.seat).combat
        before.clear()
        before.update({a.attacker: a.current_target for a in combat.attacks})
        action = policy(game)
        if action[0] == "flip":
            assert decision.seat == combat.defending_seat
            flips.append((game.state.turn, action))

    async with app.run_test(size=(80, 24)) as pilot:
        game = await play_ui(pilot, app, retargeted, watch)
        view = game.view(game.decision.seat)  # type: ignore[union-attr]
        after = {a.attacker: a.current_target for a in view.combat.attacks}
        moved = [a for a in view.combat.attacks if a.moved]
        # the table shows the new target next to the declared one
        text = screen_text(app)
    assert any(turn == game.state.turn for turn, _ in flips), "the defender turned a card face-up, by keys"
    assert moved, "an attack is marked as moved"
    for attack in moved:
        assert before[attack.attacker] == attack.declared_target
        assert after[attack.attacker] != before[attack.attacker]
        assert after[attack.attacker] in ("offensive", "defensive")
    assert "moved from" in text
    assert "Combat 3/5 Defense step" in text
    same_as_engine(game, seed)


@pytest.mark.slow
async def test_a_counter_attack_by_keys(tmp_path: Path) -> None:
    def countered(game: Game) -> bool:
        """A counter-attack with units dealt damage, and the combat ended."""
        lines = texts(game)
        for start in (i for i, t in enumerate(lines) if counter_with_units(t)):
            rest = lines[start:]
            end = next((i for i, t in enumerate(rest) if t == "Combat ends."), None)
            if end is not None and any(hurts(t) for t in rest[:end]):
                return True
        return False

    seed, _ = find_seed(countered)
    app = new_app(seed, tmp_path)
    seen: list[str] = []

    def watch() -> None:
        game = app.session.game  # type: ignore[union-attr]
        if game.state.step.startswith("counter."):
            seen.append(screen_text(app))

    async with app.run_test(size=(80, 24)) as pilot:
        game = await play_ui(pilot, app, countered, watch)
    assert countered(game), "a counter-attack dealt damage, then the combat ended"
    assert seen and all("Combat 5/5 Counter-attack" in text for text in seen)
    same_as_engine(game, seed)


def test_every_option_has_a_detail_line_and_every_step_a_status() -> None:
    """detail() and status() over whole engine games: no crash, a status for every step, card
    text for every card option, and never a word about the other seat's face-down cards."""
    board = MageWarsBoard()
    for seed in range(6):
        game = Game.new("magewars", seed)
        board.subjects = game.subject  # as the game screen does
        while game.decision is not None and len(game.actions) < 300:
            decision = game.decision
            view = game.view(decision.seat)
            assert board.status(view)
            if view.combat is not None:
                assert board.status(view).startswith("Combat ")
            secret = hidden_names(game, 1 - decision.seat) - public_names(game, decision.seat)
            for action in decision.actions:
                text = board.detail(view, action)
                plain = text.plain if hasattr(text, "plain") else str(text)
                if action[0] in ("deploy", "deploy_down", "cast", "lay", "flip", "block", "capture"):
                    assert plain, f"no detail for {action}"
                for name in secret:
                    assert name not in plain, f"{name} leaked in the detail of {action}"
            game.apply(policy(game))


def hidden_names(game: Game, seat: int) -> set[str]:
    """Names of `seat`'s hand and face-down cards (read from the state, as a test may)."""
    state = game.state
    player = state.players[seat]
    uids = [*player.hand, *(u for u in (*player.offensive, *player.defensive, *player.row) if state.cards[u].face_down)]
    return {state.cards[u].d.name for u in uids}


def public_names(game: Game, seat: int) -> set[str]:
    """Names `seat` may legitimately see: its own cards, face-up cards, graveyards, its log."""
    state = game.state
    names = {c.d.name for c in state.cards if c.controller == seat or c.owner == seat}
    names |= {
        c.d.name
        for c in state.cards
        if c.zone in ("offensive", "defensive", "row", "weave", "stack", "grave") and not c.face_down
    }
    log = " ".join(line.event.text for line in game.log_for(seat))
    names |= {c.d.name for c in state.cards if c.d.name in log}
    return names


async def test_the_screen_never_shows_the_other_seats_hand_or_face_down_cards(tmp_path: Path) -> None:
    """Seed 0 after 34 policy actions: the other seat holds 4 cards and 3 face-down cards."""
    game = Game.new("magewars", 0)
    while len(game.actions) < 34:
        game.apply(policy(game))
    decision = game.decision
    assert decision is not None
    secret = hidden_names(game, 1 - decision.seat) - public_names(game, decision.seat)
    assert secret, "the scenario has something to hide"
    SaveStore(tmp_path).save(game)
    app = MythtableApp(start=SavedGames(), data=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # the only save
        await press(pilot, "enter")  # lift the curtain
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.viewer == decision.seat
        text = screen_text(app)
        assert "face-down card" in text
        for name in secret:
            assert name not in text, f"{name} is on the screen of the other seat"
        # the asker's own hand is shown, and only theirs
        assert f"{game.setup.players[decision.seat]}'s hand" in text
        assert f"{game.setup.players[1 - decision.seat]}'s hand" not in text


@pytest.mark.slow
async def test_after_the_curtain_the_log_holds_no_line_private_to_the_other_seat(tmp_path: Path) -> None:
    """Seed 7, keys only: Ana lays, deploys a card face-down and ends her turn; behind the curtain
    Bram gets the keyboard, and his log must not keep Ana's "You deploy ... face-down." line."""
    app = new_app(7, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # the curtain for Ana
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.session.game
        for kind in ("lay", "deploy_down", "end"):
            decision = game.decision
            assert decision is not None
            await press_choice(pilot, screen, next(a for a in decision.actions if a[0] == kind))
        ana_private = [line.event.text for line in game.log_for(0) if line.event.seat == 0]
        assert any(text.startswith("You deploy ") for text in ana_private)
        assert isinstance(app.screen, CurtainScreen)
        await press(pilot, "enter")  # the curtain for Bram
        log = app.screen.query_one(GameLog)
        shown = "".join("".join(strip.text for strip in log.lines).split())  # wrapped: compare without spaces
        for text in ana_private:
            assert "".join(text.split()) not in shown, f"Bram's log shows Ana's private line {text!r}"
        assert "Youdraw" in shown, "Bram's own private lines are there"


class BoardOnly(App[None]):
    """The Mage Wars board alone, to show it views directly (the replay viewer's seat=None too)."""

    CSS_PATH = [STYLESHEET, *stylesheets()]  # the app's and the boards' parts, as the app loads them

    def compose(self) -> ComposeResult:
        yield MageWarsBoard(id="table")


def mid_game() -> Game:
    game = Game.new("magewars", 1)
    while len(game.actions) < 57:  # the retargeted attack of the snapshot, Defense step
        game.apply(policy(game))
    return game


async def test_the_viewer_sits_on_the_right_and_the_replay_viewer_sees_both_hands() -> None:
    game = mid_game()
    names = game.setup.players
    app = BoardOnly()
    async with app.run_test(size=(80, 12)) as pilot:
        board = app.query_one(MageWarsBoard)
        for viewer in (0, 1):
            board.show(game.view(viewer), viewer, names)
            await settle(pilot)
            rows = screen_text(app).splitlines()
            me, other = names[viewer], names[1 - viewer]
            assert rows[0].index(f"{me} Tower") > 40 > rows[0].index(f"{other} Tower")
            text = "\n".join(rows)
            assert f"{me}'s hand" in text and f"{other}'s hand" not in text
        board.show(game.view(None), None, names)
        await settle(pilot)
        text = screen_text(app)
        assert f"{names[0]}'s hand" in text and f"{names[1]}'s hand" in text
        assert "face-down card" not in text.replace("face-down cards", ""), "the replay reads every card"


async def test_a_tall_terminal_lists_the_hand_with_card_text_and_the_graveyards() -> None:
    game = mid_game()
    decision = game.decision
    assert decision is not None
    app = BoardOnly()
    async with app.run_test(size=(120, 22)) as pilot:
        board = app.query_one(MageWarsBoard)
        view = game.view(decision.seat)
        board.show(view, decision.seat, game.setup.players)
        await settle(pilot)
        text = screen_text(app)
        assert text.count("Graveyard") == 2
        assert "Offensive" in text and "Tower row" in text
        for card in view.hand:
            assert f"{card.name}" in text and card.text[:20] in text


async def test_a_crowded_side_folds_its_tower_row_to_fit_twelve_rows() -> None:
    """Seed 0 after 79 policy actions: the asker's side needs more than the 12 rows of an 80x24
    board, so its Tower row becomes a summary (Holdings, sources by element) and nothing scrolls."""
    game = Game.new("magewars", 0)
    while len(game.actions) < 79:
        game.apply(policy(game))
    decision = game.decision
    assert decision is not None
    app = BoardOnly()
    async with app.run_test(size=(80, 12)) as pilot:
        board = app.query_one(MageWarsBoard)
        board.show(game.view(decision.seat), decision.seat, game.setup.players)
        await settle(pilot)
        side = app.query_one("#side-right", SideView)
        assert side.compact >= 1 and side.max_scroll_y == 0
        assert "holding" in screen_text(app)
        # a roomy terminal shows the same side in full again
        await pilot.resize_terminal(120, 22)
        await settle(pilot)
        assert side.compact == 0
