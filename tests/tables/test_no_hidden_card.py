"""No hidden card leaves a table toward a watcher (issue 32): at every moment of seeded games, the whole public
frame (the JSON sent, view, log, decision, seat frame) names no card in a hand, a deck or face down."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from mythtable.engine.game import Game
from mythtable.tables.protocol import encode
from mythtable.tables.table import Table
from tests.test_views import SECRETS

PUBLIC_KEYS = frozenset({"deck_name"})
"""Fields that name something public which may share a word with a card ("Magma Vanguard", a deck)."""


def strings(node: Any, key: str = "") -> Iterator[str]:
    """Every string in decoded JSON, but those of PUBLIC_KEYS."""
    if isinstance(node, str):
        if key not in PUBLIC_KEYS:
            yield node
    elif isinstance(node, dict):
        for k, value in node.items():
            yield from strings(value, str(k))
    elif isinstance(node, list):
        for value in node:
            yield from strings(value, key)


def named(word: str, texts: list[str], public: list[str]) -> bool:
    """Whether `word` stands as a name of its own in `texts`, once the public names (decks) are taken out."""
    pattern = re.compile(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])")
    for text in texts:
        for name in public:
            text = text.replace(name, "")
        if pattern.search(text):
            return True
    return False


@pytest.mark.parametrize("ruleset_id", sorted(SECRETS))
def test_a_watchers_frames_name_no_hidden_card_at_any_moment(ruleset_id: str) -> None:
    hiding = SECRETS[ruleset_id]
    for seed in (1, 2):
        table = Table(code="7KQ2X", game=Game.new(ruleset_id, seed), holders=["key:a", "key:b"])
        rng = random.Random(seed)
        checked = 0
        while table.game.result is None and len(table.game.actions) < 250:
            sent = json.loads(encode(table.frame(None, 0.0, 600.0)))
            texts = list(strings(sent))
            decks = [p["deck_name"] for p in sent["view"].get("players", ()) if p.get("deck_name")]
            secret = hiding(table.game.state)
            leaked = sorted(word for word in secret.words if named(word, texts, decks))
            assert not leaked, f"move {len(table.game.actions)}: the public frame names {leaked}"
            checked += bool(secret.words)
            options = table.game.options()
            table.game.apply(options[rng.randrange(len(options))][0])
        assert checked > 50  # moments with hidden cards to look for
