"""The Textual terminal UI. It renders per-seat views and applies only legal actions."""
