"""The Mage Wars CCG rules, split by topic; every function works on the plain `State`.

The glue (ruleset.py) needs two entry points, the same in every ruleset:
`apply_action(state, action, events)` applies one legal action, then `advance(state, events)` runs
every step that needs no choice and parks the next open `Decision` on the state.

Modules, from the bottom up: queries (nothing changes), effects (small shared changes), options
(legal actions), stack, combat, damage, turn (the decision loop), actions (one function per kind),
setup (a new game) and invariants (what must always hold, for the tests). Clause IDs in comments
point at the in-app rules reference, assets/magewars/rules.toml.
"""

from __future__ import annotations

from mythtable.rulesets.magewars.rules.actions import apply_action
from mythtable.rulesets.magewars.rules.turn import advance

__all__ = ["advance", "apply_action"]
