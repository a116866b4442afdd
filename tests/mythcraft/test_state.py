"""State copying: frames on the stack are typed, and a clone's frames are its own."""

from __future__ import annotations

import json

from mythtable.rulesets.mythcraft.ruleset import RULESET
from mythtable.rulesets.mythcraft.state import AttackFrame, MoveFrame, OfferFrame
from tests.mythcraft.helpers import Scene


def _frozen(state: object) -> str:
    return json.dumps(RULESET.snapshot(state), sort_keys=True)  # type: ignore[arg-type]


def test_a_clones_move_and_offer_frames_are_its_own() -> None:
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 0), ("ash_hound", 5, 2)], init=[20, 3, 9])
    s.act("move", 1, 1)  # leaving the hounds' reach: an Engaged strike is offered first
    assert s.kind == "reaction"
    assert [type(f) for f in s.state.stack] == [MoveFrame, OfferFrame]
    before = _frozen(s.state)
    clone = RULESET.clone(s.state)
    assert all(a is not b for a, b in zip(clone.stack, s.state.stack, strict=True))
    move = clone.stack[0]
    assert isinstance(move, MoveFrame)
    move.step += 1
    move.asked = (*move.asked, "h1")
    move.free = (0, 0)
    offer = clone.stack[1]
    assert isinstance(offer, OfferFrame)
    offer.name = "riposte"
    RULESET.apply(clone, ("decline",))  # the clone plays on; the original waits on its offer
    RULESET.apply(clone, ("decline",))
    assert _frozen(s.state) == before
    assert s.kind == "reaction" and "Ash Hound B may strike" in s.decision.prompt


def test_a_clones_attack_frame_is_its_own() -> None:
    s = Scene([("warrior", 4, 1), ("mage", 1, 6)], [("ash_hound", 5, 1)])
    s.dice(12)
    s.act("grapple", "c1")
    assert s.kind == "grapple_defense"
    frame = s.state.stack[-1]
    assert isinstance(frame, AttackFrame) and frame.defense == "" and frame.nat == 12
    before = _frozen(s.state)
    clone = RULESET.clone(s.state)
    clone.stack[-1].nat = 1  # type: ignore[union-attr]
    RULESET.apply(clone, ("defend", "REF"))
    assert _frozen(s.state) == before
    assert frame.defense == "" and frame.nat == 12 and frame.phase == "target"


def test_the_snapshot_of_a_frame_keeps_its_recorded_form() -> None:
    """Saved games check state hashes at checkpoints: a pending frame's snapshot keeps the keys it always had."""
    s = Scene([("warrior", 4, 1)], [("ash_hound", 5, 0), ("ash_hound", 5, 2)], init=[20, 3, 9])
    s.act("move", 1, 1)
    stack = RULESET.snapshot(s.state)["stack"]
    assert stack[0] == {"t": "mv", "u": "h1", "path": [[3, 0], [2, 0], [1, 1]], "i": 0, "asked": ["c2"], "free": [4, 1]}
    assert stack[1] == {"t": "offer", "who": "c2", "name": "engaged", "target": "h1"}
    s = Scene([("warrior", 4, 1), ("mage", 1, 6)], [("ash_hound", 5, 1)])
    s.dice(12)
    s.act("grapple", "c1")
    (attack,) = RULESET.snapshot(s.state)["stack"]
    spec = {"name": "grapple", "lab": "STR", "mod": 2, "def": "?", "n": 0, "s": 0, "b": 0, "type": ""}
    spec |= {"melee": True, "ranged": False, "magic": False, "creature": False, "avg": 0, "riders": []}
    spec |= {"kind": "grapple", "wid": ""}
    assert attack == {"t": "atk", "a": "h1", "targets": ["c1"], "k": 0, "spec": spec, "nat": 12, "ph": "target"} | {
        "bonus": 0,
        "stop": False,
        "dice": None,
        "def": "",
        "missed": False,
    }
