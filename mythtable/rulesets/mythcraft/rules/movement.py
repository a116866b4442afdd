"""Move ranges (F-15, H-16), paths, and the move frame that walks a path square by square (F-24)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import filterfalse

from mythtable.engine.decision import Action, Decision, Event
from mythtable.rulesets.mythcraft.rules.board import dist, in_reach
from mythtable.rulesets.mythcraft.rules.reactions import end_of_movement, offer
from mythtable.rulesets.mythcraft.rules.units import in_order, melee_reach, speed_squares, unit
from mythtable.rulesets.mythcraft.state import Board, MoveFrame, MoveRange, Pos, State, Unit


def reach_map(state: State, u: Unit, budget: int) -> tuple[dict[Pos, int], dict[Pos, Pos]]:
    """Bucketed Dijkstra on square indices: square -> cost in squares (F-15, H-16)."""
    board = state.board
    w = board.width
    n = w * board.height
    cost = [1] * n if u.flyer else board.walk_cost[:]
    occupied = []
    side = u.side
    for o in state.units:
        if not o.dead and o is not u:
            q = o.y * w + o.x
            occupied.append(q)
            cost[q] = cost[q] * 2 if o.side == side else 999
    start = u.y * w + u.x
    best = [999] * n
    best[start] = 0
    parent = [-1] * n
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    nidx = board.nidx
    reached = []
    for c in range(budget + 1):
        for p in buckets[c]:
            if best[p] != c:
                continue
            reached.append(p)
            for q in nidx[p]:
                nc = c + cost[q]
                if nc < best[q] and nc <= budget:
                    best[q] = nc
                    parent[q] = p
                    buckets[nc].append(q)
    out: dict[Pos, int] = {}
    par: dict[Pos, Pos] = {}
    for p in reached:
        pos = (p % w, p // w)
        if p != start:
            par[pos] = (parent[p] % w, parent[p] // w)
            if p not in occupied:
                out[pos] = best[p]
    return out, par


def reach_costs(state: State, u: Unit, budget: int) -> dict[int, int]:
    """The same costs as reach_map, by square index (y * width + x), by layers of set unions
    (no parents: cheap enough to run for every decision). A square's entry cost depends only
    on the square (rubble 2, an ally's square 2, both 4), so the first layer that reaches a
    square is its cheapest."""
    board = state.board
    w = board.width
    nset = board.nset
    double = set() if u.flyer else set(board.rubble_idx)
    quad: set[int] = set()
    blocked: set[int] = set()
    side = u.side
    for o in state.units:
        if not o.dead and o is not u:
            q = o.y * w + o.x
            if o.side != side:
                blocked.add(q)
            elif q in double:
                quad.add(q)  # an ally on rubble: 4 (kept in `double` too)
            else:
                double.add(q)
    start = u.y * w + u.x
    seen = blocked
    seen.add(start)
    layers: dict[int, set[int]] = {0: {start}}
    out: dict[int, int] = {}
    for c in range(budget + 1):
        front = layers.get(c)
        if not front:
            continue
        if c and c == budget:
            out.update(dict.fromkeys(front, c))
            break
        if c:  # the start is layer 0, not a result
            out.update(dict.fromkeys(front, c))  # in the set's order, as a loop over it would
        nb: set[int] = set()  # every neighbour of this layer
        for p in front:
            nb |= nset[p]
        nb -= seen
        if not nb:
            continue
        seen |= nb
        if double:
            two = nb & double
            if two:
                nb -= two
                if quad:
                    four = two & quad
                    if four:
                        two -= four
                        layers.setdefault(c + 4, set()).update(four)
                layers.setdefault(c + 2, set()).update(two)
        if nb:
            layers.setdefault(c + 1, set()).update(nb)
    return out


def frightened_block(state: State, u: Unit, x: int, y: int) -> bool:
    """F-32: a Frightened participant may not end a move closer to the source of its fear."""
    f = u.conds.get("frightened")
    if not f:
        return False
    try:
        src = unit(state, f[2])
    except KeyError:
        return False
    if src.dead:
        return False
    return dist(x, y, src.x, src.y) < dist(u.x, u.y, src.x, src.y)


def hero_move_range(state: State, u: Unit, enc: bool | None = None) -> MoveRange | None:
    """Where the hero can move now (None: nowhere). The search is cached per position and
    State.moved, and re-priced when only its AP or movement left changed. `enc`: whether it is
    encumbered, if already known."""
    if "prone" in u.conds:
        return None
    speed = speed_squares(state, u, enc)
    if speed == 0:
        return None
    if u.move_left <= 0 and u.ap < 1:
        return None
    budget = max(u.move_left, speed)
    fright = "frightened" in u.conds
    key = ("h", u.uid, u.x, u.y, budget, state.moved, fright)
    sub = (u.move_left, u.ap >= 1)
    cache = state.reach_cache
    if cache is not None and cache.key == key:
        if cache.sub == sub:
            return cache
        best = cache.best
    else:
        best = reach_costs(state, u, budget)
    actions = move_actions(state, u, best, fright, u.move_left, u.ap >= 1, speed)
    cache = state.reach_cache = MoveRange(key, best, sub, actions)
    return cache


def creature_move_range(state: State, u: Unit) -> MoveRange | None:
    """Where the creature can move with one action (None: nowhere), cached like a hero's."""
    if "prone" in u.conds or u.acts <= 0:
        return None
    speed = speed_squares(state, u)
    if speed == 0:
        return None
    fright = "frightened" in u.conds
    key = ("c", u.uid, u.x, u.y, speed, state.moved, fright)
    cache = state.reach_cache
    if cache is not None and cache.key == key:
        return cache
    best = reach_costs(state, u, speed)
    cache = state.reach_cache = MoveRange(key, best, None, move_actions(state, u, best, fright, 0, True, speed))
    return cache


def move_actions(
    state: State, u: Unit, best: dict[int, int], fright: bool, left: int, paid: bool, speed: int
) -> list[Action]:
    """The move actions, in `best`'s order, to the reached squares a move may end on (F-15:
    not an occupied one; F-32: not closer to the source of its fear) and can pay for: within
    the `left` squares of the current Move, or within a new Move of `speed` squares if `paid`.
    `best` was searched with a budget of max(left, speed) squares."""
    board = state.board
    w = board.width
    moves = board.move_actions
    # the squares found that someone stands on: allies' (hostiles' are never entered; its own is no result)
    taken = {q for o in state.units if not o.dead and (q := o.y * w + o.x) in best}
    # paid: a new Move reaches every square found (the search's budget was max(left, speed))
    squares: Iterable[int] = best if paid else [p for p, c in best.items() if c <= left]
    if fright:
        squares = [p for p in squares if not frightened_block(state, u, p % w, p // w)]
    if taken:
        squares = filterfalse(taken.__contains__, squares)
    return list(map(moves.__getitem__, squares))


def hero_moves(state: State, u: Unit) -> dict[Pos, int]:
    """Reachable squares -> AP cost (0 inside the current Move's budget, else 1)."""
    r = hero_move_range(state, u)
    w = state.board.width
    return {(x, y): r.ap_cost(y * w + x) for x, y in r.squares()} if r is not None else {}


def creature_moves(state: State, u: Unit) -> dict[Pos, int]:
    """Reachable squares -> 1 (a creature's Move costs one of its actions)."""
    r = creature_move_range(state, u)
    return dict.fromkeys(r.squares(), 1) if r is not None else {}


def path_to(state: State, u: Unit, dest: Pos, reach: MoveRange) -> tuple[tuple[Pos, ...], int]:
    """A cheapest path to a square of the move range, taking the first fitting neighbour at
    each step back, as (x, y) squares (a move frame's path); and its cost in squares."""
    best = reach.best
    board = state.board
    w = board.width
    allies = {o.y * w + o.x for o in state.units if not o.dead and o is not u and o.side == u.side}
    rubble = frozenset() if u.flyer else board.rubble_idx
    start = u.y * w + u.x
    end = q = dest[1] * w + dest[0]
    path = [q]
    while True:  # walk back along squares whose costs add up exactly
        enter = (2 if q in rubble else 1) * (2 if q in allies else 1)
        c = best[q] - enter
        if c == 0 and start in board.nset[q]:
            break
        for p in board.nidx[q]:
            if best.get(p) == c and p != start:
                q = p
                break
        else:
            raise AssertionError("no way back along the move range")
        path.append(q)
    path.reverse()
    return tuple(map(board.coords.__getitem__, path)), best[end]


def step_move(state: State, f: MoveFrame, events: list[Event]) -> Decision | None:
    """A move frame: walk the path, then end the move (once walked, stopped or fallen)."""
    u = unit(state, f.uid)
    path = f.path
    if not (u.dead or u.dying or f.step >= len(path) or "stopped" in u.conds) and walk(state, f, u, events):
        return None  # a hostile is offered an Engaged strike first
    i = f.step
    state.stack.pop()
    if not u.dead:
        ux, uy = u.x, u.y
        for o in state.units:
            if o.x == ux and o.y == uy and o is not u and not o.dead:
                u.x, u.y = f.free  # never end on an ally's square (F-15): back to the last free one
                state.moved += 1
                break
    if "stopped" in u.conds and i < len(path) and not u.dead:
        events.append(Event(f"{u.name} is stopped at ({u.x}, {u.y})."))
        u.move_left = 0
    if not u.dead and not u.dying and i > 0:
        end_of_movement(state, u, events)
    return None


Watcher = tuple[Unit, int, int, int]
"""A hostile that may strike a mover as it leaves its reach (F-24): the unit, its square, its melee reach."""


def watchers(state: State, u: Unit, path: tuple[Pos, ...], i: int = 0) -> list[Watcher]:
    """The hostiles that could strike `u` as it walks `path` from step `i` (F-24, H-3): able to react, Engaged
    not used this round, and near enough (within its reach of a square the mover leaves: the walk's squares,
    the one it stands on, then the path's, lie in a box). Nothing but the mover changes during a walk, so the
    list holds for the whole of it."""
    lox = hix = u.x
    loy = hiy = u.y
    for k in range(i, len(path)):
        px, py = path[k]
        if px < lox:
            lox = px
        elif px > hix:
            hix = px
        if py < loy:
            loy = py
        elif py > hiy:
            hiy = py
    side = u.side
    out: list[Watcher] = []
    for o in state.units:
        conds = o.conds
        if (
            o.side != side
            and not o.dead
            and not o.dying  # can_react, inlined: not dying, neither Dazed nor Stunned
            and "engaged" not in o.used
            and "dazed" not in conds
            and "stunned" not in conds
        ):
            r = melee_reach(state, o)
            if lox - r <= o.x <= hix + r and loy - r <= o.y <= hiy + r:
                out.append((o, o.x, o.y, r))
    return out


def leaving_reach(board: Board, near: list[Watcher], here: Pos, there: Pos, asked: Iterable[str] = ()) -> list[Unit]:
    """The watchers whose melee reach the mover is in on `here` but not on `there` (F-24): who may strike as
    it takes that step, by the one reach test (board.in_reach, H-16). The walk asks this to offer the strike,
    and the move hint asks it to foretell one. `asked`: uids already offered the strike at this step."""
    px, py = here
    qx, qy = there
    out = []
    for e, ex, ey, r in near:
        if (
            -r <= px - ex <= r  # a quick look first: far off is out of reach
            and -r <= py - ey <= r
            and e.uid not in asked
            and in_reach(board, ex, ey, r, px, py)
            and not in_reach(board, ex, ey, r, qx, qy)
        ):
            out.append(e)
    return out


def engaged_along(state: State, u: Unit, path: tuple[Pos, ...]) -> tuple[str, ...]:
    """The move hint (F-24): the uids of the hostiles the walk along `path` would offer an Engaged strike,
    each strike declined or missed, in the Initiative order of the first offer."""
    near = watchers(state, u, path)
    if not near:
        return ()
    board = state.board
    out: list[Unit] = []
    here = (u.x, u.y)
    for there in path:
        for e in in_order(state, leaving_reach(board, near, here, there)):
            if e not in out:
                out.append(e)
        here = there
    return tuple(e.uid for e in out)


def walk(state: State, f: MoveFrame, u: Unit, events: list[Event]) -> bool:
    """Step along the move frame's path until its end (False), or until leaving a square lets
    a hostile strike first (F-24): True once the Engaged strike has been offered."""
    path = f.path
    i = f.step
    units = state.units
    asked = f.asked
    near = watchers(state, u, path, i)
    grapples = any(o.conds and "grappled" in o.conds for o in units)
    others = {(o.x, o.y) for o in units if o is not u and not o.dead}
    if not near and not grapples:  # no one to strike, no grapple to break: straight to the end
        n = len(path)
        for k in range(n - 1, i - 1, -1):
            if path[k] not in others:
                f.free = path[k]  # the last square entered that no one else stands on
                break
        if i < n:
            u.x, u.y = path[-1]
            state.moved += n - i
        f.step = n
        f.asked = ()
        return False
    board = state.board
    while i < len(path):
        qx, qy = path[i]
        engagers = leaving_reach(board, near, (u.x, u.y), (qx, qy), asked) if near else []
        if engagers:
            e = in_order(state, engagers)[0] if len(engagers) > 1 else engagers[0]
            f.asked = (*asked, e.uid)
            f.step = i
            offer(state, e, "engaged", u, events)
            return True
        u.x, u.y = qx, qy
        state.moved += 1
        i += 1
        asked = []
        if (qx, qy) not in others:
            f.free = (qx, qy)
        if grapples:
            for o in units:
                g = o.conds.get("grappled")
                if g and (g[2] == u.uid or o is u):
                    src = unit(state, g[2])
                    if dist(src.x, src.y, o.x, o.y) > 1:
                        del o.conds["grappled"]
                        events.append(Event(f"{o.name} is no longer Grappled."))
    f.step = i
    f.asked = ()
    return False
