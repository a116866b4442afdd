"""Pig, the dice game, as a ruleset package of its own: made by following docs/adding-a-ruleset.md step by
step, and registered by its test (test_pig.py), which plays it through the real TUI, the bots and a replay.

Each turn the active seat rolls a d6 as often as it likes: a 1 loses the points of the turn (the pot), and
holding banks them. The first to reach the target (20 points unless the setup says 50) wins.

`ENTRY` is all a registration needs; a distribution of its own would list it in its pyproject.toml:
`[project.entry-points."mythtable.rulesets"] pig = "tests.pig:ENTRY"`.
"""

from pathlib import Path

from mythtable.engine.entry import RulesetEntry

ENTRY = RulesetEntry(
    id="pig",
    title="Pig",
    parts="tests.pig.ruleset:PARTS",
    content=Path(__file__).parent / "content",  # no board: the generic one; no schema, no stylesheet
)
