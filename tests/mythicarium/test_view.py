"""Per-seat views: hidden information, the fields the UI needs, labels and card details."""

from __future__ import annotations

import dataclasses
from typing import Any

from mythtable.engine.simulate import play_game

from .helpers import RS, hand_uid, lane_uid, table


def _uids(obj: Any) -> set[int]:
    found: set[int] = set()

    def walk(x: Any, key: str = "") -> None:
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name), f.name)
        elif isinstance(x, (list, tuple)):
            for y in x:
                walk(y, key)
        elif isinstance(x, int) and key in ("uid", "target_uid", "attackers", "blocks", "crits", "selected_blocker"):
            found.add(x)

    walk(obj)
    return found


def test_view_hides_the_other_hand_and_every_deck() -> None:
    for seed in (1, 2, 3):
        out = play_game("mythicarium", seed, max_actions=60)
        assert out.game is not None
        s = out.game.state
        for seat in (0, 1):
            v = RS.view(s, seat)
            other = s.players[1 - seat]
            assert v.players[1 - seat].hand is None
            mine = v.players[seat].hand
            assert mine is not None and [c.uid for c in mine] == s.players[seat].hand
            hidden = set(other.hand) | set(s.players[0].deck) | set(s.players[1].deck)
            assert not (_uids(v) & hidden)
        full = RS.view(s, None)
        assert full.players[0].hand is not None and full.players[1].hand is not None


def test_view_carries_what_the_ui_needs() -> None:
    t = table(hand=(["thousand-palms"], ["jade-hare"]), lane=(["vajra-fist"], ["moss-troll"]), xp=(1, 1))
    v0 = lane_uid(t, 0, "vajra-fist")
    troll = lane_uid(t, 1, "moss-troll")
    t.attack(v0)
    t.block((troll, v0), stop=True)
    t.act("play", hand_uid(t, 0, "thousand-palms"))
    t.act("target", v0)
    v = RS.view(t.s, 1)
    assert v.stage == "combat.legendary" and v.stage_label == "Combat: Legendary Battle"
    assert v.turn == 3 and v.active == 0 and v.deciding == 1 and v.decision_kind == "respond"
    assert v.combat is not None and v.combat.attackers == (v0,) and v.combat.blocks == ((troll, v0),)
    assert v.combat.round == 1
    (entry,) = v.limbo
    assert (entry.owner, entry.name, entry.target_uid, entry.target_name) == (
        0,
        "Thousand Palms",
        v0,
        "Vajra Fist Master",
    )
    unit = next(u for u in v.players[0].lane if u.uid == v0)
    assert (unit.dp, unit.hp, unit.damage, unit.attacking, unit.exhausted) == (4, 4, "Physical", True, True)
    assert unit.keywords == ("Critical Hit", "Double Assault")
    blocker = next(u for u in v.players[1].lane if u.uid == troll)
    assert blocker.blocking == v0
    p = v.players[0]
    assert (p.name, p.xp, p.vp, p.hand_count, p.graveyard_count, p.hand) == ("Ana", 0, 0, 0, 0, None)
    with_sick = table(fresh=(["goblin-skirmisher", "kamaitachi-whirl"], []))
    lane = RS.view(with_sick.s, 0).players[0].lane
    assert [u.sick for u in lane[3:]] == [True, False]  # Celerity may exhaust at once


def test_describe_labels() -> None:
    t = table(hand=(["goblin-skirmisher"], []), xp=(1, 0))
    g = hand_uid(t, 0, "goblin-skirmisher")
    assert RS.describe(t.s, ("play", g)) == "Play Goblin Skirmisher (1 XP)"
    assert RS.describe(t.s, ("next",)) == "Go to combat"
    for a in t.d.actions:
        assert len(RS.describe(t.s, a)) <= 60


def test_draw_events_are_public_and_private() -> None:
    t = table()
    t.act("next")
    t.act("done")
    t.act("next")
    public = [e for e in t.events if e.text == "Bram draws a card."]
    private = [e for e in t.events if e.text.startswith("You draw ")]
    assert public and public[0].seat is None
    assert private and private[0].seat == 1 and private[0].reveals
