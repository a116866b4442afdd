"""Errors a user can cause. Each carries a message fit to print as it is, no traceback."""


class MythtableError(Exception):
    """Base for every error that the CLI and UI turn into a clear message."""


class IllegalAction(MythtableError):
    """An action that is not one of the open decision's legal options. The state is unchanged."""


class ContentError(MythtableError):
    """A content file that is missing, malformed, or breaks a content rule."""


class SetupError(MythtableError):
    """A new-game setup that names an unknown deck, party, encounter, and so on."""


class RecordError(MythtableError):
    """A game record or save that cannot be read, is of the wrong version, or does not replay."""
