"""Share codes: a built deck, party or encounter as one line of text to paste into a chat.

    MT1.<base64url of zlib of the canonical JSON>

The JSON is `{"d": data, "k": kind, "n": name, "r": ruleset id}` with sorted keys and no spaces
(userfiles.canonical_json), so the same thing always gives the same code. "MT1" is the format and
its version: a later format gets a new prefix and this one stays readable. Reading a code trusts
nothing: its length, the inflated size, the JSON's shape and then the ruleset's own checks (the same
as for a file) are all checked before anything is written, and each failure is one clear sentence.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from mythtable.engine.built import KIND_TABLES, name_problem
from mythtable.engine.registry import available
from mythtable.userfiles import BuiltFile, UserFileError, canonical_json, kinds

PREFIX = "MT1."
MAX_CODE_CHARS = 20_000
"""A 40-card deck is about 400 characters; a party of four about 1,500."""
MAX_JSON_BYTES = 100_000
"""What a code may inflate to: a code of a few kilobytes cannot unpack into gigabytes."""


class CodeError(UserFileError):
    """A share code that cannot be read; the message says why, in one sentence."""


def encode(found: BuiltFile) -> str:
    """The share code of a built thing that can be played."""
    if not found.ok or found.data is None:
        raise CodeError(f"{found.path}: {found.problems[0]}; mend it before sharing it")
    payload = {"d": found.data, "k": found.kind, "n": found.name, "r": found.ruleset}
    packed = zlib.compress(canonical_json(payload).encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> tuple[str, str, str, dict[str, Any]]:
    """(ruleset id, kind, name, data) of a code; CodeError for anything that is not a good code.
    The data still has to pass the ruleset's checks (userfiles.save does that)."""
    text = "".join(code.split())  # a chat may wrap a long code over lines
    if len(text) > MAX_CODE_CHARS:
        raise CodeError(f"the code is {len(text)} characters long; a share code has at most {MAX_CODE_CHARS}")
    if not text.startswith(PREFIX):
        if text[:2].upper() == "MT" and "." in text[:8]:
            raise CodeError(f"this code is of another format ({text.split('.', 1)[0]}); this mythtable reads MT1")
        raise CodeError(f"not a mythtable share code (one starts with {PREFIX})")
    body = text[len(PREFIX) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise CodeError("the code is damaged (it holds characters a share code never has)") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise CodeError("the code is damaged (cut short, or changed while copying)") from None
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise CodeError(f"the code unpacks to more than {MAX_JSON_BYTES} bytes; no deck, party or encounter is so big")
    if not inflater.eof:
        raise CodeError("the code is cut short (copy all of it)")
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise CodeError("the code is damaged (its contents are not readable)") from None
    if not isinstance(payload, dict) or set(payload) != {"d", "k", "n", "r"}:
        raise CodeError("the code holds something other than a deck, party or encounter")
    rid, kind, name, data = payload["r"], payload["k"], payload["n"], payload["d"]
    if not isinstance(kind, str) or kind not in KIND_TABLES:
        raise CodeError("the code names an unknown kind of thing")
    if not isinstance(rid, str) or rid not in available() or kind not in kinds(rid):
        raise CodeError(f"the code is for a ruleset this mythtable does not have ({str(rid)[:40]!r})")
    if not isinstance(name, str) or name_problem(name) is not None:
        raise CodeError("the code's name is not a name mythtable writes")
    if not isinstance(data, dict):
        raise CodeError(f"the code holds no {KIND_TABLES[kind]}")
    return rid, kind, name, data
