"""The servers' third-party libraries, imported here once with their own deprecation warnings filtered (quiet.py).

Server modules import asyncssh from here, never directly, so that no import order can let the warnings through.
"""

from mythtable.serve.quiet import quiet_library_deprecations

quiet_library_deprecations()

import asyncssh  # noqa: E402
from asyncssh.channel import SSHChannel  # noqa: E402

__all__ = ["SSHChannel", "asyncssh"]
