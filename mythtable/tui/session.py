"""Hot-seat bookkeeping between the game and the screens, kept free of textual.

It answers: whose view is on screen, whether the keyboard must change hands first (the
curtain), and whether the next decision belongs to a computer seat.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

from mythtable.engine.autopass import (
    YIELD_NONE,
    YIELDS,
    SeatSettings,
    enter_commits_at_once,
    safe_action,
)
from mythtable.engine.bots import LEVELS, STRENGTHS, Bot, RandomBot
from mythtable.engine.bots import make_bot as make_strength_bot
from mythtable.engine.decision import Ref
from mythtable.engine.game import Game
from mythtable.engine.record import write_atomic
from mythtable.engine.registry import own_ai
from mythtable.play.autoplay import auto_answer, keep_settings, saved_settings, settings_words
from mythtable.play.recap import Recap, ends_turn, is_result, recap_of, starts_turn
from mythtable.play.seat import Opening

AUTOPASS_FILE = "autopass.json"
MAX_SETTINGS_BYTES = 1_000_000


SUMMARY_CHARS = 200
"""The longest "what the other seat did" line; the log holds the rest."""
ROLL_SUM = re.compile(r": d20 [^=:]*= ")
"""The dice of a roll's line ("...with Bite: d20 1 + 2 + TA 1 = 4 vs AR 12: miss"), left out where room is short."""
QUIET_KINDS = frozenset({"auto", "takeback", "turn", "draw"})
"""Log lines the summary of the other seat's moves leaves out."""


@dataclass(slots=True, frozen=True)
class Glance:
    """The table as a seat last saw it: its view and how many moves had been made."""

    view: Any
    moves: int


class Next(Enum):
    OVER = "over"
    CURTAIN = "curtain"
    HUMAN = "human"
    COMPUTER = "computer"
    RECAP = "recap"
    """The seat at the keyboard sees a combat's result before the curtain falls (its turn ended by itself):
    the screen shows `Session.recap` and calls `recap_seen` when the seat presses on."""


@dataclass
class Session:
    """A game plus who sits at each seat. `viewer` is the seat whose view the screen shows."""

    game: Game
    controllers: list[str] = field(default_factory=lambda: ["human", "human"])
    viewer: int | None = None
    bots: dict[int, Bot] = field(default_factory=dict)
    autopass: list[SeatSettings] = field(default_factory=list)
    """Each seat's auto-pass settings (engine/autopass.py): from the save, else from the player's config."""
    config: Path | None = None
    """The folder of the per-name settings file; None: paths.config_dir()."""
    handing_from: int | None = None
    """While a curtain is up: the seat that had the keyboard before it (it may still take back its move)."""
    fresh: tuple[int, int] | None = None
    """(seat, moves made) of the first decision after a curtain was lifted: it opens on the safe option."""
    looked: dict[int, Glance] = field(default_factory=dict)
    """What each human seat last saw of the table (right after its own move), to show what changed since."""
    asked: dict[int, int] = field(default_factory=dict)
    """Moves made when each human seat's decision was last shown: what it has seen happen."""
    returned: dict[int, int] = field(default_factory=dict)
    """Moves made at each human seat's last return: its next recap starts there."""
    recaps: dict[int, Recap] = field(default_factory=dict)
    """Each human seat's latest recap (made on its return, or before a curtain it must not miss)."""
    forced: dict[int, str] = field(default_factory=dict)
    """Per seat: a lone Done taken for it automatically, with the ruleset's why_only_done reason, until the
    seat's next decision shows it (forced_note)."""

    def __post_init__(self) -> None:
        for seat, controller in enumerate(self.controllers):
            if controller != "human":
                self.bots[seat] = make_bot(self.game.ruleset.id, controller, self.game.seed + seat)
        if not self.autopass:
            saved = saved_settings(self.game)
            if saved is not None:
                self.autopass = saved
            else:
                stored = load_settings(self.config_dir())
                self.autopass = [replace(SeatSettings.from_json(stored.get(n)), yield_=YIELD_NONE) for n in self.names]
        self._sync_game()

    # ----- auto-pass (issue 15) --------------------------------------------------------
    def config_dir(self) -> Path:
        if self.config is not None:
            return self.config
        from mythtable.paths import config_dir

        return config_dir()

    def _sync_game(self) -> None:
        """The settings go into the save, so that a resumed game asks the same."""
        keep_settings(self.game, self.autopass)

    def _store(self, seat: int) -> None:
        """Remember a seat's stops and full control under its player's name (yields are for this game only)."""
        self._sync_game()
        path = self.config_dir() / AUTOPASS_FILE
        data = load_settings(self.config_dir())
        data[self.names[seat]] = replace(self.autopass[seat], yield_=YIELD_NONE).to_json()
        with contextlib.suppress(OSError):  # a read-only config folder costs the remembered settings, never the game
            write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True))

    def toggle_full_control(self, seat: int) -> bool:
        """Ask this seat at every window (or not); returns the new value."""
        self.autopass[seat] = replace(self.autopass[seat], full_control=not self.autopass[seat].full_control)
        self._store(seat)
        return self.autopass[seat].full_control

    def set_yield(self, seat: int, kind: str) -> None:
        """Pass until my turn ("turn") or the end of this combat ("combat"); "none" clears it."""
        if kind not in YIELDS:
            raise ValueError(f"unknown yield {kind!r}")
        self.autopass[seat] = replace(self.autopass[seat], yield_=kind)
        self._sync_game()

    def set_stops(self, seat: int, stops: frozenset[str]) -> None:
        self.autopass[seat] = replace(self.autopass[seat], stops=frozenset(stops))
        self._store(seat)

    def set_settings(self, seat: int, settings: SeatSettings) -> None:
        """All of a seat's settings at once (the stops screen): stops and full control are remembered under the
        player's name, the yield only in this game."""
        if settings.yield_ not in YIELDS:
            raise ValueError(f"unknown yield {settings.yield_!r}")
        self.autopass[seat] = replace(settings, stops=frozenset(settings.stops))
        self._store(seat)

    def autopass_words(self, seat: int | None) -> str:
        """What the status line says about a seat's auto-pass settings ("" for the defaults)."""
        if seat is None or seat in self.bots or self.watching:
            return ""
        words = settings_words(self.autopass[seat])
        return f" · {words}" if words else ""

    def auto_answer(self) -> bool:
        """Apply the open decision's answer for a human seat that need not be asked (play/autoplay.py, shared
        with a table's host); True if one was applied."""
        move = auto_answer(self.game, self.autopass, self.bots)
        if move is None:
            return False
        if move.forced:  # the seat never saw this decision: its next one says why it had nothing to choose
            self.forced[move.seat] = move.forced
        return True

    @property
    def names(self) -> list[str]:
        return self.game.setup.players

    def next_step(self) -> Next:
        """What the screen must do before showing the next decision."""
        while self.auto_answer():
            pass
        decision = self.game.decision
        if decision is None:
            return Next.OVER
        if decision.seat in self.bots:
            if self.viewer is None:
                self.viewer = self.first_human_seat()
            return Next.COMPUTER
        if decision.seat != self.viewer and self.needs_curtain(decision.seat):
            if self.viewer is not None and self.result_unseen(self.viewer):
                return Next.RECAP
            self.lower_curtain()
            return Next.CURTAIN
        self.viewer = decision.seat
        self.note_asked(decision.seat)
        return Next.HUMAN

    # ----- recaps (issue 33, item 1) -------------------------------------------------------
    def note_asked(self, seat: int) -> None:
        """A human seat is shown its decision: on its return (the other seat moved since it was last asked, or a
        curtain was lifted for it) its recap is made, from its previous return to now; on a screen both seats share,
        from its last decision, so the panel never repeats what the seat watched happen."""
        game = self.game
        moves = len(game.actions)
        last = self.asked.get(seat)
        if last == moves:
            return
        others = any(
            actor != seat and not auto
            for actor, auto in zip(game.actors[last or 0 :], game.auto[last or 0 :], strict=True)
        )
        if last is None and seat not in self.returned:  # its first look here (a new or resumed game): no recap
            self.returned[seat] = moves
        elif others or self.fresh == (seat, moves):
            # Behind a curtain a seat missed everything since it last came back; on a screen both seats share
            # (no hidden information, no curtain) or one it never left (the other seat is the computer's) it
            # watched all but the results of its own last move.
            shared = not self.curtains_fall() and last is not None
            since = last if shared else self.returned.get(seat, 0)
            if moves > since:
                self.recaps[seat] = recap_of(game.log, since, moves, seat)
                self.returned[seat] = moves
        self.asked[seat] = moves

    def result_unseen(self, seat: int) -> bool:
        """Before a curtain: `seat`'s turn went on by itself since it was last asked (an auto move of its own,
        or its turn ended by the rules on a move of its own, as a Mage Wars turn ends with its combat) and
        brought results it has not seen. Its recap is made then, for the screen to show first."""
        game = self.game
        if seat in self.bots or self.watching:
            return False
        last = self.asked.get(seat, len(game.actions))
        moves = len(game.actions)
        if not self.went_on_by_itself(seat, last, moves):
            return False
        unseen = recap_of(game.log, last, moves, seat)
        if not unseen.results:
            return False
        since = self.returned.get(seat, 0)
        self.recaps[seat] = recap_of(game.log, since, moves, seat)
        return True

    def went_on_by_itself(self, seat: int, last: int, moves: int) -> bool:
        """Whether moves `last`..`moves` hold an auto move of `seat`'s, or a turn that began on `seat`'s own
        moves before any other seat moved (its turn ended without its asking)."""
        game = self.game
        if any(game.auto[i] and game.actors[i] == seat for i in range(last, moves)):
            return True
        own = next((i for i in range(last, moves) if game.actors[i] != seat), moves)
        for line in reversed(game.log):  # only the lines since the seat was asked: a long game's log is long
            if line.step <= last:
                return False
            if line.step <= own and starts_turn(line):
                return True
        return False

    def recap_seen(self) -> None:
        """The seat at the keyboard has read the recap shown before the curtain: it is not shown again, nor the
        lone Done taken for it on the way there (the recap told it: "End the turn (auto, the only choice)"), which
        would take two of the note's rows above its next decision's options."""
        seat = self.viewer
        if seat is not None:
            moves = len(self.game.actions)
            self.asked[seat] = moves
            self.returned[seat] = moves
            self.forced.pop(seat, None)

    def recap(self, seat: int | None) -> Recap | None:
        """`seat`'s latest recap (None for none)."""
        return None if seat is None else self.recaps.get(seat)

    def curtains_fall(self) -> bool:
        """Two people share the keyboard and the screen shows private information: it changes hands behind a
        curtain (against the computer, or with nothing hidden, the screen is everyone's all along)."""
        humans = [s for s in (0, 1) if s not in self.bots]
        return self.game.ruleset.hidden_information and len(humans) == 2

    def needs_curtain(self, seat: int) -> bool:
        """A curtain is due when the keyboard changes hands and the screen shows private information."""
        return self.curtains_fall() and self.viewer != seat

    def lower_curtain(self) -> None:
        """Nobody's screen shows while the curtain is up: until a seat takes the keyboard, the viewer is unknown.

        So anything that happens behind the curtain ends on a curtain again, through next_step, never on a
        seat's screen (issue 15); except a take-back asked by the seat the curtain names as still at the
        keyboard, whose move comes back to it (take_back, issue 33)."""
        if self.viewer is not None:
            self.handing_from = self.viewer
        self.viewer = None

    def take_keyboard(self, seat: int) -> None:
        self.viewer = seat
        self.handing_from = None
        self.fresh = (seat, len(self.game.actions))

    # ----- safe keys and what changed (issue 15, items 3 and 4) ---------------------------
    def opening(self) -> Opening:
        """How the open decision opens: the first one after a hand-over starts on the safe option (pass / done /
        end turn) and, unless that is a plain pass in answer to the other seat, its first Enter only confirms;
        so an Enter meant for the curtain (or pressed twice) never commits a move nobody looked at."""
        decision = self.game.decision
        if decision is None or self.fresh != (decision.seat, len(self.game.actions)):
            return Opening()
        window = self.game.window()
        safe = safe_action(window, decision)
        index = decision.actions.index(safe) if safe is not None else 0
        return Opening(index, not enter_commits_at_once(window, decision), after_handover=True)

    def remember(self, seat: int) -> None:
        """The seat has just moved: the table as it leaves it is what it last saw."""
        if seat not in self.bots and not self.watching:
            self.looked[seat] = Glance(self.game.view(seat), len(self.game.actions))

    def changed_since_last_look(self, seat: int) -> frozenset[Ref]:
        """What differs on the table since `seat` last looked (Inspector.changes on two of its own views)."""
        glance = self.looked.get(seat)
        if glance is None:
            return frozenset()
        return self.game.changes(glance.view, self.game.view(seat))

    def moves_since_last_look(self, seat: int, limit: int = SUMMARY_CHARS) -> str:
        """One line on what the other seat did since `seat` last looked ("Bram: plays X, attacks Ana with Y."),
        from the public log lines of the other seat's own moves, cut to `limit` characters; "" when it did
        nothing."""
        glance = self.looked.get(seat)
        game = self.game
        if glance is None:
            return ""
        other = 1 - seat
        name = self.names[other]
        parts: list[str] = []
        for line in game.log:
            index = line.step - 1
            event = line.event
            if line.step <= glance.moves or event.seat is not None or event.kind in QUIET_KINDS:
                continue
            if index >= len(game.actors) or game.actors[index] != other or game.auto[index]:
                continue
            if event.text.startswith(name + " "):
                parts.append(event.text[len(name) + 1 :].rstrip("."))
        if not parts:
            return ""
        text = f"{name}: " + ", ".join(parts) + "."
        return text if len(text) <= limit else text[: max(1, limit - 1)].rstrip() + "…"

    def outcome_of_last_move(self, viewer: int) -> str:
        """What a person's last move did when the rules went on past it at once (its unit's or seat's turn
        ended by itself): "Last move: Hrodna takes 4 fire damage (HP 13 -> 9)." On a screen with no curtain
        (MythCraft) the next decision comes straight after, and the result had scrolled out of the log's few
        rows before anyone read it; "" when the move's turn goes on or it was a computer's or an auto move. Only
        where both seats share the screen: behind a curtain the recap before it (Next.RECAP) tells the mover."""
        game = self.game
        step = len(game.actions)
        if not step or game.auto[-1] or game.actors[-1] in self.bots or game.ruleset.hidden_information:
            return ""
        lines = []
        for line in reversed(game.log):
            if line.step < step:
                break
            lines.append(line)
        lines.reverse()
        if not any(starts_turn(line) for line in lines):
            return ""
        ended = next(i for i, line in enumerate(lines) if ends_turn(line))  # a burn at the next turn's start is not its
        own = [line for line in lines[:ended] if line.event.seat in (None, viewer)]
        shown = [line.event.text for line in own if is_result(line, viewer)]
        if not shown:  # a miss, say: the roll's verdict is the result, its sum without the dice that made it
            shown = [ROLL_SUM.sub(": ", line.event.text) for line in own if line.event.kind == "dice"][-1:]
        return "Last move: " + " ".join(shown) if shown else ""

    def forced_note(self, seat: int) -> str:
        """Why a lone Done was taken for `seat` since its last decision ("" for none); said once."""
        return self.forced.pop(seat, "")

    def takeback_seat(self) -> int | None:
        """The human who may take back their last move now: the viewer, or behind a curtain the seat that
        handed the keyboard over."""
        seat = self.viewer if self.viewer is not None else self.handing_from
        if seat is None or seat in self.bots or self.watching:
            return None
        if self.game.takeback_count(seat, self.answers_undone_with(seat)) == 0:
            return None
        return seat

    def answers_undone_with(self, seat: int) -> frozenset[int]:
        """The computers whose quiet answers `seat` takes back with its move: against the computer a
        take-back would otherwise end at its first pass (in Mage Wars, after nearly every move). Only
        while `seat` has the decision again, so that no computer is thinking about a move taken back."""
        decision = self.game.decision
        if decision is None or decision.seat != seat:
            return frozenset()
        return frozenset(self.bots)

    def take_back(self) -> str:
        """Take back the last move of takeback_seat(). Asked from behind a curtain, it is the seat that handed
        over, still at the keyboard: the move comes back to it with no second curtain (issue 33)."""
        seat = self.takeback_seat()
        if seat is None:
            raise ValueError(self.why_no_takeback())
        from_curtain = self.viewer is None  # asked from the curtain by the seat it names: still at the keyboard
        self.handing_from = None
        self.forced.clear()  # what was forced may be taken back too: never explain a move undone
        text = self.game.take_back(seat, self.answers_undone_with(seat))
        moves = len(self.game.actions)
        for marks in (self.asked, self.returned):  # no mark past the moves left
            marks.update({s: min(m, moves) for s, m in marks.items()})
        self.recaps = {s: r for s, r in self.recaps.items() if r.upto <= moves}
        decision = self.game.decision
        if from_curtain and decision is not None and decision.seat == seat:
            self.viewer = seat  # the move comes back to the seat that asked: no second curtain for it
        return text

    def why_no_takeback(self) -> str:
        """Why `u` cannot take anything back now, in words a player understands."""
        seat = self.viewer if self.viewer is not None else self.handing_from
        game = self.game
        if not game.actions:
            return "nothing to take back: no move has been made yet"
        if self.watching or seat is None or seat in self.bots:
            return "nothing to take back: only the player who just moved may take back, before the hand-over"
        answers = self.answers_undone_with(seat)
        for index in range(len(game.actions) - 1, -1, -1):
            actor, revealed, auto = game.actors[index], game.revealing[index], game.auto[index]
            if revealed:
                whose = "your last move" if actor == seat else "the last move"
                return f"nothing to take back: {whose} revealed information ({self.what_came_to_light(index, seat)})"
            if auto or actor in answers:
                continue
            if actor != seat:
                return f"nothing to take back: the last move was {self.names[actor]}'s"
            break
        return "nothing to take back"

    def what_came_to_light(self, index: int, seat: int) -> str:
        """The first line `seat` may read of what action `index` brought to light ("Ana plays Tengu Duelist
        (5 XP)", "Ana rolls d6: 5"), so a refused take-back names its reason; never another seat's private line."""
        for line in self.game.log:
            event = line.event
            if line.step == index + 1 and event.seat in (None, seat) and (event.reveals or event.kind == "dice"):
                return event.text.rstrip(".")
        return "a card shown or drawn, or a die rolled"

    def first_human_seat(self) -> int:
        for seat in (0, 1):
            if seat not in self.bots:
                return seat
        return 0

    @property
    def watching(self) -> bool:
        """Both seats are computers: a spectator watches, and sees everything."""
        return len(self.bots) == 2

    def view(self) -> Any:
        if self.watching:
            return self.game.view(None)
        return self.game.view(self.viewer if self.viewer is not None else self.first_human_seat())

    def log_seat(self) -> int | None:
        return None if self.watching else self.viewer


def load_settings(folder: Path) -> dict[str, Any]:
    """The per-name settings file as a dict; a missing, broken or oversized file counts as empty."""
    path = folder / AUTOPASS_FILE
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


CONTROLLER_LABELS = {
    "human": "A person",
    "ai": "Computer (built-in AI)",
    "easy": "Computer (easy)",
    "normal": "Computer (normal)",
    "hard": "Computer (hard)",
    "random": "Computer (random)",
    "greedy": "Computer (greedy)",
    "search": "Computer (search)",
}

LEVEL_NAMES = ("easy", "normal", "hard")
"""The strengths a player picks from; random, greedy and search stay for scripts and tests."""


def controller_choices(ruleset_id: str) -> list[str]:
    """Who may sit at a seat: a person, or a computer of some strength (the levels first)."""
    choices = ["human", *LEVEL_NAMES]
    if own_ai(ruleset_id) is not None:
        choices.append("ai")
    choices.extend(s for s in STRENGTHS if s not in choices)
    return choices


def make_bot(ruleset_id: str, controller: str, seed: int) -> Bot:
    """The computer player for a seat: the ruleset's own AI, or a generic bot of a strength."""
    if controller == "ai":
        factory = own_ai(ruleset_id)
        if factory is not None:
            bot: Bot = factory(seed)
            return bot
        controller = "greedy"
    if controller in ("greedy", "search", "easy") or controller in LEVELS:
        # one process: forking helper processes from inside the running app is not worth the risk
        return make_strength_bot(ruleset_id, controller, seed, workers=1)
    return RandomBot(seed)
