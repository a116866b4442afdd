"""Table codes and secrets: short, random from `secrets`, in an alphabet a player cannot misread.

A code is CODE_LENGTH characters of CODE_ALPHABET (no 0/O, 1/I/L, no vowels-as-digits confusion): 31**5, about
28.6 million codes. With MAX_TABLES tables open, a blind guess hits one in 28.6e6 / MAX_TABLES tries; the join
rate limits (host.JoinLimits) allow a few guesses a minute per connection and per address, so a hit by guessing
takes months from one address (see `guesses_for_a_hit`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 5
TOKEN_BYTES = 9
"""A seat token (for password and web players to get their seat back) and a ticket: 72 random bits."""


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh table code not in `taken`."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text: str) -> str | None:
    """What a player typed as a code, upper-cased, with the look-alikes read as meant (O->0 is not in
    the alphabet, so o/O are refused); None when it cannot be a code."""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
"""What a seat token is made of (URL-safe base64)."""
CODE_TOKEN_HELP = "Type the code; the seat token goes in its own box (or CODE TOKEN)."


def code_and_token(text: str) -> tuple[str, str | None] | str:
    """What a player typed as a table code: the code alone, or the code and a seat token after a space or a
    hyphen (as `join CODE TOKEN` takes them); else why not, in one line."""
    text = text.strip()
    code = normal_code(text[:CODE_LENGTH])
    rest = text[CODE_LENGTH:]
    if code is None or (rest and rest[0] not in " -"):
        return f"A table code is {CODE_LENGTH} characters of {CODE_ALPHABET}."
    if not rest:
        return code, None
    token = rest[1:].strip()
    if not token or len(token) > 64 or any(c not in TOKEN_CHARS for c in token):
        return CODE_TOKEN_HELP
    return code, token


def new_token() -> str:
    """A seat token or a one-time ticket: URL-safe text from `secrets`."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the host keeps of a seat token (the autosave never holds the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, digest: str) -> bool:
    return hmac.compare_digest(token_digest(token), digest)


def guesses_for_a_hit(open_tables: int) -> float:
    """Expected blind guesses before one names an open table."""
    return float(len(CODE_ALPHABET) ** CODE_LENGTH) / max(1, open_tables)
