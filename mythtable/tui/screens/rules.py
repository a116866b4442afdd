"""The rules reference: the current stage first, then the whole ruleset, seed and house rules apart."""

from __future__ import annotations

import re
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

TIER_LABEL = {"seed": "Printed rule", "fact": "Official ruling", "house": "House rule"}
"""Where a rule comes from, in a player's words: the game's own rules text, the publisher's rulings, or this
program's own decision where both are silent."""

TIER_WORDS = (
    "**Printed rules** come from the game's own rules text, **official rulings** from its publisher, and "
    "**house rules** are this program's own decisions where both are silent; a printed rule wins over a "
    "ruling, and a ruling over a house rule."
)
"""What the three labels mean, said once at the top of the rules screen."""

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


ID_ONLY_ASIDE = re.compile(r"\s*\((?:[A-Z]-\d+(?:,\s*|\s+and\s+)?)+\)")
"""An aside that only names clauses, "(H-13)" or "(F-9, H-13)": dropped while the IDs are hidden."""
ID_LEAD = re.compile(r"\((?:[A-Z]-\d+):\s+")
"""An aside that starts with a clause ID, "(F-15: a spell ...)": the ID goes, the words stay."""


def clause_text(text: str, ids: bool) -> str:
    """A rule's text; without `ids`, the asides that only name other clauses go (cross references in a
    sentence, "by F-9 and F-12", stay: the sentence needs them)."""
    if ids:
        return text
    return ID_LEAD.sub("(", ID_ONLY_ASIDE.sub("", text))


def clause_markdown(clause: Clause, ids: bool = False) -> str:
    """One rule: where it comes from in words, then the rule; with `ids`, its clause ID (what tests and
    bug reports name) and the open question it settles."""
    label = TIER_LABEL[clause.tier]
    if not ids:
        return f"- *{label}.* {clause_text(clause.text, ids)}"
    settles = f", settles {clause.settles}" if clause.settles else ""
    return f"- *{label}* ({clause.id}{settles}). {clause.text}"


def section_markdown(section: Section, level: str = "##", ids: bool = False) -> str:
    parts = [f"{level} {section.title}"]
    if section.intro:
        parts.append(section.intro)
    parts.extend(clause_markdown(c, ids) for c in section.clause)
    return "\n\n".join(parts)


def reference_markdown(ref: RulesReference, stage: str | None, autopass: bool = False, ids: bool = False) -> str:
    """Markdown for the rules screen: what applies now, then everything; with `autopass`, at the end, what
    auto-pass does and reveals (for a game in play, where it is at work); with `ids`, each rule's clause ID."""
    parts = [f"# {ref.title}"]
    if ref.intro:
        parts.append(ref.intro)
    parts.append(TIER_WORDS)
    current = ref.sections_for(stage) if stage else []
    if current:
        parts.append("## Now")
        parts.extend(section_markdown(s, "###", ids) for s in current)
    parts.append("---")
    parts.extend(section_markdown(s, "##", ids) for s in ref.section)
    if autopass:
        parts.extend(["---", AUTOPASS_SECTION])
    parts.extend(["---", IDS_SHOWN if ids else IDS_HIDDEN])
    return "\n\n".join(parts)


IDS_HIDDEN = "*Each rule has a clause ID (such as M-7) for bug reports: press `c` to show them.*"
IDS_SHOWN = (
    "*Clause IDs are shown: M- Mythicarium, W- Mage Wars, C- MythCraft printed rules, F- official rulings, "
    "H- house rules, O- open questions a house rule settles. Press `c` to hide them.*"
)


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
        Binding("c", "clause_ids", "Clause IDs"),
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
        self.ids = False
        """Clause IDs shown (`c`): for bug reports and tests, not for reading the rules."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scroll"):
            # One Rich renderable, not Textual's Markdown widget (a widget per block took seconds).
            yield Static(self.rendered(), id="rules-text")
        yield Footer()

    def rendered(self) -> RichMarkdown:
        try:
            ref = read_reference(self.source)
            self.body = reference_markdown(ref, self.stage, self.autopass, self.ids)
            if self.legend:
                from mythtable.tui.screens.legend import legend_markdown

                self.body += "\n\n---\n\n" + legend_markdown(self.legend)
        except ContentError as exc:
            self.body = f"# {self.title_text}\n\nThe rules reference could not be read: {exc}"
        return RichMarkdown(self.body, hyperlinks=False)

    def action_clause_ids(self) -> None:
        self.ids = not self.ids
        self.query_one("#rules-text", Static).update(self.rendered())

    def on_mount(self) -> None:
        self.query_one("#scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#scroll", VerticalScroll)
        scroll.scroll_page_down() if direction > 0 else scroll.scroll_page_up()
