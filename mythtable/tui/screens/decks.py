"""The deck editor: browse and search a card pool, add and remove copies, see counts, the cost curve
and every broken deck rule at once, save the deck to the user folder (mythtable/userfiles.py).

It reads cards through the ruleset's deck capability (`Decks.pool`, `data`, `counts`, `prebuilt`) and
checks the deck with `Buildable.problems`, the same check a saved file and a
game get, so what the editor calls legal is what the new-game screen offers.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Label, Select, Static

from mythtable.engine.built import PoolCard, built_key, built_name, copied_id, copy_key
from mythtable.engine.capabilities import Decks
from mythtable.engine.errors import MythtableError
from mythtable.engine.registry import available, entry, get, load
from mythtable.engine.text import clean_name, one_line, only_keywords
from mythtable.tui.safe_text import plain
from mythtable.tui.screens.built_editor import EMPTY, SEARCH_KEY, BuiltFileEditor, slug
from mythtable.tui.widgets.card_list import CardList
from mythtable.tui.widgets.search_box import SearchBox

ROW_WIDTH = 46
"""A pool row at 80 columns: the list is 48 wide, less its scrollbar."""
NAME_WIDTH, TYPE_WIDTH, GROUP_WIDTH = 15, 9, 11
"""The least a card's name gets; the widest type and group shown whole ("Equipment", "Earth/Water")."""


def fit(word: str, width: int) -> str:
    """`word` in `width` columns, cut with an ellipsis (never silently: "Champio" read as a type of its own)."""
    return word if len(word) <= width else word[: width - 1] + "…"


def column_widths(pool: list[PoolCard]) -> tuple[int, int, int]:
    """Name, type and group widths for the pool rows: types and groups whole where they fit, names get the rest."""
    kind = min(max((len(c.type) for c in pool), default=0), TYPE_WIDTH)
    group = min(max((len(c.group) for c in pool), default=0), GROUP_WIDTH)
    return max(NAME_WIDTH, ROW_WIDTH - kind - group - 9), kind, group


def deck_rulesets() -> list[str]:
    """The rulesets whose decks a player builds."""
    return [rid for rid in available() if entry(rid).decks is not None]


class DeckEditorScreen(BuiltFileEditor):
    """Build a deck: search the pool, add and remove copies, watch the rules, save."""

    KIND = "decks"
    NOUN = "deck"
    BINDINGS = [
        SEARCH_KEY,
        Binding("plus,equals_sign", "add", "Add", key_display="+"),
        Binding("minus,delete", "remove", "Remove", key_display="-"),
        Binding("down", "pool_down", show=False),
        Binding("up", "pool_up", show=False),
    ]

    def __init__(self, ruleset_id: str | None = None) -> None:
        super().__init__(ruleset_id, deck_rulesets())
        self.pool: list[PoolCard] = []
        self.cards: dict[str, PoolCard] = {}
        self.widths = column_widths([])
        self.counts: dict[str, int] = {}
        self.shown: list[PoolCard] = []

    # ----- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(classes="bar"):
            yield Label("Decks")
            yield Select(
                [(plain(get(r).title), r) for r in deck_rulesets()],
                value=self.ruleset_id,
                allow_blank=False,
                compact=True,
                id="ruleset",
            )
            yield Select([("Empty deck", EMPTY)], value=EMPTY, allow_blank=False, compact=True, id="start-from")
        with Horizontal(classes="bar"):
            yield Label("Name")
            yield Input(value="My deck", max_length=40, compact=True, id="deck-name")
            yield Label("File")
            yield Input(value="my-deck", max_length=40, compact=True, id="file-name", restrict=r"[a-z0-9-]*")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield SearchBox(
                    placeholder="/ search: name, type, class, element, xp2, keyword, text", compact=True, id="search"
                )
                yield CardList(self.pool_row, id="pool")
            with Vertical(id="right"):
                yield Static("", id="summary")
                yield CardList(self.deck_row, id="deck")
                yield Static("", id="problems")
        yield Static("", id="card")
        yield Footer()

    def on_mount(self) -> None:
        self.use_ruleset(self.ruleset_id)
        self.set_focus(self.query_one("#search", Input))  # at once: keys typed right after go there

    @property
    def decks(self) -> Decks[Any]:
        """The deck capability of the ruleset being built for (`deck_rulesets` lists only those with one)."""
        decks = self.loaded.entry.decks
        assert decks is not None
        return decks

    # ----- choosing what to edit -------------------------------------------------------------
    def use_ruleset(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        self.loaded = load(ruleset_id)
        self.pool = self.decks.pool(self.loaded.content)
        self.cards = {p.id: p for p in self.pool}
        self.widths = column_widths(self.pool)
        self.counts = {}
        self.loaded_from = None
        self.fill_start_choices()
        self.refilter()
        self.refresh_deck()

    def fill_start_choices(self) -> None:
        content = self.loaded.content
        choices: list[tuple[str, str]] = [("Empty deck", EMPTY)]
        for deck_id, deck in getattr(content, "decks", {}).items():
            if not deck_id.startswith("user:"):
                choices.append((plain(one_line(f"Copy of {deck.name}", 60)), copy_key(deck_id)))
        self.set_start_choices(choices + self.own_choices())

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset_id:
            self.use_ruleset(event.value)

    @on(Select.Changed, "#start-from")
    def start_from(self, event: Select.Changed) -> None:
        value = event.value
        if not isinstance(value, str):
            return
        try:
            self.start_with(value)
        except MythtableError as exc:  # the file went away or became unreadable since the list was made
            self.say(str(exc))

    def start_with(self, value: str) -> None:
        """Empty, a copy of a prebuilt deck (pre:<id>), or one of the player's own (user:<name>)."""
        decks, content = self.decks, self.loaded.content
        label, file_name, data = "My deck", "my-deck", {}
        self.loaded_from = None
        if (copied := copied_id(value)) is not None:
            data = decks.prebuilt(content, copied)
            label = one_line(f"Copy of {data.get('name', '')}", 40)
            file_name = slug(label)
        elif (name := built_name(value)) is not None:
            from mythtable.userfiles import check_file, path_of

            found = check_file(self.loaded, "decks", path_of(self.data_root(), self.ruleset_id, "decks", name))
            data = found.data or {}
            shown = data.get("name")
            label = clean_name(shown)[:40] if isinstance(shown, str) and clean_name(shown) else name
            file_name = name
            self.loaded_from = name
        self.counts = decks.counts(data) if data else {}
        self.query_one("#deck-name", Input).value = label
        self.query_one("#file-name", Input).value = file_name
        self.refilter()
        self.refresh_deck()

    # ----- the pool and the search ------------------------------------------------------------
    def pool_row(self, card_id: str) -> Text:
        card = self.cards.get(card_id)
        return self.pool_prompt(card) if card is not None else Text(card_id)

    def deck_row(self, card_id: str) -> Text:
        card = self.cards.get(card_id)
        name = card.name if card else f"{card_id} (unknown card)"
        mark = "*" if card and card.outside else " "
        return Text(f"{self.counts.get(card_id, 0)}x{mark}{name[:28]}")

    def pool_prompt(self, card: PoolCard) -> Text:
        have = self.counts.get(card.id, 0)
        name, kind, group = self.widths
        text = Text(f"{fit(card.name, name):<{name}} {fit(card.type, kind):<{kind}} {fit(card.group, group):<{group}} ")
        text.append(f"{card.cost:>2} ")
        text.append(f"{have}/{card.limit}", style="bold" if have else "dim")
        return text

    @on(Input.Changed, "#search")
    def search_changed(self, event: Input.Changed) -> None:
        self.refilter(event.value)  # the words as they were then: keys typed after may be in the box already

    def refilter(self, search: str | None = None) -> None:
        """The pool cards every word of the search (the box's, unless given) matches (name, type, group,
        cost, keyword, text)."""
        words = (self.query_one("#search", Input).value if search is None else search).lower().split()
        self.shown = [p for p in self.pool if all(w in p.search for w in words)]
        pool = self.query_one("#pool", CardList)
        pool.cursor = 0
        pool.set_rows([p.id for p in self.shown])

    @on(Input.Submitted, "#search")
    def search_submitted(self, event: Input.Submitted) -> None:
        self.action_add()

    def action_pool_down(self) -> None:
        self.query_one("#pool", CardList).action_move(1)

    def action_pool_up(self) -> None:
        self.query_one("#pool", CardList).action_move(-1)

    # ----- adding and removing ----------------------------------------------------------------
    def target(self) -> str | None:
        """The card + and - act on: the one highlighted in the deck list when it has the focus,
        else the one highlighted in the pool."""
        deck = self.query_one("#deck", CardList)
        if self.focused is deck and deck.highlighted_id is not None:
            return deck.highlighted_id
        return self.query_one("#pool", CardList).highlighted_id

    def action_add(self, card_id: str | None = None) -> None:
        card_id = card_id or self.target()
        if card_id is None:
            return
        card = self.cards.get(card_id)
        limit = card.limit if card else 0
        have = self.counts.get(card_id, 0)
        if have >= limit:
            self.say(f"{card.name if card else card_id}: a deck holds at most {limit}")
            return
        self.counts[card_id] = have + 1
        self.changed(card_id)

    def action_remove(self, card_id: str | None = None) -> None:
        card_id = card_id or self.target()
        if card_id is None or card_id not in self.counts:
            return
        self.counts[card_id] -= 1
        if self.counts[card_id] <= 0:
            del self.counts[card_id]
        self.changed(card_id)

    @on(CardList.Selected, "#pool")
    def pool_selected(self, event: CardList.Selected) -> None:
        self.action_add(event.card_id)

    def changed(self, card_id: str) -> None:
        card = self.cards.get(card_id)
        if card is not None:
            self.query_one("#pool", CardList).changed_row(card_id)
        self.refresh_deck(keep=card_id)

    # ----- the deck, its counts, curve and rules ------------------------------------------------
    def deck_data(self) -> dict[str, Any]:
        label = clean_name(self.query_one("#deck-name", Input).value)[:40] or "My deck"
        return self.decks.data(self.loaded.content, label, dict(self.counts))

    def refresh_deck(self, keep: str | None = None) -> None:
        decks = self.decks
        deck = self.query_one("#deck", CardList)
        inside = sorted(
            self.counts.items(),
            key=lambda kv: (
                (not self.cards[kv[0]].outside, self.cards[kv[0]].cost, self.cards[kv[0]].name)
                if kv[0] in self.cards
                else (True, 99, kv[0])
            ),
        )
        deck.set_rows([cid for cid, _n in inside], keep=keep)
        main = sum(n for cid, n in self.counts.items() if not (cid in self.cards and self.cards[cid].outside))
        outside = sum(self.counts.values()) - main
        parts = [f"Deck {main}/{decks.size}"]
        if decks.outside_size:
            parts.append(f"Champions* {outside}/{decks.outside_size}")
        curve: dict[int, int] = {}
        for cid, n in self.counts.items():
            card = self.cards.get(cid)
            if card is not None and not card.outside:
                curve[min(card.cost, 6)] = curve.get(min(card.cost, 6), 0) + n
        steps = " ".join(f"{c}{'+' if c == 6 else ''}:{curve[c]}" for c in sorted(curve)) or "-"
        summary = Text(f"{' · '.join(parts)}\n{decks.cost_name} {steps}")
        self.query_one("#summary", Static).update(summary, layout=False)
        self.check()

    def check(self) -> None:
        """Every rule the deck breaks, as the new-game screen and a saved file would be checked."""
        name = self.query_one("#file-name", Input).value or "deck"
        try:
            found = self.built_problems(name, self.deck_data())
            problems = [f"{p.rule}: {p.message}" if p.rule else str(p) for p in found]
        except MythtableError as exc:
            problems = [str(exc)]
        self.show_problems(problems, "✓ a legal deck", most=5)

    @on(Input.Changed, "#deck-name")
    def name_changed(self, event: Input.Changed) -> None:
        if self.loaded_from is None:
            with self.prevent(Input.Changed):
                self.query_one("#file-name", Input).value = slug(event.value)
        self.check()

    # ----- inspecting -----------------------------------------------------------------------------
    @on(CardList.Highlighted)
    def highlighted(self, event: CardList.Highlighted) -> None:
        card = self.cards.get(event.card_id)
        if card is None:
            self.query_one("#card", Static).update(
                Text(f"{event.card_id}: not in the card pool (any more)"), layout=False
            )
            return
        keywords = f" · {', '.join(card.keywords)}" if card.keywords else ""
        head = f"{card.name} · {card.type} · {card.group or 'no class'} · {self.decks.cost_name} {card.cost}"
        text = "" if only_keywords(card.text, card.keywords) else f" {card.text}"  # not "Double Assault" twice
        body = f"at most {card.limit} a deck{keywords}.{text}"
        self.query_one("#card", Static).update(Text(one_line(head, 200) + "\n" + one_line(body, 400)), layout=False)

    # ----- saving and playing (built_editor.py) ---------------------------------------------------
    def file_data(self) -> dict[str, Any]:
        return self.deck_data()

    def play_preset(self, name: str) -> dict[str, str]:
        """This deck for player 1."""
        return {"deck1": built_key(name)}
