"""The table host's autosaves, written off its loop."""

from __future__ import annotations

import asyncio
from pathlib import Path

from mythtable.engine.record import write_atomic


class Saver:
    """Writes autosaves in a thread, one at a time, the latest text of each file only: an fsync takes tens of
    milliseconds on a busy disk, and every seat of every table waits while the loop does."""

    def __init__(self) -> None:
        self.pending: dict[Path, str] = {}
        self.task: asyncio.Task[None] | None = None
        self.gone: set[Path] = set()
        """Files of closed tables: one written while it closed is removed again."""

    def __call__(self, path: Path, text: str) -> None:
        self.gone.discard(path)
        self.pending[path] = text
        if self.task is None:
            try:
                self.task = asyncio.get_running_loop().create_task(self._write())
            except RuntimeError:  # no loop (a table saved while the host stops): at once
                write_atomic(*self.pending.popitem())

    async def _write(self) -> None:
        try:
            while self.pending:
                path = next(iter(self.pending))
                text = self.pending.pop(path)
                try:
                    await asyncio.to_thread(write_atomic, path, text)
                except OSError as exc:
                    print(f"tables: could not write {path.name}: {exc.strerror}", flush=True)
                if path in self.gone:
                    path.unlink(missing_ok=True)
        finally:
            self.task = None

    async def flush(self) -> None:
        while self.task is not None:
            await asyncio.shield(self.task)
        for path, text in list(self.pending.items()):
            write_atomic(path, text)
        self.pending.clear()

    def forget(self, path: Path) -> None:
        self.pending.pop(path, None)
        self.gone.add(path)
