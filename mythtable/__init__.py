"""mythtable: hot-seat tabletop games for the terminal."""

__version__ = "0.1.0"
