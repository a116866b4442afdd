"""What one seat's screen needs from a game, free of any UI (the seat seam of issues 31 and 32)."""
