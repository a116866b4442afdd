"""Mythicarium: the two-player fantasy card game (ruleset id "mythicarium").

`ENTRY` registers it (the `mythtable.rulesets` entry point in pyproject.toml): cheap to import, it names
the ruleset and says where its parts are; ruleset.py holds them (`PARTS`), imported when a game needs them.
"""

from mythtable.engine.entry import RulesetEntry

ENTRY = RulesetEntry(
    id="mythicarium",
    title="Mythicarium",
    parts="mythtable.rulesets.mythicarium.ruleset:PARTS",
    board="mythtable.tui.boards.mythicarium:BOARD",
    watch="mythtable.tui.boards.mythicarium.watch",
    stylesheet="board.tcss",
    schema="mythtable.rulesets.mythicarium.schema",
    order=1,
)
