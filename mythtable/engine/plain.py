"""Validated pydantic models copied into plain slotted dataclasses: the form a game reads.

A ruleset's schema module validates content with pydantic; its content module defines a plain
twin for each model (the same fields). A game holds only twins, so the content can be restored
from the cache without importing pydantic, and each entry is smaller.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any


def plain(value: Any, twins: Mapping[type, type]) -> Any:
    """`value` with every model in it (at any depth, in lists, tuples and dicts) replaced by its twin."""
    twin = twins.get(type(value))
    if twin is not None:
        return twin(**{f.name: plain(getattr(value, f.name), twins) for f in fields(twin)})
    if isinstance(value, list):
        return [plain(v, twins) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v, twins) for v in value)
    if isinstance(value, dict):
        return {k: plain(v, twins) for k, v in value.items()}
    return value
