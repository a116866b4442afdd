"""The Mythicarium rules, split by topic. The two entry points, the same in every ruleset:

- `advance(state, events)`: run every step that needs no choice; park on the next decision.
- `apply_action(state, action, events)`: apply one legal action (the glue then calls `advance`).
"""

from mythtable.rulesets.mythicarium.rules.actions import apply_action
from mythtable.rulesets.mythicarium.rules.decisions import advance

__all__ = ["advance", "apply_action"]
