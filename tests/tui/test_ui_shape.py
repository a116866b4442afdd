"""The UI's shape (issue 13 item 4): screens ask the app by message, one stylesheet, colours named once."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from textual.screen import Screen

import mythtable.tui.screens
from mythtable.tui.app import STYLESHEET, MythtableApp

TUI = Path(mythtable.tui.screens.__file__).parent.parent


def sources() -> list[Path]:
    """The UI's Python files but colours.py."""
    return [p for p in TUI.rglob("*.py") if p.name != "colours.py"]


def test_no_screen_calls_the_app_behind_the_type_checker() -> None:
    offenders = [
        f"{p.relative_to(TUI)}:{n}"
        for p in sources()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "self.app." in line and "type: ignore" in line
    ]
    assert offenders == []


def test_screens_keep_no_css_of_their_own_and_the_app_loads_the_stylesheet() -> None:
    assert MythtableApp.CSS_PATH == STYLESHEET and STYLESHEET.is_file()
    assert STYLESHEET.parent == TUI, "inside the package, so the wheel ships it"
    for info in pkgutil.iter_modules(mythtable.tui.screens.__path__):
        module = importlib.import_module(f"mythtable.tui.screens.{info.name}")
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == module.__name__:
                assert "DEFAULT_CSS" not in vars(cls), f"{cls.__name__}: its CSS belongs in app.tcss"
                assert cls.__name__ in STYLESHEET.read_text(encoding="utf-8")


def test_hex_colours_are_named_in_one_module() -> None:
    hex_colour = re.compile(r"#[0-9a-fA-F]{6}\b")
    offenders = [str(p.relative_to(TUI)) for p in sources() if hex_colour.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
