"""The rules reference: the current stage first, then the whole ruleset, seed and house rules apart."""

from __future__ import annotations

from pathlib import Path

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from mythtable.engine.errors import ContentError
from mythtable.engine.reference import Clause, RulesReference, Section
from mythtable.engine.registry import read_reference as read_reference_file
from mythtable.engine.registry import rules_reference

TIER_LABEL = {"seed": "Seed rule", "fact": "Published fact", "house": "House rule"}

AUTOPASS_SECTION = """## Auto-pass, stops and full control (this program, not the rules)

The keyboard changes hands only when it must. By default a seat is not asked in the other seat's stage changes
while nothing waits in limbo / on the stack; it is asked when the other seat puts something there, aims at its
units or declares an attack on it, at any decision only it can make (blocks, the Legendary Battle, wounds,
captures, its own turn), and at the stages it chose as stops (`s`). A decision with a single legal answer is
answered for it. Every auto-pass is a legal move in the record and a line in the log ("Bram passes (auto).").

**What auto-pass reveals:** that a seat was or was not asked. It is decided only from the table both players
see and the seat's own options, never from the other player's hidden cards or from dice; but the rules already
pass a seat that holds no card it could play, so being asked says "I could answer".

**Full control (`f`) hides it:** the seat is asked at every window the rules open, so the other player cannot
tell a seat with nothing to say from one that chose not to answer. `y` passes until your turn and `e` until the
end of this combat; both end early when the other player aims at your units."""
"""What the rules screen says about auto-pass (issue 15); README.md says the same."""


def clause_markdown(clause: Clause) -> str:
    label = TIER_LABEL[clause.tier]
    settles = f", settles {clause.settles}" if clause.settles else ""
    return f"- **{clause.id}** · *{label}{settles}* · {clause.text}"


def section_markdown(section: Section, level: str = "##") -> str:
    parts = [f"{level} {section.title}"]
    if section.intro:
        parts.append(section.intro)
    parts.extend(clause_markdown(c) for c in section.clause)
    return "\n\n".join(parts)


def reference_markdown(ref: RulesReference, stage: str | None, autopass: bool = False) -> str:
    """Markdown for the rules screen: what applies now, then everything; with `autopass`, at the end, what
    auto-pass does and reveals (for a game in play, where it is at work)."""
    parts = [f"# {ref.title}"]
    current = ref.sections_for(stage) if stage else []
    if current:
        parts.append("## Now")
        parts.extend(section_markdown(s, "###") for s in current)
    parts.append(
        ref.intro
        or "Seed rules come from the original rules text; published facts from the official sources; "
        "**house rules** are this project's own decisions where the sources are silent."
    )
    parts.append("---")
    parts.extend(section_markdown(s) for s in ref.section)
    if autopass:
        parts.extend(["---", AUTOPASS_SECTION])
    return "\n\n".join(parts)


def read_reference(source: str | Path) -> RulesReference:
    """The reference to show: a ruleset id gives that ruleset's reference from the registry (from
    its loaded content when it loads: no file read, no pydantic mid-game); a path is read and
    validated here, so its own error is the one shown."""
    if isinstance(source, str):
        return rules_reference(source)
    return read_reference_file(source)


class RulesScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Back"),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
    ]

    def __init__(
        self,
        title: str,
        source: str | Path,
        stage: str | None,
        legend: list[tuple[str, str]] | None = None,
        autopass: bool = False,
    ) -> None:
        """`source`: a ruleset id, or the path of a rules reference file; `legend`: the board's symbols;
        `autopass`: a game is in play, so say what auto-pass does and reveals."""
        super().__init__()
        self.legend = legend or []
        self.autopass = autopass
        self.body = ""
        self.title_text = title
        self.source = source
        self.stage = stage

    def compose(self) -> ComposeResult:
        try:
            ref = read_reference(self.source)
            self.body = reference_markdown(ref, self.stage, self.autopass)
            if self.legend:
                from mythtable.tui.screens.legend import legend_markdown

                self.body += "\n\n---\n\n" + legend_markdown(self.legend)
        except ContentError as exc:
            self.body = f"# {self.title_text}\n\nThe rules reference could not be read: {exc}"
        with VerticalScroll(id="scroll"):
            # One Rich renderable, not Textual's Markdown widget (a widget per block took seconds).
            yield Static(RichMarkdown(self.body, hyperlinks=False))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#scroll", VerticalScroll)
        scroll.scroll_page_down() if direction > 0 else scroll.scroll_page_up()
