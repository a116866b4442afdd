"""The messages between a table host and the seats' game processes: pydantic models, one JSON object a line.

A seat (or a watcher) sends small messages, each at most MAX_CLIENT_LINE bytes; the host answers with frames
(what that connection may see now) and refusals. Anything that does not parse as exactly one of the models below
is refused. The host builds every frame from the ruleset's view for the seat it goes to (frames.py), so nothing
here can carry a hidden card to a seat that may not see it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_CLIENT_LINE = 4096
"""The longest line a seat or watcher may send (a chat line is far shorter): longer ones are refused."""
MAX_HOST_LINE = 16 * 1024 * 1024
"""The longest frame a client reads (a whole view and log)."""
MAX_CHAT = 200
"""Characters of one chat line."""
CLOCK_RANGE = (10, 3600)
"""Seconds a table's clock may give each decision (`open ... --clock 90`)."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----- from a seat or a watcher to the host -----------------------------------------------------


class Hello(_Message):
    """The first message: the one-time ticket the server put in the process's environment."""

    type: Literal["hello"] = "hello"
    ticket: str = Field(max_length=64)


class Choose(_Message):
    """Action `index` of the decision numbered `decision` (its DecisionData.id): an index into the decision's
    actions, as the seat seam's SeatOption.index; a stale decision is refused."""

    type: Literal["choose"] = "choose"
    decision: int = Field(ge=0)
    index: int = Field(ge=0, lt=10_000)


class TakeBack(_Message):
    """Ask the other seat to let this seat take back its last move."""

    type: Literal["take_back"] = "take_back"


class Answer(_Message):
    """Accept or decline the other seat's take-back request."""

    type: Literal["answer"] = "answer"
    accept: bool


class Chat(_Message):
    type: Literal["chat"] = "chat"
    text: str = Field(max_length=MAX_CHAT * 4)


class Absent(_Message):
    """What to do about the other seat while it is disconnected: wait, hand it to the computer, or end."""

    type: Literal["absent"] = "absent"
    choice: Literal["wait", "computer", "end"]


class Watchers(_Message):
    """The opener opens or closes the table to watchers."""

    type: Literal["watchers"] = "watchers"
    allow: bool


class Inspect(_Message):
    """Send this seat a frame with what it may inspect and the texts (costly for some rulesets: on request)."""

    type: Literal["inspect"] = "inspect"


AutoPassKey = Literal["full", "turn", "combat"]
AUTOPASS_KEYS: tuple[AutoPassKey, ...] = ("full", "turn", "combat")


class AutoPass(_Message):
    """This seat's auto-pass keys, as at one keyboard: full control on/off ("full"), pass until my turn ("turn"),
    or until the end of this combat ("combat")."""

    type: Literal["autopass"] = "autopass"
    kind: AutoPassKey


class Leave(_Message):
    type: Literal["leave"] = "leave"


class _TableAsk(_Message):
    """What asking for a table names, from another server (Control) or a title screen (Lobby): a table by code
    (and a seat token), or one to open (ruleset, seed, players, setup options)."""

    code: str | None = Field(default=None, max_length=16)
    token: str | None = Field(default=None, max_length=64)
    ruleset: str | None = Field(default=None, max_length=40)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    players: list[str] = Field(default_factory=list, max_length=2)
    options: dict[str, str] = Field(default_factory=dict, max_length=40)


class Control(_TableAsk):
    """A server (`serve web`, say) asking the host of another: list its tables, open one, or get a seat's or
    a watcher's ticket. Only a process that can read the host's control key (a 0600 file in its 0700
    folder: the servers of this account, not their games) can say it."""

    type: Literal["control"] = "control"
    key: str = Field(max_length=128)
    action: Literal["list", "open", "join", "watch", "lobby"]
    identity: str = Field(default="anonymous", max_length=80)
    address: str = Field(default="?", max_length=80)
    """For "lobby": where the player connects from (join-by-code limits count per address)."""
    clock: int | None = Field(default=None, ge=CLOCK_RANGE[0], le=CLOCK_RANGE[1])
    """Seconds per decision (open only); None: no clock."""


SeatKind = Literal["me", "terminal", "keyboard", "computer"]
"""Who plays a seat of a table opened from the title screen: the opener, a player at another terminal, a
second player at the opener's keyboard, or the computer."""


class Lobby(_TableAsk):
    """A title screen's request on its lobby connection (one made with a lobby ticket): list the tables, open
    one, get a seat's or a watcher's ticket, or close a table this connection opened before anyone played."""

    type: Literal["lobby"] = "lobby"
    action: Literal["list", "open", "join", "watch", "close"]
    seats: list[SeatKind] = Field(default_factory=list, max_length=2)


ClientMessage = Annotated[
    Hello | Choose | TakeBack | Answer | Chat | Absent | Watchers | Inspect | AutoPass | Leave | Control | Lobby,
    Field(discriminator="type"),
]
_CLIENT = TypeAdapter(ClientMessage)


def parse_client_line(line: bytes) -> ClientMessage:
    """One line from a seat as a message; ValueError (one line, no echo of the input) when it is none."""
    if len(line) > MAX_CLIENT_LINE:
        raise ValueError(f"message over {MAX_CLIENT_LINE} bytes")
    try:
        return _CLIENT.validate_json(line)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "message"
        raise ValueError(f"not a table message ({where}: {first.get('type', 'invalid')})") from None


# ----- from the host to a seat or a watcher ---------------------------------------------------------


class OptionData(_Message):
    index: int
    """Its place in the decision's actions (what Choose names)."""
    label: str
    subject: dict[str, Any]
    copies: int = 1


class DecisionData(_Message):
    id: int
    """What a Choose names as its `decision`."""
    seat: int
    kind: str
    prompt: str
    options: list[OptionData]


class LogData(_Message):
    step: int
    text: str
    kind: str
    seat: int | None = None
    reveals: bool = False
    """New information came to light here (a take-back stops there): the seat's log line says so too."""


class TalkData(_Message):
    """A line of the table's talk: a player's chat line or a table notice ("Ana declines the take-back.")."""

    step: int
    """Moves made when it was said: the log shows it after that step's lines."""
    text: str
    """Already one clean line (the speaker's name first for chat); still data, never markup."""
    said: bool = False
    """A player's chat line (muted with `m`), not a table notice."""


class Frame(_Message):
    """What one connection may see now. `decision` is set only for the seat that must answer it."""

    type: Literal["frame"] = "frame"
    code: str
    ruleset: str
    seat: int | None
    names: list[str]
    version: int
    moves: int
    """Moves made (and taken back): the number a new decision takes."""
    view: Any
    decision: DecisionData | None
    choosing: str
    """"Bram is choosing blockers..." for everyone but the chooser; "" when the game is over."""
    log: list[LogData]
    """This connection's log lines from `log_start` on: the ones before it were sent in earlier frames, and the
    client keeps them (TableClient.receive puts the whole log back together), so a move costs the lines it added,
    not the whole game again."""
    log_start: int = 0
    """Lines of this connection's log left out of `log` (0: `log` is whole, as after a take-back or on arrival)."""
    chat: list[str]
    result: str | None
    watchers: int
    watchable: bool
    status: list[str]
    """Table lines: "Bram disconnected, waiting 9:41", "Ana asks to take back a move (y/n)"."""
    asks_take_back: bool = False
    """The other seat asked to take back a move: this seat answers (Answer)."""
    absent: bool = False
    """The other seat is gone: this seat may answer Absent."""
    token: str | None = None
    """The seat token, in the first frame of a seat whose holder has no key (to get the seat back)."""
    talk: list[TalkData] = Field(default_factory=list)
    """The chat and the table's notices with where each sits in the log (`chat` holds their texts)."""
    opener: bool = False
    """This seat opened the table: it may open or close it to watchers (Watchers)."""
    clock: int | None = None
    """Seconds each decision may take at this table (None: no clock)."""
    clock_left: float | None = None
    """Seconds left for the open decision when this frame was built (None: no clock running now)."""
    seat_frame: dict[str, Any] | None = None
    """The seat seam's SeatFrame (mythtable/play/seat.py) as JSON data, less its view (`view` above): what
    the TUI's remote seat draws (tables/remote_seat.py)."""
    inspect: list[Any] = Field(default_factory=list)
    """[InspectTarget, Inspection or None] pairs this seat may read, in the frame that answers its Inspect
    (none for a watcher)."""
    autopass: str = ""
    """This seat's own auto-pass settings in words ("passing until your turn"; "" for the defaults)."""
    seats: list[str] = Field(default_factory=list)
    """Each seat's state: "here", "away", "free" (waiting for a player) or "computer" (a table screen lists
    who has joined)."""
    summary: dict[str, Any] | None = None
    """Once the game is over: its counts and deciding lines (engine/summary.py, read from public lines only), for
    the result screen."""
    away_from: int | None = None
    """Moves made when this seat's last connection went away (None: it has not been away): a player back at the
    seat reads what happened since then in its recap."""
    saved: str | None = None
    """Once the game is over: where this seat's copy of it is, inside its player's own folder ("saves/NAME.json");
    None when the player has no folder on the server (no key) or the copy is not made yet."""


class Refused(_Message):
    type: Literal["refused"] = "refused"
    reason: str


class Closed(_Message):
    """The table closed (or this connection was let go): the last message."""

    type: Literal["closed"] = "closed"
    reason: str


class ControlReply(_Message):
    type: Literal["control_reply"] = "control_reply"
    ticket: str | None = None
    code: str | None = None
    lines: list[str] = Field(default_factory=list)
    refused: str | None = None


class TableInfo(_Message):
    """One open table as a lobby lists it."""

    code: str
    ruleset: str
    title: str
    names: list[str]
    free: bool
    """A seat waits for a player."""
    yours: bool = False
    """A seat is held for the player asking and nobody sits at it now: the table is theirs to go back to."""
    watchable: bool
    watchers: int
    moves: int


class LobbyReply(_Message):
    """The answer to a Lobby request: the tickets of the seats this terminal takes (one, or two for a table
    played at this keyboard), a watcher's ticket, the table list, or why not (one line)."""

    type: Literal["lobby_reply"] = "lobby_reply"
    tickets: list[str] = Field(default_factory=list)
    code: str | None = None
    tables: list[TableInfo] = Field(default_factory=list)
    refused: str | None = None


HostMessage = Annotated[Frame | Refused | Closed | ControlReply | LobbyReply, Field(discriminator="type")]
_HOST = TypeAdapter(HostMessage)


def parse_host_line(line: bytes) -> HostMessage:
    return _HOST.validate_json(line)


def encode(message: BaseModel) -> bytes:
    return message.model_dump_json().encode() + b"\n"
