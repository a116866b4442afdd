"""The host's lobby connections (issue 32): a title screen's requests, each checked against its connection."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from mythtable.tables.client import TableClient, control
from mythtable.tables.host import TableHost
from mythtable.tables.join_limits import JOINS_PER_ADDRESS, JOINS_PER_CONNECTION, CodeTries
from mythtable.tables.lobby_client import LobbyClient
from mythtable.tables.lobby_desk import TABLES_PER_LOBBY
from mythtable.tables.protocol import Choose, Lobby, Refused, encode, parse_host_line
from tests.tables.hostkit import RULESET, running_host, until


async def lobby_of(host: TableHost, identity: str, address: str = "192.0.2.1") -> LobbyClient:
    return await LobbyClient.connect(host.socket_path, host.lobby_ticket(identity, CodeTries(address)))


async def test_a_lobby_opens_lists_and_its_player_holds_the_seat(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        ana = await lobby_of(host, "key:ana")
        reply = await ana.ask(action="open", ruleset=RULESET, seed=7, players=["Ana", "Bram"], seats=["me", "terminal"])
        assert reply.refused is None and reply.code is not None and len(reply.tickets) == 1
        table = host.tables[reply.code]
        assert table.holders == ["key:ana", None] and table.game.seed == 7
        listed = await ana.ask(action="list")
        [info] = listed.tables
        assert (info.code, info.names, info.free, info.watchable) == (reply.code, ["Ana", "Bram"], True, True)
        seat = await ana.seat(reply.tickets[0])
        frame = await until(seat, lambda f: f.seat == 0)
        assert frame.seats == ["here", "free"]
        await seat.close()
        await ana.close()


async def test_the_seat_marked_me_may_be_the_second_and_this_keyboard_holds_both(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        ana = await lobby_of(host, "key:ana")
        reply = await ana.ask(action="open", ruleset=RULESET, seed=7, seats=["keyboard", "me"])
        assert reply.code is not None and len(reply.tickets) == 2
        table = host.tables[reply.code]
        assert table.holders == ["key:ana", "key:ana"] and table.opener == 1 and table.free_seat() is None
        first, second = [await ana.seat(t) for t in reply.tickets]
        assert (await until(first, lambda f: f.seat == 1)).seat == 1  # "me" first
        assert (await until(second, lambda f: f.seat == 0)).seats == ["here", "here"]
        cleo = await lobby_of(host, "password:cleo")  # no key: one token holds both seats of her keyboard
        mine = await cleo.ask(action="open", ruleset=RULESET, seed=7, seats=["me", "keyboard"])
        assert mine.code is not None
        holders = host.tables[mine.code].holders
        assert holders[0] is not None and holders[0].startswith("token:") and holders[1] == holders[0]
        host.close_table(host.tables[mine.code], "a test")
        await cleo.close()
        for bad in (["me", "me"], ["terminal", "computer"]):
            refused = await ana.ask(action="open", ruleset=RULESET, seats=bad)
            assert refused.refused == "one seat, and only one, is yours (me)"
        assert len(host.tables) == 1
        await first.close()
        await second.close()
        await ana.close()


async def test_every_lobby_message_is_checked_against_its_connection(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        ana, cleo = await lobby_of(host, "key:ana"), await lobby_of(host, "key:cleo")
        code = (await ana.ask(action="open", ruleset=RULESET, seed=7)).code
        assert code is not None
        # only the lobby that opened a table closes it
        assert (await cleo.ask(action="close", code=code)).refused == f"this terminal did not open table {code}"
        assert code in host.tables
        # a lobby does not act at a table; a seat does not ask the lobby
        ana.writer.write(encode(Choose(decision=0, index=0)))
        answer = parse_host_line(await ana.reader.readline())
        assert isinstance(answer, Refused) and answer.reason == "a lobby connection only asks for tables"
        assert host.tables[code].moves == 0
        assert (await ana.ask(action="list")).tables  # the connection goes on
        seat = await TableClient.connect(host.socket_path, host.join(code, "key:bram"))
        await until(seat, lambda f: f.seat == 1)
        await seat.send_raw(encode(Lobby(action="list")))
        await until(seat, lambda f: bool(seat.refusals))
        assert seat.refusals == ["a seat's connection does not ask for tables"]
        # a lobby ticket is used once
        ticket = host.lobby_ticket("key:dan", CodeTries("192.0.2.4"))
        first = await LobbyClient.connect(host.socket_path, ticket)
        assert (await first.ask(action="list")).refused is None
        again = await LobbyClient.connect(host.socket_path, ticket)
        try:
            await again.ask(action="list")
            raise AssertionError("a used lobby ticket was taken again")
        except ConnectionError as exc:
            assert "ticket is not valid" in str(exc)
        # the opener closes the table while nobody has played
        assert (await ana.ask(action="close", code=code)).refused is None and code not in host.tables
        for client in (ana, cleo, first, seat):
            await client.close()
        assert any("refused seat 2: a seat's connection does not ask for tables" in line for line in host.lines)


async def test_wrong_codes_count_per_connection_and_per_address_with_the_ssh_commands(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        shared = CodeTries("192.0.2.5")
        shared.wrong = JOINS_PER_CONNECTION - 1  # the SSH connection's join commands used all but one
        lobby = await LobbyClient.connect(host.socket_path, host.lobby_ticket("key:ana", shared))
        assert (await lobby.ask(action="join", code="22222")).refused == "no open table has the code 22222"
        refused = (await lobby.ask(action="watch", code="33333")).refused
        assert refused == f"too many wrong table codes on one connection (at most {JOINS_PER_CONNECTION})"
        assert shared.wrong == JOINS_PER_CONNECTION
        # per address: lobbies of one address, each with few tries, reach the address's limit together
        for n in range(JOINS_PER_ADDRESS - 1):  # 192.0.2.5 has one wrong code in the window already
            other = await lobby_of(host, f"key:{n}", "192.0.2.5")
            assert "no open table" in ((await other.ask(action="join", code="44444")).refused or "")
            await other.close()
        last = await lobby_of(host, "key:last", "192.0.2.5")
        assert "from your address" in ((await last.ask(action="join", code="55555")).refused or "")
        elsewhere = await lobby_of(host, "key:far", "198.51.100.1")
        assert "no open table" in ((await elsewhere.ask(action="join", code="55555")).refused or "")
        for client in (lobby, last, elsewhere):
            await client.close()


async def test_a_web_server_gets_a_lobby_ticket_with_the_control_key(tmp_path: Path) -> None:
    from mythtable.serve.web_tables import lobby_environment

    async with running_host(tmp_path) as host:
        reply = await control(host.folder, action="lobby", identity="web", address="192.0.2.8")
        assert reply.refused is None and reply.ticket in host.tickets
        ticket = host.tickets[reply.ticket]
        assert ticket.lobby and ticket.tries is not None and ticket.tries.address == "192.0.2.8"
        env = await lobby_environment(host.folder, "192.0.2.9")
        lobby = await LobbyClient.connect(Path(env["MYTHTABLE_TABLE_SOCKET"]), env["MYTHTABLE_LOBBY_TICKET"])
        opened = await lobby.ask(action="open", ruleset=RULESET, seed=3)
        assert opened.code is not None
        assert host.tables[opened.code].holders[0].startswith("token:")  # type: ignore[union-attr]  # no key
        await lobby.close()
    assert await lobby_environment(tmp_path / "nothing", "?") == {}


def test_an_ssh_sessions_lobby_shares_its_connections_wrong_codes() -> None:
    from mythtable.serve.ssh_tables import code_tries, lobby_environment

    class Host:
        socket_path = Path("/nowhere/host.sock")

        def lobby_ticket(self, identity: str, tries: CodeTries) -> str:
            self.given = (identity, tries)
            return "TICKET"

    gate = SimpleNamespace(address="192.0.2.6", key_id=lambda: "abc")
    host = Host()
    session = SimpleNamespace(gate=gate, hub=SimpleNamespace(tables=host))
    env = lobby_environment(session)
    assert env == {"MYTHTABLE_TABLE_SOCKET": "/nowhere/host.sock", "MYTHTABLE_LOBBY_TICKET": "TICKET"}
    assert host.given[0] == "key:abc" and host.given[1] is code_tries(session)  # one count per connection
    assert json.dumps(host.given[1].address) == '"192.0.2.6"'


async def test_one_lobby_keeps_at_most_a_few_tables_open(tmp_path: Path) -> None:
    async with running_host(tmp_path) as host:
        ana = await lobby_of(host, "key:ana")
        codes = [(await ana.ask(action="open", ruleset=RULESET)).code for _ in range(TABLES_PER_LOBBY)]
        refused = await ana.ask(action="open", ruleset=RULESET)
        assert refused.refused == f"you have {TABLES_PER_LOBBY} tables open already: play or cancel one first"
        assert len(host.tables) == TABLES_PER_LOBBY
        assert (await ana.ask(action="close", code=codes[0])).refused is None
        assert (await ana.ask(action="open", ruleset=RULESET)).code is not None
        await ana.close()
