"""Views as JSON-able data and back, so a view can travel from a table to a remote seat (issue 32).

A view is plain data: frozen dataclasses of strings, numbers, tuples and other such dataclasses (the
ruleset's view.py). pydantic reads their type hints both ways, so no ruleset writes a converter.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import TypeAdapter

V = TypeVar("V")

_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(view_type: type[Any]) -> TypeAdapter[Any]:
    """pydantic's reader of one view type, made once (it reads every type hint under it)."""
    adapter = _ADAPTERS.get(view_type)
    if adapter is None:
        adapter = _ADAPTERS[view_type] = TypeAdapter(view_type)
    return adapter


def view_data(view: object) -> Any:
    """The view as JSON-able data (dicts, lists, strings, numbers, None): every field, those left
    out of == too."""
    return _adapter(type(view)).dump_python(view, mode="json")


def view_from_data(view_type: type[V], data: Any) -> V:
    """The view of type `view_type` that `view_data` gave `data`; raises pydantic's ValidationError
    for data of another shape."""
    rebuilt: V = _adapter(view_type).validate_python(data)
    return rebuilt
