"""Guards for Textual bugs that key mashing or a long game reaches; imported once by the app.

OptionList page up/down before the list has been laid out (a Select's overlay just opened, or a
list right after a resize) looks up `_index_to_line[...]` while that map is still empty and
raises KeyError, which ends the app. Seen with Textual 8.2.8 (also reported against SelectOverlay
elsewhere). Until it is fixed upstream, such a key press does nothing.

The Footer rebuilds its keys whenever the bindings are refreshed (after every move), even when
it would show the same keys: here it rebuilds only when what it shows changed. And each new
FooterKey data-binds `compact` to the Footer: a watcher on the Footer that Textual drops only
when `compact` changes, which it never does. So every removed key stayed alive with its styles
and render caches (about 40 KB a move). After each rebuild the watchers of removed keys go.

`StylesCache.get_inner_outer` is an lru_cache(1024) on a method, so its key holds the StylesCache
of every widget that drew itself, with that widget's rendered lines: the footer keys of every
move, every notification, up to 1024 of them (several MB over a game). The same cache, keyed by
the two colours alone (all the method reads), holds no widget.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.widgets import Footer, OptionList

_move_page = OptionList._move_page


def _safe_move_page(self: OptionList, direction: Any) -> None:
    if (self.highlighted or 0) not in self._index_to_line:
        return  # not laid out yet: nothing to page through
    _move_page(self, direction)


OptionList._move_page = _safe_move_page  # type: ignore[method-assign]

_recompose = Footer.recompose


def _gone(node: object) -> bool:
    return any(getattr(node, flag, False) for flag in ("_pruning", "_closing", "_closed"))


def _shown(footer: Footer) -> tuple[object, ...]:
    """Everything Footer.compose reads: the bindings it shows, enabled or not, and how."""
    app = footer.app
    keys = tuple(
        (
            binding.key,
            binding.action,
            binding.description,
            binding.group,
            enabled,
            tooltip,
            app.get_key_display(binding),
        )
        for _node, binding, enabled, tooltip in footer.screen.active_bindings.values()
        if binding.show
    )
    return keys, footer.show_command_palette and app.ENABLE_COMMAND_PALETTE, footer._bindings_ready


async def _recompose_when_changed(self: Footer) -> None:
    shown = _shown(self) if self.is_attached else None
    if shown is not None and shown == getattr(self, "_shown_keys", None):
        return  # the very keys on screen now: nothing to rebuild
    await _recompose(self)
    self._shown_keys = shown
    watchers: dict[str, list[tuple[object, object]]] = getattr(self, "__watchers", {})  # Textual's own name
    for callbacks in watchers.values():
        callbacks[:] = [(node, callback) for node, callback in callbacks if not _gone(node)]


Footer.recompose = _recompose_when_changed  # type: ignore[method-assign]

_inner_outer = lru_cache(1024)(StylesCache.get_inner_outer.__wrapped__)  # type: ignore[attr-defined]


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> Any:
    return _inner_outer(None, base_background, background)  # the method never reads its instance


StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign]
