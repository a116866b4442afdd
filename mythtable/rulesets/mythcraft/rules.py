"""The MythCraft combat state machine (clause IDs refer to shared/rules/mythcraft.md).

The state is parked on exactly one decision. Anything that can be interrupted by a reaction
(a move, an attack) is a frame on `state.stack`; `_run` steps the top frame until one needs a
choice, and otherwise runs the turn order (start of turn, the turn decision, end of turn).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mythtable.engine.decision import Action, Decision, Event
from mythtable.engine.dice import Rng
from mythtable.rulesets.mythcraft.content import MythcraftContent, parse_dice
from mythtable.rulesets.mythcraft.state import INDEFINITE, UNTIL_START, Board, MoveRange, Pos, State, Unit

HEROES, CREATURES = 0, 1
DEF_INDEX = {"AR": 0, "REF": 1, "FORT": 2, "ANT": 3, "LOG": 4, "WILL": 5}
ATTR_INDEX = {"STR": 0, "DEX": 1, "END": 2, "AWR": 3, "INT": 4, "CHA": 5, "LUCK": 6, "COR": 7}
DEATH_DP = 8
ROUND_LIMIT_CHOICES = (10, 20, 30, 50)  # H-28: the setup's round limits (none by default)
SIMULATION_ROUND_LIMIT = 30  # H-28: bot-versus-bot runs end in a draw by time after this round
ROUND_SECONDS = 10  # C-2
SIZES = ("tiny", "small", "medium", "large", "huge")
DIRS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


# ----- small formulas ------------------------------------------------------------------------
def cor_bonus(cor: int) -> int:
    """C-16 table; equals floor(COR / 2) for COR -3..12 (F-3)."""
    return cor // 2


def reactive_cap(level: int) -> int:
    """C-21: ceil(level / 2) + 1."""
    return -(-level // 2) + 1


def hit_die(end: int) -> int:
    """F-20 V by END (H-8: END -3 gives 0)."""
    if end <= -3:
        return 0
    if end <= -1:
        return 1
    if end <= 2:
        return 2
    if end <= 5:
        return 3
    if end <= 8:
        return 4
    if end <= 11:
        return 5
    return 6


def hero_max_hp(level: int, end: int) -> int:
    """F-20: 10 + level x V + level."""
    return 10 + level * hit_die(end) + level


def bloodied(u: Unit) -> bool:
    """F-21 with F-4: at or below half max HP, the half rounded up (13 max HP: Bloodied at 7)."""
    return u.hp <= -(-u.max_hp // 2)


def capacity(strength: int) -> int:
    """H-6: 10 + 2 x STR, minimum 4."""
    return max(4, 10 + 2 * strength)


def crit_threshold(luck: int, vulnerable: int) -> int:
    """F-10/F-13: lowest natural d20 that crits (21 = never)."""
    if luck < 0:
        return 21
    widen = (2 if luck >= 12 else 1 if luck >= 6 else 0) + vulnerable
    return max(16, 20 - widen)


def dist(ax: int, ay: int, bx: int, by: int) -> int:
    return max(abs(ax - bx), abs(ay - by))


def make_board(rows: list[str]) -> Board:
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


def melee_adjacent_ok(board: Board, a: Pos, b: Pos) -> bool:
    """H-16: a diagonal melee attack may not cut a wall corner."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx and dy and abs(dx) == 1 and abs(dy) == 1:
        return (a[0] + dx, a[1]) not in board.walls and (a[0], a[1] + dy) not in board.walls
    return True


# ----- the state machine -------------------------------------------------------------------
class Engine:
    """All rules logic; the Ruleset class in __init__ delegates here."""

    # ----- unit helpers ------------------------------------------------------------------
    @staticmethod
    def able(u: Unit) -> bool:
        """Can act and react (not dead, not dying)."""
        return not u.dead and not u.dying

    @staticmethod
    def can_react(u: Unit) -> bool:
        return not u.dead and not u.dying and "dazed" not in u.conds and "stunned" not in u.conds

    def weight(self, st: State, u: Unit) -> int:
        items = st.content.items
        w = 0
        for i in u.pack:
            w += items[i].weight
        for i in (u.main, u.off, u.armor):
            if i:
                w += items[i].weight
        return w

    def encumbered(self, st: State, u: Unit) -> bool:
        return u.side == HEROES and self.weight(st, u) > capacity(u.attrs[0])

    def speed_squares(self, st: State, u: Unit, enc: bool | None = None) -> int:
        """Squares per Move; 0 when Grappled or stopped by an Engaged hit (F-24, F-33).
        `enc`: whether it is encumbered, if already known."""
        if "grappled" in u.conds or "stopped" in u.conds:
            return 0
        ft = u.speed_ft
        if self.encumbered(st, u) if enc is None else enc:
            ft = -(-ft // 2)  # H-6: halve, round the feet up, count whole squares
        return ft // 5

    def defense(self, st: State, u: Unit, name: str) -> int:
        i = DEF_INDEX[name]
        v = u.defs[i]
        if i == 0 and u.off and st.content.items[u.off].kind == "shield":
            v += st.content.items[u.off].ar_bonus
        if i <= 2 and "dodge" in u.conds:
            v += 2  # F-25
        return v

    def two_handed(self, st: State, u: Unit) -> bool:
        return not u.off and "prone" not in u.conds and "grappled" not in u.conds

    @staticmethod
    def grip_allowed(st: State, u: Unit, wid: str) -> bool:
        """F-26, F-33: no two-handed weapon while Prone or Grappled, on every attack path
        (own turn, Engaged strike, Riposte)."""
        if wid == "unarmed" or st.content.items[wid].grip != "two_hands":
            return True
        return "prone" not in u.conds and "grappled" not in u.conds

    def weapon_apc(self, st: State, u: Unit, wid: str) -> int:
        if wid == "unarmed":
            return 2
        item = st.content.items[wid]
        r = item.apc
        assert r is not None
        cost = (
            r.fixed
            if r.fixed is not None
            else max(r.base - (u.attrs[ATTR_INDEX[r.minus]] if r.minus else 0), r.minimum)
        )
        if item.grip == "hand_and_half" and r.two_handed_discount and self.two_handed(st, u):
            cost = max(cost - r.two_handed_discount, r.two_handed_minimum)
        return cost

    def hero_reach(self, st: State, u: Unit) -> int:
        return 1

    def creature_reach(self, st: State, u: Unit) -> int:
        cache = st.content.dice
        key = "reach:" + u.kind
        got = cache.get(key)
        if got is None:
            best = 0
            for a in st.content.creatures[u.kind].actions:
                if a.kind == "attack" and a.range in ("melee", "reach"):
                    best = max(best, a.range_ft // 5)
            got = cache[key] = (best, 0, 0)
        return got[0]

    def melee_reach(self, st: State, u: Unit) -> int:
        return self.hero_reach(st, u) if u.side == HEROES else self.creature_reach(st, u)

    def in_melee(self, st: State, a: Unit, pos: Pos, reach: int) -> bool:
        d = dist(a.x, a.y, pos[0], pos[1])
        if d == 0 or d > reach:
            return False
        if d == 1:
            return melee_adjacent_ok(st.board, (a.x, a.y), pos)
        return line_of_sight(st.board, (a.x, a.y), pos)

    def occupant(self, st: State, x: int, y: int) -> Unit | None:
        for u in st.units:
            if not u.dead and u.x == x and u.y == y:
                return u
        return None

    def unit(self, st: State, uid: str) -> Unit:
        for u in st.units:
            if u.uid == uid:
                return u
        raise KeyError(uid)

    def active(self, st: State) -> Unit:
        return st.units[st.order[st.turn_idx]]

    def is_turn_of(self, st: State, u: Unit) -> bool:
        return bool(st.order) and not st.active_gone and st.units[st.order[st.turn_idx]] is u

    # ----- movement --------------------------------------------------------------------
    def reach_map(self, st: State, u: Unit, budget: int) -> tuple[dict[Pos, int], dict[Pos, Pos]]:
        """Bucketed Dijkstra on square indices: square -> cost in squares (F-15, H-16)."""
        board = st.board
        w = board.width
        n = w * board.height
        cost = [1] * n if u.flyer else board.walk_cost[:]
        occupied = []
        side = u.side
        for o in st.units:
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

    def reach_costs(self, st: State, u: Unit, budget: int) -> dict[int, int]:
        """The same costs as reach_map, by square index (y * width + x), by layers of set unions
        (no parents: cheap enough to run for every decision). A square's entry cost depends only
        on the square (rubble 2, an ally's square 2, both 4), so the first layer that reaches a
        square is its cheapest."""
        board = st.board
        w = board.width
        nset = board.nset
        double = set() if u.flyer else set(board.rubble_idx)
        quad: set[int] = set()
        blocked: set[int] = set()
        side = u.side
        for o in st.units:
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
                for p in front:
                    out[p] = c
                break
            nb: set[int] = set()  # every neighbour of this layer (the start is layer 0, not a result)
            for p in front:
                if c:
                    out[p] = c
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

    def frightened_block(self, st: State, u: Unit, x: int, y: int) -> bool:
        f = u.conds.get("frightened")
        if not f:
            return False
        try:
            src = self.unit(st, f[2])
        except KeyError:
            return False
        if src.dead:
            return False
        return dist(x, y, src.x, src.y) < dist(u.x, u.y, src.x, src.y)

    def hero_move_range(self, st: State, u: Unit, enc: bool | None = None) -> MoveRange | None:
        """Where the hero can move now (None: nowhere). The search is cached per position and
        State.moved, and re-priced when only its AP or movement left changed. `enc`: whether it is
        encumbered, if already known."""
        if "prone" in u.conds:
            return None
        speed = self.speed_squares(st, u, enc)
        if speed == 0:
            return None
        if u.move_left <= 0 and u.ap < 1:
            return None
        budget = max(u.move_left, speed)
        fright = "frightened" in u.conds
        key = ("h", u.uid, u.x, u.y, budget, st.moved, fright)
        sub = (u.move_left, u.ap >= 1)
        cache = st.reach_cache
        if cache is not None and cache.key == key:
            if cache.sub == sub:
                return cache
            best = cache.best
        else:
            best = self.reach_costs(st, u, budget)
        actions = self.move_actions(st, u, best, fright, u.move_left, u.ap >= 1, speed)
        cache = st.reach_cache = MoveRange(key, best, sub, actions)
        return cache

    def creature_move_range(self, st: State, u: Unit) -> MoveRange | None:
        """Where the creature can move with one action (None: nowhere), cached like a hero's."""
        if "prone" in u.conds or u.acts <= 0:
            return None
        speed = self.speed_squares(st, u)
        if speed == 0:
            return None
        fright = "frightened" in u.conds
        key = ("c", u.uid, u.x, u.y, speed, st.moved, fright)
        cache = st.reach_cache
        if cache is not None and cache.key == key:
            return cache
        best = self.reach_costs(st, u, speed)
        cache = st.reach_cache = MoveRange(key, best, None, self.move_actions(st, u, best, fright, 0, True, speed))
        return cache

    def move_actions(
        self, st: State, u: Unit, best: dict[int, int], fright: bool, left: int, paid: bool, speed: int
    ) -> list[Action]:
        """The move actions, in `best`'s order, to the reached squares a move may end on (F-15:
        not an occupied one; F-32: not closer to the source of its fear) and can pay for: within
        the `left` squares of the current Move, or within a new Move of `speed` squares if `paid`.
        `best` was searched with a budget of max(left, speed) squares."""
        board = st.board
        w = board.width
        moves = board.move_actions
        taken = {o.y * w + o.x for o in st.units if not o.dead}
        # paid: a new Move reaches every square found (the search's budget was max(left, speed))
        squares: Iterable[int] = best if paid else [p for p, c in best.items() if c <= left]
        if fright:
            squares = [p for p in squares if not self.frightened_block(st, u, p % w, p // w)]
        return [moves[p] for p in squares if p not in taken]

    def hero_moves(self, st: State, u: Unit) -> dict[Pos, int]:
        """Reachable squares -> AP cost (0 inside the current Move's budget, else 1)."""
        r = self.hero_move_range(st, u)
        w = st.board.width
        return {(x, y): r.ap_cost(y * w + x) for x, y in r.squares()} if r is not None else {}

    def creature_moves(self, st: State, u: Unit) -> dict[Pos, int]:
        """Reachable squares -> 1 (a creature's Move costs one of its actions)."""
        r = self.creature_move_range(st, u)
        return dict.fromkeys(r.squares(), 1) if r is not None else {}

    def path_to(self, st: State, u: Unit, dest: Pos, reach: MoveRange) -> tuple[list[list[int]], int]:
        """A cheapest path to a square of the move range, taking the first fitting neighbour at
        each step back, as [x, y] squares (a move frame's path); and its cost in squares."""
        best = reach.best
        board = st.board
        w = board.width
        allies = {o.y * w + o.x for o in st.units if not o.dead and o is not u and o.side == u.side}
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
        return [[p % w, p // w] for p in path], best[end]

    # ----- dice ---------------------------------------------------------------------------
    def roll(self, st: State, n: int, s: int) -> list[int]:
        return [st.rng.roll(s) for _ in range(n)]

    # ----- building a game ---------------------------------------------------------------
    def build(
        self,
        content: MythcraftContent,
        rng: Rng,
        encounter: str,
        party: list[str],
        level: int,
        auto_decline: tuple[bool, bool] = (False, False),
        fixed_damage: bool = False,
        round_limit: int = 0,
        rows: list[str] | None = None,
        legend: dict[str, str] | None = None,
        ground: list[tuple[int, int, str]] | None = None,
        tweak: Any = None,
    ) -> State:
        """A new state. Tests may pass their own `rows`/`legend` (a custom map)."""
        enc = content.encounters.get(encounter)
        if rows is None:
            assert enc is not None
            rows, legend = enc.map, enc.legend
            ground = [(g.x, g.y, g.item) for g in enc.ground_items]
        legend = legend or {}
        board = board_for(["".join(c if c in "#:" else "." for c in r) for r in rows])
        units: list[Unit] = []
        starts: dict[str, Pos] = {}
        capitals: list[tuple[str, Pos]] = []
        lowers: list[tuple[str, Pos]] = []
        for y, r in enumerate(rows):
            for x, c in enumerate(r):
                if c in "1234":
                    starts[c] = (x, y)
                elif c in legend:
                    (capitals if c.isupper() else lowers).append((c, (x, y)))
        for slot, tid in enumerate(party, start=1):
            if tid and str(slot) in starts:
                units.append(self.make_hero(content, f"h{slot}", tid, level, starts[str(slot)]))
        creature_spots = list(lowers)
        if len(party) > 2 and party[2] and capitals:
            creature_spots.append(capitals[0])
        if len(party) > 3 and party[3] and len(capitals) > 1:
            creature_spots.append(capitals[1])
        creature_spots.sort(key=lambda cp: (cp[1][1], cp[1][0]))
        kinds = [legend[c] for c, _ in creature_spots]
        seen: dict[str, int] = {}
        for k, (c, pos) in enumerate(creature_spots, start=1):
            cid = legend[c]
            seen[cid] = seen.get(cid, 0) + 1
            suffix = f" {chr(64 + seen[cid])}" if kinds.count(cid) > 1 else ""
            units.append(self.make_creature(content, f"c{k}", cid, pos, suffix))
        names: dict[str, int] = {}
        for u in units:
            if u.side == HEROES:
                names[u.name] = names.get(u.name, 0) + 1
                if names[u.name] > 1:
                    u.name = f"{u.name} {'I' * names[u.name]}"
        st = State(
            content=content,
            board=board,
            rng=rng,
            units=units,
            order=[],
            encounter=encounter,
            ground=[[x, y, i] for x, y, i in (ground or [])],
            auto_decline=list(auto_decline),
            fixed_damage=fixed_damage,
            round_limit=round_limit,
        )
        if tweak is not None:
            tweak(st)  # tests: adjust participants before Initiative and the first turn
        ev: list[Event] = []
        self.roll_initiative(st, ev)
        st.opening = ev
        self.run(st, ev)
        st.opening = ev
        return st

    def make_hero(self, content: MythcraftContent, uid: str, tid: str, level: int, pos: Pos) -> Unit:
        t = content.heroes[tid]
        a = [t.attributes[k] for k in ATTR_INDEX]
        armor = content.items[t.armor] if t.armor else None
        defs = [
            armor.ar if armor else 10,
            10 + a[1] + (armor.ref_bonus if armor else 0),
            10 + a[2] + (armor.fort_bonus if armor else 0),
            10 + a[3],
            10 + a[4],
            10 + a[5],
        ]
        hp = hero_max_hp(level, a[2])
        special = {"blood_rage": "rage", "holy_support": "support"}.get(t.feature, "")
        sp = 2 + 2 * level if t.spells else 0
        return Unit(
            uid=uid,
            name=t.name,
            side=HEROES,
            kind=tid,
            x=pos[0],
            y=pos[1],
            hp=hp,
            max_hp=hp,
            level=level,
            attrs=a,
            defs=defs,
            resist=dict(armor.resist) if armor else {},
            vuln={},
            immune=[],
            dr=0,
            speed_ft=t.speed_ft,
            flyer=False,
            feature=t.feature,
            spells=list(t.spells),
            special=special,
            base_special=special,
            main=t.main_hand,
            off=t.off_hand,
            armor=t.armor,
            pack=list(t.carried),
            sp=sp,
            max_sp=sp,
        )

    def make_creature(self, content: MythcraftContent, uid: str, cid: str, pos: Pos, suffix: str) -> Unit:
        c = content.creatures[cid]
        a = [c.attributes[k] for k in ("STR", "DEX", "END", "AWR", "INT", "CHA")] + [0, 0]
        d = [c.ar] + [c.defenses[k] for k in ("REF", "FORT", "ANT", "LOG", "WILL")]
        fly = c.movement.get("fly", 0)
        return Unit(
            uid=uid,
            name=c.name + suffix,
            side=CREATURES,
            kind=cid,
            x=pos[0],
            y=pos[1],
            hp=c.hp,
            max_hp=c.hp,
            level=c.level,
            attrs=a,
            defs=d,
            resist=dict(c.resist),
            vuln=dict(c.vulnerable),
            immune=list(c.immune),
            dr=c.dr,
            speed_ft=max(c.speed_ft, fly),  # H-23: a flyer moves at its best speed
            flyer=fly > 0,
            action_count=c.action_count,
            size=SIZES.index(c.size),
        )

    # ----- initiative (C-6..C-12) -------------------------------------------------------------
    def roll_initiative(self, st: State, ev: list[Event]) -> None:
        ev.append(Event("Combat begins: everyone rolls Initiative (d20 + AWR).", kind="round"))
        for u in st.units:
            d = st.rng.roll(20)
            u.init = [d, d + u.attrs[3], []]
            ev.append(
                Event(
                    f"{u.name} rolls Initiative: d20 {d} + AWR {u.attrs[3]} = {d + u.attrs[3]}",
                    kind="dice",
                    reveals=True,
                )
            )
        idx = list(range(len(st.units)))
        idx.sort(key=lambda i: (-st.units[i].init[1], -st.units[i].attrs[3]))
        order: list[int] = []
        k = 0
        while k < len(idx):
            j = k
            key = (st.units[idx[k]].init[1], st.units[idx[k]].attrs[3])
            while j < len(idx) and (st.units[idx[j]].init[1], st.units[idx[j]].attrs[3]) == key:
                j += 1
            order.extend(self.roll_off(st, idx[k:j], ev))
            k = j
        st.order = order
        names = ", ".join(st.units[i].name for i in order)
        ev.append(Event(f"Initiative order: {names}.", kind="round"))
        ev.append(Event("Round 1 begins (0:00 of fight time).", kind="round"))

    def roll_off(self, st: State, group: list[int], ev: list[Event]) -> list[int]:
        """C-11/C-12: unmodified d20s among those tied, repeated among those still tied."""
        if len(group) == 1:
            return group
        rolls = {}
        for i in group:
            r = st.rng.roll(20)
            st.units[i].init[2].append(r)
            rolls[i] = r
            ev.append(Event(f"{st.units[i].name} rolls off for the tie: d20 {r}", kind="dice", reveals=True))
        ordered = sorted(group, key=lambda i: -rolls[i])
        out: list[int] = []
        k = 0
        while k < len(ordered):
            j = k
            while j < len(ordered) and rolls[ordered[j]] == rolls[ordered[k]]:
                j += 1
            out.extend(self.roll_off(st, ordered[k:j], ev))
            k = j
        return out

    # ----- the driver --------------------------------------------------------------------
    def run(self, st: State, ev: list[Event]) -> None:
        """Advance until a decision is needed (cached in st.decision) or the game is over."""
        seen = -1
        while True:
            if st.stack and st.result is None:
                # H-17: victory is judged once the whole action (an area attack too) has resolved,
                # or before anyone is asked to react
                d = self.step_frame(st, st.stack[-1], ev)
                if d is None:
                    continue
                if seen != st.casualties:
                    seen = st.casualties
                    self.check_over(st, ev)
                if st.result is None:
                    st.decision = d
                    return
            if st.result is None and seen != st.casualties:
                seen = st.casualties
                self.check_over(st, ev)
            if st.result is not None:
                st.decision = None
                st.stack.clear()
                return
            if st.active_gone:
                self.next_turn(st, ev)
                continue
            u = self.active(st)
            if st.phase == "start":
                st.phase = "act"
                self.start_turn(st, u, ev)
                continue
            if not self.able(u):
                self.end_turn(st, u, ev)
                self.next_turn(st, ev)
                continue
            d = self.hero_decision(st, u) if u.side == HEROES else self.creature_decision(st, u)
            if len(d.actions) == 1:
                ev.append(Event(f"{u.name} has nothing left to do and ends its turn."))
                self.end_turn(st, u, ev)
                self.next_turn(st, ev)
                continue
            st.decision = d
            return

    def check_over(self, st: State, ev: list[Event]) -> None:
        heroes_up = creatures_up = False
        for u in st.units:
            if not u.dead:
                if u.side == CREATURES:
                    creatures_up = True
                elif not u.dying:
                    heroes_up = True
                if heroes_up and creatures_up:
                    return  # the fight goes on
        if not heroes_up:  # H-17: a simultaneous wipe-out goes to the creatures
            st.result = [CREATURES, "every hero is dead or dying"]
        elif not creatures_up:
            st.result = [HEROES, "every creature is dead"]
        else:
            return
        ev.append(Event(f"The game is over: {st.result[1]}.", kind="result"))

    def next_turn(self, st: State, ev: list[Event]) -> None:
        if st.active_gone:
            st.active_gone = False
        else:
            st.turn_idx += 1
        st.turns += 1
        if st.turn_idx >= len(st.order):
            st.turn_idx = 0
            if st.round_limit and st.round >= st.round_limit:  # H-28: a draw by time, only when set up
                st.result = [None, f"round {st.round_limit} ended with both sides still standing: a draw by time"]
                ev.append(Event(f"Round {st.round_limit} is over: the game is a draw by time (H-28).", kind="result"))
                return
            st.round += 1
            for u in st.units:
                u.used.clear()
            secs = (st.round - 1) * ROUND_SECONDS
            ev.append(Event(f"Round {st.round} begins ({secs // 60}:{secs % 60:02d} of fight time).", kind="round"))
        st.phase = "start"

    def kill(self, st: State, u: Unit, ev: list[Event]) -> None:
        st.casualties += 1
        st.moved += 1
        u.dead = True
        u.dying = False
        u.hp = 0
        u.ap = u.reactive = u.special_ap = 0
        i = st.units.index(u)
        if i in st.order:
            pos = st.order.index(i)
            st.order.pop(pos)
            if pos < st.turn_idx:
                st.turn_idx -= 1
            elif pos == st.turn_idx and not st.active_gone and st.result is None:
                st.active_gone = True
        for o in st.units:
            g = o.conds.get("grappled")
            if g and g[2] == u.uid:
                del o.conds["grappled"]
        u.conds.clear()
        if u.side == CREATURES:
            ev.append(Event(f"{u.name} dies and leaves the battlefield.", kind="death"))
        else:
            ev.append(Event(f"{u.name} dies.", kind="death"))

    # ----- start and end of a turn (H-12) ----------------------------------------------------
    def start_turn(self, st: State, u: Unit, ev: list[Event]) -> None:
        for k in [k for k, v in u.conds.items() if v[1] == UNTIL_START]:
            del u.conds[k]
        u.help_target = ""
        u.move_left = 0
        b = u.conds.get("bleeding")
        if b:
            ev.append(Event(f"{u.name} bleeds."))
            self.damage(st, u, b[0], "physical", ev, attack=False)
        b = u.conds.get("burning")
        if b and not u.dead:
            ev.append(Event(f"{u.name} burns."))
            self.damage(st, u, b[0], "fire", ev, attack=False)
        if u.dead:
            return
        if u.side == CREATURES:
            n = u.action_count
            if "stunned" in u.conds:
                n = 1
            if "dazed" in u.conds:
                n = min(n, 2)
            if "staggered" in u.conds:
                n = min(n, -(-u.action_count // 2))
            u.acts = n
            ev.append(Event(f"Round {st.round}: {u.name}'s turn ({n} actions).", kind="turn"))
            return
        if u.dying:
            u.ap = u.reactive = u.special_ap = u.fresh = u.kept = 0
            ev.append(Event(f"Round {st.round}: {u.name} is dying ({u.dp} DP) and cannot act.", kind="turn"))
            return
        base = 3 + cor_bonus(u.attrs[7])
        gain = base
        blocked = False
        if "stunned" in u.conds:
            gain, blocked = min(gain, 1), True
        if "dazed" in u.conds:
            gain, blocked = min(gain, min(base, 3)), True
        if "staggered" in u.conds:
            gain = min(gain, -(-base // 2))
        cap = reactive_cap(u.level)
        kept = 0 if blocked else min(u.reactive, cap)
        lost = u.reactive - kept
        u.fresh, u.kept = gain, kept
        u.ap = gain + kept
        u.reactive = 0
        u.special_ap = 1 if u.special else 0
        text = f"Round {st.round}: {u.name}'s turn: gains {gain} AP"
        if kept or lost:
            text += f" + keeps {kept} Reactive AP (cap {cap}"
            text += f", {lost} lost)" if lost else ")"
        text += f" = {u.ap} AP"
        if u.special_ap:
            text += f", {u.special_ap} {'Rage AP' if u.special == 'rage' else 'Holy Support AP (Support AP)'}"
        ev.append(Event(text + ".", kind="turn"))

    def end_turn(self, st: State, u: Unit, ev: list[Event]) -> None:
        if u.dead:
            return
        if u.side == HEROES and u.dying:
            u.dp += 1
            ev.append(Event(f"{u.name} ends its turn at 0 HP: +1 DP ({u.dp})."))
            if u.dp >= DEATH_DP:
                self.kill(st, u, ev)
                return
        for k in list(u.conds):
            v = u.conds[k]
            if v[1] >= 1:
                v[1] -= 1
                if v[1] == 0:
                    del u.conds[k]
                    ev.append(Event(f"{u.name} is no longer {k.capitalize()}."))
        if u.fury > 0:
            u.fury -= 1
            if u.fury == 0:
                u.special = u.base_special
                u.special_ap = 0
                ev.append(Event(f"{u.name}'s fury draught wears off."))
        if u.side == HEROES and not u.dying:
            u.reactive = u.ap
            if u.ap:
                ev.append(Event(f"{u.name} ends its turn; {u.ap} unspent AP become Reactive AP."))
            else:
                ev.append(Event(f"{u.name} ends its turn."))
        else:
            ev.append(Event(f"{u.name} ends its turn."))
        u.ap = 0
        u.special_ap = 0
        u.acts = 0
        u.move_left = 0

    # ----- damage, healing, conditions ----------------------------------------------------------
    def damage(self, st: State, u: Unit, amount: int, dtype: str, ev: list[Event], attack: bool = True) -> int:
        """H-9: Immune and DR first (Vulnerable overrides both); massive damage before clamping."""
        if u.dead:
            return 0
        if dtype not in u.vuln:
            if dtype in u.immune:
                ev.append(Event(f"{u.name} is immune to {dtype} damage."))
                return 0
            amount = max(0, amount - u.dr)
        if amount <= 0:
            return 0
        before = u.hp
        if u.side == HEROES:
            massive = before - amount <= -u.max_hp
            if before == 0:
                u.dp += 2 + (4 if massive else 0)
                ev.append(
                    Event(
                        f"{u.name} takes {amount} {dtype} damage while dying: +{2 + (4 if massive else 0)} DP ({u.dp})."
                    )
                )
            else:
                u.hp = max(0, before - amount)
                ev.append(Event(f"{u.name} takes {amount} {dtype} damage (HP {before} -> {u.hp})."))
                if massive:
                    u.dp += 4
                    ev.append(Event(f"Massive damage: {u.name} gains 4 DP ({u.dp})."))
                if u.hp == 0:
                    self.fall_dying(st, u, ev)
            if u.dp >= DEATH_DP:
                self.kill(st, u, ev)
        else:
            u.hp = max(0, before - amount)
            ev.append(Event(f"{u.name} takes {amount} {dtype} damage (HP {before} -> {u.hp})."))
            if u.hp == 0:
                self.kill(st, u, ev)
        return amount

    def fall_dying(self, st: State, u: Unit, ev: list[Event]) -> None:
        st.casualties += 1
        u.dying = True
        u.ap = u.reactive = u.special_ap = 0
        u.move_left = 0
        u.conds["prone"] = [0, INDEFINITE, ""]
        for o in st.units:
            g = o.conds.get("grappled")
            if g and g[2] == u.uid:
                del o.conds["grappled"]
        ev.append(Event(f"{u.name} drops to 0 HP, falls Prone and is dying.", kind="death"))

    def heal(self, st: State, u: Unit, amount: int, ev: list[Event]) -> None:
        before = u.hp
        u.hp = min(u.max_hp, u.hp + amount)
        ev.append(Event(f"{u.name} regains {u.hp - before} HP (HP {before} -> {u.hp})."))
        if u.dying and u.hp > 0:
            u.dying = False
            ev.append(Event(f"{u.name} is no longer dying (stays Prone, keeps {u.dp} DP)."))
        if "bleeding" in u.conds:
            del u.conds["bleeding"]
            ev.append(Event(f"{u.name} stops bleeding."))

    def add_cond(self, st: State, u: Unit, name: str, value: int, rounds: int, src: str, ev: list[Event]) -> None:
        if u.dead or name in u.immune:
            if not u.dead:
                ev.append(Event(f"{u.name} is immune to {name.capitalize()}."))
            return
        duration = INDEFINITE if rounds == 0 else rounds + (1 if self.is_turn_of(st, u) else 0)
        old = u.conds.get(name)
        if name in ("bleeding", "burning") and old:
            value = max(value, old[0])  # H-12: no stacking, keep the higher X
        u.conds[name] = [value, duration, src]
        label = name.capitalize() + (f" {value}" if value else "")
        ev.append(Event(f"{u.name} is {label}" + (f" ({rounds} round)." if rounds else ".")))
        if name == "prone":
            u.move_left = 0

    # ----- costs and payment (H-1, H-4, H-5) -----------------------------------------------------
    def can_pay(self, u: Unit, cost: int, kind: str) -> bool:
        extra = (
            u.special_ap
            if (u.special == "rage" and kind == "attack") or (u.special == "support" and kind == "support")
            else 0
        )
        return u.ap + extra >= cost

    def pay(self, u: Unit, cost: int, kind: str) -> str:
        """Special AP first (H-5), normal AP for the rest; spending AP ends a Move (F-14)."""
        if cost <= 0:
            return "0 AP"
        s = 0
        if (u.special == "rage" and kind == "attack") or (u.special == "support" and kind == "support"):
            s = min(u.special_ap, cost)
            u.special_ap -= s
        u.ap -= cost - s
        u.move_left = 0
        if s:
            label = "Rage" if u.special == "rage" else "Support"
            return f"{s} {label} AP + {cost - s} AP" if cost - s else f"{s} {label} AP"
        return f"{cost} AP"

    def hostiles(self, st: State, u: Unit) -> list[Unit]:
        return [o for o in st.units if o.side != u.side and not o.dead]

    def weapon_targets(self, st: State, u: Unit, wid: str, foes: list[tuple[Unit, int]] | None = None) -> list[Unit]:
        """Hostiles this weapon can attack now: melee within reach (no corner cutting, sight
        for reach 10 ft), else ranged or thrown within range and sight."""
        items = st.content.items
        out = []
        if wid == "unarmed":
            reach, rng, melee = 1, 0, True
        else:
            it = items[wid]
            if not self.grip_allowed(st, u, wid):
                return []  # F-26, F-33
            reach, melee = it.reach_ft // 5, bool(it.reach_ft)
            rng = (it.range_ft or it.thrown_ft) // 5
        ux, uy = u.x, u.y
        if foes is None:
            foes = [(o, max(abs(o.x - ux), abs(o.y - uy))) for o in st.units if o.side != u.side and not o.dead]
        board = st.board
        for o, d in foes:
            if d == 1:
                if melee_adjacent_ok(board, (ux, uy), (o.x, o.y)) or (
                    not melee and rng and line_of_sight(board, (ux, uy), (o.x, o.y))
                ):
                    out.append(o)
            elif ((melee and d <= reach) or (rng and d <= rng)) and line_of_sight(board, (ux, uy), (o.x, o.y)):
                out.append(o)
        return out

    def held_weapons(self, st: State, u: Unit) -> list[str]:
        out = []
        for i in (u.main, u.off):
            if i and st.content.items[i].kind == "weapon" and i not in out:
                out.append(i)
        out.append("unarmed")
        return out

    def can_equip(self, st: State, u: Unit, iid: str, enc: bool | None = None) -> bool:
        it = st.content.items[iid]
        if it.kind not in ("weapon", "shield"):
            return False
        if self.encumbered(st, u) if enc is None else enc:  # C-30, H-6
            return False
        if it.kind == "shield":
            return not u.off and (not u.main or st.content.items[u.main].grip != "two_hands")
        if it.grip == "two_hands":
            return not u.main and not u.off
        if not u.main:
            return not (u.off and st.content.items[u.off].grip == "two_hands")
        return not u.off and it.grip == "one_hand" and st.content.items[u.main].grip == "one_hand"

    def ground_near(self, st: State, u: Unit) -> list[str]:
        """Item ids on the own square first, then on adjacent squares (no repeats)."""
        ux, uy = u.x, u.y
        own: dict[str, None] = {}
        near: dict[str, None] = {}
        for gx, gy, iid in st.ground:
            if gx == ux and gy == uy:
                own[iid] = None
            elif -1 <= gx - ux <= 1 and -1 <= gy - uy <= 1:
                near[iid] = None
        own.update(near)
        return list(own)

    def spell_targets(self, st: State, u: Unit, sid: str) -> list[Action]:
        sp = st.content.spells[sid]
        rng = sp.range_ft // 5
        out: list[Action] = []
        if sp.target == "hero":
            for o in st.units:
                if o.side == u.side and not o.dead and dist(u.x, u.y, o.x, o.y) <= rng:
                    out.append(("cast", sid, o.uid))
            return out
        for o in st.units:
            if o.dead or (sp.target == "hostile" and o.side == u.side) or (sp.target == "area" and o is u):
                continue
            if dist(u.x, u.y, o.x, o.y) <= rng and line_of_sight(st.board, (u.x, u.y), (o.x, o.y)):
                out.append(("cast", sid, o.uid))
        return out

    def spell_cost_kind(self, st: State, sid: str) -> str:
        return "support" if st.content.spells[sid].target == "hero" else "spell"

    # ----- the hero's turn decision ----------------------------------------------------------
    def hero_decision(self, st: State, u: Unit) -> Decision:
        acts: list[Action] = []
        items = st.content.items
        enc = self.encumbered(st, u)
        reach = self.hero_move_range(st, u, enc)
        if reach is not None:
            acts.extend(reach.actions)
        ux, uy = u.x, u.y
        foes = [(o, max(abs(o.x - ux), abs(o.y - uy))) for o in st.units if o.side != u.side and not o.dead]
        # hostiles within reach of an unarmed strike or a grapple: adjacent, no corner cutting (H-16)
        adjacent = [o for o, d in foes if d == 1 and melee_adjacent_ok(st.board, (ux, uy), (o.x, o.y))]
        for wid in self.held_weapons(st, u):
            if self.can_pay(u, self.weapon_apc(st, u, wid), "attack"):
                targets = adjacent if wid == "unarmed" else self.weapon_targets(st, u, wid, foes)
                for o in targets:
                    acts.append(("attack", wid, o.uid))
        for sid in u.spells:
            sp = st.content.spells[sid]
            if u.sp >= sp.spc and self.can_pay(u, sp.apc, self.spell_cost_kind(st, sid)):
                acts.extend(self.spell_targets(st, u, sid))
        prone = "prone" in u.conds
        if u.ap >= 2:
            acts.append(("dodge",))
        if prone and u.ap >= 1 and self.speed_squares(st, u, enc) > 0:
            acts.append(("stand",))
        if not prone:
            acts.append(("prone",))
        if prone and "burning" in u.conds and u.ap >= 3:
            acts.append(("douse",))
        if u.ap >= 2:
            for o in adjacent:
                acts.append(("grapple", o.uid))
                if o.size <= u.size + 1:  # F-34: at most one size larger
                    acts.append(("shove", o.uid))
                acts.append(("trip", o.uid))
            if "grappled" in u.conds:
                acts.append(("escape",))
        held = [i for i in (u.main, u.off) if i]
        pack = dict.fromkeys(u.pack)  # each carried item once, in order
        if u.ap >= 1:
            for iid in pack:
                if self.can_equip(st, u, iid, enc):
                    acts.append(("equip", iid))
            for iid in dict.fromkeys(held):
                acts.append(("stow", iid))
            for iid in self.ground_near(st, u):
                acts.append(("pick_up", iid))
        for iid in dict.fromkeys([*held, *(i for i in pack if i)]):
            acts.append(("set_down", iid))
        consumables = [iid for iid in pack if items[iid].kind == "consumable"]
        if consumables:
            friends = [
                o for o in st.units if o.side == u.side and not o.dead and -1 <= o.x - ux <= 1 and -1 <= o.y - uy <= 1
            ]
            for iid in consumables:
                it = items[iid]
                for o in friends:
                    kind = "support" if (o is not u or it.heal) else "object"
                    if self.can_pay(u, it.use_apc, kind):
                        acts.append(("use", iid, o.uid))
        if adjacent and self.can_pay(u, 1, "support"):
            for o, d in foes:
                if d == 1:
                    acts.append(("help", o.uid))
        acts.append(("end",))
        special = ""
        if u.special_ap:
            special = f", {u.special_ap} {'Rage AP' if u.special == 'rage' else 'Holy Support AP (Support AP)'}"
        moves = f", {u.move_left} squares of movement left" if u.move_left else ""
        return Decision(0, "hero_turn", f"{u.name}: {u.ap} AP{special}{moves}. Choose an action.", acts)

    # ----- the creature's turn decision ------------------------------------------------------------
    def creature_targets(self, st: State, u: Unit, a: Any) -> list[Unit]:
        rng = a.range_ft // 5
        out = []
        for o in self.hostiles(st, u):
            d = dist(u.x, u.y, o.x, o.y)
            if a.range == "melee" or a.range == "reach":
                if self.in_melee(st, u, (o.x, o.y), rng):
                    out.append(o)
            elif d <= rng and line_of_sight(st.board, (u.x, u.y), (o.x, o.y)):
                out.append(o)
        return out

    def creature_decision(self, st: State, u: Unit) -> Decision:
        acts: list[Action] = []
        c = st.content.creatures[u.kind]
        if u.acts > 0:
            ux, uy = u.x, u.y
            board = st.board
            foes = [(o, max(abs(o.x - ux), abs(o.y - uy))) for o in st.units if o.side != u.side and not o.dead]
            for a in c.actions:
                if a.kind == "move":
                    reach = self.creature_move_range(st, u)
                    if reach is not None:
                        acts.extend(reach.actions)
                elif a.kind == "attack":
                    rng = a.range_ft // 5
                    melee = a.range == "melee" or a.range == "reach"
                    for o, d in foes:
                        if d > rng:
                            continue
                        if d == 1 and melee:
                            ok = melee_adjacent_ok(board, (ux, uy), (o.x, o.y))
                        else:
                            ok = line_of_sight(board, (ux, uy), (o.x, o.y))
                        if ok:
                            acts.append(("attack", a.id, o.uid))
                elif a.kind == "area_attack" and a.id not in u.once_used and self.area_targets(st, u, a):
                    acts.append(("special", a.id))
            acts.append(("dodge",))
            prone = "prone" in u.conds
            if prone and self.speed_squares(st, u) > 0:
                acts.append(("stand",))
            if not prone:
                acts.append(("prone",))  # F-34, H-10: 0 actions, offered while it has actions to take
            if prone and "burning" in u.conds:
                acts.append(("douse",))
            for o, d in foes:
                if d == 1 and melee_adjacent_ok(board, (ux, uy), (o.x, o.y)):
                    acts.append(("grapple", o.uid))
                    if o.size <= u.size + 1:
                        acts.append(("shove", o.uid))
                    acts.append(("trip", o.uid))
            if "grappled" in u.conds:
                acts.append(("escape",))
        acts.append(("end",))
        return Decision(1, "creature_turn", f"{u.name}: {u.acts} action(s) left. Choose an action.", acts)

    def area_targets(self, st: State, u: Unit, a: Any) -> list[Unit]:
        rng = a.range_ft // 5
        return [
            o
            for o in self.hostiles(st, u)
            if dist(u.x, u.y, o.x, o.y) <= rng and line_of_sight(st.board, (u.x, u.y), (o.x, o.y))
        ]

    # ----- attack specs (plain dicts, stored in frames) ---------------------------------------------
    def weapon_spec(self, st: State, u: Unit, wid: str, target: Unit) -> dict[str, Any]:
        if wid == "unarmed":
            s = u.attrs[0]
            return {
                "name": "an unarmed strike",
                "lab": "STR",
                "mod": s,
                "def": "AR",
                "n": 0,
                "s": 0,
                "b": max(1, 1 + s),
                "type": "blunt",
                "melee": True,
                "ranged": False,
                "magic": False,
                "creature": False,
                "avg": 0,
                "riders": [],
                "kind": "damage",
                "wid": "unarmed",
            }
        it = st.content.items[wid]
        n, sides, b = parse_dice(it.damage)
        ai = ATTR_INDEX[it.attribute or "STR"]
        melee = bool(it.reach_ft) and self.in_melee(st, u, (target.x, target.y), it.reach_ft // 5)
        return {
            "name": it.name,
            "lab": it.attribute,
            "mod": u.attrs[ai],
            "def": it.defense,
            "n": n,
            "s": sides,
            "b": b + u.attrs[ai],
            "type": it.damage_type,
            "melee": melee,
            "ranged": not melee,
            "magic": False,
            "creature": False,
            "avg": 0,
            "riders": [],
            "kind": "damage",
            "wid": wid,
            "thrown": not melee and bool(it.thrown_ft),
        }

    def spell_spec(self, st: State, u: Unit, sid: str) -> dict[str, Any]:
        sp = st.content.spells[sid]
        lab = "INT" if sp.school == "arcane" else "CHA"
        n, s, b = parse_dice(sp.damage)
        return {
            "name": sp.name,
            "lab": lab,
            "mod": u.attrs[ATTR_INDEX[lab]],
            "def": sp.defense,
            "n": n,
            "s": s,
            "b": b,
            "type": sp.damage_type,
            "melee": False,
            "ranged": True,
            "magic": True,
            "creature": False,
            "avg": 0,
            "riders": [],
            "kind": "damage",
            "wid": "",
        }

    def creature_spec(self, st: State, u: Unit, aid: str) -> dict[str, Any]:
        a = next(x for x in st.content.creatures[u.kind].actions if x.id == aid)
        n, s, b = parse_dice(a.damage) if a.damage else (0, 0, 0)
        return {
            "name": a.name,
            "lab": "",
            "mod": a.bonus,
            "def": a.defense,
            "n": n,
            "s": s,
            "b": b,
            "type": a.damage_type or "",
            "melee": a.range in ("melee", "reach"),
            "ranged": a.range == "ranged",
            "magic": False,
            "creature": True,
            "avg": a.average,
            "riders": [[r.condition, r.value, r.rounds] for r in a.riders],
            "kind": "damage" if a.damage else "effect",
            "wid": aid,
        }

    def maneuver_spec(self, st: State, u: Unit, kind: str) -> dict[str, Any]:
        s, d = u.attrs[0], u.attrs[1]
        if kind in ("grapple", "escape") and d > s:
            lab, mod = "DEX", d
        else:
            lab, mod = "STR", s
        defense = {"grapple": "?", "escape": "?", "shove": "FORT", "trip": "REF"}[kind]
        return {
            "name": kind,
            "lab": lab,
            "mod": mod,
            "def": defense,
            "n": 0,
            "s": 0,
            "b": 0,
            "type": "",
            "melee": True,
            "ranged": False,
            "magic": False,
            "creature": u.side == CREATURES,
            "avg": 0,
            "riders": [],
            "kind": kind,
            "wid": "",
        }

    def engaged_spec(self, st: State, e: Unit, target: Unit) -> dict[str, Any]:
        if e.side == HEROES:
            for wid in self.held_weapons(st, e):
                if (wid == "unarmed" or st.content.items[wid].reach_ft) and self.grip_allowed(st, e, wid):
                    return self.weapon_spec(st, e, wid, target)
        for a in st.content.creatures[e.kind].actions:
            if (
                a.kind == "attack"
                and a.range in ("melee", "reach")
                and self.in_melee(st, e, (target.x, target.y), a.range_ft // 5)
            ):
                return self.creature_spec(st, e, a.id)
        raise AssertionError("no engaged attack")

    def push_attack(self, st: State, a: Unit, targets: list[Unit], spec: dict[str, Any], stop: bool = False) -> None:
        st.stack.append(
            {
                "t": "atk",
                "a": a.uid,
                "targets": [t.uid for t in targets],
                "k": 0,
                "spec": spec,
                "nat": 0,
                "ph": "roll",
                "bonus": 0,
                "stop": stop,
                "dice": None,
                "def": "",
                "missed": False,
            }
        )

    # ----- applying a turn action ----------------------------------------------------------------
    def hero_action(self, st: State, u: Unit, action: Action, ev: list[Event]) -> None:
        kind = action[0]
        items = st.content.items
        if kind == "end":
            self.end_turn(st, u, ev)
            self.next_turn(st, ev)
        elif kind == "move":
            dest = (int(action[1]), int(action[2]))
            enc = self.encumbered(st, u)
            reach = self.hero_move_range(st, u, enc)
            assert reach is not None
            cost = reach.ap_cost(dest[1] * st.board.width + dest[0])
            path, squares = self.path_to(st, u, dest, reach)
            if cost:
                self.pay(u, 1, "move")
                u.move_left = self.speed_squares(st, u, enc)
            u.move_left -= squares
            ev.append(Event(f"{u.name} moves to ({dest[0]}, {dest[1]}): {squares} square(s), {cost} AP."))
            st.stack.append({"t": "mv", "u": u.uid, "path": path, "i": 0, "asked": [], "free": [u.x, u.y]})
        elif kind == "attack":
            wid, t = str(action[1]), self.unit(st, str(action[2]))
            paid = self.pay(u, self.weapon_apc(st, u, wid), "attack")
            spec = self.weapon_spec(st, u, wid, t)
            ev.append(Event(f"{u.name} attacks {t.name} with {spec['name']} ({paid})."))
            if spec.get("thrown"):
                if u.main == wid:
                    u.main = ""
                else:
                    u.off = ""
                st.ground.append([t.x, t.y, wid])
            self.push_attack(st, u, [t], spec)
        elif kind == "cast":
            sid = str(action[1])
            sp = st.content.spells[sid]
            paid = self.pay(u, sp.apc, self.spell_cost_kind(st, sid))
            u.sp -= sp.spc
            t = self.unit(st, str(action[2]))
            sp_text = f" + {sp.spc} SP" if sp.spc else ""
            ev.append(Event(f"{u.name} casts {sp.name} on {t.name} ({paid}{sp_text})."))
            if sp.target == "hero":
                n, s, b = parse_dice(sp.heal)
                r = self.roll(st, n, s)
                bonus = b + (u.attrs[5] if sp.heal_adds_attribute else 0)
                ev.append(
                    Event(
                        f"{u.name} rolls {sp.heal}: {' + '.join(map(str, r))} + CHA {bonus} = {sum(r) + bonus}",
                        kind="dice",
                        reveals=True,
                    )
                )
                self.heal(st, t, max(0, sum(r) + bonus), ev)
            else:
                if sp.target == "area":
                    half = sp.area // 2
                    targets = [o for o in st.units if not o.dead and abs(o.x - t.x) <= half and abs(o.y - t.y) <= half]
                else:
                    targets = [t]
                self.push_attack(st, u, targets, self.spell_spec(st, u, sid))
        elif kind == "dodge":
            self.pay(u, 2, "dodge")
            u.conds["dodge"] = [2, UNTIL_START, ""]
            ev.append(Event(f"{u.name} dodges: +2 AR, REF and FORT until its next turn."))
        elif kind == "stand":
            self.pay(u, 1, "stand")
            u.conds.pop("prone", None)
            ev.append(Event(f"{u.name} stands up."))
        elif kind == "prone":
            u.conds["prone"] = [0, INDEFINITE, ""]
            u.move_left = 0
            ev.append(Event(f"{u.name} drops Prone."))
        elif kind == "douse":
            self.pay(u, 3, "douse")
            u.conds.pop("burning", None)
            ev.append(Event(f"{u.name} rolls on the ground and puts out the flames."))
        elif kind in ("grapple", "shove", "trip"):
            t = self.unit(st, str(action[1]))
            paid = self.pay(u, 2, "maneuver")
            ev.append(Event(f"{u.name} tries to {kind} {t.name} ({paid})."))
            self.push_attack(st, u, [t], self.maneuver_spec(st, u, kind))
        elif kind == "escape":
            g = self.unit(st, u.conds["grappled"][2])
            self.pay(u, 2, "maneuver")
            ev.append(Event(f"{u.name} tries to escape {g.name}'s grapple (2 AP)."))
            self.push_attack(st, u, [g], self.maneuver_spec(st, u, "escape"))
        elif kind == "equip":
            iid = str(action[1])
            self.pay(u, 1, "object")
            u.pack.remove(iid)
            if items[iid].kind == "shield" or (u.main and not u.off):
                u.off = iid
            else:
                u.main = iid
            ev.append(Event(f"{u.name} equips the {items[iid].name} (1 AP)."))
        elif kind == "stow":
            iid = str(action[1])
            self.pay(u, 1, "object")
            if u.main == iid:
                u.main = ""
            else:
                u.off = ""
            u.pack.append(iid)
            ev.append(Event(f"{u.name} stows the {items[iid].name} (1 AP)."))
        elif kind == "set_down":
            iid = str(action[1])
            if iid in u.pack:
                u.pack.remove(iid)
            elif u.off == iid:
                u.off = ""
            else:
                u.main = ""
            st.ground.append([u.x, u.y, iid])
            ev.append(Event(f"{u.name} sets down the {items[iid].name} (0 AP)."))
        elif kind == "pick_up":
            iid = str(action[1])
            self.pay(u, 1, "object")
            spots = [g for g in st.ground if g[2] == iid and dist(g[0], g[1], u.x, u.y) <= 1]
            spots.sort(key=lambda g: dist(g[0], g[1], u.x, u.y))
            st.ground.remove(spots[0])
            u.pack.append(iid)
            ev.append(Event(f"{u.name} picks up the {items[iid].name} (1 AP)."))
        elif kind == "use":
            iid, t = str(action[1]), self.unit(st, str(action[2]))
            it = items[iid]
            paid = self.pay(u, it.use_apc, "support" if (t is not u or it.heal) else "object")
            u.pack.remove(iid)
            ev.append(Event(f"{u.name} uses the {it.name} on {t.name if t is not u else 'itself'} ({paid})."))
            if it.heal:
                n, s, b = parse_dice(it.heal)
                r = self.roll(st, n, s)
                ev.append(
                    Event(
                        f"{it.name}: {it.heal} = {' + '.join(map(str, r))} + {b} = {sum(r) + b}",
                        kind="dice",
                        reveals=True,
                    )
                )
                self.heal(st, t, sum(r) + b, ev)
            for c in it.ends:
                t.conds.pop(c, None)
            if it.grants == "blood_rage":
                self.grant_rage(st, t, it.grant_rounds, ev)
        elif kind == "help":
            t = self.unit(st, str(action[1]))
            paid = self.pay(u, 1, "support")
            u.help_target = t.uid
            ev.append(Event(f"{u.name} helps against {t.name} ({paid}): an ally's next attack on it gains +1 TA."))

    def grant_rage(self, st: State, t: Unit, rounds: int, ev: list[Event]) -> None:
        """H-7: the fury draught is a second special AP source only for a hero holding another one."""
        duration = rounds + (1 if self.is_turn_of(st, t) else 0)
        if t.special == "rage":
            if t.base_special != "rage":
                t.fury = duration
            ev.append(Event(f"{t.name} already has Blood Rage: nothing changes."))
        elif t.special == "":
            t.special, t.fury = "rage", duration
            t.special_ap = 1
            ev.append(Event(f"{t.name} gains Blood Rage for {rounds} rounds (1 Rage AP per turn)."))
        else:
            st.stack.append({"t": "choice", "u": t.uid, "rounds": duration})

    def creature_action(self, st: State, u: Unit, action: Action, ev: list[Event]) -> None:
        kind = action[0]
        if kind == "end":
            self.end_turn(st, u, ev)
            self.next_turn(st, ev)
            return
        if kind == "prone":  # F-34, H-10: Drop Prone costs no action
            u.conds["prone"] = [0, INDEFINITE, ""]
            ev.append(Event(f"{u.name} drops Prone."))
            return
        u.acts -= 1
        if kind == "move":
            dest = (int(action[1]), int(action[2]))
            # the range its decision offered (with no action left it is not recomputed)
            reach = self.creature_move_range(st, u) or st.reach_cache
            assert reach is not None
            path, squares = self.path_to(st, u, dest, reach)
            ev.append(Event(f"{u.name} moves to ({dest[0]}, {dest[1]}) ({squares} square(s))."))
            st.stack.append({"t": "mv", "u": u.uid, "path": path, "i": 0, "asked": [], "free": [u.x, u.y]})
        elif kind == "attack":
            t = self.unit(st, str(action[2]))
            spec = self.creature_spec(st, u, str(action[1]))
            ev.append(Event(f"{u.name} uses {spec['name']} on {t.name}."))
            self.push_attack(st, u, [t], spec)
        elif kind == "special":
            aid = str(action[1])
            a = next(x for x in st.content.creatures[u.kind].actions if x.id == aid)
            u.once_used.append(aid)
            targets = self.area_targets(st, u, a)
            ev.append(Event(f"{u.name} uses {a.name} on {', '.join(t.name for t in targets)}."))
            self.push_attack(st, u, targets, self.creature_spec(st, u, aid))
        elif kind == "dodge":
            u.conds["dodge"] = [2, UNTIL_START, ""]
            ev.append(Event(f"{u.name} dodges: +2 AR, REF and FORT until its next turn."))
        elif kind == "stand":
            u.conds.pop("prone", None)
            ev.append(Event(f"{u.name} stands up."))
        elif kind == "douse":
            u.conds.pop("burning", None)
            ev.append(Event(f"{u.name} puts out the flames."))
        elif kind in ("grapple", "shove", "trip"):
            t = self.unit(st, str(action[1]))
            ev.append(Event(f"{u.name} tries to {kind} {t.name}."))
            self.push_attack(st, u, [t], self.maneuver_spec(st, u, kind))
        elif kind == "escape":
            g = self.unit(st, u.conds["grappled"][2])
            ev.append(Event(f"{u.name} tries to escape {g.name}'s grapple."))
            self.push_attack(st, u, [g], self.maneuver_spec(st, u, "escape"))

    # ----- frames ---------------------------------------------------------------------------------
    def step_frame(self, st: State, f: dict[str, Any], ev: list[Event]) -> Decision | None:
        t = f["t"]
        if t == "mv":
            return self.step_move(st, f, ev)
        if t == "atk":
            return self.step_attack(st, f, ev)
        if t == "offer":
            who = self.unit(st, f["who"])
            target = self.unit(st, f["target"])
            if target.dead or not self.can_react(who):
                st.stack.pop()  # the moment passed (say, an earlier reaction felled the target)
                return None
            return Decision(
                who.side, "reaction", self.offer_prompt(f, who, target), [("react", f["name"]), ("decline",)]
            )
        if t == "choice":
            u = self.unit(st, f["u"])
            return Decision(
                u.side,
                "special_ap_choice",
                f"{u.name} can hold only one source of special AP: keep Holy Support or switch to Blood Rage?",
                [("keep", "holy_support"), ("keep", "blood_rage")],
            )
        raise AssertionError(f"unknown frame {t}")

    @staticmethod
    def offer_prompt(f: dict[str, Any], who: Unit, target: Unit) -> str:
        name = f["name"]
        if name == "engaged":
            return f"{who.name} may strike {target.name}, who leaves its reach (Engaged, 0 AP). Use it?"
        if name == "riposte":
            return f"{who.name} may Riposte {target.name} (2 Reactive AP). Use it?"
        if name == "grim_reprisal":
            return f"{who.name} may use Grim Reprisal on {target.name}. Use it?"
        if name == "parry":
            return f"{who.name} may Parry {target.name}'s attack: +2 AR (1 Reactive AP). Use it?"
        if name == "ward":
            return f"{who.name} may Ward against {target.name}'s attack: +2 {f.get('def', '')} (1 Reactive AP). Use it?"
        raise KeyError(name)

    def offer(self, st: State, who: Unit, name: str, target: Unit, ev: list[Event], **extra: Any) -> bool:
        """Open a reaction decision unless the owner's side auto-declines (H-14)."""
        if st.auto_decline[who.side]:
            ev.append(Event(f"{who.name} could react ({name.replace('_', ' ')}) but reactions are auto-declined."))
            return False
        st.stack.append({"t": "offer", "who": who.uid, "name": name, "target": target.uid, **extra})
        return True

    def in_order(self, st: State, units: list[Unit]) -> list[Unit]:
        pos = {st.units[i].uid: k for k, i in enumerate(st.order)}
        return sorted(units, key=lambda o: pos.get(o.uid, 999))

    def step_move(self, st: State, f: dict[str, Any], ev: list[Event]) -> Decision | None:
        """A move frame: walk the path, then end the move (once walked, stopped or fallen)."""
        u = self.unit(st, f["u"])
        path = f["path"]
        if not (u.dead or u.dying or f["i"] >= len(path) or "stopped" in u.conds) and self.walk(st, f, u, ev):
            return None  # a hostile is offered an Engaged strike first
        i = f["i"]
        st.stack.pop()
        if not u.dead and any(o is not u and not o.dead and o.x == u.x and o.y == u.y for o in st.units):
            u.x, u.y = f["free"]  # never end on an ally's square (F-15): back to the last free one
            st.moved += 1
        if "stopped" in u.conds and i < len(path) and not u.dead:
            ev.append(Event(f"{u.name} is stopped at ({u.x}, {u.y})."))
            u.move_left = 0
        if not u.dead and not u.dying and i > 0:
            self.end_of_movement(st, u, ev)
        return None

    def walk(self, st: State, f: dict[str, Any], u: Unit, ev: list[Event]) -> bool:
        """Step along the move frame's path until its end (False), or until leaving a square lets
        a hostile strike first (F-24): True once the Engaged strike has been offered."""
        path = f["path"]
        i = f["i"]
        units = st.units
        asked = f["asked"]
        # Nothing but the mover changes during the walk: who could strike as it leaves a square
        # (hostiles able to react that have not used Engaged this round) and the squares it
        # cannot stop on are fixed.
        watchers: list[Unit] = []
        others: set[Pos] = set()
        grapples = False
        for o in units:
            if "grappled" in o.conds:
                grapples = True
            if o is not u and not o.dead:
                others.add((o.x, o.y))
                if o.side != u.side and self.can_react(o) and "engaged" not in o.used:
                    watchers.append(o)
        while i < len(path):
            px, py = u.x, u.y
            qx, qy = path[i]
            engagers = []
            for e in watchers:
                if not (-2 <= e.x - px <= 2 and -2 <= e.y - py <= 2) or e.uid in asked:
                    continue
                r = self.melee_reach(st, e)
                if self.in_melee(st, e, (px, py), r) and not self.in_melee(st, e, (qx, qy), r):
                    engagers.append(e)
            if engagers:
                e = self.in_order(st, engagers)[0]
                f["asked"] = [*asked, e.uid]
                f["i"] = i
                self.offer(st, e, "engaged", u, ev)
                return True
            u.x, u.y = qx, qy
            st.moved += 1
            i += 1
            asked = []
            if (qx, qy) not in others:
                f["free"] = [qx, qy]
            if grapples:
                for o in units:
                    g = o.conds.get("grappled")
                    if g and (g[2] == u.uid or o is u):
                        src = self.unit(st, g[2])
                        if dist(src.x, src.y, o.x, o.y) > 1:
                            del o.conds["grappled"]
                            ev.append(Event(f"{o.name} is no longer Grappled."))
        f["i"] = i
        f["asked"] = []
        return False

    def end_of_movement(self, st: State, u: Unit, ev: list[Event]) -> None:
        """H-2 Riposte: a hostile that ends its own movement next to the rogue."""
        cands = []
        for o in st.units:
            if (
                o.feature == "riposte"
                and o.side != u.side
                and self.can_react(o)
                and not self.is_turn_of(st, o)
                and o.reactive >= 2
                and "riposte" not in o.used
                and dist(o.x, o.y, u.x, u.y) == 1
                and melee_adjacent_ok(st.board, (o.x, o.y), (u.x, u.y))
                and any(
                    i
                    and st.content.items[i].kind == "weapon"
                    and st.content.items[i].reach_ft
                    and self.grip_allowed(st, o, i)
                    for i in (o.main, o.off)
                )
            ):
                cands.append(o)
        if cands:
            for o in reversed(self.in_order(st, cands)):
                self.offer(st, o, "riposte", u, ev)

    def answer_offer(self, st: State, action: Action, ev: list[Event]) -> None:
        f = st.stack.pop()
        who, target = self.unit(st, f["who"]), self.unit(st, f["target"])
        name = f["name"]
        if action[0] == "decline":
            ev.append(Event(f"{who.name} does not react."))
            return
        if name == "engaged":
            who.used.append("engaged")
            ev.append(Event(f"{who.name} strikes at {target.name} as it leaves (Engaged, 0 AP)."))
            self.push_attack(st, who, [target], self.engaged_spec(st, who, target), stop=True)
        elif name == "riposte":
            who.used.append("riposte")
            who.reactive -= 2
            wid = next(
                i
                for i in (who.main, who.off)
                if i
                and st.content.items[i].kind == "weapon"
                and st.content.items[i].reach_ft
                and self.grip_allowed(st, who, i)
            )
            ev.append(Event(f"{who.name} ripostes with {st.content.items[wid].name} (2 Reactive AP)."))
            self.push_attack(st, who, [target], self.weapon_spec(st, who, wid, target))
        elif name == "grim_reprisal":
            who.used.append("grim_reprisal")
            ev.append(Event(f"{who.name} answers with Grim Reprisal."))
            self.push_attack(st, who, [target], self.creature_spec(st, who, "grave_blade"))
        elif name in ("parry", "ward"):
            who.used.append(name)
            who.reactive -= 1
            parent = st.stack[-1]
            parent["bonus"] = 2
            ev.append(Event(f"{who.name} uses {name.capitalize()} (1 Reactive AP): +2 {parent['def'] or 'AR'}."))

    def answer_choice(self, st: State, action: Action, ev: list[Event]) -> None:
        f = st.stack.pop()
        u = self.unit(st, f["u"])
        if action[1] == "blood_rage":
            u.special, u.fury, u.special_ap = "rage", f["rounds"], 1
            ev.append(Event(f"{u.name} keeps Blood Rage (Rage AP) until the draught ends; Holy Support is set aside."))
        else:
            ev.append(Event(f"{u.name} keeps Holy Support; the draught's Blood Rage is not held."))

    # ----- attacks (F-5..F-13, H-15) ------------------------------------------------------------
    def modifiers(self, st: State, a: Unit, t: Unit, spec: dict[str, Any]) -> tuple[int, int]:
        ta = td = 0
        if spec["melee"]:
            if "prone" in t.conds:
                ta += 1  # F-26
            if dist(a.x, a.y, t.x, t.y) == 1:  # H-15 flanking
                o = self.occupant(st, 2 * t.x - a.x, 2 * t.y - a.y)
                if o is not None and o.side == a.side and o is not a and self.able(o):
                    ta += 1
        elif spec["ranged"]:
            if "prone" in t.conds:
                td += 1  # F-26
            td += sum(1 for o in self.hostiles(st, a) if dist(o.x, o.y, a.x, a.y) == 1 and not o.dying)  # F-8
        if "prone" in a.conds:
            td += 1
        for h in st.units:
            if h.help_target == t.uid and h is not a and h.side == a.side:
                ta += 1
                h.help_target = ""
                break
        if a.side == CREATURES and spec["creature"]:
            c = st.content.creatures[a.kind]
            if any(tr.effect == "pack_hunter" for tr in c.traits) and any(
                o.kind == a.kind and o is not a and not o.dead and dist(o.x, o.y, t.x, t.y) == 1 for o in st.units
            ):
                ta += 1
        fr = a.conds.get("frightened")
        if fr:
            try:
                src = self.unit(st, fr[2])
                if not src.dead and line_of_sight(st.board, (a.x, a.y), (src.x, src.y)):
                    td += 1  # F-32
            except KeyError:
                pass
        return ta, td

    def step_attack(self, st: State, f: dict[str, Any], ev: list[Event]) -> Decision | None:
        a = self.unit(st, f["a"])
        spec = f["spec"]
        ph = f["ph"]
        if ph == "roll":
            if a.dead or a.dying:
                st.stack.pop()
                return None
            f["nat"] = st.rng.roll(20)
            f["ph"] = "target"
            return None
        if ph == "target":
            if f["k"] >= len(f["targets"]):
                st.stack.pop()
                self.after_attack(st, f, a, ev)
                return None
            t = self.unit(st, f["targets"][f["k"]])
            if t.dead:
                f["k"] += 1
                return None
            if spec["def"] == "?" and not f["def"]:
                if t.defs[1] == t.defs[2] or not self.able(t):
                    f["def"] = "REF" if self.defense(st, t, "REF") >= self.defense(st, t, "FORT") else "FORT"
                else:
                    return Decision(
                        t.side,
                        "grapple_defense",
                        f"{t.name}: defend against {a.name}'s {spec['name']} with REF "
                        f"{self.defense(st, t, 'REF')} or FORT {self.defense(st, t, 'FORT')}?",
                        [("defend", "REF"), ("defend", "FORT")],
                    )
            dname = f["def"] or spec["def"]
            f["def"] = dname
            ta, td = self.modifiers(st, a, t, spec)
            nat = f["nat"]
            luck = a.attrs[6] if a.side == HEROES else 0
            total = nat + spec["mod"] + ta - td + (luck if luck < 0 else 0)
            dtype = spec["type"]
            vuln = t.vuln.get(dtype, 0) if dtype else 0
            defv = self.defense(st, t, dname)
            if dtype and not vuln:
                defv += t.resist.get(dtype, 0)
            defv -= vuln
            thr = crit_threshold(luck, vuln)
            auto = nat >= thr or nat == 20
            hit = nat != 1 and (auto or total >= defv)
            crit = nat >= thr and spec["kind"] in ("damage", "effect")
            parts = [f"d20 {nat}"]
            if spec["lab"]:
                parts.append(f"{spec['lab']} {spec['mod']}")
            elif spec["mod"]:
                parts.append(str(spec["mod"]))
            text = " + ".join(parts)
            if ta:
                text += f" + TA {ta}"
            if td:
                text += f" - TD {td}"
            if luck < 0:
                text += f" - LUCK {-luck}"
            verdict = "crit" if (hit and crit) else "hit" if hit else "miss"
            if nat == 1:
                verdict += " (natural 1)"
            ev.append(
                Event(
                    f"{a.name} attacks {t.name} with {spec['name']}: {text} = {total} vs {dname} {defv}: {verdict}",
                    kind="dice",
                    reveals=True,
                )
            )
            f["total"], f["defv"], f["hit"], f["crit"], f["auto"] = total, defv, hit, hit and crit, auto
            f["ph"] = "resolve"
            if hit and not auto and total < defv + 2 and self.can_react(t) and t.side == HEROES:
                name = ""
                if t.feature == "parry" and dname == "AR":
                    name = "parry"
                elif t.feature == "ward" and dname in ("ANT", "LOG", "WILL"):
                    name = "ward"
                if name and t.reactive >= 1 and name not in t.used and not self.is_turn_of(st, t):
                    self.offer(st, t, name, a, ev, **{"def": dname})
            return None
        # resolve
        t = self.unit(st, f["targets"][f["k"]])
        hit = f["hit"]
        if f["bonus"]:
            defv = f["defv"] + f["bonus"]
            hit = f["auto"] or (f["total"] >= defv and f["nat"] != 1)
            ev.append(Event(f"{f['total']} vs {f['def']} {defv}: {'hit' if hit else 'miss'}.", kind="dice"))
        f["k"] += 1
        f["ph"] = "target"
        f["bonus"] = 0
        f["def"] = ""
        if not hit:
            if spec["melee"] and len(f["targets"]) == 1:
                f["missed"] = True
            return None
        if t.dead:
            return None
        kind = spec["kind"]
        if kind == "damage":
            self.deal(st, f, a, t, ev)
        elif kind == "grapple":
            t.conds["grappled"] = [0, INDEFINITE, a.uid]
            ev.append(Event(f"{t.name} is Grappled by {a.name} (speed 0)."))
        elif kind == "escape":
            a.conds.pop("grappled", None)
            ev.append(Event(f"{a.name} breaks free."))
        elif kind == "trip":
            self.add_cond(st, t, "prone", 0, 0, a.uid, ev)
        elif kind == "shove":
            self.shove(st, a, t, ev)
        if not t.dead:
            for cond, value, rounds in spec["riders"]:
                self.add_cond(st, t, cond, value, rounds, a.uid, ev)
            if f["stop"] and not t.dying:
                t.conds["stopped"] = [0, UNTIL_START, a.uid]
                t.move_left = 0
                ev.append(Event(f"{t.name}'s speed drops to 0 until its next turn."))
        return None

    def deal(self, st: State, f: dict[str, Any], a: Unit, t: Unit, ev: list[Event]) -> None:
        """Damage on a hit: F-9 crits for weapons, magic crits add LUCK, H-13 for creatures."""
        spec = f["spec"]
        n, s, b = spec["n"], spec["s"], spec["b"]
        crit = f["crit"]
        luck = a.attrs[6] if a.side == HEROES else 0
        if spec["creature"] and st.fixed_damage:
            amount = spec["avg"] + (n * s if crit else 0)
            how = f"fixed {spec['avg']}" + (f" + max dice {n * s} (crit)" if crit else "")
        else:
            if crit and not spec["magic"]:
                extra = self.roll(st, n, s)
                amount = n * s + b + sum(extra) + max(luck, 0)
                how = f"crit: max {n * s + b} + {n}d{s} {sum(extra)}" + (f" + LUCK {luck}" if luck > 0 else "")
            else:
                if f["dice"] is None:
                    f["dice"] = self.roll(st, n, s)  # an area attack rolls its damage once (F-11)
                dice = f["dice"]
                amount = sum(dice) + b
                how = f"{n}d{s} {sum(dice)}" + (f" + {b}" if b else "") if n else f"{b}"
                if crit and luck > 0:
                    amount += luck
                    how += f" + LUCK {luck} (crit)"
        ev.append(Event(f"Damage: {how} = {amount} {spec['type']}.", kind="dice", reveals=True))
        self.damage(st, t, max(0, amount), spec["type"], ev)

    def shove(self, st: State, a: Unit, t: Unit, ev: list[Event]) -> None:
        dx = (t.x > a.x) - (t.x < a.x)
        dy = (t.y > a.y) - (t.y < a.y)
        q = (t.x + dx, t.y + dy)
        if q in st.board.neigh.get((t.x, t.y), ()) and self.occupant(st, q[0], q[1]) is None:
            t.x, t.y = q
            st.moved += 1
            ev.append(Event(f"{t.name} is shoved 5 ft to ({q[0]}, {q[1]})."))
            for o in st.units:
                g = o.conds.get("grappled")
                if g:
                    src = self.unit(st, g[2])
                    if dist(src.x, src.y, o.x, o.y) > 1:
                        del o.conds["grappled"]
                        ev.append(Event(f"{o.name} is no longer Grappled."))
        else:
            ev.append(Event(f"{t.name} has nowhere to be shoved."))

    def after_attack(self, st: State, f: dict[str, Any], a: Unit, ev: list[Event]) -> None:
        """Grim Reprisal: an adjacent hero missed the creature with a melee attack."""
        if not f["missed"] or a.dead or a.side != HEROES:
            return
        t = self.unit(st, f["targets"][0])
        if t.dead or t.side != CREATURES or not self.can_react(t) or "grim_reprisal" in t.used:
            return
        if not any(r.trigger == "missed_by_adjacent_melee" for r in st.content.creatures[t.kind].reactions):
            return
        if dist(a.x, a.y, t.x, t.y) != 1:
            return
        self.offer(st, t, "grim_reprisal", a, ev)
