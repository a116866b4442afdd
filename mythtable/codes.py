"""Share codes: a built deck, party or encounter as one line of text to paste into a chat, and a game's
record as text a remote player can take away.

    MT1.<base64url of zlib of the canonical JSON>          a deck, party or encounter
    MTR1.<base64url of zlib of the record's compact JSON>  a game record (`mythtable saves import-code`)

The JSON is `{"d": data, "k": kind, "n": name, "r": ruleset id}` with sorted keys and no spaces
(userfiles.canonical_json), so the same thing always gives the same code. "MT1" is the format and
its version: a later format gets a new prefix and this one stays readable. Reading a code trusts
nothing: its length, the inflated size, the JSON's shape and then the ruleset's own checks (the same
as for a file) are all checked before anything is written, and each failure is one clear sentence.
A record code is checked as a record file is (engine/record_schema.parse_record) before it is saved.

Why records have a code: a player on `serve ssh` may name no path on the server (issue 29), so the Continue
and Replays screens show the record as a code to copy instead of writing it anywhere; a finished game's code
is a few kilobytes, about forty lines of an 80-column terminal.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import TYPE_CHECKING, Any

from mythtable.engine.built import KIND_TABLES, name_problem
from mythtable.engine.registry import available
from mythtable.userfiles import BuiltFile, UserFileError, canonical_json, kinds

if TYPE_CHECKING:
    from mythtable.engine.record_schema import GameRecord

PREFIX = "MT1."
MAX_CODE_CHARS = 20_000
"""A 40-card deck is about 400 characters; a party of four about 1,500."""
MAX_JSON_BYTES = 100_000
"""What a code may inflate to: a code of a few kilobytes cannot unpack into gigabytes."""
RECORD_PREFIX = "MTR1."
MAX_RECORD_CODE_CHARS = 4_000_000
"""A record of the largest size read (engine.record.MAX_RECORD_BYTES, 8 MB) compresses to far less."""


class CodeError(UserFileError):
    """A share code that cannot be read; the message says why, in one sentence."""


def _pack(prefix: str, text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return prefix + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _unpack(code: str, prefix: str, max_chars: int, max_bytes: int, what: str) -> bytes:
    """The inflated bytes of a code with `prefix`, checked for length and size; CodeError otherwise."""
    text = "".join(code.split())  # a chat (or a terminal) may wrap a long code over lines
    if len(text) > max_chars:
        raise CodeError(f"the code is {len(text)} characters long; {what} has at most {max_chars}")
    if not text.startswith(prefix):
        if text[:2].upper() == "MT" and "." in text[:8]:
            raise CodeError(f"this code is of another kind ({text.split('.', 1)[0]}); {what} starts with {prefix}")
        raise CodeError(f"not a mythtable code ({what} starts with {prefix})")
    body = text[len(prefix) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise CodeError("the code is damaged (it holds characters a code never has)") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, max_bytes + 1)
    except zlib.error:
        raise CodeError("the code is damaged (cut short, or changed while copying)") from None
    if len(raw) > max_bytes or inflater.unconsumed_tail:
        raise CodeError(f"the code unpacks to more than {max_bytes} bytes; {what} is never so big")
    if not inflater.eof:
        raise CodeError("the code is cut short (copy all of it)")
    return raw


def encode(found: BuiltFile) -> str:
    """The share code of a built thing that can be played."""
    if not found.ok or found.data is None:
        raise CodeError(f"{found.path}: {found.problems[0]}; mend it before sharing it")
    payload = {"d": found.data, "k": found.kind, "n": found.name, "r": found.ruleset}
    return _pack(PREFIX, canonical_json(payload))


def decode(code: str) -> tuple[str, str, str, dict[str, Any]]:
    """(ruleset id, kind, name, data) of a code; CodeError for anything that is not a good code.
    The data still has to pass the ruleset's checks (userfiles.save does that)."""
    raw = _unpack(code, PREFIX, MAX_CODE_CHARS, MAX_JSON_BYTES, "a share code")
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # ValueError: bad JSON, or a number over 4,300 digits
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


def encode_record(text: str) -> str:
    """A game record's text (as saved) as a code: its JSON made compact, then packed like a share code."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise CodeError("the record is not readable JSON") from None
    return _pack(RECORD_PREFIX, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def decode_record(code: str) -> GameRecord:
    """The record in a record code, checked as a record file is; CodeError (one sentence) for anything else."""
    from mythtable.engine.errors import RecordError
    from mythtable.engine.record import MAX_RECORD_BYTES
    from mythtable.engine.record_schema import parse_record

    raw = _unpack(code, RECORD_PREFIX, MAX_RECORD_CODE_CHARS, MAX_RECORD_BYTES, "a record code")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError("the code is damaged (its contents are not readable)") from None
    try:
        return parse_record(text, "the code")
    except RecordError as exc:
        raise CodeError(str(exc)) from None
