"""Mage Wars hooks for the computer players: a scoring heuristic and honest determinization.

Both read only what `seat` may see: its own hand and face-down cards, counts, the face-up
board. The opponent's face-down cards count at a flat value in the heuristic.
"""

from __future__ import annotations

from mythtable.engine.decision import Action, Decision
from mythtable.engine.dice import Rng
from mythtable.rulesets.magewars.content import Effect, Info
from mythtable.rulesets.magewars.rules.options import attack_problems
from mythtable.rulesets.magewars.rules.queries import (
    can_block,
    field_bonus,
    guard,
    is_unit_in_play,
    meets,
    occupied,
    power,
    sources,
    weave_bonus,
)
from mythtable.rulesets.magewars.state import TOWER, Card, State, clone

HEURISTIC_SCALE = 30.0
"""Roughly how many heuristic points make one side clearly ahead (the search's sigmoid width; the
greedy bot ranks by the heuristic alone). Wide: a side 20 Tower Levels behind still tells its
options apart (at 10 every option scored near 0 once behind, and the noise chose)."""

SEARCH_PARAMS = {
    "paired_root": True,
    "rollout_actions": 30,
    "rollout_turns": 1,
    "prior_visits": 8.0,
    "hybrid_z": 1.0,
    "guard_keep": (("pass",),),
}
"""Rollouts play the rest of the root's turn (at most 30 choices) with a cheap policy (`rollout_policy`),
so every sample is scored once this turn's blows have landed (the tree stops there too); never let the
loop guard leave out a pass (guard_keep); compare root actions on common samples,
lean on the greedy prior while samples are few, and leave the greedy choice only when the paired
samples favour another option by a standard error (hybrid_z). A lab notebook, newest last; win rates
are the search against greedy, seats swapped (commands in the README).

Before issue 19 (100 iterations): 65.5% (seed 4000) and 67.5% (seed 1000), 200 games each. Tried then:
2 random rollout steps (53.5% against 60.0% for 8), greedy rollouts to the end of the turn (38% after
24 games), prior_visits 4 and 16 (56% and 62% against 57% for 8).

Issue 19, slices 2 and 3 (100 iterations, first 40-60 games of seeds 4000/1000, machine loaded), none
clear of the noise (a 60-game interval is about 12 points each way):
- face-down cards dealt mostly as not ready (DOWN_UNMET 0.9; kept, search only): 78/120 against 80/120;
  the same deal for both bots 85/120 (changes greedy and the golden games: not kept);
- search's own scoring (`search_heuristic`, kept): the counter-attack a declared combat invites
  (COUNTER_WEIGHT 1) and the Tower damage each side lies open to (THREAT_WEIGHT 0.5): 79/120 against
  78/120; all games played: 240/344 = 69.8% (64.7-74.4);
- also tried, 26-29/40 against 27/40: exhausted units 2 points less, TOWER_WEIGHT 1.0 in the search
  alone, rollouts that pass with chance 0.6; 34/60 with no rollout steps; sigmoid width 20 and 40:
  36/60 and 38/60 against 35/60; greedy opponent steps in rollouts: too slow (cloning every option).

Issue 19, slice 4 (Normal defined as 200 iterations capped by its clock, bots.LEVEL_ITERATIONS). Games
0-59 of seed 1000, per game against the same games as it was (35/60 = 58.3%, 45.7-69.9; every variant
at 100 iterations unless said), one process, the machine shared:
- hybrid, hybrid_z 1 (the greedy prior's choice unless the paired samples favour another by one
  standard error): 39/60 (6 games won that were lost, 2 lost that were won);
- the same at 200 iterations: 36/60; 400 iterations, as it was: 4/5 (stopped: 18 s a game);
- hybrid_z 1 and sigmoid width 30 (HEURISTIC_SCALE; kept: a side 20 Tower Levels behind still tells
  its options apart, where at 10 every option scored near 0 and the noise chose): 40/60;
- spell targets, line-damage targets, damage splits and Tower damage-or-capture answered by the
  heuristic below the root (greedy_kinds; without the hybrid): 41/60, but 3.5 times slower (8.8 s
  a game against 2.4): not kept for Normal's count;
- lost game 19 traced: from turn 6 the greedy bot's Aerial Emberwing Drakes hit the search's Tower
  (30 to 5 by turn 8); once that far behind every option scored near 0 at width 10 (the search also
  declined a block that would have saved 5 Tower Levels): what the wider sigmoid answers.
Kept (hybrid_z 1, width 30), at Normal by iterations on games not used for choosing (`python
benchmarks/computer.py --by-iterations --levels normal --rulesets magewars --games 400 --seed 5000`):
280/400 = 70.0% (65.3-74.3). 80% is not reached; no change of this slice is clear of the noise.
Not tried for want of time: the hybrid with targets answered by the heuristic in the tree's descent
only (cheap: one step an iteration, not every rollout step), and tier terms (H-12: min_tier 2 cards
need Tower Level 20) in the search's scoring.

Issue 19, rollouts and the deal (Normal by iterations, 100 games; screening `python benchmarks/computer.py
--by-iterations --levels normal --rulesets magewars --games 100 --seed 6000 --progress`, confirmation the
same with --seed 7000; as it was: 70/100 and 68/100):
- lost game 12 of seed 6000 traced: the greedy bot paid its Tower down to 1 (Cinder Hound's ability), and
  the search, with Rain of Embers (3 Tower damage) in hand, played on for six turns and lost: every option
  scored 1.0, as in random rollouts the opponent paid its last Tower Level for an ability. Random play
  passes, cancels, withdraws and spends Tower Levels as often as it casts and attacks;
- a cheap rollout policy (`rollout_policy`: weights by kind of action, combat only with a unit that
  may attack, harm aimed at enemies, blocks of an attacker the blocker survives): 37/53 against 41/53
  (stopped at 53 games); with the policy also never paying the last Tower Levels and spending them
  less readily (cost-scaled weights): 68/100;
- that policy, and rollouts that stop at the end of the root's turn (`rollout_turns` 1, at most 30
  choices; kept): 77/100 on seed 6000, 76/100 on seed 7000 (faster too: turn median 0.12 s, p95 0.77 s
  against 0.20 s and 1.33 s, as most rollouts end before 8 choices). The greedy rollouts to the end
  of the turn tried before (38% after 24 games) cloned every option at every step: under the 1 s
  budget of then a fraction of the iterations, and one fixed line of play per sample;
- with that, the opponent's hidden cards dealt as the greedy bot leaves them (HAND_NO_UNIT 0.9: a hand
  between turns holds no units, as both bots deploy them at once, face-down if need be; ROW_RITUAL 1: a
  face-down row card is a Ritual, ready or not, as a Resource or Holding is worth more laid; DOWN_UNMET 1):
  25/32 against 29/32 on the same games (stopped; not kept, the switches removed);
- rollouts through the next turn too (`rollout_turns` 2, at most 60 choices): 15/20 against 18/20 on the
  same games (stopped; not kept);
- lost game 18 of seed 6000 traced (the greedy bot again at Tower 1): the search declared combat and
  attacked with nothing rather than lay Magma and turn its Emberwing Drake face-up, as "declare
  combat" and "end turn" scored 1.0 on half the samples: below the root the tree expands an untried
  action at random, and the opponent's untried answers there included paying its last Tower Level.
  No tree below the root's actions (`flat`, removed since; rollouts straight from the root's action): 82/100 on seed
  6000 but 69/100 on seed 7000 (turn median 0.08-0.10 s): 151/200 against 153/200 with the tree; not
  kept;
- with the kept rollouts, hybrid_z 0.5 (trusting the better rollouts sooner): 73/100 on seed 6000;
- with the kept rollouts, blocks answered by the heuristic in rollouts (a `rollout_greedy_kinds`
  switch, removed: attack_step and counter_blockers): 13/18 against 17/18 on the same games, and slower (stopped);
- the kept rollouts without the policy (uniformly random to the end of the turn): 37/50 against 44/50
  with it on the same games (stopped): the policy matters once rollouts run to the end of the turn;
- with the kept rollouts, face-down cards dealt as the greedy bot leaves them, hands as before
  (DOWN_UNMET 1, ROW_RITUAL 1): 70/100 on seed 6000 (the same games lost as with HAND_NO_UNIT too:
  a deal closer to how greedy plays is not a better one for the search; not kept); DOWN_UNMET 0
  (face-down cards dealt at random): 67/100 (kept at 0.9).
Kept: the policy and rollouts to the end of the root's turn, 77/100 and 76/100 (153/200 against
138/200 as it was) and faster turns; on a third set (--seed 8000) 77/100 against 73/100 as it was:
230/300 = 76.7% against 211/300. 80% over 400 games is not shown.

Tried at the same time on the tree's side (branch mwtree, same screening sets, before the rollouts above;
its code was not merged, as nothing of it was kept with them):
- spell targets, damage splits and damage-or-capture answered by the heuristic in the tree's descent
  only: 67/100 on seed 6000;
- reach and lethal terms in the search's scoring (a unit that may move up to strike, a fatal threat):
  70/100; tier locks (H-12) and a near-loss Tower term on top of the skeptical prior below: 75/100;
- a skeptical prior (a departure from the greedy choice must also make up its one-step loss through the
  sigmoid): weight 1, 79/100 and 70/100 on seed 7000 (178/258 against 181/258 on the 400-game set);
  weight 2, 80/100 and 67/100;
- never leaving the greedy prior's choice (hybrid_z 1000: the search's own scoring one step ahead, the
  rollouts unused): 78/100 and 76/100, as good as the rollouts above on those sets: what lifts the
  old search above greedy is mostly `search_heuristic`, and its departures on one or two standard
  errors of random replies lost about as many games as they won.
- with the rollouts above, the skeptical prior at weight 2: 79/100 and 78/100, and on the 400-game
  set 305/400 = 76.3% (148/200 of seeds 5000-5199, 157/200 of 5200-5399): not clear of the rollouts
  alone, so not merged.
Kept, on the 400-game set (`python benchmarks/computer.py --by-iterations --levels normal --rulesets
magewars --games 200 --seed 5000`, and `--seed 5200`: the games of `--games 400 --seed 5000`, two at once):
301/400 = 75.3% (70.8-79.2) against 280/400 = 70.0% as it was; turn median 0.09 s, p95 0.6 s (no
clock, two processes on the two cores). 80% is not reached.

Issue 19, learning from the losses (Normal by iterations; main as it was: 77/100 on seed 6000, 76/100 on
seed 7000, 301/400). The 15 games main lost on seed 6000 traced, the root's statistics at every decision:
- 4 paid the search's own Tower down through the loop guard (games 9, 56, 65, 76; 30 to 0 in one turn in
  56): the guard's one re-deal dealt the opponent nothing to answer with, so the search's pass looked like
  a cycle of its own and was left out; the greedy bot cast a spell and cancelled it, the same view came
  back, and only a paying ability (Cinder Hound: 1 Tower, +1 Power) was left, round after round;
- 3 paid it down by choice (25, 51, 72: 27 Tower Levels into one Cinder Hound's Power against a 1/2 unit);
- 2 attacked with nothing, turn after turn, against a greedy bot at Tower 1 (18, 52): below the root the
  tree expanded the opponent's replies at random, paying its last Tower Level among them;
- 6 outplayed with no single turning point found (42, 44, 45, 64, 67, 68; in 64 it drew no Holding and
  could turn none of its four face-down units face-up).
Kept, each screened on the same games:
- the search bot's loop guard never leaves out a pass (`SearchParams.guard_keep`; the greedy bot's guard
  as it was). Asking 8 re-deals instead (all must show the pass coming back) still left it out in a traced
  game: the re-deal ignores that the opponent has shown its Flash Scorch, cast and cancelled;
- the tree expands the rollout policy's pick (mcts, with a ruleset's rollout_policy only): an action the
  policy never plays is never expanded while another is on offer;
- rollouts pass in a fast-cast window at weight 12 (`FAST_PASS_WEIGHT`; 3 before): at 3 they spent a Tower
  Level in about half the windows, so a move that opened one more window for the opponent scored better
  (game 72's 25th pump, 2000 iterations: the ability led the pass by 0.012; by -0.011 at weight 4 or 10);
  these three together: 86/100 on seed 6000 (13 won that main lost, 4 lost that it won), 84/100 on seed
  7000 (14 and 6), and 331/400 = 82.8% (78.7-86.1) on the 400-game set (161/200 and 170/200, main 149
  and 152; turn median 0.11 and 0.10 s, p95 0.78 and 0.58 s);
- its losses on seed 6000 traced again: one still paid 13 Tower Levels into a Cinder Hound whose blocker
  was already dead (game 8). The tree went on past the rollouts' horizon (`rollout_turns`): a pass that
  ends the turn was scored after one of the opponent's moves of the next turn (a deploy, say), an ability
  that keeps the window open before it. The tree now stops where the rollouts stop: 91/100 on seed 6000
  (7 won that the three fixes lost, 2 lost), 88/100 on seed 7000 (5 and 1); turn median 0.07 and 0.06 s,
  p95 0.51 and 0.48 s. On the 400-game set: 337/400 = 84.2% (80.4-87.5), 162/200 and 175/200
  (turn median 0.06 s both halves, p95 0.39 and 0.41 s). Each left out in turn, seed 6000 (91/100 with all
  four): without guard_keep 82/100 (9 games lost that all four won, none won), without FAST_PASS_WEIGHT
  86/100, without the policy's expansion 85/100, without the horizon 86/100 (above).
Not done: the re-deal could keep the cards the opponent has shown and taken back (a spell cast and
cancelled); the one-step prior still compares a pass that ends the turn (scored in the next) with an
ability that keeps the window open (scored with the exhausted opponent's threat terms), which the
paired samples now overrule.

Tried at the same time, not merged (branch mweval keeps the fitting script, benchmarks/fit_magewars_eval.py):
the search's scoring fitted by logistic regression on the results of fast games between noisy one-step
bots (features from each seat's view only; the last fifth of the games held out), screened against main
as it was before the fixes above (77/100 and 76/100):
- 18 raw features a side: held-out log loss 0.459 against 0.566 for the Tower alone, but 5/16 against
  15/16 (stopped): the weights read what goes with winning between two greedy bots, not what a move is
  worth (a Tower Level 0.05 log-odds against 0.66 for a unit, so the search paid its Tower for anything);
- the scoring's own four parts (Tower, the rest, exposure, counter hits) fitted freely: 48/66 against
  55/66 (stopped); with the Tower and the rest tied and the scale and threat terms fitted (HEURISTIC_SCALE
  31.9, THREAT_WEIGHT 1.91, COUNTER_WEIGHT 1.44): 80/100 and 71/100; fitted on turn starts only: 80/100
  and 65/100;
- the hand-set scoring read as log-odds fits a sigmoid width of 24.7: HEURISTIC_SCALE 30 was about right."""

TOWER_WEIGHT = 1.5
"""A Tower Level is life and mana at once: worth less than a point of board power spent well."""

DOWN_UNMET = 0.9
"""Chance that a face-down card of the opponent's is dealt, in the search's determinization, a card whose
requirements the opponent does not meet now (when the pool holds one). A card it could turn
face-up it would mostly have deployed or turned face-up already (greedy and search both prefer a
face-up unit); dealing such cards at random put ready units behind every face-down card."""

ROW_TYPES = frozenset({"resource", "holding", "ritual"})
"""What may lie face-down in a row; face-down cards on a line are units."""


def _forecast(state: State) -> tuple[set[int], list[int]]:
    """What the attacks still to resolve will do if nothing changes (H-31 to H-34): the units they
    will destroy and the damage each Tower will take.

    Valuing a position by its coming blows shows a one-step look-ahead that a blow put off is
    still coming, and that a boost until end of turn is worth only what it changes here.
    Blocked attackers split their Power to destroy as many blockers as they can; a line attack
    strikes the defender's sturdiest unit there; a Tower attack deals damage."""
    cb = state.combat
    tower = [0, 0]
    if cb is None:
        return set(), tower
    cards = state.cards
    dmg: dict[int, int] = {}

    def left(c: Card) -> int:
        return guard(state, c) - c.wounds - dmg.get(c.uid, 0)

    for a in cb.attacks[cb.di :]:
        if not is_unit_in_play(state, a.attacker):
            continue
        att = cards[a.attacker]
        pw = power(state, att)
        blockers = [cards[b] for b in a.blockers if is_unit_in_play(state, b)]
        if blockers:
            spare = pw
            for b in sorted(blockers, key=left):
                need = max(left(b), 0)
                if spare >= need:
                    spare -= need
                    dmg[b.uid] = dmg.get(b.uid, 0) + need
            dmg[att.uid] = dmg.get(att.uid, 0) + sum(power(state, b) for b in blockers)
        elif a.hero >= 0:
            if is_unit_in_play(state, a.hero):
                dmg[a.hero] = dmg.get(a.hero, 0) + pw
        elif a.line == TOWER:
            tower[cb.dfn] += pw
        else:
            units = [cards[u] for u in state.players[cb.dfn].line(a.line) if not cards[u].face_down]
            if units:
                target = max(units, key=left)
                dmg[target.uid] = dmg.get(target.uid, 0) + pw
    dead = {uid for uid, n in dmg.items() if n > 0 and left(cards[uid]) <= 0}
    return dead, tower


def _lasting(state: State, c: Card) -> tuple[int, int]:
    """Power and Guard without the modifiers that end with the turn (weaves and sources stay)."""
    pw, gd = c.d.power + field_bonus(state, c), c.d.guard
    if state.players[0].weaves or state.players[1].weaves:
        pw += weave_bonus(state, c, "power")
        gd += weave_bonus(state, c, "guard")
    return max(pw, 0), max(gd, 0)


def _side(state: State, side: int, seat: int, dead: set[int], hits: int) -> float:
    p = state.players[side]
    cards = state.cards
    tower = p.tower - hits
    value = TOWER_WEIGHT * tower + 0.6 * len(p.hand)
    if tower <= 8:
        value -= 8 - tower
    for uid in p.offensive + p.defensive:
        if uid in dead:
            continue
        c = cards[uid]
        if c.face_down and c.controller != seat:
            value += 3.0
            continue
        if c.face_down:
            value += 1.0 + 0.8 * c.d.power + 0.4 * c.d.guard
            continue
        pw, gd = _lasting(state, c)  # H-11: a boost until end of turn counts only through the forecast
        value += 2.0 + 1.2 * pw + 0.6 * max(gd - c.wounds, 0)
        if c.d.hero:
            value += 2.0
    for uid in p.row:
        c = cards[uid]
        if c.face_down and c.controller != seat:
            value += 1.5
        elif c.face_down:
            value += 1.2
        else:
            value += 2.0 if c.d.type in ("resource", "holding") else 1.0
    for item in state.stack:
        if item.seat == side and item.kind == "spell":
            value += TOWER_WEIGHT * cards[item.uid].d.cost + 0.5  # paid for, about to take effect
    value += 1.5 * len(p.weaves)
    if not p.deck:
        value -= 3.0
    return value


def heuristic(state: State, seat: int) -> float:
    """Positive when `seat` is ahead: Tower Levels first, then the board."""
    if state.over:
        if state.winner is None:
            return 0.0
        return 1000.0 if state.winner == seat else -1000.0
    dead, hits = _forecast(state)
    return _score(state, seat, dead, hits)


def _score(state: State, seat: int, dead: set[int], hits: list[int]) -> float:
    value = _side(state, seat, seat, dead, hits[seat]) - _side(state, 1 - seat, seat, dead, hits[1 - seat])
    return value - EMPTY_COMBAT_COST * (_empty_combat(state, seat) - _empty_combat(state, 1 - seat))


EMPTY_COMBAT_COST = 6.0
"""What a combat declared with no unit able to attack costs its side in the bots' scoring (issue 33): it
only hands the turn over later, which a look-ahead that stops before the other side's turn mistakes for
a gain (the other side has not yet readied or drawn); more than a card drawn and a unit readied."""


def _empty_combat(state: State, side: int) -> bool:
    """Has `side` declared a combat in which no unit of its can attack (W-7, W-13)? From the moment it is
    declared (the Main phase's closing window) until the combat ends; public information only."""
    cb = state.combat
    if cb is None:
        declared = state.step == "main" and state.intent == "combat" and state.active == side
        return declared and bool(attack_problems(state, side))
    return not cb.counter and cb.atk == side and not cb.attacks and bool(attack_problems(state, side))


COUNTER_WEIGHT = 1.0
"""In the search's scoring, how much of the Tower damage a coming counter-attack threatens counts now."""

THREAT_WEIGHT = 0.5
"""In the search's scoring, how much of the Tower damage each side lies open to counts now."""


def _open_hits(state: State, side: int, attackers: list[Card], dead: set[int], exclude: set[int]) -> int:
    """Tower damage `attackers` (the other side's face-up units) could deal `side`'s Tower past its
    blockers: an attacker reaches the Tower if it is Aerial or `side` has no line that holds a unit
    (W-22, H-29); each ready face-up unit of `side` (not dead, not in `exclude`) that may block it
    (H-45) stops one, the strongest first."""
    if not attackers:
        return 0
    cards = state.cards
    p = state.players[side]
    blockers = [
        cards[u]
        for u in p.offensive + p.defensive
        if not cards[u].face_down and not cards[u].exhausted and u not in dead and u not in exclude
    ]
    open_tower = not (occupied(state, side, "offensive") or occupied(state, side, "defensive"))
    hits = 0
    for c in sorted(attackers, key=lambda c: (-power(state, c), c.uid)):
        if not (c.d.aerial or open_tower):
            continue
        b = next((b for b in blockers if can_block(b, c)), None)
        if b is not None:
            blockers.remove(b)
            continue
        hits += power(state, c)
    return hits


def _counter_hits(state: State, dead: set[int]) -> int:
    """Tower damage the counter-attack still to come threatens the attacker with (H-37..H-40): the
    defender's ready face-up units on its Offensive Line that do not block, against the attacker's
    units that did not attack. Declaring combat with nothing to attack with only opens the door."""
    cb = state.combat
    if cb is None or cb.counter:
        return 0
    cards = state.cards
    blocking = {b for a in cb.attacks for b in a.blockers}
    counter = [
        cards[u]
        for u in state.players[cb.dfn].offensive
        if not cards[u].face_down and not cards[u].exhausted and u not in dead and u not in blocking
    ]
    return _open_hits(state, cb.atk, counter, dead, {a.attacker for a in cb.attacks})


def _exposed(state: State, side: int, dead: set[int]) -> int:
    """Tower damage `side` lies open to from the other side's face-up Offensive Line (next attack)."""
    cards = state.cards
    other = state.players[1 - side].offensive
    return _open_hits(state, side, [cards[u] for u in other if not cards[u].face_down and u not in dead], dead, set())


def search_heuristic(state: State, seat: int) -> float:
    """`heuristic` with what a one-step look-ahead can leave out but a search needs, as its
    rollouts stop before the blows land: the counter-attack a declared combat invites
    (COUNTER_WEIGHT) and the Tower damage each side lies open to (THREAT_WEIGHT). Reads only
    face-up cards, like `heuristic`."""
    if state.over:
        return heuristic(state, seat)
    dead, tower_hits = _forecast(state)
    value = _score(state, seat, dead, tower_hits)
    cb = state.combat
    if COUNTER_WEIGHT and cb is not None and not cb.counter:
        hits = _counter_hits(state, dead)
        value += (-1.0 if cb.atk == seat else 1.0) * COUNTER_WEIGHT * TOWER_WEIGHT * hits
    if THREAT_WEIGHT:
        value += THREAT_WEIGHT * TOWER_WEIGHT * (_exposed(state, 1 - seat, dead) - _exposed(state, seat, dead))
    return value


def search_determinize(state: State, seat: int, rng: Rng) -> State:
    """`determinize` with face-down cards dealt mostly as not ready (DOWN_UNMET), for the search bot."""
    return determinize(state, seat, rng, DOWN_UNMET)


def determinize(state: State, seat: int, rng: Rng, down_unmet: float = 0.0) -> State:
    """A clone in which everything hidden from `seat` is re-dealt at random.

    Hidden from `seat`: the opponent's hand, the opponent's face-down cards and both deck
    orders (and, through the generator, every future die and shuffle). Those cards of the
    opponent are pooled and dealt again, keeping the counts of every zone; a face-down card on
    a line is always dealt a unit and one in a row a card that may lie there; with `down_unmet`
    (the search's), mostly one whose requirements its owner does not meet now. The hand then takes the front of the
    shuffled pool, which the face-down cards' picks have left poorer in units: a fair picture, as
    units in hand are deployed at once (face-down if need be). `seat`'s own deck is shuffled.
    The result depends only on what `seat` can see and on `rng`.
    """
    c = clone(state)
    c.rng = Rng(rng.next64())
    cards = c.cards
    opp = 1 - seat
    po = c.players[opp]
    down_line = sorted(u for u in po.offensive + po.defensive if cards[u].face_down and cards[u].owner == opp)
    down_row = sorted(u for u in po.row if cards[u].face_down and cards[u].owner == opp)
    hand_deck = sorted(po.hand + po.deck)
    pool: list[Info] = sorted((cards[u].d for u in down_line + down_row + hand_deck), key=lambda d: d.id)
    rng.shuffle(pool)

    src = sources(c, opp)  # face-up cards only: what `seat` sees

    def take(types: frozenset[str] | None) -> Info:
        if down_unmet and rng.below(1000) < down_unmet * 1000:
            for i, d in enumerate(pool):
                if (types is None or d.type in types) and not meets(state, opp, d, src):
                    return pool.pop(i)
        for i, d in enumerate(pool):
            if types is None or d.type in types:
                return pool.pop(i)
        return pool.pop()

    for uid in down_line:
        cards[uid].d = take(frozenset({"unit"}))
    for uid in down_row:
        cards[uid].d = take(ROW_TYPES)
    rng.shuffle(hand_deck)
    k = len(po.hand)
    for uid, d in zip(hand_deck, pool, strict=True):
        cards[uid].d = d
    po.hand = sorted(hand_deck[:k])
    po.deck = hand_deck[k:]
    for uid in po.hand:
        cards[uid].zone = "hand"
    for uid in po.deck:
        cards[uid].zone = "deck"
    mine = c.players[seat]
    own = sorted(mine.deck)
    own_infos = sorted((cards[u].d for u in own), key=lambda d: d.id)
    rng.shuffle(own)
    rng.shuffle(own_infos)
    for uid, d in zip(own, own_infos, strict=True):
        cards[uid].d = d
    mine.deck = own
    return c


POLICY_WEIGHTS: dict[str, int] = {
    "flip": 6,
    "deploy": 5,
    "lay": 4,
    "cast": 3,
    "ritual": 3,
    "ability": 2,
    "combat": 3,
    "end": 2,
    "set": 1,
    "deploy_down": 1,
    "move": 0,
    "pass": 3,
    "attack": 3,
    "block": 3,
    "withdraw": 0,
    "unblock": 0,
    "cancel": 0,
    "done": 2,
}
"""The rollout policy's weight of each kind of action (its first word); others weigh 1. Random
play passes, cancels, withdraws and deploys face-down as often as it casts and attacks."""

FAST_PASS_WEIGHT = 12
"""The rollout policy's weight of a pass in a fast-cast window (a response; the Main phase has its own
decision). Each window a rollout opens lets its player's policy spend Tower Levels at random (an
ability, a spell), mostly for nothing: at the pass's weight of other decisions (3) an action that opens
one more window for the opponent, even paying its own Tower for a worthless boost, scored better than a
pass (a traced game paid 27 Tower Levels into one Cinder Hound's Power, one at a time)."""

HARMFUL_OPS = frozenset({"damage", "exhaust", "tower_damage"})


def _effect_of(state: State, req_uid: int, purpose: str) -> Effect | None:
    d = state.cards[req_uid].d
    if purpose == "ability":
        return None if d.ability is None else d.ability.effect
    return d.effect


def _target_weight(state: State, seat: int, option: Action, purpose: str, uid: int) -> int:
    """A target for a block (the attacker the blocker survives and, better, destroys) or for an
    effect (enemy units for a harmful one, own units otherwise)."""
    if option[0] != "unit":
        return 1 if option[0] != "cancel" else 0
    cards = state.cards
    target = cards[int(option[1])]
    if purpose == "block":
        blocker = cards[uid]
        left = guard(state, blocker) - blocker.wounds
        weight = 1
        if power(state, target) < left:
            weight += 3
        if power(state, blocker) >= guard(state, target) - target.wounds:
            weight += 2
        return weight
    effect = _effect_of(state, uid, purpose)
    harmful = effect is not None and any(
        op.op in HARMFUL_OPS or (op.op in ("power", "guard") and op.amount < 0) for op in effect.ops
    )
    mine = target.controller == seat
    return 4 if mine != harmful else 0


def _self_cost(state: State, action: Action) -> int:
    """Tower Levels `action` takes from its own player's Tower: a spell's or ability's cost, plus
    what a spell that hits every Tower (tower_damage_all) deals."""
    kind = action[0]
    if kind not in ("cast", "ability", "ritual", "flip"):
        return 0
    d = state.cards[int(action[1])].d
    if kind == "ability":
        return 0 if d.ability is None else d.ability.tower_cost
    if kind == "flip" and d.type != "ritual":
        return 0
    cost = d.cost
    if d.effect is not None:
        cost += sum(op.amount for op in d.effect.ops if op.op == "tower_damage_all")
    return cost


def _can_attack(state: State, seat: int) -> bool:
    cards = state.cards
    for uid in state.players[seat].offensive:
        c = cards[uid]
        if not c.face_down and not c.exhausted and c.entered != state.turn:
            return True
    return False


def rollout_policy(state: State, decision: Decision, rng: Rng) -> Action:
    """The search's rollout step in Mage Wars: a weighted random choice by the kind of action
    (POLICY_WEIGHTS), with no cloning: cast, turn face-up and attack rather than pass, cancel or
    withdraw; declare combat only with a unit that may attack; target enemies with harm and own
    units with help; block an attacker the blocker survives. Reads only the state it is given
    (a determinization, in the search)."""
    actions = decision.actions
    seat = decision.seat
    weights: list[int] = []
    req = state.target_req
    face_up = {a[1] for a in actions if a[0] == "deploy"}
    for a in actions:
        kind = a[0]
        if req is not None and decision.kind == "target":
            w = _target_weight(state, seat, a, req.purpose, req.uid)
        elif kind == "combat":
            w = POLICY_WEIGHTS["combat"] if _can_attack(state, seat) else 0
        elif kind == "deploy_down" and a[1] in face_up:
            w = 0
        elif kind == "pass" and decision.kind == "fast_cast":
            w = FAST_PASS_WEIGHT
        else:
            w = POLICY_WEIGHTS.get(kind, 1)
            cost = _self_cost(state, a)
            if cost:  # never lose by paying; random play spends the Tower on every ability it meets
                w = 0 if cost >= state.players[seat].tower else w * 2 // (2 + cost)
        weights.append(w)
    total = sum(weights)
    if total <= 0:
        return actions[rng.below(len(actions))]
    r = rng.below(total)
    for a, w in zip(actions, weights, strict=True):
        r -= w
        if r < 0:
            return a
    return actions[-1]
