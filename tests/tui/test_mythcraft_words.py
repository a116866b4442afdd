"""Words that match the rules (issue 17 item 4): the move preview counts what the log counts; Reactive AP and
its cap never read as over the cap; conditions show their time left."""

from __future__ import annotations

import dataclasses
import io
import re
import textwrap

from rich.console import Console

from mythtable.engine.game import Game
from mythtable.rulesets.mythcraft.view import ConditionView
from mythtable.tui.boards.mythcraft import explain, hero_card
from mythtable.tui.boards.mythcraft.common import condition_text
from mythtable.tui.boards.mythcraft.detail import move_detail, reactive_words


def rendered(renderable: object, width: int = 40) -> str:
    out = Console(width=width, file=io.StringIO(), color_system=None)
    out.print(renderable)
    return out.file.getvalue()  # type: ignore[attr-defined]


def test_the_move_preview_and_the_log_give_the_same_squares_of_movement_and_ap() -> None:
    """F-15: rubble and an ally's square count double, so a walk can use more squares than the distance;
    the preview says the squares the log will say."""
    checked = longer = 0
    for seed in range(6):
        game = Game.new("mythcraft", seed)
        for _ in range(60):
            d = game.decision
            if d is None:
                break
            view = game.view(d.seat)
            moves = [a for a in d.actions if a[0] == "move"]
            if d.kind == "hero_turn" and moves:
                me = next(c for c in view.combatants if c.uid == view.active_uid)
                far = max(moves, key=lambda a: next(s.squares for s in view.reachable if (s.x, s.y) == a[1:]))
                x, y = int(far[1]), int(far[2])
                preview = move_detail(view, x, y).plain
                events = game.apply(far)
                logged = next(e.text for e in events if " moves to " in e.text)
                n, ap = re.search(r": (\d+) squares?, (\d) AP", logged).groups()  # type: ignore[union-attr]
                assert f"{n} square{'s' if n != '1' else ''} of movement" in preview, (preview, logged)
                assert (f"{ap} AP" in preview) or (ap == "0" and "0 AP" in preview), (preview, logged)
                checked += 1
                longer += int(n) > max(abs(me.x - x), abs(me.y - y))
                continue
            game.apply(next((a for a in d.actions if a[0] == "end"), d.actions[0]))
    assert checked >= 5 and longer >= 1, (checked, longer)


def test_reactive_ap_held_over_the_cap_reads_as_held_with_the_cap_on_carrying_over() -> None:
    game = Game.new("mythcraft", 7)
    view = game.view(0)
    hero = next(c for c in view.combatants if c.side == 0)
    held = dataclasses.replace(hero, reactive_ap=3, reactive_cap=2)
    card = rendered(hero_card(held, True))
    assert "3/2" not in card and "cap 2" not in card
    assert f"at most 2 kept into {hero.name}'s turn" in " ".join(card.split())
    words = reactive_words(held)
    assert "holds 3 Reactive AP" in words and "keeps at most 2" in words and "(cap" not in words
    # whole in the two lines the options' detail has at 80x24 (the prompt is 46 columns), longest name and all
    longest = max((c for c in view.combatants if c.side == 0), key=lambda c: len(c.name))
    wide = reactive_words(dataclasses.replace(longest, reactive_ap=10, reactive_cap=4))
    assert len(textwrap.wrap(wide, 46)) <= 2, textwrap.wrap(wide, 46)
    own = rendered(hero_card(dataclasses.replace(hero, carried_reactive_ap=2, reactive_cap=2, reactive_ap=5), False))
    assert "2 carried (max 2)" in own and "5/2" not in own
    assert explain(view, ("inspect",), game.subject(game.decision.actions[0])) is not None  # type: ignore[union-attr]


def test_conditions_show_their_turns_left() -> None:
    assert condition_text(ConditionView("burning", 2, 1, "")) == "Burning 2·1t"
    assert condition_text(ConditionView("dodge", 0, 0, "")) == "Dodging·n"
    assert condition_text(ConditionView("prone", 0, -1, "")) == "Prone"


def test_the_map_key_fits_under_the_map_at_80_columns() -> None:
    """With free and paid moves, a weapon's reach and an item on the ground (a hero's usual turn after a
    first move), the key under the map fits the map's 27 columns in one row, `k` for the rest on the next
    ("item" wrapped alone before)."""
    from types import SimpleNamespace

    from mythtable.tui.boards.mythcraft.board import MythCraftBoard

    view = SimpleNamespace(
        reachable=[SimpleNamespace(ap_cost=0, engaged_by=()), SimpleNamespace(ap_cost=1, engaged_by=())],
        decision_kind="hero_turn",
        active_reach=((1, 1),),
        map=SimpleNamespace(ground=(("draught", 2, 2),)),
    )
    key = MythCraftBoard.legend_line(MythCraftBoard.__new__(MythCraftBoard), view, 27)
    assert key.plain.split("\n") == [" 0 AP  1 AP • reach * item", "k legend"]
