"""A seat (or a watcher) at a shared table in a plain terminal: `python -m mythtable.tables.plain_seat`.

The server starts it in the seat's pseudo-terminal with the table's socket and a one-time ticket in its
environment. It shows each frame as a whole screen (text_view.py) and reads lines: a number chooses an option,
`u` asks to take back, `y`/`n` answer such a request, `t TEXT` chats, `m` mutes or unmutes the chat, `w`/`c`/`e`
decide about an absent player, `x` opens or closes the table to watchers (its opener), `q` leaves (the seat stays
held).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys

from mythtable.tables.client import TableClient, from_environment
from mythtable.tables.protocol import Absent, Answer, Chat, Choose, Closed, Leave, TakeBack, Watchers, _Message
from mythtable.tables.text_view import screen


def command(line: str, client: TableClient) -> _Message | str | None:
    """The message a typed line asks for, a one-line complaint, or None for an empty line."""
    frame = client.frame
    text = line.strip()
    if not text:
        return None
    if frame is None:
        return "the table has not answered yet"
    if text.isdigit():
        if frame.decision is None:
            return "it is not your decision"
        number = int(text)
        options = frame.decision.options
        if not 1 <= number <= len(options):
            return f"there is no option {number}"
        return Choose(decision=frame.decision.id, index=options[number - 1].index)
    word, _, rest = text.partition(" ")
    if word == "t":
        return Chat(text=rest[:200])
    if word == "m":
        return "mute"
    simple: dict[str, _Message] = {
        "u": TakeBack(),
        "y": Answer(accept=True),
        "n": Answer(accept=False),
        "w": Absent(choice="wait"),
        "c": Absent(choice="computer"),
        "e": Absent(choice="end"),
        "x": Watchers(allow=not frame.watchable),
        "q": Leave(),
    }
    return simple.get(word, f"unknown command {word[:20]!r}")


async def run() -> int:
    found = from_environment()
    if found is None:
        print("mythtable: no table to join (this program is started by the server)", file=sys.stderr)
        return 2
    client = await TableClient.connect(*found)
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def typed() -> None:
        try:
            data = os.read(0, 4096)
        except OSError:
            data = b""
        if not data:  # the terminal hung up: leave (the seat stays held)
            loop.remove_reader(0)
            data = b"q\n"
        lines.put_nowait(data.decode("utf-8", "replace"))

    loop.add_reader(0, typed)
    note = ""
    muted = False

    def paint() -> None:
        if client.frame is None:
            return
        size = shutil.get_terminal_size((80, 24))
        frame = client.frame.model_copy(update={"chat": []}) if muted else client.frame
        text = screen(frame, size.columns, size.lines - 1)
        sys.stdout.write(text + (f"{note}\r\n" if note else "") + "> ")
        sys.stdout.flush()

    receiving = asyncio.ensure_future(client.receive())
    typing = asyncio.ensure_future(lines.get())
    buffer = ""
    while True:
        done, _ = await asyncio.wait({receiving, typing}, return_when=asyncio.FIRST_COMPLETED)
        if receiving in done:
            message = receiving.result()
            if message is None or isinstance(message, Closed):
                sys.stdout.write(f"\r\nmythtable: {client.closed or 'the table closed'}\r\n")
                sys.stdout.flush()
                return 0
            note = f"! {client.refusals[-1]}" if message.type == "refused" and client.refusals else ""
            paint()
            receiving = asyncio.ensure_future(client.receive())
        if typing in done:
            buffer += typing.result()
            while "\n" in buffer or "\r" in buffer:
                cut = min(i for i in (buffer.find("\n"), buffer.find("\r")) if i >= 0)
                line, buffer = buffer[:cut], buffer[cut + 1 :]
                asked = command(line, client)
                if asked == "mute":
                    muted = not muted
                    note = "chat muted (m: show it again)" if muted else ""
                    paint()
                elif isinstance(asked, str):
                    note = f"! {asked}"
                    paint()
                elif asked is not None:
                    await client.send(asked)
            buffer = buffer[-1000:]
            typing = asyncio.ensure_future(lines.get())


def main() -> int:
    try:
        return asyncio.run(run())
    except (KeyboardInterrupt, ConnectionError, FileNotFoundError) as exc:
        print(f"mythtable: the table is gone ({type(exc).__name__})", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
