"""The yardstick for start-up: a bare Textual app with a Header and a Footer."""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header


class BareApp(App[None]):
    TITLE = "Bare yardstick app"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Footer()


if __name__ == "__main__":
    BareApp().run()
