"""The replay viewer: step through a game action by action, both seats' information shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from mythtable.engine.replay import ReplayCursor
from mythtable.tui.boards import board_class
from mythtable.tui.boards.base import Board
from mythtable.tui.safe_text import markup, notify, plain
from mythtable.tui.screens.result import reason_after_headline
from mythtable.tui.widgets.log import GameLog


class ReplayScreen(Screen[None]):
    BINDINGS = [
        Binding("right,l", "move(1)", "Next"),
        Binding("left,h", "move(-1)", "Back"),
        Binding("pagedown", "move(10)", "+10", show=False),
        Binding("pageup", "move(-10)", "-10", show=False),
        Binding("home", "jump_to(0)", "Start"),
        Binding("end", "jump_to(-1)", "End"),
        Binding("t", "ask_turn", "Go to turn"),
        Binding("escape,q", "leave", "Leave"),
    ]

    def __init__(self, cursor: ReplayCursor) -> None:
        super().__init__()
        self.cursor = cursor
        self.board: Board = board_class(cursor.ruleset.id)(id="table")

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield self.board
        with Horizontal(id="bottom"):
            yield Static("", id="move")
            yield GameLog(id="log")
        yield Input(placeholder="turn number, then Enter", id="turn", type="integer")
        yield Footer()

    def on_mount(self) -> None:
        self.cursor.go(0)
        self.render_step()

    def render_step(self) -> None:
        cursor = self.cursor
        ruleset = cursor.ruleset
        view = cursor.view()
        self.board.show(view, None, cursor.names)
        stage = self.board.status(view) or cursor.stage()
        self.query_one("#status", Static).update(
            markup(
                "[b]Replay · $title[/b] · step $step/$length · turn $turn · $stage$outcome",
                title=ruleset.title,
                step=cursor.step,
                length=cursor.length,
                turn=cursor.turn_number(),
                stage=stage,
                outcome=self.outcome(),
            )
        )
        if cursor.step == 0:
            move = "The setup. Press → to step forward."
        else:
            move = f"Move {cursor.step}: {cursor.labels[cursor.step - 1]}"
        result = cursor.result()
        if result is None:
            shown = plain(move)
        else:
            winner = "a draw" if result.winner is None else f"{cursor.names[result.winner]} wins"
            shown = markup(
                "$move\n\n[b]Game over: $winner[/b] ($reason).",
                move=move,
                winner=winner,
                reason=reason_after_headline(result, cursor.names),
            )
        self.query_one("#move", Static).update(shown)
        log = self.query_one(GameLog)
        log.show(cursor.log_until_now(), cursor.names)

    def outcome(self) -> str:
        """How the whole game ends (" · Ana won", " · a draw", " · unfinished"), shown from the first step."""
        final = self.cursor.final_result
        if final is None:
            return " · unfinished"
        return " · a draw" if final.winner is None else f" · {self.cursor.names[final.winner]} won"

    def action_move(self, delta: int) -> None:
        self.cursor.go(self.cursor.step + delta)
        self.render_step()

    def action_jump_to(self, step: int) -> None:
        self.cursor.go(self.cursor.length if step < 0 else step)
        self.render_step()

    def action_ask_turn(self) -> None:
        box = self.query_one("#turn", Input)
        box.display = True
        box.value = ""
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.display = False
        try:
            turn = int(event.value)
        except ValueError:
            notify(self, "Type a turn number.", severity="warning")
            return
        self.cursor.go(self.cursor.step_of_turn(turn))
        self.render_step()

    def action_leave(self) -> None:
        box = self.query_one("#turn", Input)
        if box.display:
            box.display = False
            return
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
