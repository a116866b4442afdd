"""Text that comes from players, records, saves and content: cleaned before anyone shows it.

Two rules, kept here so the command line, the new-game form, record reading and the screens
agree (the engine never imports textual, so the UI's markup side lives in tui/safe_text.py):

- `clean_text` drops what a terminal would obey instead of print: escape sequences (a window
  title, the clipboard), C0 and C1 control characters and DEL, and the bidi controls that
  reorder what follows them. Newlines stay where asked for; tabs become spaces.
- Player names are at most MAX_NAME_LENGTH characters. What a person types is cleaned first
  (`clean_name`, which also drops zero-width characters); a record or save holds names exactly
  as mythtable wrote them, so one that breaks the rule is refused (`name_problem`).
"""

from __future__ import annotations

import re

MAX_NAME_LENGTH = 32
"""The longest player name, in characters: the board, curtain and status line show it whole."""

_ESCAPE_SEQUENCE = re.compile(
    r"""
    (?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?      # OSC: title, clipboard, hyperlink
    | (?:\x1b[P^_X]|[\x90\x9e\x9f\x98])[^\x1b\x9c]*(?:\x1b\\|\x9c)?  # DCS, PM, APC, SOS strings
    | (?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?                       # CSI: colours, cursor moves, clears
    | \x1b[ -/]*[0-~]?                                        # any other escape sequence
    """,
    re.VERBOSE,
)
"""A whole escape sequence, so that none of it is left to print (an unfinished one runs to the end)."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks, embeddings, overrides and isolates: they reorder the text around them on screen."""

_CONTROLS: dict[int, str | None] = {c: None for c in (*range(0x00, 0x20), *range(0x7F, 0xA0))}
_CONTROLS.update({ord(c): None for c in BIDI_CONTROLS})
_CONTROLS[ord("\t")] = " "
_CONTROLS[0x2028] = " "  # line and paragraph separators: some terminals break the line there
_CONTROLS[0x2029] = " "
_TEXT = {**_CONTROLS, ord("\n"): "\n", 0x2028: "\n", 0x2029: "\n"}
_LINE = {**_CONTROLS, ord("\n"): " "}

ZERO_WIDTH = frozenset("\u00ad\u180e\u200b\u2060\u2061\u2062\u2063\u2064\ufeff\u115f\u1160\u3164\uffa0")
"""Characters that take no room (or look blank): a name of them alone looks empty, two names that
differ only by them look the same. Joiners (U+200C, U+200D) stay: scripts and emoji need them."""
_NAME = {**_LINE, **{ord(c): None for c in ZERO_WIDTH}}

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "\u2028\u2029]")
_UNSAFE_IN_NAME = re.compile(_UNSAFE.pattern[:-1] + "".join(sorted(ZERO_WIDTH)) + "]")


def clean_text(text: str, newlines: bool = True) -> str:
    """`text` with escape sequences and control characters gone; newlines kept, or made spaces."""
    if _UNSAFE.search(text) is None:
        return text  # the usual case: nothing to copy
    return _ESCAPE_SEQUENCE.sub("", text).translate(_TEXT if newlines else _LINE)


def clean_name(text: str) -> str:
    """A typed name as it will be shown: cleaned, zero-width characters gone, spaces collapsed."""
    text = _ESCAPE_SEQUENCE.sub("", text).translate(_NAME)
    return " ".join(text.split())


def name_problem(name: str) -> str | None:
    """What is wrong with a name as it would be stored, in words that fit after "player 1's name"."""
    if _UNSAFE_IN_NAME.search(name):
        return "holds control or invisible characters (escape sequences, say), which mythtable never writes"
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"is {len(name)} characters long; a name may have at most {MAX_NAME_LENGTH}"
    return None


def same_names_problem(names: list[str]) -> str | None:
    """Two players called alike ("Ana" and "ana ") cannot be told apart in the log or on the curtain."""
    if len(names) == 2 and " ".join(names[0].split()).casefold() == " ".join(names[1].split()).casefold():
        return f"both players are called {names[0].strip()!r}: the two players need different names"
    return None


def one_line(text: str, limit: int = 300) -> str:
    """A message fit for one line: cleaned, newlines made spaces, cut at `limit` characters with "…"."""
    text = clean_text(text, newlines=False)
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def only_keywords(text: str, words: tuple[str, ...] | list[str]) -> bool:
    """True when a card's text just names its keywords ("Lightning. Celerity."), which the line shows
    already: saying them twice ("Celerity — Celerity.") reads like a mistake. The inspect panel has the rules."""
    said = {part.strip() for part in text.replace(".", ",").split(",") if part.strip()}
    return bool(said) and said <= set(words)


def counted(n: int, word: str) -> str:
    """ "1 unit", "3 units": a count with its noun in the right number (regular plurals only)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
