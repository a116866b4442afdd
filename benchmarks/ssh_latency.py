"""`mythtable serve ssh`, measured: `python benchmarks/ssh_latency.py [--presses N] [--sessions N] [--json]`.

Starts a real server on 127.0.0.1 (a temporary host key and data folder, --open), connects asyncssh
clients with an 80x24 pty, starts a game in each (title -> New game -> Ctrl+S), then presses Down/Up
to move the selection. For every key press it records the time from sending the key to the first
byte of the redraw arriving and to the last byte (no more bytes for 30 ms), and the bytes sent.
Reported on the title's menu, in a game with 1 session, and with N sessions all playing at once
(each pressing a key every 0.1-0.3 s), plus the memory (RSS) of one session's mythtable process.
Prints figures only; targets to read them against: median under 50 ms with 20 sessions, under 2 KB
per key press.
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

from mythtable.serve.libraries import SSHChannel, asyncssh  # their deprecation warnings filtered, as the server does

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mythtable.engine.registry import available, get  # noqa: E402

QUIET = 0.03


class Probe(asyncssh.SSHClientSession[bytes]):
    """Counts bytes and stamps their arrival; keeps the text to spot screens (no VT emulation)."""

    def __init__(self) -> None:
        self.received = 0
        self.last_arrival = 0.0
        self.first_after: float | None = None
        self.tail = b""
        self.arrived = asyncio.Event()
        self.closed = False
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def connection_made(self, chan: SSHChannel[bytes]) -> None:
        self.chan = chan  # type: ignore[assignment]

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        now = time.perf_counter()
        if self.first_after is None:
            self.first_after = now
        self.received += len(data)
        self.last_arrival = now
        self.tail = (self.tail + data)[-200_000:]
        self.arrived.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.arrived.set()

    def send(self, data: str) -> None:
        assert self.chan is not None
        self.chan.write(data.encode())

    async def quiet(self, quiet: float = QUIET, limit: float = 10.0) -> None:
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), quiet)
            except TimeoutError:
                return

    async def wait_text(self, text: str, timeout: float = 60.0) -> None:
        end = time.perf_counter() + timeout
        needle = text.encode()
        while needle not in self.tail:
            if self.closed or time.perf_counter() > end:
                raise RuntimeError(f"{text!r} did not appear")
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 0.2)

    async def press(self, key: str) -> tuple[float, float, int]:
        """(seconds to the first byte, seconds to the last byte, bytes) for one key press."""
        await self.quiet()
        before = self.received
        self.first_after = None
        t0 = time.perf_counter()
        self.send(key)
        deadline = t0 + 5.0
        while self.first_after is None and time.perf_counter() < deadline:
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), 0.5)
        await self.quiet()
        first = (self.first_after or deadline) - t0
        return first, self.last_arrival - t0, self.received - before


def start_server(folder: Path, sessions: int) -> tuple[subprocess.Popen[bytes], int, Path]:
    log = folder / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mythtable",
                "--data-dir",
                str(folder / "data"),
                "serve",
                "ssh",
                "--open",
                "--port",
                "0",
                "--host-key",
                str(folder / "host_key"),
                "--max-sessions",
                str(sessions + 2),
                "--rate-limit",
                "1000",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        match = re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text())
        if match:
            return proc, int(match.group(1)), log
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"the server did not start:\n{log.read_text()}")


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    if int(stat.read().rsplit(b")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except OSError:
                pass
    return found


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def open_games(port: int, count: int) -> tuple[list[asyncssh.SSHClientConnection], list[Probe]]:
    conns = await asyncio.gather(
        *(
            asyncssh.connect("127.0.0.1", port, username="bench", known_hosts=None, client_keys=None, agent_path=None)
            for _ in range(count)
        )
    )
    probes: list[Probe] = []
    for conn in conns:
        _, probe = await conn.create_session(Probe, term_type="xterm-256color", term_size=(80, 24), encoding=None)
        probes.append(cast(Probe, probe))
    await asyncio.gather(*(p.wait_text("New game") for p in probes))
    return list(conns), probes


async def start_games(probes: list[Probe]) -> None:
    ruleset = get(available()[0])
    for probe in probes:
        await probe.quiet(0.2)
        probe.send("n")
        await probe.wait_text("Ruleset")
        await probe.quiet(0.2)
        probe.send("\x13")  # Ctrl+S: start with the default setup
        if ruleset.hidden_information:
            await probe.wait_text("Pass the keyboard")
            await probe.quiet(0.2)
            probe.send("\r")
        await probe.wait_text("turn")
    await asyncio.gather(*(p.quiet(0.5) for p in probes))


async def play(probe: Probe, presses: int, seed: int, think: tuple[float, float]) -> list[tuple[float, float, int]]:
    rng = random.Random(seed)
    results = []
    for i in range(presses):
        results.append(await probe.press("\x1b[B" if i % 2 == 0 else "\x1b[A"))
        await asyncio.sleep(rng.uniform(*think))
    return results


def summary(samples: list[tuple[float, float, int]]) -> dict[str, float]:
    firsts = sorted(s[0] for s in samples)
    lasts = sorted(s[1] for s in samples)
    sizes = [s[2] for s in samples]
    p95 = max(0, int(len(firsts) * 0.95) - 1)
    return {
        "presses": len(samples),
        "first_byte_median_ms": statistics.median(firsts) * 1000,
        "first_byte_p95_ms": firsts[p95] * 1000,
        "settled_median_ms": statistics.median(lasts) * 1000,
        "settled_p95_ms": lasts[p95] * 1000,
        "bytes_median": statistics.median(sizes),
        "bytes_max": max(sizes),
    }


async def measure(port: int, server_pid: int, sessions: int, presses: int) -> dict[str, Any]:
    report: dict[str, Any] = {}
    conns, probes = await open_games(port, 1)
    try:
        await probes[0].quiet(0.5)
        report["title_menu"] = summary(await play(probes[0], presses, 1, (0.05, 0.1)))
        await start_games(probes)
        report["one_session"] = summary(await play(probes[0], presses, 1, (0.05, 0.1)))
        pids = children(server_pid)
        report["rss_mb_one_session"] = rss_mb(pids[0]) if pids else 0.0
    finally:
        for conn in conns:
            conn.close()
    await asyncio.sleep(1.0)
    conns, probes = await open_games(port, sessions)
    await start_games(probes)
    try:
        per = await asyncio.gather(*(play(p, presses, i, (0.1, 0.3)) for i, p in enumerate(probes)))
        report[f"{sessions}_sessions"] = summary([s for samples in per for s in samples])
        rss = [rss_mb(pid) for pid in children(server_pid)]
        report["rss_mb_median_with_many"] = statistics.median(rss) if rss else 0.0
        report["server_rss_mb"] = rss_mb(server_pid)
    finally:
        for conn in conns:
            conn.close()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--presses", type=int, default=40, help="key presses per session (default: 40)")
    parser.add_argument("--sessions", type=int, default=20, help="concurrent sessions (default: 20)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mythtable-ssh-bench-") as tmp:
        proc, port, _ = start_server(Path(tmp), args.sessions)
        try:
            report = asyncio.run(measure(port, proc.pid, args.sessions, args.presses))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
    report["cpus"] = os.cpu_count()
    report["ruleset"] = available()[0]
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"mythtable over SSH, 80x24, {report['ruleset']} game, Down/Up moving the selection "
        f"({report['cpus']} cpus, loopback)"
    )
    for label, key in (("1 session", "one_session"), (f"{args.sessions} sessions", f"{args.sessions}_sessions")):
        f = report[key]
        print(
            f"  {label:<12} key -> first byte {f['first_byte_median_ms']:6.1f} ms median, "
            f"{f['first_byte_p95_ms']:6.1f} ms p95; screen settled {f['settled_median_ms']:6.1f} ms median, "
            f"{f['settled_p95_ms']:6.1f} ms p95; {f['bytes_median']:.0f} bytes per press "
            f"(max {f['bytes_max']}) over {f['presses']} presses"
        )
    title = report["title_menu"]
    print(
        f"  title menu (1 session): first byte {title['first_byte_median_ms']:.1f} ms median; "
        f"{title['bytes_median']:.0f} bytes per press"
    )
    print(
        f"  memory: one session's process {report['rss_mb_one_session']:.1f} MB RSS "
        f"({report['rss_mb_median_with_many']:.1f} MB median with {args.sessions}); "
        f"server {report['server_rss_mb']:.1f} MB"
    )
    print("  targets: median under 50 ms with 20 sessions; under 2 KB (2048 bytes) per key press")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
