"""`--authorized-keys FILE`: who may log in, and what their session may do, as OpenSSH reads the file.

asyncssh parses each line (keys, quoting, `from=` patterns); this module decides what the options mean for a
server whose only service is the game, line by line, as sshd(8) does:

- `from="pattern-list"`: the key is accepted only from a matching address (asyncssh's matcher);
- `expiry-time="YYYYMMDD[HHMM[SS]][Z]"`: the key is refused from that time on (local time, or UTC with Z);
- `restrict` and `no-pty`: no pty, so no game: the session is refused, saying why (`restrict,pty` allows the
  game: `pty` allows a pty again after `restrict`);
- `command="..."`: the key may only run that command, and this server runs none: the session is refused;
- `no-port-forwarding`, `no-agent-forwarding`, `no-X11-forwarding`, `no-user-rc`, `permitopen=`,
  `permitlisten=`, `port-forwarding`, `agent-forwarding`, `X11-forwarding`, `user-rc`: accepted, as the server
  offers none of these to anyone.

Any other option (`environment=`, `cert-authority`, `principals=`, `tunnel=`, `no-touch-required`,
`verify-required`, a misspelt name), and any line that is not a key this server can read, stops the server at
start-up with a line naming it: silently ignoring them (issue 29: `expiry-time="20200101",restrict` logged in
and played) would grant more than the file says. Option names are matched whatever their case, as OpenSSH does,
but the honoured ones must be written in lower case (asyncssh reads `from=` and `command=` only so; a start-up
line says so). A key may appear on several lines: the first line whose key matches and whose `from=` and
`expiry-time` allow it decides, as in sshd.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mythtable.engine.errors import MythtableError

if TYPE_CHECKING:
    from mythtable.serve.libraries import asyncssh

ALREADY_SO = frozenset(
    {
        "no-port-forwarding",
        "no-agent-forwarding",
        "no-x11-forwarding",
        "no-user-rc",
        "permitopen",
        "permitlisten",
        "port-forwarding",
        "agent-forwarding",
        "x11-forwarding",
        "user-rc",
    }
)
"""Options about what this server never offers: nothing to do."""
HONOURED = frozenset({"from", "expiry-time", "restrict", "no-pty", "pty", "command"})
WHY_NOT: dict[str, str] = {
    "environment": "the games run with a clean environment, so environment= cannot be honoured",
    "cert-authority": "this server does not accept certificates",
    "principals": "this server does not accept certificates",
    "tunnel": "this server offers no tunnels",
    "no-touch-required": "security-key options are not supported here",
    "verify-required": "security-key options are not supported here",
}
_EXPIRY = re.compile(r"^(\d{8})(\d{4})?(\d{2})?(Z?)$")


@dataclass(frozen=True)
class KeyPolicy:
    """What one line of the file allows."""

    line: int
    expires: datetime | None = None
    pty: bool = True
    command: str | None = None

    def expired(self, now: datetime) -> bool:
        return self.expires is not None and now >= self.expires

    def session_refusal(self) -> str | None:
        """Why this key gets no game (the player is told), or None."""
        if self.command is not None:
            return (
                f"this key may only run a command of its own (command= in authorized_keys, line {self.line}), "
                "and this server runs only the game"
            )
        if not self.pty:
            return (
                f"this key may not open a terminal (no-pty or restrict in authorized_keys, line {self.line}), "
                "and the game needs one"
            )
        return None


class AuthorizedKeys:
    """The file, line by line: `match` finds the policy of a key logging in from an address."""

    def __init__(self, path: Path, entries: list[tuple[asyncssh.SSHAuthorizedKeys, KeyPolicy]]) -> None:
        self.path = path
        self.entries = entries

    def __len__(self) -> int:
        return len(self.entries)

    def match(self, key: asyncssh.SSHKey, address: str, now: datetime | None = None) -> tuple[KeyPolicy | None, str]:
        """(the policy of the first line that lets this key in from `address`, None if none does; and, when none
        does but a line names the key, why: "expired", "from")."""
        now = now or datetime.now(UTC)
        why = ""
        for keys, policy in self.entries:
            entry = keys._user_entries[0]  # one line, one entry (parse_line checks it)
            if entry.key != key:
                continue
            if keys.validate(key, address, address) is None:
                why = why or "from"
                continue
            if policy.expired(now):
                why = why or "expired"
                continue
            return policy, ""
        return None, why


def parse_expiry(text: str) -> datetime:
    """OpenSSH's expiry-time: YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, local time unless it ends in Z."""
    match = _EXPIRY.match(text.strip())
    if match is None:
        raise ValueError(f"expiry-time {text!r} is not YYYYMMDD[HHMM[SS]][Z]")
    day, hours, seconds, utc = match.groups()
    stamp = datetime.strptime(day + (hours or "0000") + (seconds or "00"), "%Y%m%d%H%M%S")
    if utc:
        return stamp.replace(tzinfo=UTC)
    return datetime.fromtimestamp(time.mktime(stamp.timetuple()), UTC)  # the local time it names


def _values(options: dict[str, Any], name: str) -> list[str]:
    value = options.get(name)
    if isinstance(value, list):
        return [str(v) for v in value]
    return [] if value is None else [str(value)]


def policy_of(number: int, options: dict[str, Any]) -> KeyPolicy:
    """The policy of one line's options; ValueError naming the first option the server cannot honour."""
    names = {name.lower(): name for name in options}
    for lower, name in names.items():
        if lower in HONOURED or lower in ALREADY_SO:
            if lower in HONOURED and name != lower:  # asyncssh reads only lower-case from= and command=
                raise ValueError(f"write the option {name!r} in lower case")
            continue
        raise ValueError(f"option {name!r}: {WHY_NOT.get(lower, 'not an option this server knows')}")
    expiries = [parse_expiry(text) for text in _values(options, "expiry-time")]
    restricted = "restrict" in options
    pty = ("pty" in options or not restricted) and "no-pty" not in options
    command = options.get("command")
    return KeyPolicy(number, min(expiries) if expiries else None, pty, str(command) if command is not None else None)


def parse_line(number: int, line: str) -> tuple[asyncssh.SSHAuthorizedKeys, KeyPolicy]:
    from mythtable.serve.libraries import asyncssh

    try:
        keys = asyncssh.import_authorized_keys(line)
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise ValueError(f"not a key this server can read ({exc})") from None
    if keys._ca_entries:
        raise ValueError(f"option 'cert-authority': {WHY_NOT['cert-authority']}")
    if keys._x509_entries or len(keys._user_entries) != 1:
        raise ValueError("not a plain public key (X.509 certificates are not accepted)")
    return keys, policy_of(number, dict(keys._user_entries[0].options))


def read_authorized_keys(path: Path) -> AuthorizedKeys:
    """Every key line of the file with its policy; MythtableError naming the file and line of the first one the
    server cannot honour (or if there is no key at all: nobody could log in)."""
    path = path.expanduser()
    if not path.is_file():
        raise MythtableError(f"the authorized keys file {path} does not exist")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MythtableError(f"cannot read the authorized keys file {path}: {exc}") from None
    entries = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            entries.append(parse_line(number, line))
        except ValueError as exc:
            raise MythtableError(f"{path}, line {number}: {exc}; mend or remove the line") from None
    if not entries:
        raise MythtableError(f"the authorized keys file {path} holds no keys")
    return AuthorizedKeys(path, entries)
