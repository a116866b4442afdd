"""`mythtable serve ...` from the command line: mistakes end in one clear line, never a traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from mythtable.serve.limits import SlidingWindow, WaitingRoom, describe_duration, parse_duration


def mythtable(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mythtable", *args],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert words in lines[0], lines[0]


def test_importing_serve_is_cheap() -> None:
    code = (
        "import sys, mythtable.cli, mythtable.serve; mythtable.cli.build_parser(); "
        "print(sorted(m for m in ('asyncssh', 'textual_serve', 'aiohttp', 'textual') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_help_lists_both_servers() -> None:
    result = mythtable("serve", "--help")
    assert result.returncode == 0
    assert "ssh" in result.stdout and "web" in result.stdout
    ssh_help = mythtable("serve", "ssh", "--help").stdout
    for flag in (
        "--host-key",
        "--authorized-keys",
        "--open",
        "--max-sessions",
        "--idle-timeout",
        "--session-limit",
        "--rate-limit",
        "--login-attempts",
    ):
        assert flag in ssh_help


@pytest.mark.slow
def test_ssh_errors_a_user_can_cause(tmp_path: Path) -> None:
    key = ["--host-key", str(tmp_path / "host_key"), "--port", "0"]
    assert_one_line_error(mythtable("serve", "ssh", *key, env={"MYTHTABLE_SSH_PASSWORD": ""}), "set but empty")
    plain = {k: v for k, v in os.environ.items() if k != "MYTHTABLE_SSH_PASSWORD"}
    nobody = subprocess.run(
        [sys.executable, "-m", "mythtable", "serve", "ssh", *key], capture_output=True, text=True, timeout=30, env=plain
    )
    assert_one_line_error(nobody, "nobody could log in")
    assert_one_line_error(
        mythtable("serve", "ssh", *key, "--authorized-keys", str(tmp_path / "missing")), "does not exist"
    )
    empty = tmp_path / "empty_keys"
    empty.write_text("# nobody yet\n")
    assert_one_line_error(mythtable("serve", "ssh", *key, "--authorized-keys", str(empty)), "holds no keys")
    garbage = tmp_path / "bad_keys"
    garbage.write_text("ssh-ed25519 not-base64!!\n")
    assert_one_line_error(
        mythtable("serve", "ssh", *key, "--authorized-keys", str(garbage)), "line 1: not a key this server can read"
    )
    bad_host_key = tmp_path / "bad_host_key"
    bad_host_key.write_text("this is not a key\n")
    assert_one_line_error(mythtable("serve", "ssh", "--open", "--host-key", str(bad_host_key)), "as the host key")
    usage = mythtable("serve", "ssh", "--idle-timeout", "soon")  # argparse: usage, then the one-line reason
    assert usage.returncode == 2
    assert "expected a time such as 90s" in usage.stderr.splitlines()[-1]


@pytest.mark.parametrize("kind", ["ssh", "web"])
def test_port_in_use(tmp_path: Path, kind: str) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        extra = ["--open", "--host-key", str(tmp_path / "host_key")] if kind == "ssh" else []
        result = mythtable("--data-dir", str(tmp_path / "data"), "serve", kind, "--port", port, *extra)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "the port is already in use" in result.stderr.splitlines()[-1]


def test_durations() -> None:
    assert parse_duration("90") == 90
    assert parse_duration("90s") == 90
    assert parse_duration("15m") == 900
    assert parse_duration("2h") == 7200
    assert parse_duration("0") == 0
    with pytest.raises(ValueError):
        parse_duration("-5m")
    assert describe_duration(900) == "15 minutes"
    assert describe_duration(3600) == "1 hour"
    assert describe_duration(2) == "2 seconds"


def test_sliding_window_forgets() -> None:
    now = [0.0]
    window = SlidingWindow(limit=2, window=60, clock=lambda: now[0])
    window.add("a")
    window.add("a")
    assert window.exceeded("a") and not window.exceeded("b")
    now[0] = 61
    assert not window.exceeded("a")
    assert window.count("a") == 0


def test_sliding_window_take_is_check_and_count_in_one() -> None:
    window = SlidingWindow(limit=2, window=60, clock=lambda: 0.0)
    assert window.take("a") and window.take("a")
    assert not window.take("a")  # full: nothing more is counted
    assert window.count("a") == 2
    window.give_back("a")
    assert window.count("a") == 1 and window.take("a")
    window.give_back("b")  # nothing to give back: no harm
    assert window.count("b") == 0


def test_waiting_room_caps_per_address_and_gives_newcomers_a_place() -> None:
    room: WaitingRoom[str] = WaitingRoom(per_address=3, total=5)
    assert [room.enter("x", f"x{i}") for i in range(4)] == [(True, None)] * 3 + [(False, None)]
    assert room.enter("y", "y0") == (True, None)
    assert room.enter("y", "y1") == (True, None)  # all five places taken now
    assert room.enter("z", "z0") == (True, "x0")  # x holds the most: its oldest place goes to z
    assert room.count("x") == 2 and len(room) == 5
    assert room.enter("y", "y2") == (False, None)  # y already holds as many as anyone
    room.leave("y", "y0")
    assert room.enter("y", "y2") == (True, None)
    room.leave("y", "nobody")
    assert len(room) == 5


def test_a_relative_data_dir_becomes_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mythtable.cli import build_parser
    from mythtable.serve.ssh import settings_from_args

    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(["--data-dir", "reld", "serve", "ssh", "--open"])
    assert settings_from_args(args).data_dir == tmp_path / "reld" / "ssh"
    monkeypatch.setenv("MYTHTABLE_DATA_DIR", "fromenv")
    args = build_parser().parse_args(["serve", "ssh", "--open"])
    assert settings_from_args(args).data_dir == tmp_path / "fromenv" / "ssh"


def test_the_log_filter_holds_back_repeats_and_counts_them() -> None:
    from mythtable.serve.limits import LogFilter

    now = [0.0]
    repeats = LogFilter(per_text=3, per_key=5, window=60.0, clock=lambda: now[0])
    said = [line for _ in range(10) for line in repeats.lines("conn", "1.2.3.4", "refused a second game")]
    assert said == ["refused a second game"] * 3
    assert repeats.lines("conn", "1.2.3.4", "other") == ["other"]
    assert repeats.lines("conn", "1.2.3.4", "third") == ["third"]
    assert repeats.lines("conn", "1.2.3.4", "fourth") == []  # five lines in all per window
    assert repeats.lines("elsewhere", "5.6.7.8", "refused a second game") == ["refused a second game"]
    now[0] = 61.0
    assert repeats.lines("conn", "1.2.3.4", "again") == [
        "1.2.3.4: 8 more log lines held back, most often 'refused a second game' (7x)",
        "again",
    ]
    repeats.lines("conn", "1.2.3.4", "again")
    repeats.lines("conn", "1.2.3.4", "again")
    repeats.lines("conn", "1.2.3.4", "again")
    assert repeats.close("conn") == ["1.2.3.4: 1 more log line held back, most often 'again' (1x)"]
    assert repeats.close("conn") == []
    now[0] = 200.0
    assert repeats.expired() == []  # "elsewhere" held nothing back: forgotten quietly
