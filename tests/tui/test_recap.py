"""Each seat sees the result of its own move (issue 33, item 1).

Seen: Ana attacked, played Thunder of the Oak-God, her turn ended by itself and the curtain fell at once;
her champion Mara knocked down was only in the log, and on her return her summary listed only Bram's
moves. Now a seat's return brings a recap (results first, its own moves' results included), and a turn
that ends by itself after a combat shows the result before the curtain (Next.RECAP, one Enter)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mythtable.engine.bots import make_bot
from mythtable.engine.game import Game
from mythtable.play.recap import ends_turn, recap_of, starts_turn
from mythtable.tui.session import ROLL_SUM, Next, Session


def play_hot_seat(
    ruleset_id: str, seed: int, config: Path, moves: int = 600, controllers: tuple[str, str] = ("human", "human")
) -> tuple[Game, Session, list[tuple]]:
    """Greedy against greedy through Session.next_step, the seats as people (or one the computer's, as
    `controllers` says); the steps seen, with the moves made and the seat at the keyboard when each came."""
    game = Game.new(ruleset_id, seed)
    session = Session(game, list(controllers), config=config)
    bots = [make_bot(ruleset_id, "greedy", seed + 1, workers=1), make_bot(ruleset_id, "greedy", seed + 2, workers=1)]
    steps: list[tuple] = []
    while len(game.actions) < moves:
        step = session.next_step()
        steps.append((step, len(game.actions), session.viewer, session.recap(session.viewer)))
        if step is Next.OVER:
            break
        decision = game.decision
        assert decision is not None
        if step is Next.CURTAIN:
            session.take_keyboard(decision.seat)
        elif step is Next.COMPUTER:
            game.apply(session.bots[decision.seat].choose(game.ruleset, game.state, decision))
        elif step is Next.RECAP:
            session.recap_seen()
        else:
            game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    return game, session, steps


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_a_turn_that_ends_by_itself_shows_the_combat_result_before_the_curtain(ruleset_id: str, tmp_path: Path) -> None:
    game, _, steps = play_hot_seat(ruleset_id, 3, tmp_path)
    recaps = 0
    asked_at: dict[int, int] = {}
    for index, (step, moves, viewer, recap) in enumerate(steps):
        if step is Next.HUMAN and viewer is not None:
            asked_at[viewer] = moves
        if step is Next.RECAP:
            recaps += 1
            assert recap is not None and recap.results and recap.upto == moves
            assert steps[index + 1][0] is Next.CURTAIN, "the curtain follows the recap once it is seen"
        if step is Next.CURTAIN and index and steps[index - 1][0] is not Next.RECAP and viewer is not None:
            last = asked_at.get(viewer, moves)
            went_on = any(game.auto[i] and game.actors[i] == viewer for i in range(last, moves))
            unseen = recap_of(game.log, last, moves, viewer)
            assert not (went_on and unseen.results), (
                f"the curtain fell on {game.setup.players[viewer]}'s turn ended by itself, hiding {unseen.results}"
            )
    assert recaps > 0, "no turn ended by itself after a combat: the check above checked nothing"


def test_a_seat_back_at_the_keyboard_reads_its_own_moves_results_first(tmp_path: Path) -> None:
    game, _session, steps = play_hot_seat("mythicarium", 3, tmp_path)
    own_results = 0
    for step, moves, viewer, recap in steps:
        if step is not Next.HUMAN or viewer is None or recap is None or recap.upto != moves:
            continue
        own = [i for i in range(recap.since, recap.upto) if game.actors[i] == viewer and not game.auto[i]]
        results = [line for line in game.log if recap.since < line.step <= recap.upto and line.step - 1 in own]
        expected = [line.event.text for line in results if line.event.seat in (None, viewer)]
        shown = recap.results + recap.moves
        assert all(text in shown for text in expected), "a recap leaves out what the seat's own moves did"
        own_results += sum(text in recap.results for text in expected)
        assert recap.lines()[0] == "Results:" if recap.results else True
    assert own_results > 0, "no recap held a result of the seat's own move"


async def test_the_screen_shows_the_result_before_the_curtain_and_r_opens_the_recap(tmp_path: Path) -> None:
    """The real screens, 80x24: the turn that ended by itself shows its recap (Enter goes on to the curtain);
    on the seat's return the recap opens by itself when it holds a result, and `r` closes and opens it."""
    from mythtable.tui.screens.curtain import CurtainScreen
    from mythtable.tui.screens.game import GameScreen
    from mythtable.tui.screens.recap import RecapScreen
    from mythtable.tui.widgets.recap import RecapPanel
    from tests.tui.keys import press, settle
    from tests.tui.test_curtain import new_app

    app = new_app("mythicarium", tmp_path, seed=3)
    bots = [make_bot("mythicarium", "greedy", 4, workers=1), make_bot("mythicarium", "greedy", 5, workers=1)]
    seen_recap_screen = False
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(400):
            screen = app.screen
            if isinstance(screen, RecapScreen):
                assert screen.recap is not None and screen.recap.results and screen.seat == 0
                body = str(screen.query_one("#recap-body").render())
                assert "Results:" in body and screen.recap.results[0] in body
                await press(pilot, "enter")
                assert isinstance(app.screen, CurtainScreen), "after the recap, the curtain"
                seen_recap_screen = True
                continue
            if isinstance(screen, CurtainScreen):
                await press(pilot, "enter")
                if seen_recap_screen:
                    break
                continue
            assert isinstance(screen, GameScreen)
            game = screen.session.game
            decision = game.decision
            assert decision is not None
            screen.play(bots[decision.seat].choose(game.ruleset, game.state, decision))
            await settle(pilot)
        assert seen_recap_screen
        # Bram's return after Ana's combat: his recap holds its results and opens by itself
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        recap = game_screen.link.frame().recap
        assert recap is not None and recap.results
        panel = game_screen.query_one(RecapPanel)
        assert game_screen.has_class("-recap") and panel.display
        await press(pilot, "r")
        assert not game_screen.has_class("-recap") and not panel.display
        await press(pilot, "r")
        assert game_screen.has_class("-recap")
        # i while the recap is open: inspect, not the recap still in the panel's place (seen at 80x24)
        await press(pilot, "i")
        assert game_screen.inspecting and not game_screen.has_class("-recap")
        assert game_screen.inspect_panel.display and not panel.display


MAGEWARS_SEED_7 = [
    ("lay", 39),
    ("deploy_down", 37, "offensive"),
    ("deploy_down", 36, "defensive"),
    ("deploy_down", 33, "defensive"),
    ("end",),
    ("lay", 79),
    ("deploy_down", 74, "offensive"),
    ("end",),
    ("lay", 38),
    ("cast", 32),
    ("line", "offensive"),
    ("end",),
    ("lay", 77),
    ("end",),
    ("lay", 31),
    ("flip", 37),
    ("flip", 36),
    ("end",),
    ("lay", 75),
    ("cast", 78),
    ("unit", 36),
    ("end",),
    ("lay", 30),
    ("combat",),
    ("attack", 37, "line", "tower"),
    ("done",),
    ("pass",),
    ("capture", 77),  # Ana's Attack step turn (a Ritual or Done) is passed for her now (W-34 window)
    ("lay", 76),
    ("cast", 71),
    ("unit", 37),
    ("deploy_down", 69, "defensive"),
    ("end",),
    ("lay", 29),
    ("flip", 33),
    ("ritual", 35),
    ("unit", 37),
    ("combat",),
    ("attack", 37, "line", "tower"),
    ("done",),
    ("lay", 73),
    ("end",),
    ("move", 33),
    ("cast", 34),
    ("combat",),
    ("attack", 37, "line", "tower"),
    ("attack", 33, "line", "tower"),
]
"""Ana's and Bram's choices in a hot-seat game played at 80x24 (`play magewars --seed 7`, less the moves now
auto-passed), up to Ana's last attacker on turn 11; her `done` then runs the whole combat and ends her turn by the
rules, with no auto move."""


def test_a_mage_wars_turn_ended_by_its_combat_shows_the_result_before_the_curtain(tmp_path: Path) -> None:
    game = Game.new("magewars", 7)
    session = Session(game, ["human", "human"], config=tmp_path)
    script = iter([*MAGEWARS_SEED_7, ("done",)])
    recaps: list[tuple[int | None, tuple[str, ...]]] = []
    while True:
        step = session.next_step()
        if step is Next.CURTAIN:
            assert game.decision is not None
            session.take_keyboard(game.decision.seat)
        elif step is Next.RECAP:
            recap = session.recap(session.viewer)
            assert recap is not None
            recaps.append((session.viewer, recap.results))
            session.recap_seen()
        elif step is Next.HUMAN:
            action = next(script, None)
            if action is None:
                break
            game.apply(action)
        else:
            raise AssertionError(f"unexpected step {step}")
    assert game.ruleset.turn_number(game.state) == 12  # Bram's turn: the curtain is next
    viewer, results = recaps[-1]
    assert viewer == 0, "Ana, whose attack ended her turn, reads the result before the keyboard goes to Bram"
    assert any("hits Bram's Tower for 6" in r for r in results) and any("for 5" in r for r in results), results


def test_on_a_shared_screen_a_recap_starts_at_the_seats_last_decision(tmp_path: Path) -> None:
    """MythCraft shows both seats the same screen (no hidden information, no curtain): Ana watched her heroes'
    earlier moves, so her recap on return starts at her last decision (its results included) and never
    repeats a hero's attack of two decisions ago, as it did (seen at 80x24: Quill's damage of the turn
    before shown again as "Results" at Tamsin's turn)."""
    game, _session, steps = play_hot_seat("mythcraft", 21, tmp_path, moves=300)
    asked_at: dict[int, int] = {}
    checked = 0
    for step, moves, viewer, recap in steps:
        if step is not Next.HUMAN or viewer is None:
            continue
        if recap is not None and recap.upto == moves and viewer in asked_at:
            assert recap.since == asked_at[viewer], (
                f"{game.setup.players[viewer]}'s recap at move {moves} starts at {recap.since}, "
                f"not at the last decision, move {asked_at[viewer]}"
            )
            checked += 1
        asked_at[viewer] = moves
    assert checked > 5, "too few recaps to check"


@pytest.mark.parametrize("seed", [1, 2, 8])
def test_a_lone_done_told_in_the_recap_before_the_curtain_is_not_told_again_at_the_next_decision(
    seed: int, tmp_path: Path
) -> None:
    """Seen at 80x24 (Mythicarium, seed 11): Bram's turn ended by itself after his last ability, the recap before
    the curtain said "Bram: End the turn (auto, the only choice)", and his next decision opened with "End the turn
    (auto): Nothing to play: ..." again over two of its three option rows. A lone Done no recap told still is."""
    game = Game.new("mythicarium", seed)
    session = Session(game, ["human", "human"], config=tmp_path)
    bots = [make_bot("mythicarium", "greedy", seed + n, workers=1) for n in (1, 2)]
    read: set[int] = set()
    checked = told = 0
    while len(game.actions) < 300:
        step = session.next_step()
        if step is Next.OVER:
            break
        decision = game.decision
        assert decision is not None
        if step is Next.RECAP:
            if session.viewer in session.forced:
                read.add(session.viewer)
            session.recap_seen()
        elif step is Next.CURTAIN:
            session.take_keyboard(decision.seat)
        else:
            note = session.forced_note(decision.seat)  # as the screen asks, showing the decision
            if decision.seat in read:
                read.discard(decision.seat)
                assert note == "", note
                checked += 1
            told += bool(note)
            game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    assert checked > 0 and told > 0, "no recap before a curtain told a lone Done, or no other lone Done was told"


@pytest.mark.parametrize("ruleset_id", ["mythicarium", "magewars"])
def test_against_the_computer_a_recap_starts_at_the_seats_last_decision(ruleset_id: str, tmp_path: Path) -> None:
    """Against the computer no curtain falls: the player watched their own moves of the turn before, so the
    recap on their return starts at their last decision (seen at 80x24 in Mage Wars: "Since you last looked"
    listed Ana's own lays and deploys of her previous turn, and her draw of then as a result)."""
    _game, _session, steps = play_hot_seat(ruleset_id, 3, tmp_path, moves=250, controllers=("human", "greedy"))
    asked_at: int | None = None
    checked = 0
    for step, moves, viewer, recap in steps:
        if step is not Next.HUMAN or viewer != 0:
            continue
        if recap is not None and recap.upto == moves and asked_at is not None:
            assert recap.since == asked_at, f"the recap at move {moves} starts at {recap.since}, not {asked_at}"
            checked += 1
        asked_at = moves
    assert checked > 5, "too few recaps to check"


def test_a_mythcraft_attack_that_ends_its_units_turn_says_what_it_did_at_the_next_decision(tmp_path: Path) -> None:
    """Seen at 80x24 (seed 21): Bram's Cinder Imp spat at Hrodna, its turn ended by itself, and Ash Hound A's
    decision came at once; the hit or miss had scrolled out of the log's rows. The next decision's note says it,
    and only it (not Hrodna's burn at the start of her turn, as a first version did)."""
    game = Game.new("mythcraft", 21)
    session = Session(game, ["human", "human"], config=tmp_path)
    bot = make_bot("mythcraft", "greedy", 22, workers=1)
    said = 0
    while len(game.actions) < 300 and session.next_step() is Next.HUMAN:
        decision = game.decision
        assert decision is not None
        before = len(game.log)
        game.apply(bot.choose(game.ruleset, game.state, decision))
        if session.next_step() is not Next.HUMAN:
            break
        new = game.log[before:]
        end = next((i for i, line in enumerate(new) if ends_turn(line)), len(new))
        lines = [line.event.text for line in new[:end]]  # what the move did, before its unit's turn ended
        after = [line.event.text for line in new[end:] if " damage (HP " in line.event.text]  # a burn, say
        note = session.outcome_of_last_move(decision.seat)
        assert not any(text in note for text in after), f"the next turn's start told as the move's result: {note}"
        turn_ended = any(starts_turn(line) for line in game.log[before:])
        verdicts = [text for text in lines if " attacks " in text and text.endswith(("hit", "miss", "crit"))]
        attacked = verdicts[-1] if verdicts else None
        if not turn_ended or attacked is None:
            assert turn_ended or note == "", f"a note for a move whose turn goes on: {note}"
            continue
        damage = [text for text in lines if " damage (HP " in text]
        assert note.startswith("Last move: ")
        verdict = ROLL_SUM.sub(": ", attacked)  # "...with Bite: 4 vs AR 12: miss", the dice left out for room
        assert all(text in note for text in damage) if damage else note.endswith(verdict), (note, lines)
        said += 1
    assert said >= 3, "too few attacks ended their unit's turn to check"
    mythicarium = Game.new("mythicarium", 21)
    assert Session(mythicarium, ["human", "human"], config=tmp_path).outcome_of_last_move(0) == ""


async def test_with_the_recap_open_the_notice_row_does_not_repeat_the_other_seats_moves(tmp_path: Path) -> None:
    """Seen at 80x24 (Mage Wars, seed 5): Bram's return opened the recap beside ("What happened: ... Ana lays Old
    Quarry Keep ...") and the notice row above his options said "Ana: lays Old Quarry Keep, deploys a face-d…"
    again, one of three rows that left two options in sight. With the recap open by itself, the row keeps only
    why a lone Done was taken (the recap's What happened holds the rest)."""
    from mythtable.tui.screens.curtain import CurtainScreen
    from mythtable.tui.screens.game import GameScreen
    from mythtable.tui.screens.recap import RecapScreen
    from tests.tui.keys import press, settle
    from tests.tui.test_curtain import new_app
    from tests.tui.test_inspect_more import notice

    app = new_app("magewars", tmp_path, seed=5)
    bots = [make_bot("magewars", "greedy", 6, workers=1), make_bot("magewars", "greedy", 7, workers=1)]
    opened = quiet = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, (RecapScreen, CurtainScreen)):
                await press(pilot, "enter")
                continue
            assert isinstance(screen, GameScreen)
            game = screen.session.game
            decision = game.decision
            if decision is None:
                break
            other = game.setup.players[1 - decision.seat]
            said = notice(screen)
            if screen.has_class("-recap") and screen.session.recap(decision.seat) is not None:
                opened += 1
                assert not said.startswith(other + ":") and f" {other}: " not in said, said
            elif said.startswith(other + ":"):
                quiet += 1  # the recap stayed shut: the row says what the other seat did
            screen.play(bots[decision.seat].choose(game.ruleset, game.state, decision))
            await settle(pilot)
            if opened > 3 and quiet:
                break
    assert opened > 3, "the recap never opened by itself at a decision: nothing was checked"
    assert quiet, "the other seat's moves were never told in the row"
