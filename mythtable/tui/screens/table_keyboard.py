"""Two seats of a shared table at this keyboard (a table opened with a seat for "this keyboard"): the game screen of
the seat whose decision it is, with hot-seat's curtain between the two when the decision passes from one to the
other (issue 32: the curtain only between seats that share a keyboard; a seat at another terminal has its own
screen). Each seat keeps its own connection to the table, so each sees only its own view, as at two terminals.

A take-back from behind the curtain goes to the table as from the seat that moved; the table grants it at once,
since the seat it would ask is at this keyboard too (tables/table.py, `ask_take_back`).
"""

from __future__ import annotations

from mythtable.engine.registry import load
from mythtable.tables.protocol import Frame
from mythtable.tables.remote_seat import RemoteSeat
from mythtable.tui.screens.curtain import TAKE_BACK, CurtainScreen
from mythtable.tui.screens.table_seat import NoticeScreen, TableSeatScreen, token_notice


class KeyboardTableScreen(TableSeatScreen):
    """`link` is the seat shown first (the opener's), `partner` the other seat at this keyboard."""

    def __init__(self, link: RemoteSeat, partner: RemoteSeat) -> None:
        super().__init__(link)  # it listens to `link` through on_table_changed
        self.partner = partner
        self._first = link
        partner.on_change(lambda: self.seat_changed(partner))
        self.hidden = load(link.ruleset_id).ruleset.hidden_information
        """The ruleset hides something from one seat (a hand): the keyboard changes hands behind a curtain."""
        self._curtain: CurtainScreen | None = None
        self._tokens_shown: set[str] = set()
        self._asked_back: int | None = None
        """The seat's refusals counted when it asked, from behind the curtain, to take back its move."""

    def on_table_changed(self) -> None:
        self.seat_changed(self._first)

    def seat_changed(self, seat: RemoteSeat) -> None:
        """A frame for one of the two seats: the one at the keyboard is drawn as at any table; the other's may
        mean the keyboard changes hands (its inspection texts alone change nothing here)."""
        if self._closing_down():
            return
        if seat is self.link:
            super().on_table_changed()
        elif not seat.inspected_only:
            self.advance()

    def on_mount(self) -> None:
        """The partner's frames too (Textual calls TableSeatScreen.on_mount, which reads the first seat's, itself)."""
        self.run_worker(self._pump(self.partner), group="table")

    def advance(self) -> None:
        if self._curtain is not None or self._closing_down():
            return  # the keyboard is changing hands: nothing of the table shows until the next seat has it
        if self.hand_over_due():
            return
        super().advance()

    def hand_over_due(self) -> bool:
        """The other seat at this keyboard decides now: the curtain (or, with nothing hidden, that seat's screen)."""
        wire, other = self.link.wire, self.partner.wire
        if other is None or other.decision is None or other.seat is None or other.result is not None:
            return False
        if (wire is not None and wire.decision is not None) or self.link.client.closed is not None:
            return False
        if not self.hidden:
            self.swap()
            return False
        self.close_dialogs()
        self.prompt.wait("Waiting for the other player...")
        name, role = other.names[other.seat], self.partner.frame().roles[other.seat]
        previous = wire.names[wire.seat] if wire is not None and wire.seat is not None and wire.moves else None
        why = ""
        if self._asked_back is not None and len(self.link.notes) > self._asked_back:  # the table said no
            previous, why = None, self.link.notes[-1]
        self._curtain = CurtainScreen(other.seat, name, role, previous, why)
        self.app.push_screen(self._curtain, self.after_keyboard_curtain)
        return True

    def after_keyboard_curtain(self, seat: int | None) -> None:
        self._curtain = None
        if seat == TAKE_BACK:  # the seat that moved is still at the keyboard: its move comes back to it
            self._asked_back = len(self.link.notes)
            self.link.take_back()
            return
        self._asked_back = None
        self.swap()
        self.link.handed_over = True  # its first decision opens on the safe option, its first Enter confirms
        self.advance()

    def swap(self) -> None:
        """The other seat has the keyboard: its frames, its options, its recap."""
        if self.inspecting:
            self.leave_inspect()
        self.link, self.partner = self.partner, self.link
        self._asked = self._waiting = None
        self._status_shown = ""
        self._notes_seen = len(self.link.notes)
        self._recap_shown_upto = -1
        if self.has_class("-recap"):
            self.show_recap(False)

    def show_token(self, wire: Frame) -> None:
        """Each seat's token once (a player without a key has one for each seat)."""
        token = self.link.token
        if token and token not in self._tokens_shown:
            self._tokens_shown.add(token)
            self.app.push_screen(NoticeScreen(token_notice(wire.code, token)))

    def leave_table(self) -> None:
        if self.partner.client.closed is None:
            self.partner.leave()
        super().leave_table()
