"""Inspect mode of the game screen (issue 16): a cursor over what the seat may read, and the panel that
shows the highlighted option's subject. Everything it reads comes through the seat link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events

from mythtable.engine.decision import Action, Ref
from mythtable.tui.boards.base import clicked_ref
from mythtable.tui.safe_text import notify
from mythtable.tui.widgets.inspect import InspectPanel, inspection_content

if TYPE_CHECKING:
    from mythtable.tui.screens.game import GameScreen


class InspectMode:
    """The game screen's inspect mode (a mixin of GameScreen: it uses the screen's link, board and prompt)."""

    WIDE_INSPECT = 110
    """From this many columns the inspect panel sits beside the log; below, it shares the log's place."""

    inspecting = False

    def fit_inspect(self: GameScreen, width: int) -> None:
        self.set_class(width >= self.WIDE_INSPECT, "-wide")
        self.fit_reading()

    def fit_reading(self: GameScreen) -> None:
        """Narrow and inspecting: the panel takes the whole bottom (the prompt and the log step aside)
        and grows, so a long card reads without scrolling at 80x24 (issue 16). Wide, it sits beside the log."""
        reading = self.inspecting and not self.has_class("-wide")
        if reading != self.has_class("-reading"):
            self.set_class(reading, "-reading")
            self.fit_bottom(self.app.size.height)
            self.refresh_bindings()  # the digits wait while the options are out of sight

    def inspect_seat(self: GameScreen) -> int | None:
        """Whose eyes the panel uses: the viewer (None, all seeing, only when watching two computers)."""
        return self.link.inspect_seat

    @property
    def inspect_panel(self: GameScreen) -> InspectPanel:
        return self.query_one(InspectPanel)

    def action_inspect(self: GameScreen) -> None:
        """i: a cursor over everything the seat may inspect; the panel takes the keys."""
        if self.link.watching:
            return
        panel = self.inspect_panel
        panel.set_targets(self.link.inspectables())
        if not panel.targets:
            notify(self, "Nothing to inspect here.", title="Inspect")
            return
        self.enter_inspect()

    def enter_inspect(self: GameScreen) -> None:
        """Inspect mode on, the panel's cursor where it stands: the panel takes the keys (the recap, which
        shares the panel's column, closes)."""
        if self.has_class("-recap"):
            self.show_recap(False)
        self.inspecting = True
        self.add_class("-inspecting")
        self.fit_reading()
        self.inspect_panel.focus()
        self.show_inspected()

    def inspect_at(self: GameScreen, ref: Ref) -> bool:
        """Put the inspect cursor on `ref`, as `i` and the arrows would; False (nothing changes) when the
        seat may not inspect it now (hidden, gone, or no decision)."""
        if not self.check_action("inspect", ()):
            return False
        targets = self.link.inspectables()
        if ref not in [t.ref for t in targets]:
            return False
        self.inspect_panel.set_targets(targets, keep=ref)
        self.enter_inspect()
        return True

    def on_click(self: GameScreen, event: events.Click) -> None:
        """A click on a card, unit, creature or player the board draws inspects it (issue 16); a click
        elsewhere, or on something the seat may not inspect, does nothing here."""
        ref = clicked_ref(event.style)
        if ref is not None and self.inspect_at(ref):
            event.stop()

    def leave_inspect(self: GameScreen) -> None:
        if not self.inspecting:
            return
        self.inspecting = False
        self.remove_class("-inspecting")
        self.fit_reading()
        self.board.point_at(None)
        if self.prompt.actions:
            self.prompt.options.focus()
            self.prompt.show_detail_for(self.prompt.options.highlighted)
        else:  # waiting (the other seat or a computer decides): the panel lets go of the keys too
            self.show_subject(None)
            if self.inspect_panel.has_focus:
                self.set_focus(None)

    def on_inspect_panel_moved(self: GameScreen, message: InspectPanel.Moved) -> None:
        message.stop()
        self.show_inspected()

    def on_inspect_panel_leave(self: GameScreen, message: InspectPanel.Leave) -> None:
        message.stop()
        self.leave_inspect()

    def on_descendant_blur(self: GameScreen, event: events.DescendantBlur) -> None:
        """Clicking elsewhere (the options) ends inspect mode, so keys never go to a hidden cursor. A click
        on the board keeps it, and the panel the keys: the click may move the cursor (on_click), and the
        layout must not change under the mouse between its press and its release."""
        focused = self.app.focused
        if not self.inspecting or event.widget is not self.inspect_panel or focused is None:
            return
        if self.board in focused.ancestors_with_self:
            self.inspect_panel.focus()
            return
        self.leave_inspect()

    def show_inspected(self: GameScreen) -> None:
        """The target under the cursor: its text in the panel, and the board points at it."""
        panel = self.inspect_panel
        target = panel.current
        if target is None:
            return
        inspection = self.link.inspect(target.ref)
        header = f"{target.zone} · {panel.index + 1}/{len(panel.targets)}"
        panel.show(inspection_content(inspection, header))
        self.board.point_at(target.ref)

    def refresh_inspect(self: GameScreen) -> None:
        """After a move: the cursor list follows the table (the same thing stays under the cursor).
        Outside inspect mode the last option's text goes (the next question brings its own)."""
        if not self.inspecting:
            self.show_subject(None)
            return
        panel = self.inspect_panel
        keep = panel.current.ref if panel.current is not None else None
        panel.set_targets(self.link.inspectables(), keep)
        if panel.targets:
            self.show_inspected()
        else:
            self.leave_inspect()

    def explain_option(self: GameScreen, action: Action) -> str | Text:
        """The highlighted option: the board's detail line, and its subject's full text in the panel."""
        if not self.inspecting:
            subject = self.link.subject(action)
            self.show_subject(subject.actor, subject.target)
        return self.board.detail(self.view, action)

    def show_subject(self: GameScreen, actor: Ref | None, target: Ref | None = None) -> None:
        """What the option is about (actor, then target) in the panel; the why-only-done note when none."""
        link = self.link
        shown = [i for i in (link.inspect(ref) for ref in (actor, target) if ref is not None) if i is not None]
        if not shown:
            note = link.why_only_done()
            self.inspect_panel.show(inspection_content(None, note=note))
            return
        content = inspection_content(shown[0])
        for other in shown[1:]:
            content = content + "\n\n" + inspection_content(other, "Target")
        self.inspect_panel.show(content)

    def with_why_only_done(self: GameScreen, question: str, actions: tuple[Action, ...] | list[Action]) -> str:
        """A decision offering only Done / pass says why, above its options. At 80 columns the panel
        shares the log's column for the whole decision when any option is about something (or there
        is a why to tell), so the log does not jump as the highlight moves."""
        link = self.link
        reason = link.why_only_done()
        about = any(link.inspect(ref) is not None for action in actions for ref in link.subject(action).refs())
        self.set_class(about or bool(reason), "-subject")
        return f"{question}\n{reason}" if reason else question
