"""Hostile input: fuzzed records and saves, broken content, key mashing, state-machine tests."""
