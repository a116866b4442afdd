"""Shared tables (issue 32): one game, several terminals. The table lives in the server, not in a session.

    codes.py      table codes (no look-alikes), seat tokens, tickets
    protocol.py   the pydantic JSON-lines messages between the host and a seat's or watcher's process
    table.py      one table: its Game, seats, away seats, take-back requests, chat, and the frames it builds
    host.py       TableHost: every table of a server, its Unix socket, tickets, grace timers, autosaves
    client.py     the seat's end of the socket (asyncio)
    remote_seat.py the remote form of the seat seam (play/seat.py): a SeatLink whose frames come from a host
    text_view.py   a frame as a plain screen; its result lines serve the watchers' screen (tui/watch/)
    watch_stream.py what a watched table's renderer writes to its server: changed lines and whole screens
    lobby_client.py a title screen's lobby connection: list, open, join, watch (tui/table_link.py holds it)
    join_limits.py  wrong table codes per connection and per address (SSH commands and lobbies alike)
    setup_check.py  the setup a table opens with, built as `mythtable play` builds it, checked first

A seat plays in the game screen: tui/screens/table_seat.py over a RemoteSeat, run by tui/table_app.py.

Nothing here imports textual: the host builds each frame from `Game.view(seat)` or `Game.public_view()`, so no
hidden card ever leaves it toward a connection that may not see it.
"""
