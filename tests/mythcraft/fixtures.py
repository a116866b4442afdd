"""F-36 and F-37: official creatures used ONLY as test fixtures (never shipped in assets/)."""

from __future__ import annotations

from typing import Any

SLAG_TOAD: dict[str, Any] = {
    "id": "slag_toad",
    "name": "Slag Toad",
    "level": 1,
    "size": "medium",
    "tags": ["beast", "elemental"],
    "attributes": {"STR": 3, "DEX": 0, "END": 3, "AWR": 0, "INT": -2, "CHA": -2},
    "defenses": {"REF": 10, "FORT": 13, "ANT": 10, "LOG": 8, "WILL": 8},
    "hp": 20,
    "speed_ft": 25,
    "movement": {"burrow": 25},
    "ar": 12,
    "skills": ["athletics +5"],
    "features": [
        {"name": "Molten Flesh", "text": "DC 12 END check within 10 ft at turn start or 1d6 fire."},
        {"name": "Earthbound", "text": "-"},
        {"name": "Earth Glide", "text": "-"},
    ],
    "actions_intro": "The Slag Toad can take TWO of the following actions, or take the same action twice.",
    "action_count": 2,
    "actions": [
        {"id": "move", "name": "Move", "kind": "move"},
        {
            "id": "bite",
            "name": "Bite",
            "kind": "attack",
            "range": "melee",
            "range_ft": 5,
            "attack_type": "natural weapon",
            "bonus": 3,
            "defense": "AR",
            "average": 5,
            "damage": "1d4+3",
            "damage_type": "sharp",
            "text": "plus 1d6 fire",
        },
        {
            "id": "tongue",
            "name": "Tongue",
            "kind": "attack",
            "range": "ranged",
            "range_ft": 15,
            "attack_type": "natural weapon",
            "bonus": 3,
            "defense": "ANT",
            "average": 3,
            "damage": "1d6",
            "damage_type": "fire",
            "text": "pulls the target 10 ft",
        },
    ],
}

VETERAN_SOLDIER: dict[str, Any] = {
    "id": "veteran_soldier",
    "name": "Veteran Soldier",
    "level": 3,
    "size": "medium",
    "tags": ["humanoid"],
    "attributes": {"STR": 3, "DEX": 1, "END": 2, "AWR": 1, "INT": 0, "CHA": 0},
    "defenses": {"REF": 11, "FORT": 12, "ANT": 11, "LOG": 10, "WILL": 10},
    "hp": 30,
    "speed_ft": 30,
    "ar": 15,
    "actions_intro": "The Veteran Soldier can take TWO of the following actions, or take the same action twice.",
    "action_count": 2,
    "actions": [
        {"id": "move", "name": "Move", "kind": "move"},
        {
            "id": "longsword",
            "name": "Longsword",
            "kind": "attack",
            "range": "melee",
            "range_ft": 5,
            "attack_type": "weapon",
            "bonus": 5,
            "defense": "AR",
            "average": 7,
            "damage": "1d8+3",
            "damage_type": "sharp",
        },
    ],
}
