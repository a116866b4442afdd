"""Small network helpers shared by the SSH and the web server."""

from __future__ import annotations

import errno
import socket


def listen_error(exc: OSError) -> str:
    """A short, plain reason why listening failed."""
    if exc.errno == errno.EADDRINUSE:
        return "the port is already in use"
    if exc.errno == errno.EACCES:
        return "permission denied (ports below 1024 need privileges)"
    if exc.errno == errno.EADDRNOTAVAIL:
        return "this machine has no such address"
    if isinstance(exc, socket.gaierror):
        return "unknown host name"
    return exc.strerror or str(exc)
