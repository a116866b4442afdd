"""Mage Wars CCG (ruleset id "magewars"): towers, lines, face-down cards and line-rule combat.

`ENTRY` registers it (the `mythtable.rulesets` entry point in pyproject.toml): cheap to import, it names
the ruleset and says where its parts are; ruleset.py holds them (`PARTS`), imported when a game needs them.
"""

from mythtable.engine.entry import RulesetEntry

ENTRY = RulesetEntry(
    id="magewars",
    title="Mage Wars CCG",
    parts="mythtable.rulesets.magewars.ruleset:PARTS",
    board="mythtable.tui.boards.magewars:BOARD",
    watch="mythtable.tui.boards.magewars.watch",
    stylesheet="board.tcss",
    schema="mythtable.rulesets.magewars.schema",
    order=2,
)
