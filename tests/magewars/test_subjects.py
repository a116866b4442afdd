"""Option subjects (words.subject): what each option is about, named by the ids the deciding seat's
view shows, never by a card hidden from that seat (the other hand, face-down cards it does not
control). Checked over every option of every decision of random games, and on hand-built spots."""

from __future__ import annotations

from typing import Any

from mythtable.engine.decision import NO_SUBJECT, Ref
from mythtable.engine.game import Game
from mythtable.engine.protocol import Setup
from mythtable.engine.simulate import play_game
from mythtable.rulesets.magewars.ruleset import RULESET
from mythtable.rulesets.magewars.state import State
from tests.magewars.helpers import Board, act, actions, content, kind, pass_fast, seat
from tests.magewars.test_combat import duel_board

PLACES = frozenset({"line:offensive", "line:defensive", "tower"})
"""The string refs a subject may use: a line (of the side the option concerns) or the Tower."""

ABOUT_NOTHING = frozenset({"end", "combat", "pass", "done", "cancel"})
DECKS = list(content().decks)
"""Every prebuilt deck, the second printing's included (issue 18), in file order."""


def visible_names(view: Any) -> dict[int, str]:
    """uid -> name of every card the view shows with its identity (face-down cards of the other
    seat arrive with card_id "" and are left out: a subject must not point at them)."""
    shown: dict[int, str] = {}
    cards: list[Any] = list(view.hand)
    for hand in view.hands:
        cards.extend(hand)
    for player in view.players:
        for unit in (*player.offensive, *player.defensive):
            cards.append(unit)
            cards.extend(unit.weaves)
        cards.extend((*player.row, *player.line_weaves, *player.graveyard))
    for card in cards:
        if card.card_id:
            shown[card.uid] = card.name
    return shown


def check_refs(state: State, kinds: dict[str, int]) -> None:
    """Every option of the open decision: its subject names only what the deciding seat sees,
    and the option's words name its actor (or, for a chosen target, the target)."""
    d = state.decision
    if d is None:
        return
    view = RULESET.view(state, d.seat)
    shown = visible_names(view)
    for action in d.actions:
        a0 = str(action[0])
        kinds[a0] = kinds.get(a0, 0) + 1
        subject = RULESET.subject(state, action)
        words = RULESET.describe(state, action)
        if a0 in ABOUT_NOTHING:
            assert subject == NO_SUBJECT, (action, subject)
            continue
        assert subject.refs(), f"{action} ({words}) has no subject"
        for ref in subject.refs():
            check_ref(ref, shown, action)
        named: Ref | None = subject.target if a0 in ("unit", "assign", "capture") else subject.actor
        if isinstance(named, int) and a0 not in ("damage", "line"):
            assert shown[named] in words, (action, words, shown[named])


def check_ref(ref: Ref, shown: dict[int, str], action: Any) -> None:
    if isinstance(ref, str):
        assert ref in PLACES, (action, ref)
    else:
        assert ref in shown, f"{action}: uid {ref} is not shown to the deciding seat"


def test_every_option_of_random_games_has_a_subject_the_seat_can_see() -> None:
    kinds: dict[str, int] = {}
    for n in range(24):
        setup = Setup(["Ana", "Bram"], {"deck1": DECKS[n % len(DECKS)], "deck2": DECKS[(n // len(DECKS)) % len(DECKS)]})
        play_game("magewars", 500 + n, setup=setup, check=lambda game: check_refs(game.state, kinds))
    # the test is only as good as what it met: the common kinds of every phase came up
    for needed in ("deploy", "cast", "lay", "attack", "block", "unit", "damage", "withdraw", "discard", "move"):
        assert kinds.get(needed, 0) > 0, f"no {needed} option in 24 random games: {sorted(kinds)}"


def test_an_attack_is_about_its_attacker_and_its_target() -> None:
    b = Board()
    b.basics(0, "bedrock-shard")
    ox = b.add(0, "boulderback-ox", "offensive")
    b.basics(1, "gale-shrine", "gale-shrine")
    selka = b.add(1, "selka-windcaller", "offensive")  # an Aerial Hero
    st = b.start()
    act(st, "combat")
    pass_fast(st)
    assert kind(st) == "declare_attackers"
    subjects = {a[2:]: RULESET.subject(st, a) for a in actions(st) if a[0] == "attack"}
    assert {key: (sub.actor, sub.target) for key, sub in subjects.items()} == {
        ("line", "offensive"): (ox, "line:offensive"),
        ("hero", selka): (ox, selka),
        ("line", "tower"): (ox, "tower"),
    }


def test_a_target_choice_is_about_the_card_that_needs_the_target() -> None:
    b, u = duel_board()
    st = b.start()
    act(st, "combat")
    assert kind(st) == "fast_cast" and seat(st) == 1
    act(st, "cast", u["snare"])
    assert kind(st) == "target"
    subject = RULESET.subject(st, ("unit", u["ox"]))
    assert (subject.actor, subject.target) == (u["snare"], u["ox"])
    assert RULESET.subject(st, ("cancel",)) == NO_SUBJECT
    check_refs(st, {})


def test_a_face_down_card_of_the_other_seat_is_never_a_subject_it_sees() -> None:
    game = Game.new("magewars", 7)
    for _ in range(300):
        d = game.decision
        if d is None:
            break
        check_refs(game.state, {})
        game.apply(d.actions[len(game.actions) % len(d.actions)])


def test_views_carry_the_printed_card_and_stay_hashable() -> None:
    """The board reads card text from the view (`info`), not from the content; the search's loop
    guard hashes views, so the printed card stays out of == and hash."""
    game = Game.new("magewars", 3)
    view = game.view(0)
    hand = view.hand[0]
    assert hand.info is not None and hand.info.id == hand.card_id
    assert hash(view) == hash(game.view(0))
    for player in view.players:
        for card in (*player.row, *player.offensive, *player.defensive):
            assert (card.info is None) == (card.card_id == "")
