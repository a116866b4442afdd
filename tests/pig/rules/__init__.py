"""Pig's rules, in the same files as every ruleset's: flow.py (`advance`), actions.py (`apply_action`),
invariants.py (`check_invariants`)."""
