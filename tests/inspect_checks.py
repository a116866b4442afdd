"""Shared checks for the inspect tests of the card rulesets: random games that read every
inspectable thing, the reasons seen, and what each seat may not see."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from mythtable.engine.game import Game
from mythtable.engine.inspect import Inspection


def random_positions(ruleset_id: str, seeds: range | list[int], moves: int = 400) -> Iterator[Game]:
    """Each decision of random games (seeded), yielded before the move is made."""
    for seed in seeds:
        game = Game.new(ruleset_id, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            decision = game.decision
            if decision is None:
                break
            yield game
            game.apply(rng.choice(decision.actions))


def all_inspections(game: Game, seat: int) -> list[Inspection]:
    """Every inspection `seat` can reach now; each target must inspect to something."""
    out = []
    for target in game.inspectables(seat):
        inspection = game.inspect(seat, target.ref)
        assert inspection is not None, f"{target} is listed but cannot be inspected"
        out.append(inspection)
    return out


def text_of(inspection: Inspection) -> str:
    return "\n".join((inspection.title, *inspection.lines, *inspection.why_not))


def reasons_seen(ruleset_id: str, seeds: range | list[int], fragments: dict[str, tuple[str, ...]]) -> set[str]:
    """The reason codes whose words (any of the fragments) appear in a why-not line over random games."""
    seen: set[str] = set()
    for game in random_positions(ruleset_id, seeds):
        for seat in (0, 1):
            for inspection in all_inspections(game, seat):
                for line in inspection.why_not:
                    low = line.lower()
                    seen.update(code for code, frags in fragments.items() if any(f.lower() in low for f in frags))
    return seen


def leaks(game: Game, seat: int, hidden_names: set[str], visible_names: set[str]) -> list[str]:
    """Hidden names (not also visible to `seat` some other way) found in what `seat` may inspect."""
    secret = hidden_names - visible_names
    found = []
    for inspection in all_inspections(game, seat):
        text = text_of(inspection)
        found.extend(f"{name!r} in {inspection.title!r}" for name in secret if name in text)
    return found


Fragments = dict[str, tuple[str, ...]]
Namer = Callable[[Any, int], tuple[set[str], set[str], list[int]]]


def repeated_facts(inspection: Inspection) -> list[str]:
    """What an inspection says twice (issue 16): a word of the type line given twice ("Legend · Wizard ·
    Legend"), a line given twice, or two labelled lines with the same body ("When played: X" and
    "Printed text: X"). Empty when each fact appears once."""
    found: list[str] = []
    if inspection.lines:
        parts = [p.strip() for p in inspection.lines[0].split("·")]
        found.extend(f"type line repeats {p!r}" for p in dict.fromkeys(parts) if parts.count(p) > 1)
    seen: dict[str, str] = {}
    for line in inspection.lines:
        body = line.split(": ", 1)[1] if ": " in line else line
        key = body.strip().rstrip(".").lower()
        if len(key) < 8:
            continue
        if key in seen:
            found.append(f"{line!r} repeats {seen[key]!r}")
        else:
            seen[key] = line
    return found
