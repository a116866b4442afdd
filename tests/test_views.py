"""Views are plain data that travel (issue 32 sends them to a remote seat), and the public view (for
spectators) is what both seats see: no hand, no face-down card, no deck order.

Over random games of each ruleset: every view (each seat's, the replay viewer's, the public one) goes
to JSON and back unchanged; the public view holds no card in a hand, in a deck or face down, and it is
what the two seats' views have in common.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal

import pytest

from mythtable.engine.game import Game
from mythtable.engine.views import view_data, view_from_data
from tests.seeded_positions import seeded_positions

RULESETS = ("mythicarium", "magewars", "mythcraft")
SEEDS = range(3)
STRIDE = {"mythicarium": 5, "magewars": 2, "mythcraft": 15}
"""Every n-th position of each seeded game: about 200 Mythicarium, 130 Mage Wars and 120 MythCraft positions
(a MythCraft view carries the item and spell catalogue: the slowest to send)."""


def positions(ruleset_id: str) -> Iterator[Game]:
    for index, game in enumerate(seeded_positions(ruleset_id, SEEDS)):
        if index % STRIDE[ruleset_id] == 0 or game.decision is None:
            yield game


# ----- plain data ------------------------------------------------------------------------------
LEAVES = (str, int, float, bool, type(None))


def plain_problems(hint: Any, where: str, seen: set[type]) -> list[str]:
    """What in the type `hint` is not plain data: a view is frozen, slotted dataclasses of strings,
    numbers, booleans, None, Literals and tuples of those (no dict, list, Any, callable or state object)."""
    origin = typing.get_origin(hint)
    if hint in LEAVES or origin is Literal:
        return []
    if origin in (typing.Union, types.UnionType):
        return [p for arg in typing.get_args(hint) for p in plain_problems(arg, where, seen)]
    if origin is tuple:
        return [p for arg in typing.get_args(hint) if arg is not Ellipsis for p in plain_problems(arg, where, seen)]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if hint in seen:
            return []
        seen.add(hint)
        params = hint.__dataclass_params__  # type: ignore[attr-defined]
        problems = [] if params.frozen else [f"{hint.__name__} is not frozen"]
        problems += [] if "__slots__" in hint.__dict__ else [f"{hint.__name__} is not slotted"]
        hints = typing.get_type_hints(hint)
        for f in dataclasses.fields(hint):
            problems += plain_problems(hints[f.name], f"{hint.__name__}.{f.name}", seen)
        return problems
    return [f"{where}: {hint!r} is not plain data"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_view_type_is_frozen_slotted_plain_data(ruleset_id: str) -> None:
    game = Game.new(ruleset_id, 1)
    for view in (game.view(0), game.view(None), game.public_view()):
        assert plain_problems(type(view), type(view).__name__, set()) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_view_goes_to_json_and_back_unchanged(ruleset_id: str) -> None:
    checked = 0
    for game in positions(ruleset_id):
        for view in (game.view(0), game.view(1), game.view(None), game.public_view()):
            data = view_data(view)
            sent = json.loads(json.dumps(data))
            rebuilt = view_from_data(type(view), sent)
            assert rebuilt == view
            assert view_data(rebuilt) == data  # the fields left out of == too
            checked += 1
    assert checked > 400


# ----- the public view --------------------------------------------------------------------------
@dataclasses.dataclass
class Secrets:
    """What no spectator may see, read from the state: the cards in hands and decks, the face-down cards,
    and the names and ids that only those cards have (another copy in sight shows the same name)."""

    unseen: set[int]
    """Cards in a hand or a deck."""
    face_down: set[int]
    words: set[str]
    """Names and card ids of hidden cards that no card in sight has."""


def mythicarium_secrets(state: Any) -> Secrets:
    unseen = {uid for p in state.players for uid in (*p.hand, *p.deck)}
    return secrets(unseen, set(), {uid: (cid, state.content.cards[cid].name) for uid, cid in state.cards.items()})


def magewars_secrets(state: Any) -> Secrets:
    unseen = {uid for p in state.players for uid in (*p.hand, *p.deck)}
    face_down = {card.uid for card in state.cards if card.face_down and card.uid not in unseen}
    return secrets(unseen, face_down, {card.uid: (card.d.id, card.d.name) for card in state.cards})


def secrets(unseen: set[int], face_down: set[int], words: dict[int, tuple[str, str]]) -> Secrets:
    hidden = unseen | face_down
    shown = {w for uid, pair in words.items() if uid not in hidden for w in pair}
    return Secrets(unseen, face_down, {w for uid in hidden for w in words[uid]} - shown)


SECRETS = {"mythicarium": mythicarium_secrets, "magewars": magewars_secrets}


def walk(node: Any) -> Iterator[Any]:
    """Every dataclass, tuple and leaf of a view, the fields left out of == included."""
    yield node
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            yield from walk(getattr(node, f.name))
    elif isinstance(node, tuple):
        for item in node:
            yield from walk(item)


def check_nothing_hidden(view: Any, secret: Secrets) -> None:
    for node in walk(view):
        if isinstance(node, str):
            assert node not in secret.words, f"the public view names a hidden card: {node!r}"
        uid = getattr(node, "uid", None)
        if isinstance(uid, int) and not isinstance(uid, bool):
            assert uid not in secret.unseen, f"the public view shows a card in a hand or a deck: {node!r}"
            if uid in secret.face_down:
                assert not getattr(node, "card_id", "") and node.info is None, f"a face-down card shows: {node!r}"
        hand = getattr(node, "hand", None)
        if isinstance(hand, tuple) and hand:
            raise AssertionError(f"the public view shows a hand: {hand!r}")
    assert not getattr(view, "hands", ()), "the public view shows the hands"


EMPTY: tuple[Any, ...] = (None, "", [])
"""What the public view may show where the seats' views differ, besides one of them: nothing."""


def common_problems(public: Any, a: Any, b: Any, path: str = "view") -> list[str]:
    """Where `public` is not what the two seats' views `a` and `b` (as JSON data) have in common: it must
    equal them where they agree, and where they differ show one of them (the one hiding the secret) or
    nothing; never anything of its own."""
    if a == b:
        return [] if public == a else [f"{path}: both seats see {a!r}, the public view {public!r}"]
    if public in (a, b) or public in EMPTY:
        return []
    if (
        isinstance(a, dict)
        and isinstance(b, dict)
        and isinstance(public, dict)
        and a.keys() == b.keys() == public.keys()
    ):
        return [p for key in a for p in common_problems(public[key], a[key], b[key], f"{path}.{key}")]
    if isinstance(a, list) and isinstance(b, list) and isinstance(public, list) and len(a) == len(b) == len(public):
        return [
            p
            for i, (x, y, z) in enumerate(zip(public, a, b, strict=True))
            for p in common_problems(x, y, z, f"{path}[{i}]")
        ]
    return [f"{path}: the seats see {a!r} and {b!r}, the public view {public!r}"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_public_view_holds_no_hand_face_down_card_or_deck_order(ruleset_id: str) -> None:
    hiding = SECRETS.get(ruleset_id)
    checked = 0
    for game in positions(ruleset_id):
        public = game.public_view()
        assert type(public) is type(game.view(None))
        if hiding is None:  # a ruleset that hides nothing: the public view is everything, as each seat's
            assert not game.ruleset.hidden_information
            assert view_data(public) == view_data(game.view(None)) == view_data(game.view(0)) == view_data(game.view(1))
        else:
            check_nothing_hidden(public, hiding(game.state))
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_public_view_is_what_both_seats_see(ruleset_id: str) -> None:
    for game in positions(ruleset_id):
        public, seat0, seat1 = (view_data(v) for v in (game.public_view(), game.view(0), game.view(1)))
        assert public.get("seat", None) is None  # nobody's view
        problems = common_problems({**public, "seat": None}, {**seat0, "seat": None}, {**seat1, "seat": None})
        assert problems == [], problems[:5]
