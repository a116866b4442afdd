"""Errors a user can cause. Each carries a message fit to print as it is, no traceback."""


class MythtableError(Exception):
    """Base for every error that the CLI and UI turn into a clear message."""


class IllegalAction(MythtableError):
    """An action that is not one of the open decision's legal options. The state is unchanged."""


class ContentError(MythtableError):
    """A content file that is missing, malformed, or breaks a content rule."""


class SetupError(MythtableError):
    """A new-game setup that names an unknown deck, party, encounter, and so on."""


MAX_RECORD_ERROR = 300
"""A record error is one line of at most this many characters: its message may quote the record,
which may hold anything (a name with escape sequences, an action of 300,000 values)."""


class RecordError(MythtableError):
    """A game record or save that cannot be read, is of the wrong version, or does not replay."""

    def __init__(self, message: str) -> None:
        from mythtable.engine.text import one_line

        super().__init__(one_line(str(message), MAX_RECORD_ERROR))
