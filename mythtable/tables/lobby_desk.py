"""What a title screen's lobby connection may ask of the table host: the open tables, and to open, close, join
or watch one. Every request is checked against the connection: its player holds the seats it opens or joins,
its wrong codes count against it (and its address), and it closes only a table it opened before anyone played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythtable.tables.codes import CODE_ALPHABET, CODE_LENGTH, normal_code
from mythtable.tables.host_types import Connection, TableRefusal
from mythtable.tables.join_limits import CodeTries
from mythtable.tables.protocol import Lobby, LobbyReply, TableInfo
from mythtable.tables.setup_check import SetupRefused, checked_setup
from mythtable.tables.table import COMPUTER, Table

if TYPE_CHECKING:
    from mythtable.tables.host import TableHost

TABLES_PER_LOBBY = 3
"""Tables one title screen may have open at once (one player cannot fill the server's --max-tables)."""


def listing(tables: dict[str, Table], watchable_only: bool = False) -> list[str]:
    """One line a table for `ssh host tables`: code, ruleset, players, what it waits for."""
    lines = []
    for code, table in sorted(tables.items()):
        if watchable_only and not table.watchable:
            continue
        names = " v ".join(table.names)
        free = "a seat free" if table.free_seat() is not None else "seats taken"
        watch = f"{table.watchers} watching" if table.watchable else "no watchers"
        lines.append(f"{code}  {table.game.ruleset.id:<12} {names}  ({free}; {watch})")
    return lines


def table_infos(tables: dict[str, Table], identity: str = "") -> list[TableInfo]:
    """The open tables, for a title screen's lists ("Join a table", "Watch a table")."""
    from mythtable.engine.registry import entries

    titles = {rid: found.title for rid, found in entries().items()}
    return [
        TableInfo(
            code=code,
            ruleset=table.game.ruleset.id,
            title=titles.get(table.game.ruleset.id, table.game.ruleset.id),
            names=table.names,
            free=table.free_seat() is not None and not table.over,
            yours=bool(identity) and not table.over and held_away(table, identity),
            watchable=table.watchable and not table.over,
            watchers=table.watchers + table.audience,
            moves=table.moves,
        )
        for code, table in sorted(tables.items())
    ]


def held_away(table: Table, identity: str) -> bool:
    """A seat of `table` is held for `identity` and nobody sits at it now."""
    return any(holder == identity and not table.connected[seat] for seat, holder in enumerate(table.holders))


def answer_lobby(host: TableHost, conn: Connection, asked: Lobby) -> LobbyReply:
    """What a lobby connection asked for, checked against it: its player holds the seats it opens or joins,
    its wrong codes count against it (and its address), and it closes only a table it opened."""
    if asked.action == "list":
        return LobbyReply(tables=table_infos(host.tables, conn.identity))
    if asked.action == "open":
        conn.opened &= set(host.tables)
        if len(conn.opened) >= TABLES_PER_LOBBY:
            raise TableRefusal(f"you have {TABLES_PER_LOBBY} tables open already: play or cancel one first")
        table, tickets = open_for(host, conn.identity, asked)
        conn.opened.add(table.code)
        return LobbyReply(tickets=tickets, code=table.code)
    code = normal_code(asked.code or "")
    if code is None:
        raise TableRefusal(f"a table code is {CODE_LENGTH} characters of {CODE_ALPHABET}")
    if asked.action == "close":
        mine = host.tables.get(code)
        if mine is None or code not in conn.opened:
            raise TableRefusal(f"this terminal did not open table {code}")
        if mine.moves:
            raise TableRefusal(f"the game at table {code} has begun")
        host.close_table(mine, "its opener cancelled it")
        return LobbyReply(code=code)
    tries = conn.tries if conn.tries is not None else CodeTries("?")
    limited = host.limits.refusal(tries)
    if limited is not None:
        host.settings.log(f"tables: refused a table code from {tries.address}: {limited}")
        raise TableRefusal(limited)
    if code not in host.tables:
        host.limits.wrong(tries)
    if asked.action == "join":
        return LobbyReply(tickets=host.join_all(code, conn.identity, asked.token), code=code)
    return LobbyReply(tickets=[host.watch(code)], code=code)


def open_for(host: TableHost, identity: str, asked: Lobby) -> tuple[Table, list[str]]:
    """A table opened from a title screen: the seat marked "me" is `identity`'s (its ticket first), one marked
    "keyboard" too (its ticket second), "computer" goes to the computer, "terminal" waits for a player."""
    kinds = list(asked.seats) or ["me", "terminal"]
    if len(kinds) != 2 or kinds.count("me") != 1:
        raise TableRefusal("one seat, and only one, is yours (me)")
    if asked.ruleset is None:
        raise TableRefusal("open needs a ruleset")
    try:
        seed, setup = checked_setup(asked.ruleset, asked.players, asked.options, asked.seed)
    except SetupRefused as exc:
        raise TableRefusal(str(exc)) from None
    table, ticket = host.open_table(asked.ruleset, seed, setup, identity, seat=kinds.index("me"))
    tickets = [ticket]
    for seat, kind in enumerate(kinds):
        if kind == "keyboard":  # the opener's keyboard: the same holder (a player without a key: one token for both)
            holder = table.holders[kinds.index("me")] or identity
            table.holders[seat] = holder
            tickets.append(host._seat_ticket(table, seat, holder))
        elif kind == "computer":
            table.holders[seat] = "computer"
            table.computer.add(seat)
            table.game.controllers[seat] = COMPUTER
            table.save()
    return table, tickets
