"""The ruleset-free core: decisions, actions, dice, records and the game loop.

Nothing in this package imports textual; the terminal UI sits on top of it.
"""
