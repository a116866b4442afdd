"""The rules reference: the current stage first, then the whole ruleset, seed and house rules apart."""

from __future__ import annotations

from pathlib import Path

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from mythtable.engine.errors import ContentError, MythtableError
from mythtable.engine.reference import Clause, RulesReference, Section

TIER_LABEL = {"seed": "Seed rule", "fact": "Published fact", "house": "House rule"}


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


def reference_markdown(ref: RulesReference, stage: str | None) -> str:
    """Markdown for the rules screen: what applies now, then everything."""
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
    return "\n\n".join(parts)


def read_reference(path: Path) -> RulesReference:
    """The reference in `path`: a ruleset's rules.toml comes from its loaded content (validated
    already, and with no pydantic to import mid-game); any other file, or a ruleset that does
    not load, is read and validated here, so its own error is the one shown."""
    from mythtable.rulesets import KNOWN, load

    if path.name == "rules.toml" and path.parent.name in KNOWN:
        try:
            rules = getattr(load(path.parent.name, path.parent.parent).content, "rules", None)
        except MythtableError:
            rules = None
        if isinstance(rules, RulesReference):
            return rules
    from mythtable.engine.content import REFERENCE_TWINS, load_reference
    from mythtable.engine.plain import plain

    reference: RulesReference = plain(load_reference(path), REFERENCE_TWINS)
    return reference


class RulesScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Back"),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
    ]

    DEFAULT_CSS = """
    RulesScreen { background: $background; }
    RulesScreen VerticalScroll { height: 1fr; padding: 0 1; }
    """

    def __init__(self, title: str, reference_path: object, stage: str | None) -> None:
        super().__init__()
        self.body = ""
        self.title_text = title
        self.reference_path = reference_path
        self.stage = stage

    def compose(self) -> ComposeResult:
        try:
            ref = read_reference(Path(self.reference_path))  # type: ignore[arg-type]
            self.body = reference_markdown(ref, self.stage)
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
