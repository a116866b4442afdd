"""The Mage Wars CCG rules, split by topic; every function works on the plain `State`.

The entry points, in the same files in every ruleset: `actions.apply_action(state, action, events)`
applies one legal action (`Ruleset.apply` checks it), then `flow.advance(state, events)` runs every
step that needs no choice and parks the next open `Decision` on the state; `invariants.check_invariants`
says what must always hold (the tests check it).

Modules, from the bottom up: queries (nothing changes), effects (small shared changes), options
(legal actions), stack, combat, damage, turn (passes, the end of turn), flow (the decision loop),
actions (one function per kind), setup (a new game) and invariants. Clause IDs in comments
point at the in-app rules reference, assets/magewars/rules.toml.
"""

from __future__ import annotations

from mythtable.rulesets.magewars.rules.actions import apply_action
from mythtable.rulesets.magewars.rules.flow import advance

__all__ = ["advance", "apply_action"]
