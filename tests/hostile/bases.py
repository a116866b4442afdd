"""Real records from random games: the raw material the fuzzers mutate (cached per process)."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mythtable.engine.bots import RandomBot
from mythtable.engine.decision import Action
from mythtable.engine.game import Game
from mythtable.engine.record_schema import GameRecord, parse_record
from mythtable.engine.registry import available, load

SHORT_ACTIONS = 30
"""Length of the unfinished games used as saves (cheap to replay)."""


def rulesets() -> list[str]:
    """Every ruleset whose package is present (mythcraft joins once it is there)."""
    return available()


@dataclass(frozen=True)
class Base:
    """One real record: its JSON text, parsed data and the legal actions before each step."""

    ruleset: str
    name: str
    text: str
    legal: tuple[frozenset[Action], ...]
    """legal[i] holds the actions that were legal before action i+1 (and after the last one)."""

    @property
    def data(self) -> dict[str, Any]:
        return json.loads(self.text)  # a fresh copy every time, so mutations never leak

    def record(self) -> GameRecord:
        return parse_record(self.text)

    @property
    def finished(self) -> bool:
        return json.loads(self.text)["result"] is not None


def play(ruleset_id: str, seed: int, limit: int | None = None) -> tuple[Game, tuple[frozenset[Action], ...]]:
    """A game between two random bots, to the end or `limit` actions, with the legal sets seen.

    It uses the ruleset's simulation setup, which bounds games that could otherwise run on (H-28 in MythCraft).
    """
    loaded = load(ruleset_id)
    game = Game.new(ruleset_id, seed, loaded.ruleset.simulation_setup(loaded.content))
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    legal: list[frozenset[Action]] = []
    while (decision := game.decision) is not None and (limit is None or len(game.actions) < limit):
        legal.append(frozenset(decision.actions))
        game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    decision = game.decision
    legal.append(frozenset(decision.actions) if decision else frozenset())
    return game, tuple(legal)


@cache
def finished(ruleset_id: str) -> Base:
    """The shortest finished game among a few seeds (shorter replays, more fuzz cases per second)."""
    best: tuple[int, Game, tuple[frozenset[Action], ...]] | None = None
    for seed in range(10):
        game, legal = play(ruleset_id, seed)
        assert game.result is not None
        if best is None or len(game.actions) < best[0]:
            best = (len(game.actions), game, legal)
    assert best is not None
    _, game, legal = best
    return Base(ruleset_id, f"{ruleset_id}-finished", game.to_record().to_json(), legal)


@cache
def short(ruleset_id: str, seed: int = 3) -> Base:
    """An unfinished game of SHORT_ACTIONS actions: a typical autosave."""
    game, legal = play(ruleset_id, seed, SHORT_ACTIONS)
    assert game.result is None
    return Base(ruleset_id, f"{ruleset_id}-save", game.to_record().to_json(), legal)


def all_bases() -> list[Base]:
    return [b for rid in rulesets() for b in (finished(rid), short(rid))]


def folder_hash(root: Path) -> str:
    """Every file and folder under `root` with its size, modification time and inode.

    Any write changes the modification time, and an atomic replace changes the inode, so equal
    before and after means untouched (and it is cheap enough to run twice per fuzz case).
    """
    entries = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            stat = os.lstat(path)
            entries.append(f"{os.path.relpath(path, root)}:{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ino}")
    return hashlib.sha256("\n".join(sorted(entries)).encode()).hexdigest()
