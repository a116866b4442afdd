"""An option that fits the list's width until the list grows a scrollbar still shows every word: it
wraps onto a second line instead of losing its end (seen at 80x24 on a MythCraft turn, where "Use the
healing draught on Hrodna · heals 4-10" showed as "... · heals")."""

from __future__ import annotations

from textual.app import App, ComposeResult

from mythtable.tui.widgets.prompt import Prompt
from tests.tui.keys import settle

WIDTH = 48
LONG = "Use the healing draught on Hrodna · heals 4-10"
"""With its number, exactly the list's width: one row without a scrollbar, two rows beside one."""


class PromptApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Prompt()


async def test_an_option_measured_before_the_scrollbar_came_wraps_instead_of_losing_its_end() -> None:
    assert len(LONG) + 2 == WIDTH
    app = PromptApp()
    async with app.run_test(size=(WIDTH, 12)) as pilot:
        prompt = app.query_one(Prompt)
        prompt.ask("Few options", [(("a",), "Dodge")])  # no scrollbar: the content is the whole width
        await settle(pilot)
        prompt.ask(
            "Many options", [(("use", 0), "Dodge"), (("use", 1), LONG)] + [(("x", i), f"Option {i}") for i in range(30)]
        )
        await settle(pilot)
        await settle(pilot)
        options = prompt.options
        assert options.show_vertical_scrollbar
        shown = "\n".join(line.text for line in (options.render_line(y) for y in range(options.size.height)))
        assert "heals" in shown and "4-10" in shown, shown
