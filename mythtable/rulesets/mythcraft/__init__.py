"""MythCraft combat: a tactical skirmish of heroes (seat 0) against the Myth Caster's creatures (seat 1).

`ENTRY` registers it (the `mythtable.rulesets` entry point in pyproject.toml): cheap to import, it names
the ruleset and says where its parts are; ruleset.py holds them (`PARTS`), imported when a game needs them.
"""

from mythtable.engine.entry import RulesetEntry

ENTRY = RulesetEntry(
    id="mythcraft",
    title="MythCraft combat",
    parts="mythtable.rulesets.mythcraft.ruleset:PARTS",
    board="mythtable.tui.boards.mythcraft:BOARD",
    watch="mythtable.tui.boards.mythcraft.watch",
    stylesheet="board.tcss",
    schema="mythtable.rulesets.mythcraft.schema",
    order=3,
)
