"""The battlefield: boards built once per map, distance, line of sight and corner cutting (H-16)."""

from __future__ import annotations

from mythtable.engine.decision import Action
from mythtable.rulesets.mythcraft.rules.formulas import DIRS
from mythtable.rulesets.mythcraft.state import Board, Pos


def dist(ax: int, ay: int, bx: int, by: int) -> int:
    """Squares between two squares (diagonal steps count 1)."""
    return max(abs(ax - bx), abs(ay - by))


def make_board(rows: list[str]) -> Board:
    """A board from map rows, with neighbour tables by square index for the move searches."""
    height, width = len(rows), len(rows[0])
    walls = frozenset((x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "#")
    rubble = frozenset((x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == ":")
    neigh: dict[Pos, tuple[Pos, ...]] = {}
    for y in range(height):
        for x in range(width):
            if (x, y) in walls:
                continue
            out = []
            for dx, dy in DIRS:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < width and 0 <= ny < height) or (nx, ny) in walls:
                    continue
                if dx and dy and ((x + dx, y) in walls or (x, y + dy) in walls):
                    continue  # H-16: no cutting a wall corner
                out.append((nx, ny))
            neigh[(x, y)] = tuple(out)
    nidx: list[tuple[int, ...]] = [()] * (width * height)
    for (x, y), qs in neigh.items():
        nidx[y * width + x] = tuple(qy * width + qx for qx, qy in qs)
    walk = [2 if (i % width, i // width) in rubble else 1 for i in range(width * height)]
    nset = [frozenset(n) for n in nidx]
    rubble_idx = frozenset(y * width + x for x, y in rubble)
    coords = [(i % width, i // width) for i in range(width * height)]
    move_actions: list[Action] = [("move", x, y) for x, y in coords]
    return Board(width, height, walls, rubble, neigh, nidx, walk, nset, rubble_idx, coords, move_actions)


_BOARDS: dict[tuple[str, ...], Board] = {}


def board_for(rows: list[str]) -> Board:
    """The board of a map ("#" wall, ":" rubble, anything else open), built once per process: a
    Board depends only on its rows and never changes (but for its line-of-sight cache)."""
    key = tuple(rows)
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= 64:  # test maps come and go
            _BOARDS.clear()
        board = _BOARDS[key] = make_board(rows)
    return board


def line_of_sight(board: Board, a: Pos, b: Pos) -> bool:
    """H-16: the centre-to-centre segment must not pass through the inside of a wall square."""
    if a == b:
        return True
    key = (a, b) if a <= b else (b, a)
    got = board.los_cache.get(key)
    if got is not None:
        return got
    ax, ay = a[0] + 0.5, a[1] + 0.5
    bx, by = b[0] + 0.5, b[1] + 0.5
    dx, dy = bx - ax, by - ay
    ok = True
    for wx, wy in board.walls:
        if not (min(a[0], b[0]) <= wx <= max(a[0], b[0]) and min(a[1], b[1]) <= wy <= max(a[1], b[1])):
            continue
        t0, t1 = 0.0, 1.0
        inside = True
        for p, q in ((-dx, ax - wx), (dx, wx + 1 - ax), (-dy, ay - wy), (dy, wy + 1 - ay)):
            if p == 0:
                if q <= 0:
                    inside = False
                    break
                continue
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
        if inside and t1 - t0 > 1e-9:
            ok = False
            break
    board.los_cache[key] = ok
    return ok


def in_reach(board: Board, ax: int, ay: int, reach: int, bx: int, by: int) -> bool:
    """H-16, the one melee reach test: whether (bx, by) is within `reach` squares of (ax, ay), adjacent without
    cutting a wall corner, farther in line of sight. Attacks, the Engaged strike (F-24) and the move hint that
    foretells it all ask this."""
    dx, dy = bx - ax, by - ay
    d = max(dx if dx >= 0 else -dx, dy if dy >= 0 else -dy)
    if d == 0 or d > reach:
        return False
    if d == 1:
        walls = board.walls
        return not (dx and dy and ((ax + dx, ay) in walls or (ax, ay + dy) in walls))
    return line_of_sight(board, (ax, ay), (bx, by))


def melee_adjacent_ok(board: Board, a: Pos, b: Pos) -> bool:
    """H-16: a diagonal melee attack may not cut a wall corner."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx and dy and abs(dx) == 1 and abs(dy) == 1:
        return (a[0] + dx, a[1]) not in board.walls and (a[0], a[1] + dy) not in board.walls
    return True
