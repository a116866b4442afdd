"""What a new user's fresh install prints: nothing but mythtable's own words.

Every module is imported, and every command's `--help` run, with warnings turned into errors, as
`python -W error` does. The only warnings let through are the library deprecations that
`mythtable/serve/quiet.py` filters by module and category. So a dependency release that starts warning
fails here, naming the package, instead of greeting users (cryptography 51 deprecating DSA, touched by
asyncssh at import time, once put ten lines in front of `mythtable serve ssh`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mythtable.cli import build_parser

REPO = Path(__file__).resolve().parent.parent

IMPORT_EVERY_MODULE = """
import importlib, json, pkgutil, warnings
import mythtable
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")  # what -W error turns into errors, recorded instead, to name where they come from
    for info in pkgutil.walk_packages(mythtable.__path__, "mythtable."):
        if not info.name.endswith("__main__"):  # that one starts the game
            importlib.import_module(info.name)
    import mythtable.serve.web as web
    web._app_service_class(), web._server_class()  # what `serve web` imports when it starts
print(json.dumps([[w.filename, w.lineno, w.category.__name__, str(w.message)] for w in caught]))
"""


def package_of(path: str) -> str:
    """The distribution a file belongs to: the folder under site-packages, or mythtable for the project's own."""
    parts = Path(path).parts
    if "site-packages" in parts:
        return parts[parts.index("site-packages") + 1]
    return "mythtable" if "mythtable" in parts else path


def packages_named(stderr: str) -> list[str]:
    return sorted({package_of(p) for p in re.findall(r"(/\S+\.py):\d+", stderr)})


def command_paths(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in dict(action.choices).items():
                yield from command_paths(sub, (*path, name))


COMMANDS = sorted(set(command_paths(build_parser())))


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={**os.environ, "PYTHONWARNINGS": "", **(env or {})},
        stdin=subprocess.DEVNULL,
    )


def test_every_module_imports_without_a_warning() -> None:
    result = run("-c", IMPORT_EVERY_MODULE)
    assert result.returncode == 0, result.stderr
    warned = json.loads(result.stdout.strip().splitlines()[-1])
    report = [f"{kind} from {package_of(file)} ({file}:{line}): {message}" for file, line, kind, message in warned]
    assert not report, "a dependency now warns; filter it in mythtable/serve/quiet.py or adapt:\n" + "\n".join(report)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "mythtable")
def test_help_of_every_command_prints_no_warning(command: tuple[str, ...]) -> None:
    result = run("-m", "mythtable", *command, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", f"warnings from {packages_named(result.stderr)}:\n{result.stderr}"
    assert result.stdout.startswith("usage: mythtable"), result.stdout[:200]


def test_version_prints_no_warning() -> None:
    result = run("-m", "mythtable", "--version")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("mythtable ")


def start_and_stop(args: list[str], ready: str, tmp_path: Path) -> tuple[str, str]:
    """Start a server as a user would (no -W), wait for its ready words on stdout, stop it with Ctrl+C.
    Its whole stdout and stderr."""
    out, err = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "mythtable", *args],
            stdout=stdout,
            stderr=stderr,
            stdin=subprocess.DEVNULL,
            cwd=tmp_path,
            env={k: v for k, v in os.environ.items() if k not in ("PYTHONWARNINGS", "MYTHTABLE_SSH_PASSWORD")},
        )
        try:
            deadline = time.monotonic() + 30
            while ready not in out.read_text() and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            process.send_signal(signal.SIGINT)
            process.wait(timeout=20)
        finally:
            if process.poll() is None:
                process.kill()
    return out.read_text(), err.read_text()


def assert_only_own_lines(stderr: str) -> None:
    foreign = [line for line in stderr.splitlines() if line and not line.startswith(("mythtable:", "!!"))]
    assert not foreign, f"lines from {packages_named(stderr)} among the server's own:\n{stderr}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_ssh_says_only_its_own_lines(tmp_path: Path) -> None:
    key = str(tmp_path / "key")
    args = ["serve", "ssh", "--open", "--port", "0", "--host-key", key, "--data-dir", str(tmp_path)]
    stdout, stderr = start_and_stop(args, "listening on", tmp_path)
    assert "listening on" in stdout, stdout + stderr
    assert "--open: ANYONE" in stderr  # the one warning the project means to print here
    assert_only_own_lines(stderr)


def test_serve_web_says_only_its_own_lines(tmp_path: Path) -> None:
    port = str(free_port())
    stdout, stderr = start_and_stop(["serve", "web", "--port", port, "--data-dir", str(tmp_path)], "Ctrl+C", tmp_path)
    assert f"http://127.0.0.1:{port}" in stdout, stdout + stderr
    assert_only_own_lines(stderr)
