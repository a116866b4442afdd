"""Issue 33 item 10: what a loaded machine's timing reached, pinned down without the load.

A redraw scheduled with call_after_refresh may come round after its widget left the screen (the
keys moved on: a game screen popped between the two frames). The callback must then do nothing,
not raise NoScreen and end the app.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.content import Content

from mythtable.tui.widgets.inspect import InspectPanel


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield InspectPanel(id="panel")


async def test_inspect_panel_shown_then_removed_before_the_refresh() -> None:
    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(InspectPanel)
        scheduled: list[Callable[[], object]] = []
        panel.call_after_refresh = lambda callback, *a, **kw: scheduled.append(callback)  # type: ignore[method-assign]
        panel.show(Content("Something to read"))  # a bindings refresh after the next frame...
        assert scheduled
        await panel.remove()  # ...which comes round after the panel has gone (the screen was left)
        for callback in scheduled:
            callback()  # raised NoScreen('node has no screen') and ended the app
        await pilot.pause()
        assert app._exception is None
