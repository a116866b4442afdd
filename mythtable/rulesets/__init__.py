"""The rulesets, one package each. They register through `ENTRY` in their package; the registry
that finds them is mythtable/engine/registry.py."""
