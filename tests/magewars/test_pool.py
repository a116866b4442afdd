"""The card pool is worth building from (issue 18 item 5): twice the first printing, every keyword,
effect kind, target kind and speed on several cards, new units on the first printing's curve, every
new card in a prebuilt deck, and a card's text agreeing with its data both ways.

Mage Wars card text is written in the files (castings, Rituals, abilities), so `text_problems` reads
it against the effect data: every op, amount, target, speed and requirement must be said, and nothing
the data does not do may be said. A new card cannot say one thing and do another.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import get_args

import pytest

from mythtable.rulesets.magewars.content import Effect, Info, Keyword, OpKind, TargetKind
from tests.magewars.helpers import content

FIRST_PRINTING = 51
"""Cards shipped before issue 18."""
AT_LEAST = 3
TARGET_WORDS = {
    "enemy_unit": "an enemy unit",
    "own_unit": "one of your units",
    "any_unit": "any unit",
    "enemy_hero": "an enemy Hero",
    "self": "this unit",
    "own_line": "one of your lines",
}
CLAIMS = {
    "damage": ("damage", "heal"),
    "Power": ("power",),
    "Guard": ("guard",),
    "draw": ("draw",),
    "ready": ("ready",),
    "exhaust": ("exhaust",),
    "Tower gains": ("tower_heal",),
    "enemy Tower loses": ("tower_damage",),
    "Both Towers": ("tower_damage_all",),
}
"""A phrase of the text, and the ops of which one must be in the data for the text to say it."""


def _op_phrases(op: str, n: int) -> list[str]:
    """What the text must say for one op (case-insensitive)."""
    return {
        "damage": [f"{n} damage"],
        "heal": [f"remove {n} damage"],
        "power": [f"{n:+d} Power"],
        "guard": [f"{n:+d} Guard"],
        "ready": ["ready"],
        "exhaust": ["exhaust"],
        "draw": ["draw a card" if n == 1 else f"draw {n} cards"],
        "tower_heal": [f"Tower gains {n} Tower Level"],
        "tower_damage": [f"enemy Tower loses {n} Tower Level"],
        "tower_damage_all": [f"Both Towers lose {n} Tower Level"],
    }[op]


def _effect_problems(effect: Effect, text: str, lasting: bool) -> list[str]:
    low = text.lower()
    out = []
    if effect.target != "none" and TARGET_WORDS[effect.target].lower() not in low:
        out.append(f"target {effect.target}: {TARGET_WORDS[effect.target]!r} is not said")
    for op in effect.ops:
        for phrase in _op_phrases(op.op, op.amount):
            if phrase.lower() not in low:
                out.append(f"op {op.op} {op.amount}: {phrase!r} is not said")
        if op.op in ("power", "guard") and not lasting and "until end of turn" not in low:
            out.append(f"op {op.op}: a change that ends must say 'until end of turn'")
    kinds = {op.op for op in effect.ops}
    for phrase, needs in CLAIMS.items():
        said = phrase.lower() in low.replace("exhaust:", "").replace("exhaust and", "").replace("exhaust (", "")
        if said and not kinds & set(needs):
            out.append(f"the text says {phrase!r} but no op does it")
    return out


def text_problems(card: Info) -> list[str]:
    """Where a card's text and its data disagree ([] when they agree)."""
    out: list[str] = []
    text = card.text
    if card.min_tower and f"Tower Level {card.min_tower}" not in text:
        out.append(f"requirement: 'Tower Level {card.min_tower}' is not said")
    if card.min_tier and f"tier {card.min_tier}" not in text:
        out.append(f"requirement: 'tier {card.min_tier}' is not said")
    if card.effect is not None:
        weave = card.speed == "weave"
        if weave and not text.startswith("Weave on "):
            out.append("a weave's text starts 'Weave on'")
        if card.type == "ritual" and not text.startswith("Deploy Effect: "):
            out.append("a Ritual's text starts 'Deploy Effect:'")
        out += _effect_problems(card.effect, text, lasting=weave)
    elif card.type in ("unit", "resource", "holding"):
        out += _effect_problems(Effect("none", []), text, lasting=True)
    if card.ability is not None:
        ab = card.ability
        cost, _, body = ab.text.partition(": ")
        if ab.exhaust != cost.startswith("Exhaust"):
            out.append("ability: 'Exhaust' is said exactly when it costs exhausting")
        if ab.tower_cost and f"pay {ab.tower_cost} tower level" not in cost.lower():
            out.append(f"ability: 'pay {ab.tower_cost} Tower Level' is not said")
        if ab.fast == ("Main phase only" in cost):
            out.append("ability: 'your Main phase only' is said exactly when it is not fast")
        out += [f"ability: {p}" for p in _effect_problems(ab.effect, body, lasting=False)]
    return out


def test_every_cards_text_agrees_with_its_data() -> None:
    problems = {c.id: p for c in content().cards.values() if (p := text_problems(c))}
    assert problems == {}


@pytest.mark.parametrize(
    ("card_id", "field", "value"),
    [
        ("searing-bolt", "text", "Deal 2 damage to any unit. Needs Tower tier 1."),
        ("searing-bolt", "text", "Deal 3 damage to an enemy unit. Needs Tower tier 1."),
        ("searing-bolt", "text", "Deal 3 damage to any unit."),
        ("kindle-rage", "text", "One of your units gets +2 Power until end of turn; draw a card."),
        ("moss-mantle", "text", "One of your units has +2 Guard."),
        ("rite-of-the-pyre", "text", "Deal 2 damage to an enemy unit."),
        ("pyre-berserker", "text", "Deals 2 damage to a unit when it arrives."),
    ],
)
def test_a_card_that_says_something_else_is_caught(card_id: str, field: str, value: str) -> None:
    card = content().cards[card_id]
    assert text_problems(card) == []
    assert text_problems(replace(card, **{field: value})) != []


def test_an_ability_that_says_something_else_is_caught() -> None:
    card = content().cards["zephyr-courier"]
    assert card.ability is not None and text_problems(card) == []
    for lie in (
        "Exhaust: draw a card.",
        "Exhaust and pay 1 Tower Level: draw 2 cards.",
        "Pay 1 Tower Level: draw a card.",
    ):
        assert text_problems(replace(card, ability=replace(card.ability, text=lie))) != [], lie


def test_the_pool_is_twice_the_first_printing() -> None:
    cards = list(content().cards.values())
    assert len(cards) >= 2 * FIRST_PRINTING
    for kind in ("unit", "casting", "ritual", "holding"):
        first = [c for c in cards[:FIRST_PRINTING] if c.type == kind]
        assert len([c for c in cards if c.type == kind]) >= len(first) + 4, kind


def _effects(card: Info) -> list[Effect]:
    return [e for e in (card.effect, card.ability.effect if card.ability else None) if e is not None]


def test_every_keyword_op_target_and_speed_is_on_several_cards() -> None:
    cards = list(content().cards.values())
    keywords = Counter(k for c in cards for k in c.keywords)
    ops = Counter(op for c in cards for op in {o.op for e in _effects(c) for o in e.ops})
    targets = Counter(t for c in cards for t in {e.target for e in _effects(c)})
    speeds = Counter(c.speed for c in cards if c.type == "casting")
    assert set(keywords) == set(get_args(Keyword)) and min(keywords.values()) >= AT_LEAST, keywords
    assert set(ops) == set(get_args(OpKind)) and min(ops.values()) >= AT_LEAST, ops
    assert set(targets) == set(get_args(TargetKind)) and min(targets.values()) >= AT_LEAST, targets
    assert set(speeds) == {"fast", "slow", "weave"} and min(speeds.values()) >= AT_LEAST, speeds
    abilities = [c.ability for c in cards if c.ability is not None]
    assert sum(a.fast for a in abilities) >= AT_LEAST and sum(not a.fast for a in abilities) >= AT_LEAST
    for element in ("Earth", "Fire", "Wind", "Water"):
        units = [c for c in cards if c.is_unit and element in c.elements]
        assert sum(c.hero for c in units) >= 2 and sum(c.aerial for c in units) >= 2, element


def _unit_score(card: Info) -> int:
    """Power + Guard + 2 per keyword or ability, against what it needs: 3 per source, 1 per tier, 1 per
    2 Tower Levels above 8."""
    extras = len(card.keywords) + (card.ability is not None)
    needs = 3 * sum(n for _, n in card.req_elements) + card.min_tier + max(0, card.min_tower - 8) // 2
    return card.power + card.guard + 2 * extras - needs


def test_new_units_sit_on_the_first_printings_curve() -> None:
    cards = list(content().cards.values())
    band = [_unit_score(c) for c in cards[:FIRST_PRINTING] if c.is_unit]
    low, high = min(band), max(band)
    for card in cards[FIRST_PRINTING:]:
        if card.is_unit:
            assert low <= _unit_score(card) <= high, (card.id, _unit_score(card), (low, high))


def test_every_new_card_is_in_some_prebuilt_deck() -> None:
    """So the new cards are played: by the random games, the bots and the golden playthroughs."""
    cards = list(content().cards)
    used = {cid for d in content().decks.values() for cid, _ in d.cards}
    assert set(cards[FIRST_PRINTING:]) <= used, set(cards[FIRST_PRINTING:]) - used
    assert len(content().decks) >= 6


def test_names_are_unique() -> None:
    cards = list(content().cards.values())
    assert len({c.name.lower() for c in cards}) == len(cards)
