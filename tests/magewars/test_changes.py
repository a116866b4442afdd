"""`Inspector.changes` for Mage Wars CCG (view.changes) (issue 15, item 4): the refs whose public look differs between
two views of one seat, so the board can mark what the other player just did. Hidden information of
the other seat (face-down cards, its hand) never shows through."""

from __future__ import annotations

from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State
from mythtable.rulesets.magewars.view import GameView, changes
from tests.magewars.helpers import Board, content
from tests.tui.test_magewars_tui import policy


def position() -> tuple[State, dict[str, int]]:
    board = Board(active=0)
    board.basics(0, "ember-hearth", "ember-hearth")
    board.basics(1, "tide-font", "tide-font")
    uids = {
        "hound": board.add(0, "cinder-hound", "offensive"),
        "ox": board.add(0, "boulderback-ox", "defensive"),
        "down": board.add(1, "reef-warden", "defensive", face_down=True),
        "heron": board.add(1, "mist-heron", "offensive"),
        "spell": board.add(1, "flash-scorch", "hand"),
        "mine": board.add(0, "flash-scorch", "hand"),
    }
    return board.start(), uids


def look(state: State, seat: int) -> GameView:
    return RULESET.view(state, seat)


def test_damage_exhaustion_and_tower_level_are_changes() -> None:
    state, uids = position()
    before = look(state, 1)
    after_state = RULESET.clone(state)
    after_state.cards[uids["hound"]].wounds = 2
    after_state.cards[uids["ox"]].exhausted = True
    after_state.players[0].tower -= 3
    assert changes(before, look(after_state, 1)) == {uids["hound"], uids["ox"], "tower:0"}
    assert changes(before, look(state, 1)) == frozenset(), "nothing moved, nothing marked"


def test_a_card_turned_face_up_new_cards_and_cards_gone_are_changes() -> None:
    state, uids = position()
    before = look(state, 0)
    after_state = RULESET.clone(state)
    after_state.cards[uids["down"]].face_down = False  # Bram's face-down unit turns face-up
    heron = uids["heron"]  # Bram's Mist Heron is destroyed
    after_state.players[1].offensive.remove(heron)
    after_state.players[1].grave.append(heron)
    after_state.cards[heron].zone = "grave"
    spell = uids["spell"]  # Bram lays a card from hand into his Tower row: new on the table, hand smaller
    after_state.players[1].hand.remove(spell)
    after_state.players[1].row.append(spell)
    after_state.cards[spell].zone = "row"
    changed = changes(before, look(after_state, 0))
    assert changed == {uids["down"], heron, spell, "hand:1"}


def test_what_the_other_seat_hides_never_shows_as_a_change() -> None:
    """Bram's face-down unit becomes another card with damage, and his hand card another card: Ana's
    views cannot tell, so no change is reported to her; Bram's own view does report it."""
    state, uids = position()
    cards = content().cards
    after_state = RULESET.clone(state)
    down = after_state.cards[uids["down"]]
    down.d = cards["tidecaller-acolyte"]
    down.wounds = 1
    down.exhausted = True
    after_state.cards[uids["spell"]].d = cards["undertow-snare"]
    assert changes(look(state, 0), look(after_state, 0)) == frozenset()
    assert changes(look(state, 1), look(after_state, 1)) == {uids["down"], uids["spell"]}


def test_over_a_game_changes_name_only_what_either_view_shows() -> None:
    """Every ref reported is a card one of the two views shows, or a named number; nothing from nowhere."""
    from mythtable.engine.game import Game

    game = Game.new("magewars", 3)
    views = [game.view(seat) for seat in (0, 1)]
    reported = 0
    while game.decision is not None and len(game.actions) < 160:
        game.apply(policy(game))
        for seat in (0, 1):
            after = game.view(seat)
            changed = game.changes(views[seat], after)
            shown = shown_refs(views[seat]) | shown_refs(after)
            assert changed <= shown, changed - shown
            reported += len(changed)
            views[seat] = after
    assert reported > 50


def shown_refs(view: GameView) -> set[object]:
    refs: set[object] = {f"{kind}:{seat}" for kind in ("tower", "hand") for seat in (0, 1)}
    for player in view.players:
        for card in (*player.offensive, *player.defensive, *player.row, *player.line_weaves, *player.graveyard):
            refs.add(card.uid)
    refs |= {card.uid for card in view.hand} | {item.uid for item in view.stack}
    return refs
