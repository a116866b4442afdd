"""One shared table: a Game, who holds each seat, who is away, the watchers' count, chat and take-back requests.

No I/O but its autosave, no asyncio: the host (host.py) feeds it messages and sends the frames it builds. Every
change goes through `Game.apply` or `Game.take_back`, so a table writes the same record a hot-seat game does.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from mythtable.engine.autopass import YIELD_COMBAT, YIELD_TURN, SeatSettings
from mythtable.engine.bots import Bot, make_bot
from mythtable.engine.errors import IllegalAction
from mythtable.engine.game import Game, LogLine
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.engine.record import write_atomic
from mythtable.engine.summary import Summary, summarize
from mythtable.engine.text import one_line
from mythtable.engine.views import view_data
from mythtable.play.autoplay import auto_answer, keep_settings, saved_settings, settings_words
from mythtable.play.seat import SeatFrame, frame_of
from mythtable.tables.log_delta import SentLog
from mythtable.tables.protocol import MAX_CHAT, DecisionData, Frame, LogData, OptionData, TalkData

CHAT_KEPT = 50
COMPUTER = "easy"
"""The strength that takes over a seat handed to the computer (quick: it answers within the host's loop)."""
TABLE_FORMAT = "mythtable-table"
KIND_WORDS = {
    "declare_blockers": "blockers",
    "declare_attackers": "attackers",
    "counter_attackers": "counter-attackers",
    "counter_blockers": "blockers",
    "assign_wounds": "where the wounds go",
    "split_damage": "how to split the damage",
    "damage_choice": "damage or capture",
    "discard": "what to discard",
    "first_player": "who goes first",
    "main": "a move",
    "respond": "whether to respond",
    "fast_cast": "whether to respond",
    "legendary_battle": "whether to play a Legend",
    "choose_target": "a target",
    "heal_target": "a target",
    "target": "a target",
    "attack_step": "blocks",
    "reaction": "whether to react",
    "hero_turn": "an action",
    "creature_turn": "an action",
}
"""What another seat is told a decision is about ("Bram is choosing blockers..."): its kind in words, never its
prompt (which may name a card in the chooser's hand). A kind not listed reads as itself."""


def choosing_words(kind: str) -> str:
    return KIND_WORDS.get(kind) or kind.replace("_", " ").strip() or "a move"


SEAT_FRAME: TypeAdapter[SeatFrame] = TypeAdapter(SeatFrame)
SUMMARY: TypeAdapter[Summary] = TypeAdapter(Summary)
INSPECTED: TypeAdapter[list[tuple[InspectTarget, Inspection | None]]] = TypeAdapter(
    list[tuple[InspectTarget, Inspection | None]]
)


def seat_frame_data(
    game: Game, seat: int | None, view: Any, deciding: bool, choosing: str, watchers: int
) -> dict[str, Any]:
    """The seam's SeatFrame for `seat` (None: a watcher) as JSON data, its view and its log left out (sent beside
    it: the frame's log is this connection's own lines; `frame_of` would give a watcher, seat None, every line),
    and the open decision's prompt only when it is this seat's (a prompt may name a card still in its chooser's
    hand)."""
    frame = frame_of(game, seat, None, seat if seat is not None else 0, deciding, choosing=choosing, watchers=watchers)
    frame = dataclasses.replace(frame, log=())
    if frame.decision is not None and not deciding:  # "Choose a target for <a card still in hand>": the chooser's
        frame = dataclasses.replace(frame, decision=dataclasses.replace(frame.decision, prompt=""))
    data: dict[str, Any] = SEAT_FRAME.dump_python(frame, mode="json")
    return data


def log_data(line: LogLine) -> LogData:
    event = line.event
    return LogData(step=line.step, text=event.text, kind=event.kind, seat=event.seat, reveals=event.reveals)


def autosave_json(data: dict[str, Any]) -> str:
    """A table's autosave, written after every move: compact, so that json's C encoder writes it (a record's
    indented form takes the pure-Python one, about half the host's time a move late in a game). The server
    reads it back; a player's copy of the game (host.py) is an ordinary indented record."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def inspect_data(game: Game, seat: int | None) -> list[Any]:
    """What `seat` may inspect now, each with its text; nothing for a watcher (None reads everything)."""
    if seat is None:
        return []
    pairs = [(target, game.inspect(seat, target.ref)) for target in game.inspectables(seat)]
    data: list[Any] = INSPECTED.dump_python(pairs, mode="json")
    return data


def clock(seconds: float) -> str:
    """9:41 for 581 seconds."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass
class Table:
    """A shared game. `holders[s]` is who may sit at seat s ("key:<id>" or "token:<digest>"), None while free."""

    code: str
    game: Game
    holders: list[str | None] = field(default_factory=lambda: [None, None])
    opener: int = 0
    watchable: bool = True
    computer: set[int] = field(default_factory=set)
    """Seats the computer plays (handed over while their player was away)."""
    connected: list[bool] = field(default_factory=lambda: [False, False])
    away_since: list[float | None] = field(default_factory=lambda: [None, None])
    """When each held seat's connection went (time.monotonic), None while connected or never joined."""
    left_at: list[int | None] = field(default_factory=lambda: [None, None])
    """Moves made when each seat's connection last went away (its recap on return starts there)."""
    takebacks: int = 0
    """Take-backs made here: each writes the game's log anew (log_delta.py)."""
    watchers: int = 0
    """Watcher connections to the host (a server's renderer is one of them, not counted)."""
    audience: int = 0
    """Watchers of a server's shared renderer (serve/watch_fanout.py)."""
    talk: list[TalkData] = field(default_factory=list)
    """Chat lines and table notices, newest last (at most CHAT_KEPT)."""
    clock: float | None = None
    """Seconds each decision may take (None: no clock); when they run out the computer makes that one move."""
    clock_since: float | None = None
    """When the open decision's clock started (time.monotonic); None while it does not run."""
    asking: int | None = None
    """The seat that asked to take back a move and waits for the other's answer."""
    version: int = 0
    """Counts every change anyone may see (a frame's number)."""
    moves: int = 0
    """Counts every change of the game (a move, a take-back): a choice names the decision it answers (this
    count), so a stale one is refused, and nothing else (a chat line, a watcher) makes it stale."""
    ended: str | None = None
    """Why the table ended before the game did (the game is saved), else None."""
    bots: dict[int, Bot] = field(default_factory=dict)
    path: Path | None = None
    """The table's autosave."""
    writer: Callable[[Path, str], None] = write_atomic
    """How the autosave is written: at once here; the host writes in a thread, off its loop (host.Saver)."""
    copied: bool = False
    """The finished game is in its players' saves already."""
    autopass: list[SeatSettings] = field(default_factory=list)
    """Each seat's auto-pass settings (engine/autopass.py): from the game's record, else the defaults."""
    saved: dict[int, str] = field(default_factory=dict)
    _views: dict[int | str | None, tuple[tuple[int, int, int], Any, Any]] = field(default_factory=dict, repr=False)
    """The views made at the latest position (and their data), by seat: a move is drawn for two seats and the
    watchers, and a frame sent again for a chat line or a watcher needs no new view."""
    """Where each seat's copy of the finished game is, inside its player's folder ("saves/NAME.json")."""

    def __post_init__(self) -> None:
        if not self.autopass:
            self.autopass = saved_settings(self.game) or [SeatSettings(), SeatSettings()]
        keep_settings(self.game, self.autopass)  # in the record, as a hot-seat game keeps them

    @property
    def names(self) -> list[str]:
        return list(self.game.setup.players)

    @property
    def chat(self) -> list[str]:
        return [line.text for line in self.talk]

    @property
    def over(self) -> bool:
        return self.ended is not None or self.game.result is not None

    def other(self, seat: int) -> int:
        return 1 - seat

    # ----- seats ------------------------------------------------------------------------------------
    def seat_of(self, identity: str) -> int | None:
        for seat, holder in enumerate(self.holders):
            if holder == identity:
                return seat
        return None

    def free_seat(self) -> int | None:
        for seat, holder in enumerate(self.holders):
            if holder is None:
                return seat
        return None

    def arrive(self, seat: int) -> None:
        self.connected[seat] = True
        self.away_since[seat] = None
        self.clock_since = None  # the clock of the open decision starts again, from full
        if seat in self.computer:  # its player is back: the computer lets go
            self.computer.discard(seat)
            self.bots.pop(seat, None)
            self.game.controllers[seat] = "human"

    def depart(self, seat: int, now: float) -> None:
        self.connected[seat] = False
        self.away_since[seat] = now
        self.left_at[seat] = self.moves

    def anyone_here(self) -> bool:
        return any(self.connected)

    def seat_states(self) -> list[str]:
        """Each seat: "computer", "free" (nobody holds it yet), "here" or "away"."""
        return [
            "computer"
            if seat in self.computer
            else "free"
            if self.holders[seat] is None
            else "here"
            if self.connected[seat]
            else "away"
            for seat in (0, 1)
        ]

    def seated(self) -> bool:
        """Every seat has its player (or the computer): the game can go on."""
        return all(state in ("here", "computer") for state in self.seat_states())

    # ----- acting -----------------------------------------------------------------------------------
    def choose(self, seat: int, version: int, index: int) -> str | None:
        """Apply option `index` of the decision numbered `version` (`moves` when it opened) for `seat`;
        the reason it is refused, else None."""
        if self.over:
            return "the game is over"
        decision = self.game.decision
        if decision is None or decision.seat != seat or seat in self.computer:
            return "it is not your decision"
        if version != self.moves:
            return "that decision has passed"
        if not 0 <= index < len(decision.actions):
            return f"there is no option {index + 1}"
        try:
            self.game.apply(decision.actions[index])
        except IllegalAction as exc:  # cannot happen for a listed option; said, not raised
            return str(exc)
        self._changed()
        return None

    def set_autopass(self, seat: int, kind: str) -> str | None:
        """A seat's auto-pass key, as at one keyboard: full control on/off, or a yield; the reason it is
        refused, else None (the host then makes the passes it gives)."""
        if self.over:
            return "the game is over"
        if seat in self.computer:
            return "the computer plays this seat"
        settings = self.autopass[seat]
        if kind == "full":
            settings = dataclasses.replace(settings, full_control=not settings.full_control)
        elif kind in (YIELD_TURN, YIELD_COMBAT):
            settings = dataclasses.replace(settings, yield_=kind)
        else:
            return f"no such auto-pass key: {kind}"
        self.autopass[seat] = settings
        keep_settings(self.game, self.autopass)
        self.version += 1
        return None

    def ask_take_back(self, seat: int) -> str | None:
        if self.over:
            return "the game is over"
        if self.asking is not None:
            return "a take-back is already asked for"
        if self.game.takeback_count(seat, self.computer) == 0:
            return "nothing to take back: the last move revealed something or was not yours"
        if self.other(seat) in self.computer or self.holders[self.other(seat)] == self.holders[seat]:
            return self._take_back(seat)  # nobody else to ask: the computer, or this same keyboard
        self.asking = seat
        self.version += 1
        return None

    def answer_take_back(self, seat: int, accept: bool) -> str | None:
        if self.asking is None or self.asking == seat:
            return "nobody asked you to let them take back a move"
        asker, self.asking = self.asking, None
        if not accept:
            self.note(f"{self.names[seat]} declines the take-back.")
            self.version += 1
            return None
        return self._take_back(asker)

    def _take_back(self, seat: int) -> str | None:
        try:
            self.game.take_back(seat, self.computer)
        except IllegalAction as exc:
            self.version += 1
            return str(exc)
        self.takebacks += 1  # the game's log is written anew: every connection is sent it whole again
        self._changed()
        return None

    def say(self, seat: int, text: str) -> str | None:
        line = one_line(text, MAX_CHAT).strip()
        if not line:
            return "nothing to say"
        self.note(f"{self.names[seat]}: {line}", said=True)
        return None

    def note(self, text: str, said: bool = False) -> None:
        """A line of the table's talk, placed in the log after the moves made so far."""
        line = TalkData(step=len(self.game.actions), text=text, said=said)
        self.talk = [*self.talk, line][-CHAT_KEPT:]
        self.version += 1

    def absent(self, seat: int, choice: str) -> str | None:
        """The player at `seat` decides about the other, absent seat."""
        other = self.other(seat)
        if self.connected[other] or self.holders[other] is None or self.over:
            return "the other player is not away"
        if choice == "computer":
            self.computer.add(other)
            self.game.controllers[other] = COMPUTER
            self.note(f"The computer plays for {self.names[other]} until they come back.")
        elif choice == "end":
            self.end(f"{self.names[seat]} ended the game while {self.names[other]} was away")
        else:
            self.note(f"{self.names[seat]} waits for {self.names[other]}.")
        return None

    def end(self, reason: str) -> None:
        self.ended = reason
        self.asking = None
        self.version += 1
        self.save()

    def computer_move(self) -> bool:
        """Let the computer answer the open decision if it holds that seat; True if it did."""
        decision = self.game.decision
        if self.over or decision is None or decision.seat not in self.computer:
            return False
        self._bot_move()
        return True

    def auto_move(self) -> bool:
        """Answer the open decision for a person's seat that need not be asked, as hot-seat does (an only
        choice, a pass its settings give); True if one was made."""
        if self.over or auto_answer(self.game, self.autopass, self.computer) is None:
            return False
        self._changed()
        return True

    def _bot_move(self) -> None:
        decision = self.game.decision
        assert decision is not None
        bot = self.bots.get(decision.seat)
        if bot is None:
            bot = self.bots[decision.seat] = make_bot(self.game.ruleset.id, COMPUTER, self.game.seed + decision.seat)
        self.game.apply(bot.choose(self.game.ruleset, self.game.state, decision))
        self._changed()

    # ----- the clock -------------------------------------------------------------------------------
    def clock_runs(self) -> bool:
        """The open decision is on the clock: a clock is set, a person decides, and both players are here (an
        away player is covered by the seat's grace, not by the clock; the clock starts again when they are back)."""
        decision = self.game.decision
        if self.clock is None or self.over or decision is None or decision.seat in self.computer:
            return False
        return all(self.connected[s] or s in self.computer for s in (0, 1))

    def clock_left(self, now: float) -> float | None:
        if not self.clock_runs() or self.clock is None:
            return None
        since = self.clock_since if self.clock_since is not None else now
        return max(0.0, self.clock - (now - since))

    def run_clock(self, now: float) -> bool:
        """Start the open decision's clock, or, when its time is up, let the computer make that one move for
        its seat and say so in the talk; True when anything changed that the seats must see."""
        if not self.clock_runs() or self.clock is None:
            changed = self.clock_since is not None
            self.clock_since = None
            return changed
        if self.clock_since is None:
            self.clock_since = now
            self.version += 1
            return True
        if now - self.clock_since < self.clock:
            return False
        decision = self.game.decision
        assert decision is not None
        name = self.names[decision.seat]
        self._bot_move()
        self.note(f"Time ran out for {name}: the computer made that move.")
        return True

    def _changed(self) -> None:
        self.clock_since = time.monotonic() if self.clock is not None else None
        self.asking = None
        self.moves += 1
        self.version += 1
        self.save()

    # ----- what each connection sees ---------------------------------------------------------------
    def status(self, now: float, grace: float) -> list[str]:
        lines = []
        for seat, name in enumerate(self.names):
            if self.holders[seat] is None:
                lines.append(f"Waiting for {name} to join: join {self.code}")
            elif seat in self.computer:
                lines.append(f"The computer plays for {name}.")
            elif not self.connected[seat] and (since := self.away_since[seat]) is not None:
                lines.append(f"{name} disconnected, waiting {clock(grace - (now - since))}")
        if self.asking is not None:
            lines.append(f"{self.names[self.asking]} asks to take back a move.")
        if self.ended:
            lines.append(f"The table ended: {self.ended}. The game is saved.")
        return lines

    def choosing(self, seat: int | None) -> str:
        decision = self.game.decision
        if self.over or decision is None or decision.seat == seat:
            return ""
        return f"{self.names[decision.seat]} is choosing {choosing_words(decision.kind)}..."

    def result_text(self) -> str | None:
        result = self.game.result
        if result is None:
            return None
        if result.winner is None:
            return f"A draw: {result.reason}"
        head = f"{self.names[result.winner]} wins"
        return result.reason if result.reason.startswith(head) else f"{head}: {result.reason}"  # said once

    def frame(
        self,
        seat: int | None,
        now: float,
        grace: float,
        token: str | None = None,
        inspect: bool = False,
        sent: SentLog | None = None,
    ) -> Frame:
        """What `seat` (None: a watcher) may see now: its view, or the public view; its log lines only, from
        after those the connection holds (`sent`, brought up to date here; None: the whole log)."""
        game = self.game
        view, view_json = self._view_of(seat)
        if seat is None:
            log: list[LogLine] = [line for line in game.log if line.event.seat is None]
        else:
            log = game.log_for(seat)
        start = 0 if sent is None else sent.start(log, self.takebacks)
        if sent is not None:
            sent.sent(log, self.takebacks)
        decision = game.decision
        offered = None
        deciding = decision is not None and seat is not None and decision.seat == seat and not self.over
        if deciding and decision is not None and seat is not None:
            where = {action: index for index, action in reversed(list(enumerate(decision.actions)))}
            offered = DecisionData(
                id=self.moves,
                seat=seat,
                kind=decision.kind,
                prompt=decision.prompt,
                options=[
                    OptionData(index=where[action], label=label, subject=view_data(game.subject(action)), copies=n)
                    for action, label, n in game.options()
                ],
            )
        other_absent = (
            seat is not None
            and self.holders[1 - seat] is not None
            and not self.connected[1 - seat]
            and (1 - seat) not in self.computer
        )
        return Frame(
            code=self.code,
            ruleset=game.ruleset.id,
            seat=seat,
            names=self.names,
            version=self.version,
            moves=self.moves,
            view=view_json,
            decision=offered,
            choosing=self.choosing(seat),
            log=[log_data(line) for line in log[start:]],
            log_start=start,
            chat=self.chat,
            talk=list(self.talk),
            opener=seat is not None and seat == self.opener,
            clock=None if self.clock is None else int(self.clock),
            clock_left=self.clock_left(now),
            result=self.result_text(),
            watchers=self.watchers + self.audience,
            watchable=self.watchable,
            status=self.status(now, grace),
            asks_take_back=seat is not None and self.asking is not None and self.asking != seat,
            absent=other_absent and not self.over,
            token=token,
            seat_frame=seat_frame_data(game, seat, view, deciding, self.choosing(seat), self.watchers + self.audience),
            inspect=inspect_data(game, seat) if inspect else [],
            seats=self.seat_states(),
            autopass=settings_words(self.autopass[seat]) if seat is not None and seat not in self.computer else "",
            summary=SUMMARY.dump_python(summarize(game), mode="json") if game.result is not None else None,
            saved=self.saved.get(seat) if seat is not None else None,
            away_from=self.left_at[seat] if seat is not None else None,
        )

    def _view_of(self, seat: int | None) -> tuple[Any, Any]:
        """What `seat` (None: the watchers) may see now, and its data, made once a position; a ruleset that hides
        nothing shows everyone its public view (MythCraft's, with every reachable square, costs milliseconds)."""
        game = self.game
        key: int | str | None = seat if game.ruleset.hidden_information else "everyone"
        position = (len(game.actions), self.takebacks, id(game.state))
        held = self._views.get(key)
        if held is None or held[0] != position:
            view = game.public_view() if seat is None or key == "everyone" else game.view(seat)
            held = self._views[key] = (position, view, view_data(view))
        return held[1], held[2]

    # ----- autosave ----------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "format": TABLE_FORMAT,
            "code": self.code,
            "holders": list(self.holders),
            "opener": self.opener,
            "watchable": self.watchable,
            "computer": sorted(self.computer),
            "talk": [line.model_dump() for line in self.talk],
            "clock": self.clock,
            "ended": self.ended,
            "moves": self.moves,
            "record": self.game.record_data(),
        }

    def save(self) -> None:
        if self.path is not None:
            self.writer(self.path, autosave_json(self.to_data()))

    @classmethod
    def from_data(cls, data: dict[str, Any], path: Path) -> Table:
        """A table from its autosave (ValueError or RecordError when it is not one)."""
        from mythtable.engine.record_schema import GameRecord

        if data.get("format") != TABLE_FORMAT:
            raise ValueError("not a table autosave")
        game = Game.from_record(GameRecord.model_validate(data["record"]))
        holders = [h if isinstance(h, str) else None for h in data.get("holders", [None, None])][:2]
        table = cls(
            code=str(data["code"]),
            game=game,
            holders=holders + [None] * (2 - len(holders)),
            opener=int(data.get("opener", 0)),
            watchable=bool(data.get("watchable", True)),
            computer={int(s) for s in data.get("computer", []) if s in (0, 1)},
            talk=[TalkData.model_validate(t) for t in data.get("talk", [])][-CHAT_KEPT:]
            or [TalkData(step=0, text=str(c)) for c in data.get("chat", [])][-CHAT_KEPT:],
            clock=float(data["clock"]) if data.get("clock") else None,
            ended=data.get("ended"),
            path=path,
        )
        table.moves = table.version = max(int(data.get("moves", 0)), len(game.actions))
        now = time.monotonic()
        table.away_since = [now if h is not None else None for h in table.holders]  # everyone must come back
        return table
