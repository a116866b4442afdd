"""Shared tables over SSH, measured: `python benchmarks/ssh_tables.py [--tables 30] [--moves 15] [--json] [--before]`.

Starts a real `serve ssh --open` on 127.0.0.1, opens TABLES tables (`open mythicarium --seed N`), seats a second
connection at each (`join CODE`) and two watchers (`watch CODE`); then at every table the seat whose decision is
open (the watchers' screen names who is choosing) presses `1` in its game screen after 0.1-0.3 s, MOVES times. For
each move it records:
  key -> first byte      from sending the key to the first byte back on the mover's channel;
  move -> other screen   from sending the key to the first byte of the other seat's repaint (nothing else draws on
                         a seat's screen between moves at a table without a clock);
  move -> watchers       ...and to the last watcher's screen showing the new move.
It also reports the CPU time per move of the server process, of the seats' game processes together and of the
watchers' renderer (one process for every watched table), the bytes per move that reach the two seats' terminals, and
those that reach each watcher. Then it adds 100 watchers to one table and reports what they
cost in memory (the server and its game processes, RSS). `--before` also runs benchmarks/ssh_latency.py's measure
(one game per connection: two TUI sessions per table pressing Down/Up) with as many sessions as the tables have
seats, for the figures before shared tables.
Prints figures only; the issue's targets: move on the other screen within 100 ms p95, key -> first byte 50 ms
p95, 100 extra watchers at most 200 MB in all.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

from mythtable.serve.libraries import asyncssh  # its deprecation warnings filtered, as the server does

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ssh_latency import Probe, children, rss_mb, start_server

CLEAR = b"\x1b[H\x1b[2J"
SIZE = (100, 60)
"""The seats' terminal, columns and rows (`--size 80x24`)."""
SETTLED = 0.1
"""Seconds without a byte on both seats' channels before the next key: a seat still drawing an earlier move when
the next key goes (a busy machine) would have that drawing counted as the next move's repaint."""
MOVE = re.compile(rb", move (\d+) \(")
CODE = re.compile(rb"join ([2-9A-Z]{5})")
WATCHED = re.compile(rb"table ([2-9A-Z]{5}):")
CHOOSING = re.compile(rb"(?:\n|H)(Ana|Bram) is choosing")
"""Who chooses, at the start of a line: after a newline, or after the cursor addressing of a line the watchers'
renderer sent alone."""
COLOURS = re.compile(rb"\x1b\[[0-9;]*m")
RENDERER = b"mythtable.tui.watch_render"


def latest_screen(probe: Probe) -> bytes:
    """The bytes since the last whole repaint, without colours (then the lines changed since, for a watcher)."""
    return COLOURS.sub(b"", probe.tail[probe.tail.rfind(CLEAR) :])


def moves_on(probe: Probe) -> int:
    found = MOVE.findall(latest_screen(probe))
    return int(found[-1]) if found else -1


async def connect(port: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1", port, username="bench", known_hosts=None, client_keys=None, agent_path=None
    )


async def session(conn: asyncssh.SSHClientConnection, command: str) -> Probe:
    _, probe = await conn.create_session(Probe, command, term_type="xterm-256color", term_size=SIZE, encoding=None)
    return cast(Probe, probe)


async def wait_until(probe: Probe, test: Any, timeout: float = 30.0) -> float:
    """Wait until `test(probe)`; the perf_counter time it first held (checked on every arrival)."""
    end = time.perf_counter() + timeout
    while not test(probe):
        if probe.closed or time.perf_counter() > end:
            raise RuntimeError("timed out waiting for a screen")
        probe.arrived.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(probe.arrived.wait(), 0.5)
    return probe.last_arrival


class Table:
    def __init__(self, seats: list[Probe], watchers: list[Probe]) -> None:
        self.seats, self.watchers = seats, watchers


async def open_tables(port: int, count: int, watchers: int) -> tuple[list[Table], list[asyncssh.SSHClientConnection]]:
    conns: list[asyncssh.SSHClientConnection] = []
    tables = []
    for index in range(count):
        a, b = await connect(port), await connect(port)
        conns += [a, b]
        opener = await session(a, f"open mythicarium --seed {index + 1}")
        await opener.wait_text("Press Enter to go on")  # the seat token's dialog, "join CODE TOKEN" in it
        await wait_until(opener, lambda p: CODE.search(p.tail) is not None)
        code = CODE.findall(opener.tail)[-1].decode()
        joiner = await session(b, f"join {code}")
        seen = []
        for _ in range(watchers):
            w = await connect(port)
            conns.append(w)
            seen.append(await session(w, f"watch {code}"))
        for probe in seen:
            await wait_until(probe, lambda p: moves_on(p) == 0)
        for probe in (opener, joiner):  # an --open server's players have no key: each is shown a seat token first
            await probe.wait_text("Press Enter to go on")
            probe.send("\r")
            await probe.quiet(0.3)
        tables.append(Table([opener, joiner], seen))
    return tables, conns


async def play(table: Table, moves: int, seed: int) -> list[tuple[float, float, float]]:
    """(key -> first byte, move -> other screen, move -> last watcher) per move."""
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(0.1, 0.3))
        choosing = CHOOSING.findall(latest_screen(table.watchers[0]))
        if not choosing:
            break
        mover = table.seats[0 if choosing[-1] == b"Ana" else 1]
        other = table.seats[1 - table.seats.index(mover)]
        done = moves_on(table.watchers[0])
        mover.first_after = other.first_after = None
        t0 = time.perf_counter()
        mover.send("1")

        def past(p: Probe, done: int = done) -> bool:
            return moves_on(p) > done

        last = t0
        for watcher in table.watchers:
            last = max(last, await wait_until(watcher, past))
        shown = await wait_until(other, lambda p: p.first_after is not None)
        shown = other.first_after or shown
        first = mover.first_after or time.perf_counter()
        await mover.quiet(SETTLED)
        await other.quiet(SETTLED)
        out.append((first - t0, shown - t0, last - t0))
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1000


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process `pid` so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def renderers(pids: list[int]) -> list[int]:
    """The watchers' renderers among `pids` (one a watched table; none before they were processes of their own)."""
    found = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if RENDERER in cmdline.read():
                    found.append(pid)
        except OSError:
            pass
    return found


def tree_rss(pid: int) -> float:
    return rss_mb(pid) + sum(rss_mb(kid) for kid in children(pid))


async def measure(port: int, server_pid: int, count: int, moves: int) -> dict[str, Any]:
    tables, conns = await open_tables(port, count, 2)
    try:
        drawing = renderers(children(server_pid))
        seats = [kid for kid in children(server_pid) if kid not in drawing]
        server_cpu, seats_cpu = cpu_seconds(server_pid), sum(cpu_seconds(kid) for kid in seats)
        renderers_cpu = sum(cpu_seconds(kid) for kid in drawing)
        received = sum(probe.received for table in tables for probe in table.seats)
        watched = sum(probe.received for table in tables for probe in table.watchers)
        per = await asyncio.gather(*(play(t, moves, i) for i, t in enumerate(tables)))
        samples = [s for table in per for s in table]
        played = max(1, len(samples))
        server_cpu = cpu_seconds(server_pid) - server_cpu
        seats_cpu = sum(cpu_seconds(kid) for kid in seats) - seats_cpu
        renderers_cpu = sum(cpu_seconds(kid) for kid in drawing) - renderers_cpu
        received = sum(probe.received for table in tables for probe in table.seats) - received
        watched = sum(probe.received for table in tables for probe in table.watchers) - watched
        report: dict[str, Any] = {
            "tables": count,
            "moves": len(samples),
            "key_first_byte_median_ms": statistics.median(s[0] for s in samples) * 1000,
            "key_first_byte_p95_ms": p95([s[0] for s in samples]),
            "other_screen_median_ms": statistics.median(s[1] for s in samples) * 1000,
            "other_screen_p95_ms": p95([s[1] for s in samples]),
            "watchers_p95_ms": p95([s[2] for s in samples]),
            "server_cpu_ms_per_move": server_cpu * 1000 / played,
            "seats_cpu_ms_per_move": seats_cpu * 1000 / played,
            "seat_bytes_per_move": received / played,
            "renderers": len(drawing),
            "renderers_cpu_ms_per_move": renderers_cpu * 1000 / played,
            "watcher_bytes_per_move": watched / played / 2,
        }
        await asyncio.sleep(1.0)
        before = tree_rss(server_pid)
        processes = len(children(server_pid))
        extra = []
        for _ in range(100):
            conn = await connect(port)
            conns.append(conn)
            extra.append(
                await session(conn, "watch " + WATCHED.findall(latest_screen(tables[0].watchers[0]))[-1].decode())
            )
        for probe in extra:
            await wait_until(probe, lambda p: moves_on(p) >= 0)
        await asyncio.sleep(1.0)
        report["rss_mb_before_100_watchers"] = before
        report["rss_mb_with_100_watchers"] = tree_rss(server_pid)
        report["extra_processes_for_100_watchers"] = len(children(server_pid)) - processes
        report["seat_process_rss_mb"] = statistics.median(rss_mb(kid) for kid in children(server_pid))
        return report
    finally:
        for conn in conns:
            conn.close()


def before_figures(sessions: int) -> dict[str, Any]:
    from ssh_latency import measure as latency

    with tempfile.TemporaryDirectory(prefix="mythtable-ssh-before-") as tmp:
        proc, port, _ = start_server(Path(tmp), sessions)
        try:
            return cast(dict[str, Any], asyncio.run(latency(port, proc.pid, sessions, 15)))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--moves", type=int, default=15, help="moves per table (default: 15)")
    parser.add_argument("--before", action="store_true", help="also measure one game per connection")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--size", default="100x60", help="the seats' terminal, COLSxROWS (default: 100x60)")
    args = parser.parse_args()
    global SIZE
    cols, _, rows = args.size.partition("x")
    SIZE = (int(cols), int(rows))
    with tempfile.TemporaryDirectory(prefix="mythtable-ssh-tables-") as tmp:
        proc, port, log = start_server(Path(tmp), args.tables * 2 + 10)
        try:
            report = asyncio.run(measure(port, proc.pid, args.tables, args.moves))
        except Exception:
            print(log.read_text()[-3000:], file=sys.stderr)
            raise
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    if args.before:
        report["before"] = before_figures(args.tables * 2)
    report["cpus"] = os.cpu_count()
    report["load_average"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    r = report
    print(
        f"shared tables over SSH: {r['tables']} tables x 2 seats + 2 watchers, {r['moves']} moves, seats at "
        f"{SIZE[0]}x{SIZE[1]} ({r['cpus']} cpus, load {r['load_average']:.1f}, loopback)"
    )
    first, first95 = r["key_first_byte_median_ms"], r["key_first_byte_p95_ms"]
    print(f"  key -> first byte   {first:6.1f} ms median, {first95:6.1f} ms p95")
    print(f"  move -> other seat  {r['other_screen_median_ms']:6.1f} ms median, {r['other_screen_p95_ms']:6.1f} ms p95")
    print(f"  move -> 2 watchers  {r['watchers_p95_ms']:6.1f} ms p95")
    print(
        f"  per move: CPU {r['server_cpu_ms_per_move']:.1f} ms in the server, "
        f"{r['seats_cpu_ms_per_move']:.1f} ms in the two seats' processes; "
        f"{r['seat_bytes_per_move'] / 1000:.1f} KB to the two seats' terminals"
    )
    print(
        f"  per move and watcher: {r['watcher_bytes_per_move'] / 1000:.2f} KB; the watchers' renderers "
        f"({r['renderers']} {'process' if r['renderers'] == 1 else 'processes'}) "
        f"{r['renderers_cpu_ms_per_move']:.1f} ms CPU per move"
    )
    print(
        f"  100 extra watchers: {r['rss_mb_with_100_watchers'] - r['rss_mb_before_100_watchers']:+.1f} MB "
        f"(server and games {r['rss_mb_before_100_watchers']:.0f} -> {r['rss_mb_with_100_watchers']:.0f} MB), "
        f"{r['extra_processes_for_100_watchers']} extra processes; a seat's process {r['seat_process_rss_mb']:.1f} MB"
    )
    if "before" in r:
        b = r["before"]
        many = next(v for k, v in b.items() if k.endswith("_sessions"))
        print(
            f"  before (one TUI game per connection, {args.tables * 2} sessions pressing Down/Up): key -> first "
            f"byte {many['first_byte_median_ms']:.1f} ms median, {many['first_byte_p95_ms']:.1f} ms p95; "
            f"a game process {b['rss_mb_median_with_many']:.1f} MB (100 watchers as games: "
            f"~{100 * b['rss_mb_median_with_many']:.0f} MB); no other screen to reach"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
