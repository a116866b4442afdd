"""A game in progress: a ruleset's state plus the record of how it got there.

This is the one object the CLI, the bots' harness and the UI drive. It checks every action
against the open decision, keeps the log and the action list, and replays records.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Collection, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mythtable.engine.autopass import Window
from mythtable.engine.built import BUILT_PREFIX
from mythtable.engine.decision import Action, Decision, Event, Ref, Result, Subject
from mythtable.engine.errors import IllegalAction, RecordError
from mythtable.engine.inspect import Inspection, InspectTarget
from mythtable.engine.protocol import Setup
from mythtable.engine.record import RECORD_FORMAT, RECORD_VERSION, now_iso
from mythtable.engine.registry import Loaded, UnknownRuleset, load

if TYPE_CHECKING:  # record_schema.py validates with pydantic, which a game in progress does without
    from mythtable.engine.record_schema import GameRecord

CHECKPOINT_EVERY = 25


@dataclass(slots=True, frozen=True)
class LogLine:
    """An event with the number of actions applied before it (0 for setup)."""

    step: int
    event: Event


def merge_notes(log: list[LogLine], notes: list[LogLine]) -> list[LogLine]:
    """The log with each note placed after the events of its step."""
    if not notes:
        return log
    merged = [line for line in log if line.event.kind != "takeback"]
    for note in notes:
        index = len(merged)
        while index > 0 and merged[index - 1].step > note.step:
            index -= 1
        merged.insert(index, note)
    return merged


def state_hash(snapshot: dict[str, Any]) -> str:
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


class Game:
    """One game: create it with `Game.new` or `Game.from_record`, then `apply` actions."""

    def __init__(self, loaded: Loaded, seed: int, setup: Setup, controllers: list[str] | None = None) -> None:
        assert isinstance(loaded, Loaded)
        loaded = loaded.with_built(setup.built)  # the decks, party or encounter a player built (engine/built.py)
        self.loaded = loaded
        self.entry = loaded.entry
        """The ruleset's entry: the ruleset and its capabilities (engine/capabilities.py)."""
        self.ruleset = loaded.ruleset
        self.seed = seed
        self.setup = setup
        self.controllers = list(controllers or ["human", "human"])
        loaded.ruleset.check_setup(loaded.content, setup)
        self.state = self.ruleset.new_game(loaded.content, seed, setup)
        self.actions: list[Action] = []
        self.actors: list[int] = []
        """The seat that took each action."""
        self.revealing: list[bool] = []
        """Whether each action brought new information to light (a draw, a die, a shown card)."""
        self.auto: list[bool] = []
        """Whether each action was an auto-pass (engine/autopass.py): take-backs step over those."""
        self.checkpoints: dict[int, str] = {}
        self.log: list[LogLine] = [LogLine(0, e) for e in self.ruleset.opening_events(self.state)]
        self.notes: list[LogLine] = []
        """Log lines that are about the game rather than in it (take-backs); they survive rebuilds."""
        self.created = now_iso()
        self.save_name: str | None = None
        """The file name this game autosaves to, once it has one."""
        self.autopass: dict[str, Any] | None = None
        """The seats' auto-pass settings (engine/autopass.py) as plain data, saved with the game so that
        a resumed game asks the same; None for games that never had any (old saves, bots, the CLI)."""

    @classmethod
    def new(cls, ruleset_id: str, seed: int, setup: Setup | None = None, **kw: Any) -> Game:
        loaded = load(ruleset_id, kw.pop("root", None))
        return cls(loaded, seed, setup or loaded.ruleset.default_setup(loaded.content), **kw)

    # ----- playing ----------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.ruleset.pending(self.state)

    @property
    def result(self) -> Result | None:
        return self.ruleset.result(self.state)

    def apply(self, action: Action, auto: bool = False) -> list[Event]:
        """Apply a legal action; an illegal one raises IllegalAction and changes nothing (the ruleset's
        `apply` checks it against the open decision).

        `auto` marks an answer given for a seat by its auto-pass settings."""
        decision = self.decision
        rng = getattr(self.state, "rng", None)
        before = getattr(rng, "state", None)
        events = self.ruleset.apply(self.state, action)
        assert decision is not None  # there was an open decision: it allowed the action
        self.actions.append(action)
        self.actors.append(decision.seat)
        self.auto.append(auto)
        rolled = before is not None and getattr(getattr(self.state, "rng", None), "state", None) != before
        self.revealing.append(rolled or any(e.reveals for e in events))
        step = len(self.actions)
        self.log.extend(LogLine(step, e) for e in events)
        if step % CHECKPOINT_EVERY == 0:
            self.checkpoints[step] = self.hash()
        return events

    # ----- take-backs --------------------------------------------------------------------
    def takeback_count(self, seat: int, through: Collection[int] = ()) -> int:
        """How many of its latest actions `seat` may take back.

        Only its own, only back to the last action that revealed something (that one stays),
        and never past an action of the other seat, except the auto-passes that followed (they are
        taken back with it) and the quiet answers of a seat in `through` (a computer's: taking its
        answer back shows the human nothing a fresh answer would not).
        """
        count = 0
        for actor, revealed, auto in zip(
            reversed(self.actors), reversed(self.revealing), reversed(self.auto), strict=True
        ):
            if revealed:
                break
            if auto or (actor in through and actor != seat):
                continue
            if actor != seat:
                break
            count += 1
        return count

    def _last_own(self, seat: int) -> int:
        """The index of `seat`'s last action that was not an auto-pass."""
        index = len(self.actions) - 1
        while index >= 0 and (self.auto[index] or self.actors[index] != seat):
            index -= 1
        return index

    def take_back(self, seat: int, through: Collection[int] = ()) -> str:
        """Undo `seat`'s last action by replaying the game without it (and what followed it: auto-passes,
        the quiet answers of the seats in `through`); returns what was undone."""
        if self.takeback_count(seat, through) == 0:
            raise IllegalAction("nothing to take back: the last move revealed something or was not yours")
        cut = self._last_own(seat)
        keep = self.actions[:cut]
        undone = self.actions[cut]
        self._rebuild(keep, self.auto[:cut])
        label = self.ruleset.describe(self.state, undone) if self.decision and self.decision.allows(undone) else ""
        name = self.setup.players[seat]
        text = f"{name} takes back a move" + (f" ({label})" if label else "") + "."
        self.notes.append(LogLine(len(self.actions), Event(text, kind="takeback")))
        self.log = merge_notes(self.log, self.notes)
        return text

    def _rebuild(self, actions: list[Action], autos: list[bool] | None = None) -> None:
        """Start over from the seed and apply `actions` again (exact, since all randomness is in the state)."""
        self.state = self.ruleset.new_game(self.loaded.content, self.seed, self.setup)
        self.actions, self.actors, self.revealing, self.auto, self.checkpoints = [], [], [], [], {}
        self.log = [LogLine(0, e) for e in self.ruleset.opening_events(self.state)]
        for index, action in enumerate(actions):
            self.apply(action, bool(autos and autos[index]))
        self.notes = [n for n in self.notes if n.step <= len(self.actions)]

    def hash(self) -> str:
        return self.hash_of(self.ruleset, self.state)

    @staticmethod
    def hash_of(ruleset: Any, state: Any) -> str:
        """The same hash for a bare ruleset state (the replay viewer's, say)."""
        return state_hash(ruleset.snapshot(state))

    def describe(self, action: Action) -> str:
        return self.ruleset.describe(self.state, action)

    def options(self) -> list[tuple[Action, str, int]]:
        """The open decision's actions as the prompt lists them: (action, words, copies). Actions that
        are the same move with copies of one card in hand (`Ruleset.copies_key`) are listed once, as
        the first of them, with their count; every other action is listed as it is, in order."""
        decision = self.decision
        if decision is None:
            return []
        ruleset, state = self.ruleset, self.state
        out: list[tuple[Action, str, int]] = []
        first: dict[Hashable, int] = {}  # copies key -> its row in `out`
        for action in decision.actions:
            key = ruleset.copies_key(state, action)
            if key is not None:
                row = first.get(key)
                if row is not None:
                    kept, words, count = out[row]
                    out[row] = (kept, words, count + 1)
                    continue
                first[key] = len(out)
            out.append((action, ruleset.describe(state, action), 1))
        return out

    def subject(self, action: Action) -> Subject:
        """What an option of the open decision is about, as the ruleset says (for the UI), with the
        option's kind (the first item of every action names it), so a board never reads the tuple."""
        about = self.ruleset.subject(self.state, action)
        return about if about.kind else dataclasses.replace(about, kind=str(action[0]))

    def view(self, seat: int | None) -> Any:
        """What `seat` may see; None: everything (the replay viewer only)."""
        return self.ruleset.view(self.state, seat)

    def public_view(self) -> Any:
        """What both seats see (for spectators): no hand, no face-down card, no deck order."""
        return self.ruleset.public_view(self.state)

    # ----- what the ruleset's capabilities say of this game (None or nothing where it has none) -----
    def inspectables(self, seat: int | None) -> list[InspectTarget]:
        """What `seat` may inspect now, in cursor order (see `Inspector.inspectables`)."""
        inspection = self.entry.inspection
        return [] if inspection is None else inspection.inspectables(self.state, seat)

    def inspect(self, seat: int | None, ref: Ref) -> Inspection | None:
        """The full text of `ref` as `seat` may read it, or None (see `Inspector.inspect`)."""
        inspection = self.entry.inspection
        return None if inspection is None else inspection.inspect(self.state, seat, ref)

    def why_only_done(self) -> str | None:
        """Why the open decision offers only done / pass, if the ruleset can say (`Inspector.why_only_done`)."""
        inspection = self.entry.inspection
        return None if inspection is None else inspection.why_only_done(self.state)

    def changes(self, before: Any, after: Any) -> frozenset[Ref]:
        """The refs whose public look differs between two views of one seat (`Inspector.changes`)."""
        inspection = self.entry.inspection
        return frozenset() if inspection is None else inspection.changes(before, after)

    def window(self) -> Window | None:
        """What kind of answer window the open decision is (`Responses.window`); None: it is to be asked."""
        responses = self.entry.responses
        return None if responses is None else responses.window(self.state)

    def stage(self) -> str:
        """The stage of the turn, as the status line names it."""
        return self.ruleset.stage(self.state)

    def turn_number(self) -> int:
        return self.ruleset.turn_number(self.state)

    def scores(self) -> list[tuple[str, str]]:
        """Each seat's standing for the result screen, as (score, details) per seat."""
        return self.ruleset.scores(self.state)

    def log_for(self, seat: int | None) -> list[LogLine]:
        """The log lines `seat` may read (None: all of them, for the replay viewer)."""
        if seat is None:
            return list(self.log)
        return [line for line in self.log if line.event.seat is None or line.event.seat == seat]

    # ----- records ---------------------------------------------------------------------
    def record_data(self) -> dict[str, Any]:
        """The record's fields as plain data, in GameRecord's order: what a save writes
        (record.record_json) without pydantic, and what `to_record` validates."""
        result = self.result
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.ruleset.id,
            "content_hash": self.loaded.content_hash,
            "seed": self.seed,
            "setup": self.setup.to_json(),
            "controllers": list(self.controllers),
            "actions": [list(a) for a in self.actions],
            "checkpoints": dict(self.checkpoints),
            "turn": self.ruleset.turn_number(self.state),
            "to_move": None if (decision := self.decision) is None else decision.seat,
            "result": None
            if result is None
            else {"winner": result.winner, "reason": result.reason, "turns": result.turns},
            "final_state": self.ruleset.snapshot(self.state) if result is not None else None,
            "created": self.created,
            "updated": now_iso(),
            "autopass": self.autopass,
            "auto_actions": [number for number, auto in enumerate(self.auto, start=1) if auto],
        }

    def to_record(self) -> GameRecord:
        from mythtable.engine.record_schema import GameRecord

        return GameRecord.model_validate(self.record_data())

    @classmethod
    def from_record(cls, record: GameRecord, root: Path | None = None, verify: bool = False) -> Game:
        """Replay a record. With `verify`, check content hash, checkpoints and final state.

        Raises RecordError saying where the replay diverged.
        """
        try:
            loaded = load(record.ruleset, root)
        except UnknownRuleset as exc:
            raise RecordError(str(exc)) from None
        if verify and record.content_hash != loaded.content_hash:
            raise RecordError(
                f"the record was played with different {loaded.ruleset.title} content "
                f"(hash {record.content_hash}, installed {loaded.content_hash})"
            )
        setup = Setup(
            players=list(record.setup.players), options=dict(record.setup.options), built=dict(record.setup.built)
        )
        named = {
            value[len(BUILT_PREFIX) :].partition("/")[0]
            for value in setup.options.values()
            if value.startswith(BUILT_PREFIX)
        }
        for kind, items in setup.built.items():
            for name in items:
                if name not in named:  # only what the game was played with: nothing else rides along
                    raise RecordError(f"the record's setup carries {kind} {name!r}, which no setup option names")
        try:
            game = cls(loaded, record.seed, setup, controllers=record.controllers)
        except Exception as exc:  # a setup the content no longer supports
            raise RecordError(f"the record's setup is not valid: {exc}") from None
        game.created = record.created
        game.autopass = None if record.autopass is None else record.autopass.model_dump(mode="json")
        if verify:
            stray = sorted(k for k in record.checkpoints if not 1 <= k <= len(record.actions))
            if stray:
                raise RecordError(
                    f"checkpoint at action {stray[0]} lies outside the record's {len(record.actions)} actions"
                )
        autos = set(record.auto_actions)  # numbers past the actions (a replay opened at its start) mark nothing
        for index, action in enumerate(record.action_tuples(), start=1):
            try:
                game.apply(action, auto=index in autos)
            except IllegalAction as exc:
                raise RecordError(f"diverged at action {index}: {exc}") from None
            if verify and index in record.checkpoints and record.checkpoints[index] != game.hash():
                raise RecordError(
                    f"diverged between action {max(1, index - CHECKPOINT_EVERY + 1)} and action {index}: "
                    f"the state differs from the recorded checkpoint"
                )
        if verify:
            cls._verify_end(game, record)
        return game

    @staticmethod
    def _verify_end(game: Game, record: GameRecord) -> None:
        result = game.result
        if record.result is None and result is not None:
            raise RecordError(
                f"diverged: after all {len(record.actions)} actions the game is over ({result.reason}), "
                f"but the record says it is unfinished"
            )
        if record.result is not None:
            if result is None:
                raise RecordError(
                    f"diverged: after all {len(record.actions)} actions the game is not over, "
                    f"but the record says it ended ({record.result.reason})"
                )
            mine = (result.winner, result.reason, result.turns)
            theirs = (record.result.winner, record.result.reason, record.result.turns)
            if mine != theirs:
                raise RecordError(f"diverged: the replay ends {mine}, the record says {theirs}")
        if record.final_state is not None:
            replayed = json.loads(json.dumps(game.ruleset.snapshot(game.state)))
            where = first_difference(record.final_state, replayed)
            if where is not None:
                raise RecordError(f"diverged: the final state differs at {where}")


def first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    """The path of the first place two JSON values differ, with both values, or None."""
    if type(a) is not type(b):
        return f"{path}: recorded {a!r}, replayed {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present in only one of them"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: recorded {len(a)} items, replayed {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: recorded {a!r}, replayed {b!r}"
