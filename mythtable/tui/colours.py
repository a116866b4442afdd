"""Colours the Python code draws with (Rich styles), named in one place.

The stylesheet (tui/app.tcss) takes its colours from the Textual theme ($accent, $panel, ...); these are
the exact colours that Rich text needs where no theme variable reaches (label tags drawn inside a
renderable). Change one here and every place that draws it follows."""

from __future__ import annotations

# Mage Wars: the tags in front of a side's lines (white text on these)
MW_OFFENSIVE_LINE = "#7a2a2a"
"""Dark red: the Offensive Line, where attackers stand."""
MW_DEFENSIVE_LINE = "#2a4a7a"
"""Dark blue: the Defensive Line, where blockers stand."""
MW_TOWER_ROW = "#4a4a4a"
"""Grey: the Tower row (the Tower and its holdings)."""
MW_GRAVEYARD = "#303030"
"""Darker grey: the graveyard."""

# MythCraft: the map, its tokens and the panels beside it
HERO_STYLE = "bold white on #1f4f8f"
"""A hero's token."""
CREATURE_STYLE = "bold white on #8f2f2f"
"""A creature's token."""
HERO_STYLE_ALT = "bold white on #3068b0"
"""A hero's token, every other one (two side by side stay apart)."""
CREATURE_STYLE_ALT = "bold white on #b04848"
"""A creature's token, every other one."""
DYING_STYLE = "bold #ff8080 on #3a1f1f"
"""A dying hero's token."""
ACTIVE_STYLE = "bold black on #e8c547"
"""The token of whoever acts now."""
FOCUS_STYLE = "bold white on #a040b0"
"""The token the highlighted option is about."""
CURSOR_STYLE = "bold black on #f0f0f0"
"""The map cursor."""
MOVE_BG = "#1e3f27"
"""A square a move can reach."""
MOVE_BG_NEW = "#16301e"
"""A reachable square, every other one."""
WALL_STYLE = "#7a7a7a on #4a4a4a"
"""A wall."""
RUBBLE_STYLE = "#b09060"
"""Difficult ground."""
ITEM_STYLE = "bold #f0d060"
"""An item on the ground."""
FLOOR_STYLE = "#5a5a5a"
"""Open floor."""
REACH_STYLE = "#e06060"
"""A square inside a weapon's reach."""
FRESH_COLOUR = "#5fd75f"
"""Action Points still to spend; a hero above half HP."""
CARRIED_COLOUR = "#5fafd7"
"""Reactive AP carried over."""
SPECIAL_COLOUR = {"rage": "#ff5f5f", "support": "#ffd75f"}
"""Special AP by kind."""

MAP_LABEL = "#8a8a8a"
"""The map's row and column numbers."""
MAP_LABEL_ALT = "#5f87af"
"""Every other column number."""
MAP_LABEL_FOCUS = "bold #e060f0"
"""The row and column of the square the highlighted option is about."""
BLOODIED_COLOUR = "#ffaf00"
"""Bloodied (at or below half HP)."""
TURN_MARK_STYLE = "bold #e8c547"
"""The initiative track's mark of whoever acts now."""
DYING_TEXT = "bold #ff8080"
"""A dying hero's name in the track."""
CREATURE_TEXT = "#e0a0a0"
"""A creature's name and attacks in the panels."""
SPELL_POINTS_COLOUR = "#af87ff"
"""Spell points."""

# ----- MythCraft map overlays (issue 17) -----

AREA_BG = "#5a2030"
"""The background of the squares a highlighted area spell would fill."""
RANGE_STYLE = "#8f6f9f"
"""The dots of the squares a highlighted spell or ranged attack can reach."""
ENGAGED_STYLE = "bold #ff5050"
"""The mark of a square whose move leaves a hostile's reach (an Engaged strike, F-24)."""
FREE_MOVE_BG = "#2f6b3a"
"""A square the current Move still reaches for 0 AP (brighter than one that needs a new Move's 1 AP)."""
MARKED_STYLE = "bold white on #b03070"
"""A token the last moves changed (Board.mark_changed), until the next decision."""

# ----- the encounter builder's map (tui/widgets/map_editor.py, issue 18) -----

MAP_PROBLEM_STYLE = "bold white on #b00000"
"""A square the encounter's check names: a mark the map cannot use, an item in a wall."""
