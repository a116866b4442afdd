"""The README and docs/ stay true: every `mythtable ...` line they show is accepted by the program, every link between
the pages leads somewhere, every command's `--help` has an example, and `mythtable --help` ends with where the pages
are.

A command line is taken from the pages' code blocks and inline code and run in this process with `main`, against a
data folder that holds the decks, party and encounter the pages name (`user:mine`, `user:duo/cleric`,
`user:cellar`):

- a line that would open the app (a game, the title screen, resume, watch, a replay, an editor) runs as written up to
  the app, which is not started (what it would have been given is checked), and with `--help`;
- a server is run with `--help` (and its arguments parsed);
- `simulate` runs as written with `--games 1 --jobs 1` and, for a searching bot, `--iterations 2`, so a line that
  names a deck, a bot or an option the program refuses still fails, in a second instead of an hour;
- a synopsis (`mythtable saves delete NAME [--yes]`) has its placeholders filled (`NAME` -> a save's name, `[--yes]`
  -> `--yes`, `[a|b]` -> `a`) and is parsed, and its command's `--help` runs;
- anything else runs as written.
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mythtable import cli
from mythtable.cli import build_parser, main
from mythtable.cli_help import EXAMPLES, commands
from mythtable.paths import assets_root, docs_root

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
"""The pages whose command lines run. CHANGELOG.md is history: it names commands as they were, and only its links
are checked."""
LINKED = [*PAGES, ROOT / "CHANGELOG.md"]

PLACEHOLDERS = {
    "NAME": "mine",
    "OLD": "mine",
    "NEW": "new-name",
    "PATH": "somewhere.toml",
    "FILE": "game.json",
    "DIR": "folder",
    "CODE": "MT1.code",
    "RULESET": "magewars",
    "COMMAND": "play",
}
OPENS_THE_APP = {(), ("play",), ("resume",), ("watch",), ("replay",), ("decks",), ("parties",), ("encounters",)}
OPENS_THE_APP |= {("encounters", "edit")}
SERVES = {("serve",), ("serve", "ssh"), ("serve", "web")}
SEARCHING_BOTS = {"search", "normal", "hard"}


@dataclass(frozen=True)
class Shown:
    page: str
    line: str
    env: tuple[tuple[str, str], ...]
    tokens: tuple[str, ...]

    @property
    def synopsis(self) -> bool:
        return any(_placeholder(token) for token in self.tokens)


def _placeholder(token: str) -> bool:
    return token == "..." or "[" in token or "|" in token or token.strip("[]") in PLACEHOLDERS


def _command_lines(text: str) -> list[str]:
    """The `mythtable ...` lines of a page: in code blocks (without their comments) and in inline code."""
    lines = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        for line in block.splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            for part in line.split("  /  "):  # "mythtable parties ...  /  mythtable encounters ..."
                if re.match(r"^(\w+=('[^']*'|\S+) )*mythtable\b", part.strip()):
                    lines.append(part.strip())
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    lines += [" ".join(span.split()) for span in re.findall(r"`(mythtable(?: [^`]*)?)`", prose)]
    return lines


def shown_commands() -> list[Shown]:
    found: dict[tuple[str, str], Shown] = {}
    for page in PAGES:
        if not page.is_file():
            continue
        name = str(page.relative_to(ROOT))
        for line in _command_lines(page.read_text(encoding="utf-8")):
            words = shlex.split(line)
            env = []
            while words and re.match(r"^\w+=", words[0]):
                key, _, value = words.pop(0).partition("=")
                env.append((key, value))
            assert words[0] == "mythtable", line
            found.setdefault((name, line), Shown(name, line, tuple(env), tuple(words[1:])))
    return list(found.values())


SHOWN = shown_commands()


def command_path(tokens: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The command a line runs: ("saves", "delete") for `mythtable saves delete NAME`; options before it skipped."""
    known = commands(build_parser())
    path: tuple[str, ...] = ()
    rest = list(tokens)
    while rest:
        token = rest.pop(0)
        if token == "--data-dir":
            rest = rest[1:]
            continue
        first = token.strip("[]").split("|")[0]
        if (*path, first) in known:
            path = (*path, first)
        elif token.startswith("-") or path:
            continue
        else:
            break
    return path


def concrete(tokens: tuple[str, ...]) -> list[str]:
    """A synopsis with its placeholders filled: `[--yes]` -> `--yes`, `[a|b]` -> `a`, `NAME` -> a name, `...` gone."""
    filled = []
    for token in tokens:
        if token == "...":
            continue
        token = token.strip("[]").split("|")[0]
        filled.append(PLACEHOLDERS.get(token, token))
    return filled


def shortened(tokens: list[str]) -> list[str]:
    """`simulate` as written, but one game, one process and, for a searching bot, two iterations a decision."""

    def setting(name: str, value: str) -> None:
        if name in tokens:
            tokens[tokens.index(name) + 1] = value
        else:
            tokens.extend([name, value])

    tokens = list(tokens)
    setting("--games", "1")
    setting("--jobs", "1")
    bots = tokens[tokens.index("--bots") + 1].split(",") if "--bots" in tokens else []
    if SEARCHING_BOTS & set(bots):
        setting("--iterations", "2")
    return tokens


def run(tokens: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`mythtable TOKENS` in this process: its exit status and what it printed."""
    try:
        status: Any = main(tokens)
    except SystemExit as exit_:
        status = exit_.code
    out, err = capsys.readouterr()
    return (0 if status is None else int(status)), out + err


@pytest.fixture(scope="module")
def built_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with what the pages name: the decks `mine`, the party `duo` (with the cleric) and the
    encounter `cellar`, each a copy of a shipped one; and a save named `mine`."""
    from mythtable import userfiles
    from mythtable.engine.game import Game
    from mythtable.engine.record import record_json, write_atomic

    root = tmp_path_factory.mktemp("docs-data")

    def first(ruleset: str, file: str, table: str, wanted: str | None = None) -> dict[str, Any]:
        entries = tomllib.loads((assets_root() / ruleset / file).read_text(encoding="utf-8"))[table]
        entry = next(e for e in entries if wanted is None or e["id"] == wanted)
        return {key: value for key, value in entry.items() if key != "id"}

    for ruleset in ("mythicarium", "magewars"):
        userfiles.save(root, ruleset, "decks", "mine", first(ruleset, "decks.toml", "deck"))
    heroes = tomllib.loads((assets_root() / "mythcraft" / "heroes.toml").read_text(encoding="utf-8"))["hero"]
    party = {"name": "Duo", "hero": [h for h in heroes if h["id"] in ("cleric", "warrior")]}
    userfiles.save(root, "mythcraft", "parties", "duo", party)
    userfiles.save(root, "mythcraft", "encounters", "cellar", first("mythcraft", "encounters.toml", "encounter"))
    (root / "saves").mkdir()
    write_atomic(root / "saves" / "mine.json", record_json(Game.new("mythicarium", 7).record_data()))
    return root


@pytest.fixture
def in_a_terminal(built_folder: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any] | None]:
    """Run as a player at a terminal would, in the built folder; the app is not started but what it would be given
    is kept."""
    started: list[dict[str, Any] | None] = []

    def run_app(start: dict[str, Any] | None, data: Path | None) -> int:
        started.append(start)
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    monkeypatch.setenv("MYTHTABLE_DATA_DIR", str(built_folder))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "sys", _AtATerminal())
    return started


class _Tty:
    """One of sys's streams as it is now, but a terminal."""

    def __init__(self, name: str) -> None:
        self.name = name

    def isatty(self) -> bool:
        return True

    def __getattr__(self, attribute: str) -> Any:
        return getattr(getattr(sys, self.name), attribute)


class _AtATerminal:
    """The sys module as cli.py sees it when a player runs it at a terminal."""

    stdin = _Tty("stdin")
    stdout = _Tty("stdout")

    def __getattr__(self, attribute: str) -> Any:
        return getattr(sys, attribute)


def test_the_pages_show_command_lines() -> None:
    pages = {shown.page for shown in SHOWN}
    assert {"README.md", "docs/playing.md", "docs/building.md", "docs/computer.md", "docs/serving.md"} <= pages
    assert len(SHOWN) >= 60


@pytest.mark.slow
@pytest.mark.parametrize("shown", SHOWN, ids=[f"{s.page}: {s.line}" for s in SHOWN])
def test_every_command_line_the_pages_show_is_accepted(
    shown: Shown,
    in_a_terminal: list[dict[str, Any] | None],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for key, value in shown.env:
        monkeypatch.setenv(key, value)
    path = command_path(shown.tokens)
    where = f"{shown.page} shows `{shown.line}`"
    if shown.synopsis:
        tokens = concrete(shown.tokens)
        try:
            if "..." not in shown.tokens:  # "and so on": a map of commands, not one line to parse
                build_parser().parse_args(tokens)
        except SystemExit as exit_:
            assert exit_.code in (0, None), f"{where}: the program refuses {tokens}: {capsys.readouterr().err}"
        status, printed = run([*path, "--help"], capsys)
        assert status == 0, f"{where}: `mythtable {' '.join(path)} --help` failed: {printed}"
        return
    tokens = list(shown.tokens)
    if path in SERVES:
        build_parser().parse_args(tokens)
        status, printed = run([*tokens, "--help"], capsys)
    elif path == ("simulate",):
        status, printed = run(shortened(tokens), capsys)
    else:
        status, printed = run(tokens, capsys)
        if path in OPENS_THE_APP and "--help" not in tokens and "--version" not in tokens:
            assert in_a_terminal, f"{where}: it would open the app, but did not get that far: {printed}"
            assert run([*tokens, "--help"], capsys)[0] == 0
    assert status == 0, f"{where}: the program refuses it (exit {status}): {printed}"


def test_the_line_runner_sees_a_refused_line(
    in_a_terminal: list[dict[str, Any] | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["play", "mythicarium", "--option", "deck1=user:nobody"], capsys)[0] != 0
    assert not in_a_terminal
    assert run(["play", "mythicarium", "--option", "deck1=user:mine"], capsys)[0] == 0
    assert in_a_terminal
    with pytest.raises(SystemExit):
        build_parser().parse_args(concrete(("saves", "delete", "NAME", "[--nope]")))


# ----- links ------------------------------------------------------------------------------------------------------


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {slug(title) for title in re.findall(r"^#+ (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return re.findall(r"\]\(([^)\s]+)\)", text)


@pytest.mark.parametrize("page", LINKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_between_the_pages_leads_somewhere(page: Path) -> None:
    for target in links(page):
        if re.match(r"^[a-z]+:", target):
            continue  # another site: not checked here (no network)
        file, _, anchor = target.partition("#")
        dest = (page.parent / file).resolve() if file else page
        assert dest.exists(), f"{page.name} links to {target}, which does not exist"
        if anchor:
            assert anchor in anchors(dest), f"{page.name} links to {target}: no such heading in {dest.name}"


def test_the_readme_maps_every_page_of_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in readme, f"the README's map of the docs leaves out {page.name}"


def test_the_link_check_sees_a_missing_heading() -> None:
    assert slug("Auto-pass, stops and what they reveal") == "auto-pass-stops-and-what-they-reveal"
    assert slug("File formats: `mythtable schema`") == "file-formats-mythtable-schema"
    assert "the-deck-editor" in anchors(ROOT / "docs" / "building.md")
    assert "no-such-heading" not in anchors(ROOT / "docs" / "building.md")


# ----- --help -----------------------------------------------------------------------------------------------------


def help_of(path: tuple[str, ...]) -> str:
    out = io.StringIO()
    commands(build_parser())[path].print_help(out)
    return out.getvalue()


@pytest.mark.parametrize("path", sorted(commands(build_parser())), ids=lambda p: " ".join(("mythtable", *p)))
def test_every_command_s_help_has_one_example_that_the_program_accepts(path: tuple[str, ...]) -> None:
    command = " ".join(("mythtable", *path))
    assert path in EXAMPLES, f"`{command}` has no example: add one to EXAMPLES in mythtable/cli_help.py"
    example = EXAMPLES[path]
    text = help_of(path)
    assert text.count("example:") == 1 and f"\n  {example}\n" in text
    words = shlex.split(example)
    assert words[0] == "mythtable" and command_path(words[1:])[: len(path)] == path, f"{example} is not {command}"
    try:
        build_parser().parse_args(words[1:])
    except SystemExit as exit_:
        pytest.fail(f"the example {example!r} is refused ({exit_.code})")


def test_mythtable_help_ends_with_where_the_docs_are() -> None:
    text = help_of(())
    last = text.rstrip().split("\n\n")[-1]
    assert last.startswith("documentation:") and str(docs_root()) in last
    for name in re.findall(r"[\w-]+\.md", last):
        assert (docs_root() / name).is_file(), f"`mythtable --help` names {name}, which is not in {docs_root()}"
    assert (docs_root() / "playing.md").is_file()


# ----- the systemd unit -------------------------------------------------------------------------------------------

UNIT = re.compile(r"<!-- systemd unit: (\S+\.service) -->\n```ini\n(.*?)^```", re.S | re.M)


def test_serving_md_has_a_systemd_unit_for_serve_ssh() -> None:
    found = UNIT.search((ROOT / "docs" / "serving.md").read_text(encoding="utf-8"))
    assert found, "docs/serving.md shows a systemd unit after a `<!-- systemd unit: NAME.service -->` line"
    start = re.search(r"^ExecStart=(.*)$", found[2], re.M)
    assert start, "the unit starts something"
    words = shlex.split(start[1])
    assert words[0].endswith("/mythtable") and words[1:3] == ["serve", "ssh"]
    build_parser().parse_args(words[1:])


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not on this machine")
def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    found = UNIT.search((ROOT / "docs" / "serving.md").read_text(encoding="utf-8"))
    assert found
    program = shutil.which("mythtable") or str(Path(sys.executable).with_name("mythtable"))
    unit = tmp_path / found[1]
    unit.write_text(re.sub(r"^ExecStart=\S+", f"ExecStart={program}", found[2], flags=re.M), encoding="utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=120, check=False
    )
    about_it = [line for line in (done.stdout + done.stderr).splitlines() if found[1] in line or str(unit) in line]
    assert done.returncode == 0 and not about_it, done.stdout + done.stderr


def test_systemd_analyze_would_see_a_misspelt_key(tmp_path: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not on this machine")
    unit = tmp_path / "broken.service"
    unit.write_text("[Service]\nExecStart=/bin/true\nRestart=sometimes\n", encoding="utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=120, check=False
    )
    assert any("broken.service" in line for line in (done.stdout + done.stderr).splitlines())
