"""Scenario builders for MythCraft tests: a small custom map, chosen heroes and creatures,
scripted dice, then the real apply()."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from mythtable.engine.decision import Action
from mythtable.engine.dice import ScriptedRng
from mythtable.engine.registry import load
from mythtable.rulesets.mythcraft import rules
from mythtable.rulesets.mythcraft.content import MythcraftContent
from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.schema import Creature
from mythtable.rulesets.mythcraft.state import State, Unit

LOADED = load("mythcraft")
CONTENT: MythcraftContent = LOADED.content
ENGINE = rules
"""The rules as module functions (ENGINE.unit(state, uid), ...): the name the tests have always used."""
ATTR = {"STR": 0, "DEX": 1, "END": 2, "AWR": 3, "INT": 4, "CHA": 5, "LUCK": 6, "COR": 7}
LETTERS = "abcdefghijklmnop"


def with_creatures(*extra: dict[str, Any]) -> MythcraftContent:
    """A copy of the content with extra (test-only) creatures."""
    creatures = dict(CONTENT.creatures)
    for raw in extra:
        c = Creature.model_validate(raw)
        creatures[c.id] = c
    return dataclasses.replace(CONTENT, creatures=creatures, dice={})


class StrictDice(ScriptedRng):
    """Scripted dice that fail loudly: a roll beyond the script raises (no silent fall-back to seeded rolls), so
    a test that scripts every die also proves the engine rolls no more than it says (C-9: no re-roll)."""

    __slots__ = ()

    def roll(self, sides: int) -> int:
        if not self.script:
            raise AssertionError(f"the engine rolled a d{sides} the test did not script")
        return super().roll(sides)

    def copy(self) -> StrictDice:
        clone = StrictDice(self.script, 0)
        clone.state = self.state
        return clone


SCENES: list[Scene] = []
"""The scenes the running test made: tests/mythcraft/conftest.py checks at its end that each rolled every die it
scripted (the engine rolled no fewer dice than the test said)."""


class Scene:
    """A game on a blank 12x8 map (or given rows) with heroes acting first by default.

    heroes: [(template, x, y)], creatures: [(creature id, x, y)]. `init` scripts the
    Initiative d20s (heroes in slot order, then creatures in reading order); by default the
    heroes go first in slot order, then the creatures.
    """

    def __init__(
        self,
        heroes: list[tuple[str, int, int]],
        creatures: list[tuple[str, int, int]],
        *,
        rows: list[str] | None = None,
        walls: list[tuple[int, int]] = (),  # type: ignore[assignment]
        rubble: list[tuple[int, int]] = (),  # type: ignore[assignment]
        init: list[int] | None = None,
        level: int = 1,
        options: dict[str, str] | None = None,
        tweak: Callable[[State], None] | None = None,
        content: MythcraftContent | None = None,
        ground: list[tuple[int, int, str]] | None = None,
    ) -> None:
        grid = [list(r) for r in (rows or ["." * 12] * 8)]
        for x, y in walls:
            grid[y][x] = "#"
        for x, y in rubble:
            grid[y][x] = ":"
        for k, (_t, x, y) in enumerate(heroes):
            grid[y][x] = str(k + 1)
        legend = {}
        for k, (cid, x, y) in enumerate(creatures):
            grid[y][x] = LETTERS[k]
            legend[LETTERS[k]] = cid
        if init is None:
            init = [20, 16, 12, 8][: len(heroes)] + [6, 5, 4, 3, 2, 1, 1, 1][: len(creatures)]
        party = [t for t, _x, _y in heroes] + [""] * (4 - len(heroes))
        opts = {f"hero{k + 1}": t for k, t in enumerate(party)}
        opts.update(options or {})
        opts.setdefault("level", str(level))
        self.rng = StrictDice(list(init), seed=7)
        self.state: State = RULESET.new_state(
            content or CONTENT,
            self.rng,
            opts,
            rows=["".join(r) for r in grid],
            legend=legend,
            ground=ground,
            tweak=tweak,
        )
        self.log: list[str] = [e.text for e in self.state.opening]
        SCENES.append(self)

    # ----- driving -------------------------------------------------------------------------------
    def dice(self, *rolls: int) -> None:
        """Script the next dice (d20s and damage dice alike, in the order the engine rolls them). Dice fail
        loudly: a roll beyond the script raises, and so does scripting anew while dice of the last script are
        still unrolled (the engine rolled fewer than the test said)."""
        self.assert_dice_used()
        self.state.rng = StrictDice(list(rolls), seed=11)

    def assert_dice_used(self) -> None:
        """Every scripted die has been rolled."""
        left = getattr(self.state.rng, "script", [])
        assert not left, f"scripted dice never rolled: {left}"

    def act(self, *action: Any) -> list[str]:
        events = RULESET.apply(self.state, tuple(action))
        texts = [e.text for e in events]
        self.log.extend(texts)
        return texts

    @property
    def decision(self) -> Any:
        return self.state.decision

    @property
    def kind(self) -> str:
        return self.state.decision.kind if self.state.decision else ""

    @property
    def actions(self) -> list[Action]:
        return list(self.state.decision.actions) if self.state.decision else []

    def u(self, uid: str) -> Unit:
        return ENGINE.unit(self.state, uid)

    @property
    def active(self) -> Unit:
        return ENGINE.active(self.state)

    def text(self) -> str:
        return "\n".join(self.log)

    def end_until(self, uid: str, decline: bool = True) -> None:
        """End turns (declining reactions) until `uid` is on its turn decision."""
        for _ in range(200):
            d = self.state.decision
            if d is None:
                raise AssertionError("the game ended first")
            if d.kind in ("hero_turn", "creature_turn") and self.active.uid == uid:
                return
            if d.kind == "reaction":
                self.act("decline" if decline else "react", *([] if decline else [d.actions[0][1]]))
            elif ("end",) in d.actions:
                self.act("end")
            else:
                self.act(*d.actions[0])
        raise AssertionError(f"{uid} never got a turn")

    def next_turn(self) -> None:
        self.act("end")


def put(st: State, uid: str, x: int, y: int) -> None:
    u = ENGINE.unit(st, uid)
    u.x, u.y = x, y


def set_attr(u: Unit, name: str, value: int) -> None:
    u.attrs[ATTR[name]] = value
