"""Guards for the private parts of Textual and textual-serve that mythtable patches or leans on (issue 31
section 7). Each test checks that what a patch relies on is still there and still behaves as the patch
assumes, so that the next version that changes it fails here, by name, rather than somewhere in a game.
pyproject.toml bounds both libraries below their next major version; docs/upstream/ holds the issue
texts that would let each patch go."""

from __future__ import annotations

import inspect
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.driver import Driver
from textual.message_pump import MessagePump
from textual.widgets import Footer, OptionList
from textual_serve.app_service import AppService
from textual_serve.server import Server

from mythtable.tui import textual_fixes

UPSTREAM = Path(__file__).parents[1] / "docs" / "upstream"


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


# ----- tui/textual_fixes.py ------------------------------------------------------------------------------
def test_option_list_move_page_is_the_method_the_guard_wraps() -> None:
    """The guard calls the original `_move_page(self, direction)`, which pages from `_index_to_line`."""
    original = textual_fixes._move_page
    assert original.__qualname__ == "OptionList._move_page"
    assert parameters(original) == ["self", "direction"]
    assert "self._index_to_line[" in inspect.getsource(original), "the KeyError the guard prevents moved"
    assert OptionList._move_page is textual_fixes._safe_move_page
    options = OptionList("a", "b")
    assert options._index_to_line == {}, "before layout the map is empty (what the guard checks)"


async def test_footer_recompose_and_what_the_guard_reads_are_there() -> None:
    """The guard compares what Footer.compose would show (`screen.active_bindings` as (node, binding,
    enabled, tooltip), `_bindings_ready`, `show_command_palette`) and prunes Textual's `__watchers`."""
    assert textual_fixes._recompose.__qualname__ == "Widget.recompose"
    assert Footer.recompose is textual_fixes._recompose_when_changed

    class OneFooter(App[None]):
        BINDINGS = [Binding("x", "bell", "Ring")]  # a key shown: its FooterKey data-binds to the footer

        def compose(self) -> ComposeResult:
            yield Footer()

    app = OneFooter()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        values = list(app.screen.active_bindings.values())
        assert values and all(len(v) == 4 for v in values)
        assert isinstance(footer._bindings_ready, bool)
        assert isinstance(footer.show_command_palette, bool)
        assert isinstance(getattr(footer, "__watchers", None), dict), "Textual's reactive watchers moved"
        assert all(hasattr(footer, flag) for flag in ("_pruning", "_closing", "_closed"))
        assert textual_fixes._shown(footer)


def test_styles_cache_get_inner_outer_reads_only_its_colours() -> None:
    """The replacement caches on the two colours alone: the original must still be an lru_cache over a
    method of (self, base_background, background) that never reads its instance."""
    from textual._styles_cache import StylesCache

    wrapped = textual_fixes._inner_outer.__wrapped__
    assert parameters(wrapped)[1:] == ["base_background", "background"]
    body = inspect.getsource(wrapped).split('"""')[-1]
    assert "self." not in body and "cls." not in body, "get_inner_outer reads its instance now"
    assert StylesCache.get_inner_outer is textual_fixes._get_inner_outer
    red, blue = Color.parse("red"), Color.parse("blue")
    inner, outer = StylesCache().get_inner_outer(red, blue)
    assert (inner, outer) == wrapped(None, red, blue)


# ----- tui/widgets/inspect.py ----------------------------------------------------------------------------
def test_size_updated_sets_the_virtual_size_without_a_layout_when_told() -> None:
    """OnePass calls `Widget._size_updated(size, virtual_size, container_size, layout=False)`: with layout False
    the virtual size is set without the reactive's layout (as Textual's scroll-only layout does), and a
    scrollable widget still updates its scrollbars (which ask for a layout of their own when one comes or goes)."""
    from textual.geometry import Size
    from textual.widget import Widget

    from mythtable.tui.widgets.inspect import InspectPanel, InspectText, OnePass

    assert parameters(Widget._size_updated) == ["self", "size", "virtual_size", "container_size", "layout"]
    source = inspect.getsource(Widget._size_updated)
    assert "self.set_reactive(Widget.virtual_size, virtual_size)" in source
    assert "self._scroll_update(virtual_size)" in source
    assert "self.virtual_size = virtual_size" in source, "the layout it avoids is no longer asked for this way"
    assert Widget.__dict__["virtual_size"]._layout, "virtual_size no longer asks for a layout: OnePass can go"
    for cls in (InspectPanel, InspectText):
        assert cls._size_updated is OnePass._size_updated
    text = InspectText("x")
    assert text._size_updated(Size(4, 2), Size(4, 2), Size(4, 2)) and text.virtual_size == Size(4, 2)
    assert not text._layout_required


# ----- tui/input_gate.py ---------------------------------------------------------------------------------
def test_driver_sends_messages_as_the_gate_copies() -> None:
    """Gated.send_message replaces Driver.send_message, which hands `self._app._post_message(message)` to
    `self._loop`; the gate counts pumps' `message_queue_size` (public) and stops on `exit_event`."""
    source = inspect.getsource(Driver.send_message)
    assert "self._app._post_message(message)" in source and "loop=self._loop" in source
    assert parameters(App._post_message) == ["self", "message"]
    assert isinstance(MessagePump.message_queue_size, property)
    from textual.drivers.linux_driver import LinuxDriver

    assert "self.exit_event" in inspect.getsource(LinuxDriver.__init__)


# ----- serve/web.py ---------------------------------------------------------------------------------------
def test_textual_serve_app_service_opens_its_process_as_web_py_replaces() -> None:
    """GameService replaces `_open_app_process(width, height)` (to exec an argv in a session of its own)
    and extends `_build_environment(width, height)`; it sets and reads `_process`, `_stdin`, `_task` and
    `_download_manager`, and `start` must still open the process through `_open_app_process`."""
    assert parameters(AppService._open_app_process) == ["self", "width", "height"]
    assert parameters(AppService._build_environment) == ["self", "width", "height"]
    opening = inspect.getsource(AppService._open_app_process)
    assert "self._process = process" in opening and "self._stdin = process.stdin" in opening
    assert "self._open_app_process(width, height)" in inspect.getsource(AppService.start)
    init = inspect.getsource(AppService.__init__)
    for name in ("self._process", "self._task", "self._stdin", "self._download_manager"):
        assert name in init, f"AppService no longer sets {name}"


def test_textual_serve_server_hooks_web_py_overrides_are_there() -> None:
    """The server subclass extends `_make_app()` and replaces `_process_messages(websocket, app_service)`."""
    assert parameters(Server._make_app) == ["self"]
    assert parameters(Server._process_messages) == ["self", "websocket", "app_service"]
    assert "self._process_messages(websocket, app_service)" in inspect.getsource(Server.handle_websocket)


def test_every_patch_has_its_upstream_issue_text() -> None:
    names = {path.name for path in UPSTREAM.glob("*.md")}
    assert {
        "textual-option-list-page-before-layout.md",
        "textual-footer-recompose-watchers.md",
        "textual-styles-cache-inner-outer.md",
        "textual-driver-input-backpressure.md",
        "textual-serve-app-process.md",
        "textual-size-updated-second-layout.md",
    } <= names
