"""What a move costs a table host: `python benchmarks/table_host.py [--ruleset R] [--seed N] [--moves M] [--profile K]`.

Runs a table host in this process with two seats and a watchers' renderer connected over its Unix socket (the
clients only read and choose: no screen), plays a seeded game by the seats' last option, and prints the CPU time a
move takes, host and the three connections' reading together, over each stretch of 50 moves: a cost that grows
with the game's length shows there. `--profile K` prints the K functions with the most cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.game import Game  # noqa: E402
from mythtable.tables.client import TableClient  # noqa: E402
from mythtable.tables.host import TableHost  # noqa: E402
from mythtable.tables.host_types import HostSettings  # noqa: E402
from mythtable.tables.protocol import Choose  # noqa: E402

STRETCH = 50


async def drain(client: TableClient) -> None:
    while await client.receive() is not None:
        pass


async def play(ruleset: str, seed: int, moves: int, profile: cProfile.Profile | None) -> list[float]:
    """CPU milliseconds of each move made (host and connections)."""
    host = TableHost(HostSettings(folder=Path(tempfile.mkdtemp(prefix="mythtable-bench-")), log=lambda _: None))
    await host.start()
    table, ticket = host.open_table(ruleset, seed, Game.new(ruleset, seed).setup, "key:ana")
    seats = [await TableClient.connect(host.socket_path, ticket)]
    seats.append(await TableClient.connect(host.socket_path, host.join(table.code, "key:bram")))
    watcher = await TableClient.connect(host.socket_path, host.watch(table.code, renderer=True))
    readers = [asyncio.create_task(drain(c)) for c in (*seats, watcher)]
    game, costs = table.game, []
    await asyncio.sleep(0.2)
    if profile is not None:
        profile.enable()
    while len(costs) < moves and game.decision is not None and game.result is None:
        seat = game.decision.seat
        frame = seats[seat].frame
        if frame is None or frame.decision is None or frame.decision.seat != seat or frame.moves != table.moves:
            await asyncio.sleep(0.001)
            continue
        start, before = time.process_time(), table.moves
        await seats[seat].send(Choose(decision=frame.decision.id, index=frame.decision.options[-1].index))
        while table.moves == before or (seats[seat].frame is not None and seats[seat].frame.moves == before):
            await asyncio.sleep(0.001)
        for client in (*seats, watcher):  # every connection has read the move
            while client.frame is not None and client.frame.version < table.version:
                await asyncio.sleep(0.001)
        costs.append((time.process_time() - start) * 1000)
    if profile is not None:
        profile.disable()
    for task in readers:
        task.cancel()
    await host.stop()
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mythicarium")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--profile", type=int, default=0, metavar="K")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    costs = asyncio.run(play(args.ruleset, args.seed, args.moves, profile))
    print(f"{args.ruleset} seed {args.seed}: {len(costs)} moves, {sum(costs) / max(1, len(costs)):.2f} ms CPU a move")
    for first in range(0, len(costs), STRETCH):
        part = costs[first : first + STRETCH]
        print(f"  moves {first + 1:>3}-{first + len(part):<3}  {sum(part) / len(part):6.2f} ms a move")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
