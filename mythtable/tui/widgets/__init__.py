"""Widgets shared by every ruleset's game screen."""
