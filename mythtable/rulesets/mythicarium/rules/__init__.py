"""The Mythicarium rules, split by topic. The entry points, in the same files in every ruleset:

- `flow.advance(state, events)`: run every step that needs no choice; park on the next decision.
- `actions.apply_action(state, action, events)`: apply one legal action (`Ruleset.apply` checks it, then
  calls `advance`).
- `invariants.check_invariants(state)`: what must hold between actions (the tests check it).
"""

from mythtable.rulesets.mythicarium.rules.actions import apply_action
from mythtable.rulesets.mythicarium.rules.flow import advance

__all__ = ["advance", "apply_action"]
