"""How often the keyboard changes hands: `python benchmarks/handovers.py [--games 50] [--json]`.

Plays greedy against greedy through the same `Session.next_step` that tells the game screen when to
show a curtain (both seats count as people, so auto-pass applies), and prints per card ruleset the
hand-overs (curtains) per turn with the default auto-pass settings, and with full control on both
seats (every window asked: the behaviour before auto-pass), with the kinds of decision that caused
them. Targets with the defaults (issue 15): Mage Wars CCG <= 2.5 and Mythicarium <= 2.5 per turn.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.autopass import SeatSettings, cause_of  # noqa: E402
from mythtable.engine.bots import make_bot  # noqa: E402
from mythtable.engine.game import Game  # noqa: E402
from mythtable.tui.session import Next, Session  # noqa: E402

RULESETS = ("mythicarium", "magewars")
TARGET = 2.5
MAX_ACTIONS = 20_000


def play(ruleset_id: str, seed: int, full_control: bool, config: Path) -> tuple[int, int, Counter[str]]:
    """One greedy-vs-greedy game; (hand-overs, turns, causes of the hand-overs)."""
    game = Game.new(ruleset_id, seed)
    settings = [SeatSettings(full_control=full_control), SeatSettings(full_control=full_control)]
    session = Session(game, ["human", "human"], autopass=settings, config=config)
    bots = [
        make_bot(ruleset_id, "greedy", seed * 2 + 1, workers=1),
        make_bot(ruleset_id, "greedy", seed * 2 + 2, workers=1),
    ]
    handovers = 0
    causes: Counter[str] = Counter()
    while len(game.actions) < MAX_ACTIONS:
        step = session.next_step()
        if step is Next.OVER:
            break
        decision = game.decision
        assert decision is not None
        if step is Next.CURTAIN:
            if session.handing_from is not None:  # the first curtain of a game is no change of hands
                handovers += 1
                causes[cause_of(game.window(), decision)] += 1
            session.take_keyboard(decision.seat)
            continue
        game.apply(bots[decision.seat].choose(game.ruleset, game.state, decision))
    return handovers, game.ruleset.turn_number(game.state), causes


def measure(ruleset_id: str, games: int, full_control: bool, config: Path) -> dict[str, Any]:
    total_handovers = total_turns = 0
    causes: Counter[str] = Counter()
    for g in range(games):
        h, t, c = play(ruleset_id, 5000 + g, full_control, config)
        total_handovers += h
        total_turns += t
        causes.update(c)
    return {
        "handovers": total_handovers,
        "turns": total_turns,
        "per_turn": round(total_handovers / max(1, total_turns), 2),
        "causes": dict(causes.most_common()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--ruleset", choices=RULESETS, action="append", help="only this ruleset (repeatable)")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:  # never the player's own settings
        for ruleset_id in args.ruleset or RULESETS:
            results[ruleset_id] = {
                "default": measure(ruleset_id, args.games, False, Path(tmp)),
                "full_control": measure(ruleset_id, args.games, True, Path(tmp)),
                "target": TARGET,
            }
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for ruleset_id, r in results.items():
        d, f = r["default"], r["full_control"]
        ok = "ok" if d["per_turn"] <= TARGET else "OVER TARGET"
        print(f"{ruleset_id}: {d['per_turn']} hand-overs per turn with the defaults ({ok}, target <= {TARGET}),")
        print(f"  {f['per_turn']} with full control on both seats (before auto-pass); {d['turns']} turns")
        for label, figures in (("defaults", d), ("full control", f)):
            parts = ", ".join(f"{k} {v}" for k, v in figures["causes"].items())
            print(f"  causes ({label}): {parts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
