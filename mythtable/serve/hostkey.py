"""The SSH server's host key: read it, or create it (ed25519, mode 0600) on first start."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mythtable.engine.errors import MythtableError
from mythtable.engine.record import write_atomic
from mythtable.safe_io import create_new

if TYPE_CHECKING:
    from mythtable.serve.libraries import asyncssh

KEY_NAME = "ssh_host_ed25519_key"


def default_host_key_path() -> Path:
    import platformdirs

    return platformdirs.user_config_path("mythtable", appauthor=False) / KEY_NAME


def load_or_create_host_key(path: Path | None) -> tuple[asyncssh.SSHKey, Path, bool]:
    """Return (key, path, created). A missing file is created; an unreadable one is an error."""
    from mythtable.serve.libraries import asyncssh

    path = (path or default_host_key_path()).expanduser()
    if path.exists():
        try:
            key = asyncssh.read_private_key(path)
        except (asyncssh.KeyImportError, OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise MythtableError(f"cannot use {path} as the host key: {reason}") from None
        return key, path, False
    key = asyncssh.generate_private_key("ssh-ed25519", comment="mythtable host key")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        create_new(path, key.export_private_key().decode("ascii"), 0o600)  # O_EXCL, O_NOFOLLOW
        write_atomic(path.with_name(path.name + ".pub"), key.export_public_key().decode("ascii"))
    except OSError as exc:
        raise MythtableError(f"cannot create the host key {path}: {exc.strerror or exc}") from None
    return key, path, True
