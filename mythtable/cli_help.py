"""What `--help` adds to argparse's list of options: one example per command, and at the end of `mythtable --help`,
where the documentation is. Kept apart from the parsers so that a command added anywhere (cli.py, serve/) gets its
example here; tests/test_docs.py fails for a command without one."""

from __future__ import annotations

import argparse

from mythtable.paths import docs_root

EXAMPLES: dict[tuple[str, ...], str] = {
    (): "mythtable play mythicarium --seed 7",
    ("play",): "mythtable play magewars --p2-computer normal --seed 7",
    ("setup",): "mythtable setup mythcraft",
    ("resume",): "mythtable resume",
    ("saves",): "mythtable saves",
    ("saves", "list"): "mythtable saves list --data-dir ~/games",
    ("saves", "delete"): "mythtable saves delete 'mythicarium 7' --yes",
    ("saves", "rename"): "mythtable saves rename 'mythicarium 7' 'the long game'",
    ("saves", "export"): "mythtable saves export 'mythicarium 7' ~/Desktop",
    ("saves", "import-code"): "mythtable saves import-code MTR1.eJy... --name 'from Bram'",
    ("watch",): "mythtable watch magewars --speed 2 --bots normal,easy",
    ("simulate",): "mythtable simulate magewars --bots normal,greedy --games 20 --iterations 200",
    ("replay",): "mythtable replay ~/.local/share/mythtable/saves/game.json --verify",
    ("validate",): "mythtable validate",
    ("decks",): "mythtable decks",
    ("decks", "list"): "mythtable decks list",
    ("decks", "export"): "mythtable decks export my-deck ~/Desktop",
    ("decks", "import"): "mythtable decks import ~/Downloads/storm.toml --name storm",
    ("decks", "code"): "mythtable decks code my-deck",
    ("decks", "import-code"): "mythtable decks import-code MT1.eJy... --name from-bram",
    ("parties",): "mythtable parties",
    ("parties", "list"): "mythtable parties list",
    ("parties", "export"): "mythtable parties export duo ~/Desktop",
    ("parties", "import"): "mythtable parties import ~/Downloads/duo.toml",
    ("parties", "code"): "mythtable parties code duo",
    ("parties", "import-code"): "mythtable parties import-code MT1.eJy... --name trio",
    ("encounters",): "mythtable encounters",
    ("encounters", "list"): "mythtable encounters list",
    ("encounters", "export"): "mythtable encounters export cellar ~/Desktop",
    ("encounters", "import"): "mythtable encounters import ~/Downloads/cellar.toml",
    ("encounters", "code"): "mythtable encounters code cellar",
    ("encounters", "import-code"): "mythtable encounters import-code MT1.eJy... --name crypt",
    ("encounters", "edit"): "mythtable encounters edit cellar",
    ("schema",): "mythtable schema --out schemas",
    ("serve",): "mythtable serve ssh --authorized-keys ~/.ssh/authorized_keys",
    ("serve", "ssh"): "mythtable serve ssh --host 0.0.0.0 --authorized-keys ~/.ssh/authorized_keys",
    ("serve", "web"): "mythtable serve web --port 8000",
}

TABLE_EXAMPLES: dict[str, str] = {
    "open": "ssh -t -p 2222 host open mythicarium --seed 7 --p1 Ana --p2 Bram --option deck2=iron-mountain",
    "open --clock": "ssh -t -p 2222 host open magewars --clock 90",
    "join": "ssh -t -p 2222 host join 7KQ2X",
    "watch": "ssh -t -p 2222 host watch 7KQ2X",
    "tables": "ssh -p 2222 host tables",
}
"""The table commands a `serve ssh` server answers (serve/ssh_tables.py), shown in `serve ssh --help`: every option
of `open` has an example here (tests/tables/test_seat_screen.py checks that each parses)."""


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's own, except that the epilog keeps its lines (an example is a line to copy, not prose)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith(("example:", "documentation:")):
            return "\n".join(indent + line for line in text.splitlines())
        return super()._fill_text(text, width, indent)


def documentation() -> str:
    """Where the pages are: shipped beside the package, or docs/ of a source checkout."""
    return (
        "documentation:\n"
        f"  {docs_root()}\n"
        "  playing.md (every key), computer.md, serving.md (SSH, web, systemd), security.md,\n"
        "  building.md (decks, parties, encounters), speed.md; in a game, F1 shows the rules."
    )


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every command's parser by its path: () for `mythtable`, ("saves", "delete") for `mythtable saves delete`."""
    found = {path: parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in dict(action.choices).items():
                found.update(commands(sub, (*path, name)))
    return found


def add_examples(parser: argparse.ArgumentParser) -> None:
    """Give every command its example (and `mythtable` the documentation's place after it)."""
    for path, command in commands(parser).items():
        example = EXAMPLES.get(path)
        command.formatter_class = _HelpFormatter
        if example is not None:
            command.epilog = f"example:\n  {example}"
        if path == ("serve", "ssh"):
            tables = "\n".join(f"  {line}" for line in TABLE_EXAMPLES.values())
            command.epilog = f"{command.epilog}\n\nshared tables (from a player's terminal):\n{tables}"
        if path == ():
            command.epilog = f"{command.epilog}\n\n{documentation()}" if command.epilog else documentation()
