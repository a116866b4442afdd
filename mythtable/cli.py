"""The one entry point: `mythtable [play|resume|saves|simulate|replay|validate] ...`.

Every error a user can cause ends in one clear line on stderr and a non-zero exit, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from mythtable.cli_saves import add_saves_parser, run_saves
from mythtable.engine.autopass import DEFAULT_PACE, MAX_PACE, MIN_PACE
from mythtable.engine.errors import MythtableError
from mythtable.engine.text import MAX_NAME_LENGTH
from mythtable.tui.start import (
    DeckEditor,
    EncounterEditor,
    NewGame,
    PartyEditor,
    Replay,
    SavedGames,
    Start,
    WatchGames,
)

EXIT_USAGE = 2


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise MythtableError(f"--option expects KEY=VALUE, not {pair!r}")
        options[key] = value
    return options


def installed_version() -> str:
    """The installed distribution's version; the package's own when run from a source tree without installing."""
    from importlib.metadata import PackageNotFoundError, version

    from mythtable import __version__

    try:
        return version("mythtable")
    except PackageNotFoundError:
        return __version__


def build_parser() -> argparse.ArgumentParser:
    from mythtable.engine.registry import available

    rulesets = available()
    parser = argparse.ArgumentParser(
        prog="mythtable",
        description="Hot-seat tabletop games for the terminal. Run without a command for the title screen.",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="where saves are kept (default: the user data folder)"
    )
    parser.add_argument("-V", "--version", action="version", version=f"mythtable {installed_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    data = argparse.ArgumentParser(add_help=False)  # --data-dir after the command too: `mythtable saves --data-dir D`
    data.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="where saves are kept")

    play = sub.add_parser("play", help="start a game straight away")
    play.add_argument("ruleset", choices=rulesets)
    play.add_argument("--seed", type=int, default=None, help="seed for shuffles and dice (default: random)")
    play.add_argument("--p1", help=f"name of the first player (at most {MAX_NAME_LENGTH} characters)")
    play.add_argument("--p2", help=f"name of the second player (at most {MAX_NAME_LENGTH} characters)")
    for seat in ("p1", "p2"):
        play.add_argument(
            f"--{seat}-computer",
            metavar="STRENGTH",
            default=None,
            help=f"let the computer play {seat}: easy, normal or hard (also: ai, the ruleset's own; "
            "random, greedy, search)",
        )
    play.add_argument(
        "--computer-pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"at least this long between two computer moves, to follow them (default {DEFAULT_PACE}; "
        "also in the game's settings, key s)",
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a setup choice, e.g. deck1=druid-grove (see `mythtable setup RULESET`)",
    )

    setup = sub.add_parser("setup", help="list the setup choices of a ruleset")
    setup.add_argument("ruleset", choices=rulesets)

    sub.add_parser("resume", help="list unfinished saved games and continue one", parents=[data])
    add_saves_parser(sub, data)

    watch = sub.add_parser("watch", help="two computer players play while you watch (any key pauses)")
    watch.add_argument("ruleset", nargs="?", choices=rulesets, help="default: take turns through all of them")
    watch.add_argument("--speed", type=float, default=1.0, help="moves per second (default 1)")
    watch.add_argument("--bots", default="greedy,greedy", help="the two players' strengths, e.g. normal,easy")

    sim = sub.add_parser("simulate", help="play games between computer players and print a summary")
    sim.add_argument("ruleset", choices=rulesets)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument(
        "--bots",
        default="random,random",
        help="two strengths, comma-separated: easy, normal, hard, random, greedy or search (default random,random); "
        "they swap seats every other game",
    )
    sim.add_argument(
        "--budget", type=float, default=1.0, help="the 'search' bot's thinking time per decision, in seconds"
    )
    sim.add_argument(
        "--iterations",
        type=int,
        help="a fixed number of search iterations per decision instead of --budget: the same games on any machine",
    )
    sim.add_argument("--jobs", type=int, default=1, help="games played at once, in separate processes (default 1)")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--save-dir", type=Path, help="write each game's record into this folder")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a setup choice, e.g. deck1=user:my-deck (see `mythtable setup RULESET`)",
    )

    rep = sub.add_parser("replay", help="replay a game record")
    rep.add_argument("file", type=Path)
    rep.add_argument("--verify", action="store_true", help="check that it reaches the recorded final state")

    sub.add_parser("validate", help="check every content file, and the decks, parties and encounters you built")
    _add_built_parsers(sub, rulesets)

    import importlib.util

    if importlib.util.find_spec("mythtable.serve") is not None:
        from mythtable.serve import add_serve_parser

        add_serve_parser(sub)
    _data_dir_after_any_command(parser)
    from mythtable.cli_help import add_examples

    add_examples(parser)
    return parser


def _data_dir_after_any_command(parser: argparse.ArgumentParser) -> None:
    """`--data-dir` is global: `mythtable play mythicarium --data-dir D` as well as
    `mythtable --data-dir D play mythicarium`. Every command and subcommand that does not take it
    yet gets it, with no default of its own, so that one given before the command stays."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for command in set(action.choices.values()):
            if "--data-dir" not in command._option_string_actions:
                command.add_argument(
                    "--data-dir", type=Path, default=argparse.SUPPRESS, help="where saves are kept (a global option)"
                )
            _data_dir_after_any_command(command)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "data_dir", None) is None:
        args.data_dir = None
    if args.data_dir is not None:  # absolute from the start: servers run games in other folders with this path
        args.data_dir = args.data_dir.expanduser().absolute()
        if args.data_dir.exists() and not args.data_dir.is_dir():
            print(f"mythtable: --data-dir {args.data_dir} is a file, not a folder", file=sys.stderr)
            return 1
    try:
        return _dispatch(args)
    except MythtableError as exc:
        from mythtable.engine.text import clean_text

        print(f"mythtable: {clean_text(str(exc))}", file=sys.stderr)  # it may quote a file's name or contents
        return 1
    except KeyboardInterrupt:
        print("mythtable: interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_went_away()


def _reader_went_away() -> int:
    """`mythtable setup mythcraft | head`: the reader closed the pipe. Quietly stop, as Unix tools do,
    and point stdout at /dev/null so the interpreter's last flush cannot complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 141  # 128 + SIGPIPE, what a shell reports for a tool stopped by a closed pipe


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command
    if command == "simulate":
        return _simulate(args)
    if command == "replay":
        return _replay(args)
    if command == "validate":
        return max(_validate(), _validate_built(args.data_dir))
    if command == "setup":
        return _setup(args.ruleset, args.data_dir)
    if command in ("decks", "parties", "encounters"):
        return _built_command(args)
    if command == "schema":
        return _schema(args.out)
    if command == "play":
        return _play(args)
    if command == "serve":
        from mythtable.serve import run_serve

        return run_serve(args)
    if command == "watch":
        from mythtable.engine.bots import STRENGTHS

        bots = [b.strip() for b in args.bots.split(",")]
        allowed = (*STRENGTHS, "ai")
        if len(bots) != 2 or any(b not in allowed for b in bots):
            raise MythtableError(f"--bots expects two of {', '.join(allowed)} separated by a comma, not {args.bots!r}")
        if args.speed <= 0:
            raise MythtableError("--speed must be positive")
        return _run_app(WatchGames(args.ruleset, args.speed, bots), args.data_dir)
    if command == "resume":
        return _run_app(SavedGames(), args.data_dir)
    if command == "saves":
        return run_saves(args)
    return _run_app(None, args.data_dir)


def _simulate(args: argparse.Namespace) -> int:
    from mythtable.engine.bots import STRENGTHS
    from mythtable.engine.simulate import simulate

    if args.games < 1:
        raise MythtableError("--games must be at least 1")
    bots = tuple(b.strip() for b in args.bots.split(","))
    if len(bots) != 2 or any(b not in STRENGTHS for b in bots):
        raise MythtableError(f"--bots expects two of {', '.join(STRENGTHS)} separated by a comma, not {args.bots!r}")
    if args.budget <= 0:
        raise MythtableError("--budget must be positive")
    if args.iterations is not None and args.iterations < 1:
        raise MythtableError("--iterations must be at least 1")
    if args.jobs < 1:
        raise MythtableError("--jobs must be at least 1")
    setup = _simulation_setup(args.ruleset, args.option, args.data_dir)
    summary = simulate(
        args.ruleset,
        args.games,
        args.seed,
        setup=setup,
        save_dir=args.save_dir,
        bots=(bots[0], bots[1]),
        budget=args.budget,
        iterations=args.iterations,
        jobs=args.jobs,
    )
    data = summary.as_dict()
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        wins = data["wins"]
        print(f"{args.ruleset}: {data['finished']}/{data['games']} games finished")
        print(f"  wins: seat 1 {wins['seat1']}, seat 2 {wins['seat2']}, draws {wins['draws']}")
        print(f"  average turns {data['avg_turns']}, average actions {data['avg_actions']}")
        print(f"  engine speed {data['actions_per_second']} actions/s, {data['games_per_second']} games/s")
        if "bot_wins" in data:
            budget = ""
            if data["iterations"] is not None:
                budget = f" (search: {data['iterations']} iterations per decision)"
            elif data["budget"] is not None:
                budget = f" (search budget {data['budget']:g} s per decision)"
            for name, level in data.get("levels", {}).items():
                turn, most = level["per_turn_s"], level["per_decision_s"]
                budget += f" ({name}: {turn:g} s per turn, at most {most:g} s a decision)"
            print(f"  bots {' vs '.join(data['bots'])}, swapping seats every other game{budget}:")
            for label, row in data["bot_wins"].items():
                low, high = row["ci95"]
                rate = f"{100 * row['rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)"
                print(f"    {label}: {row['wins']} wins, {rate}")
        for error in summary.errors:
            print(f"  ERROR {error}")
    return 0 if summary.finished == summary.games and not summary.errors else 1


def _replay(args: argparse.Namespace) -> int:
    from mythtable.engine.game import Game
    from mythtable.engine.record_schema import read_record

    record = read_record(args.file)
    if not args.verify:
        from mythtable.engine.replay import ReplayCursor

        return _run_app(Replay(ReplayCursor(record)), args.data_dir)
    game = Game.from_record(record, verify=True)
    result = game.result
    status = "unfinished" if result is None else f"{result.reason} after {result.turns} turns"
    print(f"{args.file}: OK ({len(record.actions)} actions replayed; {status})")
    return 0


def _validate() -> int:
    from mythtable.engine.content import content_hash
    from mythtable.engine.registry import available, content_folder, get

    failures = 0
    for ruleset_id in available():
        ruleset = get(ruleset_id)
        folder = content_folder(ruleset_id)
        try:
            if not folder.is_dir():
                raise MythtableError(f"{folder}: the content folder is missing")
            ruleset.load_content(folder)
        except MythtableError as exc:
            failures += 1
            print(f"{ruleset.title}: FAILED: {exc}")
        else:
            print(f"{ruleset.title}: OK ({folder}, content hash {content_hash(folder)})")
    return 1 if failures else 0


def _setup(ruleset_id: str, data: Path | None = None) -> int:
    from mythtable.engine.text import one_line
    from mythtable.saves import data_dir
    from mythtable.userfiles import offered

    loaded, unplayable = offered(ruleset_id, data_dir(data))  # the built ones beside the prebuilt ones
    for f in loaded.ruleset.setup_fields(loaded.content):
        print(f"{f.key}: {f.label} (default {f.default or 'none'}{', optional' if f.optional else ''})")
        for choice in f.choices:
            print(f"    {one_line(choice.value, 60):<24} {one_line(choice.label, 80)}")
    for found in unplayable:
        print(one_line(f"not offered: {found.describe()}", 500))
    return 0


def _play(args: argparse.Namespace) -> int:
    import secrets

    from mythtable.engine.registry import load
    from mythtable.engine.text import clean_name, same_names_problem

    loaded = load(args.ruleset)
    setup = loaded.ruleset.default_setup(loaded.content)
    for seat, typed in enumerate((args.p1, args.p2)):
        if typed is not None:  # shown as typed, less what a terminal would obey (check_setup says if too long)
            setup.players[seat] = clean_name(typed)
    same = same_names_problem(setup.players)
    if same is not None:
        raise MythtableError(same)
    setup.options.update(_parse_options(args.option))
    _check_with_built(args.ruleset, setup, args.data_dir)
    pace = args.computer_pace
    if pace is not None and not MIN_PACE <= pace <= MAX_PACE:  # nan fails both comparisons: refused too
        raise MythtableError(f"--computer-pace must be between {MIN_PACE} and {MAX_PACE} seconds")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    if not 0 <= seed < 2**63:  # a save holds seeds below 2**63: a larger one crashed the first autosave
        raise MythtableError("--seed must be zero or positive, and below 2**63")
    controllers = [getattr(args, f"{seat}_computer") or "human" for seat in ("p1", "p2")]
    from mythtable.tui.session import controller_choices

    for controller in controllers:  # a person may always sit down; a computer's module loads only when asked for
        if controller != "human" and controller not in controller_choices(args.ruleset):
            allowed = ", ".join(c for c in controller_choices(args.ruleset) if c != "human")
            raise MythtableError(f"unknown computer strength {controller!r} (choose one of: {allowed})")
    start = NewGame(args.ruleset, seed, setup, controllers)
    return _run_app(start, args.data_dir) if pace is None else _run_app(start, args.data_dir, pace)


def _interrupt_ends_the_program() -> None:
    """The game's terminal is raw, so Ctrl+C is a key there: a SIGINT comes only from outside (`kill -INT`),
    and asks the program to end. A program started with SIGINT ignored (any background job of a shell
    without job control, a test run behind `&` on a loaded machine) inherits the ignore, so asyncio never
    hears the signal and the game stayed up (issue 33 item 10). Ignored or not, it ends the program."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _run_app(start: Start | None, data: Path | None, pace: float | None = None) -> int:
    from mythtable.tui.app import MythtableApp

    app = MythtableApp(start=start, data=data, pace=pace)
    _interrupt_ends_the_program()
    try:
        app.run()
    except KeyboardInterrupt:
        print("mythtable: interrupted; goodbye.", file=sys.stderr)
        return 130
    return app.return_code or 0


# ----- built things: decks, parties, encounters (mythtable/userfiles.py, mythtable/codes.py) ---------


def _check_with_built(ruleset_id: str, setup: Any, data: Path | None) -> None:
    """Attach the built things the options name (`user:<name>`) and check the setup with them."""
    from mythtable.engine.registry import load
    from mythtable.saves import data_dir
    from mythtable.userfiles import attach

    attach(ruleset_id, setup, data_dir(data))
    loaded = load(ruleset_id).with_built(setup.built)
    loaded.ruleset.check_setup(loaded.content, setup)


def _simulation_setup(ruleset_id: str, pairs: list[str], data: Path | None) -> Any:
    """The setup of a `simulate` run: the ruleset's own, with the --option choices (built ones too)."""
    if not pairs:
        return None
    from mythtable.engine.registry import load

    loaded = load(ruleset_id)
    setup = loaded.ruleset.simulation_setup(loaded.content)
    setup.options.update(_parse_options(pairs))
    _check_with_built(ruleset_id, setup, data)
    return setup


def _add_built_parsers(sub: Any, rulesets: list[str]) -> None:
    """`mythtable decks|parties|encounters [list|export|import|code|import-code]` and `mythtable schema`."""
    for kind, one, a_one in (
        ("decks", "deck", "a deck"),
        ("parties", "party", "a party"),
        ("encounters", "encounter", "an encounter"),
    ):
        helps = {
            "decks": "open the deck editor (in a terminal); list, share and import the decks you built",
            "parties": "open the party builder (in a terminal); list, share and import the parties you built",
            "encounters": "open the encounter builder (in a terminal); list, share and import the encounters you built",
        }
        parser = sub.add_parser(kind, help=helps[kind])
        actions = parser.add_subparsers(dest="built_action", metavar="ACTION")
        listing = actions.add_parser("list", help=f"list your {kind}, each with its problems if it has any")
        listing.add_argument("--ruleset", choices=rulesets)
        export = actions.add_parser("export", help=f"write one of your {kind} to a file to share")
        export.add_argument("name")
        export.add_argument("path", type=Path, help="a file, or a folder to write NAME.toml into")
        export.add_argument("--ruleset", choices=rulesets)
        export.add_argument("--force", action="store_true", help="replace the file if it exists")
        imp = actions.add_parser("import", help=f"check a shared {one} file and add it to your {kind}")
        imp.add_argument("path", type=Path)
        imp.add_argument("--name", help="the name to keep it under (default: the file's name)")
        imp.add_argument("--ruleset", choices=rulesets)
        imp.add_argument("--force", action="store_true", help=f"replace {a_one} of the same name")
        code = actions.add_parser("code", help=f"print a short code of one of your {kind}, to paste into a chat")
        code.add_argument("name")
        code.add_argument("--ruleset", choices=rulesets)
        imp_code = actions.add_parser("import-code", help=f"add {a_one} from a share code")
        imp_code.add_argument("code")
        imp_code.add_argument("--name", help="the name to keep it under (default: the code's)")
        imp_code.add_argument("--force", action="store_true", help=f"replace {a_one} of the same name")
        if kind == "encounters":
            edit = actions.add_parser("edit", help="open the encounter builder (in a terminal), on NAME if given")
            edit.add_argument("name", nargs="?", help="one of your encounters to open")
    schema = sub.add_parser("schema", help="write the JSON Schema of every kind of content file")
    schema.add_argument("--out", type=Path, help="the folder to write them into (default: print the list)")


def _built_command(args: argparse.Namespace) -> int:
    from mythtable import codes, userfiles
    from mythtable.engine.built import KIND_TABLES
    from mythtable.saves import data_dir

    kind: str = args.command
    one = KIND_TABLES[kind]
    root = data_dir(args.data_dir)
    if args.built_action is None and kind == "decks" and sys.stdin.isatty() and sys.stdout.isatty():
        return _run_app(DeckEditor(), args.data_dir)  # the deck editor
    if args.built_action is None and kind == "parties" and sys.stdin.isatty() and sys.stdout.isatty():
        return _run_app(PartyEditor(), args.data_dir)  # the party builder
    if args.built_action == "edit":
        return _edit_encounter(root, args.name, args.data_dir)
    if args.built_action is None and kind == "encounters" and sys.stdin.isatty() and sys.stdout.isatty():
        return _edit_encounter(root, None, args.data_dir)  # the encounter builder, as decks and parties open theirs
    action = args.built_action or "list"
    if action == "list":
        return _list_built(kind, root, getattr(args, "ruleset", None))
    if action == "export":
        target = userfiles.export_file(userfiles.find(root, kind, args.name, args.ruleset), args.path, args.force)
        print(f"wrote {target}")
        return 0
    if action == "import":
        found = userfiles.import_file(root, kind, args.path, args.name, args.ruleset, args.force)
        print(f"added {one} {found.name!r} ({found.ruleset}): {found.path}")
        return 0
    if action == "code":
        print(codes.encode(userfiles.find(root, kind, args.name, args.ruleset)))
        return 0
    rid, code_kind, name, data = codes.decode(args.code)
    if code_kind != kind:
        article = "an" if code_kind == "encounters" else "a"
        raise codes.CodeError(
            f"the code holds {article} {KIND_TABLES[code_kind]}: use `mythtable {code_kind} import-code`"
        )
    found = userfiles.save(root, rid, kind, args.name or name, data, overwrite=args.force)
    print(f"added {one} {found.name!r} ({rid}): {found.path}")
    return 0


def _edit_encounter(root: Path, name: str | None, data: Path | None) -> int:
    """`mythtable encounters edit [NAME]`: the encounter builder, on one of the player's files."""
    from mythtable import userfiles

    if name is not None:
        userfiles.find(root, "encounters", name)  # a clear message for a name that is not there
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise MythtableError("the encounter builder needs a terminal")
    return _run_app(EncounterEditor(name), data)


def _list_built(kind: str, root: Path, only: str | None) -> int:
    from mythtable.engine.registry import available
    from mythtable.engine.text import clean_text
    from mythtable.userfiles import kinds, library

    shown = 0
    for rid in available():
        if (only and rid != only) or kind not in kinds(rid):
            continue
        for found in library(rid, root, kind):
            print(clean_text(f"{rid}: {found.describe()}", newlines=False))
            shown += 1
    if not shown:
        print(f"no {kind} yet (they live in {root / kind})")
    return 0


def _validate_built(data: Path | None) -> int:
    """`validate` checks the built things too: each file with every problem, named."""
    from mythtable.engine.registry import available
    from mythtable.engine.text import clean_text
    from mythtable.saves import data_dir
    from mythtable.userfiles import kinds, library

    root = data_dir(data)
    failures = 0
    for rid in available():
        if not kinds(rid):
            continue
        try:
            files = library(rid, root)
        except MythtableError:
            continue  # the ruleset's own content failed, and said so above
        for found in files:  # a file's name is anyone's text: cleaned, as every line that shows one
            if found.ok:
                print(clean_text(f"{found.path}: OK", newlines=False))
            else:
                failures += 1
                print(clean_text(f"{found.path}: FAILED: {found.describe()}", newlines=False))
    return 1 if failures else 0


def _schema(out: Path | None) -> int:
    from mythtable.content_schema import write_schemas

    for line in write_schemas(out):
        print(line)
    return 0
