"""One seeded game per ruleset written out as text: every decision (seat, kind, prompt and the
options in words, with the action tuple), the action chosen, and the log lines it produced.

Kept as golden files (as OpenSpiel keeps its playthroughs): any change of behaviour shows up as a
readable diff in tests/golden/test_golden.py. Regenerate with `python -m tests.golden.regenerate`.
"""

from __future__ import annotations

from pathlib import Path

from mythtable.engine.bots import Bot, GreedyBot, RandomBot
from mythtable.engine.decision import Action
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.registry import available

HERE = Path(__file__).resolve().parent
SEEDS = {"mythicarium": 13, "magewars": 5, "mythcraft": 22}
"""Seeds whose greedy games end in a few hundred steps (any other ruleset: 1)."""
MAX_STEPS = 400
"""A cap, so that a file stays readable should a change make a game run long."""
BOTS = "greedy"
"""Greedy against greedy: choices that mean something, and every bot hook exercised."""


def golden_path(ruleset_id: str) -> Path:
    return HERE / f"{ruleset_id}.txt"


def _bots(ruleset_id: str, seed: int) -> tuple[Bot, Bot]:
    if BOTS == "random":
        return RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)
    return GreedyBot(ruleset_id, seed * 2 + 1), GreedyBot(ruleset_id, seed * 2 + 2)


def _text(value: object) -> str:
    """One line, whatever the text holds (a log line with a line break stays one line here)."""
    return str(value).replace("\n", "\\n")


BUILT = {"mythicarium": "storm-choir", "magewars": "mireclay-bulwark", "mythcraft": "rogue cleric"}
"""Rulesets that also get a playthrough with a deck or party a player built (issue 18): `<id>-built`, and the
prebuilt deck it is made from (named, so that new prebuilt decks leave this game as it is); for MythCraft the
prebuilt heroes the built party copies."""
BUILT_LEVELS = (4, 5)
"""The levels of the built MythCraft heroes: levels 4 and 5 in play (C-22, F-20, H-18)."""


def built_party_setup(ruleset_id: str) -> Setup:
    """The default setup with heroes 1 and 2 from a built party (copies of prebuilt heroes made as the
    party builder makes them, at levels 4 and 5); heroes 3 and 4 stay the prebuilt ones at the party level."""
    from mythtable.engine.registry import load

    loaded = load(ruleset_id)
    ruleset, content, parties = loaded.ruleset, loaded.content, loaded.entry.parties
    assert parties is not None
    heroes = [parties.hero_data(content, tid) for tid in BUILT[ruleset_id].split()]
    for hero, level in zip(heroes, BUILT_LEVELS, strict=True):
        hero["level"] = level
    setup = ruleset.default_setup(content)
    for k, hero in enumerate(heroes, start=1):
        setup.options[f"hero{k}"] = f"user:golden/{hero['id']}"
    setup.built = {"parties": {"golden": {"name": "Golden Built", "hero": heroes}}}
    return setup


def built_setup(ruleset_id: str) -> Setup:
    """The default setup with player 1 on a built deck: a prebuilt deck's cards in reverse order (so
    another game), carried in the setup as a record carries it (MythCraft: a built party)."""
    from mythtable.engine.registry import load

    loaded = load(ruleset_id)
    ruleset, content, decks = loaded.ruleset, loaded.content, loaded.entry.decks
    if loaded.entry.parties is not None:
        return built_party_setup(ruleset_id)
    assert decks is not None
    data = decks.prebuilt(content, BUILT[ruleset_id])
    data["name"] = "Golden Built"
    data["cards"] = dict(reversed(list(data["cards"].items())))
    setup = ruleset.default_setup(content)
    setup.options["deck1"] = "user:golden"
    setup.built = {"decks": {"golden": data}}
    return setup


def playthrough(ruleset_id: str) -> str:
    """The whole text of the golden file of `ruleset_id`, or of `<id>-built` (a built deck for player
    1), deterministic: seeded game and bots."""
    built = ruleset_id.endswith("-built")
    ruleset_id = ruleset_id.removesuffix("-built")
    seed = SEEDS.get(ruleset_id, 1)
    game = Game.new(ruleset_id, seed, built_setup(ruleset_id) if built else None)
    return transcript(game, ruleset_id, seed, "python -m tests.golden.regenerate")


def transcript(game: Game, ruleset_id: str, seed: int, regenerate: str) -> str:
    """Play `game` out with the seeded bots and write every decision, option, choice and log line."""
    bots = _bots(ruleset_id, seed)
    names = game.setup.players
    lines = [
        f"# {game.ruleset.title}: seed {seed}, {BOTS} bots, setup {game.setup.to_json()}",
        f"# Regenerate: {regenerate}",
        "",
        "setup:",
    ]
    lines += [f"  log{'' if e.seat is None else f' (seat {e.seat})'}: {_text(e.text)}" for e in _events(game, 0)]
    step = 0
    while (decision := game.decision) is not None and step < MAX_STEPS:
        step += 1
        lines.append("")
        lines.append(
            f"step {step}: seat {decision.seat} ({names[decision.seat]}), {decision.kind}: {_text(decision.prompt)}"
        )
        lines += _options(game, decision.actions)
        choice = bots[decision.seat].choose(game.ruleset, game.state, decision)
        lines.append(f"  chosen {list(choice)}: {_text(game.describe(choice))}")
        for event in game.apply(choice):
            lines.append(f"  log{'' if event.seat is None else f' (seat {event.seat})'}: {_text(event.text)}")
    lines.append("")
    result = game.result
    if result is None:
        lines.append(f"stopped after {step} steps (the cap), turn {game.ruleset.turn_number(game.state)}")
    else:
        lines.append(f"result: winner {result.winner}, {_text(result.reason)}, {result.turns} turns")
    lines.append(f"state hash: {game.hash()}")
    return "\n".join(lines) + "\n"


def _options(game: Game, actions: list[Action]) -> list[str]:
    """The options in words, one line per kind of action (a move to each of 30 squares is one
    line, not 30), in the order the ruleset lists them."""
    kinds: dict[object, list[str]] = {}
    for action in actions:
        kinds.setdefault(action[0], []).append(_text(game.describe(action)))
    return [f"  options {kind} ({len(words)}): {' | '.join(words)}" for kind, words in kinds.items()]


def _events(game: Game, step: int) -> list:  # type: ignore[type-arg]
    return [line.event for line in game.log if line.step == step]


def rulesets() -> list[str]:
    """The golden playthroughs: one per ruleset, and one with a built deck or party per ruleset that has them."""
    return available() + [f"{r}-built" for r in BUILT if r in available()]
