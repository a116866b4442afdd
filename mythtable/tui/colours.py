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
